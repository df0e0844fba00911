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
	seen := map[string]bool{}
	var types []string
	for i := range gold {
		for _, a := range gold[i].Annotators {
			for _, e := range a.Edits {
				if !seen[e.Type] {
					seen[e.Type] = true
					types = append(types, e.Type)
				}
			}
		}
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
// gold standard; so is an empty list. The input is not modified; the sentences returned share their unchanged
// parts with it.
func RestrictTypes(gold []Sentence, types []string) ([]Sentence, error) {
	if len(types) == 0 {
		return nil, errors.New("no error type to keep: expected at least one")
	}
	present := GoldTypes(gold)
	keep := map[string]bool{}
	var unknown []string
	for _, t := range types {
		if _, found := slices.BinarySearch(present, t); !found {
			if !slices.Contains(unknown, t) {
				unknown = append(unknown, t)
			}
			continue
		}
		keep[t] = true
	}
	if len(unknown) > 0 {
		return nil, &UnknownTypesError{Unknown: unknown, Present: present}
	}
	out := make([]Sentence, len(gold))
	for i := range gold {
		s := gold[i]
		s.Annotators = make([]Annotator, len(gold[i].Annotators))
		for j, a := range gold[i].Annotators {
			var edits []GoldEdit
			for _, e := range a.Edits {
				if keep[e.Type] {
					edits = append(edits, e)
				}
			}
			s.Annotators[j] = Annotator{ID: a.ID, Edits: edits}
		}
		out[i] = s
	}
	return out, nil
}
