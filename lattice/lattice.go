package lattice

import (
	"errors"
	"slices"

	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
)

// Kind is the kind of an edit: what its lattice path does.
type Kind uint8

const (
	Noop Kind = iota // every step a match: not an edit at all
	Sub              // anything mixed: a substitution of a phrase
	Ins              // every step an insertion
	Del              // every step a deletion
)

func (k Kind) String() string {
	return [...]string{"noop", "sub", "ins", "del"}[k]
}

// merge is the kind of a path made of a path of kind a followed by one of kind b.
func merge(a, b Kind) Kind {
	if a == b {
		return a
	}
	return Sub
}

// FirstRow says which offsets an insertion in the first row of the matrix (before any source
// token) gets.
type FirstRow uint8

const (
	// FirstRowShifted is release 3.2: the insertion of hypothesis token j-1 at the start of the
	// sentence gets offsets (j-1, j-1), as if it were inserted after j-1 source tokens.
	FirstRowShifted FirstRow = iota
	// FirstRowZero is the GitHub master: every such insertion gets (0, 0).
	FirstRowZero
)

// Options fix the lattice's construction and the quirks to reproduce.
type Options struct {
	// MaxUnchanged is u, the most unchanged (matching) tokens a phrase edit may contain.
	MaxUnchanged int
	// FirstRow chooses the offsets of insertions before the first source token.
	FirstRow FirstRow
	// EdgesOnce counts an edge found in both Levenshtein lattices once; the official lists it
	// twice, so it gets ε twice and counts twice in the match weight K.
	EdgesOnce bool
	// RemoveAllNoops removes every phrase no-op edge; the official's removal loop skips the
	// element after each one it removes.
	RemoveAllNoops bool
	// StrictWalk adds ε, after a matched insertion, only to unmatched edges between the walk's
	// pointers; the official adds it to every edge it skips.
	StrictWalk bool
	// ExactCosts compares path costs exactly, in integer units of ε with a match weight that
	// always dominates; the official sums float64s, whose rounding breaks some ties.
	ExactCosts bool
	// MaxEdges bounds the size of the transitive closure (edge occurrences, as the official
	// edge list counts them). A sentence whose closure would be larger is scored by the bounded
	// search instead (see the package documentation). Zero means DefaultMaxEdges; a negative
	// value means no bound.
	MaxEdges int
	// MaxWork bounds the official scorer's predicted work on a sentence, |V| × P, where P is
	// the number of vertex pairs the closure can join (see Lattice.ClosurePairs). A sentence
	// over it is scored by the bounded search without building the closure. Zero means
	// DefaultMaxWork; a negative value means no bound.
	MaxWork int
}

// DefaultMaxEdges is the default closure budget: about 200 MB and 1.5 s of our time. The
// official scorer needs about 1 µs × |E| × |V| and 1 KB per edge (measured: 16 s for 53,000
// edges, 236 s and 265 MB for 246,000), so about 4 hours and 4 GB at this size.
const DefaultMaxEdges = 4_000_000

// ErrTooLarge reports a closure over the budget; Build then falls back to the bounded search.
var errTooLarge = errors.New("lattice: transitive closure over budget")

// key is one edge of the lattice: a pair of vertices with the phrase edit between them. The
// official scorer keys its edge tables by vertex pair, so a pair has one edit, the last one
// stored for it.
type key struct {
	from, to   int32 // vertices (see Lattice.vert)
	dist       int32 // number of lattice steps (the official's edge cost)
	unchanged  int32 // matching tokens inside
	kind       Kind
	firstRight bool  // the path's first step is an insertion (matters in the first row)
	atomic     bool  // a single lattice step
	removed    bool  // a phrase no-op removed after the closure
	mult       uint8 // occurrences in the edge list (after removal)
}

