package eval

import (
	"fmt"

	"maxmatch/hoo/edits"
	"maxmatch/internal/pytext"
)

// Options2012 are the choices of the HOO 2012 scheme (evalfrag.py and evalrun.py).
type Options2012 struct {
	// Bonus counts optional gold edits that no system edit touches as found (-r bonus; the
	// official default is nobonus).
	Bonus bool
	// CaseSensitive compares corrections with their case (-c match; the official default,
	// nomatch, lower-cases both).
	CaseSensitive bool
	// Types are the primitive types to score (the result of DecomposeTypes); nil scores all.
	Types []string
	// Fixed corrects the quirks of evalfrag.py described in the package documentation.
	Fixed bool
}

// Counts2012 are evalfrag.py's counts for one fragment, or evalrun.py's sums over fragments.
type Counts2012 struct {
	Gold           int // gold edits
	Detected       int // gold edits with a leniently aligned system edit
	Recognised     int // gold edits with a strictly aligned system edit
	Corrected      int // recognised gold edits whose correction one of those system edits gives
	MissedOptional int // optional gold edits with no leniently aligned system edit
	Spurious       int // system edits aligned with no gold edit
	System         int // system edits

	// The system edits with a lenient alignment, with a strict one, and with a strict one to
	// a gold edit whose correction they give: the precision numerators under Fixed.
	SysDetected, SysRecognised, SysCorrected int
}

// Add adds o's counts to c's, as evalrun.py sums its fragments.
func (c *Counts2012) Add(o Counts2012) {
	c.Gold += o.Gold
	c.Detected += o.Detected
	c.Recognised += o.Recognised
	c.Corrected += o.Corrected
	c.MissedOptional += o.MissedOptional
	c.Spurious += o.Spurious
	c.System += o.System
	c.SysDetected += o.SysDetected
	c.SysRecognised += o.SysRecognised
	c.SysCorrected += o.SysCorrected
}

// Scores2012 computes the detection, recognition and correction scores from counts as
// evalfrag.py's compile_scores does: a caught division by zero gives precision or recall the
// integer 1 and the F-score the integer 0; without the bonus the missed optional edits count
// for nothing. With fixed, precisions count system edits (see the package documentation).
func Scores2012(c Counts2012, bonus, fixed bool) Scores {
	m := 0
	if bonus {
		m = c.MissedOptional
	}
	if fixed {
		return Scores{
			Detection:   prf2012(c.SysDetected+m, c.System+m, c.Detected+m, c.Gold),
			Recognition: prf2012(c.SysRecognised+m, c.System+m, c.Recognised+m, c.Gold),
			Correction:  prf2012(c.SysCorrected+m, c.System+m, c.Corrected+m, c.Gold),
		}
	}
	return Scores{
		Detection:   prf2012(c.Detected+m, c.Detected+c.Spurious+m, c.Detected+m, c.Gold),
		Recognition: prf2012(c.Recognised+m, c.System+m, c.Recognised+m, c.Gold),
		Correction:  prf2012(c.Corrected+m, c.System+m, c.Corrected+m, c.Gold),
	}
}

// prf2012 is precision pHits/proposed and recall rHits/gold, 0/0 giving the integer 1, and
// their F₁, whose 0/0 gives the integer 0.
func prf2012(pHits, proposed, rHits, gold int) PRF {
	ratio := func(a, b int) Value {
		if b == 0 {
			return Value{V: 1, Int: true}
		}
		return Value{V: float64(a) / float64(b)}
	}
	r := PRF{P: ratio(pHits, proposed), R: ratio(rHits, gold)}
	if sum := r.P.V + r.R.V; sum == 0 {
		r.F = Value{Int: true}
	} else {
		r.F = Value{V: 2 * ((r.P.V * r.R.V) / sum)}
	}
	return r
}

// edit2012 is an edit as evalfrag.py sees it.
type edit2012 struct {
	edit
	part string
	// original is the <original> text; noOriginal marks an <original> with neither text nor
	// <empty/>, which evalfrag.py reads as None.
	original   string
	noOriginal bool
}

