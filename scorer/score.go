package scorer

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"maxmatch/internal/pytext"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
)

// Compat selects which official behaviour to reproduce.
type Compat uint8

const (
	// Compat32 is release 3.2 of the official scorer, quirks included (the default).
	Compat32 Compat = iota
	// CompatMaster is the later GitHub master: insertions before the first source token are
	// reported at offset 0.
	CompatMaster
	// CompatFixed corrects every documented quirk (every Fix; see the README).
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

	// MaxEdges bounds the transitive closure of one sentence's lattice, MaxWork the official
	// scorer's predicted work on it (see lattice.Options); over either, the sentence is scored
	// by the bounded search.
	MaxEdges, MaxWork int
	// Workers is the number of goroutines evaluating sentences (0: one per CPU). The results do
	// not depend on it.
	Workers int
}

// FallbackReason says, for a user, why a sentence was scored by the bounded search: which budget
// (in effect: the option's value, or its default for 0) it was over.
func (o Options) FallbackReason(f lattice.Fallback) string {
	switch f {
	case lattice.OverWork:
		w := o.MaxWork
		if w == 0 {
			w = lattice.DefaultMaxWork
		}
		return fmt.Sprintf("the official scorer's predicted work on it is over --max-work=%d", w)
	case lattice.OverEdges:
		e := o.MaxEdges
		if e == 0 {
			e = lattice.DefaultMaxEdges
		}
		return fmt.Sprintf("its lattice closure is over --max-edges=%d", e)
	}
	return "within the budgets"
}

// GCPercent is the garbage collector's target (runtime/debug.SetGCPercent) that the maxmatch
// command runs with, and that the benchmarks measure in-process scoring with: a run holds a few
// tens of megabytes (a few hundred on a degenerate sentence), and collecting less eagerly than
// the default 100% saves a third of a typical run's time.
const GCPercent = 400

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
	// search was used, and why (see package lattice).
	Bounded lattice.Fallback
}

// ChosenResult returns the chosen annotator's result.
func (r *SentenceResult) ChosenResult() *AnnotatorResult { return &r.Annotators[r.Chosen] }

// Evaluator scores sentences; it keeps buffers between calls and is not safe for concurrent
// use (use one per goroutine).
type Evaluator struct {
	opt      Options
	lat      lattice.Lattice
	intern   levenshtein.Interner // never reset: a corpus has a modest vocabulary
	src, hyp []int32
	hypToks  []string
	ids      []int32 // token ids of gold edits, for this sentence
	lgold    []lattice.Gold
	corrs    [][]int32 // the corrections of lgold
}

// NewEvaluator returns an Evaluator with the given options.
func NewEvaluator(opt Options) *Evaluator {
	return &Evaluator{opt: opt}
}

func (ev *Evaluator) latticeOptions() lattice.Options {
	f := ev.opt.Effective()
	lo := lattice.Options{
		MaxUnchanged:   ev.opt.MaxUnchangedWords,
		MaxEdges:       ev.opt.MaxEdges,
		MaxWork:        ev.opt.MaxWork,
		EdgesOnce:      f.Has(FixDuplicateEdges),
		RemoveAllNoops: f.Has(FixNoopRemoval),
		StrictWalk:     f.Has(FixInsertionWalk),
		ExactCosts:     f.Has(FixExactCosts),
	}
	if f.Has(FixFirstRowOffsets) {
		lo.FirstRow = lattice.FirstRowZero
	}
	return lo
}

// Evaluate scores hypothesis against every annotator of s. Chosen is left at 0: the choice
// depends on the corpus totals so far (Totals.Choose).
func (ev *Evaluator) Evaluate(hypothesis string, s *Sentence) SentenceResult {
	ev.src = ev.intern.IDs(ev.src[:0], s.Tokens)
	ev.hypToks = pytext.AppendFields(ev.hypToks[:0], hypothesis)
	ev.hyp = ev.intern.IDs(ev.hyp[:0], ev.hypToks)
	return ev.evaluate(hypothesis, s, ev.src, ev.hyp, ev.hypToks, nil)
}

