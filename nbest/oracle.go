package nbest

import (
	"slices"

	"maxmatch/scorer"
)

// Candidate is one hypothesis of a sentence as the oracle sees it: its counts against each of
// the sentence's annotators, in the official's visiting order.
type Candidate []scorer.Counts

// Method says how the oracle's choice was found, and so whether it is known to be the best.
type Method uint8

const (
	// Enumeration tried every combination of the distinct candidates: the choice is the best.
	Enumeration Method = iota
	// Bound: the choice's corpus F_β equals the upper bound (the best F_β of any choice of
	// hypothesis and annotator per sentence), so it is the best.
	Bound
	// Ascent: coordinate ascent from the better of the greedy and the bound's choice; the
	// choice is at least as good as the greedy one, and within UpperBound of the best.
	Ascent
)

func (m Method) String() string {
	return [...]string{"enumeration", "upper bound reached", "coordinate ascent"}[m]
}

// Exact reports whether the method proves the choice the best.
func (m Method) Exact() bool { return m != Ascent }

// OracleResult is the oracle's choice and what is known about it.
type OracleResult struct {
	Choice []int         // per sentence, the index of the chosen candidate
	Totals scorer.Totals // the official corpus counts of the choice (annotators chosen as the official does)
	Greedy scorer.Totals // those of the greedy choice, for comparison
	// UpperBound is the best corpus F_β over every choice of a candidate and an annotator per
	// sentence (computed exactly): no choice of candidates scores more under the official
	// annotator choice. When the choice reaches it (Method Bound), it is the choice's F_β.
	UpperBound float64
	Method     Method
	Sweeps     int // coordinate-ascent sweeps run (0 unless Method is Ascent)
}

// maxEnumeration bounds the combinations the exact enumeration tries, maxEnumerationSteps the
// annotator choices it makes (combinations × sentences).
const (
	maxEnumeration      = 1 << 16
	maxEnumerationSteps = 1 << 26
)

// Oracle chooses one candidate per sentence to maximise the official corpus F_β: each
// sentence's annotator is chosen, in order, by the official rule from the running totals
// (scorer.Totals.Choose), which is the score "maxmatch score" gives the chosen hypotheses as a
// system file. Every sentence needs at least one candidate; ties go to the lower index.
//
// That objective depends on the order of the sentences through the annotator choice, so the
// search is exact only where it can be shown so:
//
//   - Greedy: sentence by sentence, the candidate whose best annotator gives the highest F_β of
//     the running totals (the official's annotator rule over every pair of candidate and
//     annotator). The starting point and the floor.
//   - Upper bound: with the annotator free as well, the corpus F_β = (1+β²)ΣC / (β²ΣG + ΣP) is a
//     ratio of sums over independent choices, which Dinkelbach's method maximises exactly: for
//     λ the F_β of the current choice, each sentence takes the pair maximising
//     (1+β²)c − λ(β²g + p); λ rises strictly until nothing improves, and then is the maximum.
//     The official annotator choice can only score a choice of candidates at or below it.
//   - When the combinations of distinct candidates (candidates with equal counts are one) are
//     few (at most 65,536, and 2²⁶ annotator choices in all), every one is tried: exact.
//   - Otherwise, from the better of the greedy choice and the bound's, coordinate ascent: each
//     sweep tries every other candidate of every sentence, re-running the annotator choice from
//     that sentence on, and keeps strict improvements, until a sweep changes nothing. It never
//     falls below its start. When the result reaches the bound it is the best (Method Bound).
func Oracle(sentences [][]Candidate, beta float64) OracleResult {
	return search(sentences, beta, maxEnumeration)
}

