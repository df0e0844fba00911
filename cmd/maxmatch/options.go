package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"unicode"

	"maxmatch/corpus"
	"maxmatch/input"
	"maxmatch/internal/cli"
	"maxmatch/internal/wording"
	"maxmatch/membudget"
	"maxmatch/report"
	"maxmatch/scorer"
)

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// keepLimit is the size up to which the files of score and compare are kept in memory (0: the
// default; negative: never, as the tests run every golden case).
var keepLimit int64

// The flags that say how to score (the official scorer's and ours) and how to read a gold
// file, which every command that scores sentences takes.

// maxBeta is the largest β accepted: F_β's formula multiplies counts by β², which must stay
// far from overflowing (β² counts up to 10²⁰⁰ × 10⁹), or the annotator choice and the figures
// would compare and print NaN.
const maxBeta = 1e100

// uRange is the range of -max_unchanged_words: any number at least as long as the longest
// sentence means the same, no limit.
var uRange = cli.IntRange{Min: 0, Max: math.MaxInt64, ClampNote: "any number at least the length of the longest sentence means no limit"}

// scoringFlags defines the scoring flags on f, with opt's defaults: the official scorer's
// (--max_unchanged_words, --beta, --ignore_whitespace_casing) and ours.
func scoringFlags(f cli.FlagSet, opt *scorer.Options) {
	figureFlags(f, opt)
	budgetFlags(f, opt)
}

// figureFlags defines the scoring flags that say what is counted and how (the official
// scorer's, --compat and --fix), with opt's defaults: the flags of a command that counts
// nothing itself (merge) but must know how the counts were made.
func figureFlags(f cli.FlagSet, opt *scorer.Options) {
	*opt = scorer.DefaultOptions()
	f.Int(&opt.MaxUnchangedWords, "max_unchanged_words", "u", opt.MaxUnchangedWords, uRange, "most unchanged tokens inside one edit (u)")
	f.Float(&opt.Beta, "beta", opt.Beta, cli.FloatRange{Min: 0, Max: maxBeta},
		"β of F_β; the official scorer's label F_β prints β with one decimal, every digit of a large β included, and so does maxmatch")
	f.Bool(&opt.IgnoreWhitespaceCasing, "ignore_whitespace_casing", "", "ignore system edits that only change white space or case")
	compat := opt.Compat.String()
	f.Add(&compatValue{cli.ChoiceValue{P: &compat, Choices: []string{"3.2", "master", "fixed"}}, opt}, "compat", "",
		"behaviour to reproduce: 3.2 (release 3.2), master (GitHub master), fixed (no quirks)")
	f.List("fix", "fix", append(scorer.FixNames(), "all"), func(names []string) error {
		for _, n := range names {
			fix, err := scorer.ParseFixes(n)
			if err != nil {
				return err
			}
			opt.Fixes |= fix
		}
		return nil
	}, "quirks of 3.2 to correct on top of --compat, each described in docs/exactness.md#compatibility-modes-and-fixes")
}

// budgetFlags defines the flags that bound the scoring's memory and work and set its workers.
func budgetFlags(f cli.FlagSet, opt *scorer.Options) {
	memoryFlag(f, &opt.MaxMemory, "a sentence whose exact search does not fit is scored by the bounded search, with a warning, and one that does not fit at all stops the run")
	f.Int(&opt.MaxEdges, "max-edges", "", opt.MaxEdges, cli.CapRange,
		"optional cap on one sentence's lattice closure (edges); larger ones use the bounded search (0 or -1: no cap but the memory budget)")
	f.Int(&opt.MaxWork, "max-work", "", opt.MaxWork, cli.CapRange,
		"optional cap on the official scorer's predicted work on one sentence (vertices × closure pairs, about 1 µs each); sentences over it use the bounded search (0 or -1: no cap)")
	f.Int(&opt.Workers, "jobs", "j", opt.Workers, cli.IntRange{Min: 0, Max: math.MaxInt64, ClampNote: "more than the CPUs counts as the CPUs"},
		"sentences scored in parallel by this many workers (0: one per CPU); the output does not depend on it")
}

// memoryFlag defines --max-memory, the memory budget, on f; what says what the budget decides.
func memoryFlag(f cli.FlagSet, maxMemory *int64, what string) {
	def, source := scorer.DefaultMaxMemory()
	f.Size(maxMemory, "max-memory", fmt.Sprintf("%s: %s", membudget.Bytes(def), source), "",
		"memory budget of the whole run, all workers together; "+what+"; a line of the files may take a sixteenth of it")
	f.Lookup("max-memory").Annotations = map[string][]string{cli.ReferenceDefault: {"half of the machine's memory, or of its cgroup's limit, whichever is smaller"}}
}

// readOptions are how the commands that take --max-memory read their files under the memory
// budget of opt (see budgetedReading).
func readOptions(opt scorer.Options) input.Options {
	if opt.MaxMemory > opt.Memory() {
		// The machine's memory or a limit caps the budget below the flag: a larger flag
		// changes nothing (prlimit --as 2 GB under --max-memory 256M left 127 MB).
		return budgetedReading(opt, fmt.Sprintf("; --max-memory %s is capped by it: more memory would read it", membudget.Bytes(opt.MaxMemory)))
	}
	return budgetedReading(opt, "; a larger --max-memory would read it")
}

