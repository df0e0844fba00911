package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"runtime/debug"
	"strings"

	"maxmatch/lattice"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// scoreFlags are the flags of "maxmatch score": the official scorer's, plus ours.
type scoreFlags struct {
	opt            scorer.Options
	acceptBadSpans bool
	verbose        bool
	jsonl          bool
	counts         bool
	perSentence    bool
	perType        bool
	bootstrap      int
	seed           uint64
}

// fBetaLabel is the official's name of F_β, e.g. "F_0.5".
func fBetaLabel(beta float64) string { return fmt.Sprintf("F_%.1f", beta) }

func newScoreFlagSet(f *scoreFlags, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("maxmatch score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.opt = scorer.DefaultOptions()
	fs.BoolVar(&f.verbose, "v", false, "print each sentence: source, hypothesis, edits, gold edits, matches, counts, chosen annotator")
	fs.BoolVar(&f.verbose, "verbose", false, "same as -v")
	fs.BoolVar(&f.jsonl, "jsonl", false, "print one JSON object per sentence, then the totals (the reports below add fields and lines)")
	fs.BoolVar(&f.counts, "counts", false, "also print the totals TP, FP and FN")
	fs.BoolVar(&f.perSentence, "per-sentence", false, "print a table (TSV) of every sentence: gold line, chosen annotator, TP, FP, FN, P, R, F")
	fs.BoolVar(&f.perType, "per-type", false, "print a table (TSV) of the gold edits by error type: gold, TP, FN, recall (FP only over all types: system edits carry no type)")
	fs.IntVar(&f.bootstrap, "bootstrap", 0, "also print 95% intervals of P, R and F from this many bootstrap resamples of the sentences (0: none)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the bootstrap's random draws")
	registerReadingFlags(fs, &f.opt, &f.acceptBadSpans)
	// A mistake gets its one-line error and a pointer to -h (runScore prints it), not the whole
	// flag list.
	fs.Usage = func() {}
	return fs
}

// registerReadingFlags defines the flags score and compare share: the scoring options and how
// to read the gold file.
func registerReadingFlags(fs *flag.FlagSet, opt *scorer.Options, acceptBadSpans *bool) {
	fs.BoolVar(acceptBadSpans, "accept-bad-spans", false, "read gold edits whose span is outside the sentence (dropped) or reversed (kept, never matched) as the official does, instead of failing")
	opt.RegisterFlags(fs)
}

// checkOptions reports a scoring option out of its range; it returns false after printing the
// error.
func checkOptions(cmd string, opt scorer.Options, stderr io.Writer) bool {
	if opt.MaxUnchangedWords < 0 {
		fmt.Fprintf(stderr, "%s: -max_unchanged_words must be a non-negative integer, got %d\n", cmd, opt.MaxUnchangedWords)
		return false
	}
	if opt.Beta < 0 || math.IsInf(opt.Beta, 0) || math.IsNaN(opt.Beta) {
		fmt.Fprintf(stderr, "%s: -beta must be a non-negative number, got %v\n", cmd, opt.Beta)
		return false
	}
	return true
}

const scoreUsage = "usage: maxmatch score [flags] SYSTEM GOLD\n\nScores SYSTEM (one tokenised hypothesis per line) against GOLD (an M2 file).\nFiles ending in .gz are decompressed. Flags:\n\n"

func runScore(args []string, stdout, stderr io.Writer) int {
	var f scoreFlags
	fs := newScoreFlagSet(&f, stderr)
	if code, done := parseArgs(fs, args, scoreUsage, []string{"SYSTEM", "GOLD"}, stdout, stderr); done {
		return code
	}
	if !checkOptions("maxmatch score", f.opt, stderr) {
		return exitError
	}
	if f.bootstrap < 0 {
		fmt.Fprintf(stderr, "maxmatch score: -bootstrap must be a non-negative number of resamples, got %d\n", f.bootstrap)
		return exitError
	}
	if f.verbose && f.jsonl {
		fmt.Fprintln(stderr, "maxmatch score: -v and -jsonl are exclusive: choose one output")
		return exitError
	}
	if f.verbose && f.perSentence {
		fmt.Fprintln(stderr, "maxmatch score: -v and -per-sentence are exclusive: both print every sentence")
		return exitError
	}
	defer limitGoMemory(f.opt)()
	prog := newProgress(stderr)
	sysPath, goldPath := fs.Arg(0), fs.Arg(1)
	gold, err := readGold(goldPath, scorer.M2Reader{Fixes: f.opt.Effective(), AcceptBadSpans: f.acceptBadSpans})
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	hyps, err := readHypotheses(sysPath, goldPath, gold, prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	beta := f.opt.Beta
	var types *scorer.TypeBreakdown
	if f.perType {
		types = scorer.NewTypeBreakdown(f.opt)
	}
	var results []scorer.SentenceResult
	var each func(*scorer.SentenceResult) error
	switch {
	case f.jsonl:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		each = func(r *scorer.SentenceResult) error {
			s := sentenceJSON(r)
			if f.perSentence {
				addSentenceReport(&s, r, &gold[r.Index], beta)
			}
			return enc.Encode(s)
		}
	case f.verbose:
		var running scorer.Totals
		running.Beta = beta
		each = func(r *scorer.SentenceResult) error {
			writeVerbose(out, r, &gold[r.Index], &running, f.opt)
			return nil
		}
	case f.perSentence:
		fmt.Fprintf(out, "sentence\tgold_line\tannotator\ttp\tfp\tfn\tp\tr\t%s\n", strings.ToLower(fBetaLabel(beta)))
		each = func(r *scorer.SentenceResult) error {
			a := r.ChosenResult()
			n := a.Counts()
			t := scorer.Totals{Beta: beta, Correct: float64(n.Correct), Proposed: float64(n.Proposed), Gold: float64(n.Gold)}
			p, rr, fb := t.PRF()
			fmt.Fprintf(out, "%d\t%d\t%d\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\n", r.Index+1, gold[r.Index].Line, a.Annotator,
				n.Correct, n.Proposed-n.Correct, n.Gold-n.Correct, p, rr, fb)
			return nil
		}
	}
	totals, err := scorer.Score(hyps, gold, f.opt, func(r *scorer.SentenceResult) error {
		prog.update("scoring sentence", r.Index+1, len(gold))
		warnBounded(prog, "", r, goldPath, gold, f.opt)
		if types != nil {
			types.Add(r)
		}
		if f.bootstrap > 0 {
			results = append(results, *r)
		}
		if each != nil {
			return each(r)
		}
		return nil
	})
	if err != nil {
		prog.clear()
		out.Reset(io.Discard) // nothing more on stdout: what is buffered is dropped
		printScoreError(stderr, err, goldPath)
		return exitError
	}
	var intervals *stats.Intervals
	if f.bootstrap > 0 {
		iv := stats.Bootstrap(len(results), stats.ResultsScore(results, beta), stats.Options{
			Resamples: f.bootstrap, Seed: f.seed,
			Progress: func(k int) { prog.update("bootstrap resample", k, f.bootstrap) },
		})
		intervals = &iv
	}
	prog.clear()

	p, r, fb := totals.PRF()
	c := totals.Counts()
	if f.jsonl {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		if types != nil {
			enc.Encode(map[string]any{"per_type": typesJSON(types)})
		}
		if intervals != nil {
			enc.Encode(map[string]any{"bootstrap": bootstrapJSON(intervals)})
		}
		t := totalJSON{Correct: c.Correct, Proposed: c.Proposed, Gold: c.Gold, P: p, R: r, F: fb}
		if f.counts {
			tp, fp, fn := c.Correct, c.Proposed-c.Correct, c.Gold-c.Correct
			t.TP, t.FP, t.FN = &tp, &fp, &fn
		}
		enc.Encode(map[string]any{"total": t})
		return exitOK
	}
	if f.perSentence {
		fmt.Fprintln(out)
	}
	if types != nil {
		writeTypes(out, types)
		fmt.Fprintln(out)
	}
	if f.verbose {
		fmt.Fprintf(out, "Totals: correct %d, proposed %d, gold %d\n\n", c.Correct, c.Proposed, c.Gold)
	}
	fmt.Fprintf(out, "Precision   : %.4f\n", p)
	fmt.Fprintf(out, "Recall      : %.4f\n", r)
	fmt.Fprintf(out, "F_%.1f       : %.4f\n", beta, fb) // the official's format, whatever the width
	if f.counts {
		fmt.Fprintf(out, "TP          : %d\nFP          : %d\nFN          : %d\n", c.Correct, c.Proposed-c.Correct, c.Gold-c.Correct)
	}
	if intervals != nil {
		fmt.Fprintf(out, "%g%% bootstrap intervals (%d resamples of the %d sentences, seed %d):\n",
			100*intervals.Level, intervals.Resamples, intervals.Sentences, intervals.Seed)
		for _, e := range []struct {
			label string
			est   stats.Estimate
		}{{"Precision", intervals.P}, {"Recall", intervals.R}, {fBetaLabel(beta), intervals.F}} {
			fmt.Fprintf(out, "%-12s: [%.4f, %.4f]\n", e.label, e.est.Lo, e.est.Hi)
		}
	}
	return exitOK
}

// writeTypes prints the per-type table.
func writeTypes(w io.Writer, b *scorer.TypeBreakdown) {
	fmt.Fprintf(w, "type\tgold\ttp\tfn\trecall\n")
	var all scorer.TypeCounts
	for _, t := range b.Types() {
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%.4f\n", t.Type, t.Gold, t.Matched, t.Missed(), t.Recall())
		all.Gold += t.Gold
		all.Matched += t.Matched
	}
	fmt.Fprintf(w, "(all)\t%d\t%d\t%d\t%.4f\n", all.Gold, all.Matched, all.Missed(), all.Recall())
	fmt.Fprintf(w, "false positives: %d (over all types only: system edits carry no error type)\n", b.FalsePositives())
}

// readFile reads a file whole, decompressing it if its name ends in .gz (as the official does),
// into a string: the parsers cut sentences and tokens out of it without copying (a
// strings.Builder hands its buffer over, where string(bytes) would copy the file once more).
// role ("system", "gold") names the file in errors.
func readFile(path, role string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("%s: cannot read the %s file: %v", path, role, unwrapPath(err))
	}
	defer f.Close()
	var text strings.Builder
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		text.Grow(int(fi.Size()))
	}
	if !strings.HasSuffix(path, ".gz") {
		if _, err := io.Copy(&text, f); err != nil {
			return "", fmt.Errorf("%s: cannot read the %s file: %v", path, role, unwrapPath(err))
		}
		return text.String(), nil
	}
	zr, err := gzip.NewReader(bufio.NewReader(f))
	if err == nil {
		_, err = io.Copy(&text, zr)
	}
	if err != nil {
		return "", fmt.Errorf("%s: cannot decompress the %s file (its name ends in .gz): %v", path, role, unwrapPath(err))
	}
	return text.String(), nil
}

