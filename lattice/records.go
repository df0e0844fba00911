package lattice

import (
	"sync"

	"maxmatch/internal/scratch"
)

// The count of the edge list before the removal loop, and K's bounds from it.
//
// K is the atomic occurrences, plus the phrase occurrences — the records of every source's
// dynamic programme (see sourceScan) — less the phrase no-ops the removal loop takes. The records
// alone need none of countClosure's bookkeeping of the removal loop's runs: a packed number per
// diagonal while a source is scanned, three candidates per cell, and a step in closed form for
// most rows. The phrase no-ops are few and known in closed form (phraseNoops): the removal loop
// takes at least half of them and at most all, so K is known within half their number, which is
// all the tie search needs of it wherever K is not within that distance of a change of binade.

// A pair's state, in the buffer of diagonals: 0 when it is not held; otherwise recordHeld, its
// stored path's length less the rows from the source to it (the length of a path from (r0, c0)
// to (r, c) is at least r − r0), and its unchanged tokens.
const (
	recordUnchBits = 12
	recordDistBits = 19
	recordUnchMask = 1<<recordUnchBits - 1
	recordDistMask = 1<<recordDistBits - 1
	recordHeld     = 1 << 31
	recordStep     = 1 << recordUnchBits // one more in length
)

// Flags of a vertex for the count: which atomic edges come into it, and whether its diagonal
// one is a no-op.
const (
	stepDiag = 1 << iota
	stepDiagNoop
	stepUp
	stepLeft
)

// recordRows is what the count reads of the lattice, per vertex: its steps, and along its row
// the vertices up to it without a diagonal step that is not a no-op (noDiag) or without a left
// step (noLeft), the last column of the run of consecutive columns it is in (runEnd), and the
// left steps that follow it (leftRun).
type recordRows struct {
	steps          []uint8
	noDiag, noLeft []int32
	runEnd         []int32
	noopRun        []int32 // the no-op diagonal steps ending at the vertex
	leftRun        []int32 // the left steps that follow the vertex in its row
}

// recordScan is one worker's scratch of countRecords: a source's pairs in the row being
// scanned and the row above it, indexed by diagonal (column − row + n). The pair (a, (r, c))'s
// diagonal candidate is (a, (r−1, c−1)), on the same diagonal, and its up candidate the next
// diagonal's: a row is scanned in place, left to right.
type recordScan struct {
	buf []uint32
}

// recordsAffordable reports whether the states' fields hold every length and unchanged count of
// the lattice's pairs (u is clamped to min(n, m)).
func (ns *noClosureSearch) recordsAffordable() bool {
	return ns.u < recordUnchMask && ns.n+ns.m < recordDistMask
}

