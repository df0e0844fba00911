package lattice

import (
	"math"
	"math/bits"

	"maxmatch/internal/scratch"
)

// Why the cost of a sentence is bounded, and where the exact search stops.
//
// Bounded cost.
//
// On a hypothesis unrelated to its source the lattice is the whole grid and the closure holds
// nearly every ordered pair of grid points: O(n²m²) edges (740,000 for 40 tokens against 40, 26
// million for 100 against 100). We need about 56 bytes per edge, the official scorer about 1 KB.
// What decides where the exact search stops is our memory: Options.Memory, an account of the run's
// budget (package membudget), from which every large allocation is reserved before it is made.
//
//   - Before the closure, when the budget could be too small for the largest closure the vertices
//     allow (|V|²/2 edges), a lower bound of the closure is computed in one sweep
//     (closureLowerBound: the pairs joined by a path without a no-op step, each of which the
//     closure holds; exact on an unrelated grid). If that many edges do not fit, the bounded search
//     is used at once, with the figures (Cost: the bytes needed at least, the edges).
//   - Otherwise the closure is built, and the build stops at the first edge the budget cannot hold;
//     the bounded search is used then too (OverMemory).
//   - Options.MaxEdges and Options.MaxWork are optional caps, off by default: the edge list's
//     length, and the official's predicted work |V| × P (P, the vertex pairs joined by a path with
//     at most u no-op steps, is counted before any closure is built).
//
// The bounded search needs O(|V|·(u+2)) time and memory: 16 bytes per state (u+2 states per
// vertex), 4 per vertex for its candidates' check, and 12 per matched candidate (at most one per
// gold correction and vertex of the gold edit's first row); each candidate's check visits the
// vertices between its ends. BenchmarkDegenerate measures it. When not even the band, the vertices
// or the bounded search's states fit, Build fails with a *TooLargeError that says which and by how
// much.
//
// The bounded search's answer is defined by its objective: most matched gold edits, then the fewest
// lattice steps outside matched edits, then the fewest edits, then a fixed tie order (see
// boundedPath). That is the official objective (−K per match, cost per step, ε per edge) without
// the artefacts of its closure, which keeps one path per vertex pair (and so can miss an edit of at
// most u unchanged tokens), and of float rounding, which decides most of its ties. A brute-force
// enumeration checks the objective on small cases (TestBoundedSearchIsOptimal);
// TestBoundedSearchAgreesWithExact compares it with the exact search on small random cases (never a
// lower objective value).

// ClosurePairs returns P, the number of vertex pairs (a, b), a before b, that a lattice path
// with at most u no-op steps joins — every edge the closure can hold, counted once — or a
// number over limit as soon as the count exceeds it (limit < 0: no limit). It is cheap (no
// edit is formed), and exact on lattices without no-ops, such as a hypothesis unrelated to its
// source. Its scratch is reserved from the memory account; a refusal is returned.
func (l *Lattice) ClosurePairs(limit int) (int, error) {
	_, pu, err := l.pairs.countPairs(-1, limit)
	l.pairs.free()
	return pu, err
}

// countPairs counts the vertex pairs (a, b), a before b, joined by a lattice path without a
// no-op step (p0) and with at most u of them (pu), stopping as soon as p0 exceeds limit0 or pu
// exceeds limitU (a negative limit: none).
//
// The closure holds an edge for every pair counted in p0 and for no pair outside pu, so
// p0 ≤ keys ≤ pu. For pu: an edge is a path with at most u unchanged tokens. For p0: let
// a = x₀ → x₁ → … → xₜ = b be a path without no-op; when xₛ is processed (vertices are processed
// in order, and an edge into xₛ is final by then), a→xₛ is an edge, atomic or made earlier, with
// at most u unchanged tokens; extending it by the step xₛ→xₛ₊₁ adds none, so a→xₛ₊₁ is either
// already an edge or is made then. Removing phrase no-ops afterwards keeps their keys.
//
// A negative u is counted as 0: its closure holds the atomic edges alone.
func (pc *pairCounter) countPairs(limit0, limitU int) (p0, pu int, err error) {
	if pc.bitsetAffordable() {
		return pc.countPairsBitset(limit0, limitU)
	}
	return pc.countPairsSearch(limit0, limitU)
}

