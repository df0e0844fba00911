package scorer

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// readConLL reads the combined CoNLL-2014 gold and the 13 files of the shared data.
func readCoNLL(t testing.TB) (gold []Sentence, systems [][]string) {
	t.Helper()
	conll := filepath.Join(sharedData(t), "conll14")
	gdata, err := os.ReadFile(filepath.Join(conll, "gold", "official-2014.combined.m2"))
	if err != nil {
		t.Fatal(err)
	}
	if gold, err = ReadM2("gold", gdata, 0); err != nil {
		t.Fatal(err)
	}
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"} {
		sdata, err := os.ReadFile(filepath.Join(conll, "systems", sys))
		if err != nil {
			t.Fatal(err)
		}
		hyps, err := ReadSystem(sys, sdata)
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, hyps[:len(gold)])
	}
	return gold, systems
}

// TestPreparedMatchesEvaluator scores every CoNLL-2014 file with a PreparedEvaluator and with an
// Evaluator: ids shared across sentences and tokens unknown to the gold must not change any
// annotator's edits or counts, under the default options and under options that change the gold
// edits scored or the matching.
func TestPreparedMatchesEvaluator(t *testing.T) {
	gold, systems := readCoNLL(t)
	if testing.Short() {
		systems = systems[:3]
	}
	withFixes := DefaultOptions()
	withFixes.Compat = CompatFixed
	withFixes.IgnoreWhitespaceCasing = true
	for _, opt := range []Options{DefaultOptions(), withFixes} {
		p := Prepare(gold, opt)
		pe, ev := p.Evaluator(), mustEvaluator(t, opt)
		for k, hyps := range systems {
			differ := 0
			for i := range gold {
				got := mustPrepared(t, pe, i, hyps[i])
				want := mustEvaluate(t, ev, hyps[i], &gold[i])
				want.Index = i
				if !reflect.DeepEqual(got, want) {
					differ++
					if differ < 4 {
						t.Errorf("compat %v, file %d, sentence %d:\n got %+v\nwant %+v", opt.Compat, k, i, got, want)
					}
				}
			}
			if differ > 0 {
				t.Errorf("compat %v, file %d: %d sentences differ", opt.Compat, k, differ)
			}
		}
	}
}

