package lattice

import (
	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
)

// Why what the closure holds for one source is a dynamic programme over its targets.
//
// The closure of one source.
//
// Fix a source vertex a. By the one-pass argument above, the pair (a, b) is extended into b's
// lattice successors only when the closure processes b, and every pair into b is final by then. So
// what the closure holds for (a, b) is a function of what it holds for (a, k), k over b's lattice
// predecessors, processed in vertex order — diagonal, up, left:
//
//   - if b is an atomic successor of a, the atomic edge (no phrase can be shorter than 1);
//   - otherwise a running best starts empty; a predecessor k for which (a, k) is held offers that
//     path extended by the step k→b, of length dist(a,k)+1; the offer is taken when it is shorter
//     than the best and its unchanged tokens are at most u — a record, one occurrence of (a, b) in
//     the edge list, created while the closure processes k, at the place (k, a, b) of the list's
//     phrase part.
//
// This is a dynamic programme over the targets in vertex order, O(1) per pair (sourceScan,
// countClosure). It gives every edge's edit and multiplicity without the list
// (TestSourceScanIsTheClosure). Two consequences: a phrase no-op (an all-no-op diagonal) has
// exactly one occurrence (its diagonal predecessor, the first candidate, offers the shortest length
// there is); and an edit's offsets, original and correction depend on its pair alone, and on its
// first step in the first row, which the programme also gives.

// stored is what the closure holds for one vertex pair (a, b): the path the official stored for
// it (its length, unchanged tokens, type, and whether its first step is an insertion), or
// nothing. See sourceScan.
type stored struct {
	dist, unchanged int32
	typ             EditType
	firstRight      bool
	atomic          bool
	mult            uint8 // occurrences in the edge list before the no-op removal: records, or the atomic count
}

// sourceScan computes what the closure holds for the pairs (a, b) of one source vertex a, one
// target at a time in vertex order, without building the closure: the official's
// Floyd–Warshall order, on a lattice whose edges all go forward, makes the closure a dynamic
// programme per source (see the top of this file):
//
//   - if b is an atomic successor of a, (a, b) is that atomic edge, whatever else joins them;
//   - otherwise the candidates are b's lattice predecessors k in vertex order (diagonal, up,
//     left) for which (a, k) is held; each offers the path of (a, k) extended by the step k→b,
//     of length dist(a, k)+1; a running best starts empty; a candidate whose length is below
//     it and whose unchanged tokens are at most u replaces it — a record, one occurrence of
//     (a, b) in the edge list, created while the closure processes k.
//
// (a, b) is held when some candidate was a record; what it holds is the last record's path.
type sourceScan struct {
	src   int32   // the source vertex a
	stamp []int32 // stamp[v] == src+1: val[v] is set for this source
	val   []stored
	held  []bool
}

// resetScan prepares the scan for the lattice just built, its arrays reserved from the memory
// account.
func (ns *noClosureSearch) resetScan(s *sourceScan) error {
	nv := ns.numVertices()
	if err := reserve(ns.acct, &s.stamp, nv); err != nil {
		return err
	}
	if err := reserve(ns.acct, &s.val, nv); err != nil {
		return err
	}
	if err := reserve(ns.acct, &s.held, nv); err != nil {
		return err
	}
	clear(s.stamp)
	return nil
}

// freeScan returns the scan's arrays to the memory account.
func (ns *noClosureSearch) freeScan(s *sourceScan) {
	s.stamp = scratch.Free(ns.acct, s.stamp)[:0]
	s.val = scratch.Free(ns.acct, s.val)[:0]
	s.held = scratch.Free(ns.acct, s.held)[:0]
}

// at returns what the closure holds for (src, v), if v was scanned.
func (s *sourceScan) at(v int32) (stored, bool) {
	if s.stamp[v] != s.src+1 || !s.held[v] {
		return stored{}, false
	}
	return s.val[v], true
}

// scan computes the closure's pairs (a, b) for every vertex b in the rectangle from a to
// (r1, c1), in vertex order. Every path from a to b stays in that rectangle, so the pairs are
// those of the whole closure.
func (ns *noClosureSearch) scan(s *sourceScan, a int32, r1, c1 int) {
	s.src = a
	mark := a + 1
	r0, c0 := ns.rowCol(a)
	s.stamp[a], s.held[a] = mark, false
	for r := r0; r <= r1 && r <= ns.n; r++ {
		_, end := ns.rowVertices(r)
		for v := ns.firstFrom(r, c0); v < end && int(ns.colOf(v)) <= c1; v++ {
			if v == a {
				continue
			}
			s.stamp[v] = mark
			ns.cost.Scanned++
			s.val[v], s.held[v] = ns.candidates(s, v, nil)
		}
	}
}

// candidates evaluates the candidates for (s.src, v) in the official's order, from the values
// of v's predecessors, and returns what the closure holds for the pair; each record's
// predecessor is passed to record, if not nil, in the order the occurrences are created.
func (ns *noClosureSearch) candidates(s *sourceScan, v int32, record func(k int32)) (stored, bool) {
	mark := s.src + 1
	var preds [3]int32
	var dirs [3]int
	np := 0
	ns.stepsInto(v, func(from int32, dir int, _ bool) {
		preds[np], dirs[np] = from, dir
		np++
	})
	for i := range np {
		if preds[i] == s.src {
			d := directions[dirs[i]]
			st := stored{dist: 1, typ: ns.atomicType(v, d), firstRight: d == levenshtein.Left, atomic: true, mult: ns.atomInto(v, d)}
			if st.typ == Noop {
				st.unchanged = 1
			}
			return st, true
		}
	}
	var best stored
	held := false
	for i := range np {
		k := preds[i]
		if s.stamp[k] != mark || !s.held[k] {
			continue
		}
		kv := &s.val[k]
		if held && kv.dist+1 >= best.dist {
			continue
		}
		t := ns.atomicType(v, directions[dirs[i]])
		unch := kv.unchanged
		if t == Noop {
			unch++
		}
		if int(unch) > ns.u {
			continue
		}
		mult := best.mult
		best = stored{dist: kv.dist + 1, unchanged: unch, typ: merge(kv.typ, t), firstRight: kv.firstRight, mult: mult + 1}
		held = true
		if record != nil {
			record(k)
		}
	}
	return best, held
}