// bitsetWorkMax bounds the work of countPairsBitset, about |V|²·(u+1)·3/64 word operations:
// a few tenths of a second (|V| up to 53,000 at u = 2). Above it, the count explores forward
// from each vertex, at a cost bounded by the limits, and the budget check does not count.
const bitsetWorkMax = 1 << 33

func (pc *pairCounter) bitsetAffordable() bool {
	nv := int64(pc.numVertices())
	return nv*nv/64*int64(max(pc.u, 0)+1)*3 <= bitsetWorkMax
}

// pairCounter counts or bounds the vertex pairs the closure can join (countPairs,
// closureLowerBound, closureUpperBound, orderedPairs), for the plan and the searches; its
// scratch is reserved from the account and freed after each count.
type pairCounter struct {
	*env
	sets         [2][]uint64
	stamp, noops []int32
	heap         vertexHeap
	lower        []int64
	columns      []int32    // a Fenwick tree over the columns
	paths        [2][]int64 // two rows of path counts
}

func (p *pairCounter) free() {
	a := p.acct
	p.sets[0], p.sets[1] = scratch.Free(a, p.sets[0]), scratch.Free(a, p.sets[1])
	p.stamp, p.noops = scratch.Free(a, p.stamp), scratch.Free(a, p.noops)
	p.heap = scratch.Free(a, p.heap)
	p.lower, p.columns = scratch.Free(a, p.lower), scratch.Free(a, p.columns)
	p.paths[0], p.paths[1] = scratch.Free(a, p.paths[0]), scratch.Free(a, p.paths[1])
}

// closureUpperBound returns an upper bound of P (the pairs joined by a path with at most u
// no-op steps, and so of the closure's keys, see countPairs), or a number over limit as soon as
// the bound exceeds it (or 2⁶¹, past which its sums would overflow): the number of such paths, each counted from its first vertex, in one
// backward sweep that keeps two rows of counts per no-op budget. Every pair has at least one
// path, so the paths bound the pairs; they are as many on a lattice without branches, such as a
// hypothesis close to its source, and far more on a grid.
func (pc *pairCounter) closureUpperBound(limit int64) (int64, error) {
	layers := max(pc.u, 0) + 1
	widest := 0
	for r := 0; r <= pc.n; r++ {
		widest = max(widest, int(pc.rowBegin(r+1)-pc.rowBegin(r)))
	}
	ps := pc
	for t := range ps.paths {
		var err error
		if ps.paths[t], err = scratch.Resize(pc.acct, ps.paths[t], widest*layers); err != nil {
			return 0, err
		}
	}
	// paths[r&1][(v−rowStart[r])·layers + c]: paths from v with at most c no-ops, at most
	// capAt (no sum of three overflows); one at capAt puts the bound over limit.
	capAt := min(limit, math.MaxInt64/4) + 1
	over := min(limit, math.MaxInt64-1) + 1
	var total int64
	var succ [3]step
	// Row by row from the last, each from its end: a step's target is in this row or the next.
	for r := pc.n; r >= 0; r-- {
		first, end := pc.rowVertices(r)
		next := end // the next row's first vertex
		for v := end - 1; v >= first; v-- {
			dst := ps.paths[r&1][int(v-first)*layers:][:layers]
			clear(dst)
			for _, s := range succ[:pc.steps(v, &succ)] {
				var src []int64
				if s.to < end {
					src = ps.paths[r&1][int(s.to-first)*layers:][:layers]
				} else {
					src = ps.paths[(r+1)&1][int(s.to-next)*layers:][:layers]
				}
				shift := 0
				if s.typ == Noop {
					shift = 1
				}
				for c := shift; c < layers; c++ {
					dst[c] = min(dst[c]+1+src[c-shift], capAt)
				}
			}
			if d := dst[layers-1]; d >= capAt || d > limit-total {
				return over, nil
			}
			total += dst[layers-1]
		}
	}
	return total, nil
}

