package main

import (
	"errors"

	"github.com/spf13/cobra"

	"maxmatch/corpus"
	"maxmatch/input"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/internal/wording"
	"maxmatch/nbest"
	"maxmatch/report"
	"maxmatch/scorer"
)

const nbestLong = `Scores every hypothesis of the n-best list NBEST on its own against its sentence of GOLD (an M2
file). NBEST is Moses' n-best format ("i ||| hypothesis ||| features ||| score", i the 0-based
index of the gold sentence; only the first two fields are read) or JSON lines ({"id": i, "hyps":
["…", …]} or {"id": i, "hyp": "…"}); a sentence's hypotheses are consecutive, sentences may be
missing. "-" reads the list from standard input; files ending in .gz are decompressed.

One row per hypothesis, in list order (TSV, or the format --format names, or JSON lines with
--jsonl): the sentence id, k (the hypothesis's rank within its sentence, from 0), the chosen
annotator's correct, proposed and gold counts with the sentence-level P, R and F_β, and every
annotator's counts. The annotator chosen is the one the official would choose for a corpus of
this sentence alone (best F_β of its own counts; ties: more correct, then fewer proposed +
β²·gold, then the first visited); P = 1 when nothing is proposed, R = 1 when nothing is to be
found, F = 0 when both are 0. Each annotator's counts are those "maxmatch score" gives the
sentence in a system file made of these hypotheses. --stats prints the sufficient statistics a
MERT or PRO tuner reads instead.`

// nbestFlags are the flags of "maxmatch nbest" and "maxmatch oracle".
type nbestFlags struct {
	opt     scorer.Options
	reading corpus.Reading
	list    string // --nbest-format
	format  string // --format, "" when not given
	jsonl   bool
}

// listFormats are the formats of an n-best list, the values of --nbest-format.
var listFormats = []string{"auto", "moses", "jsonl"}

// nbestFlagSet defines the flags nbest and oracle share, --format with formats (usage says
// what it prints).
func nbestFlagSet(fs cli.FlagSet, f *nbestFlags, formats []report.Format, usage string) {
	scoringFlags(fs, &f.opt)
	readingFlags(fs, &f.reading)
	fs.Choice(&f.list, "nbest-format", "auto", listFormats, "format of the n-best list: auto (JSON lines when the first line starts with \"{\", else Moses), moses or jsonl")
	formatFlag(fs, &f.format, formats, usage)
	fs.OldValues("format", "nbest-format", listFormats, "as --format names the format of what a command prints")
}

// check checks the flags and the files (NBEST GOLD) before any work.
func (f *nbestFlags) check(args []string) error {
	files := []string{"NBEST", "GOLD"}
	if err := cli.ExactArgs(args, files...); err != nil {
		return err
	}
	if err := cli.OneStdin(files, args); err != nil {
		return err
	}
	if err := checkRun(&f.opt); err != nil {
		return err
	}
	if err := f.reading.Check(); err != nil {
		return cli.UsageError{Msg: err.Error()}
	}
	if f.jsonl && f.format != "" {
		return cli.Usagef("--jsonl and --format %s are exclusive: choose one output", f.format)
	}
	return nil
}

// listFormat is the n-best format --nbest-format names.
func (f *nbestFlags) listFormat() nbest.Format {
	format, _ := nbest.ParseFormat(f.list) // checked by the flag
	return format
}

// nbestFormats are the formats of nbest's rows, which are written as they are scored: those
// the report package renders a row at a time (report.Streams), aligned text aside, which pads
// each column to its widest cell; the JSON of a row is a scored sentence's (--jsonl).
var nbestFormats = []report.Format{report.FormatTSV, report.FormatCSV, report.FormatMarkdown, report.FormatLaTeX}

// readGold reads the gold file args[1] whole, as the flags say; its error says when the files
// (NBEST GOLD) of the command cmd look given in the wrong order.
func (f *nbestFlags) readGold(cmd string, args []string, prog *progress.Line) ([]scorer.Sentence, corpus.Identity, error) {
	gold, id, err := f.reading.ReadGold(args[1], f.opt.Effective(), readOptions(f.opt), prog)
	return gold, id, swappedHint(err, cmd+" NBEST GOLD", args[1], args[:1])
}

// openList describes the n-best list arg, read as the flags' memory budget allows.
func (f *nbestFlags) openList(arg string, prog *progress.Line) *input.File {
	in := readOptions(f.opt)
	in.Progress = prog.Reading
	return input.New(arg, "n-best list", in)
}

