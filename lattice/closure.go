package lattice

import (
	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
	"maxmatch/membudget"
)

// An in-list holds the keys of the edges into a vertex, sorted by their source vertex.
func (l *Lattice) from(k int32) int32 { return l.keys[k].from }

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

// step is an atomic edge out of a vertex: one lattice step.
type step struct {
	to    int32 // the target vertex
	typ   EditType
	right bool  // an insertion (the step is to the right)
	count uint8 // how many of the two Levenshtein lattices have it (1–2, or 1 with EdgesOnce)
}

// steps lists the atomic edges out of vertex a — right, down, diagonal, which is ascending order
// of the target — and returns how many there are.
func (l *Lattice) steps(a int32, out *[3]step) int {
	row, col := l.rowCol(a)
	n := 0
	add := func(to int32, d levenshtein.Pointers) {
		count := l.atomInto(to, d)
		if count == 0 {
			return
		}
		out[n] = step{to: to, typ: l.atomicType(to, d), right: d == levenshtein.Left, count: count}
		n++
	}
	// (row, col+1) is the next vertex if it is a vertex at all.
	if col < l.m && a+1 < l.rowStart[row+1] && int(l.vcol[a+1]) == col+1 {
		add(a+1, levenshtein.Left)
	}
	if row < l.n {
		w, end := l.vnext[a], l.rowStart[row+2]
		if w < end && int(l.vcol[w]) == col {
			add(w, levenshtein.Up)
			w++
		}
		if col < l.m && w < end && int(l.vcol[w]) == col+1 {
			add(w, levenshtein.Diag)
		}
	}
	return n
}

// The memory the exact search needs: per vertex (in-list spans, out-edge offsets and their
// scratch, distances, predecessors), and per closure edge at least (its key, its place in the
// edge list and in an in-list, its weight, the out-edge index, and BestPath's scratch).
const (
	exactBytesPerVertex = 8 + 4 + 4 + 8 + 8
	exactBytesPerEdge   = 24 + 4 + 4 + 8 + 4 + 4 + 4 + 4
)

// exactWithinBudget builds the closure and prepares the exact search, or fails with an error
// matching membudget.ErrOverBudget (then l.cost says what the exact search needed at least)
// or errEdgeCap.
//
// When the plan bounded the closure's keys (keysAtMost), the buffers are sized by that bound.
// When the memory budget could be too small for the largest closure the vertices allow, or for
// that bound, it first bounds the closure from below — the vertex pairs joined by a lattice
// path without a no-op step, each of which the closure holds (see countPairs) — so that a
// closure that cannot fit is not built. The bound is closureLowerBound, in one sweep; then, unless
// closureUpperBound (also one sweep) shows the closure fits, the count itself where it is
// affordable (bitsetAffordable), which also bounds the closure from above, to size its buffers.
func (l *Lattice) exactWithinBudget() error {
	nv := int64(len(l.vrow))
	fixed := nv * exactBytesPerVertex
	trivial := nv * (nv - 1) / 2 // one key per pair of vertices at most
	hint, counted := trivial, false
	if l.keysAtMost > 0 {
		hint, counted = min(trivial, l.keysAtMost), true // the plan's bound
	}
	if !l.acct.Fits(fixed + hint*exactBytesPerEdge) {
		limit := (l.acct.Limit() - l.acct.Held() - fixed) / exactBytesPerEdge // the most edges that fit
		lower, err := l.closureLowerBound(limit)
		if err == nil && lower <= limit {
			var upper int64
			if upper, err = l.closureUpperBound(limit); err == nil && upper <= limit {
				hint, counted = upper, true
			} else if err == nil && l.bitsetAffordable() {
				var p0, pu int
				p0, pu, err = l.countPairsBitset(int(limit), -1)
				lower, hint, counted = max(lower, int64(p0)), min(hint, int64(pu)), true
			}
		}
		l.pairs.free(l.acct)
		if err != nil {
			return err
		}
		if lower > limit {
			asked := fixed + lower*exactBytesPerEdge
			l.cost.Edges, l.cost.EdgesCounted = int(lower), true
			l.cost.Needed = l.acct.Held() + asked
			return &membudget.OverError{Held: l.acct.Held(), Asked: asked, Limit: l.acct.Limit()}
		}
	}
	err := l.closure(hint, counted)
	if err == nil {
		err = l.prepareSearch()
	}
	if over, ok := membudget.AsOver(err); ok {
		l.cost.Edges = max(len(l.occ), len(l.keys))
		l.cost.Needed = over.Held + over.Asked
	}
	return err
}

