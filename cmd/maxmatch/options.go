package main

import (
	"fmt"
	"math"

	"maxmatch/membudget"
	"maxmatch/scorer"
)

// The flags that say how to score (the official scorer's and ours) and how to read a gold
// file, which every command that scores sentences takes.

// maxBeta is the largest β accepted: F_β's formula multiplies counts by β², which must stay
// far from overflowing (β² counts up to 10²⁰⁰ × 10⁹), or the annotator choice and the figures
// would compare and print NaN.
const maxBeta = 1e100

// uRange is the range of -max_unchanged_words: any number at least as long as the longest
// sentence means the same, no limit.
var uRange = intRange{min: 0, max: math.MaxInt64, clampNote: "any number at least the length of the longest sentence means no limit"}

// scoringFlags defines the scoring flags on f, with opt's defaults: the official scorer's
// (--max_unchanged_words, --beta, --ignore_whitespace_casing) and ours.
func scoringFlags(f flagSet, opt *scorer.Options) {
	*opt = scorer.DefaultOptions()
	f.intVar(&opt.MaxUnchangedWords, "max_unchanged_words", "", opt.MaxUnchangedWords, uRange, "most unchanged tokens inside one edit (u)")
	f.floatVar(&opt.Beta, "beta", opt.Beta, floatRange{min: 0, max: maxBeta},
		"β of F_β; the official scorer's label F_β prints β with one decimal, every digit of a large β included, and so does maxmatch")
	f.boolVar(&opt.IgnoreWhitespaceCasing, "ignore_whitespace_casing", "", "ignore system edits that only change white space or case")
	compat := opt.Compat.String()
	f.add(&compatValue{choiceValue{p: &compat, choices: []string{"3.2", "master", "fixed"}}, opt}, "compat", "",
		"behaviour to reproduce: 3.2 (release 3.2), master (GitHub master), fixed (no quirks)")
	f.listVar("fix", "fix", append(scorer.FixNames(), "all"), func(names []string) error {
		for _, n := range names {
			fix, err := scorer.ParseFixes(n)
			if err != nil {
				return err
			}
			opt.Fixes |= fix
		}
		return nil
	}, "quirks of 3.2 to correct on top of --compat; see the README")
	def, source := scorer.DefaultMaxMemory()
	f.sizeVar(&opt.MaxMemory, "max-memory", fmt.Sprintf("%s: %s", membudget.Bytes(def), source),
		"memory budget of the whole run, all workers together; a sentence whose exact search does not fit is scored by the bounded search, with a warning, and one that does not fit at all stops the run")
	f.fs.Lookup("max-memory").Annotations = map[string][]string{referenceDefault: {"half of the machine's memory, or of its cgroup's limit, whichever is smaller"}}
	f.intVar(&opt.MaxEdges, "max-edges", "", opt.MaxEdges, capRange,
		"optional cap on one sentence's lattice closure (edges); larger ones use the bounded search (0 or -1: no cap but the memory budget)")
	f.intVar(&opt.MaxWork, "max-work", "", opt.MaxWork, capRange,
		"optional cap on the official scorer's predicted work on one sentence (vertices × closure pairs, about 1 µs each); sentences over it use the bounded search (0 or -1: no cap)")
	f.intVar(&opt.Workers, "jobs", "j", opt.Workers, intRange{min: 0, max: math.MaxInt64, clampNote: "more than the CPUs counts as the CPUs"},
		"sentences scored in parallel by this many workers (0: one per CPU); the output does not depend on it")
}

// compatValue is --compat, which sets the options' compatibility mode.
type compatValue struct {
	choiceValue
	opt *scorer.Options
}

func (v *compatValue) Set(s string) error {
	if err := v.choiceValue.Set(s); err != nil {
		return err
	}
	c, err := scorer.ParseCompat(s)
	v.opt.Compat = c
	return err
}

// readingFlags defines the flags that say how to read a gold file.
func readingFlags(f flagSet, g *goldReading) {
	f.boolVar(&g.strict, "strict", "", "fail on a gold edit whose span is outside its sentence (the official drops it) or reversed (the official keeps it, never matched), instead of reading it as the official does with a warning")
	f.boolVar(&g.acceptBadSpans, "accept-bad-spans", "", "no effect, kept for scripts: reading such spans as the official does is the default (see --strict)")
}

// checkWorkers takes -j as the number of workers it means (see workers).
func checkWorkers(opt *scorer.Options) { opt.Workers = workers(opt.Workers) }
