package levenshtein

import (
	"slices"

	"maxmatch/internal/scratch"
	"maxmatch/membudget"
)

// Band is a pair of Levenshtein matrices of the same tokens (substitution costs a and b),
// filled and stored only in a diagonal band that holds every optimal path of both: one byte per
// band cell, with both matrices' back-pointers and, after MarkOptimal, whether the cell is on an
// optimal path of each. The zero Band is ready to Fill; filling again reuses its storage.
//
// Row i of the band holds the columns lo(i)…hi(i), lowDiag ≤ j−i ≤ highDiag clipped to the
// matrix; off[i] is the index of its first cell, so a band of half-width w over n rows takes
// about n·(2w+1+|n−m|) bytes, plus 8 per row. Distances are kept for two rows only, during the
// fill: the lattice needs the pointers, and the band's proof only the final distances.
type Band struct {
	rows, cols        int
	lowDiag, highDiag int
	off               []int      // off[i]: index in cell of (i, lo(i)); off[rows] = len(cell)
	cell              []uint8    // back-pointers and marks (PointerBits, OnPath0, OnPath1)
	dist              [2]int     // the distances of (n, m)
	distRow           [4][]int32 // two rows of distances per matrix, during the fill
	sorted            [2][]int32 // Fill's lower bound of the distance: the tokens, sorted
}

// The bits of a band cell.
const (
	// PointerBits is the width of one matrix's Pointers in a cell: matrix t's are
	// (cell >> (t·PointerBits)) & 7.
	PointerBits = 3
	// OnPath0 and OnPath1 mark, after MarkOptimal, a cell on an optimal path of matrix 0 or 1.
	OnPath0 uint8 = 1 << 6
	OnPath1 uint8 = 1 << 7
)

// CellPointers returns matrix t's back-pointers from a band cell.
func CellPointers(c uint8, t int) Pointers { return Pointers(c>>(t*PointerBits)) & 7 }

// far is the distance of a cell outside the band: larger than any real one, and safe to add to.
const far = int32(1 << 29)

// Fill fills the band of src against hyp for substitution costs subA (matrix 0) and subB
// (matrix 1), in one pass over the cells, reserving its storage from acct (a nil account
// reserves nothing). On a refusal it returns the account's error and the band is empty.
//
// A path of cost D has at most D insertions and deletions, so along it j−i stays within
// [−(D+n−m)/2, (D+m−n)/2]. A band of half-width k around the strip between the diagonals 0 and
// m−n holds every path of cost at most 2k+|n−m|; the distances computed inside the band are
// never below the true ones, so when they come out within that limit they are exact, every
// optimal path is inside, and so is every co-optimal back-pointer of a cell on one. Otherwise
// the band is widened and filled again: to the half-width k' = ⌈(D−|n−m|)/2⌉ that the larger
// distance D just computed calls for (D bounds the true distances, and a wider band computes
// distances no larger, so the check then holds), or to 2k if that is less (while D is a poor
// bound, doubling bounds the number of fills).
//
// The first half-width is 2, or, on a long pair, what a lower bound of the distance calls for:
// a path leaves unmatched at least Σ_t |count of t in src − count in hyp| tokens, each an
// insertion or a deletion, or half a substitution, which costs as much as both when subB is 2
// (the M² lattice's second matrix). Heavily edited long lines skip the narrow bands, and one
// whose band cannot fit is known at once.
func (b *Band) Fill(src, hyp []int32, subA, subB int32, acct *membudget.Account) error {
	n, m := len(src), len(hyp)
	diff := max(n-m, m-n)
	k := 2
	if n+m >= longPair && max(subA, subB) >= 2 {
		lower, err := b.unmatched(src, hyp, acct)
		if err != nil {
			return err
		}
		k = max(k, (lower-diff+1)/2)
	}
	for {
		if err := b.fill(src, hyp, subA, subB, k, acct); err != nil {
			b.Free(acct)
			return err
		}
		d := max(b.dist[0], b.dist[1])
		if d <= 2*k+diff || k >= n+m {
			return nil
		}
		k = min(2*k, (d-diff+1)/2)
	}
}

// longPair is the length (n+m) from which Fill starts from a lower bound of the distance: on a
// sentence, the narrow bands are cheaper than the bound's sort.
const longPair = 4096

