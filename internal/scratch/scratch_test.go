package scratch

import (
	"slices"
	"testing"
)

func TestResize(t *testing.T) {
	tests := []struct {
		cap, n  int
		reuse   bool
		wantCap int
		why     string
	}{
		{0, 0, true, 0, "nothing asked, nothing allocated"},
		{8, 5, true, 8, "a smaller length reuses the buffer"},
		{8, 8, true, 8, "the full capacity reuses the buffer"},
		{8, 9, false, 16, "just over: the capacity doubles"},
		{8, 100, false, 100, "far over: exactly what is asked"},
		{0, 3, false, 3, "an empty buffer gets what is asked"},
	}
	for _, tt := range tests {
		s := make([]int32, 0, tt.cap)
		got := Resize(s, tt.n)
		if len(got) != tt.n || cap(got) != tt.wantCap {
			t.Errorf("Resize(cap %d, %d): len %d cap %d, want len %d cap %d (%s)", tt.cap, tt.n, len(got), cap(got), tt.n, tt.wantCap, tt.why)
		}
		if reused := tt.cap > 0 && &s[:1][0] == &got[:1][0]; reused != (tt.reuse && tt.cap > 0) {
			t.Errorf("Resize(cap %d, %d): reused %v, want %v (%s)", tt.cap, tt.n, reused, tt.reuse, tt.why)
		}
	}
}

func TestGrowKeepsElements(t *testing.T) {
	s := []int{1, 2, 3}
	g := Grow(s, 1)
	if !slices.Equal(g, s) || cap(g) != 6 {
		t.Errorf("Grow([1 2 3] cap 3, 1) = %v cap %d, want [1 2 3] cap 6 (doubled)", g, cap(g))
	}
	if h := Grow(g, 3); &h[0] != &g[0] {
		t.Errorf("Grow with room to spare reallocated")
	}
	if h := Grow(g, 10); !slices.Equal(h, s) || cap(h) != 13 {
		t.Errorf("Grow(len 3 cap 6, 10) = %v cap %d, want [1 2 3] cap 13", h, cap(h))
	}
}