// recordsFrom returns the phrase records of source a — the phrase occurrences of the edge list
// the closure creates for pairs (a, ·), before the removal loop — and its work: the pairs it
// visited, a plain row counting one and the cells it writes. It is
// sourceScan's dynamic programme (and countTarget's), row by row, keeping of each pair only what
// a later candidate needs: whether it is held, its length and its unchanged tokens (cellsOf).
//
// Most rows take a step the programme makes in closed form. Call the pairs of a row even when
// they are held at every column of an interval [lo, hi] and nowhere else, each within u, and
// their lengths D do not decrease along the row, by at most 1 a column. Let the next row be
// plain: its vertices are every column from lo to its last, R; (r, lo) has an up step; each of
// the columns lo+1 … hi+1 a diagonal step that is not a no-op; each after hi+1 a left step. Then
// in that row the pair of column lo is held through its up candidate, of length D(lo)+1; that of
// each column c from lo+1 to hi+1 through its diagonal candidate, first, of length D(c−1)+1,
// which neither later candidate beats (up: D(c)+1 ≥ it; left: D(c−2)+2 ≥ it); each after hi+1
// through its left one, D'(c−1)+1: one record each, R − lo + 1 in all, and the row is even:
// held on [lo, R], its lengths D(lo)+1, D(lo)+1, D(lo+1)+1, …, then +1 a column. Along a
// diagonal, the pairs of the rows are the same but one step longer: in the buffer, a plain row
// rewrites column lo (from the next diagonal) and the columns after hi+1 alone.
func (ns *noClosureSearch) recordsFrom(w *recordScan, rr *recordRows, a int32, u uint32) (records, visited int64) {
	buf, steps := w.buf, rr.steps
	r0, c0 := ns.rowCol(a)
	// Row r0: the insertions from a, each held through the one before (the first is atomic), of
	// length c − c0.
	e0 := c0 + int(rr.leftRun[a])
	d := c0 - r0 + ns.n // the buffer's index of (r0, c0)
	buf[d] = 0          // a itself is no candidate: its successors are atomic edges
	for c := c0 + 1; c <= e0; c++ {
		buf[d+c-c0] = recordHeld | uint32(c-c0)*recordStep
	}
	records += max(0, int64(e0-c0-1))
	visited += int64(e0 - c0)
	lo, hi := c0, e0 // the columns held in the row above (a's counted)
	first := a       // the vertex of column lo
	even := false
	for r := r0 + 1; r <= ns.n; r++ {
		_, end := ns.rowVertices(r)
		if even {
			if x := ns.nextRowFrom(first); x < end && int(ns.colOf(x)) == lo && ns.plainRow(rr, x, lo, hi, end) {
				right := int(ns.colOf(end - 1))
				d := lo - r + ns.n
				buf[d] = buf[d+1] // (r, lo) through its up candidate, one row on
				for c := hi + 2; c <= right; c++ {
					buf[d+c-lo] = buf[d+c-lo-1] + recordStep
				}
				records += int64(right - lo + 1)
				visited += int64(1 + max(0, right-hi-1)) // a step, and the cells after hi+1
				first, hi = x, right
				continue
			}
		}
		// Cell by cell, a stretch of consecutive columns at a time.
		atomic := -2 // the columns of a's atomic successors c0 and c0+1, in the row after a's
		if r == r0+1 {
			atomic = c0
		}
		cells := rowCells{newLo: -1, newHi: -1, even: true}
		for v := ns.nextRowFrom(first); v < end; {
			c := int(ns.colOf(v))
			if c > hi+1 && (cells.newHi < 0 || c != cells.newHi+1) {
				break // held only through a held predecessor
			}
			stretch := int32(int(rr.runEnd[v]) - c + 1) // its columns c … runEnd[v]
			ns.cellsOf(&cells, buf[c-r+ns.n:], steps[v:v+stretch], v, c, lo, hi, atomic, u)
			records += cells.records
			visited += cells.visited
			v += stretch
		}
		if cells.newLo < 0 {
			break
		}
		lo, hi, even, first = cells.newLo, cells.newHi, cells.even, cells.first
	}
	return records, visited
}

// rowCells is what cellsOf finds of a row: the records and cells of its last stretch, the
// columns held so far (newLo, newHi; −1: none) and newLo's vertex, and whether they are even
// (see recordsFrom).
type rowCells struct {
	records, visited int64
	newLo, newHi     int
	first            int32
	even             bool
}

