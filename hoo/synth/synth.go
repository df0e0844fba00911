// Package synth makes synthetic HOO 2011 system outputs from gold edits: the source text
// with some of the gold corrections applied. Such systems have a known answer, so they
// measure what the wdiff-based extraction of the official tools (package hoo/wdiff) gets
// right and wrong, and what HOO scores a perfect or half-perfect system receives.
//
// # Which corrections
//
// Every gold edit proposes its first correction that is not <correction/> (which means "no
// correction"); <correction><empty/></correction> proposes deleting the original. Edits
// without such a correction propose nothing. The proposals are sorted by start offset, end
// offset and text, and a proposal is dropped when it conflicts with the last one kept: when
// they share a byte of the source, or when the kept one is an insertion at the point where
// this one's span starts (two insertions at one point are both kept, in text order). What is
// left are the candidates. This reproduces the HOO 2011 reference systems byte for byte:
// all candidates give sys_allgold, every second one (the first, third, …) sys_half.
//
// # Variants
//
// Unchanged applies nothing, AllGold every candidate and HalfGold every second one. The
// other variants apply the candidates that exercise a known weakness of the wdiff
// extraction: Adjacent those separated from another candidate by white space only (wdiff
// merges neighbouring changed words, and a merged region across a line break is dropped);
// Punctuation those whose original or correction starts or ends with a punctuation mark, or
// that touch one in the source (the official's punctuation rewrites move such marks around
// a word); MultiWord those whose original or correction holds white space. Random applies
// each candidate with probability Fraction, drawn from a generator seeded with Seed, so the
// same seed gives the same system. Only Random uses the seed.
package synth

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"maxmatch/hoo/edits"
	"maxmatch/internal/wording"
)

// Change replaces Source[Start:End] by Text.
type Change struct {
	Start, End int
	Text       string
	Index      string // the gold edit's index
}

// Candidates returns the gold corrections a synthetic system may apply to the source, in
// order, without conflicts (see the package documentation). It fails when an edit lies
// outside the source.
func Candidates(source []byte, gold []edits.Edit) ([]Change, error) {
	var proposals []Change
	for _, e := range gold {
		if e.End > len(source) {
			return nil, fmt.Errorf("line %d: edit %q: end %d is past the end of the source (%s)", e.Line, e.Index, e.End, wording.Plural(len(source), "byte"))
		}
		for _, c := range e.Corrections {
			if c.None {
				continue
			}
			proposals = append(proposals, Change{Start: e.Start, End: e.End, Text: c.Text, Index: e.Index})
			break
		}
	}
	sort.SliceStable(proposals, func(i, j int) bool {
		a, b := proposals[i], proposals[j]
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		if a.End != b.End {
			return a.End < b.End
		}
		return a.Text < b.Text
	})
	var kept []Change
	for _, p := range proposals {
		if len(kept) > 0 {
			last := kept[len(kept)-1]
			if p.Start < last.End || last.Start == last.End && last.Start == p.Start && p.End > p.Start {
				continue
			}
		}
		kept = append(kept, p)
	}
	return kept, nil
}

// Variant names a way of choosing candidates.
type Variant string

// The variants; see the package documentation.
const (
	Unchanged   Variant = "unchanged"
	AllGold     Variant = "allgold"
	HalfGold    Variant = "half"
	Adjacent    Variant = "adjacent"
	Punctuation Variant = "punctuation"
	MultiWord   Variant = "multiword"
	Random      Variant = "random"
)

// Variants lists every variant.
var Variants = []Variant{Unchanged, AllGold, HalfGold, Adjacent, Punctuation, MultiWord, Random}

// Options choose a variant; Seed and Fraction are for Random.
type Options struct {
	Variant Variant
	Seed    uint64
	// Fraction is the probability with which Random applies each candidate, from 0 (none) to
	// 1 (all); DefaultFraction is the command's default.
	Fraction float64
}

// DefaultFraction is the share of the candidates Random applies unless told otherwise.
const DefaultFraction = 0.5

// Synthesize returns the source with the chosen candidates applied, and those candidates.
func Synthesize(source []byte, gold []edits.Edit, opt Options) ([]byte, []Change, error) {
	candidates, err := Candidates(source, gold)
	if err != nil {
		return nil, nil, err
	}
	chosen, err := choose(source, candidates, opt)
	if err != nil {
		return nil, nil, err
	}
	return Apply(source, chosen), chosen, nil
}

// Apply returns the source with the changes, which must be in order and not overlap, made.
func Apply(source []byte, changes []Change) []byte {
	var out []byte
	at := 0
	for _, c := range changes {
		out = append(out, source[at:c.Start]...)
		out = append(out, c.Text...)
		at = c.End
	}
	return append(out, source[at:]...)
}

func choose(source []byte, candidates []Change, opt Options) ([]Change, error) {
	var keep func(i int) bool
	switch opt.Variant {
	case Unchanged:
		keep = func(int) bool { return false }
	case AllGold:
		keep = func(int) bool { return true }
	case HalfGold:
		keep = func(i int) bool { return i%2 == 0 }
	case Adjacent:
		keep = func(i int) bool {
			return i > 0 && onlySpace(source[candidates[i-1].End:candidates[i].Start]) ||
				i+1 < len(candidates) && onlySpace(source[candidates[i].End:candidates[i+1].Start])
		}
	case Punctuation:
		keep = func(i int) bool {
			c := candidates[i]
			original := string(source[c.Start:c.End])
			return edgePunct(original) || edgePunct(c.Text) ||
				c.Start > 0 && isPunct(source[c.Start-1]) || c.End < len(source) && isPunct(source[c.End])
		}
	case MultiWord:
		keep = func(i int) bool {
			c := candidates[i]
			return hasInnerSpace(string(source[c.Start:c.End])) || hasInnerSpace(c.Text)
		}
	case Random:
		fraction := opt.Fraction
		if !(fraction >= 0 && fraction <= 1) { // NaN too
			return nil, fmt.Errorf("fraction %g is not between 0 and 1", fraction)
		}
		r := rand.New(rand.NewPCG(opt.Seed, 0x686f6f))
		draws := make([]bool, len(candidates))
		for i := range draws {
			draws[i] = r.Float64() < fraction
		}
		keep = func(i int) bool { return draws[i] }
	default:
		return nil, fmt.Errorf("unknown variant %q (want one of %v)", opt.Variant, Variants)
	}
	var chosen []Change
	for i, c := range candidates {
		if keep(i) {
			chosen = append(chosen, c)
		}
	}
	return chosen, nil
}

// The punctuation marks that the official extractor treats specially.
const punctuation = `'"[({}]).,;:!?`

func isPunct(b byte) bool { return strings.IndexByte(punctuation, b) >= 0 }

func edgePunct(s string) bool {
	return s != "" && (isPunct(s[0]) || isPunct(s[len(s)-1]))
}

func onlySpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

func hasInnerSpace(s string) bool {
	s = strings.TrimFunc(s, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) })
	return strings.ContainsAny(s, " \t\n\v\f\r")
}

func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}
