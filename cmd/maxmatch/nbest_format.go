package main

import (
	"strconv"
	"strings"

	"maxmatch/report"
	"maxmatch/scorer"
)

// The TSV rows of "maxmatch nbest" (its JSON lines are package service's), written by hand
// into byte slices: a worker formats its own results.

// nbestTSVHeader is the header of nbest's TSV output.
func nbestTSVHeader(beta float64) string {
	return "id\tk\tannotator\tcorrect\tproposed\tgold\tp\tr\t" + strings.ToLower(report.FBetaLabel(beta)) + "\tannotators\n"
}

// appendResultTSV appends the TSV row of hypothesis k of sentence id: the chosen annotator's
// counts and sentence-level P, R and F_β, then every annotator's counts as
// "annotator:correct/proposed/gold", comma-separated, in visiting order.
func appendResultTSV(b []byte, id, k int, r *scorer.SentenceResult, beta float64) []byte {
	a := r.ChosenResult()
	n := a.Counts()
	p, rec, f := n.PRF(beta)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(k), 10)
	for _, v := range []int{a.Annotator, n.Correct, n.Proposed, n.Gold} {
		b = append(b, '\t')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	for _, v := range []float64{p, rec, f} {
		b = append(b, '\t')
		b = strconv.AppendFloat(b, v, 'f', 4, 64)
	}
	b = append(b, '\t')
	for i := range r.Annotators {
		if i > 0 {
			b = append(b, ',')
		}
		x := &r.Annotators[i]
		c := x.Counts()
		b = strconv.AppendInt(b, int64(x.Annotator), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(c.Correct), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(c.Proposed), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(c.Gold), 10)
	}
	return append(b, '\n')
}
