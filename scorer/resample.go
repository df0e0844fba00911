package scorer

import (
	"math"
	"slices"
	"unsafe"

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
// annotators: all that re-running the annotator choice needs (Retotal), in 32 bytes for a
// sentence of up to two annotators (12 more per further annotator), where a SentenceResult
// holds every edit. A resample visits the sentences in random order, so each sentence's counts
// are one record, read with one access to memory on corpora too large for the processor's
// caches. The zero value is empty and ready to use.
type SentenceCounts struct {
	sentences []sentenceCounts
	more      [][3]int32 // the counts of sentences with more than two annotators
}

// sentenceCounts are one sentence's counts: correct, proposed and gold of each annotator, the
// first two here, the others, if any, in SentenceCounts.more from index more.
type sentenceCounts struct {
	first [2][3]int32
	more  int32
	// meta holds the number of annotators (its low 31 bits) and whether the bounded search
	// scored the sentence (its top bit): a sentence may have any number of annotators, and
	// the record stays 32 bytes.
	meta uint32
}

const boundedBit = 1 << 31

// SentenceCountBytes is what SentenceCounts holds for a sentence of up to two annotators.
const SentenceCountBytes = int64(unsafe.Sizeof(sentenceCounts{}))

// Grow makes room for n more sentences at once: a run that knows how many it will score holds
// their records before scoring starts, where the memory budget counts what is in use, and does
// not copy them as they grow.
func (c *SentenceCounts) Grow(n int) { c.sentences = slices.Grow(c.sentences, n) }

func (s *sentenceCounts) annotators() int { return int(s.meta &^ boundedBit) }
func (s *sentenceCounts) bounded() bool   { return s.meta&boundedBit != 0 }

// Add appends a scored sentence's counts.
func (c *SentenceCounts) Add(r *SentenceResult) {
	s := sentenceCounts{meta: uint32(min(len(r.Annotators), boundedBit-1))}
	if r.Bounded != lattice.Exact {
		s.meta |= boundedBit
	}
	for i := range s.annotators() {
		n := r.Annotators[i].Counts()
		counts := [3]int32{clampInt32(n.Correct), clampInt32(n.Proposed), clampInt32(n.Gold)}
		switch {
		case i < len(s.first):
			s.first[i] = counts
		case i == len(s.first):
			s.more = int32(len(c.more))
			fallthrough
		default:
			c.more = append(c.more, counts)
		}
	}
	c.sentences = append(c.sentences, s)
}

func clampInt32(n int) int32 { return int32(max(min(n, math.MaxInt32), math.MinInt32)) }

// Len returns the number of sentences added.
func (c *SentenceCounts) Len() int { return len(c.sentences) }

// counts returns annotator k's counts of sentence s.
func (c *SentenceCounts) counts(s *sentenceCounts, k int) Counts {
	var a *[3]int32
	if k < len(s.first) {
		a = &s.first[k]
	} else {
		a = &c.more[int(s.more)+k-len(s.first)]
	}
	return Counts{int(a[0]), int(a[1]), int(a[2])}
}

// Retotal is Retotal for the sentences added, by index. It makes ChooseCounts's choice reading
// each annotator's counts from the sentence's record (Totals.consider, the rule ChooseCounts
// applies), not from a copy of them: a bootstrap runs it for every resample, and the copy took
// it from 51 to 100 µs for CoNLL-2014's 1,312 sentences (BenchmarkRetotal, medians of 10).
func (c *SentenceCounts) Retotal(beta float64, order []int) Totals {
	t := Totals{Beta: beta}
	for _, i := range order {
		s := &c.sentences[i]
		ch := newChoice()
		for k := range s.annotators() {
			t.consider(&ch, k, c.counts(s, k))
		}
		t.Add(c.counts(s, ch.best), s.bounded())
	}
	return t
}
