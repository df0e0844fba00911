package lattice

import (
	"fmt"
	"testing"
)

// repeatedClauseCase is a source of 8·k distinct tokens and a hypothesis that repeats its first
// 8-token clause k times: the degenerate output of a looping system.
func repeatedClauseCase(k int) (src, hyp []int32) {
	const clause = 8
	src, hyp = make([]int32, clause*k), make([]int32, clause*k)
	for i := range src {
		src[i] = int32(i)
		hyp[i] = int32(i % clause)
	}
	return src, hyp
}

// BenchmarkDegenerate measures one sentence, lattice and path with the default budgets, on the
// inputs that make the official scorer run for hours: the targets are < 10 ms for 40
// unrelated tokens, < 1 s for 200, and < 100 ms for an 8-token clause repeated 20 times.
func BenchmarkDegenerate(b *testing.B) {
	type input struct {
		name     string
		src, hyp []int32
	}
	var inputs []input
	for _, n := range []int{20, 40, 200} {
		src, hyp := unrelatedCase(n, n)
		inputs = append(inputs, input{fmt.Sprintf("unrelated=%d", n), src, hyp})
	}
	src, hyp := repeatedClauseCase(20)
	inputs = append(inputs, input{"clause=8x20", src, hyp})
	for _, bc := range inputs {
		gold := []Gold{
			{Start: 2, End: 3, Original: bc.src[2:3], Corrections: [][]int32{{100}}},
			{Start: 7, End: 8, Original: bc.src[7:8], Corrections: [][]int32{{}}},
		}
		b.Run(bc.name, func(b *testing.B) {
			var l Lattice
			b.ReportAllocs()
			for b.Loop() {
				l.Build(bc.src, bc.hyp, Options{MaxUnchanged: 2})
				l.BestPath(gold)
			}
		})
	}
}
