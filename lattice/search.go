package lattice

// Search is the search that found a path.
type Search uint8

const (
	SearchNone      Search = iota // no path searched (a hypothesis equal to its source)
	SearchClosure                 // the official's: the shortest path over the transitive closure
	SearchNoClosure               // the same path, found without building the closure (see the package doc)
	SearchBounded                 // the bounded search (see Fallback)
)

// Search returns the search that found the last path of BestPath.
func (l *Lattice) Search() Search {
	switch {
	case l.bounded != Exact:
		return SearchBounded
	case l.implicit && !l.closed:
		return SearchNoClosure
	}
	return SearchClosure
}
