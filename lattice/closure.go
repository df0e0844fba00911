package lattice

import (
	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
)

// An in-list holds the keys of the edges into a vertex, sorted by their source vertex.
func (l *Lattice) from(k int32) int32 { return l.keys[k].from }

// span is one in-list stored in the slab.
type span struct{ off, n int32 }

// successor is an atomic edge out of the vertex being processed.
type successor struct {
	to   int32
	kind Kind
	old  []int32 // the target's in-list before this vertex
	cur  int     // merge cursor into old
	out  []int32 // the target's new in-list
}

// step is an atomic edge out of a vertex: one lattice step.
type step struct {
	to    int32 // the target vertex
	kind  Kind
	right bool  // an insertion (the step is to the right)
	count uint8 // how many of the two Levenshtein lattices have it (1–2, or 1 with EdgesOnce)
}

// steps lists the atomic edges out of vertex a — right, down, diagonal, which is ascending order
// of the target — and returns how many there are.
func (l *Lattice) steps(a int32, out *[3]step) int {
	cols := int32(l.cols)
	c := l.vert[a]
	row, col := c/cols, c%cols
	n := 0
	add := func(toCell int32, d levenshtein.Pointers) {
		count := l.atomInto(toCell, d)
		if count == 0 {
			return
		}
		out[n] = step{to: l.vid[toCell], kind: l.atomicKind(int(toCell), d), right: d == levenshtein.Left, count: count}
		n++
	}
	if col < int32(l.m) {
		add(c+1, levenshtein.Left)
	}
	if row < int32(l.n) {
		add(c+cols, levenshtein.Up)
		if col < int32(l.m) {
			add(c+cols+1, levenshtein.Diag)
		}
	}
	return n
}

// closure lists the atomic edges in sorted order and then adds the transitive (phrase) edges in
// exactly the order, and with exactly the edits, of the official Floyd–Warshall loop; then it
// removes phrase no-op edges the way the official loop does. See the package documentation for
// why a single pass over the vertices in sorted order, extending paths by one atomic edge at a
// time, is that loop.
func (l *Lattice) closure(budget int) error {
	nv := len(l.vert)
	u := int32(l.opt.MaxUnchanged)
	l.keys = l.keys[:0]
	l.occ = l.occ[:0]
	l.slab = l.slab[:0]
	spans := l.spans(nv)
	// Size the buffers once: growing them by appending would copy millions of elements on a
	// degenerate sentence and keep the garbage collector busy. A closure has at most one key
	// per pair of vertices; on large lattices closureBound is tighter, and worth its scan of
	// the cells. Buffers only grow, by doubling, so that a run of sentences settles quickly.
	bound := nv * (nv - 1) / 2
	if nv > 512 {
		bound = l.closureBound()
	}
	if budget >= 0 {
		bound = min(bound, budget+1)
	}
	l.keys = scratch.Grow(l.keys, bound)
	l.occ = scratch.Grow(l.occ, bound)
	l.slab = scratch.Grow(l.slab, 3*bound) // each in-list is rewritten up to three times

	// Atomic edges, sorted by (from, to): sources ascending, and for each source its successors
	// right (same row), down, diagonal — which is ascending order of the target.
	var st [3]step
	for a := int32(0); a < int32(nv); a++ {
		for _, s := range st[:l.steps(a, &st)] {
			l.addAtomic(a, s, spans)
		}
	}
	if budget >= 0 && len(l.occ) > budget {
		return errTooLarge
	}
	// The atomic in-lists were appended target by target in source order; gather them into the
	// slab so that every in-list is one span.
	l.gatherAtomicInLists(spans)

	succ := &l.succ
	for k := int32(0); k < int32(nv); k++ {
		sp := spans[k]
		if sp.n == 0 {
			continue
		}
		ns := l.steps(k, &st)
		for si, s := range st[:ns] {
			sc := &succ[si]
			sc.to, sc.kind = s.to, s.kind
			sc.old = l.slab[spans[s.to].off : spans[s.to].off+spans[s.to].n]
			sc.cur, sc.out = 0, sc.out[:0]
		}
		if ns == 0 {
			continue
		}
		in := l.slab[sp.off : sp.off+sp.n]
		for _, ka := range in {
			a := l.from(ka)
			for si := 0; si < ns; si++ {
				s := &succ[si]
				for s.cur < len(s.old) && l.from(s.old[s.cur]) < a {
					s.out = append(s.out, s.old[s.cur])
					s.cur++
				}
				kj := int32(-1)
				if s.cur < len(s.old) && l.from(s.old[s.cur]) == a {
					kj = s.old[s.cur]
					s.out = append(s.out, s.old[s.cur])
					s.cur++
				}
				src := &l.keys[ka]
				d := src.dist + 1
				if kj >= 0 && d >= l.keys[kj].dist {
					continue
				}
				unch := src.unchanged
				if s.kind == Noop {
					unch++
				}
				if unch > u {
					continue
				}
				nk := key{from: a, to: s.to, dist: d, unchanged: unch, kind: merge(src.kind, s.kind), firstRight: src.firstRight}
				if kj < 0 {
					kj = int32(len(l.keys))
					l.keys = append(scratch.Grow(l.keys, 1), nk)
					s.out = append(s.out, kj)
				} else {
					nk.mult = l.keys[kj].mult
					l.keys[kj] = nk
				}
				l.keys[kj].mult++
				l.occ = append(scratch.Grow(l.occ, 1), kj)
				if budget >= 0 && len(l.occ) > budget {
					return errTooLarge
				}
			}
		}
		for si := 0; si < ns; si++ {
			s := &succ[si]
			s.out = append(s.out, s.old[s.cur:]...)
			spans[s.to] = span{off: int32(len(l.slab)), n: int32(len(s.out))}
			l.slab = append(scratch.Grow(l.slab, len(s.out)), s.out...)
		}
	}
	l.inSpans = spans
	l.removeNoops()
	return nil
}

// closureBound is an upper bound on the number of edges of the closure: an edge a→j needs a
// before j in both row and column, so j has at most as many in-edges as there are vertices in
// the rectangle from (0, 0) to j, less itself.
func (l *Lattice) closureBound() int {
	cols := l.cols
	l.colCount = scratch.Resize(l.colCount, cols)
	clear(l.colCount)
	bound := 0
	for row := 0; row <= l.n; row++ {
		sum := 0
		for col := 0; col < cols; col++ {
			if l.isVertex(row*cols + col) {
				l.colCount[col]++
				sum += l.colCount[col]
				bound += sum - 1
			} else {
				sum += l.colCount[col]
			}
		}
	}
	return bound
}

func (l *Lattice) spans(nv int) []span {
	l.inSpans = scratch.Resize(l.inSpans, nv)
	clear(l.inSpans)
	return l.inSpans
}

// addAtomic adds the atomic edge s from vertex from to the edge list, with its multiplicity.
func (l *Lattice) addAtomic(from int32, s step, spans []span) {
	k := key{from: from, to: s.to, dist: 1, kind: s.kind, firstRight: s.right, atomic: true, mult: s.count}
	if s.kind == Noop {
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
func (l *Lattice) gatherAtomicInLists(spans []span) {
	off := int32(0)
	for c := range spans {
		spans[c].off = off
		off += spans[c].n
		spans[c].n = 0
	}
	l.slab = scratch.Resize(l.slab, int(off))
	for ki, k := range l.keys {
		s := &spans[k.to]
		l.slab[s.off+s.n] = int32(ki)
		s.n++
	}
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
		removable := !k.atomic && k.kind == Noop && k.dist > 1
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
