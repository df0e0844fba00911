// Package stats gives M² scores their uncertainty: bootstrap confidence intervals for
// precision, recall and F_β, and the paired bootstrap test of the difference between two
// systems' F_β on the same gold standard; for several systems, both from the same resamples
// (Compare), and Holm's adjustment of their p-values for the number of comparisons.
//
// Both resample sentences. The official annotator choice depends on the counts of the sentences
// before, so each resample is scored by re-running that choice over the resampled sentences in
// their drawn order (scorer.Retotal): from the per-annotator counts of each sentence, computed
// once, without evaluating any sentence again.
package stats

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"gonum.org/v1/gonum/stat"

	"maxmatch/internal/wording"
	"maxmatch/membudget"
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
	// Workers is the number of goroutines that score the systems of Compare (0 or more than
	// the CPUs: one per CPU, see scorer.Workers); the results do not depend on it.
	Workers int
	// Memory, when not nil, is the account the figures of the resamples are reserved from
	// (ArraysBytes): Compare fails before drawing any resample when they do not fit in it.
	Memory *membudget.Account
}

// ArraysBytes is the memory Compare holds for its figures: ResampleBytes for each resample,
// and each worker's resample of n sentences. It is math.MaxInt64 when that is more than an
// int64 holds.
func ArraysBytes(n, systems, resamples, workers int) int64 {
	perResample := ResampleBytes(systems)
	if resamples < 0 || int64(resamples) > (math.MaxInt64-int64(8*n*workers))/perResample {
		return math.MaxInt64
	}
	return int64(resamples)*perResample + int64(8*n*workers)
}

// TooManyResamplesError is a bootstrap whose figures do not fit in the memory budget.
type TooManyResamplesError struct {
	Resamples, Systems int
	Needed, Limit      int64
	Fit                int // the most resamples that fit
}

