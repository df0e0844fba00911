package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"maxmatch/internal/oracle"
)

// stats show what the comparisons covered.
var stats struct {
	annotators, edits, correct, notFirst int
}

type mismatch struct {
	line         int // 1-based sentence number in its batch
	gold, sys    string
	officialText []byte // the official's -v output for gold and sys
	report       string
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

// runBoth scores the files with both scorers.
func runBoth(tmp, dir string, cfg config, gold, sys string) (off, our *oracle.Run, raw []byte, err error) {
	gp, sp := filepath.Join(tmp, "gold.m2"), filepath.Join(tmp, "system.txt")
	if err := os.WriteFile(gp, []byte(gold), 0o644); err != nil {
		return nil, nil, nil, err
	}
	if err := os.WriteFile(sp, []byte(sys), 0o644); err != nil {
		return nil, nil, nil, err
	}
	raw, err = runOfficial(dir, cfg, gp, sp)
	if err != nil {
		return nil, nil, nil, err
	}
	if off, err = oracle.ParseVerbose(raw); err != nil {
		return nil, nil, nil, fmt.Errorf("parsing the official output: %v", err)
	}
	our, err = oracle.Ours(cfg.opt, []byte(gold), []byte(sys))
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
	for i := range off.Sentences {
		o := off.Sentences[i]
		stats.annotators += len(o.Annotators)
		for _, a := range o.Annotators {
			stats.edits += len(a.Edits)
			stats.correct += len(a.Correct)
		}
		if len(o.Annotators) > 0 && o.Chosen != o.Annotators[0].ID {
			stats.notFirst++
		}
		if o.String() == our.Sentences[i].String() {
			continue
		}
		m := mismatch{line: i + 1, gold: gold, sys: sys, officialText: raw,
			report: fmt.Sprintf("sentence %d differs\nofficial:\n%sours:\n%s", i+1, o, our.Sentences[i])}
		// Try the sentence's block on its own: a small case is a better regression test.
		g1, s1 := files(blocks[blockOf[i] : blockOf[i]+1])
		if o1, u1, raw1, err := runBoth(tmp, dir, cfg, g1, s1); err == nil {
			if d := oracle.Diff(o1, u1); d != "" {
				m.gold, m.sys, m.officialText, m.report = g1, s1, raw1, "block alone: "+d
			}
		}
		bad = append(bad, m)
	}
	if len(bad) == 0 {
		if d := oracle.Diff(off, our); d != "" {
			bad = append(bad, mismatch{gold: gold, sys: sys, officialText: raw, report: d})
		}
	}
	return bad, nil
}
