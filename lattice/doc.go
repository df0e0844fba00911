// Package lattice finds the edits of a hypothesis the way the official M² scorer (release 3.2) does
// — the same edges, the same weights, the same path — without its cubic transitive closure and
// without its |V|·|E| Bellman–Ford, and on large lattices without the closure at all.
//
// Build makes the edit lattice of a sentence pair (graph.go: the co-optimal paths of two
// Levenshtein matrices, substitution cost 1 and 2); BestPath returns, for one annotator's gold
// edits, the edits of the path the official chooses; Search and Cost say which search found it.
//
// # The searches
//
//   - The closure (SearchClosure): the official's transitive closure of phrase edges, built in one
//     pass over the vertices in O(|E|) (closure.go), and its Bellman–Ford, run over the edges whose
//     source improved since they were last relaxed, an edge's repeat right after it in the list
//     never (path.go). The official's answer.
//   - The search without the closure (SearchNoClosure): a relaxed search over states (vertex,
//     phrase in progress), 2u+3 a vertex, whose best value is at most the official's; it answers
//     when it can prove its path is the official's (relaxed.go), or picks the official's among tied
//     best paths by running the official's passes on the edges of best paths alone (tight.go), with
//     the edge list's length K in closed form, bounded or counted (count.go, records.go). The
//     official's answer, or no answer.
//   - The bounded search (SearchBounded): the official's objective without the artefacts of its
//     closure and its float64 rounding (bounded.go). Not the official's answer: used only over a
//     cap or the memory budget, and reported (Bounded, Reason).
//
// Each is a type of its own over env (the graph, options and account it reads; lattice.go):
// closureSearch, noClosureSearch, boundedSearch. Lattice builds the graph and answers through them.
//
// # Which search answers
//
// plan.go alone decides it. Before anything large is built, planSearch plans the bounded search
// over Options.MaxWork, the closure under Options.MaxEdges or when it is small, and otherwise the
// exact search predicted cheaper in bytes and in work. enter prepares the plan and hands the
// sentence on when it does not fit (the search without the closure to the closure, the closure to
// the bounded search); giveWay hands it to the closure when the search without the closure is not
// sure of an annotator's path. The reason is kept as a Reason (Cost.Reason), never a string.
//
// # Guarantees
//
//   - SearchClosure and SearchNoClosure give the official's path, edge for edge and tie for tie,
//     for every gold edit set, including its quirks (Options selects the documented deviations).
//   - The search without the closure never guesses: each condition it needs is checked, before or
//     during the search, and when one fails the closure answers (or, over the budget, the bounded
//     search).
//   - Every large allocation is reserved from Options.Memory first; a sentence that fits no search
//     fails Build with a *TooLargeError that names what did not fit.
//   - The work of every search is counted in units that do not depend on the clock (Cost), pinned
//     by testdata/cost.golden.
//
// # Where each proof lives
//
// Each file opens with the argument for the code in it:
//
//   - closure.go: the official algorithm, and why one pass gives its edge list;
//   - path.go: why relaxing only improved sources, and no repeat, reproduces its Bellman–Ford,
//     ties included;
//   - stored.go: what the closure holds for one source, as a dynamic programme (sourceScan);
//   - relaxed.go: why the relaxed search bounds the official's value, when its path is certain, and
//     the origins whose phrases are taken from the closure;
//   - tight.go: why the official's choice among tied best paths depends on those paths alone;
//   - count.go, records.go: K and the phrase no-ops' survivals, counted or bounded;
//   - rounding.go: when float64 sums keep the exact order of paths, and when they cannot;
//   - plan.go: the plan and its figures; lattice.go: what is stored; budget.go: the bounded cost;
//     bounded.go: the bounded search's objective; noclosure.go: the search without the closure's
//     parts, run in turn.
//
// docs/exactness.md has the measured figures.
package lattice
