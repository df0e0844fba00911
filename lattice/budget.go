package lattice

import "math/bits"

// DefaultMaxWork is the default bound on the official scorer's predicted work for one sentence,
// |V| × P (see Options.MaxWork): about ten minutes of release 3.2 on the machine where its cost
// was measured (1 µs per vertex and closure edge: 16 s for 441 vertices and 53,000 edges, 236 s
// for 961 and 246,000).
const DefaultMaxWork = 600_000_000

// ClosurePairs returns P, the number of vertex pairs (a, b), a before b, that a lattice path
// with at most u no-op steps joins — every edge the closure can hold, counted once — or a
// number over limit as soon as the count exceeds it. It is what the budget check measures before
// any closure is built: cheap (no edit is formed), and exact on lattices without no-ops, such as
// a hypothesis unrelated to its source.
func (l *Lattice) ClosurePairs(limit int) int {
	if len(l.vert) <= pairsBitsetMax {
		return l.closurePairsBitset(limit)
	}
	return l.closurePairsSearch(limit)
}

// pairsBitsetMax is the most vertices for which ClosurePairs uses a bitset per vertex and
// layer (a word per 64 vertices); above it, the count explores forward from each vertex, at a
// cost bounded by the limit.
const pairsBitsetMax = 8192

// closurePairsBitset computes, backwards in vertex order, the set R_c(a) of vertices reachable
// from a with at most c no-op steps, for c = 0…u, as bitsets. Successors lie in a's row or the
// next, so only two rows of sets are kept.
func (l *Lattice) closurePairsBitset(limit int) int {
	nv := len(l.vert)
	u := l.opt.MaxUnchanged
	layers := u + 1
	words := (nv + 63) / 64
	cols := int32(l.cols)
	rowOf := func(v int32) int32 { return l.vert[v] / cols }
	// sets[r&1] holds the sets of row r's vertices: (v - first vertex of the row) × layers + c.
	var sets [2][]uint64
	var first [2]int32
	var succ [3]step
	total := 0
	v := int32(nv - 1)
	for v >= 0 {
		row := rowOf(v)
		lo := v
		for lo > 0 && rowOf(lo-1) == row {
			lo--
		}
		cur := row & 1
		need := int(v-lo+1) * layers * words
		if cap(sets[cur]) < need {
			sets[cur] = make([]uint64, need)
		}
		sets[cur] = sets[cur][:need]
		clear(sets[cur])
		first[cur] = lo
		set := func(w int32, c int) []uint64 {
			r := rowOf(w) & 1
			off := (int(w-first[r])*layers + c) * words
			return sets[r][off : off+words]
		}
		for ; v >= lo; v-- {
			ns := l.steps(v, &succ)
			for c := 0; c < layers; c++ {
				dst := set(v, c)
				for _, s := range succ[:ns] {
					from := c
					if s.kind == Noop {
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
			for _, w := range set(v, u)[(v+1)/64:] {
				total += bits.OnesCount64(w)
			}
			if limit >= 0 && total > limit {
				return total
			}
		}
	}
	return total
}

// closurePairsSearch counts the same pairs by a forward search from each vertex in vertex order
// (the fewest no-ops to each vertex reached, which is final when the vertex is taken, since its
// predecessors come before it), stopping once the count exceeds limit: its cost is bounded by
// the count, not by |V|².
func (l *Lattice) closurePairsSearch(limit int) int {
	nv := len(l.vert)
	u := int32(l.opt.MaxUnchanged)
	stamp := make([]int32, nv)
	noops := make([]int32, nv)
	var succ [3]step
	var h vertexHeap
	total := 0
	for a := int32(0); a < int32(nv); a++ {
		h = h[:0]
		mark := a + 1
		stamp[a], noops[a] = mark, 0
		h.push(a)
		for len(h) > 0 {
			v := h.pop()
			if v != a {
				total++
			}
			ns := l.steps(v, &succ)
			for _, s := range succ[:ns] {
				k := noops[v]
				if s.kind == Noop {
					k++
				}
				if k > u {
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
		if limit >= 0 && total > limit {
			return total
		}
	}
	return total
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
