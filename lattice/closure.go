package lattice

import (
	"maxmatch/internal/scratch"
	"maxmatch/membudget"
)

// Why the closure built here is the official's, edge for edge and in the same order.
//
// The official algorithm.
//
// Two Levenshtein matrices of the source against the hypothesis (substitution cost 1 and 2) each
// give a lattice: the cells reachable backwards from (n, m) through co-optimal back-pointers, one
// edge per back-pointer. The union of the two is the edit lattice; its edge list is the
// concatenation of both lists, sorted, so an edge that is in both appears twice. Every edge costs 1
// and carries an edit (deletion, insertion, substitution or no-op).
//
// The closure then adds phrase edges, Floyd–Warshall style: for every vertex k, then every i, then
// every j, in sorted order, if i→k and k→j are edges and their costs add up to less than the cost
// of i→j, the two edits are merged, and if the merged edit leaves at most u tokens unchanged the
// edge i→j is appended to the list (again at every later strict improvement). Phrase no-op edges
// are then removed by a loop that deletes from the list it walks, so the element after each removed
// one is never examined.
//
// For each annotator, edges whose edit matches a gold edit get weight −K (K = the length of the
// edge list), the others their cost plus ε = 0.001 per occurrence in the list (insertions at an
// offset with gold insertions go through a two-pointer walk that enforces their order), and a
// Bellman–Ford from (0, 0) — |V|−1 passes over the list in order, strict < on float64 sums — gives
// the path, read back from (n, m).
//
// The closure in one pass.
//
// Vertices are processed as k in sorted (row, column) order, and every edge goes from a smaller
// vertex to a larger one. When k is processed:
//
//   - every edge i→k is final: it was created while processing some k' with i < k' < k, all of
//     which came before k, and nothing created later ends at k;
//   - every edge k→j is atomic: a phrase edge k→j needs an intermediate k < k' < j, not yet
//     processed.
//
// So the official triple loop, for this k, only ever relaxes pairs (i, j) where i→k is an edge and
// j is one of k's at most three lattice successors; all other (i, j) fail its lookups. We visit
// exactly those pairs, i ascending over the in-list of k, then j ascending (right, down, diagonal —
// which is the official's j order), apply the same test (strict improvement, then the unchanged
// limit) and append in the same order. The edge list, every edge's edit, and the multiplicities are
// therefore identical, at a cost of O(Σ_k |in(k)|) = O(|E|) instead of O(|V|³). A naive
// transcription of the official loop checks this on random lattices
// (TestClosureMatchesNaiveFloydWarshall).
//
// The in-list of each vertex is kept sorted by source; a vertex's three successors merge it into
// theirs as it is processed. The final in-lists also answer "is there an edge a→b" by binary
// search, which finds the edges that match gold edits without scanning the list.

// closureSearch is the official's search: the closure (its keys and the official's edge list),
// the in-lists it is built with, and its Bellman–Ford's arrays.
type closureSearch struct {
	*env
	pairs *pairCounter // bounds the closure before it is built (prepare)
	keys  []key
	occ   []int32 // the edge list: key index per position, in the official order (removals done)

	inSpans []span  // per vertex: its in-list in slab
	slab    []int32 // in-lists: keys sorted by source vertex
	w       []float64
	outOff  []int32 // the out-edge index: per vertex, its occurrences' positions in outOcc
	outOcc  []int32
	// outRows is the out-edge index of an edge list of at most markRowWords words of bits
	// (rowWords of them, 0 for a longer list): per vertex, its occurrences as a row of bits.
	outRows  []uint64
	rowWords int
	dist     []float64
	ipath    []int64
	pred     []int32 // scratch for the out-edge index
	bits     [2][]uint64
	members  []int32      // insertionWalk: the edges at one offset
	walkBuf  []int32      // insertionWalk: their occurrences
	walker   closureWalk  // insertionWalk: the walk's view of the keys (a field, so that passing it as a walkEdges allocates nothing)
	changed  []int32      // BestPath: the keys whose weight it changed
	succ     [3]successor // closure scratch

	// plain is the path under the unmatched weights, which every annotator none of whose gold
	// edits is in the lattice gets: searched once per lattice, when plainDone is false.
	plain     []Edit
	plainDone bool
	path      []Edit // the result buffer of bestPath
}

// over makes the search one over the lattice just built (e), its closure bounded by pairs; it
// holds no closure until prepare builds one.
func (cs *closureSearch) over(e *env, pairs *pairCounter) {
	cs.env, cs.pairs = e, pairs
	cs.keys, cs.occ, cs.plainDone = cs.keys[:0], cs.occ[:0], false
}

