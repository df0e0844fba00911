package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"maxmatch/scorer"
)

// officialAnnotator is what the official -v output says of one sentence and one annotator.
type officialAnnotator struct {
	id      int
	edits   []string // EDIT SEQ (trimmed)
	gold    int      // len(GOLD EDITS)
	correct []string // CORRECT EDITS
}

type officialSentence struct {
	annotators []officialAnnotator
	chosen     int
}

type officialRun struct {
	sentences []officialSentence
	figures   []string // the three printed lines
}

func editString(start, end int, orig, corr string) string {
	return fmt.Sprintf("(%d, %d, %s, %s)", start, end, pyRepr(orig), pyRepr(corr))
}

func tupleStrings(v pyValue) ([]string, error) {
	list, ok := v.([]pyValue)
	if !ok && v != nil {
		return nil, fmt.Errorf("not a list: %v", v)
	}
	var out []string
	for _, item := range list {
		t, ok := item.([]pyValue)
		if !ok || len(t) != 4 {
			return nil, fmt.Errorf("not an edit tuple: %v", item)
		}
		s, _ := t[0].(int64)
		e, _ := t[1].(int64)
		o, _ := t[2].(string)
		c, _ := t[3].(string)
		out = append(out, editString(int(s), int(e), o, c))
	}
	return out, nil
}

func parseOfficial(out []byte) (*officialRun, error) {
	run := &officialRun{}
	var cur officialSentence
	for _, line := range strings.Split(string(out), "\n") {
		field := func(prefix string) (string, bool) {
			if strings.HasPrefix(line, prefix) {
				return line[len(prefix):], true
			}
			return "", false
		}
		if v, ok := field(">> Annotator: "); ok {
			id, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return nil, err
			}
			cur.annotators = append(cur.annotators, officialAnnotator{id: id})
			continue
		}
		last := func() *officialAnnotator { return &cur.annotators[len(cur.annotators)-1] }
		for _, f := range []string{"EDIT SEQ      : ", "GOLD EDITS    : ", "CORRECT EDITS : "} {
			v, ok := field(f)
			if !ok {
				continue
			}
			pv, err := parsePyRepr(v)
			if err != nil {
				return nil, fmt.Errorf("%s%v", f, err)
			}
			switch f[0] {
			case 'E':
				last().edits, err = tupleStrings(pv)
			case 'G':
				list, _ := pv.([]pyValue)
				last().gold = len(list)
			case 'C':
				last().correct, err = tupleStrings(pv)
			}
			if err != nil {
				return nil, err
			}
		}
		if v, ok := field(">> Chosen Annotator for line "); ok {
			parts := strings.Split(v, " : ")
			id, err := strconv.Atoi(strings.TrimSpace(parts[len(parts)-1]))
			if err != nil {
				return nil, err
			}
			cur.chosen = id
			run.sentences = append(run.sentences, cur)
			cur = officialSentence{}
		}
		if strings.HasPrefix(line, "Precision   : ") || strings.HasPrefix(line, "Recall      : ") || (strings.HasPrefix(line, "F_") && strings.Contains(line, "       : ")) {
			run.figures = append(run.figures, line)
		}
	}
	if len(run.figures) != 3 {
		return nil, fmt.Errorf("official output has no final figures")
	}
	return run, nil
}

// stats show what the comparisons covered.
var stats struct {
	annotators, edits, correct, notFirst int
}

type mismatch struct {
	line      int // 1-based sentence number in its batch
	gold, sys string
	report    string
}

// ours scores the files in-process and renders the result like the official output.
func ours(cfg config, gold, sys []byte) (*officialRun, error) {
	g, err := scorer.ReadM2("gold.m2", gold, cfg.opt.Effective())
	if err != nil {
		return nil, err
	}
	h, err := scorer.ReadSystem("system.txt", sys)
	if err != nil {
		return nil, err
	}
	run := &officialRun{}
	t, err := scorer.Score(h, g, cfg.opt, func(r *scorer.SentenceResult) error {
		var s officialSentence
		for _, a := range r.Annotators {
			oa := officialAnnotator{id: a.Annotator, gold: len(a.Gold)}
			for _, e := range a.Edits {
				t := scorer.Trim(e)
				oa.edits = append(oa.edits, editString(t.Start, t.End, t.Original, t.Correction))
			}
			for _, e := range a.Correct {
				oa.correct = append(oa.correct, editString(e.Start, e.End, e.Original, e.Correction))
			}
			s.annotators = append(s.annotators, oa)
		}
		s.chosen = r.ChosenResult().Annotator
		run.sentences = append(run.sentences, s)
		return nil
	})
	if err != nil {
		return nil, err
	}
	p, r, f := t.PRF()
	run.figures = []string{
		fmt.Sprintf("Precision   : %.4f", p),
		fmt.Sprintf("Recall      : %.4f", r),
		fmt.Sprintf("F_%.1f       : %.4f", cfg.opt.Beta, f),
	}
	return run, nil
}