// unmatched returns Σ_t |count of t in src − count in hyp|, from sorted copies.
func (b *Band) unmatched(src, hyp []int32, acct *membudget.Account) (int, error) {
	var err error
	if b.sorted[0], err = scratch.Resize(acct, b.sorted[0], len(src)); err != nil {
		return 0, err
	}
	if b.sorted[1], err = scratch.Resize(acct, b.sorted[1], len(hyp)); err != nil {
		b.sorted[0] = scratch.Free(acct, b.sorted[0])
		return 0, err
	}
	x, y := b.sorted[0], b.sorted[1]
	copy(x, src)
	copy(y, hyp)
	slices.Sort(x)
	slices.Sort(y)
	matched := 0
	for i, j := 0, 0; i < len(x) && j < len(y); {
		switch {
		case x[i] < y[j]:
			i++
		case x[i] > y[j]:
			j++
		default:
			matched++
			i++
			j++
		}
	}
	b.sorted[0], b.sorted[1] = scratch.Free(acct, x), scratch.Free(acct, y)
	return len(src) + len(hyp) - 2*matched, nil
}

// Cells returns the number of cells the band of src against hyp with half-width k holds, the
// figure Fill reserves one byte for (and 8 bytes per row).
func Cells(n, m, k int) int {
	lowDiag, highDiag := min(0, m-n)-k, max(0, m-n)+k
	total := 0
	for i := 0; i <= n; i++ {
		total += min(m, i+highDiag) - max(0, i+lowDiag) + 1
	}
	return total
}

// Free releases the band's storage (large buffers to acct; small ones are kept for reuse).
func (b *Band) Free(acct *membudget.Account) {
	b.off = scratch.Free(acct, b.off)
	b.cell = scratch.Free(acct, b.cell)
	b.freeDistRows(acct)
	b.rows = 0
}

// freeDistRows releases the rows of distances, which only the fill uses (a fill that failed
// may leave them reserved: Free releases them too).
func (b *Band) freeDistRows(acct *membudget.Account) {
	for t := range b.distRow {
		b.distRow[t] = scratch.Free(acct, b.distRow[t])
	}
}

// Range returns the columns lo…hi of row i that the band holds.
func (b *Band) Range(i int) (lo, hi int) {
	return max(0, i+b.lowDiag), min(b.cols-1, i+b.highDiag)
}

// Row returns the first column of row i and its cells.
func (b *Band) Row(i int) (lo int, cells []uint8) {
	lo, _ = b.Range(i)
	return lo, b.cell[b.off[i]:b.off[i+1]]
}

// Cells returns the number of cells stored.
func (b *Band) Cells() int { return len(b.cell) }

// Rows returns len(src)+1.
func (b *Band) Rows() int { return b.rows }

// Cols returns len(hyp)+1.
func (b *Band) Cols() int { return b.cols }

// Dist returns matrix t's distance between src and hyp.
func (b *Band) Dist(t int) int { return b.dist[t] }

// Back returns matrix t's back-pointers of cell (i, j), which must be in the band.
func (b *Band) Back(t, i, j int) Pointers {
	lo, _ := b.Range(i)
	return CellPointers(b.cell[b.off[i]+j-lo], t)
}

