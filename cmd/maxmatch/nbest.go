package main

import (
	"bytes"
	"errors"
	"io"

	"github.com/spf13/cobra"

	"maxmatch/corpus"
	"maxmatch/input"
	"maxmatch/nbest"
	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/service"
)

const nbestLong = `Scores every hypothesis of the n-best list NBEST on its own against its sentence of GOLD (an M2
file). NBEST is Moses' n-best format ("i ||| hypothesis ||| features ||| score", i the 0-based
index of the gold sentence; only the first two fields are read) or JSON lines ({"id": i, "hyps":
["…", …]} or {"id": i, "hyp": "…"}); a sentence's hypotheses are consecutive, sentences may be
missing. "-" reads the list from standard input; files ending in .gz are decompressed.

One row per hypothesis, in list order (TSV, or JSON lines with --jsonl): the sentence id, k (the
hypothesis's rank within its sentence, from 0), the chosen annotator's correct, proposed and
gold counts with the sentence-level P, R and F_β, and every annotator's counts. The annotator
chosen is the one the official would choose for a corpus of this sentence alone (best F_β of its
own counts; ties: more correct, then fewer proposed + β²·gold, then the first visited); P = 1
when nothing is proposed, R = 1 when nothing is to be found, F = 0 when both are 0. Each
annotator's counts are those "maxmatch score" gives the sentence in a system file made of these
hypotheses. --stats prints the sufficient statistics a MERT or PRO tuner reads instead.`

// nbestFlags are the flags of "maxmatch nbest" and "maxmatch oracle".
type nbestFlags struct {
	opt     scorer.Options
	reading corpus.Reading
	format  string
}

// nbestFlagSet defines the flags nbest and oracle share.
func nbestFlagSet(fs flagSet, f *nbestFlags) {
	scoringFlags(fs, &f.opt)
	readingFlags(fs, &f.reading)
	fs.choiceVar(&f.format, "format", "auto", []string{"auto", "moses", "jsonl"}, "format of the n-best list: auto (JSON lines when the first line starts with \"{\", else Moses), moses or jsonl")
}

// check checks the flags and the files (NBEST GOLD) before any work.
func (f *nbestFlags) check(args []string) error {
	files := []string{"NBEST", "GOLD"}
	if err := exactArgs(args, files...); err != nil {
		return err
	}
	if err := checkStdin(files, args); err != nil {
		return err
	}
	checkWorkers(&f.opt)
	if err := f.reading.Check(); err != nil {
		return usageError{err.Error()}
	}
	return nil
}

// listFormat is the n-best format --format names.
func (f *nbestFlags) listFormat() nbest.Format {
	format, _ := nbest.ParseFormat(f.format) // checked by the flag
	return format
}

// readGold reads the gold file arg whole, as the flags say.
func (f *nbestFlags) readGold(arg string, prog *progress) ([]scorer.Sentence, corpus.Identity, error) {
	return f.reading.ReadGold(arg, f.opt.Effective(), input.Options{Stdin: stdin}, prog)
}

// openList describes the n-best list arg.
func openList(arg string, prog *progress) *input.File {
	return input.New(arg, "n-best list", input.Options{Stdin: stdin, Progress: prog.Reading})
}

// onePassBytes is the size up to which an n-best list is read and scored in one pass, its output
// kept in memory until the whole list has been read without error; a larger list, or one of
// unknown size, is checked in a first pass and scored in a second, its output streamed, in
// bounded memory.
var onePassBytes int64 = 16 << 20 // a variable for the tests

// newNbest returns "maxmatch nbest".
func (a *app) newNbest() *cobra.Command {
	var f nbestFlags
	var jsonl, stats bool
	cmd := a.newCommand([]usageLine{{"nbest [flags] NBEST GOLD", "score every hypothesis of an n-best list on its own"}}, nbestLong,
		func(cmd *cobra.Command, args []string) error {
			if err := f.check(args); err != nil {
				return err
			}
			if jsonl && stats {
				return usagef("--jsonl and --stats are exclusive: choose one output")
			}
			a.code = a.nbest(f, jsonl, stats, args)
			return nil
		})
	fs := flagsOf(cmd)
	nbestFlagSet(fs, &f)
	fs.boolVar(&jsonl, "jsonl", "", "print one JSON object per hypothesis instead of TSV (with the chosen annotator's edits)")
	fs.boolVar(&stats, "stats", "", "print the sufficient statistics of every hypothesis as a MERT/PRO tuner reads them (Moses' scores format, M2Scorer's four statistics; see the README)")
	return cmd
}