// free returns the closure and its search's arrays to the memory account.
func (cs *closureSearch) free() {
	a := cs.acct
	cs.keys, cs.occ = scratch.Free(a, cs.keys)[:0], scratch.Free(a, cs.occ)[:0]
	cs.inSpans, cs.slab = scratch.Free(a, cs.inSpans)[:0], scratch.Free(a, cs.slab)[:0]
	cs.w = scratch.Free(a, cs.w)[:0]
	cs.outOff, cs.outOcc = scratch.Free(a, cs.outOff)[:0], scratch.Free(a, cs.outOcc)[:0]
	cs.outRows = scratch.Free(a, cs.outRows)[:0]
	cs.dist, cs.ipath = scratch.Free(a, cs.dist)[:0], scratch.Free(a, cs.ipath)[:0]
	cs.pred = scratch.Free(a, cs.pred)[:0]
	cs.bits[0], cs.bits[1] = scratch.Free(a, cs.bits[0])[:0], scratch.Free(a, cs.bits[1])[:0]
	cs.members, cs.walkBuf = scratch.Free(a, cs.members)[:0], scratch.Free(a, cs.walkBuf)[:0]
	cs.changed = scratch.Free(a, cs.changed)[:0]
	for i := range cs.succ {
		cs.succ[i].out = scratch.Free(a, cs.succ[i].out)[:0]
	}
	cs.path, cs.plain = scratch.Drop(a, cs.path), scratch.Drop(a, cs.plain)
}

// An in-list holds the keys of the edges into a vertex, sorted by their source vertex.
func (cs *closureSearch) from(k int32) int32 { return cs.keys[k].from }

// span is one in-list stored in the slab.
type span struct{ off, n int32 }

// successor is an atomic edge out of the vertex being processed.
type successor struct {
	to  int32
	typ EditType
	old []int32 // the target's in-list before this vertex
	cur int     // merge cursor into old
	out []int32 // the target's new in-list
}

// markRowWords is the longest edge list, in words of 64 occurrences, whose out-edge index is
// rows of bits (a sentence's: 96 occurrences on a typical CoNLL-2014 sentence). The rows take
// at most markRowWords words a vertex, and a lattice with such a list has at most 64·markRowWords
// + 1 vertices (its atomic edges join them all), so they are never a large buffer.
const markRowWords = 4

// The memory the closure search needs: per vertex (in-list spans, out-edge offsets and their
// scratch, distances, predecessors), and per closure edge at least (its key, its place in the
// edge list and in an in-list, its weight, the out-edge index, and BestPath's scratch).
const (
	closureBytesPerVertex = 8 + 4 + 4 + 8 + 8
	closureBytesPerEdge   = 24 + 4 + 4 + 8 + 4 + 4 + 4 + 4
)

// prepare builds the closure and prepares its search, or fails with an error matching
// membudget.ErrOverBudget (then cs.cost says what the closure search needed at least)
// or errEdgeCap.
//
// When the plan bounded the closure's keys (keysAtMost > 0), the buffers are sized by that bound.
// When the memory budget could be too small for the largest closure the vertices allow, or for
// that bound, it first bounds the closure from below — the vertex pairs joined by a lattice
// path without a no-op step, each of which the closure holds (see countPairs) — so that a
// closure that cannot fit is not built. The bound is closureLowerBound, in one sweep; then, unless
// closureUpperBound (also one sweep) shows the closure fits, the count itself where it is
// affordable (bitsetAffordable), which also bounds the closure from above, to size its buffers.
func (cs *closureSearch) prepare(keysAtMost int64) error {
	nv := int64(cs.numVertices())
	fixed := nv * closureBytesPerVertex
	trivial := nv * (nv - 1) / 2 // one key per pair of vertices at most
	hint, counted := trivial, false
	if keysAtMost > 0 {
		hint, counted = min(trivial, keysAtMost), true // the plan's bound
	}
	if !cs.acct.Fits(fixed + hint*closureBytesPerEdge) {
		limit := (cs.acct.Limit() - cs.acct.Held() - fixed) / closureBytesPerEdge // the most edges that fit
		lower, err := cs.pairs.closureLowerBound(limit)
		if err == nil && lower <= limit {
			var upper int64
			if upper, err = cs.pairs.closureUpperBound(limit); err == nil && upper <= limit {
				hint, counted = upper, true
			} else if err == nil && cs.pairs.bitsetAffordable() {
				var p0, pu int
				p0, pu, err = cs.pairs.countPairsBitset(int(limit), -1)
				lower, hint, counted = max(lower, int64(p0)), min(hint, int64(pu)), true
			}
		}
		cs.pairs.free()
		if err != nil {
			return err
		}
		if lower > limit {
			asked := fixed + lower*closureBytesPerEdge
			cs.cost.Edges, cs.cost.EdgesCounted = int(lower), true
			cs.cost.Needed = cs.acct.Held() + asked
			return &membudget.OverError{Held: cs.acct.Held(), Asked: asked, Limit: cs.acct.Limit()}
		}
	}
	err := cs.closure(hint, counted)
	if err == nil {
		err = cs.prepareSearch()
	}
	if over, ok := membudget.AsOver(err); ok {
		cs.cost.Edges = max(len(cs.occ), len(cs.keys))
		cs.cost.Needed = over.Held + over.Asked
	}
	return err
}