// evaluate is Evaluate once the tokens are ids: src and hyp are the ids of s.Tokens and of
// hypToks, the hypothesis's tokens. prepared, when not nil, holds each annotator's gold edits
// as the lattice compares them, made beforehand with the same ids (see PreparedGold); when
// nil they are made here with the Evaluator's own ids.
func (ev *Evaluator) evaluate(hypothesis string, s *Sentence, src, hyp []int32, hypToks []string, prepared [][]lattice.Gold) SentenceResult {
	res := SentenceResult{Source: s.Source, Hypothesis: hypothesis, Annotators: make([]AnnotatorResult, 0, len(s.Annotators))}
	fixes := ev.opt.Effective()
	// A hypothesis equal to its source has one optimal alignment, the diagonal of matches, and
	// so no edit whatever the gold edits are.
	unchanged := slices.Equal(src, hyp)
	if !unchanged {
		ev.lat.Build(src, hyp, ev.latticeOptions())
		res.Bounded = ev.lat.Bounded()
	}
	for ai, a := range s.Annotators {
		gold := ev.annotatorGold(&a)
		if unchanged {
			res.Annotators = append(res.Annotators, AnnotatorResult{Annotator: a.ID, Gold: gold})
			continue
		}
		var lg []lattice.Gold
		if prepared != nil {
			lg = prepared[ai]
		} else {
			lg = ev.latticeGold(gold)
		}
		path := ev.lat.BestPath(lg)
		edits := make([]Edit, 0, len(path))
		for _, p := range path {
			e := Edit{
				Start: p.Start, End: p.End,
				Original:   strings.Join(s.Tokens[p.SrcStart:p.SrcEnd], " "),
				Correction: strings.Join(hypToks[p.HypStart:p.HypEnd], " "),
			}
			if ev.opt.IgnoreWhitespaceCasing && equalIgnoringWhitespaceCasing(e.Original, e.Correction) {
				continue
			}
			edits = append(edits, e)
		}
		res.Annotators = append(res.Annotators, AnnotatorResult{
			Annotator: a.ID,
			Gold:      gold,
			Edits:     edits,
			Correct:   matchEdits(edits, gold, fixes),
		})
	}
	return res
}

// annotatorGold returns the gold edits of a that are scored: all of them, except under
// FixWhitespaceCasingGold with IgnoreWhitespaceCasing.
func (ev *Evaluator) annotatorGold(a *Annotator) []GoldEdit {
	if ev.opt.Effective().Has(FixWhitespaceCasingGold) && ev.opt.IgnoreWhitespaceCasing {
		return dropWhitespaceCasingGold(a.Edits)
	}
	return a.Edits
}

// latticeGold turns gold edits into token sequences the lattice compares, in buffers of the
// Evaluator that the next call reuses.
func (ev *Evaluator) latticeGold(gold []GoldEdit) []lattice.Gold {
	ev.ids, ev.lgold, ev.corrs = ev.ids[:0], ev.lgold[:0], ev.corrs[:0]
	for _, g := range gold {
		lg := lattice.Gold{Start: g.Start, End: g.End, Original: ev.tokenIDs(g.Original)}
		start := len(ev.corrs)
		for _, c := range g.Corrections {
			if ids := ev.tokenIDs(c); ids != nil {
				ev.corrs = append(ev.corrs, ids)
			}
		}
		lg.Corrections = ev.corrs[start:len(ev.corrs):len(ev.corrs)]
		ev.lgold = append(ev.lgold, lg)
	}
	return ev.lgold
}

