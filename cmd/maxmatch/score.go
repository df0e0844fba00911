package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"maxmatch/internal/m2verbose"
	"maxmatch/lattice"
	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// scoreFlags are the flags of "maxmatch score": the official scorer's, plus ours.
type scoreFlags struct {
	opt         scorer.Options
	reading     goldReading
	verbose     bool // the official's -v output
	veryVerbose bool // accepted; prints the -v output (see the README)
	explain     bool // our readable per-sentence report
	jsonl       bool
	counts      bool
	perSentence bool
	perType     bool
	bootstrap   int
	seed        uint64
}

func newScoreFlagSet(f *scoreFlags, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("maxmatch score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.opt = scorer.DefaultOptions()
	fs.BoolVar(&f.verbose, "v", false, "print what the official scorer prints with -v, byte for byte: every sentence's annotators, edits, gold edits, correct edits, running counts and chosen annotator, then the totals")
	fs.BoolVar(&f.verbose, "verbose", false, "same as -v")
	fs.BoolVar(&f.veryVerbose, "very_verbose", false, "accepted for the official's flag: prints the -v output (the official's matrices and graphs are not reproduced; a note on stderr says so)")
	fs.BoolVar(&f.explain, "explain", false, "print each sentence readably: source, hypothesis, each annotator's edits, gold edits, matches and counts, the chosen annotator")
	fs.BoolVar(&f.jsonl, "jsonl", false, "print one JSON object per sentence, then the totals (the reports below add fields and lines)")
	fs.BoolVar(&f.counts, "counts", false, "also print the totals TP, FP and FN")
	fs.BoolVar(&f.perSentence, "per-sentence", false, "print a table (TSV) of every sentence: gold line, chosen annotator, TP, FP, FN, P, R, F")
	fs.BoolVar(&f.perType, "per-type", false, "print a table (TSV) of the gold edits by error type: gold, TP, FN, recall (FP only over all types: system edits carry no type)")
	fs.IntVar(&f.bootstrap, "bootstrap", 0, "also print 95% intervals of P, R and F from this many bootstrap resamples of the sentences (0: none)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the bootstrap's random draws")
	registerReadingFlags(fs, &f.opt, &f.reading)
	// A mistake gets its one-line error and a pointer to -h (runScore prints it), not the whole
	// flag list.
	fs.Usage = func() {}
	return fs
}

// maxBeta is the largest β accepted: F_β's formula multiplies counts by β², which must stay
// far from overflowing (β² counts up to 10²⁰⁰ × 10⁹), or the annotator choice and the figures
// would compare and print NaN.
const maxBeta = 1e100

// checkOptions reports a scoring option out of its range; it returns false after printing the
// error.
func checkOptions(cmd string, opt scorer.Options, stderr io.Writer) bool {
	if opt.MaxUnchangedWords < 0 {
		fmt.Fprintf(stderr, "%s: -max_unchanged_words must be a non-negative integer, got %d\n", cmd, opt.MaxUnchangedWords)
		return false
	}
	if !(opt.Beta > 0 && opt.Beta <= maxBeta) {
		fmt.Fprintf(stderr, "%s: -beta must be a number above 0 and at most 1e100 (beyond, F_β's formula overflows), got %v\n", cmd, opt.Beta)
		return false
	}
	return true
}

// checkStdin reports more than one file read from standard input.
func checkStdin(cmd string, names, args []string, stderr io.Writer) bool {
	var which []string
	for i, a := range args {
		if a == "-" {
			which = append(which, names[i])
		}
	}
	if len(which) > 1 {
		fmt.Fprintf(stderr, "%s: \"-\" (standard input) given for %s: only one file can be read from standard input\n", cmd, joinAnd(which))
		return false
	}
	return true
}

func joinAnd(s []string) string {
	if len(s) < 2 {
		return fmt.Sprint(s)
	}
	out := s[0]
	for _, x := range s[1 : len(s)-1] {
		out += ", " + x
	}
	return out + " and " + s[len(s)-1]
}

const scoreUsage = `usage: maxmatch score [flags] SYSTEM GOLD

Scores SYSTEM (one tokenised hypothesis per line) against GOLD (an M2 file). Either file may
be "-", standard input. Files ending in .gz, or starting as gzip files do, are decompressed.
Flags may also follow the files; "--" ends them. Flags:

`

// verboseWriter is what -v prints for each sentence: the official's output.
func verboseWriter(opt scorer.Options) report.SentenceWriter { return officialVerbose{opt} }

func runScore(args []string, stdout, stderr io.Writer) int {
	const cmd = "maxmatch score"
	var f scoreFlags
	fs := newScoreFlagSet(&f, stderr)
	files := []string{"SYSTEM", "GOLD"}
	if code, done := parseArgs(fs, args, scoreUsage, files, stdout, stderr); done {
		return code
	}
	if !checkOptions(cmd, f.opt, stderr) || !checkStdin(cmd, files, fs.Args(), stderr) {
		return exitError
	}
	if f.bootstrap < 0 {
		fmt.Fprintf(stderr, "%s: -bootstrap must be a non-negative number of resamples, got %d\n", cmd, f.bootstrap)
		return exitError
	}
	if f.veryVerbose {
		f.verbose = true
		fmt.Fprintln(stderr, veryVerboseNote)
	}
	if msg := exclusiveSentenceOutputs(f); msg != "" {
		fmt.Fprintf(stderr, "%s: %s\n", cmd, msg)
		return exitError
	}
	defer limitGoMemory(f.opt)()
	beta := f.opt.Beta
	// What is printed for each sentence, if anything.
	var sentences report.SentenceWriter
	switch {
	case f.jsonl:
		sentences = &report.JSONLines{Beta: beta, Table: f.perSentence}
	case f.verbose:
		sentences = verboseWriter(f.opt)
	case f.explain:
		sentences = &report.Readable{Options: f.opt}
	case f.perSentence:
		sentences = &report.SentenceTable{Beta: beta}
	}

	prog := newProgress(stderr)
	gold, sys := newInput(fs.Arg(1), "gold", prog), newInput(fs.Arg(0), "system", prog)
	defer gold.close()
	defer sys.close()
	reader, spans, err := f.reading.reader(gold.name, f.opt.Effective(), prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	c := newCorpus(reader, gold, sys, prog)
	// Sentences are printed as they are scored: every error in the files must be found first.
	if err := c.prepare(sentences != nil, false); err != nil {
		prog.clear()
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}

	out := newStdout(stdout, stderr, prog)
	var types *scorer.TypeBreakdown
	if f.perType {
		types = scorer.NewTypeBreakdown(f.opt)
	}
	var counts scorer.SentenceCounts
	before := scorer.Totals{Beta: beta} // the totals of the sentences before the one chosen
	if sentences != nil {
		if err := sentences.Begin(out); err != nil {
			return writeFailure(cmd, err, stderr)
		}
	}
	totals, err := c.score(f.opt, func(r *scorer.SentenceResult) error {
		prog.update("scoring sentence", r.Index+1, max(c.n, 0))
		warnBounded(prog, "", r, gold.name, f.opt)
		if types != nil {
			types.Add(r)
		}
		if f.bootstrap > 0 {
			counts.Add(r)
		}
		if sentences != nil {
			if err := sentences.Sentence(out, report.Sentence{Result: r, Before: before}); err != nil {
				return errWrite{err}
			}
			if err := out.endRecord(); err != nil {
				return errWrite{err}
			}
		}
		before.Add(r.ChosenResult().Counts(), r.Bounded != lattice.Exact)
		return nil
	})
	if err != nil {
		prog.clear()
		if werr, ok := isWriteError(err); ok {
			return writeFailure(cmd, werr, stderr)
		}
		printScoreError(stderr, err, gold.name)
		return exitError
	}
	spans.finish()
	if sentences != nil {
		if err := sentences.End(out); err != nil {
			return writeFailure(cmd, err, stderr)
		}
	}
	var intervals *stats.Intervals
	if f.bootstrap > 0 {
		iv := stats.Bootstrap(counts.Len(), stats.CountsScore(&counts, beta), stats.Options{
			Resamples: f.bootstrap, Seed: f.seed,
			Progress: func(k int) { prog.update("bootstrap resample", k, f.bootstrap) },
		})
		intervals = &iv
	}
	prog.clear()

	// The report: text sections in reading order, JSON lines with the total last.
	var typeSection, verboseTotals, bootstrapSection report.Section
	if types != nil {
		typeSection = report.Section{Key: "per_type", Table: report.TypeTable(types)}
	}
	total := report.Section{Key: "total", Fields: report.TotalFields(totals, f.counts)}
	switch {
	case f.verbose:
		// The official prints its totals block and then the three lines, with no empty line.
		verboseTotals.Heading = strings.TrimSuffix(string(m2verbose.AppendTotals(nil, totals)), "\n")
		total.Join = types == nil
	case f.explain:
		tc := totals.Counts()
		verboseTotals.Heading = fmt.Sprintf("Totals: correct %d, proposed %d, gold %d", tc.Correct, tc.Proposed, tc.Gold)
	}
	if intervals != nil {
		bootstrapSection = report.BootstrapSection(*intervals, beta)
		bootstrapSection.Join = true
	}
	switch {
	case f.jsonl:
		err = report.Document{typeSection, bootstrapSection, total}.WriteJSONLines(out)
	case f.verbose:
		err = report.Document{verboseTotals, typeSection, total, bootstrapSection}.WriteText(out)
	default:
		err = report.Document{typeSection, verboseTotals, total, bootstrapSection}.WriteText(out)
	}
	if err == nil {
		err = out.close()
	}
	if err != nil {
		return writeFailure(cmd, err, stderr)
	}
	return exitOK
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// limitGoMemory makes the garbage collector keep the process within the memory budget
// (runtime/debug.SetMemoryLimit), unless GOMEMLIMIT asks for less, and returns the function
// that restores the limit before (for the tests, which run commands in one process).
func limitGoMemory(opt scorer.Options) (restore func()) {
	before := debug.SetMemoryLimit(-1)
	if m := opt.Memory(); m < before {
		debug.SetMemoryLimit(m)
	}
	return func() { debug.SetMemoryLimit(before) }
}

// printScoreError prints an error of scorer.Score; a sentence too large for the memory budget
// is named by the gold file and line.
func printScoreError(stderr io.Writer, err error, goldPath string) {
	var tl *scorer.TooLargeError
	if errors.As(err, &tl) {
		tl.File = goldPath
	}
	fmt.Fprintf(stderr, "maxmatch: %v\n", err)
}

// warnBounded warns, naming the sentence and the budget it was over, when a sentence was scored
// by the bounded search; system names the system for commands that score several ("system A, ").
func warnBounded(prog *progress, system string, r *scorer.SentenceResult, goldName string, opt scorer.Options) {
	if r.Bounded == lattice.Exact {
		return
	}
	prog.printf("maxmatch: warning: %ssentence %d (%s line %d): %s; scored with the bounded search, not the official's exact one (see the README, Bounded cost)\n",
		system, r.Index+1, goldName, r.Gold.Line, opt.FallbackReason(r))
}