// budgetedReading are how a command reads its files under the memory budget of opt: "-" is
// stdin, and a line longer than membudget.LineBytes of the budget stops the reading with one
// message, which ends with remedy.
func budgetedReading(opt scorer.Options, remedy string) input.Options {
	budget := opt.Memory()
	limit := membudget.LineBytes(budget)
	return input.Options{Stdin: stdin, MaxLine: limit, MemoryBudget: budget,
		MaxLineText: fmt.Sprintf("%s, the most one line may take of the memory budget (a sixteenth of %s)%s", membudget.Bytes(limit), budgetText(opt), remedy)}
}

// budgetText says the memory budget in effect and where it comes from: "--max-memory 64.0 MB",
// or the default's size and source.
func budgetText(opt scorer.Options) string {
	budget := opt.Memory()
	if budget == opt.MaxMemory {
		return "--max-memory " + membudget.Bytes(budget)
	}
	_, source := scorer.DefaultMaxMemory()
	if m, s, ok := membudget.Machine(); ok && m == budget {
		source = s
	}
	return membudget.Bytes(budget) + ": " + source
}

// compatValue is --compat, which sets the options' compatibility mode.
type compatValue struct {
	cli.ChoiceValue
	opt *scorer.Options
}

func (v *compatValue) Set(s string) error {
	if err := v.ChoiceValue.Set(s); err != nil {
		return err
	}
	c, err := scorer.ParseCompat(s)
	v.opt.Compat = c
	return err
}

// readingFlags defines the flags that say how to read a gold file.
func readingFlags(f cli.FlagSet, g *corpus.Reading) {
	f.Bool(&g.Strict, "strict", "", "fail on a gold edit whose span is outside its sentence (the official drops it) or reversed (the official keeps it, never matched), instead of reading it as the official does with a warning")
	f.Bool(&g.AcceptBadSpans, "accept-bad-spans", "", "no effect, kept for scripts: reading such spans as the official does is the default (see --strict)")
}

// checkRun takes -j as the number of workers it means (scorer.Workers: 0 is one per CPU, and
// more than the CPUs counts as the CPUs) and refuses, before any file is read, a memory budget
// that leaves nothing to score with (scorer.Options.CheckMemory).
func checkRun(opt *scorer.Options) error {
	opt.Workers = scorer.Workers(opt.Workers)
	return opt.CheckMemory()
}

// formatFlag defines --format, the format of what a command prints, one of formats (nil:
// every report.Format), "" until given.
func formatFlag(f cli.FlagSet, p *string, formats []report.Format, usage string) {
	names, synonyms := report.FormatNames(), report.FormatSynonyms()
	if formats != nil {
		names = nil
		for _, ft := range formats {
			names = append(names, ft.String())
		}
		for s, to := range synonyms {
			if !slices.Contains(names, to) {
				delete(synonyms, s)
			}
		}
	}
	f.Add(&cli.ChoiceValue{P: p, Choices: names, Synonyms: synonyms}, "format", "", usage)
}

// tableFormat is the format --format names (checked by the flag), or def when it was not given.
func tableFormat(name string, def report.Format) report.Format {
	if name == "" {
		return def
	}
	f, _ := report.ParseFormat(name)
	return f
}

// defaultResamples is the number of bootstrap resamples when --bootstrap is not given: of
// compare's test, and of the intervals and tests of a table of several systems. Drawn from the
// same seed, a table's p-value for two systems is compare's.
const defaultResamples = 1000

// bootstrapFlags defines --bootstrap (the number of resamples, from def, in the range r; its old
// name --resamples) and --seed.
func bootstrapFlags(f cli.FlagSet, n *int, seed *uint64, def int, r cli.IntRange, usage string) {
	f.Int(n, "bootstrap", "", def, r, usage)
	f.Alias("resamples", "bootstrap", "as every command names the number of bootstrap resamples")
	f.Uint64(seed, "seed", 1, "seed of the bootstrap's random draws")
}

// namesFlag defines --names, the systems' names in the reports: one for each system, in order.
func namesFlag(f cli.FlagSet, p *[]string) {
	f.List("names", "name", nil, func(names []string) error {
		for i, n := range names {
			if slices.Contains(names[:i], n) {
				return fmt.Errorf("%q is given twice (each system needs a name of its own)", n)
			}
			if strings.IndexFunc(n, unicode.IsControl) >= 0 {
				return fmt.Errorf("%q holds a control character", n)
			}
		}
		*p = names
		return nil
	}, "the systems' names in the tables, the page and the JSON, one for each system in the order of the files (the files' names when not given); a name changes no figure and is not in the signature")
}

// checkNames refuses --names unless it gives one name for each of the systems.
func checkNames(names []string, systems int) error {
	if names != nil && len(names) != systems {
		return cli.Usagef("--names: %s for %s, expected one name for each system, in the order of the files", wording.Plural(len(names), "name"), wording.Plural(systems, "system"))
	}
	return nil
}