// unwrapPath drops the operation and path that an *fs.PathError repeats: the messages above
// name the file themselves.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// readGold reads and parses the gold file.
func readGold(path string, reader scorer.M2Reader) ([]scorer.Sentence, error) {
	text, err := readFile(path, "gold")
	if err != nil {
		return nil, err
	}
	return reader.ReadString(path, text)
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// readHypotheses reads a system file and checks it has one line per gold sentence.
func readHypotheses(path, goldPath string, gold []scorer.Sentence, prog *progress) ([]string, error) {
	text, err := readFile(path, "system")
	if err != nil {
		return nil, err
	}
	hyps, err := scorer.ReadSystemString(path, text)
	if err != nil {
		return nil, err
	}
	// The official dies on an extra empty last line (a common editor artefact); we drop it.
	if len(hyps) == len(gold)+1 && hyps[len(hyps)-1] == "" {
		prog.printf("maxmatch: warning: %s:%d: ignoring an empty last line (the gold file has %s)\n", path, len(hyps), plural(len(gold), "sentence"))
		hyps = hyps[:len(gold)]
	}
	if len(hyps) != len(gold) {
		where := fmt.Sprintf("%s:%d is the first system line without a gold sentence", path, len(gold)+1)
		if len(hyps) < len(gold) {
			where = fmt.Sprintf("the gold sentence at %s:%d has no system line", goldPath, gold[len(hyps)].Line)
		}
		return nil, fmt.Errorf("%s has %s but %s has %s: %s; expected one system line per gold sentence",
			path, plural(len(hyps), "line"), goldPath, plural(len(gold), "sentence"), where)
	}
	return hyps, nil
}

// jsonEdit is an edit as a JSON array [start, end, original, correction].
type jsonEdit scorer.Edit

func (e jsonEdit) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{e.Start, e.End, e.Original, e.Correction})
}

