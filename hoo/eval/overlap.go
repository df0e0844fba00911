package eval

// Extent is what the HOO overlap rules look at in an edit: its span, in any unit (bytes in HOO
// edit files, tokens in M² edits), and its corrections, of which an insertion's are compared
// with the text of an adjacent replacement.
type Extent struct {
	Start, End  int
	Corrections []string
}

// Overlap returns how much b's extent overlaps a's, from 0 to 1, by the rules of the HOO 2011
// evaluate.py and the HOO 2012 evalfrag.py (see the package documentation), as Fixed reads
// them: the suffix and prefix rules compare a's corrections with every correction of b, and
// nothing raises. HOO 2012's other two rules concern what an Extent does not have (parts, and
// white space at the end of a deleted original). A lenient alignment (detection) is an
// overlap other than 0, a strict one an overlap of 1; the relation is not symmetric: an
// insertion next to a replacement whose correction ends (or starts) with the inserted text
// overlaps it, the replacement does not overlap the insertion.
//
// The suffix and prefix tests are on strings: on token sequences joined by single spaces, pass
// each non-empty correction with a space at both ends, so that only whole tokens match.
func Overlap(a, b Extent) float64 {
	s := comparer{fixed: true}
	ea, eb := extentEdit(a), extentEdit(b)
	return s.overlap(&ea, &eb, true)
}

func extentEdit(x Extent) edit {
	e := edit{start: x.Start, end: x.End}
	for _, c := range x.Corrections {
		e.corrections = append(e.corrections, corr{s: c})
	}
	return e
}