// Edit is one edit on the chosen path, in sentence order.
type Edit struct {
	Start, End       int // the offsets the official scorer reports (quirks included)
	SrcStart, SrcEnd int // source tokens covered: src[SrcStart:SrcEnd]
	HypStart, HypEnd int // hypothesis tokens: hyp[HypStart:HypEnd]
	Kind             Kind
}

// Lattice is the edit lattice of one sentence pair, with its transitive closure. The zero
// Lattice is ready to Build; building again reuses its storage.
type Lattice struct {
	opt      Options
	src, hyp []int32
	n, m     int // len(src), len(hyp)
	cols     int // m+1

	mat [2]levenshtein.Matrix
	// reach marks the cells of the Levenshtein lattices: bit t for lattice t (reached backwards
	// from the end through its back-pointers).
	reach []uint8
	// atom[cell] holds, per direction into cell, how many lattices have that edge (0–2).
	atom []atomCount
	// The vertices (cells of either lattice) are numbered in cell order; keys, in-lists and the
	// search work on these numbers, a few dozen for a typical sentence against hundreds of cells.
	vert []int32 // vertex → cell
	vid  []int32 // cell → vertex, or -1

	keys []key
	occ  []int32 // the edge list: key index per position, in the official order (removals done)
	k    float64 // the match weight's magnitude: len(edge list)

	bounded Fallback // why BestPath uses the bounded search, if it does

	// scratch
	inSpans  []span  // per vertex: its in-list in slab
	slab     []int32 // in-lists: keys sorted by source vertex
	w        []float64
	outOff   []int32
	outOcc   []int32
	dist     []float64
	ipath    []int64
	pred     []int32 // scratch for the out-edge index
	bits     [2][]uint64
	walkBuf  []int32
	succ     [3]successor // closure scratch
	path     []Edit       // BestPath's result buffer
	colCount []int
	bnd      boundedState

	// plain is the path under the unmatched weights, which every annotator none of whose gold
	// edits is in the lattice gets: searched once per lattice, when plainDone is false.
	plain     []Edit
	plainDone bool
}

type atomCount struct{ diag, up, left uint8 }

func (a atomCount) count(d levenshtein.Pointers) uint8 {
	switch d {
	case levenshtein.Diag:
		return a.diag
	case levenshtein.Up:
		return a.up
	}
	return a.left
}

// Fallback says whether, and why, the last Build left the exact search for the bounded one.
type Fallback uint8

const (
	Exact     Fallback = iota // within both budgets: the official's answer
	OverWork                  // |V| × P over Options.MaxWork: the official would not finish
	OverEdges                 // the closure grew over Options.MaxEdges
)

// Bounded reports whether the last Build fell back to the bounded search, and why.
func (l *Lattice) Bounded() Fallback { return l.bounded }

// EdgeCount returns the length of the official edge list (the match weight K), or 0 after a
// fallback to the bounded search.
func (l *Lattice) EdgeCount() int { return len(l.occ) }

// Vertices returns the number of vertices of the lattice.
func (l *Lattice) Vertices() int { return len(l.vert) }

// Build makes the lattice of src against hyp (token ids; equal ids are equal tokens) and its
// transitive closure.
func (l *Lattice) Build(src, hyp []int32, opt Options) {
	l.opt = opt
	l.src, l.hyp = src, hyp
	l.n, l.m, l.cols = len(src), len(hyp), len(hyp)+1
	levenshtein.FillPair(&l.mat[0], &l.mat[1], src, hyp, 1, 2)
	l.markVertices()
	l.bounded = Exact
	l.plainDone = false
	l.keys, l.occ = l.keys[:0], l.occ[:0]
	if l.overWork(opt.MaxWork) {
		l.bounded = OverWork
		return
	}
	budget := opt.MaxEdges
	if budget == 0 {
		budget = DefaultMaxEdges
	}
	if err := l.closure(budget); err != nil {
		l.bounded = OverEdges
		l.keys, l.occ = l.keys[:0], l.occ[:0]
		return
	}
	l.prepareSearch()
}

