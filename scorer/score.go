package scorer

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"

	"maxmatch/internal/pytext"
	"maxmatch/internal/scratch"
	"maxmatch/internal/wording"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
	"maxmatch/membudget"
)

// Compat selects which official behaviour to reproduce.
type Compat uint8

const (
	// Compat32 is release 3.2 of the official scorer, quirks included (the default).
	Compat32 Compat = iota
	// CompatMaster is the later GitHub master: insertions before the first source token are
	// reported at offset 0.
	CompatMaster
	// CompatFixed corrects every documented quirk (every Fix; docs/exactness.md lists them).
	CompatFixed
)

func (c Compat) String() string {
	return [...]string{"3.2", "master", "fixed"}[c]
}

// ParseCompat reads "3.2", "master" or "fixed".
func ParseCompat(s string) (Compat, error) {
	for c := Compat32; c <= CompatFixed; c++ {
		if c.String() == s {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown compatibility mode %q: expected 3.2, master or fixed", s)
}

// Options are the scorer's parameters; DefaultOptions gives the official defaults.
type Options struct {
	MaxUnchangedWords      int     // u: unchanged tokens allowed inside one edit (default 2)
	Beta                   float64 // β of F_β (default 0.5)
	IgnoreWhitespaceCasing bool    // drop system edits that only change white space or case
	Compat                 Compat  // the official behaviour to reproduce
	Fixes                  Fix     // quirks to correct on top of Compat's

	// MaxMemory is the memory budget of a run, in bytes (0: DefaultMaxMemory). Every sentence
	// whose exact search fits in it is scored exactly; one whose exact search does not is
	// scored by the bounded search (see package lattice), and one that not even the bounded
	// search fits makes Score fail with a *TooLargeError. See MemoryBudget for how it divides.
	MaxMemory int64
	// Shared, when not nil, is a memory budget shared with other scorings that run at the
	// same time (several systems scored at once: NewSharedBudget); MaxMemory is then its. The
	// results do not depend on it: whether a sentence fits depends on the whole budget, not
	// on what others hold (see package membudget).
	Shared *SharedBudget
	// SentenceMemory, when positive, is the most one sentence's scoring may hold of the
	// budget: a share for each piece of work where the budget serves many (a service's
	// requests), so that none can take it all. A sentence whose exact search does not fit in
	// it is scored by the bounded search, and one that not even the bounded search fits is a
	// *TooLargeError, as with MaxMemory. It does change which sentences are scored exactly.
	SentenceMemory int64
	// MaxEdges and MaxWork are optional caps (0 or negative: none) on one sentence's lattice
	// closure and on the official scorer's predicted work on it (see lattice.Options); over
	// either, the sentence is scored by the bounded search.
	MaxEdges, MaxWork int
	// Workers is the number of goroutines evaluating sentences (0: one per CPU). The results do
	// not depend on it.
	Workers int
}

// FallbackReason says, for a user, why a sentence was scored by the bounded search, with our
// figures: the cap it was over, or what its exact search needed and the memory budget.
func (o Options) FallbackReason(r *SentenceResult) string {
	c := r.Cost
	switch r.Bounded {
	case lattice.OverWork:
		return fmt.Sprintf("the official scorer's predicted work on it is over --max-work=%d", o.MaxWork)
	case lattice.OverEdges:
		return fmt.Sprintf("its lattice closure is over --max-edges=%d", o.MaxEdges)
	case lattice.OverMemory:
		edges := fmt.Sprintf("%s closure edges when it stopped", membudget.Count(c.Edges))
		if c.EdgesCounted {
			edges = fmt.Sprintf("a closure of at least %s edges, counted before building it", membudget.Count(c.Edges))
		}
		return fmt.Sprintf("its exact search needs at least %s (%s lattice vertices, %s), more than the memory budget leaves for scoring (--max-memory %s)",
			membudget.Bytes(c.Needed), membudget.Count(c.Vertices), edges, membudget.Bytes(o.Memory()))
	}
	return "within the budgets"
}

// SearchReason says, for a user, which search found a sentence's edits and why, with the
// figures the choice compared (the closure's edges at most, the states of the search without
// it): "closure (…)", "without the closure (…)", "bounded (…)" (see FallbackReason), or
// "none (…)" for a hypothesis equal to its source.
func (o Options) SearchReason(r *SentenceResult) string {
	c := &r.Cost
	states := membudget.Count(int(c.States)) + " " + wording.Noun(int(c.States), "state")
	why := c.Reason.String()
	switch {
	case r.Search == lattice.SearchNone:
		return "none (the hypothesis is its source)"
	case r.Search == lattice.SearchBounded:
		return "bounded (" + o.FallbackReason(r) + ")"
	case r.Search == lattice.SearchNoClosure:
		return fmt.Sprintf("without the closure (%s, predicted cheaper than its closure of over %s %s)",
			states, membudget.Count(int(c.ClosureBound-1)), wording.Noun(int(c.ClosureBound-1), "edge"))
	}
	bound := membudget.Count(int(c.ClosureBound)) + " " + wording.Noun(int(c.ClosureBound), "edge")
	switch c.Reason {
	case lattice.ReasonSmallClosure:
		why = fmt.Sprintf("at most %s: small", bound)
	case lattice.ReasonClosureCheaper:
		why = fmt.Sprintf("at most %s, predicted cheaper than %s without it", bound, states)
	case lattice.ReasonEdgeCap:
		why = fmt.Sprintf("--max-edges=%d asks for it", o.MaxEdges)
	case lattice.ReasonNoClosureOver:
		why = fmt.Sprintf("the search without it, %s, does not fit in the memory budget", states)
	default:
		why = "the search without it was not sure: " + why
	}
	return "closure (" + why + ")"
}

// DefaultMaxMemory is the default memory budget: membudget.DefaultFraction (half) of the
// smallest of the machine's memory, its cgroup's limit and the address-space limit, and where
// that figure comes from.
func DefaultMaxMemory() (int64, string) { return membudget.Default() }

// Memory returns the memory budget in effect: MaxMemory, or DefaultMaxMemory; MaxMemory is
// capped at what the process may use at all (membudget.Machine: the physical memory, the
// cgroup's limit, what remains of the address-space limit), beyond which no budget can hold.
func (o Options) Memory() int64 {
	if o.MaxMemory > 0 {
		if m, _, ok := membudget.Machine(); ok && m < o.MaxMemory {
			return m
		}
		return o.MaxMemory
	}
	m, _ := DefaultMaxMemory()
	return m
}

// CheckMemory reports a memory budget that leaves nothing to read and score with beyond the
// headroom every run keeps: a run under it would fail once its inputs are read, or, under an
// address-space limit, the Go runtime itself would fail to grow its heap while reading them
// (its fatal "out of memory"). The commands check it before reading any file.
func (o Options) CheckMemory() error {
	budget := o.Memory()
	if headroom := memoryHeadroom(budget); budget <= headroom {
		where := "--max-memory"
		if o.MaxMemory <= 0 || budget < o.MaxMemory {
			_, where = DefaultMaxMemory()
			if m, source, ok := membudget.Machine(); ok && m == budget {
				where = source
			}
		}
		return fmt.Errorf("the memory budget, %s (%s), leaves nothing to read and score with beyond the headroom it keeps (%s): give a larger --max-memory, or under an address-space limit (ulimit -v, prlimit --as) allow at least 2 GB, which the Go runtime needs for its own reservations", membudget.Bytes(budget), where, membudget.Bytes(headroom))
	}
	return nil
}

// MemoryBudget is how a run's memory budget divides: what was in use when scoring started
// (the inputs, read and parsed), a headroom for what is not accounted (the Go runtime and its
// garbage collector, small per-sentence buffers, results), and the rest, which the workers
// share for the large structures of the sentences they score (bands, lattices, closures,
// searches; see package membudget).
type MemoryBudget struct {
	Max, InUse, Headroom, Scoring int64
}

// memoryHeadroom is the part of the budget left to what is not accounted: 16 MB, and a
// sixteenth of the budget for the garbage collector to work in.
func memoryHeadroom(max int64) int64 { return 16<<20 + max/16 }

// newMemoryBudget measures the memory in use and divides the budget. When the inputs take a
// sizable share of it, a garbage collection first makes the figure exact.
func newMemoryBudget(o Options) (MemoryBudget, error) {
	mb := MemoryBudget{Max: o.Memory()}
	mb.InUse = heapInUse()
	if mb.InUse > mb.Max/8 {
		runtime.GC()
		mb.InUse = heapInUse()
	}
	mb.Headroom = memoryHeadroom(mb.Max)
	mb.Scoring = mb.Max - mb.InUse - mb.Headroom
	if mb.Scoring <= 0 {
		return mb, fmt.Errorf("the memory budget, --max-memory %s, is not more than what is in use before scoring (%s: the inputs, read and parsed) and the headroom it keeps (%s)",
			membudget.Bytes(mb.Max), membudget.Bytes(mb.InUse), membudget.Bytes(mb.Headroom))
	}
	return mb, nil
}

// SharedBudget is one run's memory budget, divided once, for scorings that run at the same time
// and share it (Options.Shared).
type SharedBudget struct {
	memory MemoryBudget
	budget *membudget.Budget
}

// NewSharedBudget measures the memory in use and divides opt's budget (as Score does) for
// scorings that will share it.
func NewSharedBudget(opt Options) (*SharedBudget, error) {
	mb, err := newMemoryBudget(opt)
	if err != nil {
		return nil, err
	}
	return &SharedBudget{memory: mb, budget: membudget.New(mb.Scoring)}, nil
}

// heapInUse returns the bytes of the Go heap's objects and stacks now.
func heapInUse() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(s)
	var n int64
	for _, x := range s {
		if x.Value.Kind() == metrics.KindUint64 {
			n += int64(x.Value.Uint64())
		}
	}
	return n
}

// TooLargeError is a sentence that not even the bounded search can score within the memory
// budget. Score stops at it.
type TooLargeError struct {
	Index  int    // 0-based
	Line   int    // the gold S line
	File   string // the gold file, when the caller sets it
	Memory MemoryBudget
	Share  int64 // Options.SentenceMemory, when it was the limit (less than the budget)
	Err    *lattice.TooLargeError
	// Sentence, when set, names the sentence in the message instead of its index and line
	// (a service's request that carries its own sentence has neither).
	Sentence string
}

func (e *TooLargeError) Error() string {
	what := e.Sentence
	if what == "" {
		where := "" // a sentence without a gold line (a reference aligned by "maxmatch m2") has none
		switch {
		case e.File != "":
			where = fmt.Sprintf(" (%s:%d)", e.File, e.Line)
		case e.Line > 0:
			where = fmt.Sprintf(" (gold line %d)", e.Line)
		}
		what = fmt.Sprintf("sentence %d%s", e.Index+1, where)
	}
	if e.Share > 0 {
		return fmt.Sprintf("%s is too large for one sentence's share of the memory budget: %v", what, e.Err)
	}
	return fmt.Sprintf("%s is too large for the memory budget: %v (--max-memory %s, less %s in use when scoring started and %s of headroom); a larger --max-memory would score it",
		what, e.Err, membudget.Bytes(e.Memory.Max), membudget.Bytes(e.Memory.InUse), membudget.Bytes(e.Memory.Headroom))
}

func (e *TooLargeError) Unwrap() error { return e.Err }

// setIndex sets the corpus position i of the sentence of a *TooLargeError err holds, if any.
// errors.As's target escapes: it is declared past the check for no error, so that it is
// allocated only for an error.
func setIndex(err error, i int) {
	if err == nil {
		return
	}
	var tl *TooLargeError
	if errors.As(err, &tl) {
		tl.Index = i
	}
}

// DefaultOptions returns the official scorer's defaults: u = 2, β = 0.5, release 3.2.
func DefaultOptions() Options {
	return Options{MaxUnchangedWords: 2, Beta: 0.5}
}

// Edit is a system edit: source tokens [Start:End] (Original) replaced by Correction.
type Edit struct {
	Start, End int
	Original   string
	Correction string
}

// Counts are the numbers the scorer adds up: matched, proposed and gold edits.
type Counts struct {
	Correct, Proposed, Gold int
}

// Add returns c + d.
func (c Counts) Add(d Counts) Counts {
	return Counts{c.Correct + d.Correct, c.Proposed + d.Proposed, c.Gold + d.Gold}
}

// AnnotatorResult is a sentence scored against one annotator.
type AnnotatorResult struct {
	Annotator int
	Gold      []GoldEdit
	Edits     []Edit // the system's edits, in sentence order
	Correct   []Edit // the edits that matched, as the official counts them
}

// Counts returns the annotator's correct, proposed and gold counts.
func (a *AnnotatorResult) Counts() Counts {
	return Counts{len(a.Correct), len(a.Edits), len(a.Gold)}
}

// SentenceResult is one sentence scored against each of its annotators.
type SentenceResult struct {
	Index      int // 0-based
	Source     string
	Hypothesis string
	Annotators []AnnotatorResult // in the official's visiting order
	Chosen     int               // index into Annotators of the annotator chosen (see Totals.Choose)
	// Bounded says whether the lattice was too large for the exact search, and so the bounded
	// search was used, and why (see package lattice); Cost gives the lattice's figures.
	Bounded lattice.Fallback
	Cost    lattice.Cost
	// Search is the search that found the last annotator's path: the official's over the
	// closure, the same path without it, the bounded one, or none for a hypothesis equal to
	// its source (a sentence only ever goes from the search without the closure to another).
	Search lattice.Search
	// Gold is the gold sentence scored against.
	Gold *Sentence
}

// ChosenResult returns the chosen annotator's result.
func (r *SentenceResult) ChosenResult() *AnnotatorResult { return &r.Annotators[r.Chosen] }

// Evaluator scores sentences; it keeps buffers between calls and is not safe for concurrent
// use (use one per goroutine).
type Evaluator struct {
	opt      Options
	memory   MemoryBudget
	acct     *membudget.Account
	lat      lattice.Lattice
	intern   levenshtein.SentenceInterner // the sentence's tokens, forgotten after it
	src, hyp []int32
	hypToks  []string
	gold     goldIDs
	edits    []Edit  // a sentence's edits and correct edits, every annotator's
	spans    []int32 // per annotator, where its edits start, end and its correct edits end in edits
	// transient says that each result is read before the next call and not kept (Score
	// without a callback): its annotators and edits are then the Evaluator's buffers, not
	// arrays of their own (two allocations a sentence fewer).
	transient  bool
	annotators []AnnotatorResult
}

// NewEvaluator returns an Evaluator with the given options and a memory budget of its own
// (Options.MaxMemory, divided as MemoryBudget says, measured now). Score shares one budget
// among its workers.
func NewEvaluator(opt Options) (*Evaluator, error) {
	mb, err := newMemoryBudget(opt)
	if err != nil {
		return nil, err
	}
	return newEvaluator(opt, mb, membudget.New(mb.Scoring)), nil
}

// newEvaluator returns an Evaluator whose account is budget's (its SentenceMemory share of it);
// nil for none: an Evaluator that reserves nothing.
func newEvaluator(opt Options, mb MemoryBudget, budget *membudget.Budget) *Evaluator {
	var acct *membudget.Account
	if budget != nil {
		acct = budget.LimitedAccount(opt.SentenceMemory)
	}
	return &Evaluator{opt: opt, memory: mb, acct: acct}
}

func (ev *Evaluator) latticeOptions() lattice.Options {
	f := ev.opt.Effective()
	lo := lattice.Options{
		MaxUnchanged:   ev.opt.MaxUnchangedWords,
		MaxEdges:       ev.opt.MaxEdges,
		MaxWork:        ev.opt.MaxWork,
		Memory:         ev.acct,
		EdgesOnce:      f.Has(FixDuplicateEdges),
		RemoveAllNoops: f.Has(FixNoopRemoval),
		StrictWalk:     f.Has(FixInsertionWalk),
		IntegerCosts:   f.Has(FixExactCosts),
	}
	if f.Has(FixFirstRowOffsets) {
		lo.FirstRow = lattice.FirstRowZero
	}
	return lo
}

// Evaluate scores hypothesis against every annotator of s. Chosen is left at 0: the choice
// depends on the corpus totals so far (Totals.Choose).
//
// Its large structures are reserved from the memory budget. A sentence that does not fit
// even for the bounded search gives a *TooLargeError. When the budget is held by other workers
// (Score's), Evaluate releases what it holds, waits until it is the one worker that waits for
// memory (see package membudget), and scores the sentence again: the result is the same.
func (ev *Evaluator) Evaluate(hypothesis string, s *Sentence) (SentenceResult, error) {
	return ev.withinBudget(s, func() (SentenceResult, error) { return ev.evaluate(hypothesis, s) })
}

// maxInternedTokens is how many distinct tokens a PreparedEvaluator's interner of the tokens the
// gold does not have holds before it starts afresh between two sentences: token ids only need
// to agree within a sentence, and the bound keeps a long-running service's memory flat whatever
// text it is sent. (An Evaluator's interner holds one sentence's tokens: see
// levenshtein.SentenceInterner.)
const maxInternedTokens = 1 << 16

// withinBudget runs evaluate, an evaluation of s, under the memory budget's protocol: what it
// held is released after it; when the budget was busy, it waits its turn and runs again.
func (ev *Evaluator) withinBudget(s *Sentence, evaluate func() (SentenceResult, error)) (SentenceResult, error) {
	defer ev.intern.Reset()
	for {
		res, err := evaluate()
		ev.release()
		if errors.Is(err, membudget.ErrBusy) {
			ev.acct.Exclusive()
			continue
		}
		ev.acct.Done()
		if err != nil {
			err = ev.sentenceError(err, s)
		}
		return res, err
	}
}

// sentenceError names the sentence in a *lattice.TooLargeError (in a function of its own:
// errors.As's target escapes, and is allocated only where there is an error).
func (ev *Evaluator) sentenceError(err error, s *Sentence) error {
	var tl *lattice.TooLargeError
	if errors.As(err, &tl) {
		e := &TooLargeError{Line: s.Line, Memory: ev.memory, Err: tl}
		if ev.opt.SentenceMemory > 0 && ev.acct.Limit() == ev.opt.SentenceMemory {
			e.Share = ev.opt.SentenceMemory
		}
		return e
	}
	return err
}

// release frees the sentence's large buffers (the lattice's and the tokens'): a worker holds
// budget only while it scores a sentence.
func (ev *Evaluator) release() {
	if ev.acct.Held() == 0 {
		return // every buffer small: kept for the next sentence
	}
	ev.lat.Release()
	ev.src = scratch.Free(ev.acct, ev.src)
	ev.hyp = scratch.Free(ev.acct, ev.hyp)
	ev.hypToks = scratch.Free(ev.acct, ev.hypToks)
}

// tokens interns the sentence's source and hypothesis tokens into the Evaluator's buffers,
// which are reserved from the memory budget like the lattice's (the hypothesis's split is
// accounted once its length is known; see scratch.Adopt). A refusal is returned as a
// *lattice.TooLargeError of the token arrays.
func (ev *Evaluator) tokens(hypothesis string, s *Sentence) error {
	var err error
	if ev.src, err = scratch.Resize(ev.acct, ev.src, len(s.Tokens)); err != nil {
		return ev.tokensTooLarge(s, -1, err)
	}
	ev.src = ev.intern.IDs(ev.src[:0], s.Tokens)
	if err := ev.splitHypothesis(s, hypothesis); err != nil {
		return err
	}
	m := len(ev.hypToks)
	if ev.hyp, err = scratch.Resize(ev.acct, ev.hyp, m); err != nil {
		return ev.tokensTooLarge(s, m, err)
	}
	ev.hyp = alignedIDs(ev.hyp[:0], s.Tokens, ev.src, ev.hypToks, ev.intern.ID)
	return nil
}

// alignedIDs appends to dst the ids of hypToks, a hypothesis of the source whose tokens are
// srcToks, with ids src; id gives any other token's. A hypothesis keeps most of its source's
// tokens, in order: a token equal to the source token after the last one it matched, or to the
// one after that, takes that one's id without a lookup (on CoNLL-2014's systems, nine tokens in
// ten; going on after a looked-up token's first position in the source found no more).
func alignedIDs(dst []int32, srcToks []string, src []int32, hypToks []string, id func(string) int32) []int32 {
	k := 0 // the source position the next token is compared with
	for _, t := range hypToks {
		var x int32
		switch {
		case k < len(srcToks) && srcToks[k] == t:
			x, k = src[k], k+1
		case k+1 < len(srcToks) && srcToks[k+1] == t:
			x, k = src[k+1], k+2
		default:
			x = id(t)
		}
		dst = append(dst, x)
	}
	return dst
}

// splitHypothesis splits the hypothesis of s into ev.hypToks, reserved from the memory budget.
// One that may have more tokens than a small buffer holds is counted first and split into an
// array of exactly its tokens, reserved before it is made: split by appending, the array would
// grow by doubling, holding each old array beside the new one, none of it reserved until the
// end (a 50 MB line of 25 million tokens held 1.2 GB of arrays for 400 MB of tokens).
func (ev *Evaluator) splitHypothesis(s *Sentence, hypothesis string) error {
	var err error
	if scratch.Bytes(ev.hypToks, len(hypothesis)/2+1) > scratch.Small(ev.acct) {
		m := pytext.CountFields(hypothesis)
		if ev.hypToks, err = scratch.Resize(ev.acct, ev.hypToks, m); err != nil {
			return ev.tokensTooLarge(s, m, err)
		}
		ev.hypToks = pytext.AppendFields(ev.hypToks[:0], hypothesis)
		return nil
	}
	ev.hypToks = pytext.AppendFields(ev.hypToks[:0], hypothesis)
	if ev.hypToks, err = scratch.Adopt(ev.acct, ev.hypToks); err != nil {
		return ev.tokensTooLarge(s, len(ev.hypToks), err)
	}
	return nil
}

// tokensTooLarge is a refusal of the token arrays of s, whose hypothesis has m tokens (-1: not
// split yet).
func (ev *Evaluator) tokensTooLarge(s *Sentence, m int, err error) error {
	return lattice.AsTooLarge(lattice.StageTokens, lattice.Cost{SrcTokens: len(s.Tokens), HypTokens: max(m, 0)}, err)
}

func (ev *Evaluator) evaluate(hypothesis string, s *Sentence) (SentenceResult, error) {
	if err := ev.tokens(hypothesis, s); err != nil {
		return SentenceResult{Source: s.Source, Hypothesis: hypothesis, Gold: s}, err
	}
	return ev.evaluateIDs(hypothesis, s, ev.src, ev.hyp, ev.hypToks, nil)
}

// evaluateIDs is evaluate once the tokens are ids: src and hyp are the ids of s.Tokens and of
// hypToks, the hypothesis's tokens. prepared, when not nil, holds each annotator's gold edits
// as the lattice compares them, made beforehand with the same ids (see PreparedGold); when
// nil they are made here with the Evaluator's own ids.
func (ev *Evaluator) evaluateIDs(hypothesis string, s *Sentence, src, hyp []int32, hypToks []string, prepared [][]lattice.Gold) (SentenceResult, error) {
	res := SentenceResult{Source: s.Source, Hypothesis: hypothesis, Gold: s}
	if ev.transient {
		res.Annotators = slices.Grow(ev.annotators[:0], len(s.Annotators))
		defer func() { ev.annotators = res.Annotators }()
	} else {
		res.Annotators = make([]AnnotatorResult, 0, len(s.Annotators))
	}
	fixes := ev.opt.Effective()
	// A hypothesis equal to its source has one optimal alignment, the diagonal of matches, and
	// so no edit whatever the gold edits are.
	unchanged := slices.Equal(src, hyp)
	if !unchanged {
		opt := ev.latticeOptions()
		for _, a := range s.Annotators {
			opt.GoldEdits = max(opt.GoldEdits, len(a.Edits))
		}
		err := ev.lat.Build(src, hyp, opt)
		res.Bounded, res.Cost = ev.lat.Bounded(), ev.lat.Cost()
		if err != nil {
			return res, err
		}
	}
	if unchanged {
		for _, a := range s.Annotators {
			res.Annotators = append(res.Annotators, AnnotatorResult{Annotator: a.ID, Gold: ev.opt.ScoredGold(&a)})
		}
		return res, nil
	}
	// Every annotator's edits and correct edits are gathered in one buffer, and the sentence's
	// result gets them in one array: one allocation a sentence, not one a list.
	ev.edits, ev.spans = ev.edits[:0], ev.spans[:0]
	for ai, a := range s.Annotators {
		gold := ev.opt.ScoredGold(&a)
		var lg []lattice.Gold
		if prepared != nil {
			lg = prepared[ai]
		} else {
			lg = ev.gold.convert(gold, ev.intern.ID)
		}
		path, err := ev.lat.BestPath(lg)
		// BestPath may leave the search without the closure for the closure, or for the
		// bounded search, and count the closure: what the lattice says now.
		res.Bounded, res.Cost, res.Search = ev.lat.Bounded(), ev.lat.Cost(), ev.lat.Search()
		if err != nil {
			return res, err
		}
		start := len(ev.edits)
		for _, p := range path {
			e := Edit{
				Start: p.Start, End: p.End,
				Original:   joinTokens(s.Source, s.Tokens[p.SrcStart:p.SrcEnd]),
				Correction: joinTokens(hypothesis, hypToks[p.HypStart:p.HypEnd]),
			}
			if ev.opt.IgnoreWhitespaceCasing && equalIgnoringWhitespaceCasing(e.Original, e.Correction) {
				continue
			}
			ev.edits = append(ev.edits, e)
		}
		edits := ev.edits[start:]
		ev.edits = appendMatches(ev.edits, edits, gold, fixes)
		ev.spans = append(ev.spans, int32(start), int32(start+len(edits)), int32(len(ev.edits)))
		res.Annotators = append(res.Annotators, AnnotatorResult{Annotator: a.ID, Gold: gold})
	}
	all := ev.edits
	if !ev.transient {
		all = slices.Clone(ev.edits)
	}
	for i := range res.Annotators {
		sp := ev.spans[3*i : 3*i+3]
		r := &res.Annotators[i]
		r.Edits = all[sp[0]:sp[1]:sp[1]]
		if r.Edits == nil {
			r.Edits = []Edit{}
		}
		if sp[2] > sp[1] {
			r.Correct = all[sp[1]:sp[2]:sp[2]]
		}
	}
	ev.edits = scratch.Drop(ev.acct, ev.edits)
	return res, nil
}

// goldIDs holds gold edits as the lattice compares them, token ids, in buffers that the next
// conversion reuses.
type goldIDs struct {
	ids   []int32 // token ids of the edits' originals and corrections
	lgold []lattice.Gold
	corrs [][]int32 // the corrections of lgold
}

// convert turns gold edits into token sequences the lattice compares, their tokens numbered by
// id.
func (b *goldIDs) convert(gold []GoldEdit, id func(string) int32) []lattice.Gold {
	b.ids, b.lgold, b.corrs = b.ids[:0], b.lgold[:0], b.corrs[:0]
	for _, g := range gold {
		lg := lattice.Gold{Start: g.Start, End: g.End, Original: b.tokenIDs(g.Original, id)}
		start := len(b.corrs)
		for _, c := range g.Corrections {
			if ids := b.tokenIDs(c, id); ids != nil {
				b.corrs = append(b.corrs, ids)
			}
		}
		lg.Corrections = b.corrs[start:len(b.corrs):len(b.corrs)]
		b.lgold = append(b.lgold, lg)
	}
	return b.lgold
}

// tokenIDs returns the ids of the tokens that, joined by single spaces, give text, or nil when
// no token sequence does (two spaces in a row, or a space at an end). "" is the empty sequence.
func (b *goldIDs) tokenIDs(text string, id func(string) int32) []int32 {
	start := len(b.ids)
	for rest := text; rest != ""; {
		tok, after, found := strings.Cut(rest, " ")
		if tok == "" || (found && after == "") {
			b.ids = b.ids[:start]
			return nil
		}
		b.ids = append(b.ids, id(tok))
		rest = after
	}
	return b.ids[start:len(b.ids):len(b.ids)]
}

func equalIgnoringWhitespaceCasing(a, b string) bool {
	return pytext.ToLower(strings.ReplaceAll(a, " ", "")) == pytext.ToLower(strings.ReplaceAll(b, " ", ""))
}

// dropWhitespaceCasingGold removes the gold edits all of whose corrections only change white
// space or case (FixWhitespaceCasingGold).
func dropWhitespaceCasingGold(gold []GoldEdit) []GoldEdit {
	var out []GoldEdit
	for _, g := range gold {
		trivial := len(g.Corrections) > 0
		for _, c := range g.Corrections {
			if !equalIgnoringWhitespaceCasing(g.Original, c) {
				trivial = false
			}
		}
		if !trivial {
			out = append(out, g)
		}
	}
	return out
}

func editMatches(e *Edit, g *GoldEdit) bool {
	if e.Start != g.Start || e.End != g.End || e.Original != g.Original {
		return false
	}
	for _, c := range g.Corrections {
		if c == e.Correction {
			return true
		}
	}
	return false
}

// appendMatches appends to dst the system edits that match gold edits, once per match (see
// matchGold). edits may be a part of dst before its length: they are read, not overwritten.
func appendMatches(dst, edits []Edit, gold []GoldEdit, fixes Fix) []Edit {
	matchGold(edits, gold, fixes, func(i, _ int) { dst = append(dst, edits[i]) })
	return dst
}

// matchGold calls match(i, j) for each system edit i that matches gold edit j, as the official
// counts them. It walks the system edits in order and, for each, scans the gold edits after the
// last one matched, without stopping at the first match: an edit equal to two gold edits counts
// twice (FixDuplicateGold stops at the first), and gold edits listed out of order can be missed
// (FixGoldOrder scans every gold edit not yet matched).
func matchGold(edits []Edit, gold []GoldEdit, fixes Fix, match func(i, j int)) {
	once, anyOrder := fixes.Has(FixDuplicateGold), fixes.Has(FixGoldOrder)
	used := make([]bool, len(gold))
	last := 0
	for i := range edits {
		from := last
		if anyOrder {
			from = 0
		}
		for j := from; j < len(gold); j++ {
			if used[j] || !editMatches(&edits[i], &gold[j]) {
				continue
			}
			match(i, j)
			used[j], last = true, j+1
			if once {
				break
			}
		}
	}
}

// Totals are the running corpus counts, as float64 sums like the official's.
type Totals struct {
	Beta                        float64
	Correct, Proposed, Gold     float64
	Sentences, BoundedSentences int // sentences chosen, and how many of them used the bounded search
}

// FBeta is the official's F_β of counts: (1+β²)·correct/(β²·gold+proposed), 1.0 for 0/0 and
// 0.0 for correct/0. It rounds as the official's Python floats do on every architecture: each
// product is rounded on its own (the explicit float64 conversions forbid the compiler to fuse a
// multiply and an add into one instruction, which rounds once and does so on arm64).
func FBeta(correct, proposed, gold, beta float64) float64 {
	sq := float64(beta * beta)
	den := float64(sq*gold) + proposed
	if den == 0 {
		if correct == 0 {
			return 1
		}
		return 0
	}
	return float64((1+sq)*correct) / den
}

// Choose picks the annotator of r that maximises the F_β of the running totals plus its counts
// (ties: more correct, then smaller proposed + β²·gold, then the first visited), records it in
// r.Chosen and adds its counts to the totals: ChooseCounts of its annotators' counts.
func (t *Totals) Choose(r *SentenceResult) {
	var small [4]Counts // most sentences have one or two annotators: no allocation
	counts := small[:0]
	for i := range r.Annotators {
		counts = append(counts, r.Annotators[i].Counts())
	}
	r.Chosen = t.chooseCounts(counts, r.Bounded != lattice.Exact)
}

// ChooseCounts is the official's annotator choice for a sentence given by its annotators'
// counts, in visiting order: it returns the index of the annotator chosen and adds its counts
// to the totals. It is the one place the choice is made: Score's corpus loop (through Choose),
// Merge, Retotal and the n-best oracle choose through it (SentenceCounts.Retotal through the
// rule it applies, Totals.consider).
func (t *Totals) ChooseCounts(counts []Counts) int { return t.chooseCounts(counts, false) }

// chooseCounts is ChooseCounts for a sentence the bounded search scored when bounded is true.
func (t *Totals) chooseCounts(counts []Counts, bounded bool) int {
	ch := newChoice()
	for i, n := range counts {
		t.consider(&ch, i, n)
	}
	t.Add(counts[ch.best], bounded)
	return ch.best
}

// choice is an annotator choice in progress: the best annotator so far and its figures.
type choice struct {
	best                                   int
	fMax, maxCorrect, minProposed, minGold float64
}

func newChoice() choice {
	return choice{fMax: -1, maxCorrect: -1, minProposed: math.Inf(1), minGold: math.Inf(1)}
}

// consider compares annotator i, whose counts are n, with the best so far: the official's rule,
// the highest F_β of the totals plus its counts, ties going to more correct, then to smaller
// proposed + β²·gold, then to the first visited.
func (t *Totals) consider(ch *choice, i int, n Counts) {
	c := t.Correct + float64(n.Correct)
	p := t.Proposed + float64(n.Proposed)
	g := t.Gold + float64(n.Gold)
	f := FBeta(c, p, g, t.Beta)
	// The tie-break's sums round each product on its own, as the official's do (see FBeta).
	sq := float64(t.Beta * t.Beta)
	if ch.fMax < f || (ch.fMax == f && ch.maxCorrect < c) ||
		(ch.fMax == f && ch.maxCorrect == c && ch.minProposed+float64(sq*ch.minGold) > p+float64(sq*g)) {
		ch.best = i
		ch.fMax, ch.maxCorrect, ch.minProposed, ch.minGold = f, c, p, g
	}
}

// Add adds a chosen annotator's counts to the totals, as one more sentence (scored by the
// bounded search when bounded is true).
func (t *Totals) Add(n Counts, bounded bool) {
	t.Correct += float64(n.Correct)
	t.Proposed += float64(n.Proposed)
	t.Gold += float64(n.Gold)
	t.Sentences++
	if bounded {
		t.BoundedSentences++
	}
}

// PRF returns precision, recall and F_β of the totals as the official prints them: P = 1 when
// nothing was proposed, R = 1 when there is no gold edit, F = 0 when P = R = 0.
func (t *Totals) PRF() (p, r, f float64) {
	return prf(t.Correct, t.Proposed, t.Correct, t.Gold, t.Beta)
}

// Counts returns the totals as integers.
func (t *Totals) Counts() Counts {
	return Counts{int(t.Correct), int(t.Proposed), int(t.Gold)}
}
