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
	opt.ExactCosts = iter%13 == 5
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
		for _, k := range l.keys {
			mult := k.mult
			if k.removed {
				mult++
			}
			want[[2]int32{k.from, k.to}] = stored{dist: k.dist, unchanged: k.unchanged, typ: k.typ, firstRight: k.firstRight, atomic: k.atomic, mult: mult}
		}
		if err := l.resetScan(&s); err != nil {
			t.Fatal(err)
		}
		got := 0
		for a := range nv {
			l.scan(&s, a, l.n, l.m)
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

// TestRelaxedPathIsTheOfficial compares the relaxed search, wherever it certifies its path,
// with the exact search on the materialised closure.
func TestRelaxedPathIsTheOfficial(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var l Lattice
	certified, total := 0, 0
	for iter := 0; iter < 20000; iter++ {
		src, hyp, gold, opt := randomLattice(rng, iter)
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		total++
		if err := l.prepareImplicit(); err != nil {
			t.Fatal(err)
		}
		got, ok := l.relaxedPath(&l.imp.r, gold)
		if !ok {
			continue
		}
		certified++
		sameAsClosure(t, &l, gold, got, func() string { return fmt.Sprintf("relaxed: src %v hyp %v gold %v %+v", src, hyp, gold, opt) })
	}
	t.Logf("%d of %d certified", certified, total)
}

// closureOracle answers the tie-breaking search's questions from the materialised closure.
type closureOracle struct{ l *Lattice }

func (o closureOracle) known(needK bool, noops [][2]int32) (int64, []bool, bool) {
	s := make([]bool, len(noops))
	for i, p := range noops {
		s[i] = o.l.lookup(p[0], p[1]) >= 0
	}
	return int64(len(o.l.occ)), s, true
}
func (o closureOracle) count(noops [][2]int32) (int64, []bool, bool) { return o.known(true, noops) }
func (o closureOracle) kBounds() (int64, int64) {
	return int64(len(o.l.occ)), int64(len(o.l.occ))
}
func (o closureOracle) countCost() int64 { return 0 }
func (o closureOracle) narrowBounds() (int64, int64, bool) {
	return int64(len(o.l.occ)), int64(len(o.l.occ)), true
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
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		total++
		if err := l.prepareImplicit(); err != nil {
			t.Fatal(err)
		}
		r := &l.imp.r
		if _, ok := l.relaxedSolve(r, gold); !ok {
			why[r.why]++
			continue
		}
		if m := l.matchedMost(r); m != r.best.m {
			t.Fatalf("iter %d src %v hyp %v gold %v %+v: matchedMost %d, the relaxed search's best has %d matched edges", iter, src, hyp, gold, opt, m, r.best.m)
		}
		got, ok := l.tightPath(r, &l.imp.t, gold, closureOracle{&l})
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

// TestCountClosure checks the count of the edge list without it, and the survival of every
// phrase no-op, against the materialised closure; and the count before the removal loop
// (countRecords), its phrase no-ops, and the bounds of K they give.
func TestCountClosure(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	var l Lattice
	var c closureCount
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
		for _, k := range l.keys {
			if !k.atomic && k.typ == Noop {
				asked = append(asked, [2]int32{k.from, k.to})
				want = append(want, !k.removed)
			}
		}
		forcedCountParts = 1 + iter%4 // the sources counted in 1 to 4 ranges
		k, survives, ok := l.countClosure(&c, asked, -1)
		forcedCountParts = 0
		if !ok || k != int64(len(l.occ)) {
			t.Fatalf("src %v hyp %v %+v: counted K = %d (%v), the edge list has %d", src, hyp, opt, k, ok, len(l.occ))
		}
		if fmt.Sprint(survives) != fmt.Sprint(want) {
			t.Fatalf("src %v hyp %v %+v: phrase no-ops %v survive %v, want %v", src, hyp, opt, asked, survives, want)
		}
		if lo, hi := l.kBounds(); lo > k || k > hi {
			t.Fatalf("src %v hyp %v %+v: K = %d outside its bounds [%d, %d]", src, hyp, opt, k, lo, hi)
		}
		if iter%4 != 0 {
			continue
		}
		// The list before the removal loop, and its phrase no-ops.
		var before, noops int64
		for _, key := range l.keys {
			before += int64(key.mult)
			if key.removed {
				before++
			}
			if !key.atomic && key.typ == Noop {
				noops++
			}
		}
		forcedCountParts = 1 + iter%3
		gotBefore, gotNoops, ok := l.countRecords(&c, -1)
		forcedCountParts = 0
		if !ok || gotBefore != before || gotNoops != noops {
			t.Fatalf("src %v hyp %v %+v: counted %d occurrences before the removal loop, %d phrase no-ops (%v); the closure has %d, %d", src, hyp, opt, gotBefore, gotNoops, ok, before, noops)
		}
		if lo, hi := l.removalBounds(gotBefore, gotNoops); lo > k || k > hi {
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
				k, ok := l.gridEdgeCount()
				if !ok || k != int64(len(l.occ)) {
					t.Errorf("%d×%d %+v: closed form %d (%v), edge list %d", n, m, opt, k, ok, len(l.occ))
				}
			}
		}
	}
	src, hyp := []int32{1, 2, 3}, []int32{4, 2, 5}
	if err := l.Build(src, hyp, withClosure(Options{MaxUnchanged: 2})); err != nil {
		t.Fatal(err)
	}
	if _, ok := l.gridEdgeCount(); ok {
		t.Error("a lattice with a no-op step has no closed form")
	}
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
	var c closureCount
	k, noops, ok := o.l.countRecords(&c, -1)
	lo, hi := o.l.removalBounds(k, noops)
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
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		if err := l.prepareImplicit(); err != nil {
			t.Fatal(err)
		}
		r := &l.imp.r
		if _, ok := l.relaxedSolve(r, gold); !ok {
			continue
		}
		total++
		k := int64(len(l.occ))
		// K's bounds: sometimes exact, sometimes across a power of two, sometimes wide.
		lo, hi := k, k
		switch iter % 3 {
		case 1:
			lo, hi = k-rng.Int63n(k+1), k+rng.Int63n(k+1)
		case 2:
			lo, hi = max(1, k/4), 4*k
		}
		counts, narrow := 0, 0
		got, ok := l.tightPath(r, &l.imp.t, gold, boundsOracle{&l, lo, hi, &counts, &narrow})
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

// TestSameRoundingKeepsTheRests checks the claim the enumeration over K rests on: for every K
// in the range sameRounding returns, the float64 sum of −K·mx + y and −K·mw + z is −K·m + s with
// the same rest s (the sum rounds the same way); at the range's ends it may not.
func TestSameRoundingKeepsTheRests(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	rest := func(v float64, k, m int64) float64 { return v + float64(k*m) }
	checked, outsideDiffers := 0, 0
	for iter := 0; iter < 200000; iter++ {
		// K near a power of two half the time, the rests like a path's: whole steps and ε.
		e := 8 + rng.Intn(40)
		k := int64(1)<<e + rng.Int63n(2001) - 1000
		if iter%2 == 0 {
			k = int64(1)<<e + rng.Int63n(int64(1)<<e)
		}
		mx := int32(rng.Intn(4))
		mw := int32(rng.Intn(2))
		if mx+mw == 0 {
			mx = 1
		}
		m := int64(mx + mw)
		if float64(k)*float64(m) >= 1<<51 {
			continue
		}
		y := float64(rng.Intn(2000))
		for range rng.Intn(40) {
			y += epsilon
		}
		z := float64(rng.Intn(5))
		for range rng.Intn(4) {
			z += epsilon
		}
		x := -float64(k)*float64(mx) + y
		w := -float64(k)*float64(mw) + z
		lo, next, good := sameRounding(x, mx, w, mw, k)
		if !good {
			continue
		}
		if lo > k || next <= k {
			t.Fatalf("K %d outside its own range [%d, %d)", k, lo, next)
		}
		want := rest(x+w, k, m)
		for _, k2 := range []int64{lo, next - 1, lo + rng.Int63n(next-lo)} {
			x2 := rest(x, k, int64(mx)) - float64(k2*int64(mx))
			w2 := rest(w, k, int64(mw)) - float64(k2*int64(mw))
			if rest(x2, k2, int64(mx)) != rest(x, k, int64(mx)) || rest(w2, k2, int64(mw)) != rest(w, k, int64(mw)) {
				continue // the operands themselves are not representable at k2 with the same rests
			}
			if got := rest(x2+w2, k2, m); got != want {
				t.Fatalf("x = −%d·%d + %v, w = −%d·%d + %v: rest %v at K = %d, %v at K = %d in [%d, %d)", k, mx, y, k, mw, z, want, k, got, k2, lo, next)
			}
			checked++
		}
		// Just past the range, the rounding often differs: the range is not needlessly narrow.
		x2 := rest(x, k, int64(mx)) - float64(next*int64(mx))
		w2 := rest(w, k, int64(mw)) - float64(next*int64(mw))
		if rest(x2+w2, next, m) != want {
			outsideDiffers++
		}
	}
	if checked < 100000 {
		t.Fatalf("only %d sums checked", checked)
	}
	t.Logf("%d sums checked within their ranges; just past the range the rest differs for %d", checked, outsideDiffers)
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

// TestCountRecordsOnLargerLattices checks the count before the removal loop, whose rows are
// mostly plain on these lattices (see recordsFrom), against the count of every pair
// (countClosure, itself checked against the closure by TestCountClosure) on lattices of a few
// thousand vertices: a clause repeated over a source of the same length, a hypothesis sharing a
// few tokens with its source, and a source edited here and there.
func TestCountRecordsOnLargerLattices(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	var l Lattice
	var c closureCount
	for iter := 0; iter < 12; iter++ {
		n := 30 + rng.Intn(40)
		src := make([]int32, n)
		for i := range src {
			src[i] = int32(rng.Intn(40))
		}
		var hyp []int32
		switch iter % 3 {
		case 0: // a clause repeated
			clause := 2 + rng.Intn(9)
			hyp = make([]int32, n-5+rng.Intn(10))
			for i := range hyp {
				hyp[i] = src[i%clause]
			}
		case 1: // few tokens in common
			hyp = make([]int32, n-5+rng.Intn(10))
			for i := range hyp {
				hyp[i] = int32(30 + rng.Intn(40))
			}
		default: // edited here and there
			hyp = append([]int32(nil), src...)
			for range 1 + n/8 {
				hyp[rng.Intn(len(hyp))] = int32(100 + rng.Intn(5))
			}
		}
		opt := Options{MaxUnchanged: rng.Intn(4) - 1, EdgesOnce: iter%4 == 3}
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		k, _, ok := l.countClosure(&c, nil, -1)
		before, _, ok2 := l.countRecords(&c, -1)
		if !ok || !ok2 || before != c.before {
			t.Fatalf("src %v hyp %v %+v: %d occurrences before the removal loop, counting every pair %d (K %d)", src, hyp, opt, before, c.before, k)
		}
	}
}
