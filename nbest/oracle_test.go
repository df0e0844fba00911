package nbest

import (
	"math/rand/v2"
	"testing"

	"maxmatch/scorer"
)

// randomSentences makes n sentences of up to k candidates with one or two annotators and small
// counts; a few have correct > proposed, as release 3.2's duplicate-gold counting allows.
func randomSentences(rng *rand.Rand, n, k int) [][]Candidate {
	out := make([][]Candidate, n)
	for i := range out {
		annotators := 1 + rng.IntN(2)
		gold := make([]int, annotators)
		for a := range gold {
			gold[a] = rng.IntN(4)
		}
		for range 1 + rng.IntN(k) {
			c := make(Candidate, annotators)
			for a := range c {
				p := rng.IntN(4)
				correct := rng.IntN(min(p, gold[a]) + 1)
				if rng.IntN(20) == 0 && gold[a] > p {
					correct = p + 1
				}
				c[a] = scorer.Counts{Correct: correct, Proposed: p, Gold: gold[a]}
			}
			out[i] = append(out[i], c)
		}
	}
	return out
}

// bruteForce tries every choice of candidates (not only distinct ones) under the official
// annotator choice, and every choice of candidate and annotator for the relaxed bound.
func bruteForce(sentences [][]Candidate, beta float64) (best, bound float64) {
	n := len(sentences)
	best, bound = -1, -1
	var rec func(i int, choice []int)
	rec = func(i int, choice []int) {
		if i == n {
			t := officialTotals(sentences, choice, beta)
			best = max(best, f(t))
			return
		}
		for k := range sentences[i] {
			rec(i+1, append(choice, k))
		}
	}
	rec(0, nil)
	var pairs func(i int, c, p, g float64)
	pairs = func(i int, c, p, g float64) {
		if i == n {
			bound = max(bound, scorer.FBeta(c, p, g, beta))
			return
		}
		for _, cand := range sentences[i] {
			for _, x := range cand {
				pairs(i+1, c+float64(x.Correct), p+float64(x.Proposed), g+float64(x.Gold))
			}
		}
	}
	pairs(0, 0, 0, 0)
	return best, bound
}

// TestOracleAgainstBruteForce checks the oracle on random small lists against trying every
// choice: the enumeration finds the best; the ascent (enumeration disabled) is never below the
// greedy choice nor above the best, and is the best whenever it says so; the upper bound is the
// exact maximum of the relaxed problem, and never below the best.
func TestOracleAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const cases = 3000
	var ascentBest, ascentExact, greedyBest int
	for c := range cases {
		n, k := 1+rng.IntN(6), 1+rng.IntN(4)
		beta := []float64{0.5, 1, 2}[rng.IntN(3)]
		ss := randomSentences(rng, n, k)
		best, bound := bruteForce(ss, beta)

		enum := search(ss, beta, maxEnumeration)
		if enum.Method != Enumeration || f(enum.Totals) != best {
			t.Fatalf("case %d: enumeration gave %v by %v, the best is %v\n%v", c, f(enum.Totals), enum.Method, best, ss)
		}
		if diff := enum.UpperBound - bound; diff > 1e-12 || diff < -1e-12 {
			t.Fatalf("case %d: upper bound %v, the relaxed maximum is %v\n%v", c, enum.UpperBound, bound, ss)
		}
		if bound < best-1e-12 {
			t.Fatalf("case %d: bound %v below the best %v", c, bound, best)
		}

		asc := search(ss, beta, 0)
		got, greedy := f(asc.Totals), f(asc.Greedy)
		if got < greedy || got > best {
			t.Fatalf("case %d: ascent %v, greedy %v, best %v\n%v", c, got, greedy, best, ss)
		}
		if asc.Method.Exact() && got != best {
			t.Fatalf("case %d: ascent says %v but gives %v, the best is %v", c, asc.Method, got, best)
		}
		if f(officialTotals(ss, asc.Choice, beta)) != got {
			t.Fatalf("case %d: the choice does not give the totals reported", c)
		}
		if got == best {
			ascentBest++
		}
		if asc.Method.Exact() {
			ascentExact++
		}
		if greedy == best {
			greedyBest++
		}
	}
	t.Logf("of %d random lists: ascent reaches the best in %d (proved so in %d), the greedy choice in %d", cases, ascentBest, ascentExact, greedyBest)
}

// TestOracleNeverBelowGreedy checks larger lists, where only the ascent runs.
func TestOracleNeverBelowGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for c := range 50 {
		ss := randomSentences(rng, 200+rng.IntN(300), 12)
		res := Oracle(ss, 0.5)
		if res.Method == Enumeration {
			t.Fatalf("case %d: %d sentences enumerated", c, len(ss))
		}
		if f(res.Totals) < f(res.Greedy) {
			t.Fatalf("case %d: oracle %v below greedy %v", c, f(res.Totals), f(res.Greedy))
		}
		if f(res.Totals) > res.UpperBound+1e-12 {
			t.Fatalf("case %d: oracle %v above the bound %v", c, f(res.Totals), res.UpperBound)
		}
	}
}