// closureLowerBound returns a lower bound of P0, the vertex pairs joined by a path without a
// no-op step (and so of the closure's edges, see countPairs), or a number over limit as soon as
// the bound exceeds it. It takes one backward sweep over the vertices, O(|V| log m), and is
// exact on a lattice that is a whole grid without no-ops, such as a hypothesis unrelated to its
// source, where the counts themselves take O(|V|²).
//
// Let S(v) be the vertices reached from v without a no-op, and T(s) = {s} ∪ S(s). S(v) is the
// union of T(s) over v's steps that are not no-ops, so |S(v)| is at least each |T(s)|, and, for
// its right and down successors R and D, at least |T(R)| + |T(D)| − |T(R) ∩ T(D)|, where
// T(R) ∩ T(D) lies in the quadrant of rows > r and columns > c, whose vertices a Fenwick tree
// over the columns counts. By induction from the last vertex, lower(v) ≤ |S(v)|.
func (pc *pairCounter) closureLowerBound(limit int64) (int64, error) {
	if limit < 0 {
		return 0, nil
	}
	ps := pc
	var err error
	if ps.lower, err = scratch.Resize(pc.acct, ps.lower, pc.numVertices()); err != nil {
		return 0, err
	}
	if ps.columns, err = scratch.Resize(pc.acct, ps.columns, pc.m+2); err != nil {
		return 0, err
	}
	lower, tree := ps.lower, ps.columns
	clear(tree)
	atMost := func(c int) (n int64) { // vertices in the tree with a column ≤ c
		for i := c + 1; i > 0; i -= i & -i {
			n += int64(tree[i])
		}
		return n
	}
	var inTree, total int64
	var succ [3]step
	for r := pc.n; r >= 0; r-- {
		first, end := pc.rowVertices(r)
		for v := end - 1; v >= first; v-- {
			c := int(pc.colOf(v))
			var best, right, down int64 = 0, -1, -1
			for _, s := range succ[:pc.steps(v, &succ)] {
				if s.typ == Noop {
					continue
				}
				t := 1 + lower[s.to]
				best = max(best, t)
				switch {
				case s.right:
					right = t
				case int(pc.colOf(s.to)) == c:
					down = t
				}
			}
			if right >= 0 && down >= 0 {
				best = max(best, right+down-(inTree-atMost(c)))
			}
			lower[v] = best
			if total += best; total > limit {
				return total, nil
			}
		}
		for v := first; v < end; v++ {
			for i := int(pc.colOf(v)) + 1; i < len(tree); i += i & -i {
				tree[i]++
			}
			inTree++
		}
	}
	return total, nil
}

func over(count, limit int) bool { return limit >= 0 && count > limit }

