package lattice

import (
	"math/rand"
	"testing"
)

// TestCountRecordsOnLargerLattices checks the count before the removal loop, whose rows are
// mostly plain on these lattices (see recordsFrom), against the count of every pair
// (countClosure, itself checked against the closure by TestCountClosure) on lattices of a few
// thousand vertices: a clause repeated over a source of the same length, a hypothesis sharing a
// few tokens with its source, and a source edited here and there.
func TestCountRecordsOnLargerLattices(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	var l Lattice
	var c counter
	for iter := 0; iter < 12; iter++ {
		n := 30 + rng.Intn(40)
		src := make([]int32, n)
		for i := range src {
			src[i] = int32(rng.Intn(40))
		}
		var hyp []int32
		switch iter % 3 {
		case 0: // a clause repeated
			clause := 2 + rng.Intn(9)
			hyp = make([]int32, n-5+rng.Intn(10))
			for i := range hyp {
				hyp[i] = src[i%clause]
			}
		case 1: // few tokens in common
			hyp = make([]int32, n-5+rng.Intn(10))
			for i := range hyp {
				hyp[i] = int32(30 + rng.Intn(40))
			}
		default: // edited here and there
			hyp = append([]int32(nil), src...)
			for range 1 + n/8 {
				hyp[rng.Intn(len(hyp))] = int32(100 + rng.Intn(5))
			}
		}
		opt := Options{MaxUnchanged: rng.Intn(4) - 1, EdgesOnce: iter%4 == 3}
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		k, _, ok := l.nc.countClosure(&c, nil, -1)
		before, _, ok2 := l.nc.countRecords(&c, -1)
		if !ok || !ok2 || before != c.before {
			t.Fatalf("src %v hyp %v %+v: %d occurrences before the removal loop, counting every pair %d (K %d)", src, hyp, opt, before, c.before, k)
		}
	}
}