// search is Oracle with a bound on the combinations to enumerate (0: never enumerate).
func search(sentences [][]Candidate, beta float64, maxCombinations int) OracleResult {
	distinct := make([][]int, len(sentences)) // per sentence, the first candidate of each distinct count vector
	for i, cs := range sentences {
		for k, c := range cs {
			if !slices.ContainsFunc(distinct[i], func(j int) bool { return slices.Equal(cs[j], c) }) {
				distinct[i] = append(distinct[i], k)
			}
		}
	}
	bound, boundStart := upperBound(sentences, distinct, beta)
	res := OracleResult{UpperBound: bound}
	greedy := greedyChoice(sentences, distinct, beta)
	res.Greedy = officialTotals(sentences, greedy, beta)

	if combos := combinations(distinct); combos <= maxCombinations && combos*len(sentences) <= maxEnumerationSteps {
		res.Choice = enumerate(sentences, distinct, beta)
		res.Totals = officialTotals(sentences, res.Choice, beta)
		res.Method = Enumeration
		return res
	}

	start := greedy
	if better(officialTotals(sentences, boundStart, beta), res.Greedy) {
		start = boundStart
	}
	res.Choice, res.Sweeps = ascend(sentences, distinct, start, beta)
	res.Totals = officialTotals(sentences, res.Choice, beta)
	res.Method = Ascent
	if scorer.FBeta(res.Totals.Correct, res.Totals.Proposed, res.Totals.Gold, beta) >= bound {
		res.Method = Bound
		res.UpperBound = f(res.Totals) // the same value; as the official computes F, to the last bit
	}
	return res
}

// f is the corpus F_β of totals, as the official prints it.
func f(t scorer.Totals) float64 {
	_, _, fb := t.PRF()
	return fb
}

// officialTotals runs the official annotator choice over the chosen candidates, in order.
func officialTotals(sentences [][]Candidate, choice []int, beta float64) scorer.Totals {
	t := scorer.Totals{Beta: beta}
	for i, k := range choice {
		t.ChooseCounts(sentences[i][k])
	}
	return t
}

// greedyChoice picks, sentence by sentence, the candidate with the best pair of candidate and
// annotator for the running totals, by the official rule.
func greedyChoice(sentences [][]Candidate, distinct [][]int, beta float64) []int {
	choice := make([]int, len(sentences))
	t := scorer.Totals{Beta: beta}
	var pairs []scorer.Counts
	var owner []int
	for i, cs := range sentences {
		pairs, owner = pairs[:0], owner[:0]
		for _, k := range distinct[i] {
			for _, n := range cs[k] {
				pairs = append(pairs, n)
				owner = append(owner, k)
			}
		}
		choice[i] = owner[t.ChooseCounts(pairs)]
	}
	return choice
}

// bestPairs returns, for λ, the largest Σ (1+β²)c − λ(β²g + p) over a pair of candidate and
// annotator per sentence, and the summed counts of the pairs that reach it, whose candidates
// it stores in choice (when not nil). Ties go to the first candidate, then annotator.
func bestPairs(sentences [][]Candidate, distinct [][]int, beta, lambda float64, choice []int) (v, c, p, g float64) {
	sq := float64(beta * beta)
	for i, cs := range sentences {
		best, bestK, bestN := 0.0, -1, scorer.Counts{}
		for _, k := range distinct[i] {
			for _, n := range cs[k] {
				// Each product rounded on its own (no fused multiply-add), so that the
				// choice, ties included, is the same on every architecture.
				x := float64((1+sq)*float64(n.Correct)) - float64(lambda*(float64(sq*float64(n.Gold))+float64(n.Proposed)))
				if bestK < 0 || x > best {
					best, bestK, bestN = x, k, n
				}
			}
		}
		if choice != nil {
			choice[i] = bestK
		}
		v += best
		c += float64(bestN.Correct)
		p += float64(bestN.Proposed)
		g += float64(bestN.Gold)
	}
	return v, c, p, g
}

