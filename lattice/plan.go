package lattice

import (
	"errors"

	"maxmatch/membudget"
)

// Search is the search that found a path.
type Search uint8

const (
	SearchNone      Search = iota // no path searched (a hypothesis equal to its source)
	SearchClosure                 // the official's: the shortest path over the transitive closure
	SearchNoClosure               // the same path, found without building the closure (see the package doc)
	SearchBounded                 // the bounded search (see Fallback)
)

func (s Search) String() string {
	return [...]string{"none", "closure", "no closure", "bounded"}[s]
}

// Search returns the search that found the last path of BestPath (before it, the one BestPath
// will run first).
func (l *Lattice) Search() Search { return l.plan }

// Reason says why the search that found a path is the one that did: the plan made before
// anything large was built (planSearch), or why a search gave way to the next. The relaxed
// search also keeps, per annotator, how it settled its path or why it could not (relaxed.why);
// those reasons are the middle group.
type Reason uint8

const (
	ReasonNone Reason = iota // nothing searched yet; or the search without the closure was sure of a single best path

	// The plan.
	ReasonSmallClosure     // the closure surely has at most smallClosure keys
	ReasonClosureCheaper   // the closure is predicted cheaper than the search without it, in bytes and in work
	ReasonNoClosureCheaper // the search without the closure is predicted cheaper, in bytes or in work
	ReasonEdgeCap          // Options.MaxEdges: the closure, built up to the cap
	ReasonNoClosureOver    // the search without the closure's arrays do not fit in the memory budget

	// How the search without the closure went, for one annotator: the first two and the
	// enumeration's are steps it goes on from; the others send the sentence to the closure.
	ReasonAmbiguous       // its best paths have different edits: the tie search picks the official's
	ReasonUnreal          // its single best path has an edge the closure does not hold as it took it
	ReasonEnumNoops       // the tie search: too many phrase no-ops on best paths to enumerate their survivals
	ReasonEnumBounds      // the tie search: K's bounds too loose for the weights' separation
	ReasonEnumSimulations // the tie search: too many simulations to enumerate K's binades
	ReasonEnumRounding    // the tie search: a simulation's rounding could not be placed
	ReasonEnumDiffer      // the tie search: the possibilities' paths differ
	ReasonPhraseNoopGold  // a gold edit matches a phrase no-op, which the removal loop may have removed
	ReasonRounding        // float64 sums could confuse paths of different weights
	ReasonUnrealTie       // no best path is in the closure, even with origins' phrases taken from it
	ReasonUncounted       // the tie needs K or a survival, and counting them is over the limit
	ReasonNoClosureMemory // its states or lists did not fit in the memory budget

	// The bounded search (see Fallback).
	ReasonOverWork   // |V| × P over Options.MaxWork
	ReasonOverEdges  // the closure grew over Options.MaxEdges
	ReasonOverMemory // the closure does not fit in the memory budget
)

func (r Reason) String() string {
	return [...]string{
		"none",
		"its closure is small", "its closure is predicted cheaper than the search without it",
		"the search without the closure is predicted cheaper than the closure",
		"the edge cap asks for the closure", "the search without the closure does not fit in the memory budget",
		"its best paths tie", "its best path has a phrase the closure does not hold as it took it",
		"too many phrase no-ops on its best paths to enumerate their survivals",
		"K's bounds too far apart for the weights' separation", "too many simulations to enumerate K's binades",
		"a simulation's rounding could not be placed", "the possible K and survivals give different paths",
		"a gold edit matches a phrase no-op, which the removal loop may have removed",
		"float64 sums could confuse paths of different weights", "none of its best paths is in the closure",
		"its tie needs K or a survival, whose count is over its limit", "its states do not fit in the memory budget",
		"over the work cap", "over the edge cap", "over the memory budget",
	}[r]
}

// fallbackReason is the reason of the bounded search for a fallback.
func fallbackReason(f Fallback) Reason {
	return [...]Reason{ReasonNone, ReasonOverWork, ReasonOverEdges, ReasonOverMemory}[f]
}

