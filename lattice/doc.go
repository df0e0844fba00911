// Package lattice finds the edits of a hypothesis the way the official M² scorer (release 3.2)
// does — the same edges, the same weights, the same path — without its cubic transitive closure
// and without its |V|·|E| Bellman–Ford, and on large lattices without the closure at all.
//
// # The official algorithm
//
// Two Levenshtein matrices of the source against the hypothesis (substitution cost 1 and 2) each
// give a lattice: the cells reachable backwards from (n, m) through co-optimal back-pointers,
// one edge per back-pointer. The union of the two is the edit lattice; its edge list is the
// concatenation of both lists, sorted, so an edge that is in both appears twice. Every edge costs
// 1 and carries an edit (deletion, insertion, substitution or no-op).
//
// The closure then adds phrase edges, Floyd–Warshall style: for every vertex k, then every i,
// then every j, in sorted order, if i→k and k→j are edges and their costs add up to less than
// the cost of i→j, the two edits are merged, and if the merged edit leaves at most u tokens
// unchanged the edge i→j is appended to the list (again at every later strict improvement).
// Phrase no-op edges are then removed by a loop that deletes from the list it walks, so the
// element after each removed one is never examined.
//
// For each annotator, edges whose edit matches a gold edit get weight −K (K = the length of the
// edge list), the others their cost plus ε = 0.001 per occurrence in the list (insertions at an
// offset with gold insertions go through a two-pointer walk that enforces their order), and a
// Bellman–Ford from (0, 0) — |V|−1 passes over the list in order, strict < on float64 sums —
// gives the path, read back from (n, m).
//
// # The closure in one pass
//
// Vertices are processed as k in sorted (row, column) order, and every edge goes from a smaller
// vertex to a larger one. When k is processed:
//
//   - every edge i→k is final: it was created while processing some k' with i < k' < k, all of
//     which came before k, and nothing created later ends at k;
//   - every edge k→j is atomic: a phrase edge k→j needs an intermediate k < k' < j, not yet
//     processed.
//
// So the official triple loop, for this k, only ever relaxes pairs (i, j) where i→k is an edge
// and j is one of k's at most three lattice successors; all other (i, j) fail its lookups. We
// visit exactly those pairs, i ascending over the in-list of k, then j ascending (right, down,
// diagonal — which is the official's j order), apply the same test (strict improvement, then
// the unchanged limit) and append in the same order. The edge list, every edge's edit, and the
// multiplicities are therefore identical, at a cost of O(Σ_k |in(k)|) = O(|E|) instead of
// O(|V|³). A naive transcription of the official loop checks this on random lattices
// (TestClosureMatchesNaiveFloydWarshall).
//
// The in-list of each vertex is kept sorted by source; a vertex's three successors merge it into
// theirs as it is processed. The final in-lists also answer "is there an edge a→b" by binary
// search, which finds the edges that match gold edits without scanning the list.
//
// # The search without |V|·|E|
//
// A relaxation of edge a→b can only succeed if the distance of a decreased since that edge was
// last relaxed (the distance of b only ever decreases). So instead of relaxing every edge in
// every pass we relax, in list order and pass by pass, only the edges whose source improved
// since their last relaxation: the same improvements happen at the same moments, with the same
// float64 sums, so ties go to the same predecessor ("the one that reached the vertex first").
// A pass with nothing to relax ends the search, as would all the official's remaining passes.
// The cost is the number of improvements times the out-degree, usually a small multiple of |E|.
//
// A single pass in topological order (the shortest distances, then for each vertex the tight
// in-edge whose relaxation comes first) is not the same: a vertex can reach its final float64
// distance through a source that has not yet reached its own, when the two sums round alike
// (34.003 and 34.00299999999999, each minus 167, both give -132.997). Which edge then wins
// depends on the history of every distance, which only the simulation has; CoNLL-2014's POST,
// line 40, is such a sentence.
//
// An annotator none of whose gold edits is in the lattice leaves every weight unmatched; the
// path for those weights is searched once per lattice and shared.
//
// Weights are set only where they differ from an edge's unmatched weight: edges matching a gold
// edit of the annotator (found by lookup from the gold spans) and the edges at offsets with
// gold insertions (the walk).
//
// # The closure of one source
//
// Fix a source vertex a. By the one-pass argument above, the pair (a, b) is extended into b's
// lattice successors only when the closure processes b, and every pair into b is final by
// then. So what the closure holds for (a, b) is a function of what it holds for (a, k), k
// over b's lattice predecessors, processed in vertex order — diagonal, up, left:
//
//   - if b is an atomic successor of a, the atomic edge (no phrase can be shorter than 1);
//   - otherwise a running best starts empty; a predecessor k for which (a, k) is held offers
//     that path extended by the step k→b, of length dist(a,k)+1; the offer is taken when it is
//     shorter than the best and its unchanged tokens are at most u — a record, one occurrence
//     of (a, b) in the edge list, created while the closure processes k, at the place
//     (k, a, b) of the list's phrase part.
//
// This is a dynamic programme over the targets in vertex order, O(1) per pair (sourceScan,
// countClosure). It gives every edge's edit and multiplicity without the list
// (TestSourceScanIsTheClosure). Two consequences: a phrase no-op (an all-no-op diagonal) has
// exactly one occurrence (its diagonal predecessor, the first candidate, offers the shortest
// length there is); and an edit's offsets, original and correction depend on its pair alone,
// and on its first step in the first row, which the programme also gives.
//
// # The search without the closure
//
// The relaxed search (relaxedSolve) works on states (vertex, phrase in progress): between edits
// (B), inside an all-no-op phrase of t steps (N_t, t ≤ u), after one step that is not a no-op
// (S), inside a phrase of at least two steps, t of them no-ops (I_t). Its transitions weigh as
// the official's weights do, in integer units (rval): m matched edges (−K each) and v, 1000 per
// lattice step outside matched edges and 1 per ε — an atomic edge its exact weight, a phrase
// ended at a vertex 1 ε (every phrase occurs at least once), a matched edge or an edge at an
// insertion offset with gold insertions its exact weight (the gold edits fix those:
// explicitEdges, the walk run on the edges there, which are the pairs within runs of atomic
// insertions of the row and, in 3.2's first row, those from (0, s) whose path starts with an
// insertion; and the closure's phrases from exact origins, see Origins taken from the
// closure). Every edge of the closure is then a path of the relaxed search weighing at most
// as much (a phrase no-op as its no-op steps, which weigh the same); the relaxed search may
// have more (a pair joined within u unchanged tokens that the closure does not hold). With
// values compared as more matched edges, then less rest, the relaxed search's best value is
// at most the official's best, for the exact decimal weights, as long as 1000·K exceeds the
// best path's rest (then a path with fewer matched edges can never weigh less).
//
// relaxedPath certifies its best path when (1) all best paths of the relaxed search have the
// same edits: a forward pass over the transitions on best paths keeps, per state, the vertex
// where the edit in progress (or the last edit) started, and two different ones make the state
// ambiguous; none at the end means a single sequence of edits; (2) each edge of that path is in
// the closure with the weight the relaxed search gave it (a phrase: its pair held, of that
// length, one occurrence, sourceScan); then the official's best value equals it and every
// official best path is one of the relaxed search's, so it has these edits; (3) the match
// weight dominates and (4) float64 sums separate weights (see Rounding): then the official's
// Bellman–Ford reads back a best path (below), and so these edits.
//
// # Ties
//
// When best paths differ, the official's choice is its float64 Bellman–Ford's. A vertex's exact
// best value is its class; Rounding makes every float64 sum of a path of its class lower than
// every sum of another path to it. In the official run, then, a relaxation that improves a
// vertex with a value of its class comes through an edge on a best path from a source holding a
// value of its class, and values outside the class never replace one inside it: the history of
// class values at every vertex — when each arrives, in which pass, at which place of the list —
// is that of the same run restricted to the edges on best paths (the tight edges), in their
// order in the list, from the start. tightPath lists them: the relaxed search's transitions on
// best paths at boundaries (atomic steps, explicit edges, and phrases, each origin traced back
// and checked against the closure, sourceScan), and the phrase no-ops between boundaries on
// best paths (which the relaxed search leaves out: they weigh as their no-op steps), keeps those
// on a path from the start, and runs the official's passes on them (simulate: atomic
// occurrences first by source and target, then phrase occurrences by (k, source, target), each
// relaxed when its source improved since). The path it reads back from the end is the
// official's. It needs K when a matched edge is tight, and whether each tight phrase no-op
// survived the removal loop.
//
// # Origins taken from the closure
//
// The relaxed search's best value can be below the official's: every best path may have a
// phrase the closure does not hold as the relaxed search took it (a pair joined within u no-op
// steps whose stored path has more, or is longer) — on one clause of 160 tokens repeated
// (internal/benchcases, seed 5), one phrase of 125 steps from (8, 8) — and then the tie search keeps no
// path ("unreal tie"). The
// search then takes the phrases of those phrases' origins from the closure: at an exact origin a
// no relaxed phrase starts, and every pair (a, b) a's scan holds (sourceScan) is an explicit
// edge of its exact weight, its length and one ε per occurrence (exactEdges) — but the atomic
// edges, steps of the search already, and the phrase no-ops, which weigh as much as their no-op
// steps. Every edge of the closure is still a path of the search weighing at most as much, so
// it is still a relaxation and all of the above holds of it; it runs again, with at most 16
// exact origins per annotator, each costing a scan of the pairs below and right of it
// (TestImplicitSearchCases has one; the differential test's unreal ties went from 110 to 3 in
// 600,000 searches).
//
// # K and the survivals
//
// On a whole grid without no-ops (a hypothesis sharing no token with its source) K is in closed
// form (gridEdgeCount). Otherwise countClosure counts the list by the dynamic programme of every
// source, O(pairs) time and O(|V|) memory, in parallel source ranges; the removal loop's runs
// are followed per vertex (the occurrences through k come in source order, which the scans
// follow) and composed across vertices, which also gives any phrase no-op's survival
// (TestCountClosure).
//
// The count is often avoidable. A float64 sum −K·m + y with |sum| < 2⁵² rounds to a spacing of
// at most ½, which divides the integer K·m: its rounding depends on y and on the binade of
// K·m − y alone. So a run of the Bellman–Ford is the same, with the same rests y, for every K
// that keeps every sum of the run in its binade (simulate computes that range, sameRounding,
// TestSameRoundingKeepsTheRests). tightEnumerate runs it once per such range over bounds of K
// (kBounds: the atomic occurrences and the pairs joined without a no-op step below, three
// occurrences per ordered pair above), and once per survival of the tight phrase no-ops (up to
// eight of them); when every run reads back the same edits, they are the official's whatever K
// and the survivals are.
//
// When they differ, K's binade matters: on a clause of 160 tokens repeated, one matched edge is
// on the best paths, they tie, and the one the official keeps is the same for every K in a
// binade except within about a hundred above its power of two. The enumeration then runs again
// over K's bounds from the list's length before the removal loop (countRecords, narrowBounds):
// the phrase no-ops in it are known in closed form (phraseNoops), and the loop takes at least
// half of them, rounded up, and at most all (removalBounds), so K is known within half their
// number — and settled unless it is that close to a change of binade. countRecords is every
// source's dynamic programme without countClosure's bookkeeping of the removal loop's runs, a
// row at a time in a buffer indexed by diagonal, most rows taking a step in closed form (plain
// rows, see recordsFrom): for the clause of 160 tokens (K = 51,170,213) 0.08 s of CPU where
// countClosure takes 0.50 s, for 320 tokens (K = 455,339,779) 0.50 s where it takes 4.3 s. It is
// checked against the closure (TestCountClosure) and against countClosure on larger lattices
// (TestCountRecordsOnLargerLattices). Only when the narrower
// enumeration differs too does countClosure count K and the survivals exactly; it goes first
// where it is cheap (under 4 million ordered pairs of vertices).
//
// # Rounding
//
// Two paths to a vertex of different exact weights differ by at least ε = 0.001 (weights are
// −K·m + s + 0.001·t in exact decimals; the float64 ε differs from 0.001 by 2·10⁻²⁰ per
// occurrence, far below the rounding bounds here). A float64 sum is within the sum of its
// additions' roundings of the exact one: at most half a spacing each, h below K·M + 2(n+m) once
// a matched edge is in (M: the best paths' matched edges), hs below 2(n+m)+1 before; adding a
// whole weight (a no-op step) to a negative sum is exact. A path g units of ε above the best,
// with no fewer steps than the best path compared, has at most T + g + M additions that are not
// exact after its first matched edge (T: the most ε on a best path); a path with fewer steps
// needs 1000 more ε, impossible when the most ε any lattice path can carry (at most 2 an atomic
// step, 1.5 a phrase step, and the walk's extra) is below 1000 + T. Then
// (2T + 2M + 1)·h + 2(n+m)·hs < ε separates every class from the paths above it (separated);
// otherwise the search is not sure. On the unrelated family (one gold edit every 5 tokens) the
// bound holds at 320 × 320 tokens (K near 2.7·10⁹) and fails at 400 × 400 (K·M near 2³⁸, a
// spacing of 3·10⁻⁵): the roundings of a best path may then add up to ε.
//
// At 1,000 × 1,000 no bound of this kind can hold. There K = 251,502,252,000 exactly (the grid's
// closed form), a best path of the family's case (internal/benchcases, seed 1) has M = 90 matched
// edges, and every sum after them is near K·M ≈ 2.26·10¹³, in [2⁴⁴, 2⁴⁵), where float64s are
// 2⁻⁸ ≈ 0.0039 apart: one addition rounds by up to 0.00195, about two ε. Paths whose exact weights differ by ε, or by a
// few ε, can then round to the same sum or to sums in the other order, so which path the
// official's Bellman–Ford keeps at a vertex depends on the rounded sums of paths off the best
// ones as well — on the relaxation history of its whole list, about 2.5·10¹¹ occurrences. The
// tie search's argument (only best paths matter) is then false, and reproducing the official
// would mean running its passes over that list: the closure's cost, which this search exists to
// avoid. So the search does not try; the sentence is scored by the closure where it fits and by
// the bounded search otherwise, with its warning (see Which search answers).
//
// # Which search answers
//
// One function plans it, before anything large is built (planSearch, in plan.go): the bounded
// search over Options.MaxWork; the closure under Options.MaxEdges; otherwise the exact search
// predicted cheaper — the closure's keys bounded by the paths of at most u no-ops
// (closureUpperBound, one sweep: exact on a lattice without branches, such as a hypothesis close
// to its source), in bytes and in its Bellman–Ford's relaxations (which grow with the gold
// edits, Options.GoldEdits), against the relaxed search's 2u+3 states a vertex (see
// closureBytesPerKey) — and the closure whatever the other would cost when it has at most
// 65,536 keys. The
// reason is kept (Reason, Cost.Reason), as is the search's work in units that do not depend on
// the clock (Cost), which testdata/cost.golden pins. For the search without the closure, Build
// reserves what gold edits are placed with (about 28 bytes per vertex: the source scan, the
// walk's marks, a number, the exact origins' marks), and BestPath runs it first. It places the annotator's gold edits (explicitEdges)
// and counts M, the most matched edges on a path (matchedMost, one pass): the best value has M
// matched edges, whatever else the search finds. When with M neither the certificate's rounding
// bound (K at its most) nor the tie search's (K at its least, no ε on the best paths) can hold
// (undecidable), it is not sure without searching, and reserves nothing more; otherwise it
// reserves the search's states (44 bytes per relaxed state and 16 per vertex), once per
// lattice. For the first annotator it is not sure of, it builds the closure if it fits — the
// answer of every sentence exact before is unchanged — and uses the bounded search over the
// budget, as before. It is not sure when (a) no best path of the relaxed search is in the
// closure (a pair the closure does not hold, or holds longer or with more occurrences, is on
// every best path) even with 16 origins taken from the closure; (b) a gold edit matches a phrase
// no-op (its survival decides whether it exists); (c) the rounding bound fails (before the
// states are reserved when M shows it, as on an unrelated grid of 1,000 × 1,000 tokens); (d) K
// or the survivals are needed, the enumeration cannot settle them over either of K's bounds,
// and a count would do more than four times as much work as the pairs the memory budget could
// hold as edges (countCapacity; countRecords's work counts a plain row as one step). Each is
// checked before searching, or during it; none is guessed.
//
// # Storage
//
// The two Levenshtein matrices are filled in a diagonal band that provably holds every optimal
// path (levenshtein.Band): for a band of half-width w, O((n+m)·w) time and bytes, one byte
// per cell for both matrices' back-pointers, and two rows of distances. The band is kept only
// while the vertices are found; then the lattice keeps its vertices alone — row, column and
// atomic in-edges, 9 bytes each, and the first vertex of each row — and finds a cell by a
// binary search in its row. For a hypothesis close to its source, everything is O(n+m): a
// near-identical line of 1,000,000 tokens is scored exactly in about 240 MB.
//
// # Bounded cost
//
// On a hypothesis unrelated to its source the lattice is the whole grid and the closure holds
// nearly every ordered pair of grid points: O(n²m²) edges (740,000 for 40 tokens against 40,
// 26 million for 100 against 100). We need about 56 bytes and well under a microsecond per
// edge; the official scorer about 1 KB and 1 µs × |V| per edge. What decides where the exact
// search stops is our memory: Options.Memory, an account of the run's budget (package
// membudget), from which every large allocation is reserved before it is made.
//
//   - Before the closure, when the budget could be too small for the largest closure the
//     vertices allow (|V|²/2 edges), a lower bound of the closure is computed in one sweep
//     (closureLowerBound: the pairs joined by a path without a no-op step, each of which the
//     closure holds; exact on an unrelated grid). If that many edges do not fit, the bounded
//     search is used at once, with the figures (Cost: the bytes needed at least, the edges).
//   - Otherwise the closure is built, and the build stops at the first edge the budget cannot
//     hold; the bounded search is used then too (OverMemory).
//   - Options.MaxEdges and Options.MaxWork are optional caps, off by default: the edge list's
//     length, and the official's predicted work |V| × P (P, the vertex pairs joined by a path
//     with at most u no-op steps, is counted before any closure is built).
//
// The bounded search needs O(|V|·(u+2)) time and memory: 16 bytes per state (u+2 states per
// vertex), 4 per vertex for its candidates' check, and 12 per matched candidate (at most one
// per gold correction and vertex of the gold edit's first row); each candidate's check visits
// the vertices between its ends. 0.3 ms for 40 unrelated tokens, 5 ms for 200
// (BenchmarkDegenerate). When not even the band, the vertices or the bounded search's states
// fit, Build fails with a *TooLargeError that says which and by how much.
//
// The bounded search's answer is defined by its objective: most matched gold edits, then the
// fewest lattice steps outside matched edits, then the fewest edits, then a fixed tie order
// (see boundedPath). That is the official objective (−K per match, cost per step, ε per edge)
// without the artefacts of its closure, which keeps one path per vertex pair (and so can miss
// an edit of at most u unchanged tokens), and of float rounding, which decides most of its ties.
// A brute-force enumeration checks the objective on small cases (TestBoundedSearchIsOptimal);
// against the exact search on small random cases the objective value agrees 98% of the time and
// never falls below it, and the edits agree 92% of the time (TestBoundedSearchAgreesWithExact).
package lattice