// closure lists the atomic edges in sorted order and then adds the transitive (phrase) edges in
// exactly the order, and with exactly the edits, of the official Floyd–Warshall loop; then it
// removes phrase no-op edges the way the official loop does. The top of this file says
// why a single pass over the vertices in sorted order, extending paths by one atomic edge at a
// time, is that loop. hint is an upper bound of the number of keys, counted (countPairs) or
// not, used to size the buffers.
func (cs *closureSearch) closure(hint int64, counted bool) error {
	nv := cs.numVertices()
	maxEdges := cs.opt.MaxEdges
	a := cs.acct
	var err error
	if cs.inSpans, err = scratch.Resize(a, cs.inSpans, nv); err != nil {
		return err
	}
	spans := cs.inSpans
	clear(spans)
	// Size the buffers once where the size is known: growing them by appending copies them (and
	// each copy is fresh memory). The keys are at most hint when it was counted, and at most
	// one per pair of vertices, which is used while a small buffer holds it; they are at least
	// the atomic edges, from which they grow by doubling otherwise.
	census := cs.atomicCensus()
	atomicKeys, atomicOcc := int(census.keys), int(census.occ)
	size := atomicKeys
	if counted || hint <= scratch.Small(a)/24 {
		size = max(size, int(hint))
	}
	if cs.keys, err = scratch.Grow(a, cs.keys[:0], size); err != nil {
		return err
	}
	if cs.occ, err = scratch.Grow(a, cs.occ[:0], size+atomicOcc-atomicKeys); err != nil {
		return err
	}
	if cs.slab, err = scratch.Grow(a, cs.slab[:0], 2*size); err != nil {
		return err
	}

	// Atomic edges, sorted by (from, to): sources ascending, and for each source its successors
	// right (same row), down, diagonal — which is ascending order of the target.
	cs.addAtomics(spans)
	if maxEdges > 0 && len(cs.occ) > maxEdges {
		return errEdgeCap
	}
	// The atomic in-lists were appended target by target in source order; gather them into the
	// slab so that every in-list is one span.
	if err := cs.gatherAtomicInLists(spans); err != nil {
		return err
	}

	// A vertex's successors are its atomic edges, the first keys, in source order (a phrase
	// edge never replaces an atomic one: it is longer).
	succ := &cs.succ
	atomic, ak := int32(len(cs.keys)), int32(0)
	for k := int32(0); k < int32(nv); k++ {
		first := ak
		for ak < atomic && cs.keys[ak].from == k {
			ak++
		}
		sp := spans[k]
		if sp.n == 0 {
			continue
		}
		ns := int(ak - first)
		for si := range ak - first {
			s := &cs.keys[first+si]
			sc := &succ[si]
			sc.to, sc.typ = s.to, s.typ
			sc.old = cs.slab[spans[s.to].off : spans[s.to].off+spans[s.to].n]
			sc.cur, sc.out = 0, sc.out[:0]
		}
		if ns == 0 {
			continue
		}
		if err := cs.extend(cs.slab[sp.off:sp.off+sp.n], succ[:ns]); err != nil {
			return err
		}
		for si := 0; si < ns; si++ {
			s := &succ[si]
			s.out = append(s.out, s.old[s.cur:]...) // within the room extend made
			spans[s.to] = span{off: int32(len(cs.slab)), n: int32(len(s.out))}
			if cap(cs.slab)-len(cs.slab) < len(s.out) {
				if cs.slab, err = scratch.Grow(a, cs.slab, len(s.out)); err != nil {
					return err
				}
			}
			cs.slab = append(cs.slab, s.out...)
		}
	}
	cs.removeNoops()
	return nil
}

