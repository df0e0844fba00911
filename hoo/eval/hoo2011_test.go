package eval

import (
	"os"
	"strings"
	"testing"

	"maxmatch/hoo/edits"
)

func gold(index string, start, end int, cs ...edits.Correction) edits.Edit {
	return edits.Edit{Index: index, Start: start, End: end, Corrections: cs, HasCorrections: len(cs) > 0}
}

func text(s string) edits.Correction { return edits.Correction{Text: s} }

var (
	none  = edits.Correction{None: true}
	empty = edits.Correction{Empty: true}
)

// TestScore2011 checks each rule of evaluate.py on one gold and one system edit, by the three
// correction figures (P, R) and whether the official would crash.
func TestScore2011(t *testing.T) {
	cases := []struct {
		name   string
		gold   []edits.Edit
		sys    []edits.Edit
		fixed  bool
		p, r   float64 // correction
		detP   float64 // detection precision
		crash  bool
		reason string
	}{
		{"exact", []edits.Edit{gold("g", 4, 7, text("cats"))}, []edits.Edit{gold("s", 4, 7, text("cats"))}, false, 1, 1, 1, false,
			"same extent, same correction"},
		{"wrong correction", []edits.Edit{gold("g", 4, 7, text("cats"))}, []edits.Edit{gold("s", 4, 7, text("dogs"))}, false, 0, 0, 1, false,
			"recognised, not corrected"},
		{"partial overlap", []edits.Edit{gold("g", 4, 8, text("x"))}, []edits.Edit{gold("s", 6, 10, text("x"))}, false, 0, 0, 1, false,
			"overlap 2/6: detected only"},
		{"unspecified gold", []edits.Edit{{Index: "g", Start: 4, End: 7}}, []edits.Edit{gold("s", 4, 7, text("anything"))}, false, 1, 1, 1, false,
			"a gold edit without <corrections> accepts any correction"},
		{"empty elements", []edits.Edit{gold("g", 4, 7, text("cats"), empty)}, []edits.Edit{gold("s", 4, 7, text("cats"))}, false, 0, 0, 1, false,
			"with an <empty/> alternative the other corrections are XML elements: never equal"},
		{"empty elements fixed", []edits.Edit{gold("g", 4, 7, text("cats"), empty)}, []edits.Edit{gold("s", 4, 7, text("cats"))}, true, 1, 1, 1, false,
			"--fixed reads them as strings"},
		{"deletion", []edits.Edit{gold("g", 4, 7, text("cats"), empty)}, []edits.Edit{gold("s", 4, 7, empty)}, false, 1, 1, 1, false,
			"the deletion itself matches"},
		{"optional bonus", []edits.Edit{gold("g", 4, 7, none, text("cats")), gold("h", 10, 12, text("x"))}, []edits.Edit{gold("s", 10, 12, text("x"))}, false, 1, 1, 1, false,
			"an untouched optional gold edit counts as found with the bonus: (1+1)/(1+1), (1+1)/2"},
		{"insertion at the end of a replacement", []edits.Edit{gold("g", 5, 5, text("s"))}, []edits.Edit{gold("s", 4, 5, text("ts"))}, false, 0, 0, 0.5, false,
			"a one-byte replacement ending where the gold inserts, its correction ending with the insertion: aligned (strictly) from the gold's side only, so the gold edit is recognised but the system edit is spurious (official: detection P 0.50 R 1.00, recognition 1.00 1.00, correction R 0.00)"},
		{"crash", []edits.Edit{gold("g", 4, 7, none, text("cats"))}, []edits.Edit{gold("s", 4, 4, text("the "))}, false, 0.5, 1, 0.5, true,
			"a system insertion at the start of a gold edit whose first correction is <correction/>: evaluate.py calls None.startswith (official: error); we count no match, so the optional gold edit is untouched (bonus) and the insertion spurious"},
		{"crash fixed", []edits.Edit{gold("g", 4, 7, none, text("the cats"))}, []edits.Edit{gold("s", 4, 4, text("the "))}, true, 0.5, 1, 1, false,
			"--fixed compares with every correction: \"the cats\" starts with \"the \", so the insertion is aligned from its side (not spurious) while the gold edit still counts as untouched"},
	}
	for _, c := range cases {
		s := Score2011(c.gold, c.sys, Options2011{Bonus: true, Fixed: c.fixed})
		if s.Correction.P.V != c.p || s.Correction.R.V != c.r || s.Detection.P.V != c.detP || (s.Crash != nil) != c.crash {
			t.Errorf("%s (%s): correction P %v R %v, detection P %v, crash %v; want %v %v, %v, %v",
				c.name, c.reason, s.Correction.P.V, s.Correction.R.V, s.Detection.P.V, s.Crash, c.p, c.r, c.detP, c.crash)
		}
	}
}

// TestPythonNumbers checks the CSV spelling of numbers: Python 2.7's repr, and the integer 0
// of a caught division by zero.
func TestPythonNumbers(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want string
	}{
		{Value{Int: true}, "0"},
		{Value{V: 0}, "0.0"},
		{Value{V: 1}, "1.0"},
		{Value{V: 0.44000000000000006}, "0.44000000000000006"},
		{Value{V: 1.0 / 3}, "0.3333333333333333"},
		{Value{V: 0.0001}, "0.0001"},
		{Value{V: 0.00001}, "1e-05"},
		{Value{V: 2.5e-07}, "2.5e-07"},
	} {
		if got := c.v.String(); got != c.want {
			t.Errorf("%v: %q, want %q", c.v.V, got, c.want)
		}
	}
	// A fragment without gold or system edits divides by zero everywhere.
	s := Score2011(nil, nil, Options2011{Bonus: true})
	if !s.Detection.P.Int || !s.Correction.F.Int {
		t.Errorf("no edits at all: %+v, want the integer 0", s)
	}
}

func ExampleScore2011() {
	doc := `<edits>
  <edit index="0001-0001" type="AGV" start="4" end="7"><corrections><correction>sits</correction></corrections><original>sit</original></edit>
  <edit index="0001-0002" type="MD" start="11" end="11"><corrections><correction/><correction>the </correction></corrections><original><empty/></original></edit>
</edits>`
	gold, _ := edits.Read("0001GE.xml", strings.NewReader(doc))
	sys := []edits.Edit{{Index: "s1", Start: 4, End: 7, Corrections: []edits.Correction{{Text: "sits"}}, HasCorrections: true}}
	s := Score2011(gold, sys, Options2011{Bonus: true})
	os.Stdout.WriteString("correction P " + s.Correction.P.String() + " R " + s.Correction.R.String() + "\n")
	s = Score2011(gold, sys, Options2011{Bonus: false})
	os.Stdout.WriteString("without bonus: P " + s.Correction.P.String() + " R " + s.Correction.R.String() + "\n")
	// Output:
	// correction P 1.0 R 1.0
	// without bonus: P 1.0 R 0.5
}
