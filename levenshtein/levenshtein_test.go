package levenshtein

import (
	"errors"
	"math/rand"
	"testing"

	"maxmatch/membudget"
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

// TestBandKeepsOptimalPaths: the band agrees with two full matrices on every cell of every
// optimal path (its pointers), those cells are in the band, and MarkOptimal marks exactly them.
func TestBandKeepsOptimalPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
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
		checkBand(t, src, hyp)
	}
}

// TestLongBandStartsFromTheBound: long pairs (from longPair tokens), where the band starts at
// the half-width a lower bound of the distance calls for, edited lightly and heavily.
func TestLongBandStartsFromTheBound(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, rate := range []int{100, 10, 3} { // one edit per rate tokens
		src := make([]int32, longPair/2+rng.Intn(100))
		for i := range src {
			src[i] = int32(rng.Intn(10))
		}
		var hyp []int32
		for _, tok := range src {
			switch r := rng.Intn(rate); {
			case r > 0:
				hyp = append(hyp, tok)
			case rng.Intn(3) == 0: // deleted
			case rng.Intn(2) == 0:
				hyp = append(hyp, int32(10+rng.Intn(5)))
			default:
				hyp = append(hyp, int32(10+rng.Intn(5)), tok)
			}
		}
		if len(src)+len(hyp) < longPair {
			hyp = append(hyp, src[:longPair-len(src)-len(hyp)]...)
		}
		checkBand(t, src, hyp)
	}
}

func checkBand(t *testing.T, src, hyp []int32) {
	t.Helper()
	var band Band
	var a1, b1 Matrix
	if err := band.Fill(src, hyp, 1, 2, nil); err != nil {
		t.Fatal(err)
	}
	band.MarkOptimal()
	a1.Fill(src, hyp, 1)
	b1.Fill(src, hyp, 2)
	for tm, full := range []*Matrix{&a1, &b1} {
		if got, want := band.Dist(tm), full.Dist(len(src), len(hyp)); got != want {
			t.Fatalf("src %v hyp %v: matrix %d distance %d, want %d", src, hyp, tm, got, want)
		}
		on := onOptimalPath(full)
		for i := 0; i <= len(src); i++ {
			lo, cells := band.Row(i)
			for j := 0; j <= len(hyp); j++ {
				c := i*full.cols + j
				inBand := j >= lo && j < lo+len(cells)
				if !inBand {
					if on[c] {
						t.Fatalf("src %v hyp %v: optimal cell (%d,%d) outside the band [%d,%d]", src, hyp, i, j, lo, lo+len(cells)-1)
					}
					continue
				}
				marked := cells[j-lo]&(OnPath0<<tm) != 0
				if marked != on[c] {
					t.Fatalf("src %v hyp %v: matrix %d cell (%d,%d) marked %v, on an optimal path %v", src, hyp, tm, i, j, marked, on[c])
				}
				if on[c] && band.Back(tm, i, j) != full.back[c] {
					t.Fatalf("src %v hyp %v: matrix %d cell (%d,%d) pointers %03b, want %03b", src, hyp, tm, i, j, band.Back(tm, i, j), full.back[c])
				}
			}
		}
	}
	if band.Cells() != Cells(len(src), len(hyp), bandHalfWidth(&band)) {
		t.Fatalf("src %v hyp %v: %d cells stored, Cells says %d", src, hyp, band.Cells(), Cells(len(src), len(hyp), bandHalfWidth(&band)))
	}
}

func bandHalfWidth(b *Band) int { return -b.lowDiag + min(0, b.cols-b.rows) }

// TestBandReleasesItsDistanceRows: the rows of distances are the fill's alone. A short source
// against a long hypothesis has rows wider than the small buffers kept for reuse; after the
// fill only the band is held, and after Free nothing (a worker that must wait for the whole
// budget holds nothing then; rows still reserved would make it panic on what it held).
func TestBandReleasesItsDistanceRows(t *testing.T) {
	src, hyp := make([]int32, 10), make([]int32, 100_000)
	for i := range hyp {
		hyp[i] = int32(i % 7)
	}
	acct := membudget.New(256 << 20).Account()
	var band Band
	if err := band.Fill(src, hyp, 1, 2, acct); err != nil {
		t.Fatal(err)
	}
	// The cells (a byte each) are held; the 12 row offsets are a small buffer, not reserved.
	if held, want := acct.Held(), int64(band.Cells()); held != want {
		t.Errorf("after Fill, %d bytes held, want the band's %d cells", held, want)
	}
	band.Free(acct)
	if acct.Held() != 0 {
		t.Errorf("after Free, %d bytes held", acct.Held())
	}
}

// TestBandStorageFollowsTheBand: a near-identical long pair stores a few cells per row, not
// the grid, and the band's reservation is what it stores.
func TestBandStorageFollowsTheBand(t *testing.T) {
	const n = 100_000
	src := make([]int32, n)
	for i := range src {
		src[i] = int32(i % 10)
	}
	hyp := append([]int32(nil), src...)
	hyp[5], hyp[n/2] = 99, 98
	budget := membudget.New(64 << 20)
	acct := budget.Account()
	var band Band
	if err := band.Fill(src, hyp, 1, 2, acct); err != nil {
		t.Fatal(err)
	}
	if band.Dist(0) != 2 || band.Dist(1) != 4 {
		t.Fatalf("distances %d, %d; want 2 and 4", band.Dist(0), band.Dist(1))
	}
	if cells := band.Cells(); cells > 5*(n+1) {
		t.Errorf("%d cells for %d rows: more than the half-width 2 band", cells, n+1)
	}
	if held := acct.Held(); held != int64(band.Cells())+8*int64(n+2) {
		t.Errorf("held %d bytes, want %d cells + 8 per row offset", held, band.Cells())
	}
	band.Free(acct)
	if acct.Held() != 0 {
		t.Errorf("after Free, %d bytes held", acct.Held())
	}
	// A budget too small for the band: the account's refusal, nothing held.
	small := membudget.New(100_000).Account()
	if err := band.Fill(src, hyp, 1, 2, small); !errors.Is(err, membudget.ErrOverBudget) {
		t.Errorf("Fill in 100 kB: %v, want an over-budget error", err)
	}
	if small.Held() != 0 {
		t.Errorf("after a refused Fill, %d bytes held", small.Held())
	}
}