// nbest scores the list and prints a row for each hypothesis.
func (a *app) nbest(f nbestFlags, jsonl, stats bool, args []string) int {
	const cmd = "maxmatch nbest"
	prog := newProgress(cmd, a.stderr)
	gold, _, err := f.readGold(args[1], prog)
	if err != nil {
		return prog.fail("%v", err)
	}
	list := openList(args[0], prog)
	defer list.Close()
	// A small list is scored as it is read, its output held until the end; a large one is
	// checked first and its output streamed.
	size := list.TextSize()
	onePass, total := size >= 0 && size <= onePassBytes, 0
	if !onePass {
		list.ReadTwice()
		r := list.Reader()
		total, err = nbest.Count(nbest.NewReader(r, list.Name(), f.listFormat(), len(gold)))
		r.Close()
		if err != nil {
			return prog.fail("%v", err)
		}
	}
	r := list.Reader()
	defer r.Close()
	rd := nbest.NewReader(r, list.Name(), f.listFormat(), len(gold))

	beta := f.opt.Beta
	var format func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte
	switch {
	case stats:
		format = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			return nbest.AppendMertStats(b, g.Sentence, rs, len(gold[g.Sentence].Tokens))
		}
	case jsonl:
		format = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			for k := range rs {
				b = service.AppendInt(b, `{"id":`, g.Sentence)
				b = service.AppendInt(b, `,"k":`, k)
				b = append(b, ',')
				b = service.AppendResult(b, &rs[k], beta, true)
				b = append(b, "}\n"...)
			}
			return b
		}
	default:
		format = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			for k := range rs {
				b = nbest.AppendTSV(b, g.Sentence, k, &rs[k], beta)
			}
			return b
		}
	}
	var held bytes.Buffer
	out := newStdout(a.stdout, a.stderr, prog)
	var w io.Writer = out
	if onePass {
		held.Grow(int(size)) // about the size of the list for TSV; less for --stats
		w = &held
	}
	if !jsonl && !stats {
		io.WriteString(w, nbest.TSVHeader(report.FBetaLabel(beta)))
	}
	done := 0
	each := func(b *nbest.Batch, g *nbest.Group, rs []scorer.SentenceResult) { b.Out = format(b.Out, g, rs) }
	err = nbest.Score(rd.Next, scorer.Prepare(gold, f.opt), f.opt.Workers, each, func(b *nbest.Batch) error {
		done += b.Hyps
		prog.Update("scoring hypothesis", done, total)
		for _, w := range b.Warnings {
			prog.Warn("%s: %s", list.Name(), w)
		}
		if _, err := w.Write(b.Out); err != nil {
			return errWrite{err}
		}
		if err := out.endRecord(); err != nil {
			return errWrite{err}
		}
		return nil
	})
	prog.clear()
	if werr, ok := isWriteError(err); ok {
		return writeFailure(cmd, werr, a.stderr)
	}
	if err != nil {
		// Malformed input (in one pass), or a sentence too large for the memory budget.
		err = goldError(err, args[1])
		if onePass || done == 0 {
			return prog.fail("%v", err)
		}
		// The list was checked first, so this is a sentence too large for the memory budget,
		// after the hypotheses before it were printed: all of those are written out and the
		// message says the output is incomplete.
		if werr := out.close(); werr != nil {
			return writeFailure(cmd, werr, a.stderr)
		}
		hyps := "hypotheses"
		if done == 1 {
			hyps = "hypothesis"
		}
		return prog.fail("%v; standard output holds the scores of the %d %s before it only", err, done, hyps)
	}
	if onePass {
		_, err = out.Write(held.Bytes())
	}
	if err == nil {
		err = out.close()
	}
	if err != nil {
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
