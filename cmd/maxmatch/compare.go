package main

import (
	"flag"
	"fmt"
	"io"

	"maxmatch/membudget"
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
	gold := &goldFile{in: newInput(fs.Arg(2), "gold", prog)}
	defer gold.in.close()
	reader, spans, err := reading.reader(gold.in.name, opt.Effective(), prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	gold.reader = reader
	inputs := []*input{newInput(fs.Arg(0), "system", prog), newInput(fs.Arg(1), "system", prog)}
	runs := make([]*systemRun, len(inputs))
	for i, in := range inputs {
		defer in.close()
		name := string(rune('A' + i))
		runs[i] = &systemRun{name: name, warn: "system " + name + ", ", corpus: newCorpus(gold, in, prog), counts: new(scorer.SentenceCounts)}
	}
	// The gold file is read once and kept for both systems when the files are small, or
	// surveyed for the signature and read again for each system otherwise.
	keep := keepFiles(gold.in, inputs)
	gold.in.twice = true
	if keep {
		err = gold.load()
	} else {
		err = gold.survey()
	}
	for _, s := range runs {
		if err == nil {
			err = s.corpus.prepare(false)
		}
	}
	if err == nil {
		err = scoreSystems(runs, opt, keep, prog, nil, nil)
	}
	if err != nil {
		prog.clear()
		printScoreError(stderr, err, gold.in.name, "")
		return exitError
	}
	spans.finish()
	a, b := runs[0], runs[1]
	res, err := stats.PairedBootstrap(a.counts.Len(), stats.CorpusScore(a.counts, opt.Beta), stats.CorpusScore(b.counts, opt.Beta),
		stats.Options{Resamples: resamples, Seed: seed, Workers: opt.Workers, Memory: membudget.New(opt.Memory()).Account(),
			Progress: func(k int) { prog.update("paired bootstrap resample", k, resamples) }})
	prog.clear()
	if err != nil {
		fmt.Fprintf(stderr, "%s: --resamples: %v\n", cmd, err)
		return exitError
	}

	out := newStdout(stdout, stderr, prog)
	systems := [2]report.ComparedSystem{{File: a.corpus.sys.name, Totals: a.totals}, {File: b.corpus.sys.name, Totals: b.totals}}
	fields := report.CompareFields(gold.in.name, opt.Beta, systems, res, signature(opt, nil, gold, resamples, seed))
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
