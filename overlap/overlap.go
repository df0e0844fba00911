// Package overlap is the HOO shared tasks' rule for how much one edit's extent overlaps
// another's: the rule of the HOO 2011 evaluate.py and the HOO 2012 evalfrag.py, which the HOO
// scorers (hoo/eval) apply to byte offsets and the scorer's --levels to token offsets. It is a
// leaf: it imports nothing of ours.
package overlap

import "strings"

// Extent is what the overlap rule looks at in an edit: its span, in any unit (bytes in HOO
// edit files, tokens in M² edits), and its corrections, of which an insertion's are compared
// with the text of an adjacent replacement.
type Extent struct {
	Start, End  int
	Corrections []string
}

// Of returns how much b's extent overlaps a's, from 0 to 1 (Rule), with the insertion's
// affix test as the HOO scorers' Fixed mode reads it: one of a's non-empty corrections is a
// suffix (or prefix) of one of b's corrections, and nothing raises. A lenient alignment
// (detection) is an overlap other than 0, a strict one an overlap of 1; the relation is not
// symmetric: an insertion next to a replacement whose correction ends (or starts) with the
// inserted text overlaps it, the replacement does not overlap the insertion.
//
// The suffix and prefix tests are on strings: on token sequences joined by single spaces, pass
// each non-empty correction with a space at both ends, so that only whole tokens match.
func Of(a, b Extent) float64 {
	return Rule(a.Start, a.End, b.Start, b.End, func(atEnd bool) bool {
		has := strings.HasPrefix
		if atEnd {
			has = strings.HasSuffix
		}
		return AnyAffix(a.Corrections, b.Corrections, has)
	})
}

// AnyAffix is whether a has no correction, or one of a's non-empty corrections is a suffix (or
// prefix, by has) of one of b's.
func AnyAffix(a, b []string, has func(s, affix string) bool) bool {
	if len(a) == 0 {
		return true
	}
	for _, c := range a {
		if c == "" {
			continue
		}
		for _, bc := range b {
			if has(bc, c) {
				return true
			}
		}
	}
	return false
}

// Rule returns how much the span [bStart, bEnd) overlaps [aStart, aEnd), from 0 to 1:
//
//   - a replacement (aStart < aEnd) and another: the size of their intersection over that of
//     their union;
//   - a replacement and an insertion strictly inside it: 1 over a's length; at its ends, 0;
//   - two insertions at one point: 1;
//   - an insertion strictly inside b: 1 over b's length;
//   - an insertion at b's end (b replaces the text before it) or at b's start (the text after
//     it): 1 over b's length when affix(atEnd) holds, else 0. affix is asked nothing else; it
//     decides whether the inserted text continues b's correction at that end (the official
//     scorers' tests differ in what raises, which is why the caller supplies it).
func Rule(aStart, aEnd, bStart, bEnd int, affix func(atEnd bool) bool) float64 {
	if aStart != aEnd {
		if bStart == bEnd {
			if aStart < bStart && aEnd > bEnd {
				return 1 / float64(aEnd-aStart)
			}
			return 0
		}
		lo, hi := max(aStart, bStart), min(aEnd, bEnd)
		inter := max(0, hi-lo)
		union := (aEnd - aStart) + (bEnd - bStart) - inter
		return float64(inter) / float64(union)
	}
	switch {
	case bStart == aStart && bEnd == aEnd:
		return 1
	case bStart < aStart && bEnd > aEnd:
		return 1 / float64(bEnd-bStart)
	case bStart < aStart && bEnd == aEnd:
		if affix(true) {
			return 1 / float64(bEnd-bStart)
		}
		return 0
	case bStart == aStart && bEnd > aEnd:
		if affix(false) {
			return 1 / float64(bEnd-bStart)
		}
		return 0
	}
	return 0
}
