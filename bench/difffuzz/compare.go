package main

import (
	"bytes"
	"fmt"
	"os"
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

type mismatch struct {
	line         int // 1-based sentence number in its batch
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

// writeFiles writes the gold and system files of a batch into tmp and returns their paths.
func writeFiles(tmp, gold, sys string) (goldPath, sysPath string, err error) {
	goldPath, sysPath = filepath.Join(tmp, "gold.m2"), filepath.Join(tmp, "system.txt")
	if err := os.WriteFile(goldPath, []byte(gold), 0o644); err != nil {
		return "", "", err
	}
	return goldPath, sysPath, os.WriteFile(sysPath, []byte(sys), 0o644)
}

// runBoth scores the files with both scorers.
func runBoth(tmp, dir string, cfg config, gold, sys string) (off, our *m2verbose.Run, raw []byte, err error) {
	gp, sp, err := writeFiles(tmp, gold, sys)
	if err != nil {
		return nil, nil, nil, err
	}
	raw, err = runOfficial(dir, cfg, gp, sp)
	if err != nil {
		return nil, nil, nil, err
	}
	if off, err = m2verbose.ParseVerbose(raw); err != nil {
		return nil, nil, nil, fmt.Errorf("parsing the official output: %v", err)
	}
	our, err = m2verbose.Ours(cfg.opt, []byte(gold), []byte(sys))
	return off, our, raw, err
}

func compare(tmp, dir string, cfg config, blocks []genBlock) ([]mismatch, error) {
	gold, sys := files(blocks)
	var blockOf []int // sentence → block
	for bi, b := range blocks {
		for range b.hyps {
			blockOf = append(blockOf, bi)
		}
	}
	off, our, raw, err := runBoth(tmp, dir, cfg, gold, sys)
	if err != nil {
		return nil, err
	}
	if len(off.Sentences) != len(our.Sentences) {
		return nil, fmt.Errorf("official scored %d sentences, we %d", len(off.Sentences), len(our.Sentences))
	}
	var bad []mismatch
	countCovered(off)
	for i := range off.Sentences {
		o := off.Sentences[i]
		if o.String() == our.Sentences[i].String() {
			continue
		}
		m := mismatch{line: i + 1, gold: gold, sys: sys, officialText: raw,
			report: fmt.Sprintf("sentence %d differs\nofficial:\n%sours:\n%s", i+1, o, our.Sentences[i])}
		// Try the sentence's block on its own: a small case is a better regression test.
		g1, s1 := files(blocks[blockOf[i] : blockOf[i]+1])
		if o1, u1, raw1, err := runBoth(tmp, dir, cfg, g1, s1); err == nil {
			if d := m2verbose.Diff(o1, u1); d != "" {
				m.gold, m.sys, m.officialText, m.report = g1, s1, raw1, "block alone: "+d
			}
		}
		bad = append(bad, m)
	}
	if len(bad) == 0 {
		if d := m2verbose.Diff(off, our); d != "" {
			bad = append(bad, mismatch{gold: gold, sys: sys, officialText: raw, report: d})
		}
	}
	return bad, nil
}

// runBothBytes runs the official scorer and "maxmatch score -v" on the files.
func runBothBytes(tmp, dir, command string, cfg config, gold, sys string) (official, ours []byte, err error) {
	gp, sp, err := writeFiles(tmp, gold, sys)
	if err != nil {
		return nil, nil, err
	}
	if official, err = runOfficial(dir, cfg, gp, sp); err != nil {
		return nil, nil, err
	}
	ours, err = runOurs(command, cfg, gp, sp)
	return official, ours, err
}

// compareBytes compares the whole -v output of both scorers on a batch. On a difference it
// reports the first differing line and the sentence it belongs to, and tries that sentence's
// block on its own for a smaller case.
func compareBytes(tmp, dir, command string, cfg config, blocks []genBlock) ([]mismatch, error) {
	gold, sys := files(blocks)
	official, ours, err := runBothBytes(tmp, dir, command, cfg, gold, sys)
	if err != nil {
		return nil, err
	}
	// The counts of what was covered come from the official output, parsed.
	if run, err := m2verbose.ParseVerbose(official); err == nil {
		countCovered(run)
	}
	stats.bytes += len(official)
	if bytes.Equal(official, ours) {
		return nil, nil
	}
	line, sentence := firstDifference(official, ours)
	m := mismatch{line: sentence, gold: gold, sys: sys, officialText: official,
		report: fmt.Sprintf("-v output differs at line %d (sentence %d)\n%s", line, sentence, showLine(official, ours, line))}
	var blockOf []int // sentence → block
	for bi, b := range blocks {
		for range b.hyps {
			blockOf = append(blockOf, bi)
		}
	}
	if sentence >= 1 && sentence <= len(blockOf) {
		b := blockOf[sentence-1]
		g1, s1 := files(blocks[b : b+1])
		if o1, u1, err := runBothBytes(tmp, dir, command, cfg, g1, s1); err == nil && !bytes.Equal(o1, u1) {
			l1, _ := firstDifference(o1, u1)
			m.gold, m.sys, m.officialText = g1, s1, o1
			m.report = fmt.Sprintf("block alone: -v output differs at line %d\n%s", l1, showLine(o1, u1, l1))
		}
	}
	return []mismatch{m}, nil
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
