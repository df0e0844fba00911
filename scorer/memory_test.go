package scorer

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"maxmatch/internal/scratch"
	"maxmatch/lattice"
	"maxmatch/membudget"
)

// nearIdentical is the long-line case of the issue: n tokens over ten words, one gold edit
// (5–6 → X), and a hypothesis with tokens 5 and n/2 replaced by X and Y.
func nearIdentical(rng *rand.Rand, n int) (string, Sentence) {
	words := strings.Fields("the a of to and in that is was he")
	toks := make([]string, n)
	for i := range toks {
		toks[i] = words[rng.Intn(len(words))]
	}
	hyp := append([]string(nil), toks...)
	hyp[5], hyp[n/2] = "X", "Y"
	s := Sentence{Source: strings.Join(toks, " "), Tokens: toks, Line: 1,
		Annotators: []Annotator{{ID: 0, Edits: []GoldEdit{{Start: 5, End: 6, Original: toks[5], Corrections: []string{"X"}}}}}}
	return strings.Join(hyp, " "), s
}

// probe is the budget at which the tests measure what a sentence holds: every budget below
// 512 MB accounts every buffer over 256 kB (scratch.Small), so what a sentence holds under
// probe is what it holds under the smaller budgets the tests then set.
const probe = 256 << 20

// nearIdenticalCorpus makes count near-identical sentences, of size(i) tokens, on gold lines
// 1, 4, 7…
func nearIdenticalCorpus(rng *rand.Rand, count int, size func(i int) int) (hyps []string, gold []Sentence) {
	for i := range count {
		h, s := nearIdentical(rng, size(i))
		s.Line = 3*i + 1
		hyps, gold = append(hyps, h), append(gold, s)
	}
	return hyps, gold
}

// evaluateWithin scores one sentence with a budget of exactly scoring bytes and returns the
// result, the most the sentence held, and the error.
func evaluateWithin(t *testing.T, opt Options, scoring int64, hyp string, s *Sentence) (SentenceResult, int64, error) {
	t.Helper()
	mb := MemoryBudget{Max: scoring, Scoring: scoring}
	ev := newEvaluator(opt, mb, membudget.New(scoring))
	ev.acct.ResetPeak()
	r, err := ev.Evaluate(hyp, s)
	if ev.acct.Held() != 0 {
		t.Errorf("%d bytes still held after Evaluate", ev.acct.Held())
	}
	return r, ev.acct.Peak(), err
}

