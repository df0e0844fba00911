package lattice

import (
	"errors"

	"maxmatch/membudget"
)

// Which search answers, and why the plan's figures are what they are. This file alone decides it:
// planSearch makes the plan, enter prepares the planned search and hands the sentence to the next
// search when that one cannot be prepared, giveWay when the search without the closure is not sure
// of an annotator's path (the closure, then the bounded search).
//
// planSearch plans it before anything large is built: the bounded search over Options.MaxWork; the
// closure under Options.MaxEdges; otherwise the exact search predicted cheaper — the closure's keys
// bounded by the paths of at most u no-ops (closureUpperBound, one sweep: exact on a lattice
// without branches, such as a hypothesis close to its source), in bytes and in its Bellman–Ford's
// relaxations (which grow with the gold edits, Options.GoldEdits), against the relaxed search's
// 2u+3 states a vertex (see closureBytesPerKey) — and the closure whatever the other would cost
// when it has at most 65,536 keys. The reason is kept (Reason, Cost.Reason), as is the search's
// work in units that do not depend on the clock (Cost), which testdata/cost.golden pins. For the
// search without the closure, Build reserves what gold edits are placed with (about 28 bytes per
// vertex: the source scan, the walk's marks, a number, the closure origins' marks), and BestPath runs
// it first. It places the annotator's gold edits (explicitEdges) and counts M, the most matched
// edges on a path (matchedMost, one pass): the best value has M matched edges, whatever else the
// search finds. When with M neither the certificate's rounding bound (K at its most) nor the tie
// search's (K at its least, no ε on the best paths) can hold (undecidable), it is not sure without
// searching, and reserves nothing more; otherwise it reserves the search's states (44 bytes per
// relaxed state and 16 per vertex), once per lattice. For the first annotator it is not sure of, it
// builds the closure if it fits and uses the bounded search over the budget. It is not sure when
// (a) no best path of the relaxed search is in the closure (a pair the closure does not hold, or
// holds longer or with more occurrences, is on every best path) even with 16 origins taken from the
// closure; (b) a gold edit matches a phrase no-op (its survival decides whether it exists); (c) the
// rounding bound fails (before the states are reserved when M shows it, as on an unrelated grid of
// 1,000 × 1,000 tokens); (d) K or the survivals are needed, the enumeration cannot settle them over
// either of K's bounds, and a count would do more than four times as much work as the pairs the
// memory budget could hold as edges (countCapacity; countRecords's work counts a plain row as one
// step). Each is checked before searching, or during it; none is guessed.

// Search is the search that found a path.
type Search uint8

const (
	SearchNone      Search = iota // no path searched (a hypothesis equal to its source)
	SearchClosure                 // the official's: the shortest path over the transitive closure
	SearchNoClosure               // the same path, found without building the closure (see relaxed.go)
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

// smallClosure is the most keys a closure may have to be built whatever the search without it
// would cost: a few milliseconds, and the official's own search.
const smallClosure = 1 << 16

// What the plan predicts of each exact search, from what it knows before building: the
// closure's keys at most, K₊ (closureUpperBound), and the relaxed search's states, S (2u+3 a
// vertex), in bytes and in work. The figures were measured on the benchmark families (bytes
// allocated, the Levenshtein band's aside; TestPlanIsTheCheaper checks the choice).
//
// Bytes: the closure takes closureBytesPerVertex a vertex and 40 to 100 a key — the key, its
// occurrences in the edge list, its places in the in-lists as they are rebuilt, its weight, the
// out-edge index, BestPath's scratch — of which closureBytesPerKey is the upper end. The search
// without it takes 44 a vertex and 145 to 175 a state wherever best paths tie (near-identical,
// heavily edited and many-gold lines): the states' arrays (statesBytesPerState), then the
// tie search's lists and counts; noClosureBytesPerState.
//
// Work: the closure's Bellman–Ford relaxes an edge again each time an improvement reaches its
// source, and every matched gold edit improves what follows it: with G gold edits an annotator
// relaxes the list about G/8 times over (a line of 10,000 tokens with a gold edit every 3
// tokens: 427 times, G = 3,333). A relaxed state costs about relaxationsPerState relaxations
// (its transitions, over four passes; docs/exactness.md has the timings).
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
	nv := int64(l.numVertices())
	states := nv * int64(relaxedStates(l.u))
	l.cost.States = states
	// The most keys for which the closure is the cheaper, in bytes and in work.
	noClosureBytes := nv*(noClosureBytesPerVertex+statesBytesPerVertex) + states*noClosureBytesPerState
	limit := (noClosureBytes - nv*closureBytesPerVertex) / closureBytesPerKey
	limit = min(limit, states*relaxationsPerState*8/(8+int64(max(l.opt.GoldEdits, 0))))
	limit = max(limit, smallClosure)
	bound, err := l.pairs.closureUpperBound(limit)
	l.pairs.free()
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

// enter makes s the search BestPath runs, for reason why, and prepares it. A search that cannot
// be prepared gives way to the next, and this is the only place that says which: the search
// without the closure to the closure when its arrays do not fit, the closure to the bounded
// search over the edge cap or the memory budget. The bounded search fails with a
// *TooLargeError when not even it fits.
func (l *Lattice) enter(s Search, why Reason) error {
	l.plan, l.reason = s, why
	switch s {
	case SearchNoClosure:
		switch err := l.nc.prepare(); {
		case err == nil:
			return nil
		case !errors.Is(err, membudget.ErrOverBudget):
			return err
		}
		l.nc.free() // not even its arrays fit: the closure's lower bound says the rest
		return l.enter(SearchClosure, ReasonNoClosureOver)
	case SearchClosure:
		switch err := l.cl.prepare(l.keysAtMost); {
		case err == nil:
			l.cost.Edges = len(l.cl.occ)
			return nil
		case errors.Is(err, errEdgeCap):
			why = ReasonOverEdges
		case errors.Is(err, membudget.ErrOverBudget):
			why = ReasonOverMemory
		default:
			return err
		}
		l.cl.free()
		return l.enter(SearchBounded, why)
	case SearchBounded:
		return l.tooLarge(StageBounded, l.bnd.prepare())
	}
	return nil
}

// giveWay is BestPath's when the search without the closure cannot be sure of an annotator's
// path (why): the closure answers for this annotator and the next, and what it needs replaces
// the search's.
func (l *Lattice) giveWay(why Reason) error {
	l.nc.free()
	return l.enter(SearchClosure, why)
}
