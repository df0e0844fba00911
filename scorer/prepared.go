package scorer

import (
	"slices"
	"sync"

	"maxmatch/internal/scratch"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
	"maxmatch/membudget"
)

// PreparedGold is a gold standard made ready for scoring many hypotheses of its sentences (n-best
// lists, tuning, rewards): the token ids of every source sentence and of every annotator's gold
// edits are computed once, and shared, read-only, by any number of PreparedEvaluators running in
// parallel. A hypothesis then costs its own tokens, its lattice and one path per annotator.
type PreparedGold struct {
	sentences []Sentence
	opt       Options
	vocab     levenshtein.Interner // the tokens of the sources and gold edits; never written after Prepare
	vocabSize int32
	src       [][]int32          // per sentence, the ids of its tokens
	gold      [][][]lattice.Gold // per sentence, per annotator (visiting order): its gold edits as the lattice compares them

	// The memory budget its evaluators share (Options.MaxMemory, see MemoryBudget), divided
	// when the first evaluator is made.
	budgetOnce sync.Once
	memory     MemoryBudget
	budget     *membudget.Budget
	budgetErr  error
}

// Prepare makes gold ready for scoring with opt. The sentences are kept, not copied.
func Prepare(gold []Sentence, opt Options) *PreparedGold {
	p := &PreparedGold{sentences: gold, opt: opt, src: make([][]int32, len(gold)), gold: make([][][]lattice.Gold, len(gold))}
	// One interner numbers every token of the gold; the converted gold edits' buffers are
	// reused from sentence to sentence, so each sentence's are copied out.
	var conv goldIDs
	ids := make([]int32, 0, 1024)
	for i := range gold {
		s := &gold[i]
		start := len(ids)
		ids = p.vocab.IDs(ids, s.Tokens)
		p.src[i] = ids[start:len(ids):len(ids)]
		perAnnotator := make([][]lattice.Gold, len(s.Annotators))
		for a := range s.Annotators {
			perAnnotator[a] = cloneGold(conv.convert(opt.ScoredGold(&s.Annotators[a]), p.vocab.ID))
		}
		p.gold[i] = perAnnotator
		if cap(ids)-len(ids) < 256 {
			ids = make([]int32, 0, 1024)
		}
	}
	p.vocabSize = p.maxID() + 1
	return p
}

// maxID returns the largest token id of the sources and gold edits (-1 when there is none): the
// Interner numbers tokens 0, 1, … as it meets them, so it has maxID+1 tokens.
func (p *PreparedGold) maxID() int32 {
	m := int32(-1)
	for i := range p.src {
		for _, id := range p.src[i] {
			m = max(m, id)
		}
		for _, a := range p.gold[i] {
			for _, g := range a {
				for _, id := range g.Original {
					m = max(m, id)
				}
				for _, c := range g.Corrections {
					for _, id := range c {
						m = max(m, id)
					}
				}
			}
		}
	}
	return m
}

// Sentences returns the gold sentences.
func (p *PreparedGold) Sentences() []Sentence { return p.sentences }

// Len returns the number of gold sentences.
func (p *PreparedGold) Len() int { return len(p.sentences) }

// Options returns the options the gold was prepared with.
func (p *PreparedGold) Options() Options { return p.opt }

// cloneGold copies gold edits out of an Evaluator's reused buffers.
func cloneGold(lg []lattice.Gold) []lattice.Gold {
	out := make([]lattice.Gold, len(lg))
	for i, g := range lg {
		out[i] = lattice.Gold{Start: g.Start, End: g.End, Original: slices.Clone(g.Original)}
		out[i].Corrections = make([][]int32, len(g.Corrections))
		for j, c := range g.Corrections {
			out[i].Corrections[j] = slices.Clone(c)
		}
	}
	return out
}

// PreparedEvaluator scores hypotheses against a PreparedGold; it keeps buffers between calls and
// is not safe for concurrent use (use one per goroutine; the PreparedGold is shared, and so is
// its memory budget).
type PreparedEvaluator struct {
	p      *PreparedGold
	ev     *Evaluator           // its buffers and memory account
	err    error                // the memory budget could not be divided (see NewEvaluator)
	local  levenshtein.Interner // tokens the gold does not have, numbered from p.vocabSize
	nLocal int32
}

// Evaluator returns a new evaluator of hypotheses against p.
func (p *PreparedGold) Evaluator() *PreparedEvaluator {
	p.budgetOnce.Do(func() {
		if p.memory, p.budgetErr = newMemoryBudget(p.opt); p.budgetErr == nil {
			p.budget = membudget.New(p.memory.Scoring)
		}
	})
	if p.budgetErr != nil {
		return &PreparedEvaluator{p: p, err: p.budgetErr}
	}
	return &PreparedEvaluator{p: p, ev: newEvaluator(p.opt, p.memory, p.budget)}
}

