package lattice_test

import (
	"fmt"
	"testing"

	"maxmatch/benchcases"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
)

// BenchmarkDegenerate measures one sentence, lattice and path, with the default budgets, on the
// inputs that make the official scorer run for hours (benchcases): the targets are
// < 10 ms for 40 unrelated tokens, < 1 s for 200, and < 100 ms for an 8-token clause repeated
// 20 times (repeated-clause, n = 160).
func BenchmarkDegenerate(b *testing.B) {
	for _, in := range []struct {
		family string
		n      int
	}{{"unrelated", 20}, {"unrelated", 40}, {"unrelated", 200}, {"repeated-clause", 160}} {
		f, ok := benchcases.FamilyByName(in.family)
		if !ok {
			b.Fatalf("no family %q", in.family)
		}
		c := f.Case(in.n, 1)
		var ids levenshtein.Interner
		p := benchcases.CasePair(&ids, &c)
		b.Run(fmt.Sprintf("case=%s-n=%d", in.family, in.n), func(b *testing.B) {
			var l lattice.Lattice
			b.ReportAllocs()
			for b.Loop() {
				l.Build(p.Src, p.Hyp, official3_2)
				l.BestPath(p.Gold[0])
			}
		})
	}
}
