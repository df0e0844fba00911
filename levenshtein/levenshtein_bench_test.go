package levenshtein_test

import (
	"testing"

	"maxmatch/benchcases"
	"maxmatch/internal/pytext"
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

// BenchmarkInterning numbers the source and hypothesis tokens of every sentence pair of a case,
// each sentence on its own (as the scorer does): with a SentenceInterner, reset between
// sentences, and with an Interner, cleared between sentences or kept for the whole case.
func BenchmarkInterning(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		var sentences [][]string
		for i := range c.Corpus.Gold {
			sentences = append(sentences, c.Corpus.Gold[i].Tokens, pytext.Fields(c.Corpus.Hyps[i]))
		}
		ids := make([]int32, 0, 1024)
		b.Run("case="+c.Name+"/interner=sentence", func(b *testing.B) {
			var in levenshtein.SentenceInterner
			b.ReportAllocs()
			for b.Loop() {
				for i := 0; i < len(sentences); i += 2 {
					ids = in.IDs(in.IDs(ids[:0], sentences[i]), sentences[i+1])
					in.Reset()
				}
			}
		})
		b.Run("case="+c.Name+"/interner=map-cleared", func(b *testing.B) {
			var in levenshtein.Interner
			b.ReportAllocs()
			for b.Loop() {
				for i := 0; i < len(sentences); i += 2 {
					ids = in.IDs(in.IDs(ids[:0], sentences[i]), sentences[i+1])
					in.Reset()
				}
			}
		})
		b.Run("case="+c.Name+"/interner=map-kept", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var in levenshtein.Interner
				for i := 0; i < len(sentences); i += 2 {
					ids = in.IDs(in.IDs(ids[:0], sentences[i]), sentences[i+1])
				}
			}
		})
	}
}
