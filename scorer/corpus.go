package scorer

import (
	"context"
	"fmt"
	"iter"
	"runtime"
	"strings"

	"maxmatch/internal/ordered"
	"maxmatch/internal/wording"
	"maxmatch/membudget"
)

// chunk is the number of consecutive sentences a worker evaluates at a time.
const chunk = 32

// window is the number of chunks that may be in flight at once (read, being evaluated, or
// evaluated and waiting for the annotator choice): it bounds ScoreStream's memory, whatever
// the corpus's size, while letting workers run ahead of a slow sentence. 64 chunks of 32
// hold a whole CoNLL-2014 test set (1,312 sentences), so that one degenerate sentence (NTHU's
// takes 70 ms) never stalls the other workers there.
const window = 64

// Score scores one hypothesis per gold sentence, choosing an annotator per sentence as the
// official does, and calls each (when not nil) with every sentence's result, in order.
//
// Sentences are evaluated by opt.Workers goroutines (all CPUs when 0); the annotator choice,
// which depends on the totals of the sentences before, and the calls to each happen in order
// on the calling goroutine, so the results do not depend on the number of workers.
//
// The workers share one memory budget (Options.MaxMemory, see MemoryBudget). Scoring stops at
// a sentence that does not fit in it, after the calls to each for the sentences before, with a
// *TooLargeError. So do ScorePairs and ScoreStream.
func Score(hyps []string, gold []Sentence, opt Options, each func(*SentenceResult) error) (Totals, error) {
	if len(hyps) != len(gold) {
		return Totals{Beta: opt.Beta}, fmt.Errorf("the system output has %s and the gold standard %d", wording.Plural(len(hyps), "sentence"), len(gold))
	}
	return scoreStream(pairsOf(hyps, gold), len(gold), opt, each, nil)
}

// pairsOf pairs hyps[i] with gold[i].
func pairsOf(hyps []string, gold []Sentence) iter.Seq2[Pair, error] {
	return func(yield func(Pair, error) bool) {
		for i := range gold {
			if !yield(Pair{hyps[i], &gold[i]}, nil) {
				return
			}
		}
	}
}

// scoreWithin is Score with the memory budget divided already (for tests).
func scoreWithin(hyps []string, gold []Sentence, opt Options, each func(*SentenceResult) error, mb MemoryBudget) (Totals, error) {
	return scoreStream(pairsOf(hyps, gold), len(gold), opt, each, &mb)
}

// ScorePairs is Score for pairs of a hypothesis and its gold sentence, in memory.
func ScorePairs(pairs []Pair, opt Options, each func(*SentenceResult) error) (Totals, error) {
	all := func(yield func(Pair, error) bool) {
		for _, p := range pairs {
			if !yield(p, nil) {
				return
			}
		}
	}
	return scoreStream(all, len(pairs), opt, each, nil)
}

// Workers returns how many workers to run when n are asked for: one per CPU
// (runtime.GOMAXPROCS) for 0 or fewer, and never more than the CPUs, since more score no faster
// and each holds its own buffers.
func Workers(n int) int {
	cpus := runtime.GOMAXPROCS(0)
	if n <= 0 || n > cpus {
		return cpus
	}
	return n
}

// ScoreStream is Score for pairs read as they are scored (see Pairs): each result is passed to
// each, in order, as soon as its annotator is chosen, and memory does not grow with the
// number of sentences: workers run ahead of the choice by at most a fixed window of
// sentences (64 chunks of 32). The first error pairs yields stops the scoring, after the
// sentences before it have been passed to each, and is returned; so is the first error each
// returns. ScoreStream returns once every goroutine it started has stopped reading pairs.
func ScoreStream(pairs iter.Seq2[Pair, error], opt Options, each func(*SentenceResult) error) (Totals, error) {
	return scoreStream(pairs, -1, opt, each, nil)
}

// scoreStream scores pairs; n is their number when known (-1 otherwise), so that a short
// corpus is not given more workers than it has chunks; mbp, when not nil, is the memory budget
// divided already (otherwise opt.Shared's, or it is measured now).
func scoreStream(pairs iter.Seq2[Pair, error], n int, opt Options, each func(*SentenceResult) error, mbp *MemoryBudget) (Totals, error) {
	t := Totals{Beta: opt.Beta}
	mb, budget, err := opt.streamBudget(mbp)
	if err != nil {
		return t, err
	}
	workers := Workers(opt.Workers)
	if n >= 0 {
		workers = min(workers, (n+chunk-1)/chunk)
	}
	if workers <= 1 {
		return t, scoreInOrder(pairs, newEvaluator(opt, mb, budget), &t, each)
	}
	evs := make([]*Evaluator, workers)
	for w := range evs {
		evs[w] = newEvaluator(opt, mb, budget)
	}
	return t, scoreInChunks(pairs, evs, &t, each)
}

