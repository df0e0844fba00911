package lattice

import (
	"math"
	"math/bits"
	"slices"
)

// Why float64 sums of the official's weights keep the exact order of the paths compared, and where
// they cannot.
//
// Rounding.
//
// Two paths to a vertex of different exact weights differ by at least ε = 0.001 (weights are −K·m +
// s + 0.001·t in exact decimals; the float64 ε differs from 0.001 by 2·10⁻²⁰ per occurrence, far
// below the rounding bounds here). A float64 sum is within the sum of its additions' roundings of
// the exact one: at most half a spacing each, h below K·M + 2(n+m) once a matched edge is in (M:
// the best paths' matched edges), hs below 2(n+m)+1 before; adding a whole weight (a no-op step) to
// a negative sum is exact. A path g units of ε above the best, with no fewer steps than the best
// path compared, has at most T + g + M additions that are not exact after its first matched edge
// (T: the most ε on a best path); a path with fewer steps needs 1000 more ε, impossible when the
// most ε any lattice path can carry (at most 2 an atomic step, 1.5 a phrase step, and the walk's
// extra) is below 1000 + T. Then (2T + 2M + 1)·h + 2(n+m)·hs < ε separates every class from the
// paths above it (separated); otherwise the search is not sure. On the unrelated family (one gold
// edit every 5 tokens) the bound holds at 320 × 320 tokens (K near 2.7·10⁹) and fails at 400 × 400
// (K·M near 2³⁸, a spacing of 3·10⁻⁵): the roundings of a best path may then add up to ε.
//
// At 1,000 × 1,000 no bound of this kind can hold. There K = 251,502,252,000 exactly (the grid's
// closed form), a best path of the family's case (benchcases, seed 1) has M = 90 matched
// edges, and every sum after them is near K·M ≈ 2.26·10¹³, in [2⁴⁴, 2⁴⁵), where float64s are 2⁻⁸ ≈
// 0.0039 apart: one addition rounds by up to 0.00195, about two ε. Paths whose exact weights differ
// by ε, or by a few ε, can then round to the same sum or to sums in the other order, so which path
// the official's Bellman–Ford keeps at a vertex depends on the rounded sums of paths off the best
// ones as well — on the relaxation history of its whole list, about 2.5·10¹¹ occurrences. The tie
// search's argument (only best paths matter) is then false, and reproducing the official would mean
// running its passes over that list: the closure's cost, which this search exists to avoid. So the
// search does not try; the sentence is scored by the closure where it fits and by the bounded
// search otherwise, with its warning (see Which search answers).

// undecidable reports whether, with m matched edges on the best paths, neither the relaxed
// search's certificate (certainWeights, whatever the best value's rest) nor the tie search
// (tieRoundingFails) can be sure of the official's path: float64 sums may confuse paths of
// different weights whatever the search finds.
func (ns *noClosureSearch) undecidable(m int32) bool {
	return ns.tieRoundingFails(m) && !ns.certainRounding(m)
}

// certainWeights reports whether the official's float64 Bellman–Ford must find a path of the
// relaxed search's best value, best: the match weight dominates (1000·K above best's rest, so
// that no path of fewer matched edges can weigh less), and the rounding of any path's sum is
// below half the 0.001 that separates different weights.
func (ns *noClosureSearch) certainWeights(best rval) bool {
	if ns.opt.IntegerCosts {
		// Integer units of ε, with a match weight of 1001·(n+m+1) units.
		steps := int64(ns.n + ns.m) // the most edges on a path
		match := 1001 * (steps + 1)
		return match > best.v && (match*int64(best.m)+2*stepUnits*(steps+1)) < 1<<53
	}
	if stepUnits*ns.atomicOccurrences() <= best.v {
		return false // K ≥ the atomic edges; not known to dominate
	}
	return ns.certainRounding(best.m)
}

// certainRounding reports whether, with m matched edges on a path, the rounding of any path's
// float64 sum is below half the 0.001 that separates different weights, whatever K is: K is at
// most 3 occurrences per pair of vertices and the atomic edges, and a path's partial sums are at
// most K·m plus 2 per step in magnitude.
func (ns *noClosureSearch) certainRounding(m int32) bool {
	if ns.opt.IntegerCosts {
		return true // certainWeights checks its integer sums
	}
	nv := int64(ns.numVertices())
	steps := int64(ns.n + ns.m) // the most edges on a path
	kMax := 3*nv*(nv-1)/2 + ns.atomicOccurrences()
	most := float64(kMax)*float64(m) + 2*float64(steps+1)
	return float64(steps)*halfULP(most) < 0.0005
}

// halfULP is half the spacing of float64s at magnitude x: the most an addition whose result is
// at most x in magnitude rounds by.
func halfULP(x float64) float64 {
	_, e := math.Frexp(x) // x = f·2^e, ½ ≤ f < 1
	return math.Ldexp(1, e-54)
}

// tieRoundingFails reports whether, with m matched edges on the best paths, float64 sums may
// confuse paths of different weights even at K's least value and with no ε on the best paths
// (see separated): then no tie can be broken (an unrelated grid of 400 tokens and more).
func (ns *noClosureSearch) tieRoundingFails(m int32) bool {
	if m == 0 || ns.opt.IntegerCosts {
		return false
	}
	lo := ns.kLower()
	steps := int64(ns.n + ns.m)
	return float64(2*m+1)*halfULP(float64(lo)*float64(m)) >= epsilon ||
		float64(2*steps)*halfULP(2*float64(steps+1)) >= epsilon
}

