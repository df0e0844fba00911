package service

import (
	"maxmatch/lattice"
	"maxmatch/report"
	"maxmatch/scorer"
)

// The answers are written by report.JSONWriter: a worker formats its own results, and
// encoding/json's reflection would cost more than scoring a typical hypothesis. A sentence's
// result has report.WriteSentenceResult's members, the schema --jsonl writes too.

// WriteCompactResult writes a sentence-level result as one JSON array, the figures of
// report.WriteSentenceResult without the names, for clients that read many (the Python
// package):
//
//	[annotator, correct, proposed, gold, p, r, f, [annotator, correct, proposed, gold, …],
//	 edits, correct_edits, bounded]
//
// with every annotator's four numbers in one flat list, the edits null without edits, and
// bounded 0 or 1.
func WriteCompactResult(j *report.JSONWriter, r *scorer.SentenceResult, beta float64, edits bool) {
	a := r.ChosenResult()
	n := a.Counts()
	p, rec, f := n.PRF(beta)
	j.Array()
	j.Int(a.Annotator)
	j.Int(n.Correct)
	j.Int(n.Proposed)
	j.Int(n.Gold)
	j.Float(p)
	j.Float(rec)
	j.Float(f)
	j.Array()
	for i := range r.Annotators {
		x := &r.Annotators[i]
		c := x.Counts()
		j.Int(x.Annotator)
		j.Int(c.Correct)
		j.Int(c.Proposed)
		j.Int(c.Gold)
	}
	j.EndArray()
	if edits {
		report.WriteEdits(j, a.Edits)
		report.WriteEdits(j, a.Correct)
	} else {
		j.Null()
		j.Null()
	}
	bounded := 0
	if r.Bounded != lattice.Exact {
		bounded = 1
	}
	j.Int(bounded)
	j.EndArray()
}
