package lattice

// Cost is what a sentence's lattice cost, from its Build to its last BestPath: its size, the
// search that found the last path and why, what the plan compared to choose it, and the work
// of every search run, in units that do not depend on the machine or the clock — a change
// that makes one grow shows in the golden tests (testdata/cost.golden), where a timing on a
// shared machine would not.
type Cost struct {
	SrcTokens, HypTokens int
	BandCells            int // cells of the Levenshtein band, each filled once (0 if it could not be stored)
	Vertices             int
	// Edges is the closure's edge list (the official's, the match weight K) for the exact
	// search, or K when the search without the closure counted it. On OverMemory it is how
	// many edges the closure was shown to need at least: pairs joined without a no-op step,
	// counted before building (EdgesCounted), or the list when the build stopped.
	Edges        int
	EdgesCounted bool
	// Needed is, on OverMemory, the bytes the exact search was shown to need at least; on a
	// *TooLargeError, what the refused stage needed.
	Needed int64

	Search Search // the search that found the last path
	Reason Reason // why that search (see Reason)

	// What the plan compared (0 when a cap decided): the most keys the closure can have, as far
	// as they were counted (one over the plan's limit when they went past it), and the relaxed
	// search's states, vertices × states per vertex.
	ClosureBound int64
	States       int64

	// The work, over every annotator's search.
	Relaxations int64 // edge occurrences the closure's Bellman–Ford relaxed
	StateVisits int64 // states of the relaxed search whose transitions it followed, over its passes
	Scanned     int64 // vertex pairs the source scans evaluated, checking edges against the closure
	Simulated   int64 // occurrences the tie search's simulations relaxed
	Counted     int64 // vertex pairs visited counting the closure's list (K and the survivals)
	Bounded     int64 // states the bounded search offered values to
	// Reserved is the most bytes held from the memory budget at once (0 without a budget; the
	// buffers small enough to be kept between sentences are not reserved, see package scratch).
	Reserved int64
}

// Cost returns the figures and the work of the last Build and the BestPath calls since.
func (l *Lattice) Cost() Cost {
	c := l.cost
	c.Search, c.Reason = l.plan, l.reason
	c.Reserved = max(0, l.acct.Peak()-l.heldAtBuild)
	return c
}
