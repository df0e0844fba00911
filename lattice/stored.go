package lattice

import (
	"math/bits"

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

// The per-source rule, written once (takes, for one candidate; pairRecords, for a pair's
// candidates in their order): its users — the closure as it extends its in-lists (extend), the
// source scans (candidates), the count of the edge list (countTarget) and the count of the
// records (cellsOf) — keep what they need of a pair in their own encoding, and record what they
// need of each record. cellsOf offers its candidates to takes one at a time on its packed words,
// skipping a candidate whose step or pair is missing before unpacking it: its loop runs once per
// band cell, and building the three offers of pairRecords there, then choosing the last record's
// length again from the set, made the search without the closure 14% slower in CPU on
// repeated-clause-320 (whole processes, 7 interleaved rounds).

// noOffer is the length of a candidate whose predecessor's pair is not held, and of a pair's best
// offer before the first record.
const noOffer = 1<<31 - 1

// takes is the rule for one candidate of a pair: the path of (a, k) extended by the step k→b, of
// length dist and unch unchanged tokens, is a record when it is shorter than the pair's best
// offer so far (noOffer: none) and within u.
// It is generic over the encodings' integer types so that each user compares in its own, inlined.
func takes[T int32 | uint32](best, dist, unch, u T) bool { return dist < best && unch <= u }

// offer is a candidate of a pair (a, b): the pair (a, k) of b's predecessor k extended by the
// step k→b, its length and unchanged tokens (the step's included); dist noOffer: (a, k) is not
// held.
type offer struct{ dist, unch int32 }

// pairRecords applies the rule to the candidates of a pair that is not an atomic edge, in the
// official's order — diagonal (d), up (p), left (l) — and returns the records as a set: bit 0 the
// diagonal, 1 up, 2 left. The pair holds the path of the last (the highest bit, lastRecord); none:
// it is not held. Unrolled, it inlines into the counts' loops.
func pairRecords(d, p, l offer, u int32) (recs uint8) {
	best := int32(noOffer)
	if takes(best, d.dist, d.unch, u) {
		best, recs = d.dist, 1
	}
	if takes(best, p.dist, p.unch, u) {
		best, recs = p.dist, recs|2
	}
	if takes(best, l.dist, l.unch, u) {
		recs |= 4
	}
	return recs
}

// lastRecord is the candidate whose path the pair holds (−1: none).
func lastRecord(recs uint8) int { return bits.Len32(uint32(recs)) - 1 }

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
	var offers [3]offer
	var types [3]EditType
	for i := range 3 {
		offers[i].dist = noOffer
		if i >= np {
			continue
		}
		k, d := preds[i], directions[dirs[i]]
		types[i] = ns.atomicType(v, d)
		if k == s.src { // an atomic successor of the source is that atomic edge
			st := stored{dist: 1, typ: types[i], firstRight: d == levenshtein.Left, atomic: true, mult: ns.atomInto(v, d)}
			if st.typ == Noop {
				st.unchanged = 1
			}
			return st, true
		}
		if s.stamp[k] == mark && s.held[k] {
			kv := &s.val[k]
			offers[i] = offer{dist: kv.dist + 1, unch: kv.unchanged}
			if types[i] == Noop {
				offers[i].unch++
			}
		}
	}
	recs := pairRecords(offers[0], offers[1], offers[2], int32(ns.u))
	last := lastRecord(recs)
	if last < 0 {
		return stored{}, false
	}
	kv := &s.val[preds[last]]
	st := stored{dist: offers[last].dist, unchanged: offers[last].unch, typ: merge(kv.typ, types[last]), firstRight: kv.firstRight}
	for i := range np {
		if recs&(1<<i) != 0 {
			st.mult++
			if record != nil {
				record(preds[i])
			}
		}
	}
	return st, true
}
