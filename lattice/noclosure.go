package lattice

import (
	"maxmatch/internal/scratch"
)

// The search without the closure, as one search: its state (the relaxed search's, the tie
// search's, the count's), what it reserves, and the loop that runs its parts for one
// annotator. The arguments are at the top of relaxed.go (the relaxed search and its
// certificate), tight.go (the tie search), count.go and records.go (K and the survivals).

// noClosure is the state of the search without the closure.
type noClosure struct {
	r relaxed
	t tight
	c counter
	k int64 // K, once the last search counted it (or knew it in closed form); 0 otherwise
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

// prepareNoClosure reserves the arrays of the search without the closure that every
// annotator's gold edits are checked with, for the lattice just built.
func (l *Lattice) prepareNoClosure() error {
	s := &l.nc
	r := &s.r
	nv := len(l.vrow)
	a := l.acct
	r.statesReady, r.closureOrigins = false, r.closureOrigins[:0]
	for _, f := range []func() error{
		func() error { return reserve(a, &r.vertexScratch, nv) },
		func() error { return reserve(a, &r.isClosureOrigin, nv) },
		func() error { return reserve(a, &r.walkLeft, nv) },
		func() error { return reserve(a, &r.hasExpl, nv) },
		func() error { return l.resetScan(&r.scan) },
	} {
		if err := f(); err != nil {
			return err
		}
	}
	clear(r.isClosureOrigin)
	s.countLimit = l.countCapacity()
	return nil
}

// reserveStates reserves the relaxed search's arrays, once per lattice. Its states follow u
// clamped to the most no-op steps on a lattice path (no edit holds more).
func (l *Lattice) reserveStates() error {
	s := &l.nc
	r, t := &s.r, &s.t
	if r.statesReady {
		return nil
	}
	a := l.acct
	nv := len(l.vrow)
	r.u = min(l.u, l.maxNoops(r.vertexScratch))
	r.nst = relaxedStates(r.u)
	ns := nv * r.nst
	for _, f := range []func() error{
		func() error { return reserve(a, &r.pred, nv) },
		func() error { return reserve(a, &t.index, nv) },
		func() error { return reserve(a, &r.f, ns) },
		func() error { return reserve(a, &r.g, ns) },
		func() error { return reserve(a, &r.via, ns) },
		func() error { return reserve(a, &r.origin, ns) },
		func() error { return reserve(a, &t.stamp, ns) },
	} {
		if err := f(); err != nil {
			return err
		}
	}
	l.latticePreds(r.pred)
	clear(t.stamp)
	t.mark = 0
	r.statesReady = true
	return nil
}

// freeNoClosure returns the search without the closure's arrays to the memory account.
func (l *Lattice) freeNoClosure() {
	s := &l.nc
	r, t, c := &s.r, &s.t, &s.c
	a := l.acct
	r.f, r.g = scratch.Free(a, r.f)[:0], scratch.Free(a, r.g)[:0]
	r.via, r.origin = scratch.Free(a, r.via)[:0], scratch.Free(a, r.origin)[:0]
	r.vertexScratch, r.statesReady = scratch.Free(a, r.vertexScratch)[:0], false
	r.isClosureOrigin, r.closureOrigins = scratch.Free(a, r.isClosureOrigin)[:0], r.closureOrigins[:0]
	r.walkLeft, r.expl = scratch.Free(a, r.walkLeft)[:0], scratch.Free(a, r.expl)[:0]
	r.hasExpl, r.pred = scratch.Free(a, r.hasExpl)[:0], scratch.Free(a, r.pred)[:0]
	r.members, r.occ = scratch.Free(a, r.members)[:0], scratch.Free(a, r.occ)[:0]
	l.freeScan(&r.scan)
	t.stamp, t.index = scratch.Free(a, t.stamp)[:0], scratch.Free(a, t.index)[:0]
	t.edges, t.occ = scratch.Free(a, t.edges)[:0], scratch.Free(a, t.occ)[:0]
	t.dist, t.ver = scratch.Free(a, t.dist)[:0], scratch.Free(a, t.ver)[:0]
	t.pred, t.seen = scratch.Free(a, t.pred)[:0], scratch.Free(a, t.seen)[:0]
	t.weight, t.stack = scratch.Free(a, t.weight)[:0], scratch.Free(a, t.stack)[:0]
	t.origins, t.phrases = scratch.Free(a, t.origins)[:0], scratch.Free(a, t.phrases)[:0]
	t.present = scratch.Free(a, t.present)[:0]
	t.most, t.epsMost = scratch.Free(a, t.most)[:0], scratch.Free(a, t.epsMost)[:0]
	l.freeCount(c)
}

// noClosurePath returns the official's path for these gold edits without the closure, or false
// when it cannot be sure of it: the relaxed search's best path when it is the only one
// (relaxedPath), or else the official's choice among the best paths (tightPath), within a
// limit of vertex pairs visited to count the closure when K is needed.
func (l *Lattice) noClosurePath(s *noClosure, gold []Gold) ([]Edit, bool) {
	s.k = 0
	s.r.setClosureOrigins(nil)
	for {
		if edits, ok := l.relaxedPath(&s.r, gold); ok {
			return edits, true
		}
		if !s.r.solved {
			return nil, false // the relaxed search could not stand for the closure
		}
		if l.tieRoundingFails(s.r.best.m) {
			s.r.why = ReasonRounding
			return nil, false
		}
		edits, ok := l.tightPath(&s.r, &s.t, gold, countedFacts{l, s, s.countLimit})
		if ok || s.r.why != ReasonUnrealTie || len(s.t.unreal) == 0 || len(s.r.closureOrigins)+len(s.t.unreal) > maxClosureOrigins {
			return edits, ok
		}
		// Every best path has a phrase the closure does not hold as the relaxed search took it:
		// take their origins' phrases from the closure, and search again.
		s.r.setClosureOrigins(append(s.r.closureOrigins, s.t.unreal...))
	}
}

// maxClosureOrigins is the most origins whose phrases one annotator's search takes from the
// closure: each costs a scan of the pairs below and right of it, and as many explicit edges.
const maxClosureOrigins = 16
