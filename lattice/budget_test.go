package lattice

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"maxmatch/membudget"
)

// unrelatedCase is a source of n tokens and a hypothesis of m tokens sharing none of them.
func unrelatedCase(n, m int) (src, hyp []int32) {
	src, hyp = make([]int32, n), make([]int32, m)
	for i := range src {
		src[i] = int32(i % 7)
	}
	for j := range hyp {
		hyp[j] = int32(100 + j%5)
	}
	return src, hyp
}

// TestClosurePairsCountsTheClosure checks what the budgets rely on: P0 (pairs joined without a
// no-op step) ≤ the closure's pairs (one key per pair) ≤ P (pairs joined with at most u no-ops),
// with P exact where the lattice has no no-op step; the bitset and the forward-search counts
// agree, and a limit stops a count as soon as it is exceeded, never before.
func TestClosurePairsCountsTheClosure(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var l Lattice
	equal, tight := 0, 0
	for iter := 0; iter < 2000; iter++ {
		src, hyp, _ := randomCase(rng, 9)
		if iter%10 == 0 {
			src, hyp = unrelatedCase(rng.Intn(9), rng.Intn(9))
		}
		u := rng.Intn(4)
		if err := l.Build(src, hyp, withClosure(Options{MaxUnchanged: u})); err != nil {
			t.Fatal(err)
		}
		atomicNoops := 0
		for _, k := range l.cl.keys {
			if k.atomic && k.typ == Noop {
				atomicNoops++
			}
		}
		// An atomic no-op edge joins its pair with one no-op, which P counts only for u ≥ 1.
		keys := len(l.cl.keys)
		if u == 0 {
			keys -= atomicNoops
		}
		b0, bu, err1 := l.pairs.countPairsBitset(-1, -1)
		s0, su, err2 := l.pairs.countPairsSearch(-1, -1)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if b0 != s0 || bu != su {
			t.Fatalf("src %v hyp %v u=%d: bitset counts %d, %d; search counts %d, %d", src, hyp, u, b0, bu, s0, su)
		}
		if bu < keys {
			t.Fatalf("src %v hyp %v u=%d: P = %d below the closure's %d pairs", src, hyp, u, bu, keys)
		}
		if b0 > len(l.cl.keys)-atomicNoops {
			t.Fatalf("src %v hyp %v u=%d: P0 = %d above the closure's %d pairs without atomic no-ops", src, hyp, u, b0, len(l.cl.keys)-atomicNoops)
		}
		if atomicNoops == 0 && bu != keys {
			t.Fatalf("src %v hyp %v u=%d: no no-op step, yet P = %d and the closure has %d pairs", src, hyp, u, bu, keys)
		}
		if bu == keys {
			equal++
		}
		lb, err := l.pairs.closureLowerBound(math.MaxInt64)
		if err != nil || lb > int64(b0) {
			t.Fatalf("src %v hyp %v u=%d: lower bound %d (%v) above P0 = %d", src, hyp, u, lb, err, b0)
		}
		ub, err := l.pairs.closureUpperBound(math.MaxInt64 - 1)
		if err != nil || ub < int64(bu) {
			t.Fatalf("src %v hyp %v u=%d: upper bound %d (%v) below P = %d", src, hyp, u, ub, err, bu)
		}
		branches := false
		var st [3]step
		for v := range l.vrow {
			branches = branches || l.steps(int32(v), &st) > 1
		}
		if !branches && ub != int64(bu) {
			t.Fatalf("src %v hyp %v u=%d: no vertex with two steps, yet the upper bound %d is not P = %d", src, hyp, u, ub, bu)
		}
		if ub2, _ := l.pairs.closureUpperBound(ub - 1); ub > 0 && ub2 <= ub-1 {
			t.Fatalf("upper bound with limit %d: %d, not over it", ub-1, ub2)
		}
		if iter%10 == 0 && lb != int64(b0) {
			t.Fatalf("src %v hyp %v: unrelated, yet the lower bound %d is not P0 = %d", src, hyp, lb, b0)
		}
		if b0 == keys {
			tight++
		}
		for _, lim := range []struct{ l0, lu int }{{b0 - 1, -1}, {-1, bu - 1}} {
			if lim.l0 < 0 && lim.lu < 0 {
				continue
			}
			for name, count := range map[string]func(int, int) (int, int, error){"bitset": l.pairs.countPairsBitset, "search": l.pairs.countPairsSearch} {
				p0, pu, _ := count(lim.l0, lim.lu)
				if !over(p0, lim.l0) && !over(pu, lim.lu) {
					t.Fatalf("%s count with limits %v: %d, %d, not over them", name, lim, p0, pu)
				}
			}
		}
	}
	t.Logf("P equals the closure's pair count on %d of 2000 random lattices, P0 on %d", equal, tight)
}