type sentenceOut struct {
	Line         int        `json:"line"`
	Annotator    int        `json:"annotator"`
	Correct      int        `json:"correct"`
	Proposed     int        `json:"proposed"`
	Gold         int        `json:"gold"`
	Edits        []jsonEdit `json:"edits"`
	CorrectEdits []jsonEdit `json:"correct_edits"`
	Bounded      bool       `json:"bounded,omitempty"`
	// With -per-sentence:
	GoldLine *int     `json:"gold_line,omitempty"`
	TP       *int     `json:"tp,omitempty"`
	FP       *int     `json:"fp,omitempty"`
	FN       *int     `json:"fn,omitempty"`
	P        *float64 `json:"p,omitempty"`
	R        *float64 `json:"r,omitempty"`
	F        *float64 `json:"f,omitempty"`
}

type totalJSON struct {
	Correct  int     `json:"correct"`
	Proposed int     `json:"proposed"`
	Gold     int     `json:"gold"`
	P        float64 `json:"p"`
	R        float64 `json:"r"`
	F        float64 `json:"f"`
	// With -counts:
	TP *int `json:"tp,omitempty"`
	FP *int `json:"fp,omitempty"`
	FN *int `json:"fn,omitempty"`
}

func jsonEdits(edits []scorer.Edit) []jsonEdit {
	out := make([]jsonEdit, len(edits))
	for i, e := range edits {
		out[i] = jsonEdit(e)
	}
	return out
}

