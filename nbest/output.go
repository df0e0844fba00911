package nbest

import (
	"fmt"
	"strconv"
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

// Table is the table of an n-best list's hypotheses, one row each (TableRows): the sentence id,
// k (the hypothesis's rank within its sentence), the chosen annotator with its correct, proposed
// and gold counts, the sentence-level P, R and F_β (four decimals), and every annotator's
// counts. It has no rows: they are rendered as they are scored (report.Table.AppendRow), so
// its columns say their alignment.
func Table(beta float64) *report.Table {
	right, left := report.AlignRight, report.AlignLeft
	return &report.Table{Columns: []report.Column{
		{Name: "id", Align: right}, {Name: "k", Align: right}, {Name: "annotator", Align: right},
		{Name: "correct", Align: right}, {Name: "proposed", Align: right}, {Name: "gold", Align: right},
		{Name: "p", Align: right}, {Name: "r", Align: right}, {Name: strings.ToLower(report.FBetaLabel(beta)), Key: "f", Align: right},
		{Name: "annotators", Align: left},
	}}
}

// TableRows calls each with the row of Table of every hypothesis of rs, the group g's, in order:
// the chosen annotator's counts and sentence-level P, R and F_β, then every annotator's counts
// as "annotator:correct/proposed/gold", comma-separated, in visiting order. The row is reused for
// the next hypothesis, and the annotators' texts are one string: a few allocations a group, not
// a few a hypothesis.
func TableRows(g *Group, rs []scorer.SentenceResult, beta float64, each func(row []report.Cell)) {
	if len(rs) == 0 { // {"id": i, "hyps": []}
		return
	}
	text := make([]byte, 0, 16*len(rs)*len(rs[0].Annotators)) // "0:12/15/13," is 11 bytes
	ends := make([]int, len(rs))
	for k := range rs {
		r := &rs[k]
		for i := range r.Annotators {
			if i > 0 {
				text = append(text, ',')
			}
			x := &r.Annotators[i]
			c := x.Counts()
			text = strconv.AppendInt(text, int64(x.Annotator), 10)
			text = strconv.AppendInt(append(text, ':'), int64(c.Correct), 10)
			text = strconv.AppendInt(append(text, '/'), int64(c.Proposed), 10)
			text = strconv.AppendInt(append(text, '/'), int64(c.Gold), 10)
		}
		ends[k] = len(text)
	}
	all, from := string(text), 0
	row := make([]report.Cell, 0, 10)
	for k := range rs {
		a := rs[k].ChosenResult()
		n := a.Counts()
		p, rec, f := n.PRF(beta)
		row = append(row[:0], report.Int(g.Sentence), report.Int(k), report.Int(a.Annotator),
			report.Int(n.Correct), report.Int(n.Proposed), report.Int(n.Gold),
			report.Float(p, 4), report.Float(rec, 4), report.Float(f, 4), report.Text(all[from:ends[k]]))
		from = ends[k]
		each(row)
	}
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
	j.Reset(b)
	j.Object()
	j.Key("total").Fields(o.Fields(len(gold), beta))
	j.End()
	return append(j.Bytes(), '\n')
}

// Fields are the oracle's report on the sentences gold sentences: the chosen hypotheses' score
// as "maxmatch score --counts" prints it, the greedy choice's F_β, the upper bound, and how the
// choice was found. Programs read "sentences", the score's members in the order of every
// score's JSON (report.WriteScore), "greedy_f", "upper_bound", "method", "exact" and "sweeps".
func (o *ListOracle) Fields(sentences int, beta float64) report.Fields {
	label := report.FBetaLabel(beta)
	_, _, greedy := o.Greedy.PRF()
	total := report.TotalFields(o.Totals, true) // correct, proposed, gold; P, R, F_β; TP, FP, FN
	fs := append(report.Fields{{Key: "sentences", Value: report.Int(sentences)}}, total[:3]...)
	for _, c := range total[6:] {
		fs = append(fs, report.Field{Key: c.Key, Value: c.Value})
	}
	fs = append(fs, total[3:6]...)
	for _, c := range total[6:] {
		fs = append(fs, report.Field{Label: c.Label, Value: c.Value})
	}
	method := fmt.Sprintf("%s of every combination: the best", o.Method)
	switch o.Method {
	case Ascent:
		method = fmt.Sprintf("%s, %s; not proved the best", o.Method, wording.Plural(o.Sweeps, "sweep"))
	case Bound:
		method = fmt.Sprintf("coordinate ascent, %s, reached the upper bound: the best", wording.Plural(o.Sweeps, "sweep"))
	}
	return append(fs,
		report.Field{Label: "Greedy", Value: report.Text(fmt.Sprintf("%s %.4f (each sentence's best hypothesis for the totals before it)", label, greedy))},
		report.Field{Key: "greedy_f", Value: report.Float(greedy, 4)},
		report.Field{Label: "Upper bound", Value: report.Text(fmt.Sprintf("%s %.4f (the best with the annotator free in every sentence)", label, o.UpperBound))},
		report.Field{Key: "upper_bound", Value: report.Float(o.UpperBound, 4)},
		report.Field{Label: "Method", Value: report.Text(method)},
		report.Field{Key: "method", Value: report.Text(o.Method.String())},
		report.Field{Key: "exact", Value: report.Bool(o.Method.Exact())},
		report.Field{Key: "sweeps", Value: report.Int(o.Sweeps)})
}