// TestWorkCap checks the optional cap on the official's predicted work: decided before any
// closure is built, and only past the cap; none by default.
func TestWorkCap(t *testing.T) {
	src, hyp := unrelatedCase(40, 40)
	var l Lattice
	if err := l.Build(src, hyp, withClosure(Options{MaxUnchanged: 2})); err != nil {
		t.Fatal(err)
	}
	if l.Bounded() != Exact {
		t.Fatalf("no cap: fell back (%d)", l.Bounded())
	}
	v, e := l.Vertices(), l.EdgeCount()
	p, err := l.ClosurePairs(-1)
	if err != nil || p != len(l.cl.keys) {
		t.Fatalf("unrelated 40×40: P = %d (%v), the closure joins %d pairs (%d edges in the list)", p, err, len(l.cl.keys), e)
	}
	work := v * p
	for _, tc := range []struct {
		maxWork int
		want    Fallback
		why     string
	}{
		{work, Exact, "a cap of exactly |V|×P is within"},
		{work - 1, OverWork, "one unit less is over"},
		{0, Exact, "no cap by default"},
		{-1, Exact, "no cap"},
	} {
		if err := l.Build(src, hyp, Options{MaxUnchanged: 2, MaxWork: tc.maxWork}); err != nil {
			t.Fatal(err)
		}
		if got := l.Bounded(); got != tc.want {
			t.Errorf("MaxWork %d (%s): fallback %d, want %d", tc.maxWork, tc.why, got, tc.want)
		}
		if tc.want == OverWork && len(l.cl.keys) != 0 {
			t.Errorf("MaxWork %d: %d closure keys built before falling back", tc.maxWork, len(l.cl.keys))
		}
	}
	// The edge cap still applies when the work cap lets a sentence through.
	if err := l.Build(src, hyp, Options{MaxUnchanged: 2, MaxEdges: e - 1}); err != nil {
		t.Fatal(err)
	}
	if l.Bounded() != OverEdges {
		t.Errorf("MaxEdges %d under %d edges: fallback %d, want OverEdges", e-1, e, l.Bounded())
	}
}

// TestMemoryFollowsTheVertices: on a near-identical pair of 100,000 tokens (a grid of 10¹⁰
// cells), what a Build holds is the band's and the vertices' bytes — and the bounded search's
// states, |V|·(u+2) of them, or the closure's — and is all released by Release.
func TestMemoryFollowsTheVertices(t *testing.T) {
	const n = 100_000
	src := make([]int32, n)
	for i := range src {
		src[i] = int32(i * 7 % 10)
	}
	hyp := append([]int32(nil), src...)
	hyp[5], hyp[n/2] = 98, 99
	for _, tc := range []struct {
		opt Options
		why string
	}{
		{Options{MaxUnchanged: 2, MaxWork: 1}, "the bounded search"},
		{withClosure(Options{MaxUnchanged: 2}), "the exact search on the closure"},
	} {
		acct := membudget.New(1 << 30).Account()
		acct.ResetPeak()
		var l Lattice
		tc.opt.Memory = acct
		if err := l.Build(src, hyp, tc.opt); err != nil {
			t.Fatal(err)
		}
		nv := int64(l.Vertices())
		// Per vertex: row, column, atomic edges (9 bytes), the search's states or arrays, and,
		// for the closure, a few edges each; per row: the band's offsets and the row starts.
		perVertex := 9 + boundedBytesPerVertex(2)
		if l.Bounded() == Exact {
			perVertex = 9 + closureBytesPerVertex + 4*closureBytesPerEdge
		}
		bound := nv*perVertex + int64(n+2)*12 + int64(l.Cost().BandCells)
		if peak := acct.Peak(); nv > 2*n || peak > bound {
			t.Errorf("%s: %d vertices, peak %d bytes held, over %d", tc.why, nv, peak, bound)
		}
		if _, err := l.BestPath([]Gold{{Start: 5, End: 6, Original: src[5:6], Corrections: [][]int32{{98}}}}); err != nil {
			t.Fatal(err)
		}
		l.Release()
		if acct.Held() != 0 {
			t.Errorf("%s: %d bytes held after Release", tc.why, acct.Held())
		}
	}
}

