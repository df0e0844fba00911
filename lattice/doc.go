// Package lattice finds the edits of a hypothesis the way the official M² scorer (release 3.2)
// does — the same edges, the same weights, the same path — without its cubic transitive closure
// and without its |V|·|E| Bellman–Ford.
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
