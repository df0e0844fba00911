package scorer

import (
	"fmt"
	"strings"
	"testing"
)

// summary renders what a run says of each sentence: chosen annotator, counts, edits as the
// official -v prints them (trimmed).
func summary(t *testing.T, gold, sys string, opt Options) string {
	t.Helper()
	g, err := ReadM2("gold.m2", []byte(gold), opt.Effective())
	if err != nil {
		t.Fatal(err)
	}
	h, err := ReadSystem("system.txt", []byte(sys))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	_, err = Score(h, g, opt, func(r *SentenceResult) error {
		a := r.ChosenResult()
		var edits []string
		for _, e := range a.Edits {
			e = Trim(e)
			edits = append(edits, fmt.Sprintf("(%d,%d,%q,%q)", e.Start, e.End, e.Original, e.Correction))
		}
		n := a.Counts()
		out = append(out, fmt.Sprintf("annotator %d: %d/%d/%d %s", a.Annotator, n.Correct, n.Proposed, n.Gold, strings.Join(edits, " ")))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "; ")
}

// TestEachFixCorrectsItsQuirk shows, for every fix, a sentence where release 3.2 (its figures
// checked against the official scorer: annotator, correct/proposed/gold, -v edit sequence) and
// the fix disagree.
func TestEachFixCorrectsItsQuirk(t *testing.T) {
	tests := []struct {
		fix       string
		gold, sys string
		u         int
		iwc       bool
		want32    string // the official 3.2's output
		wantFixed string
		reason    string
	}{
		{"first-row-offsets", "S a\nA 0 0|||X|||a|||REQUIRED|||-NONE-|||0\n", "c a a\n", 1, false,
			`annotator 0: 0/1/1 (0,0,"","c a")`,
			`annotator 0: 1/2/1 (0,0,"","c") (0,0,"","a")`,
			"3.2 reports the insertion of the second hypothesis token at (1,1), so the path that inserts it separately cannot match the gold insertion at 0"},
		{"duplicate-edges", "S c b\n", "c b c\n", 1, false,
			`annotator 0: 0/1/0 (2,2,"","c")`,
			`annotator 0: 0/1/0 (2,2,"","c")`,
			"same trimmed edit, but 3.2 counts it as (1,2,\"b\",\"b c\"): the atomic insertion, in both lattices, carries 2ε and loses to the phrase edge (see TestDuplicateEdgesUntrimmed)"},
		{"noop-removal", "S a b a b b\nA 5 5|||X|||c|||REQUIRED|||-NONE-|||0\nA 1 1|||X|||-NONE-|||REQUIRED|||-NONE-|||0\n", "c a b a b c\n", 2, false,
			`annotator 0: 1/3/2 (0,0,"","c") (4,5,"b","") (5,5,"","c")`,
			`annotator 0: 1/3/2 (0,0,"","c") (3,4,"b","") (5,5,"","c")`,
			"a phrase no-op edge that survives 3.2's removal loop changes which of two equal deletions is chosen"},
		{"insertion-walk", "S b c b c a\nA 2 3|||X|||-NONE-|||REQUIRED|||-NONE-|||0\nA 3 3|||X|||b b|||REQUIRED|||-NONE-|||0\nA 0 0|||X|||b|||REQUIRED|||-NONE-|||0\n", "b b b b c a\n", 2, false,
			`annotator 0: 1/2/3 (1,2,"c","") (3,3,"","b b")`,
			`annotator 0: 1/2/3 (0,0,"","b") (1,2,"c","b")`,
			"3.2's walk adds ε to edges it skips after a match, even matched ones, which moves the cheapest path"},
		{"exact-costs", "S a c b\nA 1 2|||X|||b|||REQUIRED|||-NONE-|||0\nA 1 1|||X|||-NONE-|||REQUIRED|||-NONE-|||0\nA 1 2|||X|||b b|||REQUIRED|||-NONE-|||0\n", "a a c b b c\n", 1, false,
			`annotator 0: 0/2/3 (1,2,"c","a c b") (3,3,"","c")`,
			`annotator 0: 0/2/3 (1,1,"","a") (3,3,"","b c")`,
			"two paths of equal cost; the rounding of float64 sums decides in 3.2"},
		{"duplicate-gold", "S c a\nA 1 2|||X|||-NONE-|||REQUIRED|||-NONE-|||0\nA 1 2|||X|||-NONE-|||REQUIRED|||-NONE-|||0\n", "\n", 1, false,
			`annotator 0: 2/2/2 (0,1,"c","") (1,2,"a","")`,
			`annotator 0: 1/2/2 (0,1,"c","") (1,2,"a","")`,
			"one system edit equal to two identical gold edits counts twice in 3.2"},
		{"gold-order", "S c\nA 1 1|||X|||a|||REQUIRED|||-NONE-|||0\nA 0 0|||X|||a|||REQUIRED|||-NONE-|||0\nA 1 1|||X|||a|||REQUIRED|||-NONE-|||0\n", "a a\n", 2, false,
			`annotator 0: 2/3/3 (0,0,"","a") (1,1,"","a") (0,1,"c","")`,
			`annotator 0: 3/3/3 (0,0,"","a") (1,1,"","a") (0,1,"c","")`,
			"after matching the second gold edit, 3.2 never looks back at the first"},
		{"whitespace-casing-gold", "S the cat sat\nA 0 1|||Case|||The|||REQUIRED|||-NONE-|||0\nA 2 3|||Vt|||sits|||REQUIRED|||-NONE-|||0\n", "The cat sits\n", 2, true,
			`annotator 0: 1/1/2 (2,3,"sat","sits")`,
			`annotator 0: 1/1/1 (2,3,"sat","sits")`,
			"3.2 drops the system's casing edit but keeps the gold one, which can then never be matched"},
		{"none-correction", "S the the cat\nA 1 2|||Rep|||-NONE- |||REQUIRED|||-NONE-|||0\n", "the cat\n", 2, false,
			`annotator 0: 0/1/1 (1,2,"the","")`,
			`annotator 0: 1/1/1 (1,2,"the","")`,
			"3.2 reads \"-NONE- \" as the text -NONE-, not as the deletion"},
		{"sentence-offsets", "S a b\nS c d\nA 2 3|||X|||e|||REQUIRED|||-NONE-|||0\n", "a b\ne d\n", 2, false,
			`annotator 0: 0/0/0 ; annotator 0: 0/1/1 (0,1,"c","e")`,
			`annotator 0: 0/0/0 ; annotator 0: 1/1/1 (0,1,"c","e")`,
			"3.2 keeps the block's offsets (2,3) for the second sentence, whose tokens start at 0"},
		{"annotator-order", "S a b\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||8\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n", "a c\n", 2, false,
			`annotator 8: 0/1/0 (1,2,"b","c")`,
			`annotator 0: 0/1/0 (1,2,"b","c")`,
			"a tie goes to the first annotator visited: 8 before 0 in CPython 2's dict"},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.fix, func(t *testing.T) {
			seen[tt.fix] = true
			fix, err := ParseFixes(tt.fix)
			if err != nil {
				t.Fatal(err)
			}
			opt := DefaultOptions()
			opt.MaxUnchangedWords = tt.u
			opt.IgnoreWhitespaceCasing = tt.iwc
			if got := summary(t, tt.gold, tt.sys, opt); got != tt.want32 {
				t.Errorf("3.2: %s\n  want (official) %s", got, tt.want32)
			}
			opt.Fixes = fix
			if got := summary(t, tt.gold, tt.sys, opt); got != tt.wantFixed {
				t.Errorf("with -fix %s: %s\n  want %s (%s)", tt.fix, got, tt.wantFixed, tt.reason)
			}
		})
	}
	for _, name := range FixNames() {
		if !seen[name] {
			t.Errorf("fix %s has no case", name)
		}
	}
}

