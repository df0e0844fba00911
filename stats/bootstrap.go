// Package stats gives M² scores their uncertainty: bootstrap confidence intervals for
// precision, recall and F_β, and the paired bootstrap test of the difference between two
// systems' F_β on the same gold standard.
//
// Both resample sentences. The official annotator choice depends on the counts of the sentences
// before, so each resample is scored by re-running that choice over the resampled sentences in
// their drawn order (scorer.Retotal): from the per-annotator counts of each sentence, computed
// once, without evaluating any sentence again.
package stats

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"

	"maxmatch/scorer"
)

// DefaultLevel is the confidence level of the intervals: 95%.
const DefaultLevel = 0.95

// Options are the parameters of a bootstrap.
type Options struct {
	Resamples int     // number of resamples (at least 1)
	Seed      uint64  // seed of the random draws: the same seed gives the same resamples
	Level     float64 // confidence level of the intervals (0: DefaultLevel)
	// Progress, when not nil, is called after each resample with the number done.
	Progress func(done int)
}

func (o Options) level() float64 {
	if o.Level == 0 {
		return DefaultLevel
	}
	return o.Level
}

// Resampler draws bootstrap resamples of a corpus of n sentences: n sentence indices drawn
// uniformly with replacement, in draw order. The sequence depends only on n and the seed.
type Resampler struct {
	rng *rand.Rand
	idx []int
}

// NewResampler returns a Resampler for n sentences.
func NewResampler(n int, seed uint64) *Resampler {
	return &Resampler{rng: rand.New(rand.NewPCG(seed, 0x6d32)), idx: make([]int, n)}
}

// Next returns the next resample; it is overwritten by the following call.
func (r *Resampler) Next() []int {
	for i := range r.idx {
		r.idx[i] = r.rng.IntN(len(r.idx))
	}
	return r.idx
}

// Score gives the precision, recall and F_β of the corpus whose i-th sentence is sentence
// order[i] of the scored corpus.
type Score func(order []int) (p, r, f float64)

// ResultsScore is the Score of scored sentences: the annotator choice re-run over the
// resampled order from the cached results (scorer.Retotal).
func ResultsScore(results []scorer.SentenceResult, beta float64) Score {
	return func(order []int) (p, r, f float64) {
		t := scorer.Retotal(results, beta, order)
		return t.PRF()
	}
}

// CountsScore is ResultsScore from each sentence's per-annotator counts alone, which is all
// the choice needs: what a corpus of any size keeps for its bootstrap.
func CountsScore(counts *scorer.SentenceCounts, beta float64) Score {
	return func(order []int) (p, r, f float64) {
		t := counts.Retotal(beta, order)
		return t.PRF()
	}
}

// Estimate is a figure on the whole corpus and its bootstrap distribution.
type Estimate struct {
	Value  float64 // on the corpus itself
	Lo, Hi float64 // percentile interval at the confidence level
	StdErr float64 // standard deviation over the resamples
}

func estimate(value float64, samples []float64, level float64) Estimate {
	slices.Sort(samples)
	tail := (1 - level) / 2
	return Estimate{
		Value:  value,
		Lo:     stat.Quantile(tail, stat.Empirical, samples, nil),
		Hi:     stat.Quantile(1-tail, stat.Empirical, samples, nil),
		StdErr: stat.StdDev(samples, nil),
	}
}

// Intervals are bootstrap percentile intervals of P, R and F_β.
type Intervals struct {
	P, R, F   Estimate
	Level     float64
	Resamples int
	Seed      uint64
	Sentences int
}

// Bootstrap resamples the n sentences scored by score and returns percentile intervals of
// P, R and F_β.
func Bootstrap(n int, score Score, opt Options) Intervals {
	if opt.Resamples < 1 {
		panic("stats: Options.Resamples must be at least 1")
	}
	identity := identity(n)
	p0, r0, f0 := score(identity)
	ps, rs, fs := make([]float64, opt.Resamples), make([]float64, opt.Resamples), make([]float64, opt.Resamples)
	rsm := NewResampler(n, opt.Seed)
	for k := range opt.Resamples {
		ps[k], rs[k], fs[k] = score(rsm.Next())
		if opt.Progress != nil {
			opt.Progress(k + 1)
		}
	}
	lv := opt.level()
	return Intervals{
		P: estimate(p0, ps, lv), R: estimate(r0, rs, lv), F: estimate(f0, fs, lv),
		Level: lv, Resamples: opt.Resamples, Seed: opt.Seed, Sentences: n,
	}
}

// Paired is the outcome of a paired bootstrap test of F_β(A) − F_β(B).
type Paired struct {
	FA, FB float64  // the systems' F_β on the corpus
	Diff   Estimate // F_β(A) − F_β(B): on the corpus, and its interval over the resamples
	// P is the two-sided p-value of the hypothesis that the systems are equally good: the
	// share of resamples whose difference is at least as far from the corpus's difference as
	// the corpus's difference is from 0, (1 + #{k : |δ_k − δ| ≥ |δ|}) / (1 + resamples).
	P float64
	// ABetter and BBetter count the resamples where A's F_β is above B's, and below.
	ABetter, BBetter int
	Level            float64
	Resamples        int
	Seed             uint64
	Sentences        int
}

// PairedBootstrap compares two systems scored on the same n gold sentences: every resample
// draws the same sentences for both, and scores each system on it.
func PairedBootstrap(n int, a, b Score, opt Options) Paired {
	if opt.Resamples < 1 {
		panic("stats: Options.Resamples must be at least 1")
	}
	identity := identity(n)
	_, _, fa := a(identity)
	_, _, fb := b(identity)
	d := fa - fb
	deltas := make([]float64, opt.Resamples)
	res := Paired{FA: fa, FB: fb, Level: opt.level(), Resamples: opt.Resamples, Seed: opt.Seed, Sentences: n}
	extreme := 0
	rsm := NewResampler(n, opt.Seed)
	for k := range opt.Resamples {
		idx := rsm.Next()
		_, _, ka := a(idx)
		_, _, kb := b(idx)
		dk := ka - kb
		deltas[k] = dk
		switch {
		case dk > 0:
			res.ABetter++
		case dk < 0:
			res.BBetter++
		}
		if math.Abs(dk-d) >= math.Abs(d) {
			extreme++
		}
		if opt.Progress != nil {
			opt.Progress(k + 1)
		}
	}
	res.P = float64(1+extreme) / float64(1+opt.Resamples)
	res.Diff = estimate(d, deltas, res.Level)
	return res
}

// identity is the corpus itself as a sample: every sentence once, in order.
func identity(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