// TestMemoryBudgetChoosesTheSearch: the exact search wherever it fits; the bounded search, with
// the figures, where only it fits; a *TooLargeError naming the stage where not even it fits.
func TestMemoryBudgetChoosesTheSearch(t *testing.T) {
	hyp, s := nearIdentical(rand.New(rand.NewSource(1)), 20_000)
	opt := DefaultOptions()
	exact, exactPeak, err := evaluateWithin(t, opt, probe, hyp, &s)
	if err != nil || exact.Bounded != lattice.Exact {
		t.Fatalf("1 GB: %v, fallback %d", err, exact.Bounded)
	}
	capped := opt
	capped.MaxWork = 1 // the bounded search without building any closure
	bounded, boundedPeak, err := evaluateWithin(t, capped, probe, hyp, &s)
	if err != nil || bounded.Bounded != lattice.OverWork {
		t.Fatalf("MaxWork 1: %v, fallback %d", err, bounded.Bounded)
	}
	if boundedPeak >= exactPeak {
		t.Fatalf("the bounded search holds %d bytes, the exact one %d: nothing to test between them", boundedPeak, exactPeak)
	}
	t.Logf("20,000 near-identical tokens: the exact search holds at most %s, the bounded one %s",
		membudget.Bytes(exactPeak), membudget.Bytes(boundedPeak))

	// The least budget of the exact search (its buffers grow by less than doubling when the
	// budget is tight, so it is below the peak of an unconstrained run).
	lo, hi := boundedPeak, exactPeak // OverMemory at lo, Exact at hi
	for lo+1 < hi {
		mid := (lo + hi) / 2
		r, _, err := evaluateWithin(t, opt, mid, hyp, &s)
		switch {
		case err != nil:
			t.Fatalf("a budget of %d: %v", mid, err)
		case r.Bounded == lattice.Exact:
			hi = mid
		default:
			lo = mid
		}
	}
	r, peak, err := evaluateWithin(t, opt, hi, hyp, &s)
	if err != nil || r.Bounded != lattice.Exact || peak > hi || fmt.Sprint(r.Annotators) != fmt.Sprint(exact.Annotators) {
		t.Errorf("the least budget of the exact search, %d: %v, fallback %d, held %d", hi, err, r.Bounded, peak)
	}
	r, peak, err = evaluateWithin(t, opt, hi-1, hyp, &s)
	if err != nil || r.Bounded != lattice.OverMemory {
		t.Fatalf("one byte less: %v, fallback %d, want OverMemory", err, r.Bounded)
	}
	if peak > hi-1 || r.Cost.Needed <= hi-1 || r.Cost.Vertices == 0 || r.Cost.Edges == 0 {
		t.Errorf("one byte less: held %d, cost %+v: want the need over the budget, with the figures", peak, r.Cost)
	}
	if fmt.Sprint(r.Annotators) != fmt.Sprint(bounded.Annotators) {
		t.Errorf("over memory, the answer is not the bounded search's:\n%v\n%v", r.Annotators, bounded.Annotators)
	}
	if reason := opt.FallbackReason(&r); !strings.Contains(reason, "its exact search needs at least") {
		t.Errorf("FallbackReason: %q", reason)
	}

	_, _, err = evaluateWithin(t, opt, boundedPeak-1, hyp, &s)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Err.Stage != lattice.StageBounded || tl.Line != 1 || tl.Err.Cost.SrcTokens != 20_000 {
		t.Fatalf("below the bounded search's need: %v, want a *TooLargeError of its bounded search", err)
	}
	for _, small := range []int64{1 << 10, 100 << 10} {
		_, peak, err := evaluateWithin(t, opt, small, hyp, &s)
		if !errors.As(err, &tl) || peak > small {
			t.Errorf("%d bytes: %v (held %d), want a *TooLargeError within the budget", small, err, peak)
		}
	}
}

// TestScoreStopsAtTheSentenceTooLarge: the sentences before it are reported, then the error
// names it.
func TestScoreStopsAtTheSentenceTooLarge(t *testing.T) {
	hyps, gold := nearIdenticalCorpus(rand.New(rand.NewSource(2)), 100, func(i int) int {
		if i == 70 {
			return 100_000
		}
		return 20
	})
	for _, workers := range []int{1, 3} {
		opt := DefaultOptions()
		opt.Workers = workers
		var seen []int
		_, err := scoreWithin(hyps, gold, opt, func(r *SentenceResult) error {
			seen = append(seen, r.Index)
			return nil
		}, MemoryBudget{Max: 4 << 20, Scoring: 4 << 20})
		var tl *TooLargeError
		if !errors.As(err, &tl) || tl.Index != 70 || tl.Line != 211 {
			t.Fatalf("%d workers: %v, want a *TooLargeError for sentence 71, line 211", workers, err)
		}
		if len(seen) != 70 || seen[69] != 69 {
			t.Errorf("%d workers: %d sentences reported before the error, want the 70 before it", workers, len(seen))
		}
		if msg := err.Error(); !strings.Contains(msg, "sentence 71 (gold line 211)") || !strings.Contains(msg, "100,000 source") {
			t.Errorf("%d workers: message %q", workers, msg)
		}
	}
}

// TestSetIndexAllocatesOnlyForAnError: setIndex runs for every sentence scored, and errors.As's
// target escapes to the heap: it must be allocated only when there is an error to look into.
func TestSetIndexAllocatesOnlyForAnError(t *testing.T) {
	if allocs := testing.AllocsPerRun(100, func() { setIndex(nil, 3) }); allocs != 0 {
		t.Errorf("setIndex(nil, 3): %v allocations, want none", allocs)
	}
	tl := &TooLargeError{Line: 211}
	setIndex(fmt.Errorf("wrapped: %w", tl), 70)
	if tl.Index != 70 {
		t.Errorf("the wrapped *TooLargeError's index is %d, want 70", tl.Index)
	}
}