// upperBound maximises (1+β²)ΣC / (β²ΣG + ΣP) over every choice of candidate and annotator per
// sentence by Dinkelbach's method, and returns the maximum and the candidates of a choice that
// reaches it. For a choice with β²ΣG + ΣP > 0, its ratio exceeds λ exactly when its
// Σ (1+β²)c − λ(β²g + p) is positive; so when the largest such sum is not positive, λ is the
// maximum over those choices. A choice proposing nothing where nothing is to be found scores 1
// by the official convention, and is the only kind with a zero denominator.
func upperBound(sentences [][]Candidate, distinct [][]int, beta float64) (float64, []int) {
	lambda := 0.0
	choice, try := make([]int, len(sentences)), make([]int, len(sentences))
	bestPairs(sentences, distinct, beta, 0, choice)
	for {
		v, c, p, g := bestPairs(sentences, distinct, beta, lambda, try)
		if v <= 0 {
			break
		}
		next := scorer.FBeta(c, p, g, beta) // the sum is positive, so the denominator is
		if next <= lambda {
			break // the last bits of rounding
		}
		lambda = next
		copy(choice, try)
	}
	// A choice of nothing proposed where nothing is to be found, in every sentence, scores 1.
	if lambda < 1 && zeroChoice(sentences, distinct, try) {
		lambda = 1
		copy(choice, try)
	}
	return lambda, choice
}

// zeroChoice finds, for every sentence, a candidate with an annotator of counts 0/0/0, if there
// is one in every sentence.
func zeroChoice(sentences [][]Candidate, distinct [][]int, choice []int) bool {
	for i, cs := range sentences {
		choice[i] = -1
		for _, k := range distinct[i] {
			if slices.Contains(cs[k], scorer.Counts{}) {
				choice[i] = k
				break
			}
		}
		if choice[i] < 0 {
			return false
		}
	}
	return true
}

// combinations returns the number of combinations of distinct candidates, or a number over
// maxEnumeration as soon as it exceeds it.
func combinations(distinct [][]int) int {
	n := 1
	for _, d := range distinct {
		if n > maxEnumeration {
			return n
		}
		n *= len(d)
	}
	return n
}

// enumerate tries every combination of distinct candidates; ties go to the first in the order
// of enumeration (lower indices first, the last sentence varying fastest).
func enumerate(sentences [][]Candidate, distinct [][]int, beta float64) []int {
	n := len(sentences)
	pos := make([]int, n) // index into distinct[i]
	choice := make([]int, n)
	var best []int
	bestT := scorer.Totals{}
	for {
		for i := range n {
			choice[i] = distinct[i][pos[i]]
		}
		t := officialTotals(sentences, choice, beta)
		if best == nil || better(t, bestT) {
			best, bestT = slices.Clone(choice), t
		}
		i := n - 1
		for i >= 0 {
			pos[i]++
			if pos[i] < len(distinct[i]) {
				break
			}
			pos[i] = 0
			i--
		}
		if i < 0 {
			return best
		}
	}
}

// better reports whether totals a score strictly more than b.
func better(a, b scorer.Totals) bool { return f(a) > f(b) }

// ascend runs coordinate ascent from start (see Oracle) and returns its result and the number of
// sweeps.
func ascend(sentences [][]Candidate, distinct [][]int, start []int, beta float64) ([]int, int) {
	n := len(sentences)
	choice := slices.Clone(start)
	// prefix[i] is the totals of sentences before i under the current choice.
	prefix := make([]scorer.Totals, n+1)
	recompute := func(from int) {
		for i := from; i < n; i++ {
			prefix[i+1] = prefix[i]
			prefix[i+1].ChooseCounts(sentences[i][choice[i]])
		}
	}
	prefix[0] = scorer.Totals{Beta: beta}
	recompute(0)
	sweeps := 0
	for {
		sweeps++
		improved := false
		for i := range n {
			if len(distinct[i]) < 2 {
				continue
			}
			bestK, bestF := choice[i], f(prefix[n])
			for _, k := range distinct[i] {
				if k == choice[i] || slices.Equal(sentences[i][k], sentences[i][choice[i]]) {
					continue
				}
				t := prefix[i]
				t.ChooseCounts(sentences[i][k])
				for j := i + 1; j < n; j++ {
					t.ChooseCounts(sentences[j][choice[j]])
				}
				if v := f(t); v > bestF {
					bestK, bestF = k, v
				}
			}
			if bestK != choice[i] {
				choice[i] = bestK
				recompute(i)
				improved = true
			}
		}
		if !improved {
			return choice, sweeps
		}
	}
}
