package lattice_test

import (
	"testing"

	"maxmatch/lattice"
)

func BenchmarkUnrelated40(b *testing.B) {
	n := 40
	src := make([]int32, n)
	hyp := make([]int32, n)
	for i := range src {
		src[i] = int32(i)
		hyp[i] = int32(1000 + i)
	}
	var l lattice.Lattice
	for b.Loop() {
		l.Build(src, hyp, lattice.Options{MaxUnchanged: 2, MaxEdges: -1})
	}
}
