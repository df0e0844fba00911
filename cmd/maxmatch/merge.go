package main

import (
	"strings"

	"github.com/spf13/cobra"

	"maxmatch/corpus"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/internal/wording"
	"maxmatch/report"
	"maxmatch/scorer"
)

const mergeLong = `Merges the sentence results of a system output scored in parts (on several machines, or in
several processes) into its official corpus score, and prints what "maxmatch score" prints for the
whole output: the official scorer's three lines, or with --format the table and its signature.
The official chooses each sentence's annotator by the totals of the sentences before it, so a
corpus's counts are not the sum of its sentences' own: merge replays that choice over each
sentence's annotators' counts, which the results carry.

RESULTS are JSON lines (gzip too; "-" is standard input), one of two kinds:
- "maxmatch nbest --jsonl" of each part, one hypothesis per sentence (or the answers of
  "maxmatch serve" to {"id": i, "hyp": …}): every gold sentence once, by its 0-based id, in gold
  order over the files in the order given;
- "maxmatch score --jsonl" of each part against its part of the gold file: each file one part,
  whole (its lines from 1, then its total line), the parts in gold order.
GOLD is the whole gold file. Every result is checked against its gold sentence (its annotators
and the number of gold edits of each), and there must be one result per gold sentence: results
missing, repeated, out of order, or whose annotators or numbers of gold edits are not the gold
file's (another gold file, other --types or --fix) are an error naming the file and line. A
part of "score --jsonl" ends with its signature, and one scored with other -u, --compat, --fix,
--ignore-whitespace-casing or --types than merge's, or by another version, is an error too. The
rows of "nbest --jsonl" and the service's answers do not say how they were scored, and no part
says whether its gold corrections are the gold file's: results of a gold file that differs only
in its edits' spans or corrections, or rows scored with another -u, --compat or
--ignore-whitespace-casing, are merged as they are, into figures of no one run (the Python
package's corpus_score compares the Scorers' signatures). Give merge the gold file and the
scoring flags the parts were scored with: they are in the signature, and --beta, --types and
--fix change the figures.`

// mergeFlags are the flags of "maxmatch merge".
type mergeFlags struct {
	opt     scorer.Options
	reading corpus.Reading
	types   []string
	counts  bool
	jsonl   bool
	format  string
	names   []string // --names: the one system's name in the table of --format
}

// systemName is the merged system's name in the table of --format: --names's, or "merged".
func (f *mergeFlags) systemName() string {
	if len(f.names) == 1 {
		return f.names[0]
	}
	return "merged"
}

// newMerge returns "maxmatch merge".
func (a *app) newMerge() *cobra.Command {
	var f mergeFlags
	cmd := a.newCommand([]cli.Usage{{Args: "merge [flags] RESULTS... GOLD", What: "merge the sentence results of parts into the official corpus score"}}, mergeLong,
		func(cmd *cobra.Command, args []string) error {
			if len(args) < 2 {
				return cli.Usagef("expected at least two files, RESULTS... and GOLD (the last), besides the flags; got %s", wording.Plural(len(args), "argument"))
			}
			if err := cli.OneStdin(mergeRoles(len(args)-1), args); err != nil {
				return err
			}
			if err := f.reading.Check(); err != nil {
				return cli.UsageError{Msg: err.Error()}
			}
			if f.jsonl && f.format != "" {
				return cli.Usagef("--jsonl and --format are exclusive: choose one output")
			}
			if len(f.names) > 1 {
				return cli.Usagef("--names has %d names for the one system merge prints: expected one", len(f.names))
			}
			a.code = a.merge(f, args[:len(args)-1], args[len(args)-1])
			return nil
		})
	fs := cli.Flags(cmd)
	figureFlags(fs, &f.opt)
	readingFlags(fs, &f.reading)
	fs.List("types", "error type", nil, func(types []string) error {
		f.types = types
		return nil
	}, "the gold edits of these error types only, as the parts were scored with score --types")
	fs.Bool(&f.counts, "counts", "", "also print the totals TP, FP and FN")
	fs.Bool(&f.jsonl, "jsonl", "", "print the totals as score --jsonl's last line")
	formatFlag(fs, &f.format, nil, "print the table of score --format, with the signature, in this format")
	namesFlag(fs, &f.names)
	return cmd
}

// mergeRoles names the files of merge: n results files, then the gold file.
func mergeRoles(n int) []string {
	roles := make([]string, n+1)
	for i := range n {
		roles[i] = "RESULTS"
	}
	roles[n] = "GOLD"
	return roles
}

// merge reads the gold file and the results, merges them and prints the report.
func (a *app) merge(f mergeFlags, results []string, goldArg string) int {
	const cmd = "maxmatch merge"
	prog := progress.New(cmd, a.stderr)
	in := readOptions(f.opt)
	gold, id, err := f.reading.ReadGold(goldArg, f.opt.Effective(), in, prog)
	if err == nil {
		err = corpus.RestrictTypes(gold, f.types, goldArg)
	}
	if err != nil {
		return fail(prog, "%v", swappedHint(err, cmd+" RESULTS... GOLD", goldArg, results))
	}
	signature := corpus.Signature(f.opt, f.types, id, 0, 0, signatureVersion())
	merged, err := corpus.ReadResults(results, gold, f.opt, signature, in)
	if err != nil {
		return fail(prog, "%v", err)
	}
	for _, name := range merged.Unsigned {
		prog.Warn("%s: its total line carries no signature (an earlier version's score --jsonl): the flags it was scored with are not checked", name)
	}
	totals, err := scorer.Merge(merged.Counts, f.opt.Beta)
	if err != nil {
		return fail(prog, "%v", err) // checked as read: not reached
	}
	if merged.Bounded > 0 {
		prog.Warn("the results say that %s of the corpus were scored by the bounded search, not the official's exact one (see docs/exactness.md#bounded-cost)", wording.Plural(merged.Bounded, "sentence"))
	}
	prog.Clear()
	out := progress.NewOutput(a.stdout, a.stderr, prog)
	if f.format != "" {
		format := tableFormat(f.format, report.FormatText) // checked by the flag
		rep := &report.Systems{Gold: goldArg, Sentences: len(gold), Beta: f.opt.Beta, Types: f.types,
			Systems:   []report.SystemScore{{Name: f.systemName(), File: strings.Join(results, " "), Totals: totals}},
			Signature: signature}
		err = rep.Document(false, false).Write(out, format)
		if err == nil {
			err = out.Close()
		}
	} else {
		err = writeDocument(out, report.Document{{Key: "total", Fields: report.TotalFields(totals, f.counts)}}, f.jsonl)
	}
	if err != nil {
		return writeFailure(cmd, err, a.stderr)
	}
	return exitOK
}
