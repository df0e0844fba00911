package eval

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"maxmatch/hoo/edits"
	"maxmatch/overlap"
)

// Value is one score as the official tools compute it: a float, or the Python integer that they
// return where a division by zero is caught (0 in HOO 2011, 1 for a precision or recall and 0
// for an F-score in HOO 2012). The difference shows in their output ("0" and "0.0"), which we
// reproduce byte for byte.
type Value struct {
	V   float64
	Int bool // V is a Python integer (0 or 1), the value of a caught division by zero
}

// String formats v as Python 2's repr (and so its csv module, in the HOO 2011 CSV files) does.
func (v Value) String() string { return pyRepr(v) }

// Str formats v as Python 2's str() does (12 significant digits), as the HOO 2012 reports do.
func (v Value) Str() string { return pyStr(v) }

// PRF is a precision, a recall and their F₁, the HOO "score".
type PRF struct{ P, R, F Value }

// Scores are one fragment's scores under the HOO 2011 scheme.
type Scores struct {
	Detection, Recognition, Correction PRF
	// Crash, when not nil, is where the official evaluate.py raises an exception on this
	// fragment (it then scores nothing); we went on, counting that comparison, and any other
	// that raises, as no match.
	Crash *Crash
}

// Crash is a comparison on which the official evaluate.py raises an exception.
type Crash struct {
	Gold, System string // the edits' index attributes
	Exception    string // what Python raises
}

func (c Crash) String() string {
	return fmt.Sprintf("gold edit %s against system edit %s: %s", c.Gold, c.System, c.Exception)
}

// Options2011 are the choices of the HOO 2011 scheme.
type Options2011 struct {
	// Bonus counts gold edits with a <correction/> ("leave as is") that no system edit touches
	// as detected, recognised and corrected (batch_evaluate.py writes both variants).
	Bonus bool
	// Fixed corrects the quirks of evaluate.py described in the package documentation.
	Fixed bool
}

// corr is one correction as evaluate.py holds it: a string, None (<correction/>), or an
// ElementTree element, which is what it keeps for the other corrections of an edit that has an
// <empty/> one: never equal to a string, false as a condition, and without string methods.
type corr struct {
	kind corrKind
	s    string
}

type corrKind uint8

const (
	corrString corrKind = iota
	corrNone
	corrElement
)

// truthy is Python's truth value of c.
func (c corr) truthy() bool { return c.kind == corrString && c.s != "" }

// edit is an edit as evaluate.py sees it.
type edit struct {
	index       string
	start, end  int
	corrections []corr
	optional    bool // None in corrections
}

func officialEdit(e *edits.Edit, fixed bool) edit {
	out := edit{index: e.Index, start: e.Start, end: e.End}
	if e.HasCorrections {
		hasEmpty := false
		for _, c := range e.Corrections {
			hasEmpty = hasEmpty || c.Empty
		}
		for _, c := range e.Corrections {
			switch {
			case fixed && c.None:
				out.corrections = append(out.corrections, corr{kind: corrNone})
			case fixed:
				out.corrections = append(out.corrections, corr{s: c.Text}) // "" for <empty/>
			case hasEmpty && !c.Empty:
				out.corrections = append(out.corrections, corr{kind: corrElement})
			case hasEmpty:
				// The <empty/> ones are dropped here and one "" is appended below.
			case c.None:
				out.corrections = append(out.corrections, corr{kind: corrNone})
			default:
				out.corrections = append(out.corrections, corr{s: c.Text})
			}
		}
		if hasEmpty && !fixed {
			out.corrections = append(out.corrections, corr{s: ""})
		}
	}
	for _, c := range out.corrections {
		out.optional = out.optional || c.kind == corrNone
	}
	return out
}

// comparer holds one fragment's comparison state, for both schemes.
type comparer struct {
	fixed bool   // Fixed: nothing raises
	crash *Crash // the first comparison that raises in the official
	// at is where in the official's order of comparisons the current one is (pass, then the
	// outer and inner edit's index); crashAt is crash's. The comparisons are not all made, nor
	// made in that order, so the first crash is the one with the least position.
	at, crashAt [3]int
}

// raise records a comparison on which the official raises exception, at position s.at.
func (s *comparer) raise(gold, sys, exception string) {
	if s.crash == nil || slices.Compare(s.at[:], s.crashAt[:]) < 0 {
		s.crash = &Crash{Gold: gold, System: sys, Exception: exception}
		s.crashAt = s.at
	}
}