// separated reports whether float64 sums cannot confuse two paths of different weights when the
// match weight is −k (0 when no matched edge is on a best path) — see the top of this file: with K dominating the rest of the best value, a path to a vertex
// whose weight exceeds the best by g units of ε, g ≥ 1, has a float64 sum above every best
// path's, when the roundings of both stay below g·ε/2. A sum rounds by at most half a spacing:
// h below K·M + 2(n+m), hs before the first matched edge (below 2(n+m)+1); additions of a
// whole number (no-ops) to a negative sum are exact. A path within g of the best has at most
// T + g + M non-whole additions after its first matched edge when it has no fewer steps than
// the best path it is compared with (T: the most ε on a best path, M: the matched edges), and
// a path with fewer steps needs at least 1000 more ε, which no path has when the lattice's
// most ε on a path (maxEpsilon) is below 1000 + T.
func (ns *noClosureSearch) separated(r *relaxed, t *tight, k int64) bool {
	steps := int64(ns.n + ns.m)
	m := int64(r.best.m)
	if k > 0 && stepUnits*k <= r.best.v {
		return false
	}
	h := halfULP(float64(k)*float64(m) + 2*float64(steps+1))
	hs := halfULP(2 * float64(steps+1))
	tMax := ns.tightMost(t)
	// Case 1: no fewer steps. (2T + 2M + 1)·h + 2(n+m)·hs < ε.
	if float64(2*tMax+2*m+1)*h+float64(2*steps)*hs >= epsilon {
		return false
	}
	if ns.maxEpsilon(r, t) < 1000+tMax {
		return true
	}
	// Case 2: fewer steps, any number of additions.
	return float64(steps+tMax+m+1)*h+float64(2*steps)*hs < epsilon
}

// tightMost returns the most ε on a path of the tight edges, in t.most (one per place,
// reserved by tightPath).
func (ns *noClosureSearch) tightMost(t *tight) (eps int64) {
	// The edges are sorted by target, and every place's index is known.
	most := t.most
	clear(most)
	for _, e := range t.edges {
		f, to := t.index[e.from], t.index[e.to]
		most[to] = max(most[to], most[f]+int64(e.extra))
	}
	return slices.Max(most)
}

// maxEpsilon bounds the ε on any path of the closure: an atomic edge has as many as it has
// occurrences (1 or 2), a phrase of at least two steps at most 3 (its records), so at most 1.5
// a step; the walk's extra ε at insertion offsets (r's explicit edges) come on top. Its
// scratch is t.epsMost, one per vertex (reserved by tightPath).
func (ns *noClosureSearch) maxEpsilon(r *relaxed, t *tight) int64 {
	nv := int32(ns.numVertices())
	most := t.epsMost // in half units of ε
	most[0] = 0
	for v := int32(1); v < nv; v++ {
		most[v] = 0
		ns.stepsInto(v, func(from int32, dir int, noop bool) {
			c := int64(3) // 1.5 a step
			if !noop {
				c = max(c, 2*int64(ns.atomInto(v, directions[dir])))
			}
			most[v] = max(most[v], most[from]+c)
		})
	}
	extra := int64(0)
	for _, x := range r.expl {
		extra += int64(x.extra)
	}
	return (most[nv-1]+1)/2 + extra
}

// sameRounding returns the range [lo, next) of K over which the float64 sum of x and w —
// x = −K·mx + y, w = −K·mw + z, computed here for K = k — rounds the same way: K·m − (y+z) stays
// in the same binade [2^e, 2^(e+1)) (m = mx + mw ≥ 1), whose spacing 2^(e−52) ≤ ½ divides the
// integer K·m. good is false when the sum's magnitude reaches 2⁵².
func sameRounding(x float64, mx int32, w float64, mw int32, k int64) (lo, next int64, good bool) {
	m := int64(mx + mw)
	y := x + float64(k*int64(mx)) // exact: x is within a factor 2 of −k·mx (Sterbenz)
	z := w + float64(k*int64(mw))
	c := ceilSum(y, z) // ⌈y+z⌉, exactly
	q := k*m - c       // ⌊K·m − (y+z)⌋ has the binade of K·m − (y+z)
	if q < 1 || q >= 1<<52 {
		return 0, 0, false
	}
	e := int64(bits.Len64(uint64(q))) - 1
	// 2^e ≤ K·m − c < 2^(e+1) ⟺ ⌈(2^e + c)/m⌉ ≤ K ≤ ⌊(2^(e+1) + c − 1)/m⌋
	lo = ceilDiv(1<<e+c, m)
	next = floorDiv(1<<(e+1)+c-1, m) + 1
	return lo, next, true
}

// ceilSum returns ⌈a+b⌉ of the exact sum of two float64s.
func ceilSum(a, b float64) int64 {
	s := a + b
	bb := s - a
	err := (a - (s - bb)) + (b - bb) // a+b = s+err exactly (TwoSum)
	c := math.Ceil(s)
	switch {
	case s == c && err > 0:
		return int64(c) + 1
	case s == c:
		return int64(c)
	case err > c-s:
		return int64(c) + 1
	case -err >= s-(c-1):
		return int64(c) - 1
	}
	return int64(c)
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a > 0) == (b > 0) {
		q++
	}
	return q
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