func (e *TooManyResamplesError) Error() string {
	if e.Needed == math.MaxInt64 {
		return fmt.Sprintf("%s %s of %s need more memory for their figures than can be addressed: at most %s %s fit in the memory budget of %s",
			membudget.Count(e.Resamples), wording.Noun(e.Resamples, "resample"), wording.Plural(e.Systems, "system"), membudget.Count(e.Fit), wording.Noun(e.Fit, "resample"), membudget.Bytes(e.Limit))
	}
	needed := membudget.Bytes(e.Needed)
	return fmt.Sprintf("%s %s of %s need %s for their figures, over the memory budget of %s: at most %s %s fit",
		membudget.Count(e.Resamples), wording.Noun(e.Resamples, "resample"), wording.Plural(e.Systems, "system"), needed, membudget.Bytes(e.Limit), membudget.Count(e.Fit), wording.Noun(e.Fit, "resample"))
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

// CorpusScore is the Score of a corpus from each sentence's per-annotator counts, which is all
// the annotator choice needs: it re-runs the choice over the resampled order
// (scorer.SentenceCounts.Retotal) and evaluates nothing. What a corpus of any size keeps for its
// bootstrap.
func CorpusScore(counts *scorer.SentenceCounts, beta float64) Score {
	return func(order []int) (p, r, f float64) {
		t := counts.Retotal(beta, order)
		return t.PRF()
	}
}

// ResultsScore is CorpusScore of scored sentences.
func ResultsScore(results []scorer.SentenceResult, beta float64) Score {
	var counts scorer.SentenceCounts
	for i := range results {
		counts.Add(&results[i])
	}
	return CorpusScore(&counts, beta)
}

// Estimate is a figure on the whole corpus and its bootstrap distribution.
type Estimate struct {
	Value  float64 // on the corpus itself
	Lo, Hi float64 // percentile interval at the confidence level
	StdErr float64 // standard deviation over the resamples
}

func estimate(value float64, samples []float64, level float64) Estimate {
	slices.Sort(samples)
	// The conversion rounds the tail before 1-tail is taken, on every architecture (arm64
	// would otherwise fuse the two into one multiply-subtract and pick a neighbouring sample
	// at a boundary).
	tail := float64((1 - level) / 2)
	return Estimate{
		Value:  value,
		Lo:     stat.Quantile(tail, stat.Empirical, samples, nil),
		Hi:     stat.Quantile(1-tail, stat.Empirical, samples, nil),
		StdErr: stdDev(samples),
	}
}

// stdDev is the unbiased standard deviation of x by the corrected two-pass algorithm (gonum's
// stat.StdDev's), its sums taken in order and every product rounded before it is added: gonum's
// sums x in four interleaved pairs on amd64 (in assembly, and one element apart when x is not
// 16-byte aligned) and in order elsewhere, and the Go compiler fuses a multiply and an add on
// arm64, so that its figure's last digits, which the JSON reports print, were the machine's. Of
// one value it is NaN (0/0): undefined, which the reports say.
func stdDev(x []float64) float64 {
	n := float64(len(x))
	sum := 0.0
	for _, v := range x {
		sum += v
	}
	mean := sum / n
	ss, compensation := 0.0, 0.0
	for _, v := range x {
		d := v - mean
		ss += float64(d * d)
		compensation += d
	}
	return math.Sqrt((ss - float64(compensation*compensation)/n) / (n - 1))
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
// P, R and F_β. It is Compare for one system.
func Bootstrap(n int, score Score, opt Options) (Intervals, error) {
	c, err := Compare(n, []Score{score}, opt)
	if err != nil {
		return Intervals{}, err
	}
	return c.Intervals[0], nil
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
// draws the same sentences for both, and scores each system on it. It is Compare of A
// against B as the baseline.
func PairedBootstrap(n int, a, b Score, opt Options) (Paired, error) {
	c, err := Compare(n, []Score{b, a}, opt)
	if err != nil {
		return Paired{}, err
	}
	return c.Paired[1], nil
}

// Comparison is the bootstrap of several systems scored on the same gold sentences.
type Comparison struct {
	// Intervals are each system's intervals of P, R and F_β.
	Intervals []Intervals
	// Paired[i], for i ≥ 1, is the paired test of system i (A) against system 0 (B), the
	// baseline; Paired[0] is the zero value.
	Paired []Paired
}

// ResampleBytes is the memory Compare holds for each resample of the given number of systems:
// each system's P, R and F_β on it, and one difference against the baseline.
func ResampleBytes(systems int) int64 { return int64(3*systems+1) * 8 }

// Compare bootstraps several systems scored on the same n gold sentences: each resample draws
// the sentences once and scores every system on it, so that each system's intervals and the
// paired test of each against the first (the baseline) come from the same resamples; they are
// the resamples that Bootstrap and PairedBootstrap draw with the same seed and n, and the
// figures are theirs. The systems are scored by up to opt.Workers goroutines, each system
// always by the same one (a Score need not be safe for concurrent use); the results do not
// depend on their number. opt.Progress is called with the number of resamples done, as they
// are done (from one goroutine at a time). Its figures are reserved from opt.Memory; a
// *TooManyResamplesError says how many resamples fit when they do not.
func Compare(n int, scores []Score, opt Options) (Comparison, error) {
	if opt.Resamples < 1 {
		return Comparison{}, fmt.Errorf("stats: %d resamples: expected at least 1", opt.Resamples)
	}
	k := len(scores)
	workers := max(1, min(scorer.Workers(opt.Workers), k))
	need := ArraysBytes(n, k, opt.Resamples, workers)
	if need == math.MaxInt64 || !opt.Memory.Fits(need) {
		limit := opt.Memory.Limit()
		if limit < 0 {
			limit = math.MaxInt64
		}
		fit, base := 0, ArraysBytes(n, k, 0, workers)
		if per := ArraysBytes(n, k, 1, workers) - base; limit > base {
			fit = int(min((limit-base)/per, math.MaxInt))
		}
		return Comparison{}, &TooManyResamplesError{Resamples: opt.Resamples, Systems: k, Needed: need, Limit: limit, Fit: fit}
	}
	if err := opt.Memory.Reserve(need); err != nil { // other accounts hold the budget: wait for it
		opt.Memory.Exclusive()
		opt.Memory.Reserve(need)
	}
	defer opt.Memory.Done()
	defer opt.Memory.Release(need)
	// samples[i][m] are system i's P (m = 0), R (1) and F_β (2) on each resample.
	samples := make([][3][]float64, k)
	values := make([][3]float64, k)
	identity := identity(n)
	for i, score := range scores {
		p, r, f := score(identity)
		values[i] = [3]float64{p, r, f}
		for m := range samples[i] {
			samples[i][m] = make([]float64, opt.Resamples)
		}
	}
	var progress sync.Mutex
	done := 0 // resamples scored for a system, over all systems
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each goroutine draws the same resamples from its own generator: drawing costs
			// far less than scoring the systems on them.
			rsm := NewResampler(n, opt.Seed)
			for j := range opt.Resamples {
				idx := rsm.Next()
				for i := w; i < k; i += workers {
					samples[i][0][j], samples[i][1][j], samples[i][2][j] = scores[i](idx)
				}
				if opt.Progress != nil {
					progress.Lock()
					before := done / k
					done += (k - w + workers - 1) / workers
					if after := done / k; after > before {
						opt.Progress(after)
					}
					progress.Unlock()
				}
			}
		}()
	}
	wg.Wait()

	lv := opt.level()
	c := Comparison{Intervals: make([]Intervals, k), Paired: make([]Paired, k)}
	// The differences first: estimate sorts the samples it is given.
	deltas := make([]float64, opt.Resamples)
	for i := 1; i < k; i++ {
		fa, fb := values[i][2], values[0][2]
		d := fa - fb
		res := Paired{FA: fa, FB: fb, Level: lv, Resamples: opt.Resamples, Seed: opt.Seed, Sentences: n}
		extreme := 0
		for j := range deltas {
			dk := samples[i][2][j] - samples[0][2][j]
			deltas[j] = dk
			switch {
			case dk > 0:
				res.ABetter++
			case dk < 0:
				res.BBetter++
			}
			if math.Abs(dk-d) >= math.Abs(d) {
				extreme++
			}
		}
		res.P = float64(1+extreme) / float64(1+opt.Resamples)
		res.Diff = estimate(d, deltas, lv)
		c.Paired[i] = res
	}
	for i := range scores {
		v, s := values[i], samples[i]
		c.Intervals[i] = Intervals{
			P: estimate(v[0], s[0], lv), R: estimate(v[1], s[1], lv), F: estimate(v[2], s[2], lv),
			Level: lv, Resamples: opt.Resamples, Seed: opt.Seed, Sentences: n,
		}
	}
	return c, nil
}

// Holm adjusts p-values for multiple comparisons by Holm's step-down method: with the m
// p-values sorted, p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted p₍ⱼ₎ is max over i ≤ j of min(1, (m − i + 1)
// p₍ᵢ₎). Rejecting the hypotheses whose adjusted p-value is below α keeps the probability of
// any false rejection (the family-wise error rate) at most α whatever the dependence between
// the tests, as Bonferroni's correction (m p) does, while rejecting at least as many. NaN
// values are not comparisons: they stay NaN and do not count in m. The result is in the
// order of p.
func Holm(p []float64) []float64 {
	order := make([]int, 0, len(p))
	for i, v := range p {
		if !math.IsNaN(v) {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(p[a], p[b]) })
	adj := make([]float64, len(p))
	for i := range adj {
		adj[i] = math.NaN()
	}
	m := len(order)
	running := 0.0
	for j, i := range order {
		running = max(running, min(1, float64(m-j)*p[i]))
		adj[i] = running
	}
	return adj
}

// identity is the corpus itself as a sample: every sentence once, in order.
func identity(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