// streamBudget is the memory budget of a scoring run: mbp's (divided already), when not nil,
// under a budget of its own; opt.Shared's; or one measured now.
func (opt Options) streamBudget(mbp *MemoryBudget) (MemoryBudget, *membudget.Budget, error) {
	switch {
	case mbp != nil:
		return *mbp, membudget.New(mbp.Scoring), nil
	case opt.Shared != nil:
		return opt.Shared.memory, opt.Shared.budget, nil
	}
	mb, err := newMemoryBudget(opt)
	if err != nil {
		return mb, nil, err
	}
	return mb, membudget.New(mb.Scoring), nil
}

// evaluateAt evaluates the pair at position i of the corpus, which the result and a
// *TooLargeError carry.
func (ev *Evaluator) evaluateAt(p Pair, i int) (SentenceResult, error) {
	r, err := ev.Evaluate(p.Hypothesis, p.Gold)
	r.Index = i
	setIndex(err, i)
	return r, err
}

// scoreInOrder scores pairs one after the other on this goroutine, with ev, choosing each
// sentence's annotator into t as it is evaluated.
func scoreInOrder(pairs iter.Seq2[Pair, error], ev *Evaluator, t *Totals, each func(*SentenceResult) error) error {
	ev.transient = each == nil
	defer func() { ev.transient = false }()
	i := 0
	for p, err := range pairs {
		if err != nil {
			return err
		}
		r, err := ev.evaluateAt(p, i)
		if err != nil {
			return err
		}
		i++
		if each == nil {
			t.Choose(&r) // r stays on the stack: no result is allocated a sentence
			continue
		}
		kept := r // each may keep its argument: only this copy is allocated
		if err := t.choose(&kept, each); err != nil {
			return err
		}
	}
	return nil
}

// chunkResults are the results of a chunk of sentences, which ends at the first sentence whose
// evaluation failed, with its error.
type chunkResults struct {
	rs  []SentenceResult
	err error
}

// scoreInChunks reads pairs in chunks of chunk sentences, evaluates them on one worker per
// Evaluator of evs, and chooses each sentence's annotator into t in order on this goroutine
// (ordered.Map), at most window chunks in flight.
func scoreInChunks(pairs iter.Seq2[Pair, error], evs []*Evaluator, t *Totals, each func(*SentenceResult) error) error {
	pull, stop := iter.Pull2(pairs)
	defer stop()
	next := func() (Pair, bool, error) {
		p, err, ok := pull()
		return p, ok && err == nil, err
	}
	one := func(Pair) int { return 1 }
	evaluate := func(ctx context.Context, w int, b ordered.Batch[Pair]) chunkResults {
		c := chunkResults{rs: make([]SentenceResult, 0, len(b.Items))}
		for i, p := range b.Items {
			if ctx.Err() != nil {
				return chunkResults{}
			}
			r, err := evs[w].evaluateAt(p, b.First+i)
			if err != nil {
				c.err = err
				break
			}
			c.rs = append(c.rs, r)
		}
		return c
	}
	return ordered.Map(len(evs), window, ordered.Batches(next, chunk, one), evaluate, func(c chunkResults) error {
		for i := range c.rs {
			if err := t.choose(&c.rs[i], each); err != nil {
				return err
			}
		}
		return c.err
	})
}

func (t *Totals) choose(r *SentenceResult, each func(*SentenceResult) error) error {
	t.Choose(r)
	if each != nil {
		return each(r)
	}
	return nil
}

// Trim removes the tokens an edit leaves unchanged at its start and then at its end, adjusting
// its offsets: the official verbose output shows edits this way.
func Trim(e Edit) Edit {
	orig, corr := strings.Split(e.Original, " "), strings.Split(e.Correction, " ")
	if e.Original == "" {
		orig = nil
	}
	if e.Correction == "" {
		corr = nil
	}
	i := 0
	for i < min(len(orig), len(corr)) && orig[i] == corr[i] {
		i++
	}
	j := 0
	for j < min(len(orig), len(corr))-i && orig[len(orig)-1-j] == corr[len(corr)-1-j] {
		j++
	}
	return Edit{
		Start: e.Start + i, End: e.End - j,
		Original:   strings.Join(orig[i:len(orig)-j], " "),
		Correction: strings.Join(corr[i:len(corr)-j], " "),
	}
}
