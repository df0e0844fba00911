package scorer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"maxmatch/lattice"
)

// conllResults scores a CoNLL-2014 submission against a gold file of the shared data.
func conllResults(t *testing.T, gold []Sentence, system string, opt Options) ([]SentenceResult, Totals) {
	t.Helper()
	data := sharedData(t)
	sdata, err := os.ReadFile(filepath.Join(data, "conll14", "systems", system))
	if err != nil {
		t.Fatal(err)
	}
	hyps, err := ReadSystem(system, sdata)
	if err != nil {
		t.Fatal(err)
	}
	var results []SentenceResult
	totals, err := Score(hyps, gold, opt, func(r *SentenceResult) error {
		results = append(results, *r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return results, totals
}

// TestReportsAgreeWithCounts checks, on CoNLL-2014, that MatchedGold marks as many gold edits
// as the scorer counted correct and that EachMatch names the edits of Correct, in order, for every annotator of every sentence (it re-does the
// matching to know which gold edits matched), that the type breakdown adds up to the totals,
// and that Retotal in the original order gives Score's totals.
func TestReportsAgreeWithCounts(t *testing.T) {
	systems := []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"}
	if testing.Short() {
		systems = []string{"CAMB", "NTHU"}
	}
	fixed := DefaultOptions()
	fixed.Compat = CompatFixed
	for _, opt := range []Options{DefaultOptions(), fixed} {
		gold := conllGold(t, "official-2014.combined-withalt", opt.Effective())
		for _, sys := range systems {
			results, totals := conllResults(t, gold, sys, opt)
			types := NewTypeBreakdown(opt)
			for i := range results {
				r := &results[i]
				types.Add(r)
				for _, a := range r.Annotators {
					n := 0
					for _, m := range a.MatchedGold(opt) {
						if m {
							n++
						}
					}
					if n != len(a.Correct) {
						t.Fatalf("%s (%v), sentence %d, annotator %d: %d gold edits matched, %d correct", sys, opt.Compat, i+1, a.Annotator, n, len(a.Correct))
					}
					var matched []Edit
					a.EachMatch(opt, func(e, _ int) { matched = append(matched, a.Edits[e]) })
					if !slices.Equal(matched, a.Correct) {
						t.Fatalf("%s (%v), sentence %d, annotator %d: EachMatch gives the edits %v, Correct is %v", sys, opt.Compat, i+1, a.Annotator, matched, a.Correct)
					}
				}
			}
			var all TypeCounts
			for _, c := range types.Types() {
				all.Gold += c.Gold
				all.Matched += c.Matched
			}
			c := totals.Counts()
			if all.Gold != c.Gold || all.Matched != c.Correct || types.Correct != c.Correct || types.Proposed != c.Proposed {
				t.Errorf("%s (%v): types add up to gold %d, matched %d, proposed %d; totals %+v", sys, opt.Compat, all.Gold, all.Matched, types.Proposed, c)
			}
			order := make([]int, len(results))
			for i := range order {
				order[i] = i
			}
			if re := Retotal(results, opt.Beta, order); re != totals {
				t.Errorf("%s (%v): Retotal in order %+v, Score %+v", sys, opt.Compat, re, totals)
			}
			// The counts alone re-run the choice as the results do, in order and in others.
			var counts SentenceCounts
			for i := range results {
				counts.Add(&results[i])
			}
			rng := rand.New(rand.NewPCG(uint64(len(sys)), 1))
			for k := range 5 {
				if k > 0 {
					for i := range order {
						order[i] = rng.IntN(len(order))
					}
				}
				if a, b := Retotal(results, opt.Beta, order), counts.Retotal(opt.Beta, order); a != b {
					t.Errorf("%s (%v), order %d: Retotal of the results %+v, of the counts %+v", sys, opt.Compat, k, a, b)
				}
			}
		}
	}
}

// TestTypeBreakdown checks the breakdown on sentences whose counts we know.
func TestTypeBreakdown(t *testing.T) {
	const gold = `S The cat sat on mat .
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||1

S He go to school every days .
A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0
A 5 6|||Nn|||day|||REQUIRED|||-NONE-|||0

S a b
A 0 1|||Del|||-NONE-|||REQUIRED|||-NONE-|||0
A 0 1|||Del2|||-NONE-|||REQUIRED|||-NONE-|||0
`
	const system = "The cat sat on the mat .\nHe goes to school every days .\nb\n"
	tests := []struct {
		fixes Fix
		want  string
		fp    int
		why   string
	}{
		{0, "[{ArtOrDet 1 1} {Del 1 1} {Del2 1 1} {Nn 1 0} {SVA 1 1}]", -1,
			"annotator 0 chosen in sentence 1, so its Nn edit is not counted; release 3.2 matches the deletion with both identical gold edits: 4 matched of 3 proposed, FP −1"},
		{FixDuplicateGold, "[{ArtOrDet 1 1} {Del 1 1} {Del2 1 0} {Nn 1 0} {SVA 1 1}]", 0,
			"with duplicate-gold the deletion matches the first identical gold edit only"},
	}
	for _, tt := range tests {
		opt := DefaultOptions()
		opt.Fixes = tt.fixes
		g, err := ReadM2("gold.m2", []byte(gold), opt.Effective())
		if err != nil {
			t.Fatal(err)
		}
		h, err := ReadSystem("system.txt", []byte(system))
		if err != nil {
			t.Fatal(err)
		}
		b := NewTypeBreakdown(opt)
		if _, err := Score(h, g, opt, func(r *SentenceResult) error { b.Add(r); return nil }); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range b.Types() {
			got = append(got, fmt.Sprintf("{%s %d %d}", c.Type, c.Gold, c.Matched))
		}
		if s := fmt.Sprint(got); s != tt.want || b.FalsePositives() != tt.fp {
			t.Errorf("fixes %v: types %s, FP %d; want %s, FP %d (%s)", tt.fixes, s, b.FalsePositives(), tt.want, tt.fp, tt.why)
		}
	}
}

// TestScoreSentence checks that scoring one sentence is scoring a corpus of that sentence.
func TestScoreSentence(t *testing.T) {
	gold, err := ReadM2("gold.m2", []byte("S The cat sat on mat .\nA 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0\nA 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||1\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, hyp := range []string{"The cats sat on mat .", "The cat sat on the mat .", "The cat sat on mat .", "A dog"} {
		got, err := ScoreSentence(hyp, &gold[0], DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		var want SentenceResult
		if _, err := Score([]string{hyp}, gold, DefaultOptions(), func(r *SentenceResult) error { want = *r; return nil }); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: ScoreSentence %+v, Score %+v", hyp, got, want)
		}
	}
}

// TestSentenceCountsRetotal checks SentenceCounts against the results it keeps the counts of,
// on random sentences of one to six annotators (more than the two a record holds) and random
// orders, bounded sentences included.
func TestSentenceCountsRetotal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	results := make([]SentenceResult, 500)
	var counts SentenceCounts
	for i := range results {
		r := &results[i]
		r.Annotators = make([]AnnotatorResult, 1+rng.IntN(6))
		for k := range r.Annotators {
			a := &r.Annotators[k]
			a.Annotator = k
			a.Gold, a.Edits = make([]GoldEdit, rng.IntN(4)), make([]Edit, rng.IntN(4))
			a.Correct = a.Edits[:rng.IntN(len(a.Edits)+1)]
		}
		r.Bounded = lattice.Fallback(rng.IntN(2))
		counts.Add(r)
	}
	if counts.Len() != len(results) {
		t.Fatalf("Len %d, want %d", counts.Len(), len(results))
	}
	order := make([]int, len(results))
	for k := range 20 {
		for i := range order {
			order[i] = rng.IntN(len(results))
		}
		for _, beta := range []float64{0.5, 2} {
			if a, b := Retotal(results, beta, order), counts.Retotal(beta, order); a != b {
				t.Fatalf("order %d, β %v: Retotal of the results %+v, of the counts %+v", k, beta, a, b)
			}
		}
	}
}

// TestSentenceCountsManyAnnotators: a sentence's counts keep every annotator, however many,
// beyond 65,535 too.
func TestSentenceCountsManyAnnotators(t *testing.T) {
	r := SentenceResult{Annotators: make([]AnnotatorResult, 70000)}
	r.Annotators[69999] = AnnotatorResult{Annotator: 69999, Edits: []Edit{{}}, Correct: []Edit{{}}, Gold: []GoldEdit{{}}}
	var c SentenceCounts
	c.Add(&r)
	if got := c.Retotal(0.5, []int{0}); got.Correct != 1 {
		t.Errorf("the 70,000th annotator, the only one with a correct edit, was not chosen: %+v", got)
	}
}

// TestSearchReasonCounts: the counts the reason gives agree with their nouns ("at most 1 edge"
// was "at most 1 edges").
func TestSearchReasonCounts(t *testing.T) {
	var o Options
	for _, c := range []struct {
		search lattice.Search
		cost   lattice.Cost
		want   string
	}{
		{lattice.SearchClosure, lattice.Cost{Reason: lattice.ReasonSmallClosure, ClosureBound: 1}, "closure (at most 1 edge: small)"},
		{lattice.SearchClosure, lattice.Cost{Reason: lattice.ReasonSmallClosure, ClosureBound: 2}, "closure (at most 2 edges: small)"},
		{lattice.SearchClosure, lattice.Cost{Reason: lattice.ReasonClosureCheaper, ClosureBound: 1, States: 1}, "closure (at most 1 edge, predicted cheaper than 1 state without it)"},
		{lattice.SearchClosure, lattice.Cost{Reason: lattice.ReasonNoClosureOver, States: 5000}, "closure (the search without it, 5,000 states, does not fit in the memory budget)"},
		{lattice.SearchNoClosure, lattice.Cost{ClosureBound: 2, States: 1}, "without the closure (1 state, predicted cheaper than its closure of over 1 edge)"},
	} {
		r := &SentenceResult{Search: c.search, Cost: c.cost}
		if got := o.SearchReason(r); got != c.want {
			t.Errorf("SearchReason of %v, %+v = %q, want %q", c.search, c.cost, got, c.want)
		}
	}
}
