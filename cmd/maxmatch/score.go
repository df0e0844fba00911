package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strings"

	"maxmatch/scorer"
)

// scoreFlags are the flags of "maxmatch score": the official scorer's, plus ours.
type scoreFlags struct {
	opt            scorer.Options
	acceptBadSpans bool
	verbose        bool
	jsonl          bool
}

func newScoreFlagSet(f *scoreFlags, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("maxmatch score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.opt = scorer.DefaultOptions()
	fs.BoolVar(&f.verbose, "v", false, "print each sentence: source, hypothesis, edits, gold edits, matches, counts, chosen annotator")
	fs.BoolVar(&f.verbose, "verbose", false, "same as -v")
	fs.BoolVar(&f.jsonl, "jsonl", false, "print one JSON object per sentence, then the totals")
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

func printScoreUsage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: maxmatch score [flags] SYSTEM GOLD\n\nScores SYSTEM (one tokenised hypothesis per line) against GOLD (an M2 file).\nFiles ending in .gz are decompressed. Flags:\n\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

func runScore(args []string, stdout, stderr io.Writer) int {
	var f scoreFlags
	fs := newScoreFlagSet(&f, stderr)
	const hint = "run \"maxmatch score -h\" for the usage and flags"
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printScoreUsage(fs, stdout)
			return exitOK
		}
		fmt.Fprintln(stderr, hint)
		return exitError
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "maxmatch score: expected two files, SYSTEM and GOLD, after the flags; got %d arguments\n%s\n", fs.NArg(), hint)
		return exitError
	}
	if !checkOptions("maxmatch score", f.opt, stderr) {
		return exitError
	}
	if f.verbose && f.jsonl {
		fmt.Fprintln(stderr, "maxmatch score: -v and -jsonl are exclusive: choose one output")
		return exitError
	}
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
	var each func(*scorer.SentenceResult) error
	switch {
	case f.jsonl:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		each = func(r *scorer.SentenceResult) error { return enc.Encode(sentenceJSON(r)) }
	case f.verbose:
		var running scorer.Totals
		running.Beta = f.opt.Beta
		each = func(r *scorer.SentenceResult) error {
			writeVerbose(out, r, &gold[r.Index], &running)
			return nil
		}
	}
	totals, err := scorer.Score(hyps, gold, f.opt, func(r *scorer.SentenceResult) error {
		prog.update("scoring sentence", r.Index+1, len(gold))
		if r.Bounded {
			prog.printf("maxmatch: warning: sentence %d (%s line %d): its lattice closure is over -max-edges=%d; scored with the bounded search (see the README)\n",
				r.Index+1, goldPath, gold[r.Index].Line, f.opt.EdgeBudget())
		}
		if each != nil {
			return each(r)
		}
		return nil
	})
	if err != nil {
		prog.clear()
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	prog.clear()

	p, r, fb := totals.PRF()
	c := totals.Counts()
	if f.jsonl {
		enc := json.NewEncoder(out)
		enc.Encode(map[string]any{"total": totalJSON{c.Correct, c.Proposed, c.Gold, p, r, fb}})
		return exitOK
	}
	if f.verbose {
		fmt.Fprintf(out, "Totals: correct %d, proposed %d, gold %d\n\n", c.Correct, c.Proposed, c.Gold)
	}
	fmt.Fprintf(out, "Precision   : %.4f\n", p)
	fmt.Fprintf(out, "Recall      : %.4f\n", r)
	fmt.Fprintf(out, "F_%.1f       : %.4f\n", f.opt.Beta, fb)
	return exitOK
}

// readFile reads a file, decompressing it if its name ends in .gz (as the official does). role
// ("system", "gold") names the file in errors.
func readFile(path, role string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: cannot read the %s file: %v", path, role, err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: cannot decompress the %s file (its name ends in .gz): %v", path, role, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("%s: cannot decompress the %s file (its name ends in .gz): %v", path, role, err)
		}
	}
	return data, nil
}

// readGold reads and parses the gold file.
func readGold(path string, reader scorer.M2Reader) ([]scorer.Sentence, error) {
	data, err := readFile(path, "gold")
	if err != nil {
		return nil, err
	}
	return reader.Read(path, data)
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// readHypotheses reads a system file and checks it has one line per gold sentence.
func readHypotheses(path, goldPath string, gold []scorer.Sentence, prog *progress) ([]string, error) {
	data, err := readFile(path, "system")
	if err != nil {
		return nil, err
	}
	hyps, err := scorer.ReadSystem(path, data)
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
}

type totalJSON struct {
	Correct  int     `json:"correct"`
	Proposed int     `json:"proposed"`
	Gold     int     `json:"gold"`
	P        float64 `json:"p"`
	R        float64 `json:"r"`
	F        float64 `json:"f"`
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
		Bounded: r.Bounded,
	}
}
