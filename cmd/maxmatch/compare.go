package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// defaultResamples is the number of resamples of "maxmatch compare".
const defaultResamples = 10000

// newCompare returns "maxmatch compare".
func (a *app) newCompare() *cobra.Command {
	var (
		opt       scorer.Options
		reading   goldReading
		jsonl     bool
		resamples int
		seed      uint64
	)
	cmd := a.newCommand([]usageLine{{"compare [flags] SYSTEM_A SYSTEM_B GOLD", "test whether two systems' F differ (paired bootstrap)"}}, compareLong,
		func(cmd *cobra.Command, args []string) error {
			files := []string{"SYSTEM_A", "SYSTEM_B", "GOLD"}
			if err := exactArgs(args, files...); err != nil {
				return err
			}
			if err := checkStdin(files, args); err != nil {
				return err
			}
			if err := reading.check(); err != nil {
				return err
			}
			if err := checkBootstrap("--resamples", resamples, 2, opt); err != nil {
				return err
			}
			checkWorkers(&opt)
			a.code = a.compare(opt, reading, jsonl, resamples, seed, args)
			return nil
		})
	fs := flagsOf(cmd)
	scoringFlags(fs, &opt)
	readingFlags(fs, &reading)
	fs.intVar(&resamples, "resamples", "", defaultResamples, positive, fmt.Sprintf("number of paired bootstrap resamples of the sentences; at most as many as the memory budget holds (%d bytes a resample)", stats.ResampleBytes(2)))
	fs.uint64Var(&seed, "seed", 1, "seed of the random draws")
	fs.boolVar(&jsonl, "jsonl", "", "print the result as one JSON object")
	return cmd
}

// compare scores both systems and prints their comparison.
func (a *app) compare(opt scorer.Options, reading goldReading, jsonl bool, resamples int, seed uint64, files []string) int {
	const cmd = "maxmatch compare"
	stdout, stderr := a.stdout, a.stderr
	defer limitGoMemory(opt)()
	prog := newProgress(cmd, stderr)
	gold := &goldFile{in: newInput(files[2], "gold", prog)}
	defer gold.in.close()
	reader, spans := reading.reader(gold.in.name, opt.Effective(), prog)
	gold.reader = reader
	inputs := []*input{newInput(files[0], "system", prog), newInput(files[1], "system", prog)}
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
	var err error
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
		printScoreError(stderr, cmd, err, gold.in.name, "")
		return exitError
	}
	spans.finish()
	sa, sb := runs[0], runs[1]
	res := stats.PairedBootstrap(sa.counts.Len(), stats.CountsScore(sa.counts, opt.Beta), stats.CountsScore(sb.counts, opt.Beta),
		stats.Options{Resamples: resamples, Seed: seed, Progress: func(k int) { prog.update("paired bootstrap resample", k, resamples) }})
	prog.clear()

	out := newStdout(stdout, stderr, prog)
	systems := [2]report.ComparedSystem{{File: sa.corpus.sys.name, Totals: sa.totals}, {File: sb.corpus.sys.name, Totals: sb.totals}}
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

const compareLong = `Scores two systems' outputs against the same M2 gold file and tests whether their F_β differ:
a paired bootstrap over the sentences (both systems scored on the same resampled sentences,
the annotator choice re-run on each). Prints both scores, the difference F_β(A) − F_β(B) with
its 95% interval, how often each system wins, and the two-sided p-value
(1 + #{resamples whose difference is at least as far from the observed one as the observed one
is from 0}) / (1 + resamples). One of the files may be "-", standard input. Flags may also
follow the files; "--" ends them.`
