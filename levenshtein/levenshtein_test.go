package levenshtein

import (
	"math/rand"
	"testing"
)

func ids(s string) []int32 {
	var out []int32
	for _, r := range s {
		out = append(out, int32(r))
	}
	return out
}

func TestFillDistances(t *testing.T) {
	tests := []struct {
		src, hyp string
		sub      int32
		want     int
		why      string
	}{
		{"", "", 1, 0, "empty against empty"},
		{"abc", "", 1, 3, "everything deleted"},
		{"", "abc", 2, 3, "everything inserted"},
		{"abc", "abc", 2, 0, "identical"},
		{"abc", "axc", 1, 1, "one substitution at cost 1"},
		{"abc", "axc", 2, 2, "a substitution at cost 2 ties with delete+insert"},
		{"ab", "ba", 1, 2, "swap: two substitutions"},
	}
	var m Matrix
	for _, tt := range tests {
		m.Fill(ids(tt.src), ids(tt.hyp), tt.sub)
		if got := m.Dist(len(tt.src), len(tt.hyp)); got != tt.want {
			t.Errorf("%q→%q sub=%d: distance %d, want %d (%s)", tt.src, tt.hyp, tt.sub, got, tt.want, tt.why)
		}
	}
}

func TestBackPointersAreExactlyTheCoOptimalOnes(t *testing.T) {
	// Invariant: a pointer is present iff following it costs exactly the cell's distance.
	rng := rand.New(rand.NewSource(1))
	var m Matrix
	for iter := 0; iter < 500; iter++ {
		src := make([]int32, rng.Intn(7))
		hyp := make([]int32, rng.Intn(7))
		for i := range src {
			src[i] = int32(rng.Intn(3))
		}
		for i := range hyp {
			hyp[i] = int32(rng.Intn(3))
		}
		sub := int32(1 + iter%2)
		m.Fill(src, hyp, sub)
		for i := 0; i <= len(src); i++ {
			for j := 0; j <= len(hyp); j++ {
				var want Pointers
				d := m.Dist(i, j)
				if i > 0 && j > 0 {
					c := int32(0)
					if src[i-1] != hyp[j-1] {
						c = sub
					}
					if m.Dist(i-1, j-1)+int(c) == d {
						want |= Diag
					}
				}
				if i > 0 && m.Dist(i-1, j)+1 == d {
					want |= Up
				}
				if j > 0 && m.Dist(i, j-1)+1 == d {
					want |= Left
				}
				if got := m.Back(i, j); got != want {
					t.Fatalf("src=%v hyp=%v sub=%d cell (%d,%d): pointers %03b, want %03b", src, hyp, sub, i, j, got, want)
				}
			}
		}
	}
}

func TestInterner(t *testing.T) {
	var in Interner
	a := in.IDs(nil, []string{"the", "The", "the"})
	if a[0] != a[2] || a[0] == a[1] {
		t.Errorf("IDs = %v: equal strings must share an id, different case must not", a)
	}
}

func TestFillPairEqualsTwoFills(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	var a, b, a1, b1 Matrix
	for iter := 0; iter < 200; iter++ {
		src, hyp := make([]int32, rng.Intn(9)), make([]int32, rng.Intn(9))
		for i := range src {
			src[i] = int32(rng.Intn(3))
		}
		for i := range hyp {
			hyp[i] = int32(rng.Intn(3))
		}
		FillPair(&a, &b, src, hyp, 1, 2)
		a1.Fill(src, hyp, 1)
		b1.Fill(src, hyp, 2)
		for c := range a1.dist {
			if a.dist[c] != a1.dist[c] || a.back[c] != a1.back[c] || b.dist[c] != b1.dist[c] || b.back[c] != b1.back[c] {
				t.Fatalf("src %v hyp %v: cell %d differs", src, hyp, c)
			}
		}
	}
}
