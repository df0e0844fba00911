package lattice

import (
	"math/rand"
	"testing"
)

// ruleLattices are the sentence pairs BenchmarkPerSourceRule runs the per-source rule's users on:
// a clause repeated (many records, ties), a hypothesis unrelated to its source (a whole grid),
// and a long sentence edited here and there (a narrow lattice).
func ruleLattices() []struct {
	name     string
	src, hyp []int32
} {
	rng := rand.New(rand.NewSource(3205))
	repeated := make([]int32, 120)
	for i := range repeated {
		repeated[i] = int32(i % 8)
	}
	unrelatedSrc, unrelatedHyp := make([]int32, 24), make([]int32, 24)
	for i := range unrelatedSrc {
		unrelatedSrc[i], unrelatedHyp[i] = int32(rng.Intn(30)), int32(100+rng.Intn(30))
	}
	editedSrc := make([]int32, 1500)
	for i := range editedSrc {
		editedSrc[i] = int32(rng.Intn(500))
	}
	editedHyp := append([]int32(nil), editedSrc...)
	for range len(editedHyp) / 6 {
		editedHyp[rng.Intn(len(editedHyp))] = int32(1000 + rng.Intn(5))
	}
	return []struct {
		name     string
		src, hyp []int32
	}{
		{"repeated-clause-120", repeated[:8:8], repeated},
		{"unrelated-24", unrelatedSrc, unrelatedHyp},
		{"edited-1500", editedSrc, editedHyp},
	}
}

// BenchmarkPerSourceRule runs each user of the per-source rule (see stored.go) over whole
// lattices: the closure as it extends its in-lists (closure), the source scans of the search
// without the closure (scan: a sixteenth of the sources, each over its whole rectangle), and the
// two counts of the edge list (count: countClosure, records: countRecords), one range of sources.
func BenchmarkPerSourceRule(b *testing.B) {
	defer func(n int) { forcedCountParts = n }(forcedCountParts)
	forcedCountParts = 1
	for _, in := range ruleLattices() {
		var l Lattice
		if err := l.Build(in.src, in.hyp, Options{MaxUnchanged: 2}); err != nil {
			b.Fatal(err)
		}
		if err := l.nc.prepare(); err != nil {
			b.Fatal(err)
		}
		nv := int32(len(l.vrow))
		b.Run("user=closure/case="+in.name, func(b *testing.B) {
			for b.Loop() {
				if err := l.cl.closure(0, false); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("user=scan/case="+in.name, func(b *testing.B) {
			for b.Loop() {
				for a := int32(0); a < nv; a += 16 {
					l.nc.scan(&l.nc.r.scan, a, l.n, l.m)
				}
			}
		})
		b.Run("user=count/case="+in.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, ok := l.nc.countClosure(&l.nc.c, nil, -1); !ok {
					b.Fatal("not counted")
				}
			}
		})
		b.Run("user=records/case="+in.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, ok := l.nc.countRecords(&l.nc.c, -1); !ok {
					b.Fatal("not counted")
				}
			}
		})
	}
}