// cellsOf runs recordsFrom's programme over a stretch of consecutive columns of a row, from
// column s, vertex v: st are their steps, diags the buffer from s's diagonal (a cell's diagonal
// candidate is at its own index, its up candidate at the next), the row above held on
// [lo, hi]; atomic is c0 in the row after the source's (its successors (r0+1, c0) and
// (r0+1, c0+1) are atomic edges). A target's candidates are its predecessors' pairs, diagonal,
// up and left: the first held one within u, then each strictly shorter, as in sourceScan. Only
// the diagonal step can add an unchanged token; an atomic no-op (one unchanged token) fails
// u = 0 whatever the step.
func (ns *noClosureSearch) cellsOf(out *rowCells, diags []uint32, st []uint8, v int32, s, lo, hi, atomic int, u uint32) {
	lo, hi, atomic = lo-s, hi-s, atomic-s // columns from s
	out.records = 0
	var prev uint32 // the pair of the cell before in the stretch
	i := 0
	for ; i < len(st); i++ {
		f := st[i]
		var p, q uint32 // the diagonal and up candidates' pairs
		if i > lo && i <= hi+1 {
			p = diags[i]
		}
		if i <= hi {
			q = diags[i+1]
		} else if prev == 0 && i > hi+1 {
			break // past hi+1 only the left candidate is left
		}
		var x uint32
		if i == atomic && f&stepUp != 0 || i == atomic+1 && f&stepDiag != 0 {
			// An atomic successor of a is that atomic edge: length 1, one row on.
			x = recordHeld
			if i == atomic+1 && f&stepDiagNoop != 0 {
				x |= 1
			}
		} else {
			// The per-source rule (takes, stored.go), its candidates in order: diagonal, up,
			// then left, one step longer and in the same row.
			best, bu, n := uint32(recordDistMask+1), uint32(0), int64(0) // longer than any: noOffer
			if f&stepDiag != 0 && p != 0 {
				unch := p & recordUnchMask
				if f&stepDiagNoop != 0 {
					unch++
				}
				if d := p >> recordUnchBits & recordDistMask; takes(best, d, unch, u) {
					best, bu, n = d, unch, 1
				}
			}
			if f&stepUp != 0 && q != 0 {
				if d := q >> recordUnchBits & recordDistMask; takes(best, d, q&recordUnchMask, u) {
					best, bu, n = d, q&recordUnchMask, n+1
				}
			}
			if f&stepLeft != 0 && prev != 0 {
				if d := prev>>recordUnchBits&recordDistMask + 1; takes(best, d, prev&recordUnchMask, u) {
					best, bu, n = d, prev&recordUnchMask, n+1
				}
			}
			if n > 0 {
				x = recordHeld | best<<recordUnchBits | bu
				out.records += n
			}
		}
		if x != 0 {
			c := i + s
			switch {
			case out.newLo < 0:
				out.newLo, out.first = c, v+int32(i)
			case c != out.newHi+1 || x>>recordUnchBits&recordDistMask-prev>>recordUnchBits&recordDistMask > 1:
				out.even = false
			}
			if x&recordUnchMask > u {
				out.even = false
			}
			out.newHi = c
		}
		diags[i], prev = x, x
	}
	out.visited = int64(i)
}

// plainRow reports whether the row of vertex x, at column lo, is plain for a row above held on
// [lo, hi] (see recordsFrom); end is the row's end.
func (ns *noClosureSearch) plainRow(rr *recordRows, x int32, lo, hi int, end int32) bool {
	right := int(ns.colOf(end - 1))
	if rr.steps[x]&stepUp == 0 || int(rr.runEnd[x]) != right {
		return false
	}
	// The columns are consecutive from lo: column c is vertex x + c − lo.
	diagTo := x + int32(min(hi+1, right)-lo)
	if rr.noDiag[diagTo] != rr.noDiag[x] {
		return false
	}
	return hi+1 >= right || rr.noLeft[end-1] == rr.noLeft[x+int32(hi+1-lo)]
}

// countRecords returns the length of the edge list before the removal loop — the atomic
// occurrences and every source's phrase records — and the phrase no-ops in it, or false once its
// work (recordsFrom's) is over limit (limit < 0: none), or when the states cannot hold the
// lattice's lengths. The sources are counted in parallel.
func (ns *noClosureSearch) countRecords(c *counter, limit int64) (k, noops int64, ok bool) {
	if !ns.recordsAffordable() {
		return 0, 0, false
	}
	nv := int32(ns.numVertices())
	parts := countParts(nv)
	a := ns.acct
	defer ns.freeRecordScans(c)
	rr := &c.rows
	if ns.recordRowsOf(rr) != nil {
		return 0, 0, false
	}
	noops = ns.phraseNoops(rr.noopRun)
	if ns.u < 0 {
		return ns.atomicOccurrences(), 0, true
	}
	if cap(c.scans) < parts {
		c.scans = append(c.scans[:cap(c.scans)], make([]recordScan, parts-cap(c.scans))...)
	}
	c.scans = c.scans[:parts]
	for i := range c.scans {
		if reserve(a, &c.scans[i].buf, ns.n+ns.m+1) != nil {
			return 0, 0, false
		}
	}
	// The workers take the sources in chunks, in order: a source's work is not its rectangle's
	// size (plain rows take a step each), so fixed ranges would not share it evenly.
	const chunk = 64
	var next, visited atomicInt64
	totals := make([]int64, parts)
	var wg sync.WaitGroup
	for i := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				from := int32(next.Add(chunk) - chunk)
				if from >= nv || (limit >= 0 && visited.Load() > limit) {
					return
				}
				seen := int64(0)
				for a := from; a < min(from+chunk, nv); a++ {
					rec, vis := ns.recordsFrom(&c.scans[i], rr, a, uint32(ns.u))
					totals[i] += rec
					seen += vis
				}
				visited.Add(seen)
			}
		}()
	}
	wg.Wait()
	if ns.countedOver(visited.Load(), limit) {
		return 0, 0, false
	}
	k = ns.atomicOccurrences()
	for _, t := range totals {
		k += t
	}
	return k, noops, true
}