// TestDuplicateEdgesUntrimmed shows the duplicate-edges case as edits are counted (untrimmed).
func TestDuplicateEdgesUntrimmed(t *testing.T) {
	for _, tc := range []struct {
		fix  Fix
		want string
	}{{0, `{1 2 b b c}`}, {FixDuplicateEdges, `{2 2  c}`}} {
		opt := DefaultOptions()
		opt.MaxUnchangedWords, opt.Fixes = 1, tc.fix
		g, _ := ReadM2("g", []byte("S c b\n"), 0)
		_, err := Score([]string{"c b c"}, g, opt, func(r *SentenceResult) error {
			if got := fmt.Sprint(r.ChosenResult().Edits[0]); got != tc.want {
				t.Errorf("fix %v: edit %s, want %s", tc.fix, got, tc.want)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestCompatModesAreFixSets(t *testing.T) {
	if Compat32.Fixes() != 0 || CompatMaster.Fixes() != FixFirstRowOffsets || CompatFixed.Fixes() != allFixes {
		t.Errorf("3.2 = %v, master = %v, fixed = %v", Compat32.Fixes(), CompatMaster.Fixes(), CompatFixed.Fixes())
	}
	all, err := ParseFixes("all")
	if err != nil || all.String() != strings.Join(FixNames(), ",") {
		t.Errorf("ParseFixes(all) = %v, %v", all, err)
	}
	if _, err := ParseFixes("first-row-offsets,nonsense"); err == nil {
		t.Error("an unknown fix name must be an error")
	}
}
