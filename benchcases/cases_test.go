package benchcases

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

func TestLongFamilies(t *testing.T) {
	for _, f := range LongFamilies {
		for _, n := range []int{3, 10, 1000} {
			c := f.Case(n, 1)
			corpus, err := ParseCorpus(f.Name, []byte(c.System()), []byte(c.M2()))
			if err != nil {
				t.Fatalf("%s n=%d: %v", f.Name, n, err)
			}
			if len(corpus.Gold[0].Tokens) != n {
				t.Errorf("%s n=%d: %d source tokens", f.Name, n, len(corpus.Gold[0].Tokens))
			}
		}
	}
	c, _ := LongFamilyByName("near-identical")
	nc := c.Case(1000, 1)
	diff := 0
	for i := range nc.Source {
		if nc.Source[i] != nc.Hypothesis[i] {
			diff++
		}
	}
	if diff != 2 || nc.Hypothesis[5] != "X" {
		t.Errorf("near-identical: %d tokens differ (want 2, token 5 the gold correction)", diff)
	}
	e, _ := LongFamilyByName("edited")
	if ec := e.Case(10_000, 1); len(ec.Hypothesis) < 9_000 || len(ec.Hypothesis) > 11_000 {
		t.Errorf("edited: %d hypothesis tokens for 10,000", len(ec.Hypothesis))
	}
}

// TestJoinM2: runs of sentences become one, the offsets shifted by the tokens before, every
// annotator kept (one with only noop lines keeps a noop line), the system joined alike.
func TestJoinM2(t *testing.T) {
	m2 := "S a b\nA 0 1|||T|||c|||REQUIRED|||-NONE-|||0\n\n" +
		"S d e f\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\nA 1 1|||T|||g|||REQUIRED|||-NONE-|||0\n\n" +
		"S h\n\n"
	got, err := JoinM2(m2, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := "S a b d e f\nA 0 1|||T|||c|||REQUIRED|||-NONE-|||0\nA 3 3|||T|||g|||REQUIRED|||-NONE-|||0\n" +
		"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n\nS h\n\n"
	if got != want {
		t.Errorf("JoinM2:\n%s\nwant:\n%s", got, want)
	}
	if sys := JoinLines("c b\nd g e f\nh\n", 2); sys != "c b d g e f\nh\n" {
		t.Errorf("JoinLines: %q", sys)
	}
	if _, err := ParseCorpus("joined", []byte(JoinLines("c b\nd g e f\nh\n", 2)), []byte(got)); err != nil {
		t.Error(err)
	}
	if _, err := JoinM2("A 0 1|||T|||c|||REQUIRED|||-NONE-|||0\n", 2); err == nil {
		t.Error("an A line before any S line: no error")
	}
}
