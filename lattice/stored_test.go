package lattice

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
)

// randomLattice is the iter-th random lattice of the searches' tests: a small sentence pair
// (an unrelated one every seventh), its gold edits, and options that cycle through u from −1 to
// 2, both first rows and every fix.
func randomLattice(rng *rand.Rand, iter int) (src, hyp []int32, gold []Gold, opt Options) {
	src, hyp, gold = randomCase(rng, 8)
	if iter%7 == 0 {
		src, hyp = unrelatedCase(rng.Intn(7), rng.Intn(7))
	}
	opt = withClosure(Options{MaxUnchanged: rng.Intn(4) - 1, FirstRow: FirstRow(rng.Intn(2))})
	opt.EdgesOnce = iter%5 == 4
	opt.RemoveAllNoops = iter%3 == 2
	opt.StrictWalk = iter%11 == 3
	opt.IntegerCosts = iter%13 == 5
	return src, hyp, gold, opt
}

// withClosure makes Build build the closure whatever its size, as a cap on its size does (here
// one that no closure reaches), for the tests that compare with it or look into it.
func withClosure(o Options) Options {
	o.MaxEdges = math.MaxInt
	return o
}

// TestSourceScanIsTheClosure checks the closure of one source, computed as a dynamic programme
// over its targets, against the materialised closure on random lattices: the same pairs, and for
// each the same length, unchanged tokens, type, first step and occurrences.
func TestSourceScanIsTheClosure(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var l Lattice
	var s sourceScan
	for iter := 0; iter < 3000; iter++ {
		src, hyp, _, opt := randomLattice(rng, iter)
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		nv := int32(len(l.vrow))
		want := map[[2]int32]stored{}
		for _, k := range l.cl.keys {
			mult := k.mult
			if k.removed {
				mult++
			}
			want[[2]int32{k.from, k.to}] = stored{dist: k.dist, unchanged: k.unchanged, typ: k.typ, firstRight: k.firstRight, atomic: k.atomic, mult: mult}
		}
		if err := l.nc.resetScan(&s); err != nil {
			t.Fatal(err)
		}
		got := 0
		for a := range nv {
			l.nc.scan(&s, a, l.n, l.m)
			for b := a + 1; b < nv; b++ {
				st, ok := s.at(b)
				w, wok := want[[2]int32{a, b}]
				if ok != wok || st != w {
					t.Fatalf("src %v hyp %v %+v: pair %d→%d: scan %+v (%v), closure %+v (%v)", src, hyp, opt, a, b, st, ok, w, wok)
				}
				if ok {
					got++
				}
			}
		}
		if got != len(want) {
			t.Fatalf("src %v hyp %v: %d pairs scanned, %d keys", src, hyp, got, len(want))
		}
	}
}

// sameAsClosure fails the test when the edits got are not those of the exact search on l's
// materialised closure for gold.
func sameAsClosure(t *testing.T, l *Lattice, gold []Gold, got []Edit, name func() string) {
	t.Helper()
	got = append([]Edit(nil), got...)
	want, err := l.BestPath(gold)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s:\n found %v\n exact %v", name(), got, want)
	}
}

// buildNoClosure builds the lattice of src against hyp with its closure, and reserves the arrays
// of the search without the closure as Build does when it plans that search: the searches'
// tests run both on one lattice.
func buildNoClosure(t *testing.T, l *Lattice, src, hyp []int32, opt Options) {
	t.Helper()
	if err := l.Build(src, hyp, opt); err != nil {
		t.Fatal(err)
	}
	if err := l.nc.prepare(); err != nil {
		t.Fatal(err)
	}
}

// TestPairRecords checks the per-source rule on a pair's three candidates (diagonal, up, left):
// the first held one within u is a record, then each strictly shorter one within u; the pair
// holds the last record's path.
func TestPairRecords(t *testing.T) {
	none := offer{dist: noOffer}
	for _, c := range []struct {
		d, p, l offer
		u       int32
		recs    uint8
		last    int
	}{
		{none, none, none, 2, 0, -1},
		{offer{3, 0}, offer{3, 0}, offer{3, 0}, 2, 1, 0},  // equal lengths: the first only
		{offer{5, 0}, offer{4, 0}, offer{3, 0}, 2, 7, 2},  // each shorter: three records
		{offer{3, 3}, offer{4, 0}, offer{5, 1}, 2, 2, 1},  // the diagonal over u
		{offer{2, 0}, none, offer{1, 2}, 2, 5, 2},         // a missing candidate is skipped
		{offer{2, 0}, offer{1, 3}, offer{3, 0}, 2, 1, 0},  // shorter but over u
		{offer{4, 1}, offer{2, 1}, offer{1, 1}, 0, 0, -1}, // u = 0 and one unchanged token each
		{none, offer{noOffer - 1, 0}, offer{noOffer - 2, 0}, 0, 6, 2},
	} {
		recs := pairRecords(c.d, c.p, c.l, c.u)
		if recs != c.recs || lastRecord(recs) != c.last {
			t.Errorf("%+v: records %03b (last %d), want %03b (last %d)", c, recs, lastRecord(recs), c.recs, c.last)
		}
	}
}
