package lattice

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestRelaxedPathIsTheOfficial compares the relaxed search, wherever it certifies its path,
// with the exact search on the materialised closure.
func TestRelaxedPathIsTheOfficial(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var l Lattice
	certified, total := 0, 0
	for iter := 0; iter < 20000; iter++ {
		src, hyp, gold, opt := randomLattice(rng, iter)
		buildNoClosure(t, &l, src, hyp, opt)
		total++
		got, ok := l.nc.relaxedPath(&l.nc.r, gold)
		if !ok {
			continue
		}
		certified++
		sameAsClosure(t, &l, gold, got, func() string { return fmt.Sprintf("relaxed: src %v hyp %v gold %v %+v", src, hyp, gold, opt) })
	}
	t.Logf("%d of %d certified", certified, total)
}
