package main

import (
	"strconv"
	"strings"

	"maxmatch/lattice"
	"maxmatch/scorer"
)

// The sentence-level results of "maxmatch nbest" and "maxmatch serve", written by hand into
// byte slices: a worker formats its own results, and encoding/json's reflection would cost more
// than scoring a typical hypothesis.

// nbestTSVHeader is the header of nbest's TSV output.
func nbestTSVHeader(beta float64) string {
	return "id\tk\tannotator\tcorrect\tproposed\tgold\tp\tr\t" + strings.ToLower(fBetaLabel(beta)) + "\tannotators\n"
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

// appendResultJSON appends the fields of a sentence-level result, without braces, so that callers
// put their own fields first:
//
//	"annotator":A,"correct":C,"proposed":P,"gold":G,"tp":…,"fp":…,"fn":…,"p":…,"r":…,"f":…,
//	"annotators":[{"annotator":…,"correct":…,"proposed":…,"gold":…},…],
//	"edits":[[start,end,"original","correction"],…],"correct_edits":[…]
//
// and "bounded":true when the bounded search scored the sentence. Edits are the chosen
// annotator's, as counted (scorer.AnnotatorResult.Edits and Correct).
func appendResultJSON(b []byte, r *scorer.SentenceResult, beta float64) []byte {
	a := r.ChosenResult()
	n := a.Counts()
	p, rec, f := n.PRF(beta)
	b = appendIntField(b, `"annotator":`, a.Annotator)
	b = appendIntField(b, `,"correct":`, n.Correct)
	b = appendIntField(b, `,"proposed":`, n.Proposed)
	b = appendIntField(b, `,"gold":`, n.Gold)
	b = appendIntField(b, `,"tp":`, n.Correct)
	b = appendIntField(b, `,"fp":`, n.Proposed-n.Correct)
	b = appendIntField(b, `,"fn":`, n.Gold-n.Correct)
	b = appendFloatField(b, `,"p":`, p)
	b = appendFloatField(b, `,"r":`, rec)
	b = appendFloatField(b, `,"f":`, f)
	b = append(b, `,"annotators":[`...)
	for i := range r.Annotators {
		if i > 0 {
			b = append(b, ',')
		}
		x := &r.Annotators[i]
		c := x.Counts()
		b = appendIntField(b, `{"annotator":`, x.Annotator)
		b = appendIntField(b, `,"correct":`, c.Correct)
		b = appendIntField(b, `,"proposed":`, c.Proposed)
		b = appendIntField(b, `,"gold":`, c.Gold)
		b = append(b, '}')
	}
	b = append(b, `],"edits":`...)
	b = appendEditsJSON(b, a.Edits)
	b = append(b, `,"correct_edits":`...)
	b = appendEditsJSON(b, a.Correct)
	if r.Bounded != lattice.Exact {
		b = append(b, `,"bounded":true`...)
	}
	return b
}

func appendIntField(b []byte, name string, v int) []byte {
	return strconv.AppendInt(append(b, name...), int64(v), 10)
}

// appendFloatField appends a finite float in the shortest form that reads back exactly.
func appendFloatField(b []byte, name string, v float64) []byte {
	return strconv.AppendFloat(append(b, name...), v, 'g', -1, 64)
}

func appendEditsJSON(b []byte, edits []scorer.Edit) []byte {
	b = append(b, '[')
	for i, e := range edits {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(e.Start), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(e.End), 10)
		b = append(b, ',')
		b = appendJSONString(b, e.Original)
		b = append(b, ',')
		b = appendJSONString(b, e.Correction)
		b = append(b, ']')
	}
	return append(b, ']')
}

// appendJSONString appends s as a JSON string: quotes, backslashes and control characters
// escaped, everything else as it is (every text we print was checked to be UTF-8 on input).
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
