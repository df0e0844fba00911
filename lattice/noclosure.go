package lattice

import (
	"maxmatch/internal/scratch"
)

// The search without the closure, as one search: its state (the relaxed search's, the tie
// search's, the count's), what it reserves, and the loop that runs its parts for one
// annotator. The arguments are at the top of relaxed.go (the relaxed search and its
// certificate), tight.go (the tie search), count.go and records.go (K and the survivals).

// noClosureSearch is the search without the closure, with its state: the relaxed search's, the
// tie search's and the count's.
type noClosureSearch struct {
	*env
	pairs *pairCounter // K's bounds from the lattice (kBounds)
	path  []Edit       // the result buffer of bestPath
	kLo   int64        // kLower, counted when first asked for (−1 before)
	r     relaxed
	t     tight
	c     counter
	k     int64 // K, once the last search counted it (or knew it in closed form); 0 otherwise
	// countLimit is the most vertex pairs the search may visit to count the closure
	// (countCapacity).
	countLimit int64
}

// noClosureBytesPerVertex and statesBytesPerState are what the search without the closure
// reserves: per vertex at Build, what an annotator's gold edits are checked with (the source
// scan, the walk's marks, a scratch number); once they leave the search able to answer
// (reserveStates), per vertex the lattice predecessors and the tie search's places, and per
// state its values from the start and to the end, its predecessor and origin, and the tie
// search's mark.
const (
	noClosureBytesPerVertex = 4 + 16 + 1 + 1 + 1 + 4 + 1
	statesBytesPerState     = 16 + 16 + 4 + 4 + 4
	statesBytesPerVertex    = 12 + 4
)

// over makes the search one over the lattice just built (e), its closure bounded by pairs.
func (ns *noClosureSearch) over(e *env, pairs *pairCounter) {
	ns.env, ns.pairs, ns.kLo = e, pairs, -1
}

// prepare reserves the arrays of the search without the closure that every annotator's gold
// edits are checked with, for the lattice just built.
func (ns *noClosureSearch) prepare() error {
	r := &ns.r
	nv := ns.numVertices()
	a := ns.acct
	r.statesReady, r.closureOrigins = false, r.closureOrigins[:0]
	for _, f := range []func() error{
		func() error { return reserve(a, &r.vertexScratch, nv) },
		func() error { return reserve(a, &r.isClosureOrigin, nv) },
		func() error { return reserve(a, &r.walkLeft, nv) },
		func() error { return reserve(a, &r.hasExpl, nv) },
		func() error { return ns.resetScan(&r.scan) },
	} {
		if err := f(); err != nil {
			return err
		}
	}
	clear(r.isClosureOrigin)
	ns.countLimit = ns.countCapacity()
	return nil
}

// reserveStates reserves the relaxed search's arrays, once per lattice. Its states follow u
// clamped to the most no-op steps on a lattice path (no edit holds more).
func (ns *noClosureSearch) reserveStates() error {
	r, t := &ns.r, &ns.t
	if r.statesReady {
		return nil
	}
	a := ns.acct
	nv := ns.numVertices()
	r.u = min(ns.u, ns.maxNoops(r.vertexScratch))
	r.nst = relaxedStates(r.u)
	states := nv * r.nst
	for _, f := range []func() error{
		func() error { return reserve(a, &r.pred, nv) },
		func() error { return reserve(a, &t.index, nv) },
		func() error { return reserve(a, &r.f, states) },
		func() error { return reserve(a, &r.g, states) },
		func() error { return reserve(a, &r.via, states) },
		func() error { return reserve(a, &r.origin, states) },
		func() error { return reserve(a, &t.stamp, states) },
	} {
		if err := f(); err != nil {
			return err
		}
	}
	ns.latticePreds(r.pred)
	clear(t.stamp)
	t.mark = 0
	r.statesReady = true
	return nil
}

// free returns the search without the closure's arrays to the memory account.
func (ns *noClosureSearch) free() {
	r, t, c := &ns.r, &ns.t, &ns.c
	a := ns.acct
	r.f, r.g = scratch.Free(a, r.f)[:0], scratch.Free(a, r.g)[:0]
	r.via, r.origin = scratch.Free(a, r.via)[:0], scratch.Free(a, r.origin)[:0]
	r.vertexScratch, r.statesReady = scratch.Free(a, r.vertexScratch)[:0], false
	r.isClosureOrigin, r.closureOrigins = scratch.Free(a, r.isClosureOrigin)[:0], r.closureOrigins[:0]
	r.walkLeft, r.expl = scratch.Free(a, r.walkLeft)[:0], scratch.Free(a, r.expl)[:0]
	r.hasExpl, r.pred = scratch.Free(a, r.hasExpl)[:0], scratch.Free(a, r.pred)[:0]
	r.members, r.occ = scratch.Free(a, r.members)[:0], scratch.Free(a, r.occ)[:0]
	ns.freeScan(&r.scan)
	t.stamp, t.index = scratch.Free(a, t.stamp)[:0], scratch.Free(a, t.index)[:0]
	t.edges, t.occ = scratch.Free(a, t.edges)[:0], scratch.Free(a, t.occ)[:0]
	t.dist, t.ver = scratch.Free(a, t.dist)[:0], scratch.Free(a, t.ver)[:0]
	t.pred, t.seen = scratch.Free(a, t.pred)[:0], scratch.Free(a, t.seen)[:0]
	t.weight, t.stack = scratch.Free(a, t.weight)[:0], scratch.Free(a, t.stack)[:0]
	t.origins, t.phrases = scratch.Free(a, t.origins)[:0], scratch.Free(a, t.phrases)[:0]
	t.present = scratch.Free(a, t.present)[:0]
	t.most, t.epsMost = scratch.Free(a, t.most)[:0], scratch.Free(a, t.epsMost)[:0]
	ns.freeCount(c)
	ns.path = scratch.Drop(a, ns.path)
}

// bestPath returns the official's path for these gold edits without the closure, or false
// when it cannot be sure of it: the relaxed search's best path when it is the only one
// (relaxedPath), or else the official's choice among the best paths (tightPath), within a
// limit of vertex pairs visited to count the closure when K is needed.
func (ns *noClosureSearch) bestPath(gold []Gold) ([]Edit, bool) {
	ns.k = 0
	ns.r.setClosureOrigins(nil)
	for {
		if edits, ok := ns.relaxedPath(&ns.r, gold); ok {
			return edits, true
		}
		if !ns.r.solved {
			return nil, false // the relaxed search could not stand for the closure
		}
		if ns.tieRoundingFails(ns.r.best.m) {
			ns.r.why = ReasonRounding
			return nil, false
		}
		edits, ok := ns.tightPath(&ns.r, &ns.t, gold, countedFacts{ns, ns.countLimit})
		if ok || ns.r.why != ReasonUnrealTie || len(ns.t.unreal) == 0 || len(ns.r.closureOrigins)+len(ns.t.unreal) > maxClosureOrigins {
			return edits, ok
		}
		// Every best path has a phrase the closure does not hold as the relaxed search took it:
		// take their origins' phrases from the closure, and search again.
		ns.r.setClosureOrigins(append(ns.r.closureOrigins, ns.t.unreal...))
	}
}

// maxClosureOrigins is the most origins whose phrases one annotator's search takes from the
// closure: each costs a scan of the pairs below and right of it, and as many explicit edges.
const maxClosureOrigins = 16