// overWork reports whether |V| × P is over the work budget. It counts P only when |V|³/2, the
// most it could be, is over: never on an ordinary sentence.
func (l *Lattice) overWork(budget int) bool {
	if budget == 0 {
		budget = DefaultMaxWork
	}
	nv := len(l.vert)
	if budget < 0 || nv == 0 || nv*(nv-1)/2 <= budget/nv {
		return false
	}
	limit := budget / nv
	return l.ClosurePairs(limit) > limit
}

func (l *Lattice) cells() int { return (l.n + 1) * l.cols }

// markVertices finds, in one backward sweep, the cells of each Levenshtein lattice (those
// reachable backwards from (n, m) through back-pointers), counts each atomic edge once per
// lattice that has it, and numbers the vertices in cell order. A cell is final when the sweep
// reaches it, since every cell that points to it comes after it.
func (l *Lattice) markVertices() {
	nc := l.cells()
	cols := l.cols
	l.atom = scratch.Resize(l.atom, nc)
	l.reach = scratch.Resize(l.reach, nc)
	l.vid = scratch.Resize(l.vid, nc)
	clear(l.reach)
	l.reach[nc-1] = 3
	back := [2][]levenshtein.Pointers{l.mat[0].Backs(), l.mat[1].Backs()}
	l.vert = l.vert[:0]
	// Only cells in the band of the matrices can be reached (levenshtein.FillPair).
	for row := l.n; row >= 0; row-- {
		lo, hi := l.mat[0].Band(row)
		for c := row*cols + hi; c >= row*cols+lo; c-- {
			l.markVertex(c, back)
		}
	}
	slices.Reverse(l.vert)
	for v, c := range l.vert {
		l.vid[c] = int32(v)
	}
}

// markVertex, for a reached cell c, marks its predecessors, counts its atomic edges and
// records it as a vertex.
func (l *Lattice) markVertex(c int, back [2][]levenshtein.Pointers) {
	r := l.reach[c]
	if r == 0 {
		return
	}
	cols := l.cols
	var a atomCount
	for t := range 2 {
		if r&(1<<t) == 0 {
			continue
		}
		bit := uint8(1) << t
		p := back[t][c]
		if p&levenshtein.Diag != 0 {
			l.reach[c-cols-1] |= bit
			a.diag++
		}
		if p&levenshtein.Up != 0 {
			l.reach[c-cols] |= bit
			a.up++
		}
		if p&levenshtein.Left != 0 {
			l.reach[c-1] |= bit
			a.left++
		}
	}
	if l.opt.EdgesOnce {
		a.diag, a.up, a.left = min(a.diag, 1), min(a.up, 1), min(a.left, 1)
	}
	l.atom[c] = a
	l.vert = append(l.vert, int32(c))
}

// atomInto returns how many lattices have the atomic edge into cell c from direction d (0 when c
// is not a vertex).
func (l *Lattice) atomInto(c int32, d levenshtein.Pointers) uint8 {
	if !l.isVertex(int(c)) {
		return 0
	}
	return l.atom[c].count(d)
}

// isVertex reports whether cell c is in either lattice. Only for such cells are atom and vid
// meaningful.
func (l *Lattice) isVertex(c int) bool { return l.reach[c] != 0 }

// rowCol returns the matrix row and column of vertex v.
func (l *Lattice) rowCol(v int32) (row, col int) {
	c := int(l.vert[v])
	return c / l.cols, c % l.cols
}

// atomicKind is the kind of the single step into cell c from direction d.
func (l *Lattice) atomicKind(c int, d levenshtein.Pointers) Kind {
	switch d {
	case levenshtein.Up:
		return Del
	case levenshtein.Left:
		return Ins
	}
	i, j := c/l.cols, c%l.cols
	if l.src[i-1] == l.hyp[j-1] {
		return Noop
	}
	return Sub
}
