package stats

import (
	"fmt"
	"testing"

	"maxmatch/scorer"
)

// BenchmarkCompare bootstraps the 13 CoNLL-2014 files together (1,000 resamples, the paired
// tests against INPUT), from each sentence's counts, as "maxmatch score" does, on 1 and 2
// goroutines.
func BenchmarkCompare(b *testing.B) {
	var scores []Score
	n := 0
	for _, name := range []string{"INPUT", "AMU", "CAMB", "CUUI", "IITB", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"} {
		c := conll(b, name)
		var counts scorer.SentenceCounts
		for i := range c.results {
			counts.Add(&c.results[i])
		}
		scores = append(scores, CorpusScore(&counts, 0.5))
		n = len(c.gold)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for b.Loop() {
				must(Compare(n, scores, Options{Resamples: 1000, Seed: 1, Workers: workers}))
			}
		})
	}
}
