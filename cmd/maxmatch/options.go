package main

import (
	"fmt"
	"io"
	"math"
	"os"

	"maxmatch/corpus"
	"maxmatch/internal/cli"
	"maxmatch/membudget"
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
	f.Int(&opt.MaxUnchangedWords, "max_unchanged_words", "", opt.MaxUnchangedWords, uRange, "most unchanged tokens inside one edit (u)")
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
	def, source := scorer.DefaultMaxMemory()
	f.Size(&opt.MaxMemory, "max-memory", fmt.Sprintf("%s: %s", membudget.Bytes(def), source), "",
		"memory budget of the whole run, all workers together; a sentence whose exact search does not fit is scored by the bounded search, with a warning, and one that does not fit at all stops the run")
	f.Lookup("max-memory").Annotations = map[string][]string{cli.ReferenceDefault: {"half of the machine's memory, or of its cgroup's limit, whichever is smaller"}}
	f.Int(&opt.MaxEdges, "max-edges", "", opt.MaxEdges, cli.CapRange,
		"optional cap on one sentence's lattice closure (edges); larger ones use the bounded search (0 or -1: no cap but the memory budget)")
	f.Int(&opt.MaxWork, "max-work", "", opt.MaxWork, cli.CapRange,
		"optional cap on the official scorer's predicted work on one sentence (vertices × closure pairs, about 1 µs each); sentences over it use the bounded search (0 or -1: no cap)")
	f.Int(&opt.Workers, "jobs", "j", opt.Workers, cli.IntRange{Min: 0, Max: math.MaxInt64, ClampNote: "more than the CPUs counts as the CPUs"},
		"sentences scored in parallel by this many workers (0: one per CPU); the output does not depend on it")
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
