package membudget

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestReserveRefusals(t *testing.T) {
	b := New(100)
	x, y := b.Account(), b.Account()
	if err := x.Reserve(60); err != nil {
		t.Fatal(err)
	}
	// y's 50 fit in the budget but not now: busy, not over.
	if err := y.Reserve(50); err != ErrBusy {
		t.Errorf("Reserve(50) with 60 of 100 used elsewhere: %v, want ErrBusy", err)
	}
	// x's own 60 + 50 can never fit, whatever y does: over, with the figures.
	var over *OverError
	if err := x.Reserve(50); !errors.As(err, &over) || !errors.Is(err, ErrOverBudget) || over.Held != 60 || over.Asked != 50 || over.Limit != 100 {
		t.Errorf("Reserve(50) holding 60 of 100: %v, want an OverError{60, 50, 100}", err)
	}
	if x.Held() != 60 || y.Held() != 0 || b.Used() != 60 {
		t.Errorf("refusals changed the books: x %d, y %d, used %d", x.Held(), y.Held(), b.Used())
	}
	x.Release(60)
	if err := y.Reserve(50); err != nil || b.Used() != 50 {
		t.Errorf("after x released: %v, used %d", err, b.Used())
	}
	var nilAccount *Account
	if err := nilAccount.Reserve(1 << 60); err != nil || !nilAccount.Fits(1<<60) {
		t.Errorf("a nil account refuses: %v", err)
	}
}

// TestExclusiveWaits: the exclusive account waits for memory instead of being refused, and the
// others are refused (ErrBusy) while it waits, so that they release.
func TestExclusiveWaits(t *testing.T) {
	b := New(100)
	x, y := b.Account(), b.Account()
	if err := x.Reserve(80); err != nil {
		t.Fatal(err)
	}
	y.Exclusive()
	got := make(chan error)
	go func() { got <- y.Reserve(50) }()
	// Wait until y waits, then x is refused even what would fit.
	for {
		b.mu.Lock()
		waiting := b.waiting
		b.mu.Unlock()
		if waiting {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := x.Reserve(10); err != ErrBusy {
		t.Errorf("while the exclusive account waits: %v, want ErrBusy", err)
	}
	select {
	case err := <-got:
		t.Fatalf("the exclusive account did not wait: %v", err)
	default:
	}
	x.Release(80)
	if err := <-got; err != nil || y.Held() != 50 {
		t.Errorf("exclusive account after the release: %v, held %d", err, y.Held())
	}
	y.Release(50)
	y.Done()
}

// TestWorkersNeverDeadlock runs workers that reserve in several steps the way a sentence does,
// following the protocol (on ErrBusy: release everything, Exclusive, start again), with needs
// that fit the budget alone but not together: every sentence completes, and every byte is
// released.
func TestWorkersNeverDeadlock(t *testing.T) {
	const limit = 1000
	b := New(limit)
	var wg sync.WaitGroup
	var overs sync.Map
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w)))
			a := b.Account()
			for s := range 200 {
				steps := []int64{int64(rng.Intn(400)), int64(rng.Intn(400)), int64(rng.Intn(400))}
			sentence:
				for {
					for _, n := range steps {
						err := a.Reserve(n)
						if err == ErrBusy {
							a.Release(a.Held())
							a.Exclusive()
							continue sentence
						}
						if err != nil {
							overs.Store([2]int{w, s}, true) // over the whole budget: deterministic
							break
						}
						time.Sleep(time.Microsecond)
					}
					break
				}
				a.Release(a.Held())
				a.Done()
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("workers deadlocked")
	}
	if b.Used() != 0 {
		t.Errorf("%d bytes used at the end", b.Used())
	}
}

