package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"maxmatch/internal/ordered"
	"maxmatch/lattice"
	"maxmatch/nbest"
	"maxmatch/report"
	"maxmatch/scorer"
)

const nbestUsage = `usage: maxmatch nbest [flags] NBEST GOLD

Scores every hypothesis of the n-best list NBEST on its own against its sentence of GOLD (an M2
file). NBEST is Moses' n-best format ("i ||| hypothesis ||| features ||| score", i the 0-based
index of the gold sentence; only the first two fields are read) or JSON lines ({"id": i, "hyps":
["…", …]} or {"id": i, "hyp": "…"}); a sentence's hypotheses are consecutive, sentences may be
missing. "-" reads the list from stdin; files ending in .gz are decompressed.

One row per hypothesis, in list order (TSV, or JSON lines with --jsonl): the sentence id, k (the
hypothesis's rank within its sentence, from 0), the chosen annotator's correct, proposed and
gold counts with the sentence-level P, R and F_β, and every annotator's counts. The annotator
chosen is the one the official would choose for a corpus of this sentence alone (best F_β of its
own counts; ties: more correct, then fewer proposed + β²·gold, then the first visited); P = 1
when nothing is proposed, R = 1 when nothing is to be found, F = 0 when both are 0. Each
annotator's counts are those "maxmatch score" gives the sentence in a system file made of these
hypotheses. --stats prints the sufficient statistics a MERT or PRO tuner reads instead. Flags:

`

// nbestFlags are the flags of "maxmatch nbest" (and, with more, of oracle).
type nbestFlags struct {
	opt     scorer.Options
	reading goldReading
	format  nbest.Format
}

func newNbestFlagSet(name string, f *nbestFlags, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.opt = scorer.DefaultOptions()
	fs.Func("format", "format of the n-best list: auto (JSON lines when the first line starts with \"{\", else Moses), moses or jsonl", func(s string) error {
		var err error
		f.format, err = nbest.ParseFormat(s)
		return err
	})
	registerReadingFlags(fs, &f.opt, &f.reading)
	return fs
}

// readInputs reads the gold file and prepares to read the n-best list.
func (f *nbestFlags) readInputs(goldPath, listPath string, stdin io.Reader, prog *progress) ([]scorer.Sentence, *nbestList, error) {
	gold, err := f.reading.readAll(goldPath, f.opt.Effective(), prog)
	if err != nil {
		return nil, nil, err
	}
	list, err := newNbestList(listPath, stdin)
	return gold, list, err
}

// nbestBatchHyps is about how many hypotheses a worker scores at a time: enough to make the
// hand-over cheap, few enough to keep both CPUs busy on a small list.
const nbestBatchHyps = 128

// nbestList opens an n-best list: a file (decompressed when its name ends in .gz) or, for "-",
// stdin, read whole so that it can be read twice.
type nbestList struct {
	path  string
	stdin []byte
}

func newNbestList(path string, stdin io.Reader) (*nbestList, error) {
	l := &nbestList{path: path}
	if path == "-" {
		var err error
		if l.stdin, err = io.ReadAll(stdin); err != nil {
			return nil, fmt.Errorf("cannot read the n-best list from stdin: %v", err)
		}
	}
	return l, nil
}

func (l *nbestList) name() string {
	if l.path == "-" {
		return "stdin"
	}
	return l.path
}

// open returns a fresh reader of the list's groups, and a function that closes it.
func (l *nbestList) open(format nbest.Format, nSentences int) (*nbest.Reader, func(), error) {
	if l.path == "-" {
		return nbest.NewReader(bytes.NewReader(l.stdin), l.name(), format, nSentences), func() {}, nil
	}
	f, err := os.Open(l.path)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: cannot read the n-best list: %v", l.path, cause(err))
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: cannot read the n-best list: is a directory", l.path)
	}
	var r io.Reader = f
	if strings.HasSuffix(l.path, ".gz") {
		zr, err := gzip.NewReader(bufio.NewReader(f))
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%s: cannot decompress the n-best list (its name ends in .gz): %v", l.path, err)
		}
		r = zr
	}
	return nbest.NewReader(r, l.name(), format, nSentences), func() { f.Close() }, nil
}

// onePassBytes is the size up to which an n-best list is read and scored in one pass, its output
// kept in memory until the whole list has been read without error; a larger list is checked in
// a first pass and scored in a second, its output streamed, in bounded memory.
var onePassBytes = 16 << 20 // a variable for the tests