// closure lists the atomic edges in sorted order and then adds the transitive (phrase) edges in
// exactly the order, and with exactly the edits, of the official Floyd–Warshall loop; then it
// removes phrase no-op edges the way the official loop does. See the package documentation for
// why a single pass over the vertices in sorted order, extending paths by one atomic edge at a
// time, is that loop. hint is an upper bound of the number of keys, counted (countPairs) or
// not, used to size the buffers.
func (l *Lattice) closure(hint int64, counted bool) error {
	nv := len(l.vrow)
	maxEdges := l.opt.MaxEdges
	a := l.acct
	var err error
	if l.inSpans, err = scratch.Resize(a, l.inSpans, nv); err != nil {
		return err
	}
	spans := l.inSpans
	clear(spans)
	// Size the buffers once where the size is known: growing them by appending copies them (and
	// each copy is fresh memory). The keys are at most hint when it was counted, and at most
	// one per pair of vertices, which is used while a small buffer holds it; they are at least
	// the atomic edges, from which they grow by doubling otherwise.
	atomicKeys, atomicOcc := 0, 0
	for _, at := range l.vatom {
		for _, c := range [3]uint8{at & 3, at >> 2 & 3, at >> 4 & 3} {
			if c > 0 {
				atomicKeys++
				atomicOcc += int(c)
			}
		}
	}
	size := atomicKeys
	if counted || hint <= scratch.Small(a)/24 {
		size = max(size, int(hint))
	}
	if l.keys, err = scratch.Grow(a, l.keys[:0], size); err != nil {
		return err
	}
	if l.occ, err = scratch.Grow(a, l.occ[:0], size+atomicOcc-atomicKeys); err != nil {
		return err
	}
	if l.slab, err = scratch.Grow(a, l.slab[:0], 2*size); err != nil {
		return err
	}

	// Atomic edges, sorted by (from, to): sources ascending, and for each source its successors
	// right (same row), down, diagonal — which is ascending order of the target.
	var st [3]step
	for v := int32(0); v < int32(nv); v++ {
		for _, s := range st[:l.steps(v, &st)] {
			l.addAtomic(v, s, spans)
		}
	}
	if maxEdges > 0 && len(l.occ) > maxEdges {
		return errEdgeCap
	}
	// The atomic in-lists were appended target by target in source order; gather them into the
	// slab so that every in-list is one span.
	if err := l.gatherAtomicInLists(spans); err != nil {
		return err
	}

	// A vertex's successors are its atomic edges, the first keys, in source order (a phrase
	// edge never replaces an atomic one: it is longer).
	succ := &l.succ
	atomic, ak := int32(len(l.keys)), int32(0)
	for k := int32(0); k < int32(nv); k++ {
		first := ak
		for ak < atomic && l.keys[ak].from == k {
			ak++
		}
		sp := spans[k]
		if sp.n == 0 {
			continue
		}
		ns := int(ak - first)
		for si, s := range l.keys[first:ak] {
			sc := &succ[si]
			sc.to, sc.typ = s.to, s.typ
			sc.old = l.slab[spans[s.to].off : spans[s.to].off+spans[s.to].n]
			sc.cur, sc.out = 0, sc.out[:0]
		}
		if ns == 0 {
			continue
		}
		if err := l.extend(l.slab[sp.off:sp.off+sp.n], succ[:ns]); err != nil {
			return err
		}
		for si := 0; si < ns; si++ {
			s := &succ[si]
			s.out = append(s.out, s.old[s.cur:]...) // within the room extend made
			spans[s.to] = span{off: int32(len(l.slab)), n: int32(len(s.out))}
			if l.slab, err = scratch.Grow(a, l.slab, len(s.out)); err != nil {
				return err
			}
			l.slab = append(l.slab, s.out...)
		}
	}
	l.removeNoops()
	return nil
}

