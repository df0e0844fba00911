package compare

import (
	"bytes"
	"slices"

	"maxmatch/hoo/edits"
	"maxmatch/tokenize"
)

// Span is a byte range [Start, End) of a text.
type Span struct{ Start, End int }

// Segmenter cuts a text into the units differences are listed by.
type Segmenter func(text []byte) []Span

// Sentences is the default Segmenter: the sentences of package tokenize (prose's segmenter,
// never across a line break), each extended over the white space after it so that an edit
// there (an insertion at a sentence's end) belongs to it.
func Sentences(text []byte) []Span {
	ss := tokenize.Sentences(string(text))
	out := make([]Span, len(ss))
	for i, s := range ss {
		end := len(text)
		if i+1 < len(ss) {
			end = ss[i+1].Start
		}
		out[i] = Span{s.Start, end}
	}
	if len(out) > 0 {
		out[0].Start = 0
	}
	return out
}

// Lines cuts a text at its line breaks: HOO texts hold one paragraph per line.
func Lines(text []byte) []Span {
	var out []Span
	start := 0
	for start <= len(text) {
		end := bytes.IndexByte(text[start:], '\n')
		if end < 0 {
			out = append(out, Span{start, len(text)})
			break
		}
		out = append(out, Span{start, start + end})
		start += end + 1
	}
	return out
}

// Segment is the segmenter Compare uses to group differences.
var Segment Segmenter = Sentences

// Marked is an edit found by only one extraction, marked by whether it is a gold edit (the
// same span and one of the gold edit's corrections).
type Marked struct {
	edits.Edit
	Gold bool
}

// Difference is one segment of a fragment where the two extractions disagree.
type Difference struct {
	Fragment string
	Segment  int  // 1-based number of the segment in the fragment
	Span     Span // the segment in the original text
	Only     [2][]Marked
	Gold     []edits.Edit // the gold edits that touch an edit of Only
}

// key identifies an edit by what it does.
type key struct {
	start, end int
	correction string
	empty      bool
}

func keyOf(e *edits.Edit) key {
	k := key{start: e.Start, end: e.End}
	if len(e.Corrections) > 0 {
		k.correction, k.empty = e.Corrections[0].Text, e.Corrections[0].Empty
	}
	return k
}

// isGold reports whether e has the span of a gold edit and one of its corrections.
func isGold(e *edits.Edit, gold []edits.Edit) bool {
	k := keyOf(e)
	for i := range gold {
		g := &gold[i]
		if g.Start != e.Start || g.End != e.End {
			continue
		}
		for _, c := range g.Corrections {
			if !c.None && c.Empty == k.empty && (c.Empty || c.Text == k.correction) {
				return true
			}
		}
	}
	return false
}

// differences lists, segment by segment, the edits of a and b that the other lacks.
func differences(f *Fragment, a, b []edits.Edit) []Difference {
	only := func(x, y []edits.Edit) []edits.Edit {
		have := map[key]int{}
		for i := range y {
			have[keyOf(&y[i])]++
		}
		var out []edits.Edit
		for i := range x {
			k := keyOf(&x[i])
			if have[k] > 0 {
				have[k]--
				continue
			}
			out = append(out, x[i])
		}
		return out
	}
	onlyA, onlyB := only(a, b), only(b, a)
	segs := Segment(f.Original)
	var out []Difference
	for si, sp := range segs {
		d := Difference{Fragment: f.Name, Segment: si + 1, Span: sp}
		in := func(e *edits.Edit) bool {
			// An edit belongs to the segment its start is in; one at a segment's very end (an
			// insertion after its last byte) to that segment.
			return e.Start >= sp.Start && (e.Start < sp.End || e.Start == sp.End && (si == len(segs)-1 || segs[si+1].Start > sp.End))
		}
		for side, list := range [2][]edits.Edit{onlyA, onlyB} {
			for i := range list {
				if in(&list[i]) {
					d.Only[side] = append(d.Only[side], Marked{Edit: list[i], Gold: isGold(&list[i], f.Gold)})
				}
			}
		}
		if len(d.Only[0])+len(d.Only[1]) == 0 {
			continue
		}
		for i := range f.Gold {
			g := &f.Gold[i]
			touches := func(m []Marked) bool {
				return slices.ContainsFunc(m, func(e Marked) bool { return g.Start <= e.End && g.End >= e.Start })
			}
			if touches(d.Only[0]) || touches(d.Only[1]) {
				d.Gold = append(d.Gold, *g)
			}
		}
		out = append(out, d)
	}
	return out
}
