package service

import (
	"strconv"

	"maxmatch/lattice"
	"maxmatch/report"
	"maxmatch/scorer"
)

// The answers are written by hand into byte slices: a worker formats its own results, and
// encoding/json's reflection would cost more than scoring a typical hypothesis.

// AppendResult appends the fields of a sentence-level result (its annotator chosen by
// scorer.SentenceResult.ChooseAlone), without braces, so that callers put their own fields
// first:
//
//	"annotator":A,"correct":C,"proposed":P,"gold":G,"tp":…,"fp":…,"fn":…,"p":…,"r":…,"f":…,
//	"annotators":[{"annotator":…,"correct":…,"proposed":…,"gold":…},…],
//	"edits":[[start,end,"original","correction"],…],"correct_edits":[…]
//
// and "bounded":true when the bounded search scored the sentence. Edits are the chosen
// annotator's, as counted (scorer.AnnotatorResult.Edits and Correct); without edits, the two
// lists are left out.
func AppendResult(b []byte, r *scorer.SentenceResult, beta float64, edits bool) []byte {
	a := r.ChosenResult()
	n := a.Counts()
	p, rec, f := n.PRF(beta)
	b = AppendInt(b, `"annotator":`, a.Annotator)
	b = AppendScore(b, n, p, rec, f)
	b = append(b, `,"annotators":[`...)
	for i := range r.Annotators {
		if i > 0 {
			b = append(b, ',')
		}
		x := &r.Annotators[i]
		c := x.Counts()
		b = AppendInt(b, `{"annotator":`, x.Annotator)
		b = AppendInt(b, `,"correct":`, c.Correct)
		b = AppendInt(b, `,"proposed":`, c.Proposed)
		b = AppendInt(b, `,"gold":`, c.Gold)
		b = append(b, '}')
	}
	b = append(b, ']')
	if edits {
		b = append(b, `,"edits":`...)
		b = report.AppendJSONEdits(b, a.Edits, false)
		b = append(b, `,"correct_edits":`...)
		b = report.AppendJSONEdits(b, a.Correct, false)
	}
	if r.Bounded != lattice.Exact {
		b = append(b, `,"bounded":true`...)
	}
	return b
}

// AppendCompactResult appends a sentence-level result as one JSON array, the same figures as
// AppendResult's without the names, for clients that read many (the Python package):
//
//	[annotator, correct, proposed, gold, p, r, f, [annotator, correct, proposed, gold, …],
//	 edits, correct_edits, bounded]
//
// with every annotator's four numbers in one flat list, the edits null without edits, and
// bounded 0 or 1.
func AppendCompactResult(b []byte, r *scorer.SentenceResult, beta float64, edits bool) []byte {
	a := r.ChosenResult()
	n := a.Counts()
	p, rec, f := n.PRF(beta)
	b = AppendInt(b, "[", a.Annotator)
	b = AppendInt(b, ",", n.Correct)
	b = AppendInt(b, ",", n.Proposed)
	b = AppendInt(b, ",", n.Gold)
	b = AppendFloat(b, ",", p)
	b = AppendFloat(b, ",", rec)
	b = AppendFloat(b, ",", f)
	b = append(b, ",["...)
	for i := range r.Annotators {
		x := &r.Annotators[i]
		c := x.Counts()
		sep := ","
		if i == 0 {
			sep = ""
		}
		b = AppendInt(b, sep, x.Annotator)
		b = AppendInt(b, ",", c.Correct)
		b = AppendInt(b, ",", c.Proposed)
		b = AppendInt(b, ",", c.Gold)
	}
	b = append(b, "],"...)
	if edits {
		b = report.AppendJSONEdits(b, a.Edits, false)
		b = append(b, ',')
		b = report.AppendJSONEdits(b, a.Correct, false)
	} else {
		b = append(b, "null,null"...)
	}
	bounded := 0
	if r.Bounded != lattice.Exact {
		bounded = 1
	}
	return append(AppendInt(b, ",", bounded), ']')
}

// AppendScore appends the fields of a score (sentence or corpus), each after a comma:
// "correct", "proposed", "gold", then "tp", "fp", "fn", then "p", "r", "f".
func AppendScore(b []byte, n scorer.Counts, p, r, f float64) []byte {
	b = AppendInt(b, `,"correct":`, n.Correct)
	b = AppendInt(b, `,"proposed":`, n.Proposed)
	b = AppendInt(b, `,"gold":`, n.Gold)
	b = AppendInt(b, `,"tp":`, n.Correct)
	b = AppendInt(b, `,"fp":`, n.Proposed-n.Correct)
	b = AppendInt(b, `,"fn":`, n.Gold-n.Correct)
	b = AppendFloat(b, `,"p":`, p)
	b = AppendFloat(b, `,"r":`, r)
	return AppendFloat(b, `,"f":`, f)
}

// AppendInt appends a field's name (with its punctuation, as `,"name":`) and an integer.
func AppendInt(b []byte, name string, v int) []byte {
	return strconv.AppendInt(append(b, name...), int64(v), 10)
}

// AppendFloat appends a finite float in the shortest form that reads back exactly.
func AppendFloat(b []byte, name string, v float64) []byte {
	return strconv.AppendFloat(append(b, name...), v, 'g', -1, 64)
}
