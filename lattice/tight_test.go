package lattice

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
)

// closureOracle answers the tie-breaking search's questions from the materialised closure.
type closureOracle struct{ l *Lattice }

func (o closureOracle) known(needK bool, noops [][2]int32) (int64, []bool, bool) {
	s := make([]bool, len(noops))
	for i, p := range noops {
		s[i] = o.l.cl.lookup(p[0], p[1]) >= 0
	}
	return int64(len(o.l.cl.occ)), s, true
}

func (o closureOracle) count(noops [][2]int32) (int64, []bool, bool) { return o.known(true, noops) }
func (o closureOracle) kBounds() (int64, int64) {
	return int64(len(o.l.cl.occ)), int64(len(o.l.cl.occ))
}

func (o closureOracle) countCost() int64 { return 0 }
func (o closureOracle) narrowBounds() (int64, int64, bool) {
	return int64(len(o.l.cl.occ)), int64(len(o.l.cl.occ)), true
}

// TestTightPathIsTheOfficial compares the tie-breaking search, given K and the surviving phrase
// no-ops by the materialised closure, with the exact search on it; and matchedMost, counted
// before the relaxed search, with the matched edges of its best value.
func TestTightPathIsTheOfficial(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var l Lattice
	done, total := 0, 0
	why := map[Reason]int{}
	for iter := 0; iter < 20000; iter++ {
		src, hyp, gold, opt := randomLattice(rng, iter)
		buildNoClosure(t, &l, src, hyp, opt)
		total++
		r := &l.nc.r
		if _, ok := l.nc.relaxedSolve(r, gold); !ok {
			why[r.why]++
			continue
		}
		if m := l.nc.matchedMost(r); m != r.best.m {
			t.Fatalf("iter %d src %v hyp %v gold %v %+v: matchedMost %d, the relaxed search's best has %d matched edges", iter, src, hyp, gold, opt, m, r.best.m)
		}
		got, ok := l.nc.tightPath(r, &l.nc.t, gold, closureOracle{&l})
		if !ok {
			why[r.why]++
			continue
		}
		done++
		sameAsClosure(t, &l, gold, got, func() string {
			return fmt.Sprintf("tight: iter %d src %v hyp %v gold %v %+v", iter, src, hyp, gold, opt)
		})
	}
	t.Logf("%d of %d found; not found: %v", done, total, why)
}

// boundsOracle knows neither K nor the survivals unless counted (then from the materialised
// closure), and bounds K by an interval around it, so that the tie search enumerates.
type boundsOracle struct {
	l              *Lattice
	lo, hi         int64
	counts, narrow *int
}

func (o boundsOracle) known(needK bool, noops [][2]int32) (int64, []bool, bool) {
	return 0, nil, !needK && len(noops) == 0
}

func (o boundsOracle) count(noops [][2]int32) (int64, []bool, bool) {
	*o.counts++
	return closureOracle{o.l}.known(true, noops)
}

func (o boundsOracle) kBounds() (int64, int64) { return o.lo, o.hi }
func (o boundsOracle) countCost() int64        { return math.MaxInt64 } // enumerate first
func (o boundsOracle) narrowBounds() (int64, int64, bool) {
	*o.narrow++
	var c counter
	k, noops, ok := o.l.nc.countRecords(&c, -1)
	lo, hi := o.l.nc.removalBounds(k, noops)
	return lo, hi, ok
}

// TestTightEnumerationIsTheOfficial checks the tie search when it does not know K or which
// phrase no-ops survived: its enumeration of the possibilities (patterns of binades over K's
// bounds, then over its bounds from countRecords, survivals) must agree with the exact search
// wherever it decides, and counting (from the closure here) where it does not. -differential
// sets how many lattices.
func TestTightEnumerationIsTheOfficial(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	var l Lattice
	done, counted, narrowed, total := 0, 0, 0, 0
	for iter := 0; iter < *differential; iter++ {
		src, hyp, gold, opt := randomLattice(rng, iter)
		buildNoClosure(t, &l, src, hyp, opt)
		r := &l.nc.r
		if _, ok := l.nc.relaxedSolve(r, gold); !ok {
			continue
		}
		total++
		k := int64(len(l.cl.occ))
		// K's bounds: sometimes exact, sometimes across a power of two, sometimes wide.
		lo, hi := k, k
		switch iter % 3 {
		case 1:
			lo, hi = k-rng.Int63n(k+1), k+rng.Int63n(k+1)
		case 2:
			lo, hi = max(1, k/4), 4*k
		}
		counts, narrow := 0, 0
		got, ok := l.nc.tightPath(r, &l.nc.t, gold, boundsOracle{&l, lo, hi, &counts, &narrow})
		if !ok {
			continue
		}
		done++
		switch {
		case counts > 0:
			counted++
		case narrow > 0:
			narrowed++
		}
		sameAsClosure(t, &l, gold, got, func() string {
			return fmt.Sprintf("enumerated: iter %d src %v hyp %v gold %v %+v K %d in [%d, %d]", iter, src, hyp, gold, opt, k, lo, hi)
		})
	}
	t.Logf("%d of %d found, %d of them by counting, %d by K's bounds from the count before the removal loop", done, total, counted, narrowed)
}
