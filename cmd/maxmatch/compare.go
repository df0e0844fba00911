package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/corpus"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// compareFlags are the flags of "maxmatch compare".
type compareFlags struct {
	opt       scorer.Options
	reading   corpus.Reading
	format    string // --format, "" when not given
	jsonl     bool   // --jsonl, the old name of --format json
	resamples int
	seed      uint64
	names     []string // --names; nil: A and B
}

// compareFormats are the formats of compare's report, which is fields, not a table: a table
// of both systems with the same test is score's, with both systems.
var compareFormats = []report.Format{report.FormatText, report.FormatMarkdown, report.FormatJSON}

// newCompare returns "maxmatch compare".
func (a *app) newCompare() *cobra.Command {
	var f compareFlags
	cmd := a.newCommand([]cli.Usage{{Args: "compare [flags] SYSTEM_A SYSTEM_B GOLD", What: "test whether two systems' F differ (paired bootstrap)"}}, compareLong,
		func(cmd *cobra.Command, args []string) error {
			files := []string{"SYSTEM_A", "SYSTEM_B", "GOLD"}
			if err := cli.ExactArgs(args, files...); err != nil {
				return err
			}
			if err := cli.OneStdin(files, args); err != nil {
				return err
			}
			if err := eachSystemOnce(files, args[:2]); err != nil {
				return err
			}
			if err := f.reading.Check(); err != nil {
				return cli.UsageError{Msg: err.Error()}
			}
			if err := checkNames(f.names, 2); err != nil {
				return err
			}
			format := tableFormat(f.format, report.FormatText)
			if f.jsonl && f.format != "" && format != report.FormatJSON {
				return cli.Usagef("--jsonl (the old name of --format json) and --format %s contradict each other: expected one of them", f.format)
			}
			if f.jsonl {
				format = report.FormatJSON
			}
			if err := checkBootstrap("--bootstrap", f.resamples, 2, f.opt); err != nil {
				return err
			}
			if err := checkRun(&f.opt); err != nil {
				return err
			}
			a.code = a.compare(f, format, args)
			return nil
		})
	fs := cli.Flags(cmd)
	scoringFlags(fs, &f.opt)
	readingFlags(fs, &f.reading)
	bootstrapFlags(fs, &f.resamples, &f.seed, defaultResamples, cli.Positive, fmt.Sprintf("number of paired bootstrap resamples of the sentences, as score's; at most as many as the memory budget holds (%d bytes a resample)", stats.ResampleBytes(2)))
	formatFlag(fs, &f.format, compareFormats, "print the result in this format (text when not given; json: one object on a line; for LaTeX or CSV, score --format with both systems prints the same test as a table)")
	fs.Bool(&f.jsonl, "jsonl", "", "print the result as one JSON object")
	fs.Replaced("jsonl", "format json", "as every command names its output's format")
	namesFlag(fs, &f.names)
	return cmd
}

// compare scores both systems and prints their comparison.
func (a *app) compare(f compareFlags, format report.Format, files []string) int {
	const cmd = "maxmatch compare"
	defer limitGoMemory(f.opt)()
	prog := progress.New(cmd, a.stderr)
	names := f.names
	if names == nil {
		names = []string{"A", "B"}
	}
	run := corpus.New(files[2], files[:2], corpus.Options{
		Scoring: f.opt, Reading: f.reading, Counts: true, Names: names,
		KeepLimit: keepLimit, Version: signatureVersion(), Input: readOptions(f.opt), Progress: prog,
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
		return fail(prog, "%v", swappedHint(err, "maxmatch compare SYSTEM_A SYSTEM_B GOLD", files[2], files[:2]))
	}
	run.Finish()
	fields, err := run.Paired(f.resamples, f.seed, f.names != nil)
	if err != nil {
		return fail(prog, "--bootstrap: %v", err)
	}
	prog.Clear()
	out := progress.NewOutput(a.stdout, a.stderr, prog)
	err = report.Document{{Fields: fields}}.Write(out, format)
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
is from 0}) / (1 + resamples): with the same --bootstrap and --seed, the p-value of B in
"maxmatch score --format F A B GOLD", whose table shows the same test. One of the files may be
"-", standard input. Flags may also follow the files; "--" ends them.`
