// Package levenshtein fills token-level Levenshtein matrices and keeps, for every cell, all of its
// co-optimal back-pointers.
//
// The M² scorer builds its edit lattice from two such matrices over the same source and hypothesis
// tokens: insertion and deletion cost 1, substitution cost 1 in the first and 2 in the second (a
// match always costs 0). A cell's back-pointers are the predecessor cells through which its
// distance is reached at minimal cost; there may be one, two or three of them. The first column
// points up (deletions) and the first row left (insertions), and (0,0) has none.
//
// Band fills both matrices at once and only in a diagonal band that provably contains every
// optimal path (see Band.Fill), and stores only that band, both matrices' back-pointers packed
// in one byte per cell: for a hypothesis close to its source, O(n+m) memory and time. Matrix
// fills a whole matrix, distances included: the official's work, which the benchmarks take as
// the floor, and the tests as the reference.
//
// Tokens are compared as integers: callers intern their strings first (see Interner), so that
// equality is exact, case-sensitive string equality.
package levenshtein

import "maxmatch/internal/scratch"

// Pointers is the set of co-optimal back-pointers of one cell.
type Pointers uint8

const (
	// Diag points to (i-1, j-1): source token i-1 aligned with hypothesis token j-1, a match
	// (no-op) when they are equal, otherwise a substitution.
	Diag Pointers = 1 << iota
	// Up points to (i-1, j): source token i-1 deleted.
	Up
	// Left points to (i, j-1): hypothesis token j-1 inserted.
	Left
)

// Matrix is a filled (len(src)+1) × (len(hyp)+1) Levenshtein matrix with back-pointers.
// The zero Matrix is ready to Fill; filling again reuses its storage.
type Matrix struct {
	rows, cols int // len(src)+1, len(hyp)+1
	dist       []int32
	back       []Pointers
}

// Fill computes the matrix of src against hyp with insertion and deletion cost 1 and the given
// substitution cost, keeping every co-optimal back-pointer.
func (m *Matrix) Fill(src, hyp []int32, subCost int32) {
	rows, cols := len(src)+1, len(hyp)+1
	m.rows, m.cols = rows, cols
	n := rows * cols
	m.dist, m.back = resize(m.dist, n), resize(m.back, n)
	m.dist[0], m.back[0] = 0, 0
	for j := 1; j < cols; j++ {
		m.dist[j], m.back[j] = int32(j), Left
	}
	for i := 1; i < rows; i++ {
		row, prev := i*cols, (i-1)*cols
		m.dist[row], m.back[row] = int32(i), Up
		s := src[i-1]
		for j := 1; j < cols; j++ {
			diag := m.dist[prev+j-1]
			if s != hyp[j-1] {
				diag += subCost
			}
			m.dist[row+j], m.back[row+j] = cell(diag, m.dist[prev+j]+1, m.dist[row+j-1]+1)
		}
	}
}

// cell returns the minimum of the three ways into a cell and the pointers that reach it.
func cell(diag, up, left int32) (int32, Pointers) {
	best := min(diag, up, left)
	return best, bit(diag == best) | bit(up == best)<<1 | bit(left == best)<<2
}

// bit is 1 for true: written so that the compiler makes it a flag, not a branch.
func bit(b bool) Pointers {
	var p Pointers
	if b {
		p = 1
	}
	return p
}

// Rows returns len(src)+1.
func (m *Matrix) Rows() int { return m.rows }

// Cols returns len(hyp)+1.
func (m *Matrix) Cols() int { return m.cols }

// Dist returns the distance between src[:i] and hyp[:j].
func (m *Matrix) Dist(i, j int) int { return int(m.dist[i*m.cols+j]) }

// Back returns the co-optimal back-pointers of cell (i, j).
func (m *Matrix) Back(i, j int) Pointers { return m.back[i*m.cols+j] }

// resize is scratch.Resize for the full matrices, which are not accounted: they are the
// official's work, filled only by benchmarks and tests.
func resize[T any](s []T, n int) []T {
	t, _ := scratch.Resize(nil, s, n)
	return t
}

// Interner maps token strings to small integers, so that matrices compare integers.
// The zero Interner is ready to use.
type Interner struct {
	ids map[string]int32
}

// ID returns the integer of token s, assigning the next free one on first sight.
func (in *Interner) ID(s string) int32 {
	if in.ids == nil {
		in.ids = make(map[string]int32)
	}
	id, ok := in.ids[s]
	if !ok {
		id = int32(len(in.ids))
		in.ids[s] = id
	}
	return id
}

// IDs appends the integers of tokens to dst.
func (in *Interner) IDs(dst []int32, tokens []string) []int32 {
	for _, t := range tokens {
		dst = append(dst, in.ID(t))
	}
	return dst
}

// Lookup returns the integer of s and whether it has one, without assigning.
func (in *Interner) Lookup(s string) (int32, bool) {
	id, ok := in.ids[s]
	return id, ok
}

// Reset forgets every token, keeping the storage.
func (in *Interner) Reset() { clear(in.ids) }