// smallClosure is the most keys a closure may have to be built whatever the search without it
// would cost: a few milliseconds, and the official's own search.
const smallClosure = 1 << 16

// What the plan predicts of each exact search, from what it knows before building: the
// closure's keys at most, K₊ (closureUpperBound), and the relaxed search's states, S (2u+3 a
// vertex), in bytes and in work. The figures were measured on the benchmark families (bytes
// allocated, the Levenshtein band's aside; TestPlanIsTheCheaper checks the choice).
//
// Bytes: the closure takes exactBytesPerVertex a vertex and 40 to 100 a key — the key, its
// occurrences in the edge list, its places in the in-lists as they are rebuilt, its weight, the
// out-edge index, BestPath's scratch — of which closureBytesPerKey is the upper end. The search
// without it takes 44 a vertex and 145 to 175 a state wherever best paths tie (near-identical,
// heavily edited and many-gold lines): the states' arrays (implicitBytesPerState), then the
// tie search's lists and counts; noClosureBytesPerState.
//
// Work: the closure's Bellman–Ford relaxes an edge again each time an improvement reaches its
// source, and every matched gold edit improves what follows it: with G gold edits an annotator
// relaxes the list about G/8 times over (a line of 10,000 tokens with a gold edit every 3
// tokens: 427 times, G = 3,333). A relaxed state costs about relaxationsPerState relaxations
// (its transitions, over four passes: 165–485 ns against 10–15 ns).
const (
	closureBytesPerKey     = 84
	noClosureBytesPerState = 160
	relaxationsPerState    = 16
)

// planTest, when not SearchNone, is the plan of every lattice the memory and the caps allow
// (for the tests, which search every lattice without the closure first).
var planTest Search

// planSearch chooses the search BestPath runs first, before anything large is built, from the
// lattice's vertices and the gold edits' number (Options.GoldEdits): the bounded search over
// the work cap; the closure when the edge cap asks for it; otherwise the closure when it is
// predicted cheaper in both bytes and work (see closureBytesPerKey), its keys bounded above by
// the paths of at most u no-ops (closureUpperBound, one sweep, exact on a lattice without
// branches such as a near-identical line; counted only as far as the closure could be the
// cheaper), and the search without it otherwise. A closure of at most smallClosure keys is
// built whatever the other would cost.
func (l *Lattice) planSearch() (Search, Reason, error) {
	over, err := l.overWork(l.opt.MaxWork)
	switch {
	case err != nil:
		return SearchNone, ReasonNone, err
	case over:
		return SearchBounded, ReasonOverWork, nil
	case l.opt.MaxEdges > 0:
		return SearchClosure, ReasonEdgeCap, nil
	}
	nv := int64(len(l.vrow))
	states := nv * int64(relaxedStates(l.u))
	l.cost.States = states
	// The most keys for which the closure is the cheaper, in bytes and in work.
	noClosure := nv*(implicitBytesPerVertex+statesBytesPerVertex) + states*noClosureBytesPerState
	limit := (noClosure - nv*exactBytesPerVertex) / closureBytesPerKey
	limit = min(limit, states*relaxationsPerState*8/(8+int64(max(l.opt.GoldEdits, 0))))
	limit = max(limit, smallClosure)
	bound, err := l.closureUpperBound(limit)
	l.pairs.free(l.acct)
	switch {
	case errors.Is(err, membudget.ErrOverBudget):
		bound = limit + 1 // the sweep's rows do not fit: nor would the closure
	case err != nil:
		return SearchNone, ReasonNone, err
	}
	l.cost.ClosureBound = min(bound, limit+1)
	if bound <= limit && l.u >= 1 {
		l.keysAtMost = bound // below, the closure also holds the no-op steps, which no such path counts
	}
	switch {
	case planTest != SearchNone:
		return planTest, ReasonNone, nil
	case bound <= smallClosure:
		return SearchClosure, ReasonSmallClosure, nil
	case bound <= limit:
		return SearchClosure, ReasonClosureCheaper, nil
	}
	return SearchNoClosure, ReasonNoClosureCheaper, nil
}
