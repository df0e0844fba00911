package gctarget

import (
	"runtime/debug"
	"testing"
)

// TestSet sets Percent when GOGC is not set, and leaves the target alone when it is.
func TestSet(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, c := range []struct {
		gogc string
		want int
	}{
		{"", Percent},
		{"50", 100}, // the runtime read GOGC at start; Set leaves what is set
	} {
		t.Setenv("GOGC", c.gogc)
		debug.SetGCPercent(100)
		Set()
		if got := debug.SetGCPercent(100); got != c.want {
			t.Errorf("GOGC=%q: the target is %d after Set, want %d", c.gogc, got, c.want)
		}
	}
}
