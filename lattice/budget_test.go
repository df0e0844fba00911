package lattice

import (
	"math/rand"
	"testing"
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

// TestClosurePairsCountsTheClosure checks what the work budget relies on: P bounds the number of
// vertex pairs the closure joins (one key per pair), and equals it where the lattice has no
// no-op step; the bitset and the forward-search counts agree.
func TestClosurePairsCountsTheClosure(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var l Lattice
	equal := 0
	for iter := 0; iter < 2000; iter++ {
		src, hyp, _ := randomCase(rng, 9)
		if iter%10 == 0 {
			src, hyp = unrelatedCase(rng.Intn(9), rng.Intn(9))
		}
		u := rng.Intn(4)
		l.Build(src, hyp, Options{MaxUnchanged: u, MaxEdges: -1, MaxWork: -1})
		atomicNoops := 0
		for _, k := range l.keys {
			if k.atomic && k.kind == Noop {
				atomicNoops++
			}
		}
		// An atomic no-op edge joins its pair with one no-op, which P counts only for u ≥ 1.
		keys := len(l.keys)
		if u == 0 {
			keys -= atomicNoops
		}
		bitset, search := l.closurePairsBitset(-1), l.closurePairsSearch(-1)
		if bitset != search {
			t.Fatalf("src %v hyp %v u=%d: bitset count %d, search count %d", src, hyp, u, bitset, search)
		}
		if bitset < keys {
			t.Fatalf("src %v hyp %v u=%d: P = %d below the closure's %d pairs", src, hyp, u, bitset, keys)
		}
		if atomicNoops == 0 && bitset != keys {
			t.Fatalf("src %v hyp %v u=%d: no no-op step, yet P = %d and the closure has %d pairs", src, hyp, u, bitset, keys)
		}
		if bitset == keys {
			equal++
		}
		// A limit stops the count as soon as it is exceeded, never before.
		if bitset > 0 {
			if got := l.closurePairsBitset(bitset - 1); got <= bitset-1 {
				t.Fatalf("bitset count with limit %d: %d, not over it", bitset-1, got)
			}
			if got := l.closurePairsSearch(bitset - 1); got <= bitset-1 {
				t.Fatalf("search count with limit %d: %d, not over it", bitset-1, got)
			}
		}
	}
	t.Logf("P equals the closure's pair count on %d of 2000 random lattices", equal)
}

// TestWorkBudget checks the fallback on the work budget: decided before any closure is built,
// and only past the budget.
func TestWorkBudget(t *testing.T) {
	src, hyp := unrelatedCase(40, 40)
	var l Lattice
	l.Build(src, hyp, Options{MaxUnchanged: 2, MaxEdges: -1, MaxWork: -1})
	if l.Bounded() != Exact {
		t.Fatalf("no budget: fell back (%d)", l.Bounded())
	}
	v, e := l.Vertices(), l.EdgeCount()
	p := l.ClosurePairs(-1)
	if p != len(l.keys) {
		t.Fatalf("unrelated 40×40: P = %d, the closure joins %d pairs (%d edges in the list)", p, len(l.keys), e)
	}
	work := v * p
	for _, tc := range []struct {
		maxWork int
		want    Fallback
		why     string
	}{
		{work, Exact, "a budget of exactly |V|×P is within"},
		{work - 1, OverWork, "one unit less is over"},
		{0, OverWork, "the default (6×10⁸) is below 1681 × 739,680"},
		{-1, Exact, "no bound"},
	} {
		l.Build(src, hyp, Options{MaxUnchanged: 2, MaxWork: tc.maxWork})
		if got := l.Bounded(); got != tc.want {
			t.Errorf("MaxWork %d (%s): fallback %d, want %d", tc.maxWork, tc.why, got, tc.want)
		}
		if tc.want == OverWork && len(l.keys) != 0 {
			t.Errorf("MaxWork %d: %d closure keys built before falling back", tc.maxWork, len(l.keys))
		}
	}
	// The edge budget still applies when the work budget lets a sentence through.
	l.Build(src, hyp, Options{MaxUnchanged: 2, MaxWork: -1, MaxEdges: e - 1})
	if l.Bounded() != OverEdges {
		t.Errorf("MaxEdges %d under %d edges: fallback %d, want OverEdges", e-1, e, l.Bounded())
	}
}