// meeting returns, for each gold edit, the system edits whose byte ranges, closed at both
// ends, meet its own, in index order, and for each system edit the gold edits, likewise: the
// only pairs whose overlap can be other than 0 and, but for the HOO 2012 deletion rule
// (spaceCrash), the only comparisons on which the official can raise. A sweep over the starts
// finds them in O((n + m) log(n + m) + pairs), where comparing every pair took n·m (and the
// 2012 scheme's two matrices n·m floats: 38 GB for two 5 MB texts of 50,000 edits each).
func meeting(gold, sys []edit) (byGold, bySys [][]int32) {
	type span struct {
		start, end int
		gold       bool
		i          int32
	}
	spans := make([]span, 0, len(gold)+len(sys))
	for i := range gold {
		spans = append(spans, span{gold[i].start, gold[i].end, true, int32(i)})
	}
	for j := range sys {
		spans = append(spans, span{sys[j].start, sys[j].end, false, int32(j)})
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	byGold, bySys = make([][]int32, len(gold)), make([][]int32, len(sys))
	var open [2][]span // the spans seen, gold and system, that may still meet a later one
	for _, x := range spans {
		other := &open[boolIndex(!x.gold)]
		kept := (*other)[:0]
		for _, y := range *other {
			if y.end < x.start {
				continue // ends before every later span starts
			}
			kept = append(kept, y)
			if x.gold {
				byGold[x.i] = append(byGold[x.i], y.i)
				bySys[y.i] = append(bySys[y.i], x.i)
			} else {
				bySys[x.i] = append(bySys[x.i], y.i)
				byGold[y.i] = append(byGold[y.i], x.i)
			}
		}
		*other = kept
		open[boolIndex(x.gold)] = append(open[boolIndex(x.gold)], x)
	}
	for _, l := range byGold {
		slices.Sort(l)
	}
	for _, l := range bySys {
		slices.Sort(l)
	}
	return byGold, bySys
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pyObject names a correction that is not a string as Python's error messages do.
func pyObject(c corr) string {
	if c.kind == corrElement {
		return "'Element' object"
	}
	return "'NoneType' object"
}

// overlap is evaluate.py's Edit.get_overlap(self=a, edit=b): how much b's extent overlaps a's,
// from 0 to 1. goldSide says which of the two is the gold edit, for reporting crashes.
func (s *comparer) overlap(a, b *edit, aIsGold bool) float64 {
	return overlap.Rule(a.start, a.end, b.start, b.end, func(atEnd bool) bool {
		switch {
		case len(a.corrections) == 0:
			return true
		case atEnd: // the text before the insertion point is replaced
			return s.affixMatch(a, b, aIsGold, strings.HasSuffix, "endswith")
		default: // the text after it
			return s.affixMatch(a, b, aIsGold, strings.HasPrefix, "startswith")
		}
	})
}

// affixMatch is whether one of a's corrections is a suffix (or prefix) of b's first one. The
// official takes b's first correction for every correction of a; when b has none the test is
// false, and when it is not a string Python raises, which we record.
func (s *comparer) affixMatch(a, b *edit, aIsGold bool, has func(string, string) bool, method string) bool {
	for _, c := range a.corrections {
		if !c.truthy() {
			continue
		}
		if s.fixed {
			for _, bc := range b.corrections {
				if bc.kind == corrString && has(bc.s, c.s) {
					return true
				}
			}
			continue
		}
		if len(b.corrections) == 0 {
			return false // IndexError, caught
		}
		first := b.corrections[0]
		if first.kind != corrString {
			g, sy := a.index, b.index
			if !aIsGold {
				g, sy = sy, g
			}
			s.raise(g, sy, fmt.Sprintf("AttributeError: %s has no attribute '%s'", pyObject(first), method))
			return false
		}
		if has(first.s, c.s) {
			return true
		}
	}
	return false
}

// alignments are, for each gold edit, the system edits that overlap it, and for each system
// edit the gold edits it overlaps: lenient (any overlap) or strict (overlap 1).
type alignments struct{ gold, sys [][]int }

// align returns the lenient and the strict alignments. The official compares each gold edit
// with each system edit, then each system edit with each gold edit (once for the lenient and
// again for the strict alignment): only the pairs that meet can overlap or raise, and they are
// compared once each way.
func (s *comparer) align(gold, sys []edit) (lenient, strict alignments) {
	byGold, bySys := meeting(gold, sys)
	lenient = alignments{gold: make([][]int, len(gold)), sys: make([][]int, len(sys))}
	strict = alignments{gold: make([][]int, len(gold)), sys: make([][]int, len(sys))}
	for i := range gold {
		for _, j := range byGold[i] {
			s.at = [3]int{0, i, int(j)}
			if o := s.overlap(&gold[i], &sys[j], true); o != 0 {
				lenient.gold[i] = append(lenient.gold[i], int(j))
				if o == 1 {
					strict.gold[i] = append(strict.gold[i], int(j))
				}
			}
		}
	}
	for j := range sys {
		for _, i := range bySys[j] {
			s.at = [3]int{1, j, int(i)}
			if o := s.overlap(&sys[j], &gold[i], false); o != 0 {
				lenient.sys[j] = append(lenient.sys[j], int(i))
				if o == 1 {
					strict.sys[j] = append(strict.sys[j], int(i))
				}
			}
		}
	}
	return lenient, strict
}

// hasMatchingGold is whether a system edit's correction equals a correction of one of the gold
// edits it is strictly aligned with (a gold edit without corrections accepts anything, an
// optional one accepts a system edit without a correction).
func hasMatchingGold(se *edit, gold []edit, aligned []int) bool {
	for _, i := range aligned {
		g := &gold[i]
		if len(g.corrections) == 0 {
			return true
		}
		for _, gc := range g.corrections {
			if len(se.corrections) == 0 {
				if g.optional {
					return true
				}
				continue
			}
			if gc.kind == corrString && se.corrections[0].kind == corrString && gc.s == se.corrections[0].s {
				return true
			}
		}
	}
	return false
}

// Score2011 scores one fragment's system edits against its gold edits as the HOO 2011
// evaluate.py does (see the package documentation).
func Score2011(gold, sys []edits.Edit, opt Options2011) Scores {
	g, sy := officialEdits(gold, opt.Fixed), officialEdits(sys, opt.Fixed)
	s := &comparer{fixed: opt.Fixed}
	lenient, strict := s.align(g, sy)
	return s.scores2011(g, sy, lenient, strict, opt)
}

// officialEdits is officialEdit of each edit.
func officialEdits(es []edits.Edit, fixed bool) []edit {
	out := make([]edit, len(es))
	for i := range es {
		out[i] = officialEdit(&es[i], fixed)
	}
	return out
}

// scores2011 counts, from the lenient and strict alignments of gold edits g and system edits
// sy, what evaluate.py counts, and scores them.
func (s *comparer) scores2011(g, sy []edit, lenient, strict alignments, opt Options2011) Scores {
	missedOptional := 0
	if opt.Bonus {
		for i := range g {
			if g[i].optional && len(lenient.gold[i]) == 0 {
				missedOptional++
			}
		}
	}
	detected, recognised := 0, 0
	for i := range g {
		if len(lenient.gold[i]) > 0 {
			detected++
		}
		if len(strict.gold[i]) > 0 {
			recognised++
		}
	}
	spurious, valid := 0, 0
	for j := range sy {
		if len(lenient.sys[j]) == 0 {
			spurious++
		}
		if len(strict.sys[j]) > 0 && hasMatchingGold(&sy[j], g, strict.sys[j]) {
			valid++
		}
	}
	return Scores{
		Detection:   prf(detected+missedOptional, detected+spurious+missedOptional, len(g)),
		Recognition: prf(recognised+missedOptional, len(sy)+missedOptional, len(g)),
		Correction:  prf(valid+missedOptional, len(sy)+missedOptional, len(g)),
		Crash:       s.crash,
	}
}

// prf computes precision hits/proposed, recall hits/gold and their F₁ with Python's types: a
// caught division by zero gives the integer 0.
func prf(hits, proposed, gold int) PRF {
	var r PRF
	r.P = div(hits, proposed)
	r.R = div(hits, gold)
	if sum := r.P.V + r.R.V; sum == 0 {
		r.F = Value{Int: true}
	} else {
		r.F = Value{V: 2 * ((r.P.V * r.R.V) / sum)}
	}
	return r
}

func div(a, b int) Value {
	if b == 0 {
		return Value{Int: true}
	}
	return Value{V: float64(a) / float64(b)}
}