// recordRowsOf fills what the count reads of the lattice (recordRows), from the account.
func (ns *noClosureSearch) recordRowsOf(rr *recordRows) error {
	nv := ns.numVertices()
	a := ns.acct
	for _, f := range []*[]int32{&rr.noDiag, &rr.noLeft, &rr.runEnd, &rr.noopRun, &rr.leftRun} {
		if err := reserve(a, f, nv); err != nil {
			return err
		}
	}
	if err := reserve(a, &rr.steps, nv); err != nil {
		return err
	}
	ns.sweepPreds(func(v int32, p preds) {
		f := uint8(0)
		if p.diag >= 0 {
			f |= stepDiag
		}
		if p.flags&predDiagNoop != 0 {
			f |= stepDiagNoop
		}
		if p.up >= 0 {
			f |= stepUp
		}
		if p.flags&predLeft != 0 {
			f |= stepLeft
		}
		rr.steps[v] = f
		rr.noopRun[v] = 0
		if p.flags&predDiagNoop != 0 {
			rr.noopRun[v] = rr.noopRun[p.diag] + 1
		}
	})
	for r := 0; r <= ns.n; r++ {
		lo, hi := ns.rowVertices(r)
		var noDiag, noLeft int32
		for v := lo; v < hi; v++ {
			if rr.steps[v]&(stepDiag|stepDiagNoop) != stepDiag {
				noDiag++
			}
			if rr.steps[v]&stepLeft == 0 {
				noLeft++
			}
			rr.noDiag[v], rr.noLeft[v] = noDiag, noLeft
		}
		for v := hi - 1; v >= lo; v-- {
			rr.runEnd[v], rr.leftRun[v] = ns.colOf(v), 0
			if v+1 < hi && ns.colOf(v+1) == ns.colOf(v)+1 {
				rr.runEnd[v] = rr.runEnd[v+1]
			}
			if v+1 < hi && rr.steps[v+1]&stepLeft != 0 {
				rr.leftRun[v] = rr.leftRun[v+1] + 1
			}
		}
	}
	return nil
}

// phraseNoops counts the phrase no-ops of the closure, run[v] being the no-op diagonal steps
// that end at v in a row: every pair (a, b) joined by a diagonal of L no-op steps, 2 ≤ L ≤ u,
// and no other. Such a pair is held, as that diagonal: by induction on L, the diagonal
// candidate comes first and offers length L, the shortest a path from a to b can have, with
// L ≤ u unchanged tokens; and a pair whose stored path is a no-op has only no-op steps, all
// diagonal.
func (ns *noClosureSearch) phraseNoops(run []int32) int64 {
	n := int64(0)
	for _, x := range run {
		n += max(0, min(int64(ns.u), int64(x))-1)
	}
	return n
}

// removalBounds bounds K from the list's length before the removal loop, k, and the phrase
// no-ops in it: the loop takes every second of each run of them, from the first (all of them
// with RemoveAllNoops), so at least half of them, rounded up, and at most all.
func (ns *noClosureSearch) removalBounds(k, noops int64) (lo, hi int64) {
	if ns.opt.RemoveAllNoops {
		return k - noops, k - noops
	}
	return k - noops, k - (noops+1)/2
}

func (ns *noClosureSearch) freeRecordScans(c *counter) {
	a := ns.acct
	rr := &c.rows
	rr.steps, rr.noDiag = scratch.Free(a, rr.steps)[:0], scratch.Free(a, rr.noDiag)[:0]
	rr.noLeft, rr.runEnd = scratch.Free(a, rr.noLeft)[:0], scratch.Free(a, rr.runEnd)[:0]
	rr.leftRun = scratch.Free(a, rr.leftRun)[:0]
	rr.noopRun = scratch.Free(a, rr.noopRun)[:0]
	for i := range c.scans {
		c.scans[i].buf = scratch.Free(a, c.scans[i].buf)[:0]
	}
}
