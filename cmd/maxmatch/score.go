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
	"math"
	"os"
	"strings"

	"maxmatch/scorer"
)

// scoreFlags are the flags of "maxmatch score": the official scorer's, plus ours.
type scoreFlags struct {
	opt     scorer.Options
	verbose bool
	jsonl   bool
}

func newScoreFlagSet(f *scoreFlags, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("maxmatch score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.opt = scorer.DefaultOptions()
	fs.BoolVar(&f.verbose, "v", false, "print each sentence: source, hypothesis, edits, gold edits, matches, counts, chosen annotator")
	fs.BoolVar(&f.verbose, "verbose", false, "same as -v")
	fs.BoolVar(&f.jsonl, "jsonl", false, "print one JSON object per sentence, then the totals")
	f.opt.RegisterFlags(fs)
	// A mistake gets its one-line error and a pointer to -h, not the whole flag list.
	fs.Usage = func() { fmt.Fprintln(stderr, "run \"maxmatch score -h\" for the usage and flags") }
	return fs
}

func printScoreUsage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: maxmatch score [flags] SYSTEM GOLD\n\nScores SYSTEM (one tokenised hypothesis per line) against GOLD (an M2 file).\nFiles ending in .gz are decompressed. Flags:\n\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

func runScore(args []string, stdout, stderr io.Writer) int {
	var f scoreFlags
	fs := newScoreFlagSet(&f, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printScoreUsage(fs, stdout)
			return exitOK
		}
		return exitError
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "maxmatch score: expected two files, SYSTEM and GOLD, after the flags; got %d arguments\n", fs.NArg())
		fs.Usage()
		return exitError
	}
	if f.opt.MaxUnchangedWords < 0 {
		fmt.Fprintf(stderr, "maxmatch score: -max_unchanged_words must be a non-negative integer, got %d\n", f.opt.MaxUnchangedWords)
		return exitError
	}
	if f.opt.Beta < 0 || math.IsInf(f.opt.Beta, 0) || math.IsNaN(f.opt.Beta) {
		fmt.Fprintf(stderr, "maxmatch score: -beta must be a non-negative number, got %v\n", f.opt.Beta)
		return exitError
	}
	if f.verbose && f.jsonl {
		fmt.Fprintln(stderr, "maxmatch score: -v and -jsonl are exclusive: choose one output")
		return exitError
	}
	sysPath, goldPath := fs.Arg(0), fs.Arg(1)
	hyps, gold, err := readInputs(sysPath, goldPath, f.opt.Effective(), stderr)
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
	bounded := 0
	totals, err := scorer.Score(hyps, gold, f.opt, func(r *scorer.SentenceResult) error {
		if r.Bounded {
			bounded++
			fmt.Fprintf(stderr, "maxmatch: warning: sentence %d (%s line %d): its lattice closure is over -max-edges=%d; scored with the bounded search (see the README)\n",
				r.Index+1, goldPath, gold[r.Index].Line, f.opt.EdgeBudget())
		}
		if each != nil {
			return each(r)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	p, r, fb := totals.PRF()
	if f.jsonl {
		c := totals.Counts()
		enc := json.NewEncoder(out)
		enc.Encode(map[string]any{"total": totalJSON{c.Correct, c.Proposed, c.Gold, p, r, fb}})
		return exitOK
	}
	if f.verbose {
		c := totals.Counts()
		fmt.Fprintf(out, "Totals: correct %d, proposed %d, gold %d\n\n", c.Correct, c.Proposed, c.Gold)
	}
	fmt.Fprintf(out, "Precision   : %.4f\n", p)
	fmt.Fprintf(out, "Recall      : %.4f\n", r)
	fmt.Fprintf(out, "F_%.1f       : %.4f\n", f.opt.Beta, fb)
	return exitOK
}

// readFile reads a file, decompressing it if its name ends in .gz (as the official does).
func readFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: not a gzip file: %v", path, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return data, nil
}

// readInputs reads and checks both files before anything is scored.
func readInputs(sysPath, goldPath string, fixes scorer.Fix, stderr io.Writer) ([]string, []scorer.Sentence, error) {
	gdata, err := readFile(goldPath)
	if err != nil {
		return nil, nil, err
	}
	gold, err := scorer.ReadM2(goldPath, gdata, fixes)
	if err != nil {
		return nil, nil, err
	}
	sdata, err := readFile(sysPath)
	if err != nil {
		return nil, nil, err
	}
	hyps, err := scorer.ReadSystem(sysPath, sdata)
	if err != nil {
		return nil, nil, err
	}
	// The official dies on an extra empty last line (a common editor artefact); we drop it.
	if len(hyps) == len(gold)+1 && hyps[len(hyps)-1] == "" {
		fmt.Fprintf(stderr, "maxmatch: warning: %s:%d: ignoring an empty last line (the gold file has %d sentences)\n", sysPath, len(hyps), len(gold))
		hyps = hyps[:len(gold)]
	}
	if len(hyps) != len(gold) {
		where := fmt.Sprintf("%s:%d is the first system line without a gold sentence", sysPath, len(gold)+1)
		if len(hyps) < len(gold) {
			where = fmt.Sprintf("the gold sentence at %s:%d has no system line", goldPath, gold[len(hyps)].Line)
		}
		return nil, nil, fmt.Errorf("%s has %d lines but %s has %d sentences: %s", sysPath, len(hyps), goldPath, len(gold), where)
	}
	return hyps, gold, nil
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