func TestParseBytes(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
		why  string
	}{
		{"1048576", 1 << 20, true, "plain bytes"},
		{"500M", 500 << 20, true, "megabytes"},
		{"2G", 2 << 30, true, "gigabytes"},
		{"2g", 2 << 30, true, "any case"},
		{"1.5GB", 3 << 29, true, "a decimal, with B"},
		{"64MiB", 64 << 20, true, "binary spelling"},
		{"512 K", 512 << 10, true, "a space before the unit"},
		{"1T", 1 << 40, true, "terabytes"},
		{"", 0, false, "empty"},
		{"G", 0, false, "no number"},
		{"2X", 0, false, "unknown unit"},
		{"-1G", 0, false, "negative"},
		{"1e30T", 0, false, "too large"},
		{"8388607T", MaxBytes, true, "the largest, 8388607T"},
		{"9223370937343148032", MaxBytes, true, "the same in bytes"},
		{"9223370937343148033", 0, false, "a byte more"},
		{"8388607.5T", 0, false, "a fraction of a unit more (Bytes wrote it \"8388608 TB\", which was refused)"},
		{"9223372036854775807", 0, false, "the largest int64"},
		{"9007199254740993", 1<<53 + 1, true, "bytes read exactly, not rounded to a float64 (was 2⁵³)"},
		{"0", 0, true, "zero (what it means is the flag's to say)"},
		{"0.5", 0, false, "less than one byte: not taken as 0"},
		{"0.0001K", 0, false, "the same with a unit"},
		{"0.5K", 512, true, "a fraction of a unit"},
	}
	for _, tt := range tests {
		got, err := ParseBytes(tt.in)
		if (err == nil) != tt.ok || tt.ok && got != tt.want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d, ok %v (%s)", tt.in, got, err, tt.want, tt.ok, tt.why)
		}
	}
	// A size too large says the largest.
	_, err := ParseBytes("8388608T")
	if want := `"8388608T" is too large: at most 8388607T (9223370937343148032 bytes)`; err == nil || err.Error() != want {
		t.Errorf("ParseBytes(8388608T): %v, want %s", err, want)
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{512: "512 B", 1536: "1.5 kB", 64 << 20: "64.0 MB", 11 << 30: "11.0 GB", 300 << 20: "300 MB", 8 << 50: "8192 TB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestMachineAndDefault(t *testing.T) {
	m, ok := machine()
	if !ok {
		t.Skip("no memory figure on this machine")
	}
	d, how := Default()
	want := int64(float64(m.bytes) * DefaultFraction)
	if m.fromAS {
		want = m.bytes
	}
	if d != want || how == "" {
		t.Errorf("Default() = %d (%s), want %d (Machine: %+v)", d, how, want, m)
	}
}

func TestLimitedAccount(t *testing.T) {
	b := New(1000)
	share := b.LimitedAccount(300)
	if share.Limit() != 300 {
		t.Errorf("Limit() = %d, want 300", share.Limit())
	}
	if err := share.Reserve(200); err != nil {
		t.Fatal(err)
	}
	err := share.Reserve(101)
	over, ok := AsOver(err)
	if !ok || over.Limit != 300 || over.Held != 200 || over.Asked != 101 {
		t.Errorf("reserving past the share: %v, want an *OverError of the 300-byte share", err)
	}
	if share.Fits(101) || !share.Fits(100) {
		t.Errorf("Fits: 101 more fits, or 100 more does not, in a 300-byte share holding 200")
	}
	other := b.Account()
	if err := other.Reserve(800); err != nil {
		t.Errorf("the rest of the budget for another account: %v", err)
	}
	share.Release(200)
	other.Release(800)
	if got := b.LimitedAccount(0).Limit(); got != 1000 {
		t.Errorf("LimitedAccount(0).Limit() = %d, want the budget's 1000", got)
	}
	if got := b.LimitedAccount(5000).Limit(); got != 1000 {
		t.Errorf("LimitedAccount(5000).Limit() = %d, want the budget's 1000", got)
	}
}

func TestProcKB(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meminfo")
	if err := os.WriteFile(path, []byte("MemTotal:       24576000 kB\nMemFree:         1000 kB\nVmSize:\t  2048 kB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]int64{"MemTotal": 24576000 << 10, "VmSize": 2048 << 10} {
		if got, err := procKB(path, key); err != nil || got != want {
			t.Errorf("procKB(%s) = %d, %v; want %d", key, got, err, want)
		}
	}
	if _, err := procKB(path, "Missing"); err == nil {
		t.Errorf("a key the file lacks: no error")
	}
}

// FuzzParseBytes states what ParseBytes guarantees of any text: no panic; a size it reads is
// from 0 to MaxBytes, 0 only for a number that is zero (a fraction of a byte is
// refused, not read as 0); and Bytes writes a size that ParseBytes reads back within Bytes'
// rounding (three significant digits: 5%).
func FuzzParseBytes(f *testing.F) {
	for _, s := range []string{"0", "1", "0.5", "64M", "1.5GB", "512 K", "2X", "-1G", "8388607T", "8388607.5T", "8388608T", "0.0001K", "", ".", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseBytes(s)
		if err != nil {
			return
		}
		if n < 0 || n > MaxBytes {
			t.Fatalf("ParseBytes(%q) = %d", s, n)
		}
		num := strings.TrimSpace(s)
		num = num[:len(num)-len(strings.TrimLeft(num, "0123456789."))]
		if x, _ := strconv.ParseFloat(num, 64); n == 0 && x != 0 {
			t.Fatalf("ParseBytes(%q) = 0 for the number %s", s, num)
		}
		back, err := ParseBytes(Bytes(n))
		if err != nil || float64(back) < 0.95*float64(n) || float64(back) > 1.05*float64(n)+1 {
			t.Fatalf("ParseBytes(%q) = %d, written %q, read back as %d, %v", s, n, Bytes(n), back, err)
		}
	})
}
