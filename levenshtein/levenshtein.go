// Package levenshtein fills token-level Levenshtein matrices and keeps, for every cell, all of its
// co-optimal back-pointers.
//
// The M² scorer builds its edit lattice from two such matrices over the same source and hypothesis
// tokens: insertion and deletion cost 1, substitution cost 1 in the first and 2 in the second (a
// match always costs 0). A cell's back-pointers are the predecessor cells through which its
// distance is reached at minimal cost; there may be one, two or three of them. The first column
// points up (deletions) and the first row left (insertions), and (0,0) has none.
//
// FillPair fills both matrices at once and only in a diagonal band that provably contains every
// optimal path (see FillPair): for a hypothesis close to its source, a small part of the matrix.
// Fill fills a whole matrix.
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
	lo, hi     []int32 // the band of each row, for FillPair; nil after Fill
}

// Fill computes the matrix of src against hyp with insertion and deletion cost 1 and the given
// substitution cost, keeping every co-optimal back-pointer.
func (m *Matrix) Fill(src, hyp []int32, subCost int32) {
	rows, cols := len(src)+1, len(hyp)+1
	m.rows, m.cols = rows, cols
	n := rows * cols
	m.dist, m.back = scratch.Resize(m.dist, n), scratch.Resize(m.back, n)
	m.lo, m.hi = nil, nil
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

// FillPair fills a with substitution cost subA and b with subB, in one pass over the cells:
// the M² lattice needs both matrices of the same token sequences.
//
// Only a diagonal band of cells is filled, one wide enough to hold every optimal path of both
// matrices; the other cells are left undefined (see Band). A path of cost D has at most D
// insertions and deletions, so along it j−i stays within [−(D+n−m)/2, (D+m−n)/2]. A band of
// half-width k around the strip between the diagonals 0 and m−n holds every path of cost at
// most 2k+|n−m|; the distances computed inside the band are never below the true ones, so when
// they come out within that limit they are exact, every optimal path is inside, and so is every
// co-optimal back-pointer of a cell on one. Otherwise the band is doubled and filled again.
func FillPair(a, b *Matrix, src, hyp []int32, subA, subB int32) {
	n, m := len(src), len(hyp)
	diff := max(n-m, m-n)
	for k := 2; ; k *= 2 {
		fillPairBand(a, b, src, hyp, subA, subB, k)
		if limit := 2*k + diff; a.Dist(n, m) <= limit && b.Dist(n, m) <= limit || k >= n+m {
			return
		}
	}
}

// far is the distance of a cell outside the band: larger than any real one, and safe to add to.
const far = int32(1 << 29)

func fillPairBand(a, b *Matrix, src, hyp []int32, subA, subB int32, k int) {
	rows, cols := len(src)+1, len(hyp)+1
	n := rows * cols
	lowDiag, highDiag := min(0, len(hyp)-len(src))-k, max(0, len(hyp)-len(src))+k // band: lowDiag ≤ j−i ≤ highDiag
	for _, m := range []*Matrix{a, b} {
		m.rows, m.cols = rows, cols
		m.dist, m.back = scratch.Resize(m.dist, n), scratch.Resize(m.back, n)
		m.lo, m.hi = scratch.Resize(m.lo, rows), scratch.Resize(m.hi, rows)
	}
	da, ba, db, bb := a.dist, a.back, b.dist, b.back
	for i := 0; i < rows; i++ {
		lo, hi := max(0, i+lowDiag), min(cols-1, i+highDiag)
		a.lo[i], a.hi[i], b.lo[i], b.hi[i] = int32(lo), int32(hi), int32(lo), int32(hi)
		row := i * cols
		// Sentinels just outside the band, read by this row (left) and the next one (up).
		if lo > 0 {
			da[row+lo-1], db[row+lo-1] = far, far
		}
		if hi+1 < cols {
			da[row+hi+1], db[row+hi+1] = far, far
		}
		j := lo
		if i == 0 {
			da[0], ba[0], db[0], bb[0] = 0, 0, 0, 0
			for j = 1; j <= hi; j++ {
				da[j], ba[j], db[j], bb[j] = int32(j), Left, int32(j), Left
			}
			continue
		}
		if j == 0 {
			da[row], ba[row], db[row], bb[row] = int32(i), Up, int32(i), Up
			j = 1
		}
		prev := row - cols
		// Row slices of equal length let the compiler drop most bounds checks.
		pa, ca, cba := da[prev:row], da[row:row+cols], ba[row:row+cols]
		pb, cb, cbb := db[prev:row], db[row:row+cols], bb[row:row+cols]
		s := src[i-1]
		h := hyp[:cols-1]
		for ; j <= hi && j < len(ca) && j < len(pa) && j-1 < len(h); j++ {
			diagA, diagB := pa[j-1], pb[j-1]
			if s != h[j-1] {
				diagA += subA
				diagB += subB
			}
			ca[j], cba[j] = cell(diagA, pa[j]+1, ca[j-1]+1)
			cb[j], cbb[j] = cell(diagB, pb[j]+1, cb[j-1]+1)
		}
	}
}

// Band returns the columns [lo, hi] of row i that FillPair filled; Fill fills whole rows.
// Cells outside the band are not on any optimal path and hold no meaningful values.
func (m *Matrix) Band(i int) (lo, hi int) {
	if m.lo == nil {
		return 0, m.cols - 1
	}
	return int(m.lo[i]), int(m.hi[i])
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

// Backs returns the back-pointers of every cell, indexed i*Cols()+j.
func (m *Matrix) Backs() []Pointers { return m.back }

// BackAt returns the back-pointers of the cell with flat index i*Cols()+j.
func (m *Matrix) BackAt(cell int) Pointers { return m.back[cell] }

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