// soleEmpty reports whether the corrections are exactly [""] in Python's eyes: one string,
// empty (the official turns any set of <empty/> corrections into one "" at the end).
func soleEmpty(cs []corr) bool {
	return len(cs) == 1 && cs[0].kind == corrString && cs[0].s == ""
}

// scorer2012 holds one fragment's comparison state.
type scorer2012 struct {
	comparer
	opt Options2012
}

// overlap is evalfrag.py's Edit.get_overlap(self=a, edit=b).
func (s *scorer2012) overlap(a, b *edit2012, aIsGold bool) float64 {
	if a.part != b.part {
		return 0
	}
	o := s.comparer.overlap(&a.edit, &b.edit, aIsGold)
	if a.start != a.end && b.start != b.end {
		// A deletion whose original has a space at one end against a replacement of the same
		// text without that space, either way round, is a recognition.
		switch {
		case (a.original != "" || a.noOriginal) && soleEmpty(a.corrections) && !soleEmpty(b.corrections):
			if s.spaceMatch(a, a, b, aIsGold) {
				o = 1
			}
		case (b.original != "" || b.noOriginal) && soleEmpty(b.corrections) && !soleEmpty(a.corrections):
			if s.spaceMatch(b, a, b, aIsGold) {
				o = 1
			}
		}
	}
	return o
}

// spaceMatch is the deletion rule of evalfrag.py 0.8: del (a or b, the one that deletes) has
// a space at the start of its original and spans one byte more at the start than the other
// edit, or a space at the end and one byte more at the end.
func (s *scorer2012) spaceMatch(del, a, b *edit2012, aIsGold bool) bool {
	other := a
	if del == a {
		other = b
	}
	if del.noOriginal {
		if !s.opt.Fixed {
			g, sy := a.index, b.index
			if !aIsGold {
				g, sy = sy, g
			}
			s.raise(g, sy, "TypeError: 'NoneType' object has no attribute '__getitem__'")
		}
		return false
	}
	o := del.original
	switch {
	case o[0] == ' ' && del.start+1 == other.start && del.end == other.end:
		return true
	case o[len(o)-1] == ' ' && del.start == other.start && del.end-1 == other.end:
		return true
	}
	return false
}

// deletionRuleClasses are, by part, the first edit of a list (of the system edits, or of the
// gold edits) of each kind the deletion rule can raise on: a replacement or deletion that does
// not delete ("" as its only correction; first) and a deletion with a None original
// (firstNone). -1: none.
type deletionRuleClasses map[string]*[2]int

func newDeletionRuleClasses(es []edit2012) deletionRuleClasses {
	classes := deletionRuleClasses{}
	for k := len(es) - 1; k >= 0; k-- {
		e := &es[k]
		if e.start == e.end {
			continue
		}
		c := classes[e.part]
		if c == nil {
			c = &[2]int{-1, -1}
			classes[e.part] = c
		}
		switch {
		case !soleEmpty(e.corrections):
			c[0] = k
		case e.noOriginal:
			c[1] = k
		}
	}
	return classes
}

// spaceCrash records the first comparison of a with one of others (in pass, a being the
// outer edit number outer) on which overlap's deletion rule raises whatever the edits'
// positions: it takes the first character of a deletion's original, which evalfrag.py reads
// as None when the <original> is empty without <empty/>. Pairs that meet go through overlap
// as well; this finds the others. classes are others' (newDeletionRuleClasses).
func (s *scorer2012) spaceCrash(pass, outer int, a *edit2012, others []edit2012, classes deletionRuleClasses, aIsGold bool) {
	c := classes[a.part]
	if s.opt.Fixed || a.start == a.end || c == nil {
		return
	}
	// overlap's two cases: a deletes (its only correction "") and b does not, which raises
	// when a's original is None; else b deletes and a does not, which raises when b's is.
	switch {
	case soleEmpty(a.corrections) && a.noOriginal && c[0] >= 0:
		s.at = [3]int{pass, outer, c[0]}
		s.spaceMatch(a, a, &others[c[0]], aIsGold)
	case !soleEmpty(a.corrections) && c[1] >= 0:
		s.at = [3]int{pass, outer, c[1]}
		s.spaceMatch(&others[c[1]], a, &others[c[1]], aIsGold)
	}
}

