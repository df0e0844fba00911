package cases

import (
	"slices"
	"testing"

	"maxmatch/scorer"
)

func TestFamiliesGiveValidM2(t *testing.T) {
	for _, f := range Families {
		for _, n := range []int{1, 2, 3, 10, 57, 320} {
			c := f.Case(n, 1)
			if len(c.Source) != n {
				t.Errorf("%s n=%d: %d source tokens", f.Name, n, len(c.Source))
			}
			for a, edits := range c.Annotators {
				end := 0
				for _, e := range edits {
					if e.Start < end || e.End < e.Start || e.End > n {
						t.Errorf("%s n=%d annotator %d: edit %v overlaps or leaves the sentence", f.Name, n, a, e)
					}
					end = e.End
				}
			}
			corpus, err := ParseCorpus(f.Name, []byte(c.System()), []byte(c.M2()))
			if err != nil {
				t.Fatalf("%s n=%d: %v", f.Name, n, err)
			}
			if got := corpus.Gold[0].Tokens; !slices.Equal(got, c.Source) {
				t.Errorf("%s n=%d: source read back as %v", f.Name, n, got)
			}
			if len(corpus.Gold[0].Annotators) != len(c.Annotators) {
				t.Errorf("%s n=%d: %d annotators read back, want %d", f.Name, n, len(corpus.Gold[0].Annotators), len(c.Annotators))
			}
		}
	}
}

func TestFamiliesAreWhatTheySay(t *testing.T) {
	u, _ := FamilyByName("unrelated")
	c := u.Case(40, 1)
	for _, tok := range c.Hypothesis {
		if slices.Contains(c.Source, tok) {
			t.Errorf("unrelated: hypothesis token %q is in the source", tok)
		}
	}
	r, _ := FamilyByName("repeated-clause")
	c = r.Case(40, 1)
	for i, tok := range c.Hypothesis {
		if tok != c.Source[i%clause] {
			t.Fatalf("repeated-clause: hypothesis token %d is %q, not the first clause's %q", i, tok, c.Source[i%clause])
		}
	}
	// many-gold: the hypothesis applies half of annotator 0's edits, so scoring finds some of
	// them, and the second annotator has edits of its own.
	m, _ := FamilyByName("many-gold")
	c = m.Case(80, 1)
	if slices.EqualFunc(c.Annotators[0], c.Annotators[1], func(a, b Edit) bool {
		return a.Start == b.Start && a.End == b.End && slices.Equal(a.Correction, b.Correction)
	}) {
		t.Error("many-gold: both annotators have the same edits")
	}
	corpus, err := ParseCorpus("many-gold", []byte(c.System()), []byte(c.M2()))
	if err != nil {
		t.Fatal(err)
	}
	tot, err := scorer.Score(corpus.Hyps, corpus.Gold, scorer.DefaultOptions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cnt := tot.Counts(); cnt.Correct < len(c.Annotators[0])/4 {
		t.Errorf("many-gold: only %d of %d gold edits found correct", cnt.Correct, len(c.Annotators[0]))
	}
}

func TestCasesAreDeterministic(t *testing.T) {
	for _, f := range Families {
		a, b := f.Case(56, 7), f.Case(56, 7)
		if a.M2() != b.M2() || a.System() != b.System() {
			t.Errorf("%s: two calls with the same seed differ", f.Name)
		}
	}
}