// extend processes one vertex k of the closure: each edge into k (in, ascending by source) is
// extended by each atomic successor of k (succ, right, down, diagonal), in the official's order,
// appending to the keys, the edge list and each successor's new in-list.
func (cs *closureSearch) extend(in []int32, succ []successor) error {
	a, u, maxEdges := cs.acct, int32(cs.u), cs.opt.MaxEdges
	var err error
	// A successor's new in-list is its old one and at most one new edge per source.
	for si := range succ {
		s := &succ[si]
		if need := len(s.old) + len(in); cap(s.out)-len(s.out) < need { // once per vertex and successor: the call only when it grows
			if s.out, err = scratch.Grow(a, s.out, need); err != nil {
				return err
			}
		}
	}
	for _, ka := range in {
		// Room for one new key and one occurrence per successor.
		if cap(cs.keys)-len(cs.keys) < len(succ) || cap(cs.occ)-len(cs.occ) < len(succ) {
			if err := cs.makeRoom(len(succ)); err != nil {
				return err
			}
		}
		from := cs.from(ka)
		for si := range succ {
			s := &succ[si]
			for s.cur < len(s.old) && cs.from(s.old[s.cur]) < from {
				s.out = append(s.out, s.old[s.cur])
				s.cur++
			}
			kj := int32(-1)
			if s.cur < len(s.old) && cs.from(s.old[s.cur]) == from {
				kj = s.old[s.cur]
				s.out = append(s.out, kj)
				s.cur++
			}
			// The rule (takes): the path of (from, k) extended by the step to s.to, against the
			// pair's key so far.
			src := &cs.keys[ka]
			d, unch, best := src.dist+1, src.unchanged, int32(noOffer)
			if s.typ == Noop {
				unch++
			}
			if kj >= 0 {
				best = cs.keys[kj].dist
			}
			if !takes(best, d, unch, u) {
				continue
			}
			typ, firstRight := merge(src.typ, s.typ), src.firstRight
			if kj < 0 {
				kj = int32(len(cs.keys))
				cs.keys = append(cs.keys, key{})
				s.out = append(s.out, kj)
			}
			// The key's fields stored one by one: a key built whole and copied in is a wide
			// load of narrow stores, which the processor cannot forward (a stall per key).
			nk := &cs.keys[kj]
			nk.from, nk.to, nk.dist, nk.unchanged = from, s.to, d, unch
			nk.typ, nk.firstRight = typ, firstRight
			nk.atomic, nk.removed = false, false
			nk.mult++
			cs.occ = append(cs.occ, kj)
			if maxEdges > 0 && len(cs.occ) > maxEdges {
				return errEdgeCap
			}
		}
	}
	return nil
}

// makeRoom grows the keys and the edge list, from the account, to hold at least n more.
func (cs *closureSearch) makeRoom(n int) error {
	var err error
	if cs.keys, err = scratch.Grow(cs.acct, cs.keys, n); err != nil {
		return err
	}
	cs.occ, err = scratch.Grow(cs.acct, cs.occ, n)
	return err
}

// addAtomics adds every atomic edge, from each vertex in order, to the keys and the edge list,
// with its multiplicity, counting each target's in-edges in spans. The buffers hold every
// atomic edge already (closure sizes them so): the appends never grow them.
func (cs *closureSearch) addAtomics(spans []span) {
	keys, occ := cs.keys, cs.occ // locals: appends through cs would load and store them at each
	var st [3]step
	for v := range int32(cs.numVertices()) {
		for _, s := range st[:cs.steps(v, &st)] {
			ki := int32(len(keys))
			keys = append(keys, key{}) // its fields stored one by one (see extend)
			k := &keys[ki]
			k.from, k.to, k.dist, k.typ, k.firstRight, k.atomic, k.mult = v, s.to, 1, s.typ, s.right, true, s.count
			if s.typ == Noop {
				k.unchanged = 1
			}
			for range s.count {
				occ = append(occ, ki)
			}
			spans[s.to].n++
		}
	}
	cs.keys, cs.occ = keys, occ
}

// gatherAtomicInLists writes each cell's atomic in-edges, ascending by source, into the slab.
// A cell's atomic predecessors are diag < up < left in cell order, and the keys were created in
// ascending source order, so walking the keys in creation order appends each list sorted.
func (cs *closureSearch) gatherAtomicInLists(spans []span) error {
	off := int32(0)
	for c := range spans {
		spans[c].off = off
		off += spans[c].n
		spans[c].n = 0
	}
	var err error
	if cs.slab, err = scratch.Resize(cs.acct, cs.slab, int(off)); err != nil {
		return err
	}
	for ki := range cs.keys {
		s := &spans[cs.keys[ki].to]
		cs.slab[s.off+s.n] = int32(ki)
		s.n++
	}
	return nil
}

// removeNoops deletes phrase no-op edges (cost above 1) from the edge list. The official loop
// removes elements from the list it is iterating over, so the element right after each removed
// one is never examined: in a run of removable edges every second one survives. RemoveAllNoops removes
// them all.
func (cs *closureSearch) removeNoops() {
	kept := cs.occ[:0] // filtered in place
	prevRemoved := false
	for _, ki := range cs.occ {
		k := &cs.keys[ki]
		removable := !k.atomic && k.typ == Noop && k.dist > 1
		if removable && (!prevRemoved || cs.opt.RemoveAllNoops) {
			k.removed = true
			k.mult--
			prevRemoved = true
			continue
		}
		prevRemoved = false
		kept = append(kept, ki)
	}
	cs.occ = kept
}
