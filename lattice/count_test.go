package lattice

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestCountClosure checks the count of the edge list without it, and the survival of every
// phrase no-op, against the materialised closure; and the count before the removal loop
// (countRecords), its phrase no-ops, and the bounds of K they give.
func TestCountClosure(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	var l Lattice
	var c counter
	for iter := 0; iter < 20000; iter++ {
		src, hyp, _ := randomCase(rng, 9)
		if iter%7 == 0 {
			src, hyp = unrelatedCase(rng.Intn(7), rng.Intn(7))
		}
		if iter%5 == 2 {
			src, hyp = repeatedClauseCase(rng, 4)
		}
		if iter%5 == 0 { // long runs of no-ops
			n := rng.Intn(14)
			src = make([]int32, n)
			for i := range src {
				src[i] = int32(rng.Intn(2))
			}
			hyp = append([]int32(nil), src...)
			if n > 0 && rng.Intn(2) == 0 {
				hyp[rng.Intn(n)] = 7
			}
		}
		opt := withClosure(Options{MaxUnchanged: rng.Intn(5) - 1, EdgesOnce: iter%4 == 3, RemoveAllNoops: iter%6 == 5})
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		var asked [][2]int32
		var want []bool
		for _, k := range l.cl.keys {
			if !k.atomic && k.typ == Noop {
				asked = append(asked, [2]int32{k.from, k.to})
				want = append(want, !k.removed)
			}
		}
		forcedCountParts = 1 + iter%4 // the sources counted in 1 to 4 ranges
		k, survives, ok := l.nc.countClosure(&c, asked, -1)
		forcedCountParts = 0
		if !ok || k != int64(len(l.cl.occ)) {
			t.Fatalf("src %v hyp %v %+v: counted K = %d (%v), the edge list has %d", src, hyp, opt, k, ok, len(l.cl.occ))
		}
		if fmt.Sprint(survives) != fmt.Sprint(want) {
			t.Fatalf("src %v hyp %v %+v: phrase no-ops %v survive %v, want %v", src, hyp, opt, asked, survives, want)
		}
		if lo, hi := l.nc.kBounds(); lo > k || k > hi {
			t.Fatalf("src %v hyp %v %+v: K = %d outside its bounds [%d, %d]", src, hyp, opt, k, lo, hi)
		}
		if iter%4 != 0 {
			continue
		}
		// The list before the removal loop, and its phrase no-ops.
		var before, noops int64
		for _, key := range l.cl.keys {
			before += int64(key.mult)
			if key.removed {
				before++
			}
			if !key.atomic && key.typ == Noop {
				noops++
			}
		}
		forcedCountParts = 1 + iter%3
		gotBefore, gotNoops, ok := l.nc.countRecords(&c, -1)
		forcedCountParts = 0
		if !ok || gotBefore != before || gotNoops != noops {
			t.Fatalf("src %v hyp %v %+v: counted %d occurrences before the removal loop, %d phrase no-ops (%v); the closure has %d, %d", src, hyp, opt, gotBefore, gotNoops, ok, before, noops)
		}
		if lo, hi := l.nc.removalBounds(gotBefore, gotNoops); lo > k || k > hi {
			t.Fatalf("src %v hyp %v %+v: K = %d outside its bounds [%d, %d] from the count before the removal loop", src, hyp, opt, k, lo, hi)
		}
	}
}

// TestGridEdgeCount checks the closed form of K on whole grids without no-ops.
func TestGridEdgeCount(t *testing.T) {
	var l Lattice
	for n := range 7 {
		for m := range 7 {
			for _, opt := range []Options{{MaxUnchanged: 2}, {MaxUnchanged: 0, EdgesOnce: true}, {MaxUnchanged: -1}} {
				src, hyp := unrelatedCase(n, m)
				if err := l.Build(src, hyp, withClosure(opt)); err != nil {
					t.Fatal(err)
				}
				k, ok := l.nc.gridEdgeCount()
				if !ok || k != int64(len(l.cl.occ)) {
					t.Errorf("%d×%d %+v: closed form %d (%v), edge list %d", n, m, opt, k, ok, len(l.cl.occ))
				}
			}
		}
	}
	src, hyp := []int32{1, 2, 3}, []int32{4, 2, 5}
	if err := l.Build(src, hyp, withClosure(Options{MaxUnchanged: 2})); err != nil {
		t.Fatal(err)
	}
	if _, ok := l.nc.gridEdgeCount(); ok {
		t.Error("a lattice with a no-op step has no closed form")
	}
}