// TestUnchangedLimitIsClamped: u is a full int, and any u at least min(n, m) — the most no-op
// steps a path of the sentence can have — gives the lattice, the edge list and the path of
// u = min(n, m), in the exact search and in the bounded one, whose sizes follow the clamped u.
func TestUnchangedLimitIsClamped(t *testing.T) {
	// "a B C d e" against "a b c d e": the gold edit 1–3 (B C → b c) is one phrase edit, which
	// needs u ≥ 0; the clamped limit here is min(5, 5) = 5.
	src := []int32{1, 2, 3, 4, 5}
	hyp := []int32{1, 12, 13, 4, 5}
	gold := []Gold{{Start: 1, End: 3, Original: src[1:3], Corrections: [][]int32{hyp[1:3]}}}
	for _, tc := range []struct {
		opt Options
		why string
	}{
		{withClosure(Options{MaxUnchanged: 1 << 31}), "cut to 32 bits it became negative: no phrase edge at all"},
		{withClosure(Options{MaxUnchanged: 1<<32 + 2}), "cut to 32 bits it became 2"},
		{Options{MaxUnchanged: math.MaxInt64, MaxEdges: 1}, "the bounded search sized its states per vertex by u+2"},
		{Options{MaxUnchanged: math.MaxInt64 - 1, MaxWork: 1}, "the pair count sized its layers by u+1"},
	} {
		var huge, clamped Lattice
		if err := huge.Build(src, hyp, tc.opt); err != nil {
			t.Fatalf("u = %d (%s): %v", tc.opt.MaxUnchanged, tc.why, err)
		}
		opt := tc.opt
		opt.MaxUnchanged = len(src)
		if err := clamped.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		if huge.Bounded() != clamped.Bounded() || huge.EdgeCount() != clamped.EdgeCount() {
			t.Errorf("u = %d (%s): search %d with %d edges; u = %d: search %d with %d edges", tc.opt.MaxUnchanged, tc.why,
				huge.Bounded(), huge.EdgeCount(), len(src), clamped.Bounded(), clamped.EdgeCount())
		}
		got, err1 := huge.BestPath(gold)
		want, err2 := clamped.BestPath(gold)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || len(got) != 1 || got[0].Start != 1 || got[0].End != 3 {
			t.Errorf("u = %d (%s): path %v, want %v (the one edit 1–3)", tc.opt.MaxUnchanged, tc.why, got, want)
		}
	}
	for _, u := range []int{-1, -2, math.MinInt} {
		var l Lattice
		if err := l.Build(src, hyp, Options{MaxUnchanged: u, MaxEdges: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := l.BestPath(gold); err != nil || l.u != -1 {
			t.Errorf("u = %d: clamped to %d (%v), want -1: no phrase edge", u, l.u, err)
		}
	}
}

// TestUndecidableReservesNoStates: on an unrelated grid of 1,000 × 1,000 tokens whose gold edits
// (a substitution every 5 tokens) the hypothesis makes on its diagonal, the best paths have 200
// matched edges and their float64 sums, near K·200 ≈ 5·10¹³, are 2⁻⁷ apart — more than ε — so
// the search without the closure cannot be sure of any path. It must say so before reserving
// its states (44 bytes each, 3 per vertex here): within a budget that holds the vertices and what
// gold edits are placed with, but not those states, the sentence goes to the bounded search
// (whose own states, 16 bytes each, do not fit either: the error says so).
func TestUndecidableReservesNoStates(t *testing.T) {
	const n = 1000
	src, hyp := unrelatedCase(n, n)
	var gold []Gold
	for i := 2; i < n; i += 5 {
		gold = append(gold, Gold{Start: i, End: i + 1, Original: src[i : i+1], Corrections: [][]int32{hyp[i : i+1]}})
	}
	nv := int64(n+1) * (n + 1)
	acct := membudget.New(nv * (9 + noClosureBytesPerVertex + 8)).Account()
	var l Lattice
	if err := l.Build(src, hyp, Options{MaxUnchanged: 2, Memory: acct}); err != nil {
		t.Fatal(err)
	}
	if l.plan != SearchNoClosure {
		t.Fatal("the search without the closure was not chosen")
	}
	_, err := l.BestPath(gold)
	var tooLarge *TooLargeError
	if l.nc.r.why != ReasonRounding || !errors.As(err, &tooLarge) || tooLarge.Stage != StageBounded {
		t.Errorf("why %v, %v; want %v, and the bounded search's states over the budget", l.nc.r.why, err, ReasonRounding)
	}
}

// TestClosureUpperBoundSaturates: the paths of a 30 × 30 grid (about 10²²) overflow int64; the
// bound must then say "over the limit", never a wrapped number below the pairs it bounds — it
// did, and K's upper bound fell below its lower one on a repeated clause of 320 tokens.
func TestClosureUpperBoundSaturates(t *testing.T) {
	src, hyp := unrelatedCase(30, 30)
	var l Lattice
	if err := l.Build(src, hyp, withClosure(Options{MaxUnchanged: 2})); err != nil {
		t.Fatal(err)
	}
	pairs := l.pairs.orderedPairs()
	for _, limit := range []int64{pairs, math.MaxInt64 / 2, math.MaxInt64 - 1} {
		if upper, err := l.pairs.closureUpperBound(limit); err != nil || upper <= limit {
			t.Errorf("limit %d: bound %d (%v), want one over the limit", limit, upper, err)
		}
	}
	if lo, hi := l.nc.kBounds(); lo > int64(len(l.cl.occ)) || hi < int64(len(l.cl.occ)) {
		t.Errorf("K = %d outside its bounds [%d, %d]", len(l.cl.occ), lo, hi)
	}
}