// TestSharedBudgetDoesNotChangeResults: workers that contend for a budget too small for all
// of them at once (they release, wait their turn and score again) give the results of one
// worker, the bounded fallbacks included.
func TestSharedBudgetDoesNotChangeResults(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	hyps, gold := nearIdenticalCorpus(rng, 64, func(i int) int { // two chunks of 32: two workers
		if i%2 == 0 {
			return 10_000 + rng.Intn(10_000)
		}
		return 30
	})
	// A budget that holds the exact search of the smaller half of the large sentences, one at a
	// time (and the bounded search of every sentence): the larger half are scored by the
	// bounded search, and two workers with large sentences at once contend.
	var needs []int64
	var boundedNeed int64
	capped := DefaultOptions()
	capped.MaxWork = 1
	for i := 0; i < len(gold); i += 2 {
		_, need, _ := evaluateWithin(t, DefaultOptions(), probe, hyps[i], &gold[i])
		_, bneed, _ := evaluateWithin(t, capped, probe, hyps[i], &gold[i])
		needs, boundedNeed = append(needs, need), max(boundedNeed, bneed)
	}
	slices.Sort(needs)
	scoring := max(needs[len(needs)/2], boundedNeed)
	mb := MemoryBudget{Max: scoring, Scoring: scoring}
	var runs [2][]string
	bounded := 0
	for k, workers := range []int{1, 4} {
		opt := DefaultOptions()
		opt.Workers = workers
		tot, err := scoreWithin(hyps, gold, opt, func(r *SentenceResult) error {
			runs[k] = append(runs[k], fmt.Sprintf("%+v", *r))
			if k == 0 && r.Bounded != lattice.Exact {
				bounded++
			}
			return nil
		}, mb)
		if err != nil {
			t.Fatal(err)
		}
		runs[k] = append(runs[k], fmt.Sprintf("%+v", tot))
	}
	for i := range runs[0] {
		if runs[0][i] != runs[1][i] {
			t.Fatalf("result %d differs:\n 1 worker: %s\n4 workers: %s", i, runs[0][i], runs[1][i])
		}
	}
	if bounded == 0 {
		t.Errorf("no sentence over the budget for the exact search (%d bytes): the test is too weak", scoring)
	}
	t.Logf("%d of %d sentences over the budget for the exact search", bounded, len(gold))
}

// TestLongHypothesisSplitOnce: a long hypothesis is split into one array of exactly its tokens,
// reserved before it is made; split by appending, it would be made twenty times over (each
// doubling beside the last, unreserved), which took a one-line system 29% past its budget.
func TestLongHypothesisSplitOnce(t *testing.T) {
	const tokens = 1 << 20
	hyp := strings.Repeat("a ", tokens)
	s := &Sentence{Source: "a b", Tokens: []string{"a", "b"}, Line: 1}
	ev := newEvaluator(DefaultOptions(), MemoryBudget{}, membudget.New(1<<30))
	allocs := testing.AllocsPerRun(5, func() {
		ev.hypToks = nil
		if err := ev.splitHypothesis(s, hyp); err != nil {
			t.Fatal(err)
		}
		if len(ev.hypToks) != tokens {
			t.Fatalf("%d tokens, want %d", len(ev.hypToks), tokens)
		}
		if held := ev.acct.Held(); held != scratch.Bytes(ev.hypToks, tokens) {
			t.Fatalf("%d bytes reserved for %d tokens, want %d", held, tokens, scratch.Bytes(ev.hypToks, tokens))
		}
		ev.release()
	})
	if allocs > 1 { // the average over the runs: an allocation elsewhere in the process counts too
		t.Errorf("%v allocations to split %d tokens, want one array", allocs, tokens)
	}
}

// TestCheckMemory: a budget that leaves nothing beyond the headroom is refused before anything
// is read, naming the budget and what to do; one that leaves room is not.
func TestCheckMemory(t *testing.T) {
	opt := DefaultOptions()
	opt.MaxMemory = 1 << 20
	err := opt.CheckMemory()
	if err == nil || !strings.Contains(err.Error(), "1.0 MB (--max-memory)") || !strings.Contains(err.Error(), "leaves nothing to read and score with") {
		t.Errorf("--max-memory 1M: %v, want the refusal naming the budget", err)
	}
	opt.MaxMemory = 64 << 20
	if m, _, ok := membudget.Machine(); ok && m < opt.MaxMemory {
		t.Skipf("this process may use only %s", membudget.Bytes(m))
	}
	if err := opt.CheckMemory(); err != nil {
		t.Errorf("--max-memory 64M: %v, want no error", err)
	}
}
