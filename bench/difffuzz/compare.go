package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"maxmatch/m2verbose"
)

// stats show what the comparisons covered.
var stats struct {
	annotators, edits, correct, notFirst int
	bytes                                int // of official -v output compared byte for byte
}

// A mismatch is where our output on a case (gold and system texts) parts from the official's:
// the sentence (1-based in its batch; 0 for none in particular) and what differs.
type mismatch struct {
	line         int
	gold, sys    string
	officialText []byte // the official's -v output for gold and sys
	report       string
}

// countCovered adds what the official run covered to stats.
func countCovered(run *m2verbose.Run) {
	for _, o := range run.Sentences {
		stats.annotators += len(o.Annotators)
		for _, a := range o.Annotators {
			stats.edits += len(a.Edits)
			stats.correct += len(a.Correct)
		}
		if len(o.Annotators) > 0 && o.Chosen != o.Annotators[0].ID {
			stats.notFirst++
		}
	}
}

// files renders blocks as a gold file and a system file.
func files(blocks []genBlock) (gold, sys string) {
	var g, h []string
	for _, b := range blocks {
		g = append(g, b.text)
		h = append(h, b.hyps...)
	}
	return strings.Join(g, "\n"), strings.Join(h, "\n") + "\n"
}

// differences scores a batch (gold and system texts) with the official scorer (-v) and with
// ours, and returns the official's output and where ours differs: each sentence parsed from
// both outputs that differs, or, with the maxmatch command (-bytes), the first line of its
// whole -v output that differs.
func differences(tmp, dir, command string, cfg config, gold, sys string) ([]byte, []mismatch, error) {
	gp, sp := filepath.Join(tmp, "gold.m2"), filepath.Join(tmp, "system.txt")
	if err := errors.Join(os.WriteFile(gp, []byte(gold), 0o644), os.WriteFile(sp, []byte(sys), 0o644)); err != nil {
		return nil, nil, err
	}
	official, err := runOfficial(dir, cfg, gp, sp)
	if err != nil {
		return nil, nil, err
	}
	if command != "" {
		ours, err := run(exec.Command(command, append(append([]string{"score", "-v"}, cfg.args()...), sp, gp)...))
		if err != nil || bytes.Equal(official, ours) {
			return official, nil, err
		}
		line, sentence := firstDifference(official, ours)
		return official, []mismatch{{sentence, gold, sys, official, fmt.Sprintf("-v output differs at line %d (sentence %d)\n%s", line, sentence, showLine(official, ours, line))}}, nil
	}
	off, err := m2verbose.ParseVerbose(official)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the official output: %v", err)
	}
	our, err := m2verbose.Ours(cfg.opt, []byte(gold), []byte(sys))
	if err != nil {
		return nil, nil, err
	}
	if len(off.Sentences) != len(our.Sentences) {
		return nil, nil, fmt.Errorf("official scored %d sentences, we %d", len(off.Sentences), len(our.Sentences))
	}
	var diffs []mismatch
	for i := range off.Sentences {
		if o, u := off.Sentences[i].String(), our.Sentences[i].String(); o != u {
			diffs = append(diffs, mismatch{i + 1, gold, sys, official, fmt.Sprintf("sentence %d differs\nofficial:\n%sours:\n%s", i+1, o, u)})
		}
	}
	if d := m2verbose.Diff(off, our); d != "" && len(diffs) == 0 {
		diffs = append(diffs, mismatch{0, gold, sys, official, d})
	}
	return official, diffs, nil
}

// compare scores a batch and returns its mismatches, each with the smallest case that shows it:
// its sentence's block alone, when that still differs (a small case is a better regression
// test).
func compare(tmp, dir, command string, cfg config, blocks []genBlock) ([]mismatch, error) {
	gold, sys := files(blocks)
	official, bad, err := differences(tmp, dir, command, cfg, gold, sys)
	if err != nil {
		return nil, err
	}
	if run, err := m2verbose.ParseVerbose(official); err == nil {
		countCovered(run)
	}
	if command != "" {
		stats.bytes += len(official)
	}
	var blockOf []int // sentence → block
	for bi, b := range blocks {
		for range b.hyps {
			blockOf = append(blockOf, bi)
		}
	}
	for i, m := range bad {
		if m.line >= 1 && m.line <= len(blockOf) {
			b := blockOf[m.line-1]
			g1, s1 := files(blocks[b : b+1])
			if _, alone, err := differences(tmp, dir, command, cfg, g1, s1); err == nil && len(alone) > 0 {
				bad[i] = mismatch{m.line, alone[0].gold, alone[0].sys, alone[0].officialText, "block alone: " + alone[0].report}
			}
		}
	}
	return bad, nil
}

// run runs cmd and returns its standard output, or an error with its standard error.
func run(cmd *exec.Cmd) ([]byte, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	return out, nil
}

// firstDifference returns the 1-based line at which the outputs first differ, and the 1-based
// sentence it belongs to (one more than the sentences whose chosen annotator came before it).
func firstDifference(official, ours []byte) (line, sentence int) {
	a, b := strings.Split(string(official), "\n"), strings.Split(string(ours), "\n")
	sentence = 1
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i + 1, sentence
		}
		if strings.HasPrefix(a[i], ">> Chosen Annotator for line ") {
			sentence++
		}
	}
	return len(a), sentence
}

// showLine shows line n (1-based) of both outputs, quoted.
func showLine(official, ours []byte, n int) string {
	at := func(text []byte) string {
		lines := strings.Split(string(text), "\n")
		if n-1 < len(lines) {
			return strconv.Quote(lines[n-1])
		}
		return "(no such line)"
	}
	return "official: " + at(official) + "\nours:     " + at(ours)
}