// onePassBytes is nbest.Rows.OnePassBytes (a variable for the tests).
var onePassBytes int64 = nbest.DefaultOnePassBytes

// newNbest returns "maxmatch nbest".
func (a *app) newNbest() *cobra.Command {
	var f nbestFlags
	var stats bool
	cmd := a.newCommand([]cli.Usage{{Args: "nbest [flags] NBEST GOLD", What: "score every hypothesis of an n-best list on its own"}}, nbestLong,
		func(cmd *cobra.Command, args []string) error {
			if err := f.check(args); err != nil {
				return err
			}
			if f.jsonl && stats {
				return cli.Usagef("--jsonl and --stats are exclusive: choose one output")
			}
			if stats && f.format != "" {
				return cli.Usagef("--stats and --format %s are exclusive: choose one output", f.format)
			}
			a.code = a.nbest(f, stats, args)
			return nil
		})
	fs := cli.Flags(cmd)
	nbestFlagSet(fs, &f, nbestFormats, "print the rows in this format (tsv when not given); they are written as they are scored, so aligned text, which pads each column to its widest cell, is not among them; JSON lines: --jsonl")
	fs.Bool(&f.jsonl, "jsonl", "", "print one JSON object per hypothesis instead of TSV (with the chosen annotator's edits)")
	fs.Bool(&stats, "stats", "", "print the sufficient statistics of every hypothesis as a MERT/PRO tuner reads them (Moses' scores format, M2Scorer's four statistics; see docs/guide.md#n-best-lists-and-oracles)")
	return cmd
}

// nbest scores the list and prints a row for each hypothesis.
func (a *app) nbest(f nbestFlags, stats bool, args []string) int {
	const cmd = "maxmatch nbest"
	prog := progress.New(cmd, a.stderr)
	gold, _, err := f.readGold(cmd, args, prog)
	if err != nil {
		return fail(prog, "%v", err)
	}
	list := f.openList(args[0], prog)
	defer list.Close()
	beta := f.opt.Beta
	var footer []byte // after the rows: the end of a LaTeX table, or a Markdown table's notes
	rows := nbest.Rows{Format: f.listFormat(), OnePassBytes: onePassBytes,
		Progress: func(done, total int) { prog.Update("scoring hypothesis", done, total) },
		Warn:     func(msg string) { prog.Warn("%s: %s", list.Name(), msg) }}
	switch {
	case stats:
		rows.Append = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			return nbest.AppendMertStats(b, g.Sentence, rs, len(gold[g.Sentence].Tokens))
		}
	case f.jsonl:
		rows.Append = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			return nbest.AppendJSONRows(b, g, rs, beta)
		}
	default:
		format, table := tableFormat(f.format, report.FormatTSV), nbest.Table(beta)
		rows.Header, footer = string(table.AppendHeader(nil, format)), table.AppendFooter(nil, format)
		rows.Append = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			nbest.TableRows(g, rs, beta, func(row []report.Cell) { b = table.AppendRow(b, format, row) })
			return b
		}
	}
	out := progress.NewOutput(a.stdout, a.stderr, prog)
	done, err := rows.Write(list, gold, f.opt, writeErrors{out}, func() error { return errOf(out.EndRecord()) })
	prog.Clear()
	if werr, ok := isWriteError(err); ok {
		return writeFailure(cmd, werr, a.stderr)
	}
	if err != nil {
		// Malformed input, or a sentence too large for the memory budget: after the rows of
		// the hypotheses before it when the list was checked first and its rows written as they
		// were scored; all of those are written out and the message says the output is
		// incomplete.
		err = goldError(err, args[1])
		if done == 0 {
			return fail(prog, "%v", err)
		}
		if werr := out.Close(); werr != nil {
			return writeFailure(cmd, werr, a.stderr)
		}
		return fail(prog, "%v; standard output holds the scores of the %s before it only", err, wording.Plural(done, "hypothesis"))
	}
	if done == 0 { // a list that is empty or blank, not one whose sentences are all missing
		prog.Warn("%s: the n-best list holds no hypothesis, so no row is printed: expected lines \"id ||| hypothesis ||| …\" or JSON lines", list.Name())
	}
	if _, err := out.Write(footer); err != nil {
		return writeFailure(cmd, err, a.stderr)
	}
	if err := out.Close(); err != nil {
		return writeFailure(cmd, err, a.stderr)
	}
	return exitOK
}

// goldError names the gold file path in a sentence too large for the memory budget.
func goldError(err error, path string) error {
	var tl *scorer.TooLargeError
	if errors.As(err, &tl) {
		tl.File = path
	}
	return err
}