// extend processes one vertex k of the closure: each edge into k (in, ascending by source) is
// extended by each atomic successor of k (succ, right, down, diagonal), in the official's order,
// appending to the keys, the edge list and each successor's new in-list.
func (l *Lattice) extend(in []int32, succ []successor) error {
	a, u, maxEdges := l.acct, l.u, l.opt.MaxEdges
	var err error
	// A successor's new in-list is its old one and at most one new edge per source.
	for si := range succ {
		s := &succ[si]
		if s.out, err = scratch.Grow(a, s.out, len(s.old)+len(in)); err != nil {
			return err
		}
	}
	for _, ka := range in {
		// Room for one new key and one occurrence per successor.
		if cap(l.keys)-len(l.keys) < len(succ) || cap(l.occ)-len(l.occ) < len(succ) {
			if err := l.makeRoom(len(succ)); err != nil {
				return err
			}
		}
		from := l.from(ka)
		for si := range succ {
			s := &succ[si]
			for s.cur < len(s.old) && l.from(s.old[s.cur]) < from {
				s.out = append(s.out, s.old[s.cur])
				s.cur++
			}
			kj := int32(-1)
			if s.cur < len(s.old) && l.from(s.old[s.cur]) == from {
				kj = s.old[s.cur]
				s.out = append(s.out, kj)
				s.cur++
			}
			src := &l.keys[ka]
			d := src.dist + 1
			if kj >= 0 && d >= l.keys[kj].dist {
				continue
			}
			unch := src.unchanged
			if s.typ == Noop {
				unch++
			}
			if int(unch) > u {
				continue
			}
			nk := key{from: from, to: s.to, dist: d, unchanged: unch, typ: merge(src.typ, s.typ), firstRight: src.firstRight}
			if kj < 0 {
				kj = int32(len(l.keys))
				l.keys = append(l.keys, nk)
				s.out = append(s.out, kj)
			} else {
				nk.mult = l.keys[kj].mult
				l.keys[kj] = nk
			}
			l.keys[kj].mult++
			l.occ = append(l.occ, kj)
			if maxEdges > 0 && len(l.occ) > maxEdges {
				return errEdgeCap
			}
		}
	}
	return nil
}

// makeRoom grows the keys and the edge list, from the account, to hold at least n more.
func (l *Lattice) makeRoom(n int) error {
	var err error
	if l.keys, err = scratch.Grow(l.acct, l.keys, n); err != nil {
		return err
	}
	l.occ, err = scratch.Grow(l.acct, l.occ, n)
	return err
}

// addAtomic adds the atomic edge s from vertex from to the edge list, with its multiplicity.
// The buffers hold every atomic edge already (closure sizes them so).
func (l *Lattice) addAtomic(from int32, s step, spans []span) {
	k := key{from: from, to: s.to, dist: 1, typ: s.typ, firstRight: s.right, atomic: true, mult: s.count}
	if s.typ == Noop {
		k.unchanged = 1
	}
	ki := int32(len(l.keys))
	l.keys = append(l.keys, k)
	for range s.count {
		l.occ = append(l.occ, ki)
	}
	spans[s.to].n++
}

// gatherAtomicInLists writes each cell's atomic in-edges, ascending by source, into the slab.
// A cell's atomic predecessors are diag < up < left in cell order, and the keys were created in
// ascending source order, so walking the keys in creation order appends each list sorted.
func (l *Lattice) gatherAtomicInLists(spans []span) error {
	off := int32(0)
	for c := range spans {
		spans[c].off = off
		off += spans[c].n
		spans[c].n = 0
	}
	var err error
	if l.slab, err = scratch.Resize(l.acct, l.slab, int(off)); err != nil {
		return err
	}
	for ki, k := range l.keys {
		s := &spans[k.to]
		l.slab[s.off+s.n] = int32(ki)
		s.n++
	}
	return nil
}

// removeNoops deletes phrase no-op edges (cost above 1) from the edge list. The official loop
// removes elements from the list it is iterating over, so the element right after each removed
// one is never examined: in a run of removable edges every second one survives. RemoveAllNoops removes
// them all.
func (l *Lattice) removeNoops() {
	kept := l.occ[:0] // filtered in place
	prevRemoved := false
	for _, ki := range l.occ {
		k := &l.keys[ki]
		removable := !k.atomic && k.typ == Noop && k.dist > 1
		if removable && (!prevRemoved || l.opt.RemoveAllNoops) {
			k.removed = true
			k.mult--
			prevRemoved = true
			continue
		}
		prevRemoved = false
		kept = append(kept, ki)
	}
	l.occ = kept
}
