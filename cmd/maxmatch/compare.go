package main

import (
	"flag"
	"fmt"
	"io"

	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// defaultResamples is the number of resamples of "maxmatch compare".
const defaultResamples = 10000

func runCompare(args []string, stdout, stderr io.Writer) int {
	const cmd = "maxmatch compare"
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	opt := scorer.DefaultOptions()
	var reading goldReading
	var jsonl bool
	var resamples int
	var seed uint64
	fs.IntVar(&resamples, "resamples", defaultResamples, "number of paired bootstrap resamples of the sentences")
	fs.Uint64Var(&seed, "seed", 1, "seed of the random draws")
	fs.BoolVar(&jsonl, "jsonl", false, "print the result as one JSON object")
	registerReadingFlags(fs, &opt, &reading)
	fs.Usage = func() {} // a mistake gets its error and the hint below, not the flag list
	files := []string{"SYSTEM_A", "SYSTEM_B", "GOLD"}
	if code, done := parseArgs(fs, args, compareUsage, files, stdout, stderr); done {
		return code
	}
	if !checkOptions(cmd, opt, stderr) || !checkStdin(cmd, files, fs.Args(), stderr) {
		return exitError
	}
	if resamples < 1 {
		fmt.Fprintf(stderr, "%s: -resamples must be at least 1, got %d\n", cmd, resamples)
		return exitError
	}
	defer limitGoMemory(opt)()
	prog := newProgress(stderr)
	gold := newInput(fs.Arg(2), "gold", prog)
	defer gold.close()
	reader, spans, err := reading.reader(gold.name, opt.Effective(), prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	var corpora [2]*corpus
	for i := range corpora {
		sys := newInput(fs.Arg(i), "system", prog)
		defer sys.close()
		corpora[i] = newCorpus(reader, gold, sys, prog)
		// The gold file is read once per system, unless both are small enough to be kept.
		if err := corpora[i].prepare(false, true); err != nil {
			prog.clear()
			fmt.Fprintf(stderr, "maxmatch: %v\n", err)
			return exitError
		}
	}
	var counts [2]scorer.SentenceCounts
	var systems [2]report.ComparedSystem
	for i, name := range []string{"A", "B"} {
		c := corpora[i]
		totals, err := c.score(opt, func(r *scorer.SentenceResult) error {
			prog.update("scoring system "+name+", sentence", r.Index+1, max(c.n, 0))
			warnBounded(prog, "system "+name+", ", r, gold.name, opt)
			counts[i].Add(r)
			return nil
		})
		if err != nil {
			prog.clear()
			printScoreError(stderr, err, gold.name)
			return exitError
		}
		systems[i] = report.ComparedSystem{File: c.sys.name, Totals: totals}
	}
	spans.finish()
	res := stats.PairedBootstrap(counts[0].Len(),
		stats.CountsScore(&counts[0], opt.Beta), stats.CountsScore(&counts[1], opt.Beta),
		stats.Options{Resamples: resamples, Seed: seed, Progress: func(k int) { prog.update("paired bootstrap resample", k, resamples) }})
	prog.clear()

	out := newStdout(stdout, stderr, prog)
	fields := report.CompareFields(gold.name, opt.Beta, systems, res)
	if jsonl {
		err = fields.WriteJSON(out)
	} else {
		err = fields.WriteText(out)
	}
	if err == nil {
		err = out.close()
	}
	if err != nil {
		return writeFailure(cmd, err, stderr)
	}
	return exitOK
}

const compareUsage = `usage: maxmatch compare [flags] SYSTEM_A SYSTEM_B GOLD

Scores two systems' outputs against the same M2 gold file and tests whether their F_β differ:
a paired bootstrap over the sentences (both systems scored on the same resampled sentences,
the annotator choice re-run on each). Prints both scores, the difference F_β(A) − F_β(B) with
its 95% interval, how often each system wins, and the two-sided p-value
(1 + #{resamples whose difference is at least as far from the observed one as the observed one
is from 0}) / (1 + resamples). One of the files may be "-", standard input. Flags may also
follow the files; "--" ends them. Flags:

`
