package scorer

import (
	"math"

	"maxmatch/lattice"
)

// Retotal returns the totals of the corpus whose i-th sentence is results[order[i]] (indices
// may repeat, as in a bootstrap resample), choosing every sentence's annotator afresh as Score
// does. The choice depends on the totals of the sentences before, so it must be re-run for
// each order; it needs only each annotator's counts, so Retotal costs O(len(order) ×
// annotators) and evaluates nothing. With order 0, 1, …, n−1 it gives Score's totals.
// SentenceCounts does the same from each sentence's counts alone.
func Retotal(results []SentenceResult, beta float64, order []int) Totals {
	t := Totals{Beta: beta}
	for _, i := range order {
		r := results[i] // Choose records its choice in r: work on a copy
		t.Choose(&r)
	}
	return t
}

// SentenceCounts keeps, for each sentence of a scored corpus, the counts of each of its
// annotators: all that re-running the annotator choice needs (Retotal), in 12 bytes per
// annotator and 5 per sentence, where a SentenceResult holds every edit. The zero value is
// empty and ready to use.
type SentenceCounts struct {
	counts  [][3]int32 // correct, proposed, gold of every annotator, sentence after sentence
	ends    []int32    // ends[i]: where sentence i's annotators end in counts
	bounded []bool     // whether sentence i was scored by the bounded search
}

// Add appends a scored sentence's counts.
func (c *SentenceCounts) Add(r *SentenceResult) {
	for i := range r.Annotators {
		n := r.Annotators[i].Counts()
		c.counts = append(c.counts, [3]int32{clampInt32(n.Correct), clampInt32(n.Proposed), clampInt32(n.Gold)})
	}
	c.ends = append(c.ends, int32(min(len(c.counts), math.MaxInt32)))
	c.bounded = append(c.bounded, r.Bounded != lattice.Exact)
}

func clampInt32(n int) int32 { return int32(max(min(n, math.MaxInt32), math.MinInt32)) }

// Len returns the number of sentences added.
func (c *SentenceCounts) Len() int { return len(c.ends) }

// annotators returns sentence i's counts.
func (c *SentenceCounts) annotators(i int) [][3]int32 {
	start := int32(0)
	if i > 0 {
		start = c.ends[i-1]
	}
	return c.counts[start:c.ends[i]]
}

// Retotal is Retotal for the sentences added, by index.
func (c *SentenceCounts) Retotal(beta float64, order []int) Totals {
	t := Totals{Beta: beta}
	for _, i := range order {
		as := c.annotators(i)
		ch := newChoice()
		for k, a := range as {
			t.consider(&ch, k, Counts{int(a[0]), int(a[1]), int(a[2])})
		}
		a := as[ch.best]
		t.Add(Counts{int(a[0]), int(a[1]), int(a[2])}, c.bounded[i])
	}
	return t
}
