package scorer

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"maxmatch/internal/membudget"
)

// chunk is the number of consecutive sentences a worker evaluates at a time.
const chunk = 32

// Score scores one hypothesis per gold sentence, choosing an annotator per sentence as the
// official does, and calls each (when not nil) with every sentence's result, in order.
//
// Sentences are evaluated by opt.Workers goroutines (all CPUs when 0); the annotator choice,
// which depends on the totals of the sentences before, and the calls to each happen in order
// on the calling goroutine, so the results do not depend on the number of workers.
//
// The workers share one memory budget (Options.MaxMemory, see MemoryBudget). Score stops at a
// sentence that does not fit in it, after the calls to each for the sentences before, with a
// *TooLargeError.
func Score(hyps []string, gold []Sentence, opt Options, each func(*SentenceResult) error) (Totals, error) {
	t := Totals{Beta: opt.Beta}
	if len(hyps) != len(gold) {
		return t, fmt.Errorf("the system output has %d sentences and the gold standard %d", len(hyps), len(gold))
	}
	mb, err := newMemoryBudget(opt)
	if err != nil {
		return t, err
	}
	return scoreWithin(hyps, gold, opt, each, mb)
}

// scoreWithin is Score with the memory budget divided already.
func scoreWithin(hyps []string, gold []Sentence, opt Options, each func(*SentenceResult) error, mb MemoryBudget) (Totals, error) {
	t := Totals{Beta: opt.Beta}
	budget := membudget.New(mb.Scoring)
	evaluate := func(ev *Evaluator, i int) (SentenceResult, error) {
		r, err := ev.Evaluate(hyps[i], &gold[i])
		r.Index = i
		if tl, ok := err.(*TooLargeError); ok {
			tl.Index = i
		}
		return r, err
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	nChunks := (len(gold) + chunk - 1) / chunk
	workers = min(workers, nChunks)
	if workers <= 1 {
		ev := newEvaluator(opt, mb, budget.Account())
		for i := range gold {
			r, err := evaluate(ev, i)
			if err != nil {
				return t, err
			}
			if err := t.choose(&r, each); err != nil {
				return t, err
			}
		}
		return t, nil
	}

	// Each chunk's results arrive on its own channel; the chooser reads them in order. A chunk
	// whose evaluation failed ends at the failing sentence, with the error.
	type chunkResult struct {
		rs  []SentenceResult
		err error
	}
	results := make([]chan chunkResult, nChunks)
	for i := range results {
		results[i] = make(chan chunkResult, 1)
	}
	next := make(chan int, nChunks)
	for c := range nChunks {
		next <- c
	}
	close(next)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ev := newEvaluator(opt, mb, budget.Account())
			for c := range next {
				lo, hi := c*chunk, min(len(gold), (c+1)*chunk)
				cr := chunkResult{rs: make([]SentenceResult, 0, hi-lo)}
				for i := lo; i < hi && cr.err == nil; i++ {
					var r SentenceResult
					if r, cr.err = evaluate(ev, i); cr.err == nil {
						cr.rs = append(cr.rs, r)
					}
				}
				select {
				case results[c] <- cr:
				case <-done:
					return
				}
			}
		}()
	}
	defer wg.Wait()
	defer close(done)
	for c := range nChunks {
		cr := <-results[c]
		for _, r := range cr.rs {
			if err := t.choose(&r, each); err != nil {
				return t, err
			}
		}
		if cr.err != nil {
			return t, cr.err
		}
	}
	return t, nil
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