// affixMatch is whether one of a's corrections is a suffix (or prefix) of b's first one, as
// in HOO 2011 (scorer2011.affixMatch), except that the official evaluates the test for every
// correction of a (a list comprehension), so a crash is not avoided by an earlier match.
// correctsGold is whether system edit se gives a correction of gold edit g, as
// evalfrag.py's has_matching_sys tests one system edit: only se's first correction counts; a
// gold edit without corrections takes anything; a system edit without corrections is right for
// an optional gold edit.
func (s *scorer2012) correctsGold(g, se *edit2012) bool {
	if len(g.corrections) == 0 {
		return true
	}
	fold := func(x string) string {
		if s.opt.CaseSensitive {
			return x
		}
		return pytext.ToLower(x)
	}
	if s.opt.Fixed {
		if len(se.corrections) == 0 || se.corrections[0].kind == corrNone {
			return g.optional
		}
		if se.corrections[0].kind != corrString {
			return false
		}
		for _, gc := range g.corrections {
			if gc.kind == corrString && fold(gc.s) == fold(se.corrections[0].s) {
				return true
			}
		}
		return false
	}
	for _, gc := range g.corrections {
		if s.opt.CaseSensitive {
			// gold_corr == sys_edit.corrections[0]: Python's == between strings, None and
			// elements (None equals None; an element equals nothing here).
			if len(se.corrections) == 0 {
				if g.optional {
					return true
				}
				continue // IndexError, caught; the official prints a note and goes on
			}
			sc := se.corrections[0]
			if gc.kind == sc.kind && (gc.kind == corrString && gc.s == sc.s || gc.kind == corrNone) {
				return true
			}
			continue
		}
		// gold_corr.lower() == sys_edit.corrections[0].lower(), evaluated left to right.
		if gc.kind != corrString {
			s.raise(g.index, se.index, fmt.Sprintf("AttributeError: %s has no attribute 'lower'", pyObject(gc)))
			continue
		}
		if len(se.corrections) == 0 {
			if g.optional {
				return true
			}
			continue
		}
		sc := se.corrections[0]
		if sc.kind != corrString {
			s.raise(g.index, se.index, fmt.Sprintf("AttributeError: %s has no attribute 'lower'", pyObject(sc)))
			continue
		}
		if fold(gc.s) == fold(sc.s) {
			return true
		}
	}
	return false
}

func officialEdit2012(e *edits.Edit, fixed bool) edit2012 {
	return edit2012{
		edit:       officialEdit(e, fixed),
		part:       e.Part,
		original:   e.Original,
		noOriginal: e.Original == "" && !e.EmptyOriginal,
	}
}

