package scorer

import (
	"fmt"
	"strings"

	"maxmatch/internal/pytext"
	"maxmatch/internal/wording"
	"maxmatch/lattice"
)

// ReferenceEditType is the error type of the gold edits made from corrected references: an
// edit found by alignment has no type, and "UNK" is what ERRANT writes for an edit it does
// not classify.
const ReferenceEditType = "UNK"

// A ReferenceAligner turns corrected references of a source sentence (JFLEG-style data: the
// whole corrected sentence, no edits) into gold edits, so that such data gets an M² score. It
// keeps buffers between calls and is not safe for concurrent use.
//
// The edits of a reference are those the scorer extracts from it when it is scored as a
// hypothesis against a gold standard without edits: the path through the edit lattice of the
// source against the reference (package lattice) that takes the fewest steps (insertions,
// deletions, substitutions and unchanged tokens of a Levenshtein alignment, each one step),
// and then the fewest edits. An edit can span several steps — every phrase edge of the
// lattice's closure: a run of steps that leaves at most u tokens unchanged (u is
// Options.MaxUnchangedWords) — so adjacent changes always become one edit, and changes
// separated by at most u unchanged tokens usually do too (the closure keeps one run per pair
// of lattice vertices, the shortest found first). With u = 0 the edits are the maximal runs of
// changed tokens of one optimal alignment. Offsets are true source offsets: an insertion before
// the first token is at 0 (Options' first-row quirk of release 3.2, which reports it after
// hypothesis tokens, does not apply). A sentence whose lattice is over the budgets of Options
// is aligned by the bounded search (see package lattice), which also gives edits that turn
// the source into the reference.
type ReferenceAligner struct {
	ev *Evaluator
}

// NewReferenceAligner returns an aligner with the lattice options of opt (u, budgets, quirks of
// the path); the scoring options and the first-row offsets quirk do not apply.
// The error is a memory budget too small to start with (see NewEvaluator).
func NewReferenceAligner(opt Options) (*ReferenceAligner, error) {
	opt.Fixes |= FixFirstRowOffsets
	opt.IgnoreWhitespaceCasing = false
	ev, err := NewEvaluator(opt)
	if err != nil {
		return nil, err
	}
	return &ReferenceAligner{ev: ev}, nil
}

// UnwritableError is a reference whose edits M2 cannot hold: a correction with "||" in it,
// which M2 reads as a separator of alternative corrections.
type UnwritableError struct {
	Reference int // index of the reference
	Edit      GoldEdit
}

func (e *UnwritableError) Error() string {
	return fmt.Sprintf("the edit \"%d %d\" (%s → %s) cannot be written in M2: its correction contains \"||\", which M2 reads as a separator of alternative corrections",
		e.Edit.Start, e.Edit.End, quote(e.Edit.Original), quote(e.Edit.Corrections[0]))
}

// Sentence returns the gold sentence of source (split on white space as the M2 reader splits
// an S line, and written back with single spaces) with one annotator per reference, ids 0, 1,
// …, each with the edits that turn the source into that reference (see ReferenceAligner); a
// reference equal to its source gives an annotator without edits. bounded[i] says why
// reference i was aligned by the bounded search (Options.FallbackReason), "" when it was not. The error is an *UnwritableError for a
// reference whose edits cannot be written in M2, or a *TooLargeError for one that does not fit
// in the memory budget even for the bounded search.
func (ra *ReferenceAligner) Sentence(source string, references []string) (s Sentence, bounded []string, err error) {
	tokens := pytext.Fields(source)
	s = Sentence{Source: strings.Join(tokens, " "), Tokens: tokens}
	bounded = make([]string, len(references))
	noGold := Sentence{Source: s.Source, Tokens: tokens, Annotators: []Annotator{{ID: 0}}}
	for i, ref := range references {
		r, err := ra.ev.Evaluate(ref, &noGold)
		if err != nil {
			return Sentence{}, nil, err
		}
		if r.Bounded != lattice.Exact {
			bounded[i] = ra.ev.opt.FallbackReason(&r)
		}
		a := Annotator{ID: i}
		for _, e := range r.Annotators[0].Edits {
			e = Trim(e)
			g := GoldEdit{Start: e.Start, End: e.End, Original: e.Original, Corrections: []string{e.Correction}, Type: ReferenceEditType}
			if strings.Contains(e.Correction, "||") {
				return Sentence{}, nil, &UnwritableError{Reference: i, Edit: g}
			}
			a.Edits = append(a.Edits, g)
		}
		s.Annotators = append(s.Annotators, a)
	}
	return s, bounded, nil
}

// ApplyEdits returns the tokens with the edits applied, each replaced by its first correction:
// the corrected sentence an annotator's edits describe. The edits must be in sentence order
// and must not overlap (insertions at one point apply in their order); an edit that breaks
// this, or whose span is outside the tokens, is an error.
func ApplyEdits(tokens []string, edits []GoldEdit) ([]string, error) {
	out := make([]string, 0, len(tokens))
	at := 0
	for _, e := range edits {
		if e.Start < at || e.End < e.Start || e.End > len(tokens) {
			return nil, fmt.Errorf("edit %d %d cannot follow the edits before it in a sentence of %s (expected %d ≤ start ≤ end ≤ %d)",
				e.Start, e.End, wording.Plural(len(tokens), "token"), at, len(tokens))
		}
		if len(e.Corrections) == 0 {
			return nil, fmt.Errorf("edit %d %d has no correction", e.Start, e.End)
		}
		out = append(out, tokens[at:e.Start]...)
		out = append(out, pytext.Fields(e.Corrections[0])...)
		at = e.End
	}
	return append(out, tokens[at:]...), nil
}
