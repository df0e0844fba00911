package levenshtein

import (
	"fmt"
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

// onOptimalPath marks the cells of m that lie on some optimal path from (0,0) to the end: those
// reached backwards from the end through back-pointers.
func onOptimalPath(m *Matrix) []bool {
	on := make([]bool, m.rows*m.cols)
	on[len(on)-1] = true
	for c := len(on) - 1; c >= 0; c-- {
		if !on[c] {
			continue
		}
		p := m.back[c]
		if p&Diag != 0 {
			on[c-m.cols-1] = true
		}
		if p&Up != 0 {
			on[c-m.cols] = true
		}
		if p&Left != 0 {
			on[c-1] = true
		}
	}
	return on
}

// TestFillPairBandKeepsOptimalPaths: the banded pair of matrices agrees with two full ones on
// every cell of every optimal path (distance and pointers), and those cells are in the band.
func TestFillPairBandKeepsOptimalPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	var a, b, a1, b1 Matrix
	for iter := 0; iter < 3000; iter++ {
		src, hyp := make([]int32, rng.Intn(14)), make([]int32, rng.Intn(14))
		for i := range src {
			src[i] = int32(rng.Intn(4))
		}
		for i := range hyp {
			hyp[i] = int32(rng.Intn(4))
		}
		if iter%3 == 0 { // mostly equal sequences: the narrow bands of everyday sentences
			hyp = append(hyp[:0], src...)
			for range rng.Intn(3) {
				if len(hyp) > 0 {
					hyp[rng.Intn(len(hyp))] = int32(rng.Intn(6))
				}
			}
		}
		FillPair(&a, &b, src, hyp, 1, 2)
		a1.Fill(src, hyp, 1)
		b1.Fill(src, hyp, 2)
		for _, pair := range [][2]*Matrix{{&a, &a1}, {&b, &b1}} {
			banded, full := pair[0], pair[1]
			for c, on := range onOptimalPath(full) {
				if !on {
					continue
				}
				i, j := c/full.cols, c%full.cols
				if lo, hi := banded.Band(i); j < lo || j > hi {
					t.Fatalf("src %v hyp %v: optimal cell (%d,%d) outside the band [%d,%d]", src, hyp, i, j, lo, hi)
				}
				if banded.dist[c] != full.dist[c] || banded.back[c] != full.back[c] {
					t.Fatalf("src %v hyp %v: cell (%d,%d) is %d/%03b, want %d/%03b", src, hyp, i, j, banded.dist[c], banded.back[c], full.dist[c], full.back[c])
				}
			}
			if got, want := onOptimalPath(banded), onOptimalPath(full); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("src %v hyp %v: cells reached from the end differ", src, hyp)
			}
		}
	}
}
