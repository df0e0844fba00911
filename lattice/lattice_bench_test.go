package lattice_test

import (
	"testing"

	"maxmatch/benchcases"
	"maxmatch/lattice"
	"maxmatch/membudget"
)

// official3_2 are the lattice options of release 3.2 with the default u and the default
// memory budget (without one, the closure of an unrelated sentence of a few hundred tokens
// would take all the machine's memory).
var official3_2 = lattice.Options{MaxUnchanged: 2, Memory: defaultBudget()}

func defaultBudget() *membudget.Account {
	limit, _ := membudget.Default()
	return membudget.New(limit).Account()
}

// BenchmarkLatticeBuild builds the lattice of every pair of a case with its transitive closure
// (matrices included): the stage before the searches. One op is the whole case.
func BenchmarkLatticeBuild(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			var l lattice.Lattice
			edges := 0
			for i := range c.Pairs {
				l.Build(c.Pairs[i].Src, c.Pairs[i].Hyp, official3_2)
				edges += l.EdgeCount()
			}
			b.ReportAllocs()
			for b.Loop() {
				for i := range c.Pairs {
					l.Build(c.Pairs[i].Src, c.Pairs[i].Hyp, official3_2)
				}
			}
			b.ReportMetric(float64(edges), "edges/op")
		})
	}
}

// BenchmarkSearch runs the exact search (weights, then the official's Bellman–Ford order) for
// every annotator of every pair, on lattices built beforehand: the closure is not counted.
// One op is the whole case; the lattices of all pairs are kept, as a corpus needs them one at
// a time this costs memory only.
func BenchmarkSearch(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			ls := make([]lattice.Lattice, len(c.Pairs))
			for i := range c.Pairs {
				ls[i].Build(c.Pairs[i].Src, c.Pairs[i].Hyp, official3_2)
			}
			b.ReportAllocs()
			for b.Loop() {
				for i := range c.Pairs {
					for _, g := range c.Pairs[i].Gold {
						ls[i].BestPath(g)
					}
				}
			}
		})
	}
}

// BenchmarkBoundedSearch runs the closure-free bounded search (what a sentence over the edge
// budget gets) for every annotator of every pair, on lattices built beforehand with a budget
// of one edge so that every pair falls back to it.
func BenchmarkBoundedSearch(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			opt := official3_2
			opt.MaxEdges = 1
			ls := make([]lattice.Lattice, len(c.Pairs))
			for i := range c.Pairs {
				ls[i].Build(c.Pairs[i].Src, c.Pairs[i].Hyp, opt)
				if ls[i].Bounded() == lattice.Exact {
					b.Fatalf("pair %d did not fall back to the bounded search", i)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				for i := range c.Pairs {
					for _, g := range c.Pairs[i].Gold {
						ls[i].BestPath(g)
					}
				}
			}
		})
	}
}

// BenchmarkBuildAndSearch builds each pair's lattice and searches it for every annotator, one
// pair at a time on one reused Lattice, as the scorer does: the engine's whole per-sentence
// work, its fixed costs included (matrices, closure, plan, search). One op is the whole case.
func BenchmarkBuildAndSearch(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			var l lattice.Lattice
			b.ReportAllocs()
			for b.Loop() {
				for i := range c.Pairs {
					p := &c.Pairs[i]
					if err := l.Build(p.Src, p.Hyp, official3_2); err != nil {
						b.Fatal(err)
					}
					for _, g := range p.Gold {
						if _, err := l.BestPath(g); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
		})
	}
}