// countPairsBitset computes, backwards in vertex order, the set R_c(a) of vertices reachable
// from a with at most c no-op steps, for c = 0…u, as bitsets. Successors lie in a's row or the
// next, so only two rows of sets are kept.
func (pc *pairCounter) countPairsBitset(limit0, limitU int) (p0, pu int, err error) {
	nv := pc.numVertices()
	u := max(pc.u, 0)
	layers := u + 1
	words := (nv + 63) / 64
	ps := pc
	// sets[r&1] holds the sets of row r's vertices: (v - first vertex of the row) × layers + c.
	var first [2]int32
	var succ [3]step
	v := int32(nv - 1)
	for v >= 0 {
		row := int(pc.rowOf(v))
		lo := pc.rowBegin(row)
		cur := row & 1
		need := int(v-lo+1) * layers * words
		if ps.sets[cur], err = scratch.Resize(pc.acct, ps.sets[cur], need); err != nil {
			return p0, pu, err
		}
		clear(ps.sets[cur])
		first[cur] = lo
		set := func(w int32, c int) []uint64 {
			r := pc.rowOf(w) & 1
			off := (int(w-first[r])*layers + c) * words
			return ps.sets[r][off : off+words]
		}
		for ; v >= lo; v-- {
			ns := pc.steps(v, &succ)
			for c := 0; c < layers; c++ {
				dst := set(v, c)
				for _, s := range succ[:ns] {
					from := c
					if s.typ == Noop {
						from = c - 1
					}
					if from < 0 {
						continue
					}
					src := set(s.to, from)
					// Only vertices after s.to can be in its set.
					for i := int(s.to) / 64; i < words; i++ {
						dst[i] |= src[i]
					}
					dst[s.to/64] |= 1 << (uint(s.to) % 64)
				}
			}
			for _, w := range set(v, 0)[(v+1)/64:] {
				p0 += bits.OnesCount64(w)
			}
			for _, w := range set(v, u)[(v+1)/64:] {
				pu += bits.OnesCount64(w)
			}
			if over(p0, limit0) || over(pu, limitU) {
				return p0, pu, nil
			}
		}
	}
	return p0, pu, nil
}

// countPairsSearch counts the same pairs by a forward search from each vertex in vertex order
// (the fewest no-ops to each vertex reached, which is final when the vertex is taken, since its
// predecessors come before it), stopping once a count exceeds its limit: its cost is bounded by
// the counts, not by |V|².
func (pc *pairCounter) countPairsSearch(limit0, limitU int) (p0, pu int, err error) {
	nv := pc.numVertices()
	u := max(pc.u, 0)
	ps := pc
	if ps.stamp, err = scratch.Resize(pc.acct, ps.stamp, nv); err != nil {
		return 0, 0, err
	}
	if ps.noops, err = scratch.Resize(pc.acct, ps.noops, nv); err != nil {
		return 0, 0, err
	}
	if ps.heap, err = scratch.Grow(pc.acct, ps.heap[:0], nv); err != nil {
		return 0, 0, err
	}
	stamp, noops := ps.stamp, ps.noops
	clear(stamp)
	var succ [3]step
	h := ps.heap
	for a := int32(0); a < int32(nv); a++ {
		h = h[:0]
		mark := a + 1
		stamp[a], noops[a] = mark, 0
		h.push(a)
		for len(h) > 0 {
			v := h.pop()
			if v != a {
				pu++
				if noops[v] == 0 {
					p0++
				}
			}
			ns := pc.steps(v, &succ)
			for _, s := range succ[:ns] {
				k := noops[v]
				if s.typ == Noop {
					k++
				}
				if int(k) > u {
					continue
				}
				if stamp[s.to] != mark {
					stamp[s.to], noops[s.to] = mark, k
					h.push(s.to)
				} else if k < noops[s.to] {
					noops[s.to] = k
				}
			}
		}
		if over(p0, limit0) || over(pu, limitU) {
			break
		}
	}
	ps.heap = h
	return p0, pu, nil
}

// vertexHeap is a binary min-heap of vertex numbers.
type vertexHeap []int32

func (h *vertexHeap) push(v int32) {
	*h = append(*h, v)
	s := *h
	for i := len(s) - 1; i > 0; {
		p := (i - 1) / 2
		if s[p] <= s[i] {
			break
		}
		s[p], s[i] = s[i], s[p]
		i = p
	}
}

func (h *vertexHeap) pop() int32 {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(s) {
			break
		}
		if c+1 < len(s) && s[c+1] < s[c] {
			c++
		}
		if s[i] <= s[c] {
			break
		}
		s[i], s[c] = s[c], s[i]
		i = c
	}
	*h = s
	return top
}