// tokenIDs returns the tokens that, joined by single spaces, give text, or nil when no token
// sequence does (two spaces in a row, or a space at an end). "" is the empty sequence.
func (ev *Evaluator) tokenIDs(text string) []int32 {
	start := len(ev.ids)
	for rest := text; rest != ""; {
		tok, after, found := strings.Cut(rest, " ")
		if tok == "" || (found && after == "") {
			ev.ids = ev.ids[:start]
			return nil
		}
		ev.ids = append(ev.ids, ev.intern.ID(tok))
		rest = after
	}
	return ev.ids[start:len(ev.ids):len(ev.ids)]
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

// matchEdits lists the system edits that match gold edits, once per match (see matchGold).
func matchEdits(edits []Edit, gold []GoldEdit, fixes Fix) []Edit {
	var m []Edit
	matchGold(edits, gold, fixes, func(i, _ int) { m = append(m, edits[i]) })
	return m
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

// fBeta is the official's F_β of counts: (1+β²)·c/(β²·g+e), 1.0 for 0/0 and 0.0 for c/0.
func fBeta(c, e, g, beta float64) float64 {
	den := beta*beta*g + e
	if den == 0 {
		if c == 0 {
			return 1
		}
		return 0
	}
	return (1 + beta*beta) * c / den
}

// Choose picks the annotator of r that maximises the F_β of the running totals plus its counts
// (ties: more correct, then smaller proposed + β²·gold, then the first visited), records it in
// r.Chosen and adds its counts to the totals.
func (t *Totals) Choose(r *SentenceResult) {
	var buf [8]Counts // on the stack for the usual handful of annotators
	counts := buf[:0]
	for i := range r.Annotators {
		counts = append(counts, r.Annotators[i].Counts())
	}
	r.Chosen = t.best(counts)
	t.add(counts[r.Chosen])
	if r.Bounded != lattice.Exact {
		t.BoundedSentences++
	}
}

// ChooseCounts is Choose for a sentence given by its annotators' counts, in visiting order: it
// returns the index of the annotator chosen and adds its counts to the totals.
func (t *Totals) ChooseCounts(counts []Counts) int {
	i := t.best(counts)
	t.add(counts[i])
	return i
}

// best returns the index, among annotators with the given counts, that Choose picks.
func (t *Totals) best(counts []Counts) int {
	sq := t.Beta * t.Beta
	fMax, maxCorrect := -1.0, -1.0
	minProposed, minGold := math.Inf(1), math.Inf(1)
	chosen := 0
	for i, n := range counts {
		c := t.Correct + float64(n.Correct)
		p := t.Proposed + float64(n.Proposed)
		g := t.Gold + float64(n.Gold)
		f := fBeta(c, p, g, t.Beta)
		if fMax < f || (fMax == f && maxCorrect < c) ||
			(fMax == f && maxCorrect == c && minProposed+sq*minGold > p+sq*g) {
			chosen = i
			fMax, maxCorrect, minProposed, minGold = f, c, p, g
		}
	}
	return chosen
}

// add adds a sentence's chosen counts to the totals.
func (t *Totals) add(n Counts) {
	t.Correct += float64(n.Correct)
	t.Proposed += float64(n.Proposed)
	t.Gold += float64(n.Gold)
	t.Sentences++
}

// PRF returns precision, recall and F_β of the totals as the official prints them: P = 1 when
// nothing was proposed, R = 1 when there is no gold edit, F = 0 when P = R = 0.
func (t *Totals) PRF() (p, r, f float64) {
	p, r = 1, 1
	if t.Proposed != 0 {
		p = t.Correct / t.Proposed
	}
	if t.Gold != 0 {
		r = t.Correct / t.Gold
	}
	den := t.Beta*t.Beta*p + r
	if den != 0 {
		f = (1.0 + t.Beta*t.Beta) * p * r / den
	}
	return p, r, f
}

// Counts returns the totals as integers.
func (t *Totals) Counts() Counts {
	return Counts{int(t.Correct), int(t.Proposed), int(t.Gold)}
}