// NewEvaluator returns an Evaluator with p's options that shares p's memory budget: for gold
// sentences that are not p's (a service's requests that carry their own).
func (p *PreparedGold) NewEvaluator() (*Evaluator, error) {
	pe := p.Evaluator()
	if pe.err != nil {
		return nil, pe.err
	}
	return pe.ev, nil
}

// Evaluate scores hypothesis against every annotator of gold sentence i (0-based), as
// Evaluator.Evaluate does, and sets Index; Chosen is left at 0 (see SentenceResult.ChooseAlone
// and Totals.Choose). It fails as Evaluator.Evaluate does: a *TooLargeError for a sentence that
// does not fit in the memory budget.
func (e *PreparedEvaluator) Evaluate(i int, hypothesis string) (SentenceResult, error) {
	if e.err != nil {
		return SentenceResult{}, e.err
	}
	s := &e.p.sentences[i]
	src := e.p.src[i]
	r, err := e.ev.withinBudget(s, func() (SentenceResult, error) {
		hyp, err := e.hypothesisIDs(s, src, hypothesis)
		if err != nil {
			return SentenceResult{Source: s.Source, Hypothesis: hypothesis, Gold: s}, err
		}
		return e.ev.evaluateIDs(hypothesis, s, src, hyp, e.ev.hypToks, e.p.gold[i])
	})
	r.Index = i
	setIndex(err, i)
	if e.nLocal > maxInternedTokens {
		e.local, e.nLocal = levenshtein.Interner{}, 0
	}
	return r, err
}

// hypothesisIDs splits the hypothesis of gold sentence s (whose token ids are src) into the
// Evaluator's token buffers, reserved from the memory budget as Evaluator.tokens reserves them,
// and returns its token ids: the gold's, or ids from p.vocabSize for tokens the gold does not
// have.
func (e *PreparedEvaluator) hypothesisIDs(s *Sentence, src []int32, hypothesis string) ([]int32, error) {
	ev := e.ev
	if err := ev.splitHypothesis(s, hypothesis); err != nil {
		return nil, err
	}
	m := len(ev.hypToks)
	var err error
	if slices.Equal(ev.hypToks, s.Tokens) {
		return src, nil // a hypothesis equal to its source needs no ids
	}
	if ev.hyp, err = scratch.Resize(ev.acct, ev.hyp, m); err != nil {
		return nil, ev.tokensTooLarge(s, m, err)
	}
	ev.hyp = alignedIDs(ev.hyp[:0], s.Tokens, src, ev.hypToks, e.tokenID)
	return ev.hyp, nil
}

// tokenID returns the id of a hypothesis's token: the gold's, or one from p.vocabSize for a
// token the gold does not have.
func (e *PreparedEvaluator) tokenID(t string) int32 {
	id, ok := e.p.vocab.Lookup(t)
	if !ok {
		id = e.p.vocabSize + e.local.ID(t)
		e.nLocal = max(e.nLocal, id-e.p.vocabSize+1)
	}
	return id
}

// EvaluateAll scores hyps, hypotheses of gold sentence i, each on its own, and appends their
// results to dst in order, each with its annotator chosen by ChooseAlone. Identical hypotheses
// are scored once and share their result's slices (treat them as read-only). It stops at the
// first error (see Evaluate), with the results before it appended.
func (e *PreparedEvaluator) EvaluateAll(dst []SentenceResult, i int, hyps []string) ([]SentenceResult, error) {
	base := len(dst)
	var seen map[string]int // for long lists; short ones are searched
	for k, h := range hyps {
		same := -1
		if len(hyps) > 16 {
			if seen == nil {
				seen = make(map[string]int, len(hyps))
			}
			if j, ok := seen[h]; ok {
				same = j
			} else {
				seen[h] = k
			}
		} else {
			for j := range k {
				if hyps[j] == h {
					same = j
					break
				}
			}
		}
		if same >= 0 {
			dst = append(dst, dst[base+same])
			continue
		}
		r, err := e.Evaluate(i, h)
		if err != nil {
			return dst, err
		}
		r.ChooseAlone(e.p.opt.Beta)
		dst = append(dst, r)
	}
	return dst, nil
}

// ChooseAlone chooses r's annotator by the sentence-level rule: the annotator the official would
// choose for a corpus made of this sentence alone — the best F_β of its own counts, ties going
// to more correct edits, then to fewer proposed + β²·gold edits, then to the first visited
// (Totals.Choose from zero totals). The official corpus score has no sentence-level score; this
// one is what ScoreSentence and the n-best commands report.
func (r *SentenceResult) ChooseAlone(beta float64) {
	t := Totals{Beta: beta}
	t.Choose(r)
}

// PRF returns the precision, recall and F_β of counts taken on their own, with the official's
// conventions for 0/0: P = 1 when nothing is proposed, R = 1 when there is no gold edit, and
// F = 0 when P = R = 0.
func (c Counts) PRF(beta float64) (p, r, f float64) {
	t := Totals{Beta: beta, Correct: float64(c.Correct), Proposed: float64(c.Proposed), Gold: float64(c.Gold)}
	return t.PRF()
}
