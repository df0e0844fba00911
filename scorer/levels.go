package scorer

import (
	"maxmatch/overlap"
)

// LevelCounts are the counts of one level of the HOO framework: how many system edits are right
// at that level (precision's numerator) and how many gold edits were found at it (recall's).
// The two differ where one edit meets several: a system edit overlapping two gold edits
// detects both.
type LevelCounts struct {
	Proposed   int // system edits
	Gold       int // gold edits
	SystemHits int // system edits right at this level
	GoldHits   int // gold edits found at this level
}

// Add returns c + d.
func (c LevelCounts) Add(d LevelCounts) LevelCounts {
	return LevelCounts{c.Proposed + d.Proposed, c.Gold + d.Gold, c.SystemHits + d.SystemHits, c.GoldHits + d.GoldHits}
}

// PRF returns SystemHits/Proposed, GoldHits/Gold and their F_β, with the official's conventions
// (P = 1 when nothing is proposed, R = 1 when there is no gold edit, F = 0 when P = R = 0).
func (c LevelCounts) PRF(beta float64) (p, r, f float64) {
	return prf(float64(c.SystemHits), float64(c.Proposed), float64(c.GoldHits), float64(c.Gold), beta)
}

// Levels are the HOO framework's three levels applied to M² edits, for one sentence's chosen
// annotator or summed over a corpus:
//
//   - Detection: a system edit is right when it overlaps a gold edit, and a gold edit is found
//     when a system edit overlaps it, by HOO 2012's extent overlap (overlap.Of) on token
//     offsets: two spans that share a token; an insertion strictly inside a span (not at its
//     ends); two insertions at the same point; and, seen from an insertion only, a replacement
//     ending (starting) where it is whose correction ends (starts) with the inserted tokens.
//   - Recognition: the same span, whatever the correction.
//   - Correction: the official M² count, unchanged: the edits that match a gold edit in span
//     and correction (SystemHits = GoldHits = Counts().Correct).
//
// For detection and recognition, edits are compared by the tokens they change: each edit is
// trimmed of the tokens it leaves unchanged at its ends (Trim), a gold edit once per
// correction. The M² path joins a change to unchanged neighbours when nothing in the gold
// decides otherwise: a system that changes only "on" can be counted with the edit "cat sat on"
// → "cat sat in", which would otherwise detect an error at "cat" and recognise none at "on".
// Trimming keeps HOO's premise that an edit spans what it changes.
//
// Every system edit that corrects also recognises (it trims as the gold edit it equals), and
// every one that recognises also detects; the same holds for gold edits. So recall never
// increases from detection to correction, nor precision from detection to recognition.
// Precision can from recognition to correction under release 3.2's duplicate-gold quirk, where
// a system edit equal to two identical gold edits counts twice as correct (FixDuplicateGold).
type Levels struct {
	Detection, Recognition, Correction LevelCounts
}

// Add returns l + m.
func (l Levels) Add(m Levels) Levels {
	return Levels{l.Detection.Add(m.Detection), l.Recognition.Add(m.Recognition), l.Correction.Add(m.Correction)}
}

// Levels counts the annotator's system edits and gold edits at the three levels. For a corpus,
// add up the levels of each sentence's chosen annotator (SentenceResult.ChosenResult), as the
// official totals add up its counts: the three levels then describe the same gold edits and
// the same system edits, and Correction is the official count.
//
// A gold edit whose span ends before it starts (read as the official reads it, without M2Reader.Strict) is neither
// detected nor recognised, as it can never be corrected.
func (a *AnnotatorResult) Levels() Levels {
	n := a.Counts()
	l := Levels{Correction: LevelCounts{n.Proposed, n.Gold, n.Correct, n.Correct}}
	l.Detection = LevelCounts{Proposed: n.Proposed, Gold: n.Gold}
	l.Recognition = l.Detection
	sys := make([]overlap.Extent, len(a.Edits))
	for i, e := range a.Edits {
		sys[i] = trimmedExtent(e)
	}
	goldDetected := make([]bool, len(a.Gold))
	goldRecognised := make([]bool, len(a.Gold))
	// Each gold edit's extents, one per correction, computed once (none for a span that ends
	// before it starts).
	gold := make([][]overlap.Extent, len(a.Gold))
	for j := range a.Gold {
		if g := &a.Gold[j]; g.Start <= g.End {
			for _, c := range g.Corrections {
				gold[j] = append(gold[j], trimmedExtent(Edit{g.Start, g.End, g.Original, c}))
			}
		}
	}
	for i := range sys {
		detected, recognised := false, false
		for j := range a.Gold {
			for _, gx := range gold[j] {
				same := sys[i].Start == gx.Start && sys[i].End == gx.End
				recognised = recognised || same
				goldRecognised[j] = goldRecognised[j] || same
				// Detection is seen from each side, as HOO 2012 counts it.
				detected = detected || overlap.Of(sys[i], gx) != 0
				goldDetected[j] = goldDetected[j] || overlap.Of(gx, sys[i]) != 0
			}
		}
		if detected {
			l.Detection.SystemHits++
		}
		if recognised {
			l.Recognition.SystemHits++
		}
	}
	for j := range a.Gold {
		if goldDetected[j] {
			l.Detection.GoldHits++
		}
		if goldRecognised[j] {
			l.Recognition.GoldHits++
		}
	}
	return l
}

// trimmedExtent is an M² edit as the HOO overlap rules see it: trimmed of its unchanged tokens
// at both ends, its correction a token sequence joined by single spaces, given with a space at
// both ends so that the rules' string suffix and prefix tests match whole tokens only.
func trimmedExtent(e Edit) overlap.Extent {
	e = Trim(e)
	c := e.Correction
	if c != "" {
		c = " " + c + " "
	}
	return overlap.Extent{Start: e.Start, End: e.End, Corrections: []string{c}}
}

// prf is the official's precision, recall and F_β, from the numerators of precision and of
// recall (equal in the official count): P = 1 when nothing was proposed, R = 1 when there is
// no gold edit, F = 0 when P = R = 0. (1+β²)·P·R/(β²·P+R) is computed in the official's order,
// each product rounded on its own on every architecture (see FBeta).
func prf(systemHits, proposed, goldHits, gold, beta float64) (p, r, f float64) {
	p, r = 1, 1
	if proposed != 0 {
		p = systemHits / proposed
	}
	if gold != 0 {
		r = goldHits / gold
	}
	sq := float64(beta * beta)
	den := float64(sq*p) + r
	if den != 0 {
		f = float64(float64((1+sq)*p)*r) / den
	}
	return p, r, f
}