func (b *Band) fill(src, hyp []int32, subA, subB int32, k int, acct *membudget.Account) error {
	rows, cols := len(src)+1, len(hyp)+1
	b.rows, b.cols = rows, cols
	b.lowDiag, b.highDiag = min(0, len(hyp)-len(src))-k, max(0, len(hyp)-len(src))+k
	// The previous band's cells are not needed: free them before reserving the new ones.
	b.cell = scratch.Free(acct, b.cell)
	var err error
	if b.off, err = scratch.Resize(acct, b.off, rows+1); err != nil {
		return err
	}
	total := 0
	for i := range rows {
		b.off[i] = total
		lo, hi := b.Range(i)
		total += hi - lo + 1
	}
	b.off[rows] = total
	if b.cell, err = scratch.Resize(acct, b.cell, total); err != nil {
		return err
	}
	width := b.highDiag - b.lowDiag + 1
	for t := range b.distRow {
		// Padded rows: index c−lo+1 is column c; indices 0 and hi−lo+2 are sentinels.
		if b.distRow[t], err = scratch.Resize(acct, b.distRow[t], min(width, cols)+2); err != nil {
			return err
		}
	}
	prevA, curA, prevB, curB := b.distRow[0], b.distRow[1], b.distRow[2], b.distRow[3]
	pLo := 0
	for i := range rows {
		lo, hi := b.Range(i)
		out := b.cell[b.off[i]:b.off[i+1]]
		ca, cb := curA[:hi-lo+3], curB[:hi-lo+3]
		ca[0], cb[0], ca[hi-lo+2], cb[hi-lo+2] = far, far, far, far
		if i == 0 {
			for j := 0; j <= hi; j++ {
				ca[j+1], cb[j+1] = int32(j), int32(j)
				out[j] = uint8(Left) | uint8(Left)<<PointerBits
			}
			out[0] = 0
		} else {
			j := lo
			if j == 0 {
				ca[1], cb[1] = int32(i), int32(i)
				out[0] = uint8(Up) | uint8(Up)<<PointerBits
				j = 1
			}
			// Column c of the previous row is at index c−pLo+1: (i−1, j−1) at j−pLo,
			// (i−1, j) at j−pLo+1; the current row's (i, j−1) at j−lo.
			// Cells x0…hi−lo of the row, as y = x−x0 from 0: slices of the same length n (n+1
			// for pairs y, y+1), cut with len(o), so that the compiler drops the bounds checks.
			x0 := j - lo
			o := out[x0:]
			n := len(o)
			pa, pb := prevA[lo-pLo+x0:][:n+1], prevB[lo-pLo+x0:][:n+1]
			sa, sb := ca[x0:][:n+1], cb[x0:][:n+1]
			h := hyp[lo+x0-1:][:n] // h[y] is hyp[j−1] for j = lo+x0+y
			s := src[i-1]
			for y := range o {
				diagA, diagB := pa[y], pb[y]
				if s != h[y] {
					diagA += subA
					diagB += subB
				}
				da, pA := cell(diagA, pa[y+1]+1, sa[y]+1)
				db, pB := cell(diagB, pb[y+1]+1, sb[y]+1)
				sa[y+1], sb[y+1] = da, db
				o[y] = uint8(pA) | uint8(pB)<<PointerBits
			}
		}
		prevA, curA, prevB, curB = curA, prevA, curB, prevB
		pLo = lo
		if i == rows-1 {
			b.dist[0], b.dist[1] = int(prevA[hi-lo+1]), int(prevB[hi-lo+1])
		}
	}
	b.freeDistRows(acct)
	return nil
}

// passMarks[d][c] is what a marked cell c passes to its predecessor in direction d (diagonal,
// up, left): the mark of each matrix on whose optimal path it is and whose back-pointers
// include d. One lookup per direction instead of a test per matrix and pointer.
var passMarks = func() (t [3][256]uint8) {
	for c := range 256 {
		for m := range 2 {
			mark := OnPath0 << m
			if uint8(c)&mark == 0 {
				continue
			}
			for d, p := range [3]Pointers{Diag, Up, Left} {
				if CellPointers(uint8(c), m)&p != 0 {
					t[d][c] |= mark
				}
			}
		}
	}
	return t
}()

// MarkOptimal marks the cells on an optimal path of each matrix (OnPath0, OnPath1): those
// reached backwards from (n, m) through back-pointers, and returns how many cells it marked. A
// cell's mark is final when the sweep, from the last row up and each row from the right,
// reaches it, since every cell that points to it comes after it. Back-pointers never leave the
// band (Fill).
func (b *Band) MarkOptimal() (marked int) {
	last := len(b.cell) - 1
	b.cell[last] |= OnPath0 | OnPath1
	for i := b.rows - 1; i >= 0; i-- {
		lo, row := b.Row(i)
		var pLo int
		var prev []uint8
		if i > 0 {
			pLo, prev = b.Row(i - 1)
		}
		for x := len(row) - 1; x >= 0; x-- {
			c := row[x]
			if c&(OnPath0|OnPath1) == 0 {
				continue
			}
			marked++
			j := lo + x
			if m := passMarks[0][c]; m != 0 {
				prev[j-1-pLo] |= m
			}
			if m := passMarks[1][c]; m != 0 {
				prev[j-pLo] |= m
			}
			if m := passMarks[2][c]; m != 0 {
				row[x-1] |= m
			}
		}
	}
	return marked
}
