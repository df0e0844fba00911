package pytext_test

import (
	"testing"

	"maxmatch/benchcases"
	"maxmatch/internal/pytext"
)

// BenchmarkAppendFields splits every hypothesis of the stage benchmarks' cases into tokens, as
// the scorer does for each sentence. One op is the whole case.
func BenchmarkAppendFields(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			n := 0
			for _, h := range c.Corpus.Hyps {
				n += len(h)
			}
			b.SetBytes(int64(n))
			var toks []string
			for b.Loop() {
				for _, h := range c.Corpus.Hyps {
					toks = pytext.AppendFields(toks[:0], h)
				}
			}
		})
	}
}