// TestPreparedUnknownTokens checks that tokens the gold does not have keep distinct ids within
// a hypothesis, and that the evaluator forgetting them (past maxLocalTokens) changes nothing.
func TestPreparedUnknownTokens(t *testing.T) {
	gold, err := ReadM2("gold", []byte("S a b c\nA 1 2|||X|||x y|||REQUIRED|||-NONE-|||0\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	p := Prepare(gold, DefaultOptions())
	pe := p.Evaluator()
	tests := []struct{ hyp, why string }{
		{"a x y c", "the gold correction: its tokens are known"},
		{"a q q c", "one unknown token twice: the same id"},
		{"a q r c", "two unknown tokens: different ids"},
		{"q a b c r", "unknown insertions at both ends"},
		{"a b c", "the source itself"},
	}
	ev := mustEvaluator(t, DefaultOptions())
	for round := range 3 {
		for _, tt := range tests {
			got, want := mustPrepared(t, pe, 0, tt.hyp), mustEvaluate(t, ev, tt.hyp, &gold[0])
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round %d, %q (%s):\n got %+v\nwant %+v", round, tt.hyp, tt.why, got, want)
			}
		}
		// Fill both evaluators' memory of tokens past its bound, so the next round starts
		// afresh.
		for j := range maxInternedTokens + 1 {
			mustPrepared(t, pe, 0, fmt.Sprintf("a t%d c", j))
			mustEvaluate(t, ev, fmt.Sprintf("a t%d c", j), &gold[0])
		}
		if pe.nLocal > maxInternedTokens || ev.intern.Len() != 0 {
			t.Fatalf("round %d: %d unknown tokens remembered by the PreparedEvaluator, %d by the Evaluator; bound %d, and none after a sentence", round, pe.nLocal, ev.intern.Len(), maxInternedTokens)
		}
	}
}

// TestEvaluateAllSharesDuplicates checks that identical hypotheses are scored once: the results
// are equal, and a duplicate's slices are the first one's.
func TestEvaluateAllSharesDuplicates(t *testing.T) {
	gold, err := ReadM2("gold", []byte("S a b c\nA 1 2|||X|||x|||REQUIRED|||-NONE-|||0\nA 0 1|||X|||z|||REQUIRED|||-NONE-|||1\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	pe := Prepare(gold, DefaultOptions()).Evaluator()
	for _, n := range []int{3, 40} { // searched, and through a map
		hyps := make([]string, n)
		for k := range hyps {
			hyps[k] = []string{"a x c", "z b c", "a x c", "a b c"}[k%4]
		}
		rs, err := pe.EvaluateAll(nil, 0, hyps)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != n {
			t.Fatalf("%d results for %d hypotheses", len(rs), n)
		}
		for k := range rs {
			want := mustPrepared(t, pe, 0, hyps[k])
			want.ChooseAlone(0.5)
			if !reflect.DeepEqual(rs[k], want) {
				t.Errorf("n=%d, hypothesis %d: got %+v, want %+v", n, k, rs[k], want)
			}
		}
		if &rs[2].Annotators[0] != &rs[0].Annotators[0] {
			t.Errorf("n=%d: the duplicate was scored again", n)
		}
		if rs[0].ChosenResult().Annotator != 0 || rs[1].ChosenResult().Annotator != 1 {
			t.Errorf("n=%d: chosen annotators %d and %d, want 0 and 1 (each matches one)", n, rs[0].ChosenResult().Annotator, rs[1].ChosenResult().Annotator)
		}
	}
}

// TestCountsPRF checks the sentence-level figures and their conventions for 0/0.
func TestCountsPRF(t *testing.T) {
	tests := []struct {
		c       Counts
		p, r, f float64
		why     string
	}{
		{Counts{0, 0, 0}, 1, 1, 1, "nothing proposed, nothing to find: perfect"},
		{Counts{0, 0, 2}, 1, 0, 0, "nothing proposed, two missed: P = 1 by convention, F = 0"},
		{Counts{0, 2, 0}, 0, 1, 0, "two spurious edits where nothing was to be done"},
		{Counts{1, 2, 4}, 0.5, 0.25, 1.25 * 0.5 * 0.25 / (0.25*0.5 + 0.25), "the formula"},
	}
	for _, tt := range tests {
		p, r, f := tt.c.PRF(0.5)
		if math.Abs(p-tt.p) > 1e-12 || math.Abs(r-tt.r) > 1e-12 || math.Abs(f-tt.f) > 1e-12 {
			t.Errorf("%+v (%s): got %v %v %v, want %v %v %v", tt.c, tt.why, p, r, f, tt.p, tt.r, tt.f)
		}
	}
}

func mustEvaluator(t testing.TB, opt Options) *Evaluator {
	t.Helper()
	ev, err := NewEvaluator(opt)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func mustEvaluate(t testing.TB, ev *Evaluator, hyp string, s *Sentence) SentenceResult {
	t.Helper()
	r, err := ev.Evaluate(hyp, s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustPrepared(t testing.TB, pe *PreparedEvaluator, i int, hyp string) SentenceResult {
	t.Helper()
	r, err := pe.Evaluate(i, hyp)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestScoreWithoutCallbackMatches scores every CoNLL-2014 file on one worker without a
// callback, where each result lives in the Evaluator's buffers until the next sentence (see
// Evaluator.transient), and with one, where each has arrays of its own: the totals, which choose
// each sentence's annotator from its counts, must be the same, and the same as two workers'.
func TestScoreWithoutCallbackMatches(t *testing.T) {
	gold, systems := readCoNLL(t)
	opt := DefaultOptions()
	for k, hyps := range systems {
		opt.Workers = 1
		bare, err := Score(hyps, gold, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		var counts []Counts
		kept, err := Score(hyps, gold, opt, func(r *SentenceResult) error {
			counts = append(counts, r.ChosenResult().Counts())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		opt.Workers = 2
		two, err := Score(hyps, gold, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if bare != kept || bare != two {
			t.Errorf("system %d: one worker without a callback %+v, with one %+v, two workers %+v", k, bare, kept, two)
		}
		var sum Counts
		for _, c := range counts {
			sum.Correct, sum.Proposed, sum.Gold = sum.Correct+c.Correct, sum.Proposed+c.Proposed, sum.Gold+c.Gold
		}
		if got := bare.Counts(); got != sum {
			t.Errorf("system %d: totals %+v, the chosen annotators' counts sum to %+v", k, got, sum)
		}
	}
}
