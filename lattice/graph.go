package lattice

import (
	"iter"
	"slices"

	"maxmatch/levenshtein"
)

// The graph is the edit lattice itself, without any search: its vertices (the cells of either
// Levenshtein lattice, numbered in (row, column) order), the atomic edges into each, the offsets
// an edge between two vertices reports, and the vertex pairs a gold edit can join. Every search
// reads it, none writes it: Build numbers the vertices (numberVertices) and the graph stays as
// it is until the next Build.

// graph is the lattice's vertices and atomic edges. A cell is found by its row's vertices
// (rowStart) and a binary search on the column.
type graph struct {
	src, hyp []int32
	n, m     int // len(src), len(hyp)
	firstRow FirstRow
	// The vertices, numbered in (row, column) order.
	vrow, vcol []int32
	// vatom[v] counts, per direction into v, how many Levenshtein lattices have that atomic
	// edge (0–2): bits 0–1 diagonal, 2–3 up, 4–5 left.
	vatom []uint8
	// vnext[v]: the first vertex of the next row whose column is at least v's (the row's end
	// if none), where v's successors down and diagonally are.
	vnext    []int32
	rowStart []int32     // rowStart[r]: the first vertex of row r; rowStart[n+1] = |V|
	atoms    atomicTally // the atomic edges, tallied as they are numbered
}

// Atomic-edge counts in vatom.
const (
	atomDiagShift = 0
	atomUpShift   = 2
	atomLeftShift = 4
)

// atomCounts returns how many Levenshtein lattices have each atomic edge into v, in the order of
// directions (diagonal, up, left).
func (g *graph) atomCounts(v int32) [3]uint8 {
	at := g.vatom[v]
	return [3]uint8{at >> atomDiagShift & 3, at >> atomUpShift & 3, at >> atomLeftShift & 3}
}

func atomShift(d levenshtein.Pointers) uint {
	switch d {
	case levenshtein.Diag:
		return atomDiagShift
	case levenshtein.Up:
		return atomUpShift
	}
	return atomLeftShift
}

// atomInto returns how many Levenshtein lattices have the atomic edge into vertex v from
// direction d.
func (g *graph) atomInto(v int32, d levenshtein.Pointers) uint8 {
	return g.vatom[v] >> atomShift(d) & 3
}

// The graph's read-only accessors, through which the searches read it (graph.go and Build alone
// touch its fields).

// numVertices returns |V|.
func (g *graph) numVertices() int { return len(g.vrow) }

// rowOf and colOf return the matrix row and column of vertex v.
func (g *graph) rowOf(v int32) int32 { return g.vrow[v] }
func (g *graph) colOf(v int32) int32 { return g.vcol[v] }

// rowBegin returns the first vertex of row r (|V| for r = n+1).
func (g *graph) rowBegin(r int) int32 { return g.rowStart[r] }

// nextRowFrom returns the first vertex of the row after v's whose column is at least v's (that
// row's end if none).
func (g *graph) nextRowFrom(v int32) int32 { return g.vnext[v] }

// matchAt reports whether source token r−1 is hypothesis token c−1: the diagonal step into the
// cell (r, c) is a no-op.
func (g *graph) matchAt(r, c int) bool { return g.src[r-1] == g.hyp[c-1] }

// source returns the source tokens [s, e), and hypToken hypothesis token j (not to be changed).
func (g *graph) source(s, e int) []int32 { return g.src[s:e] }
func (g *graph) hypToken(j int) int32    { return g.hyp[j] }

// rowCol returns the matrix row and column of vertex v.
func (g *graph) rowCol(v int32) (row, col int) { return int(g.vrow[v]), int(g.vcol[v]) }

// rowVertices returns the vertices of row r: [lo, hi).
func (g *graph) rowVertices(r int) (lo, hi int32) { return g.rowStart[r], g.rowStart[r+1] }