// size returns the size of the list (a gzipped file counts eight times its size), 0 when unknown.
func (l *nbestList) size() int {
	if l.path == "-" {
		return len(l.stdin)
	}
	fi, err := os.Stat(l.path)
	if err != nil {
		return 0 // open will say what is wrong
	}
	if strings.HasSuffix(l.path, ".gz") {
		return 8 * int(fi.Size())
	}
	return int(fi.Size())
}

// small reports whether the list is small enough for one pass.
func (l *nbestList) small() bool { return l.size() <= onePassBytes }

// check reads the whole list once, so that malformed input is reported before anything is
// printed, and counts its hypotheses.
func (l *nbestList) check(format nbest.Format, nSentences int) (hyps int, err error) {
	rd, closeList, err := l.open(format, nSentences)
	if err != nil {
		return 0, err
	}
	defer closeList()
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return hyps, nil
		}
		if err != nil {
			return 0, err
		}
		hyps += len(g.Hyps)
	}
}

// outBuffers recycles the batches' output buffers once written: fresh memory costs a page fault
// per page on first touch, which on some machines (virtual ones) is a large part of a command's
// time.
var outBuffers sync.Pool

// nbestBatch is groups of a list scored together by one worker, and what it made of them.
type nbestBatch struct {
	groups     []nbest.Group
	out        []byte              // formatted results (nbest)
	candidates [][]nbest.Candidate // per group, its hypotheses' counts (oracle)
	warnings   []string
	hyps       int
	err        error // scoring stopped at a sentence too large for the memory budget
}

// scoreList reads the list's groups in batches, scores them on workers (one PreparedEvaluator
// each), calls each with every group's results on the worker, and hands the batches, in order,
// to emit. A batch whose scoring failed stops the run with its error, before emit.
func scoreList(nextGroup func() (nbest.Group, error), p *scorer.PreparedGold, workers int, each func(b *nbestBatch, g *nbest.Group, rs []scorer.SentenceResult), emit func(*nbestBatch) error) error {
	workers = scorer.Workers(workers)
	evs := make([]*scorer.PreparedEvaluator, workers)
	results := make([][]scorer.SentenceResult, workers)
	for w := range evs {
		evs[w] = p.Evaluator()
	}
	next := func() (*nbestBatch, bool, error) {
		b := &nbestBatch{}
		for b.hyps < nbestBatchHyps {
			g, err := nextGroup()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, false, err
			}
			b.groups = append(b.groups, g)
			b.hyps += len(g.Hyps)
		}
		return b, len(b.groups) > 0, nil
	}
	work := func(_ context.Context, w int, b *nbestBatch) *nbestBatch {
		if out, ok := outBuffers.Get().(*[]byte); ok {
			b.out = (*out)[:0]
		}
		for gi := range b.groups {
			g := &b.groups[gi]
			rs, err := evs[w].EvaluateAll(results[w][:0], g.Sentence, g.Hyps)
			results[w] = rs
			if err != nil {
				b.err = err
				return b
			}
			each(b, g, rs)
			for k := range rs {
				if rs[k].Bounded != lattice.Exact && (k == 0 || &rs[k].Annotators[0] != &rs[k-1].Annotators[0]) {
					b.warnings = append(b.warnings, fmt.Sprintf("sentence %d, hypothesis %d (its sentence starts at line %d): %s; scored with the bounded search (see the README)",
						g.Sentence, k, g.Line, p.Options().FallbackReason(&rs[k])))
				}
			}
		}
		return b
	}
	return ordered.Map(workers, 4*workers, next, work, func(b *nbestBatch) error {
		if b.err != nil {
			return b.err
		}
		return emit(b)
	})
}

