package scorer

import (
	"fmt"
	"strings"
)

// Fix is a set of departures from release 3.2, each correcting one documented quirk of the
// official scorer. Compat32 has none, CompatMaster has FixFirstRowOffsets, CompatFixed has all;
// Options.Fixes adds any of them to the chosen mode.
type Fix uint16

const (
	// FixFirstRowOffsets reports insertions before the first source token at offset 0 (3.2 puts
	// the insertion of hypothesis token j at (j, j)); this is the GitHub master's only change.
	FixFirstRowOffsets Fix = 1 << iota
	// FixDuplicateEdges counts an edge found in both Levenshtein lattices once (3.2 lists it
	// twice: it gets ε twice and counts twice in the match weight).
	FixDuplicateEdges
	// FixNoopRemoval removes every phrase no-op edge (3.2 skips the element after each removal,
	// so every second one of a run survives).
	FixNoopRemoval
	// FixInsertionWalk adds ε, after a matched insertion, only to unmatched edges between the
	// walk's pointers (3.2 adds it to every skipped edge, even matched ones and ones past the
	// other pointer).
	FixInsertionWalk
	// FixExactCosts compares path costs exactly, in integers (3.2 sums float64s, so the order of
	// the additions can break a tie).
	FixExactCosts
	// FixDuplicateGold lets a system edit match one gold edit only (3.2 counts it once per equal
	// gold edit, so precision can exceed 1).
	FixDuplicateGold
	// FixGoldOrder lets a system edit match any gold edit not yet matched (3.2 only looks at gold
	// edits listed after the last one matched, so out-of-order gold edits can be missed).
	FixGoldOrder
	// FixWhitespaceCasingGold applies --ignore_whitespace_casing to gold edits too (3.2 only drops
	// system edits, so a case-only gold edit can never be matched but still counts in recall).
	FixWhitespaceCasingGold
	// FixNoneCorrection reads "-NONE-" with white space around it as the empty correction, and
	// collapses runs of white space inside corrections (3.2 keeps both, and such corrections can
	// never match).
	FixNoneCorrection
	// FixSentenceOffsets gives each edit of a block with several S lines to the sentence that
	// contains it, with offsets relative to that sentence (3.2 does not re-base them).
	FixSentenceOffsets
	// FixAnnotatorOrder visits annotators in ascending order of id (3.2 visits them in CPython 2
	// dict order, which differs for ids of 8 and above, and decides ties).
	FixAnnotatorOrder

	allFixes = FixAnnotatorOrder<<1 - 1
)

var fixNames = []string{
	"first-row-offsets", "duplicate-edges", "noop-removal", "insertion-walk", "exact-costs",
	"duplicate-gold", "gold-order", "whitespace-casing-gold", "none-correction", "sentence-offsets",
	"annotator-order",
}

// FixNames lists the names of the fixes, in order.
func FixNames() []string { return append([]string(nil), fixNames...) }

func (f Fix) String() string {
	var names []string
	for i, n := range fixNames {
		if f&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// ParseFixes reads a comma-separated list of fix names ("all" for every one).
func ParseFixes(s string) (Fix, error) {
	var f Fix
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "all" {
			f |= allFixes
			continue
		}
		found := false
		for i, n := range fixNames {
			if n == name {
				f |= 1 << i
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown fix %q: expected one of %s, or all", name, strings.Join(fixNames, ", "))
		}
	}
	return f, nil
}

// Fixes returns the fixes of a compatibility mode.
func (c Compat) Fixes() Fix {
	switch c {
	case CompatMaster:
		return FixFirstRowOffsets
	case CompatFixed:
		return allFixes
	}
	return 0
}

// Effective returns the fixes the options apply: those of the mode and the extra ones.
func (o Options) Effective() Fix { return o.Compat.Fixes() | o.Fixes }

// Has reports whether f includes every fix of g.
func (f Fix) Has(g Fix) bool { return f&g == g }
