package scratch

import (
	"errors"
	"slices"
	"testing"

	"maxmatch/membudget"
)

func TestResize(t *testing.T) {
	const smallCap = 256 << 10 / 4 // int32 elements in a small buffer at most, under a small budget
	tests := []struct {
		cap, n  int
		reuse   bool
		wantCap int
		held    int64
		why     string
	}{
		{0, 0, true, 0, 0, "nothing asked, nothing allocated"},
		{8, 5, true, 8, 0, "a smaller length reuses the buffer"},
		{8, 8, true, 8, 0, "the full capacity reuses the buffer"},
		{8, 9, false, 16, 0, "just over: the capacity doubles"},
		{8, 100, false, 100, 0, "far over: exactly what is asked"},
		{0, 3, false, 3, 0, "an empty buffer gets what is asked"},
		{smallCap - 10, smallCap - 5, false, smallCap, 0, "a small buffer doubles only up to the small size"},
		{8, smallCap + 1, false, smallCap + 1, 4 * (smallCap + 1), "a large buffer: exactly what is asked, reserved"},
	}
	for _, tt := range tests {
		acct := membudget.New(256 << 20).Account() // small buffers up to 256 kB
		s := make([]int32, 0, tt.cap)
		got, err := Resize(acct, s, tt.n)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tt.n || cap(got) != tt.wantCap {
			t.Errorf("Resize(cap %d, %d): len %d cap %d, want len %d cap %d (%s)", tt.cap, tt.n, len(got), cap(got), tt.n, tt.wantCap, tt.why)
		}
		if reused := tt.cap > 0 && &s[:1][0] == &got[:1][0]; reused != (tt.reuse && tt.cap > 0) {
			t.Errorf("Resize(cap %d, %d): reused %v, want %v (%s)", tt.cap, tt.n, reused, tt.reuse, tt.why)
		}
		if acct.Held() != tt.held {
			t.Errorf("Resize(cap %d, %d): %d bytes held, want %d (%s)", tt.cap, tt.n, acct.Held(), tt.held, tt.why)
		}
		if Free(acct, got); acct.Held() != 0 {
			t.Errorf("Resize(cap %d, %d): %d bytes held after Free (%s)", tt.cap, tt.n, acct.Held(), tt.why)
		}
	}
}

func TestGrowKeepsElements(t *testing.T) {
	s := []int{1, 2, 3}
	g, _ := Grow(nil, s, 1)
	if !slices.Equal(g, s) || cap(g) != 6 {
		t.Errorf("Grow([1 2 3] cap 3, 1) = %v cap %d, want [1 2 3] cap 6 (doubled)", g, cap(g))
	}
	if h, _ := Grow(nil, g, 3); &h[0] != &g[0] {
		t.Errorf("Grow with room to spare reallocated")
	}
	if h, _ := Grow(nil, g, 10); !slices.Equal(h, s) || cap(h) != 13 {
		t.Errorf("Grow(len 3 cap 6, 10) = %v cap %d, want [1 2 3] cap 13", h, cap(h))
	}
}

// TestGrowWithinBudget: a large buffer doubles while the budget allows, then grows by a
// quarter, then to exactly what is needed, and only then is refused; the old buffer's
// reservation is released once it is replaced.
func TestGrowWithinBudget(t *testing.T) {
	const n = 256 << 10 // bytes: large as int32s once over n/4 elements
	budget := membudget.New(3 * n)
	acct := budget.Account()
	s, err := Resize(acct, []int32(nil), n/4+1) // large: n+4 bytes reserved
	if err != nil {
		t.Fatal(err)
	}
	held := acct.Held()
	// Doubling asks 2n+8 more while holding n+4: 3n+12 > 3n, so a quarter more (n/4+1
	// elements → 5/4), which fits.
	g, err := Grow(acct, s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := cap(s) + cap(s)/4; cap(g) != want {
		t.Errorf("grown to cap %d, want %d (a quarter more: doubling is over the budget)", cap(g), want)
	}
	if acct.Held() != Bytes(g, cap(g)) {
		t.Errorf("held %d after growing from %d, want the new buffer's %d alone", acct.Held(), held, Bytes(g, cap(g)))
	}
	// Far more than the budget: refused, nothing more held, the buffer unchanged.
	h, err := Grow(acct, g, 4*n)
	var over *membudget.OverError
	if !errors.As(err, &over) || len(h) != len(g) || acct.Held() != Bytes(g, cap(g)) {
		t.Errorf("Grow over the budget: err %v, len %d, held %d", err, len(h), acct.Held())
	}
	Free(acct, g)
	if budget.Used() != 0 {
		t.Errorf("%d bytes used after Free", budget.Used())
	}
}

// TestAdoptAndDrop: a buffer grown by append is reserved after the fact; a refusal drops it.
func TestAdoptAndDrop(t *testing.T) {
	const small = 256 << 10
	acct := membudget.New(small * 2).Account()
	tiny := make([]byte, 10)
	if got, err := Adopt(acct, tiny); err != nil || len(got) != 10 || acct.Held() != 0 {
		t.Errorf("Adopt(small) = len %d, %v, held %d: want it kept, unaccounted", len(got), err, acct.Held())
	}
	large := make([]byte, small+1)
	if got, err := Adopt(acct, large); err != nil || len(got) != small+1 || acct.Held() != small+1 {
		t.Errorf("Adopt(large) = len %d, %v, held %d", len(got), err, acct.Held())
	}
	if got, err := Adopt(acct, make([]byte, small+1)); got != nil || !errors.Is(err, membudget.ErrOverBudget) {
		t.Errorf("Adopt over the budget = len %d, %v: want nil and the refusal", len(got), err)
	}
	if Drop(acct, large) != nil || Drop(acct, tiny) == nil || Drop(nil, large) == nil {
		t.Errorf("Drop keeps small buffers and drops large ones (without an account, none is large)")
	}
	if Small(membudget.New(1<<40).Account()) != 4<<20 || Small(acct) != small {
		t.Errorf("Small is a 2048th of the budget, between 256 kB and 4 MB")
	}
}
