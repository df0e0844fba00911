package levenshtein_test

import (
	"testing"

	"maxmatch/internal/benchcases"
	"maxmatch/levenshtein"
)

// BenchmarkMatrices fills both Levenshtein matrices (substitution cost 1 and 2) of every pair of
// a case: the floor of any exact M² scorer. One op is the whole case (1312 pairs for CoNLL).
func BenchmarkMatrices(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			cells := 0
			for _, p := range c.Pairs {
				cells += (len(p.Src) + 1) * (len(p.Hyp) + 1)
			}
			var band levenshtein.Band
			b.ReportAllocs()
			for b.Loop() {
				for i := range c.Pairs {
					if err := band.Fill(c.Pairs[i].Src, c.Pairs[i].Hyp, 1, 2, nil); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(cells), "ns/cell")
		})
	}
}
