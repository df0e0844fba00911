package nbest

import (
	"fmt"
	"strings"

	"maxmatch/internal/wording"
	"maxmatch/report"
	"maxmatch/scorer"
)

// AppendJSONRows appends one JSON line per hypothesis of group g: {"id": the sentence, "k":
// the hypothesis's rank, then the scored sentence's fields (report.WriteSentenceResult), the
// chosen annotator's edits with them}.
func AppendJSONRows(b []byte, g *Group, rs []scorer.SentenceResult, beta float64) []byte {
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

// AppendSystem appends the chosen hypotheses, one per gold sentence: a system file, which
// "maxmatch score" reads back as the hypotheses scored, with the same figures. A hypothesis is
// written as the scorer reads it: a line break in it (a JSON-lines list may hold one) is
// written as a space, which splits its tokens as the line break did (a line break would make
// it two lines); a first hypothesis that starts with a byte order mark gets another before it,
// as the reader skips the one that starts a file, never a token's.
func (o *ListOracle) AppendSystem(b []byte, gold []scorer.Sentence) []byte {
	for i := range gold {
		h := o.Chosen(gold, i)
		if i == 0 && strings.HasPrefix(h, "\ufeff") {
			b = append(b, "\ufeff"...)
		}
		for {
			line, rest, found := strings.Cut(h, "\n")
			b = append(b, line...)
			if !found {
				break
			}
			b, h = append(b, ' '), rest
		}
		b = append(b, '\n')
	}
	return b
}

// AppendJSONLines appends one JSON line per gold sentence, {"id", "k" (-1: the source, no
// hypothesis in the list), "hyp", "annotator", "correct", "proposed", "gold"}, then {"total":
// {"sentences", the corpus score's fields, "greedy_f", "upper_bound", "method", "exact",
// "sweeps"}}.
func (o *ListOracle) AppendJSONLines(b []byte, gold []scorer.Sentence, beta float64) []byte {
	var j report.JSONWriter
	t := scorer.Totals{Beta: beta}
	for i := range gold {
		k := o.Choice[i]
		a := t.ChooseCounts(o.Candidates[i][k])
		n := o.Candidates[i][k][a]
		if o.Hyps[i] == nil {
			k = -1
		}
		j.Reset(b)
		j.Object()
		j.Key("id").Int(i)
		j.Key("k").Int(k)
		j.Key("hyp").String(o.Chosen(gold, i))
		j.Key("annotator").Int(gold[i].Annotators[a].ID)
		j.Key("correct").Int(n.Correct)
		j.Key("proposed").Int(n.Proposed)
		j.Key("gold").Int(n.Gold)
		j.End()
		b = append(j.Bytes(), '\n')
	}
	_, _, greedy := o.Greedy.PRF()
	j.Reset(b)
	j.Object()
	j.Key("total").Object()
	j.Key("sentences").Int(len(gold))
	report.WriteScore(&j, o.Totals.Counts(), beta)
	j.Key("greedy_f").Float(greedy)
	j.Key("upper_bound").Float(o.UpperBound)
	j.Key("method").String(o.Method.String())
	j.Key("exact").Bool(o.Method.Exact())
	j.Key("sweeps").Int(o.Sweeps)
	j.End()
	j.End()
	return append(j.Bytes(), '\n')
}

// AppendText appends the oracle's score as "maxmatch score --counts" prints it, then the
// greedy choice's F_β, the upper bound, and how the choice was found.
func (o *ListOracle) AppendText(b []byte, beta float64) []byte {
	label := report.FBetaLabel(beta)
	_, _, greedy := o.Greedy.PRF()
	b = report.TotalFields(o.Totals, true).AppendText(b)
	b = fmt.Appendf(b, "Greedy      : %s %.4f (each sentence's best hypothesis for the totals before it)\n", label, greedy)
	b = fmt.Appendf(b, "Upper bound : %s %.4f (the best with the annotator free in every sentence)\n", label, o.UpperBound)
	switch o.Method {
	case Ascent:
		return fmt.Appendf(b, "Method      : %s, %s; not proved the best\n", o.Method, wording.Plural(o.Sweeps, "sweep"))
	case Bound:
		return fmt.Appendf(b, "Method      : coordinate ascent, %s, reached the upper bound: the best\n", wording.Plural(o.Sweeps, "sweep"))
	}
	return fmt.Appendf(b, "Method      : %s of every combination: the best\n", o.Method)
}
