package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/corpus"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// defaultResamples is the number of resamples of "maxmatch compare".
const defaultResamples = 10000

// newCompare returns "maxmatch compare".
func (a *app) newCompare() *cobra.Command {
	var (
		opt       scorer.Options
		reading   corpus.Reading
		jsonl     bool
		resamples int
		seed      uint64
	)
	cmd := a.newCommand([]cli.Usage{{Args: "compare [flags] SYSTEM_A SYSTEM_B GOLD", What: "test whether two systems' F differ (paired bootstrap)"}}, compareLong,
		func(cmd *cobra.Command, args []string) error {
			files := []string{"SYSTEM_A", "SYSTEM_B", "GOLD"}
			if err := cli.ExactArgs(args, files...); err != nil {
				return err
			}
			if err := cli.OneStdin(files, args); err != nil {
				return err
			}
			if err := reading.Check(); err != nil {
				return cli.UsageError{Msg: err.Error()}
			}
			if err := checkBootstrap("--resamples", resamples, 2, opt); err != nil {
				return err
			}
			if err := checkRun(&opt); err != nil {
				return err
			}
			a.code = a.compare(opt, reading, jsonl, resamples, seed, args)
			return nil
		})
	fs := cli.Flags(cmd)
	scoringFlags(fs, &opt)
	readingFlags(fs, &reading)
	fs.Int(&resamples, "resamples", "", defaultResamples, cli.Positive, fmt.Sprintf("number of paired bootstrap resamples of the sentences; at most as many as the memory budget holds (%d bytes a resample)", stats.ResampleBytes(2)))
	fs.Uint64(&seed, "seed", 1, "seed of the random draws")
	fs.Bool(&jsonl, "jsonl", "", "print the result as one JSON object")
	return cmd
}

// compare scores both systems and prints their comparison.
func (a *app) compare(opt scorer.Options, reading corpus.Reading, jsonl bool, resamples int, seed uint64, files []string) int {
	const cmd = "maxmatch compare"
	defer limitGoMemory(opt)()
	prog := progress.New(cmd, a.stderr)
	run := corpus.New(files[2], files[:2], corpus.Options{
		Scoring: opt, Reading: reading, Counts: true, Names: []string{"A", "B"},
		KeepLimit: keepLimit, Version: signatureVersion(), Input: readOptions(opt), Progress: prog,
	})
	defer run.Close()
	// The gold file is read once and kept for both systems when the files are small, or
	// surveyed for the signature and read again for each system otherwise.
	err := run.Survey(true)
	if err == nil {
		err = run.Check(false)
	}
	if err == nil {
		err = run.Score(nil)
	}
	if err != nil {
		return fail(prog, "%v", err)
	}
	run.Finish()
	fields, err := run.Paired(resamples, seed)
	if err != nil {
		return fail(prog, "--resamples: %v", err)
	}
	prog.Clear()
	out := progress.NewOutput(a.stdout, a.stderr, prog)
	if jsonl {
		err = fields.WriteJSON(out)
	} else {
		err = fields.WriteText(out)
	}
	if err == nil {
		err = out.Close()
	}
	if err != nil {
		return writeFailure(cmd, err, a.stderr)
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
