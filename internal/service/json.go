package service

import (
	"strconv"

	"maxmatch/lattice"
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
		b = appendEdits(b, a.Edits)
		b = append(b, `,"correct_edits":`...)
		b = appendEdits(b, a.Correct)
	}
	if r.Bounded != lattice.Exact {
		b = append(b, `,"bounded":true`...)
	}
	return b
}

// AppendInt appends a field's name (with its punctuation, as `,"name":`) and an integer.
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
		b = appendEdits(b, a.Edits)
		b = append(b, ',')
		b = appendEdits(b, a.Correct)
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

func AppendInt(b []byte, name string, v int) []byte {
	return strconv.AppendInt(append(b, name...), int64(v), 10)
}

// AppendFloat appends a finite float in the shortest form that reads back exactly.
func AppendFloat(b []byte, name string, v float64) []byte {
	return strconv.AppendFloat(append(b, name...), v, 'g', -1, 64)
}

func appendEdits(b []byte, edits []scorer.Edit) []byte {
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
		b = AppendString(b, e.Original)
		b = append(b, ',')
		b = AppendString(b, e.Correction)
		b = append(b, ']')
	}
	return append(b, ']')
}

// AppendString appends s as a JSON string: quotes, backslashes and control characters
// escaped, everything else as it is (every text we print was checked to be UTF-8 on input).
func AppendString(b []byte, s string) []byte {
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
