package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"maxmatch/scorer"
	"maxmatch/stats"
)

// defaultResamples is the number of resamples of "maxmatch compare".
const defaultResamples = 10000

func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opt := scorer.DefaultOptions()
	var acceptBadSpans, jsonl bool
	var resamples int
	var seed uint64
	fs.IntVar(&resamples, "resamples", defaultResamples, "number of paired bootstrap resamples of the sentences")
	fs.Uint64Var(&seed, "seed", 1, "seed of the random draws")
	fs.BoolVar(&jsonl, "jsonl", false, "print the result as one JSON object")
	registerReadingFlags(fs, &opt, &acceptBadSpans)
	fs.Usage = func() {} // a mistake gets its error and the hint below, not the flag list
	if code, done := parseArgs(fs, args, compareUsage, []string{"SYSTEM_A", "SYSTEM_B", "GOLD"}, stdout, stderr); done {
		return code
	}
	if !checkOptions("maxmatch compare", opt, stderr) {
		return exitError
	}
	if resamples < 1 {
		fmt.Fprintf(stderr, "maxmatch compare: -resamples must be at least 1, got %d\n", resamples)
		return exitError
	}
	defer limitGoMemory(opt)()
	prog := newProgress(stderr)
	pathA, pathB, goldPath := fs.Arg(0), fs.Arg(1), fs.Arg(2)
	gold, err := readGold(goldPath, scorer.M2Reader{Fixes: opt.Effective(), AcceptBadSpans: acceptBadSpans})
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	// Both files are read and checked before anything is scored.
	var hyps [2][]string
	for i, path := range []string{pathA, pathB} {
		if hyps[i], err = readHypotheses(path, goldPath, gold, prog); err != nil {
			fmt.Fprintf(stderr, "maxmatch: %v\n", err)
			return exitError
		}
	}
	var results [2][]scorer.SentenceResult
	var totals [2]scorer.Totals
	for i, name := range []string{"A", "B"} {
		totals[i], err = scorer.Score(hyps[i], gold, opt, func(r *scorer.SentenceResult) error {
			prog.update("scoring system "+name+", sentence", r.Index+1, len(gold))
			warnBounded(prog, "system "+name+", ", r, goldPath, gold, opt)
			results[i] = append(results[i], *r)
			return nil
		})
		if err != nil {
			prog.clear()
			printScoreError(stderr, err, goldPath)
			return exitError
		}
	}
	res := stats.PairedBootstrap(len(gold),
		stats.ResultsScore(results[0], opt.Beta), stats.ResultsScore(results[1], opt.Beta),
		stats.Options{Resamples: resamples, Seed: seed, Progress: func(k int) { prog.update("paired bootstrap resample", k, resamples) }})
	prog.clear()

	w := bufio.NewWriter(stdout)
	defer w.Flush()
	if jsonl {
		out := compareJSON{Gold: goldPath, Sentences: res.Sentences, Beta: opt.Beta,
			Diff: toEstimateJSON(res.Diff), PValue: res.P, ABetter: res.ABetter, BBetter: res.BBetter,
			Resamples: res.Resamples, Seed: res.Seed, Level: res.Level}
		for i, path := range []string{pathA, pathB} {
			c := totals[i].Counts()
			p, r, f := totals[i].PRF()
			out.Systems[i] = compareSystemJSON{File: path, totalJSON: totalJSON{Correct: c.Correct, Proposed: c.Proposed, Gold: c.Gold, P: p, R: r, F: f}}
		}
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.Encode(out)
		return exitOK
	}
	out := w
	label := fBetaLabel(opt.Beta)
	fmt.Fprintf(out, "Gold        : %s (%s)\n", goldPath, plural(len(gold), "sentence"))
	for i, path := range []string{pathA, pathB} {
		p, r, f := totals[i].PRF()
		fmt.Fprintf(out, "System %c    : %s\n              Precision %.4f  Recall %.4f  %s %.4f\n", 'A'+i, path, p, r, label, f)
	}
	fmt.Fprintf(out, "Difference  : %s(A) − %s(B) = %.4f, %g%% interval [%.4f, %.4f]\n",
		label, label, res.Diff.Value, 100*res.Level, res.Diff.Lo, res.Diff.Hi)
	fmt.Fprintf(out, "Resamples   : %d, seed %d: A better in %d, B better in %d, tied in %d\n",
		res.Resamples, res.Seed, res.ABetter, res.BBetter, res.Resamples-res.ABetter-res.BBetter)
	fmt.Fprintf(out, "p-value     : %.4f (two-sided paired bootstrap)\n", res.P)
	return exitOK
}

type compareSystemJSON struct {
	File string `json:"file"`
	totalJSON
}

type compareJSON struct {
	Gold      string               `json:"gold"`
	Sentences int                  `json:"sentences"`
	Beta      float64              `json:"beta"`
	Systems   [2]compareSystemJSON `json:"systems"` // A, B
	Diff      estimateJSON         `json:"diff"`    // F(A) − F(B)
	PValue    float64              `json:"p_value"`
	ABetter   int                  `json:"a_better"`
	BBetter   int                  `json:"b_better"`
	Resamples int                  `json:"resamples"`
	Seed      uint64               `json:"seed"`
	Level     float64              `json:"level"`
}

const compareUsage = `usage: maxmatch compare [flags] SYSTEM_A SYSTEM_B GOLD

Scores two systems' outputs against the same M2 gold file and tests whether their F_β differ:
a paired bootstrap over the sentences (both systems scored on the same resampled sentences,
the annotator choice re-run on each). Prints both scores, the difference F_β(A) − F_β(B) with
its 95% interval, how often each system wins, and the two-sided p-value
(1 + #{resamples whose difference is at least as far from the observed one as the observed one
is from 0}) / (1 + resamples). Flags:

`