// firstFrom returns the first vertex of row r whose column is at least c, or the end of the
// row.
func (g *graph) firstFrom(r, c int) int32 {
	lo, hi := g.rowVertices(r)
	for lo < hi {
		mid := int32(uint32(lo+hi) >> 1)
		if int(g.vcol[mid]) < c {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// vertexAt returns the vertex at (r, c), or -1.
func (g *graph) vertexAt(r, c int) int32 {
	if r < 0 || r > g.n || c < 0 || c > g.m {
		return -1
	}
	v := g.firstFrom(r, c)
	if v < g.rowStart[r+1] && int(g.vcol[v]) == c {
		return v
	}
	return -1
}

// predecessor returns the vertex that the atomic edge into v from direction d comes from.
// The edge must exist.
func (g *graph) predecessor(v int32, d levenshtein.Pointers) int32 {
	r, c := g.rowCol(v)
	switch d {
	case levenshtein.Left:
		return v - 1 // (r, c−1) is a vertex, and no vertex lies between it and (r, c)
	case levenshtein.Up:
		return g.vertexAt(r-1, c)
	}
	return g.vertexAt(r-1, c-1)
}

// atomicType is the type of the single step into vertex v from direction d.
func (g *graph) atomicType(v int32, d levenshtein.Pointers) EditType {
	switch d {
	case levenshtein.Up:
		return Del
	case levenshtein.Left:
		return Ins
	}
	i, j := g.rowCol(v)
	if g.src[i-1] == g.hyp[j-1] {
		return Noop
	}
	return Sub
}

// Directions of an atomic edge into a vertex, in the order they are offered.
var directions = [3]levenshtein.Pointers{levenshtein.Diag, levenshtein.Up, levenshtein.Left}

// stepsInto calls f for each atomic edge into vertex v, diagonal, up, left: its source, its
// direction (an index of directions), and whether it is a match.
func (g *graph) stepsInto(v int32, f func(from int32, dir int, noop bool)) {
	if g.vatom[v] == 0 {
		return
	}
	p := g.predsOf(v, -1)
	if p.diag >= 0 {
		f(p.diag, 0, p.flags&predDiagNoop != 0)
	}
	if p.up >= 0 {
		f(p.up, 1, false)
	}
	if p.flags&predLeft != 0 {
		f(v-1, 2, false)
	}
}

// step is an atomic edge out of a vertex: one lattice step.
type step struct {
	to    int32 // the target vertex
	typ   EditType
	right bool  // an insertion (the step is to the right)
	count uint8 // how many of the two Levenshtein lattices have it (1–2, or 1 with EdgesOnce)
}

// steps lists the atomic edges out of vertex a — right, down, diagonal, which is ascending order
// of the target — and returns how many there are. Written out (atomInto and atomicType, with
// the row and column known) because every search's sweep calls it once per vertex.
func (g *graph) steps(a int32, out *[3]step) int {
	row, col := int(g.vrow[a]), int(g.vcol[a])
	n := 0
	// (row, col+1) is the next vertex if it is a vertex at all.
	if col < g.m && a+1 < g.rowStart[row+1] && int(g.vcol[a+1]) == col+1 {
		if c := g.vatom[a+1] >> atomLeftShift & 3; c != 0 {
			out[n] = step{to: a + 1, typ: Ins, right: true, count: c}
			n++
		}
	}
	if row < g.n {
		w, end := g.vnext[a], g.rowStart[row+2]
		if w < end && int(g.vcol[w]) == col {
			if c := g.vatom[w] >> atomUpShift & 3; c != 0 {
				out[n] = step{to: w, typ: Del, count: c}
				n++
			}
			w++
		}
		if col < g.m && w < end && int(g.vcol[w]) == col+1 {
			if c := g.vatom[w] >> atomDiagShift & 3; c != 0 {
				typ := Sub
				if g.matchAt(row+1, col+1) {
					typ = Noop
				}
				out[n] = step{to: w, typ: typ, count: c}
				n++
			}
		}
	}
	return n
}

// spanType is the type of a matched edit from vertex a to vertex b.
func (g *graph) spanType(a, b int32) EditType {
	r0, c0 := g.rowCol(a)
	r1, c1 := g.rowCol(b)
	dr, dc := r1-r0, c1-c0
	switch {
	case dr == 0:
		return Ins
	case dc == 0:
		return Del
	case dr == dc && slices.Equal(g.src[r0:r1], g.hyp[c0:c1]):
		return Noop
	}
	return Sub
}

// preds is a vertex's lattice predecessors: diagonal and up (-1: none), and flags. Every search
// lists a vertex's predecessors with predsOf, one vertex at a time (stepsInto) or in a sweep
// (sweepPreds, latticePreds).
type preds struct {
	diag, up int32
	flags    uint8
}

const (
	predLeft     = 1 << iota // the vertex before it in its row is a predecessor (an insertion)
	predDiagNoop             // the diagonal step is a no-op
)

// predsOf returns the lattice predecessors of v. above is the first vertex of the row above
// whose column is at least v's column − 1, where the diagonal and up sources, (r−1, c−1) and
// (r−1, c), are (adjacent vertices); −1 finds it by a binary search.
func (g *graph) predsOf(v, above int32) preds {
	p := preds{diag: -1, up: -1}
	a := g.atomCounts(v)
	if a[2] != 0 {
		p.flags |= predLeft
	}
	if a[0] == 0 && a[1] == 0 {
		return p
	}
	r, c := g.rowCol(v)
	w := above
	if w < 0 {
		w = g.firstFrom(r-1, c-1)
	}
	if a[0] != 0 {
		p.diag = w
		if g.src[r-1] == g.hyp[c-1] {
			p.flags |= predDiagNoop
		}
	}
	if int(g.vcol[w]) == c-1 {
		w++
	}
	if a[1] != 0 {
		p.up = w
	}
	return p
}

// latticePreds sets, for every vertex, its lattice predecessors (out has one per vertex).
func (g *graph) latticePreds(out []preds) {
	g.sweepPreds(func(v int32, p preds) { out[v] = p })
}

// sweepPreds calls f for every vertex in order with its lattice predecessors, found by a cursor
// over the row above (no search per vertex).
func (g *graph) sweepPreds(f func(v int32, p preds)) {
	for r := 0; r <= g.n; r++ {
		lo, hi := g.rowVertices(r)
		var above, aboveEnd int32
		if r > 0 {
			above, aboveEnd = g.rowVertices(r - 1)
		}
		for v := lo; v < hi; v++ {
			if r > 0 {
				for c := g.vcol[v]; above < aboveEnd && g.vcol[above] < c-1; {
					above++
				}
			}
			f(v, g.predsOf(v, above))
		}
	}
}

// atomicCensus returns the tally of the atomic edges that numberVertices took as it set them.
func (g *graph) atomicCensus() atomicTally { return g.atoms }

// tally adds to the census the atomic edges into a vertex (at, its vatom), whose diagonal step
// is a no-op or not.
func (a *atomicTally) tally(at uint8, noop bool) {
	for d, c := range [3]uint8{at >> atomDiagShift & 3, at >> atomUpShift & 3, at >> atomLeftShift & 3} {
		if c == 0 {
			continue
		}
		a.keys++
		a.occ += int64(c)
		if d == 0 && noop {
			a.noopSteps++
		} else {
			a.nonNoop++
		}
	}
}

// atomicOccurrences is the atomic part of the edge list: each atomic edge once per Levenshtein
// lattice that has it.
func (g *graph) atomicOccurrences() int64 { return g.atomicCensus().occ }

// maxNoops returns the most no-op steps on a lattice path. Every vertex is on a path from the
// start to the end, so that is the most of the paths to the end; best is scratch, one per
// vertex at least.
func (g *graph) maxNoops(best []int32) int {
	nv := int32(len(g.vrow))
	best[0] = 0
	for v := int32(1); v < nv; v++ {
		best[v] = 0
		g.stepsInto(v, func(from int32, _ int, noop bool) {
			n := best[from]
			if noop {
				n++
			}
			best[v] = max(best[v], n)
		})
	}
	return int(best[nv-1])
}

// edit is the edit that the lattice path from → to, of type typ and whose first step is an
// insertion or not, makes: the offsets the official reports (offsets) and the tokens it covers.
// Every edit a search returns is made here.
func (g *graph) edit(from, to int32, firstRight bool, typ EditType) Edit {
	s, e := g.offsets(from, to, firstRight)
	r0, c0 := g.rowCol(from)
	r1, c1 := g.rowCol(to)
	return Edit{Start: s, End: e, SrcStart: r0, SrcEnd: r1, HypStart: c0, HypEnd: c1, Type: typ}
}

// offsets are the reported offsets of a path between two vertices whose first step is an
// insertion or not.
func (g *graph) offsets(from, to int32, firstRight bool) (start, end int) {
	r0, c0 := g.rowCol(from)
	r1, c1 := g.rowCol(to)
	start, end = r0, r1
	if g.firstRow == FirstRowShifted {
		if start == 0 && firstRight {
			start = c0
		}
		if end == 0 {
			end = c1 - 1
		}
	}
	return start, end
}

// goldPairs yields, for each gold edit of group (span (s, e), s < e), the pairs of vertices an
// edge matching it can join: from a vertex (s, x) of row s where the hypothesis goes on with one
// of its corrections, to (e, x + the correction's length).
func (g *graph) goldPairs(gold []Gold, group []int, s, e int) iter.Seq2[int, [2]int32] {
	return func(yield func(int, [2]int32) bool) {
		first, end := g.rowVertices(s)
		for _, gi := range group {
			for _, corr := range gold[gi].Corrections {
				for from := first; from < end; from++ {
					x := int(g.vcol[from])
					if x+len(corr) > g.m || !slices.Equal(g.hyp[x:x+len(corr)], corr) {
						continue
					}
					if to := g.vertexAt(e, x+len(corr)); to >= 0 && !yield(gi, [2]int32{from, to}) {
						return
					}
				}
			}
		}
	}
}

// pairMatches reports whether the edge from vertex a to vertex b, whose first step is an
// insertion or not, matches gold edit ge: the same reported offsets and original, and one of its
// corrections.
func (g *graph) pairMatches(a, b int32, firstRight bool, ge *Gold) bool {
	s, e := g.offsets(a, b, firstRight)
	r0, c0 := g.rowCol(a)
	r1, c1 := g.rowCol(b)
	if s != ge.Start || e != ge.End || !slices.Equal(g.src[r0:r1], ge.Original) {
		return false
	}
	c := g.hyp[c0:c1]
	for _, gc := range ge.Corrections {
		if slices.Equal(c, gc) {
			return true
		}
	}
	return false
}
