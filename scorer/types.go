package scorer

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// GoldTypes returns the error types (the second field of the A lines) of the gold edits of
// every annotator of every sentence, sorted and without repetition. Noop lines are not edits
// and their type is not counted.
func GoldTypes(gold []Sentence) []string {
	var g GoldSummary
	for i := range gold {
		g.Add(&gold[i])
	}
	return g.Types()
}

// GoldSummary describes a gold standard read one sentence at a time (a file too large to keep
// is summarised as it is read): its sentences, its annotators and its error types. The zero
// value is empty and ready to use.
type GoldSummary struct {
	Sentences  int
	annotators map[int]bool
	types      map[string]bool
}

// Add counts one sentence.
func (g *GoldSummary) Add(s *Sentence) {
	if g.annotators == nil {
		g.annotators, g.types = map[int]bool{}, map[string]bool{}
	}
	g.Sentences++
	for _, a := range s.Annotators {
		g.annotators[a.ID] = true
		for _, e := range a.Edits {
			g.types[e.Type] = true
		}
	}
}

// Annotators returns the number of distinct annotator ids.
func (g *GoldSummary) Annotators() int { return len(g.annotators) }

// Types returns the error types of the gold edits, sorted (GoldTypes).
func (g *GoldSummary) Types() []string {
	types := make([]string, 0, len(g.types))
	for t := range g.types {
		types = append(types, t)
	}
	slices.Sort(types)
	return types
}

// UnknownTypesError is a type asked for that no gold edit has.
type UnknownTypesError struct {
	Unknown []string // the types asked for that are not in the gold standard, in the order asked
	Present []string // the types of the gold standard, sorted
}

func (e *UnknownTypesError) Error() string {
	quoted := make([]string, len(e.Unknown))
	for i, t := range e.Unknown {
		quoted[i] = fmt.Sprintf("%q", t)
	}
	what := "error type " + quoted[0]
	if len(quoted) > 1 {
		what = "error types " + strings.Join(quoted, ", ")
	}
	if len(e.Present) == 0 {
		return fmt.Sprintf("no gold edit has the %s: the gold standard has no edit at all", what)
	}
	return fmt.Sprintf("no gold edit has the %s: the types present are %s", what, strings.Join(e.Present, ", "))
}

// RestrictTypes returns the gold standard with only the edits whose error type is one of
// types, the way CoNLL-2013 scored five error types: the gold edits of other types are
// removed before scoring, and the system's edits are left alone (they carry no type), so an
// edit that corrects an error of another type counts as a false positive.
//
// Annotators are kept, even those left without an edit in a sentence: they found no error of
// these types there, which is a reference like any other (the official scorer reads such an
// annotator from a "noop" line). A type that no gold edit has is an *UnknownTypesError
// listing the types present, since it is more likely a misspelling than a wish for an empty
// gold standard; so is an empty list. The input is not modified; the sentences returned share
// their unchanged parts with it. TypeRestriction does the same a sentence at a time.
func RestrictTypes(gold []Sentence, types []string) ([]Sentence, error) {
	t, err := NewTypeRestriction(types, GoldTypes(gold))
	if err != nil {
		return nil, err
	}
	out := make([]Sentence, len(gold))
	for i := range gold {
		out[i] = t.Sentence(&gold[i])
	}
	return out, nil
}

// TypeRestriction is RestrictTypes one sentence at a time, for a gold file read as it is scored.
type TypeRestriction struct {
	keep map[string]bool
}

// NewTypeRestriction returns the restriction of a gold standard whose error types are present
// (as GoldTypes or GoldSummary.Types list them) to types, or the error RestrictTypes gives.
func NewTypeRestriction(types, present []string) (*TypeRestriction, error) {
	if len(types) == 0 {
		return nil, errors.New("no error type to keep: expected at least one")
	}
	t := &TypeRestriction{keep: map[string]bool{}}
	var unknown []string
	for _, typ := range types {
		if !slices.Contains(present, typ) {
			if !slices.Contains(unknown, typ) {
				unknown = append(unknown, typ)
			}
			continue
		}
		t.keep[typ] = true
	}
	if len(unknown) > 0 {
		return nil, &UnknownTypesError{Unknown: unknown, Present: present}
	}
	return t, nil
}

// Sentence returns s with only the gold edits of the types kept, every annotator kept. s is
// not modified; the sentence returned shares its unchanged parts.
func (t *TypeRestriction) Sentence(s *Sentence) Sentence {
	out := *s
	out.Annotators = make([]Annotator, len(s.Annotators))
	for j, a := range s.Annotators {
		var edits []GoldEdit
		for _, e := range a.Edits {
			if t.keep[e.Type] {
				edits = append(edits, e)
			}
		}
		out.Annotators[j] = Annotator{ID: a.ID, Edits: edits}
	}
	return out
}

// Reader returns a GoldReader of g's sentences restricted.
func (t *TypeRestriction) Reader(g GoldReader) GoldReader { return restrictedReader{g, t} }

type restrictedReader struct {
	GoldReader
	t *TypeRestriction
}

func (r restrictedReader) Next() (*Sentence, error) {
	s, err := r.GoldReader.Next()
	if err != nil {
		return nil, err
	}
	out := r.t.Sentence(s)
	return &out, nil
}
