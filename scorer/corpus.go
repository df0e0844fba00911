package scorer

import (
	"fmt"
	"strings"
)

// Score scores one hypothesis per gold sentence, choosing an annotator per sentence as the
// official does, and calls each (when not nil) with every sentence's result, in order.
func Score(hyps []string, gold []Sentence, opt Options, each func(*SentenceResult) error) (Totals, error) {
	t := Totals{Beta: opt.Beta}
	if len(hyps) != len(gold) {
		return t, fmt.Errorf("the system output has %d sentences and the gold standard %d", len(hyps), len(gold))
	}
	ev := NewEvaluator(opt)
	for i := range gold {
		r := ev.Evaluate(hyps[i], &gold[i])
		r.Index = i
		t.Choose(&r)
		if each != nil {
			if err := each(&r); err != nil {
				return t, err
			}
		}
	}
	return t, nil
}

// Trim removes the tokens an edit leaves unchanged at its start and then at its end, adjusting
// its offsets: the official verbose output shows edits this way.
func Trim(e Edit) Edit {
	orig, corr := strings.Split(e.Original, " "), strings.Split(e.Correction, " ")
	if e.Original == "" {
		orig = nil
	}
	if e.Correction == "" {
		corr = nil
	}
	i := 0
	for i < min(len(orig), len(corr)) && orig[i] == corr[i] {
		i++
	}
	j := 0
	for j < min(len(orig), len(corr))-i && orig[len(orig)-1-j] == corr[len(corr)-1-j] {
		j++
	}
	return Edit{
		Start: e.Start + i, End: e.End - j,
		Original:   strings.Join(orig[i:len(orig)-j], " "),
		Correction: strings.Join(corr[i:len(corr)-j], " "),
	}
}