func describe(s officialSentence) string {
	var b strings.Builder
	for _, a := range s.annotators {
		fmt.Fprintf(&b, "  annotator %d: edits %v gold %d correct %v\n", a.id, a.edits, a.gold, a.correct)
	}
	fmt.Fprintf(&b, "  chosen %d\n", s.chosen)
	return b.String()
}

func sameSentence(a, b officialSentence) bool {
	return describe(a) == describe(b)
}

// runBoth scores the files with both scorers.
func runBoth(tmp, dir string, cfg config, gold, sys string) (off, our *officialRun, err error) {
	gp, sp := filepath.Join(tmp, "gold.m2"), filepath.Join(tmp, "system.txt")
	if err := os.WriteFile(gp, []byte(gold), 0o644); err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(sp, []byte(sys), 0o644); err != nil {
		return nil, nil, err
	}
	out, err := runOfficial(dir, cfg, gp, sp)
	if err != nil {
		return nil, nil, err
	}
	if off, err = parseOfficial(out); err != nil {
		return nil, nil, fmt.Errorf("parsing the official output: %v", err)
	}
	our, err = ours(cfg, []byte(gold), []byte(sys))
	return off, our, err
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

func compare(tmp, dir string, cfg config, blocks []genBlock) ([]mismatch, error) {
	gold, sys := files(blocks)
	var blockOf []int // sentence → block
	for bi, b := range blocks {
		for range b.hyps {
			blockOf = append(blockOf, bi)
		}
	}
	off, our, err := runBoth(tmp, dir, cfg, gold, sys)
	if err != nil {
		return nil, err
	}
	if len(off.sentences) != len(our.sentences) {
		return nil, fmt.Errorf("official scored %d sentences, we %d", len(off.sentences), len(our.sentences))
	}
	var bad []mismatch
	for i := range off.sentences {
		o := off.sentences[i]
		stats.annotators += len(o.annotators)
		for _, a := range o.annotators {
			stats.edits += len(a.edits)
			stats.correct += len(a.correct)
		}
		if len(o.annotators) > 0 && o.chosen != o.annotators[0].id {
			stats.notFirst++
		}
		if sameSentence(off.sentences[i], our.sentences[i]) {
			continue
		}
		m := mismatch{line: i + 1, gold: gold, sys: sys,
			report: fmt.Sprintf("sentence %d differs\nofficial:\n%sours:\n%s", i+1, describe(off.sentences[i]), describe(our.sentences[i]))}
		// Try the sentence's block on its own: a small case is a better regression test.
		g1, s1 := files(blocks[blockOf[i] : blockOf[i]+1])
		if o1, u1, err := runBoth(tmp, dir, cfg, g1, s1); err == nil {
			for j := range o1.sentences {
				if j < len(u1.sentences) && !sameSentence(o1.sentences[j], u1.sentences[j]) {
					m.gold, m.sys = g1, s1
					m.report = fmt.Sprintf("block alone differs at its sentence %d\nofficial:\n%sours:\n%s", j+1, describe(o1.sentences[j]), describe(u1.sentences[j]))
					break
				}
			}
		}
		bad = append(bad, m)
	}
	if len(bad) == 0 && strings.Join(off.figures, "\n") != strings.Join(our.figures, "\n") {
		bad = append(bad, mismatch{line: 0, gold: gold, sys: sys,
			report: fmt.Sprintf("figures differ\nofficial:\n%s\nours:\n%s", strings.Join(off.figures, "\n"), strings.Join(our.figures, "\n"))})
	}
	return bad, nil
}