func sentenceJSON(r *scorer.SentenceResult) sentenceOut {
	a := r.ChosenResult()
	n := a.Counts()
	return sentenceOut{
		Line: r.Index + 1, Annotator: a.Annotator,
		Correct: n.Correct, Proposed: n.Proposed, Gold: n.Gold,
		Edits: jsonEdits(a.Edits), CorrectEdits: jsonEdits(a.Correct),
		Bounded: r.Bounded != lattice.Exact,
	}
}

// addSentenceReport adds the -per-sentence fields to a sentence's JSON object.
func addSentenceReport(s *sentenceOut, r *scorer.SentenceResult, g *scorer.Sentence, beta float64) {
	n := r.ChosenResult().Counts()
	t := scorer.Totals{Beta: beta, Correct: float64(n.Correct), Proposed: float64(n.Proposed), Gold: float64(n.Gold)}
	p, rr, f := t.PRF()
	line, tp, fp, fn := g.Line, n.Correct, n.Proposed-n.Correct, n.Gold-n.Correct
	s.GoldLine, s.TP, s.FP, s.FN, s.P, s.R, s.F = &line, &tp, &fp, &fn, &p, &rr, &f
}

type typeJSON struct {
	Type string  `json:"type"`
	Gold int     `json:"gold"`
	TP   int     `json:"tp"`
	FN   int     `json:"fn"`
	R    float64 `json:"r"`
}

type typesOut struct {
	Types []typeJSON `json:"types"`
	All   typeJSON   `json:"all"`
	FP    int        `json:"fp"`
	Note  string     `json:"note"`
}

func typesJSON(b *scorer.TypeBreakdown) typesOut {
	out := typesOut{Types: []typeJSON{}, FP: b.FalsePositives(),
		Note: "system edits carry no error type: false positives are counted over all types only"}
	var all scorer.TypeCounts
	for _, t := range b.Types() {
		out.Types = append(out.Types, typeJSON{t.Type, t.Gold, t.Matched, t.Missed(), t.Recall()})
		all.Gold += t.Gold
		all.Matched += t.Matched
	}
	out.All = typeJSON{"(all)", all.Gold, all.Matched, all.Missed(), all.Recall()}
	return out
}

type estimateJSON struct {
	Value  float64 `json:"value"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	StdErr float64 `json:"stderr"`
}

type bootstrapOut struct {
	Resamples int          `json:"resamples"`
	Seed      uint64       `json:"seed"`
	Level     float64      `json:"level"`
	Sentences int          `json:"sentences"`
	P         estimateJSON `json:"p"`
	R         estimateJSON `json:"r"`
	F         estimateJSON `json:"f"`
}

func toEstimateJSON(e stats.Estimate) estimateJSON { return estimateJSON(e) }

func bootstrapJSON(iv *stats.Intervals) bootstrapOut {
	return bootstrapOut{iv.Resamples, iv.Seed, iv.Level, iv.Sentences,
		toEstimateJSON(iv.P), toEstimateJSON(iv.R), toEstimateJSON(iv.F)}
}

// limitGoMemory makes the garbage collector keep the process within the memory budget
// (runtime/debug.SetMemoryLimit), unless GOMEMLIMIT asks for less, and returns the function
// that restores the limit before (for the tests, which run commands in one process).
func limitGoMemory(opt scorer.Options) (restore func()) {
	before := debug.SetMemoryLimit(-1)
	if m := opt.Memory(); m < before {
		debug.SetMemoryLimit(m)
	}
	return func() { debug.SetMemoryLimit(before) }
}

// printScoreError prints an error of scorer.Score; a sentence too large for the memory budget
// is named by the gold file and line.
func printScoreError(stderr io.Writer, err error, goldPath string) {
	var tl *scorer.TooLargeError
	if errors.As(err, &tl) {
		tl.File = goldPath
	}
	fmt.Fprintf(stderr, "maxmatch: %v\n", err)
}

// warnBounded warns, naming the sentence and the budget it was over, when a sentence was scored
// by the bounded search; system names the system for commands that score several ("system A, ").
func warnBounded(prog *progress, system string, r *scorer.SentenceResult, goldPath string, gold []scorer.Sentence, opt scorer.Options) {
	if r.Bounded == lattice.Exact {
		return
	}
	prog.printf("maxmatch: warning: %ssentence %d (%s line %d): %s; scored with the bounded search, not the official's exact one (see the README, Bounded cost)\n",
		system, r.Index+1, goldPath, gold[r.Index].Line, opt.FallbackReason(r))
}