func runNbest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f nbestFlags
	var jsonl, stats bool
	fs := newNbestFlagSet("maxmatch nbest", &f, stderr)
	fs.BoolVar(&jsonl, "jsonl", false, "print one JSON object per hypothesis instead of TSV (with the chosen annotator's edits)")
	fs.BoolVar(&stats, "stats", false, "print the sufficient statistics of every hypothesis as a MERT/PRO tuner reads them (Moses' scores format, M2Scorer's four statistics; see the README)")
	if code, done := parseArgs(fs, args, nbestUsage, []string{"NBEST", "GOLD"}, stdout, stderr); done {
		return code
	}
	if !checkOptions("maxmatch nbest", f.opt, stderr) || !checkStdin("maxmatch nbest", []string{"NBEST", "GOLD"}, fs.Args(), stderr) {
		return exitError
	}
	if jsonl && stats {
		fmt.Fprintln(stderr, "maxmatch nbest: --jsonl and --stats are exclusive: choose one output")
		return exitError
	}
	prog := newProgress(stderr)
	gold, list, err := f.readInputs(fs.Arg(1), fs.Arg(0), stdin, prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	// A small list is scored as it is read, its output held until the end; a large one is
	// checked first and its output streamed.
	onePass, total := list.small(), 0
	if !onePass {
		if total, err = list.check(f.format, len(gold)); err != nil {
			fmt.Fprintf(stderr, "maxmatch: %v\n", err)
			return exitError
		}
	}
	rd, closeList, err := list.open(f.format, len(gold))
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	defer closeList()

	beta := f.opt.Beta
	var format func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte
	switch {
	case stats:
		format = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			return appendMertStats(b, g.Sentence, rs, len(gold[g.Sentence].Tokens))
		}
	case jsonl:
		format = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			var j report.JSONWriter
			for k := range rs {
				j.Reset(b)
				j.Object()
				j.Key("id").Int(g.Sentence)
				j.Key("k").Int(k)
				report.WriteSentenceResult(&j, &rs[k], beta, true)
				j.End()
				b = append(j.Bytes(), '\n')
			}
			return b
		}
	default:
		format = func(b []byte, g *nbest.Group, rs []scorer.SentenceResult) []byte {
			for k := range rs {
				b = appendResultTSV(b, g.Sentence, k, &rs[k], beta)
			}
			return b
		}
	}
	var held bytes.Buffer
	if onePass {
		held.Grow(list.size()) // about the size of the list for TSV; less for --stats
	}
	out := bufio.NewWriterSize(stdout, 1<<16)
	var w io.Writer = out
	if onePass {
		w = &held
	}
	if !jsonl && !stats {
		io.WriteString(w, nbestTSVHeader(beta))
	}
	done := 0
	each := func(b *nbestBatch, g *nbest.Group, rs []scorer.SentenceResult) { b.out = format(b.out, g, rs) }
	err = scoreList(rd.Next, scorer.Prepare(gold, f.opt), f.opt.Workers, each, func(b *nbestBatch) error {
		done += b.hyps
		prog.update("scoring hypothesis", done, total)
		for _, w := range b.warnings {
			prog.printf("maxmatch: warning: %s: %s\n", list.name(), w)
		}
		_, err := w.Write(b.out)
		outBuffers.Put(&b.out)
		return err
	})
	prog.clear()
	if err != nil {
		// Malformed input (in one pass; in two, the list was checked: the output failed), or
		// a sentence too large for the memory budget.
		more := ""
		if !onePass && done > 0 {
			// The list was checked first, so this is a sentence too large for the memory
			// budget, after the hypotheses before it were printed: all of those are written out
			// and the message says the output is incomplete.
			if werr := out.Flush(); werr != nil {
				fmt.Fprintf(stderr, "maxmatch: cannot write the output: %v\n", werr)
				return exitError
			}
			hyps := "hypotheses"
			if done == 1 {
				hyps = "hypothesis"
			}
			more = fmt.Sprintf("standard output holds the scores of the %d %s before it only", done, hyps)
		}
		printScoreError(stderr, err, fs.Arg(1), more)
		return exitError
	}
	if onePass {
		_, err = out.Write(held.Bytes())
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: cannot write the output: %v\n", err)
		return exitError
	}
	return exitOK
}

// appendMertStats appends the scores of one sentence's hypotheses as Moses' mert tools read and
// write them (ScoreArray's text format): a header "SCORES_TXT_BEGIN_0 sentence hypotheses 4
// M2Scorer", one line per hypothesis, "correct proposed gold source_tokens" (the chosen
// annotator's counts, and the length of the source, as Moses' M2Scorer gives them), and
// "SCORES_TXT_END_0".
func appendMertStats(b []byte, sentence int, rs []scorer.SentenceResult, sourceTokens int) []byte {
	b = fmt.Appendf(b, "SCORES_TXT_BEGIN_0 %d %d 4 M2Scorer\n", sentence, len(rs))
	for k := range rs {
		n := rs[k].ChosenResult().Counts()
		b = fmt.Appendf(b, "%d %d %d %d\n", n.Correct, n.Proposed, n.Gold, sourceTokens)
	}
	return append(b, "SCORES_TXT_END_0\n"...)
}
