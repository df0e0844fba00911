package lattice

import (
	"math/rand"
	"testing"
)

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