// FilterTypes keeps the edits whose type is one of types, as evalfrag.py's
// filter_edits_by_types does; an empty types keeps every edit.
func FilterTypes(es []edits.Edit, types []string) []edits.Edit {
	if len(types) == 0 {
		return es
	}
	var out []edits.Edit
	for _, e := range es {
		for _, t := range types {
			if e.Type == t {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// Score2012 counts one fragment's system edits against its gold edits as the HOO 2012
// evalfrag.py does (compile_counts), after keeping the edits of opt.Types. The Crash, when not
// nil, is the first comparison on which the official raises an exception (evalrun.py then dies
// and scores nothing); we went on, counting every comparison that raises as no match.
func Score2012(gold, sys []edits.Edit, opt Options2012) (Counts2012, *Crash) {
	gold, sys = FilterTypes(gold, opt.Types), FilterTypes(sys, opt.Types)
	g, sy := officialEdits2012(gold, opt.Fixed), officialEdits2012(sys, opt.Fixed)
	s := &scorer2012{comparer: comparer{fixed: opt.Fixed}, opt: opt}
	plain := func(es []edit2012) []edit {
		out := make([]edit, len(es))
		for i := range es {
			out[i] = es[i].edit
		}
		return out
	}
	byGold, bySys := meeting(plain(g), plain(sy))
	// The official computes the gold side's overlaps, then the system side's: of the pairs
	// that meet (the others overlap 0), each way, and where they cannot raise, the deletion
	// rule's crash among the others.
	goldClasses, sysClasses := newDeletionRuleClasses(g), newDeletionRuleClasses(sy)
	goldSide := make([][]float64, len(g)) // goldSide[i][k]: gold i against system byGold[i][k]
	for i := range g {
		goldSide[i] = make([]float64, len(byGold[i]))
		for k, j := range byGold[i] {
			s.at = [3]int{0, i, int(j)}
			goldSide[i][k] = s.overlap(&g[i], &sy[j], true)
		}
		s.spaceCrash(0, i, &g[i], sy, sysClasses, true)
	}
	sysSide := make([][]float64, len(g)) // sysSide[i][k]: system byGold[i][k] against gold i
	for i := range g {
		sysSide[i] = make([]float64, len(byGold[i]))
	}
	next := make([]int, len(g)) // where system j is in byGold[i]: j comes in increasing order
	sysLenient, sysStrict := make([]bool, len(sy)), make([]bool, len(sy))
	for j := range sy {
		for _, i := range bySys[j] {
			s.at = [3]int{1, j, int(i)}
			o := s.overlap(&sy[j], &g[i], false)
			sysSide[i][next[i]] = o
			next[i]++
			sysLenient[j] = sysLenient[j] || o != 0
			sysStrict[j] = sysStrict[j] || o == 1
		}
		s.spaceCrash(1, j, &sy[j], g, goldClasses, false)
	}
	c := Counts2012{Gold: len(g), System: len(sy)}
	sysCorrects := make([]bool, len(sy))
	for i := range g {
		lenient, strict, corrected := false, false, false
		for k, j := range byGold[i] {
			o := goldSide[i][k]
			lenient = lenient || o != 0
			if o == 1 {
				strict = true
				// has_matching_sys over the strictly aligned system edits, in order,
				// stopping at the first that corrects.
				s.at = [3]int{2, i, int(j)}
				if !corrected && s.correctsGold(&g[i], &sy[j]) {
					corrected = true
				}
			}
		}
		if opt.Fixed {
			for k, j := range byGold[i] {
				if sysSide[i][k] == 1 && s.correctsGold(&g[i], &sy[j]) {
					sysCorrects[j] = true
				}
			}
		}
		c.addGold(lenient, strict, corrected, g[i].optional)
	}
	for j := range sy {
		c.addSystem(sysLenient[j], sysStrict[j], sysCorrects[j])
	}
	return c, s.crash
}

// addGold counts a gold edit as compile_counts does: detected when an edit overlaps it
// (lenient), else a missed optional edit when it is optional; recognised when one aligns
// strictly; corrected when one of those corrects it.
func (c *Counts2012) addGold(lenient, strict, corrected, optional bool) {
	if lenient {
		c.Detected++
	} else if optional {
		c.MissedOptional++
	}
	if strict {
		c.Recognised++
	}
	if corrected {
		c.Corrected++
	}
}

// addSystem counts a system edit: detected (else spurious), recognised, corrected.
func (c *Counts2012) addSystem(lenient, strict, corrects bool) {
	if lenient {
		c.SysDetected++
	} else {
		c.Spurious++
	}
	if strict {
		c.SysRecognised++
	}
	if corrects {
		c.SysCorrected++
	}
}

// officialEdits2012 is officialEdit2012 of each edit.
func officialEdits2012(es []edits.Edit, fixed bool) []edit2012 {
	out := make([]edit2012, len(es))
	for i := range es {
		out[i] = officialEdit2012(&es[i], fixed)
	}
	return out
}
