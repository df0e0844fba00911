package lattice

import (
	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
)

// closureCount is the scratch of countClosure.
type closureCount struct {
	// Per vertex, the lattice's predecessors: diagonal and up (-1: none), and whether the
	// diagonal step is a no-op.
	diag, up []int32
	noop     []bool
	// Per vertex, the current source's closure: stamp == source+1 when held.
	stamp []int32
	dist  []int32
	unch  []int32
	typ   []EditType
	// Per vertex k, the occurrences created while the closure processes k, in order: the
	// removable ones before the first that is not (lead), whether one is not (nonRem), the
	// removable ones after the last that is not (trail), and how many the removal loop removes
	// between the first and the last that are not (removedMid).
	lead, trail []int32
	nonRem      []bool
	removedMid  []int64
	asked       map[[2]int32]askedOcc
}

// askedOcc is where the occurrence of an asked phrase no-op stands in the removal loop's runs.
type askedOcc struct {
	known     bool
	k         int32 // the vertex it was created through
	before    int32 // the removable occurrences just before it at k
	fromStart bool  // all occurrences before it at k are removable: its run may begin before k
}

// removedOf is how many occurrences of a run of n removable ones the loop removes: every
// second, from the first (or all of them with RemoveAllNoops).
func (l *Lattice) removedOf(n int64) int64 {
	if l.opt.RemoveAllNoops {
		return n
	}
	return (n + 1) / 2
}

// resetCount reserves the count's arrays, one of each per vertex, from the memory account.
func (l *Lattice) resetCount(c *closureCount) error {
	nv := len(l.vrow)
	a := l.acct
	for _, f := range []func() error{
		func() error { return reserve(a, &c.diag, nv) },
		func() error { return reserve(a, &c.up, nv) },
		func() error { return reserve(a, &c.noop, nv) },
		func() error { return reserve(a, &c.stamp, nv) },
		func() error { return reserve(a, &c.dist, nv) },
		func() error { return reserve(a, &c.unch, nv) },
		func() error { return reserve(a, &c.typ, nv) },
		func() error { return reserve(a, &c.lead, nv) },
		func() error { return reserve(a, &c.trail, nv) },
		func() error { return reserve(a, &c.nonRem, nv) },
		func() error { return reserve(a, &c.removedMid, nv) },
	} {
		if err := f(); err != nil {
			return err
		}
	}
	clear(c.stamp)
	clear(c.lead)
	clear(c.trail)
	clear(c.nonRem)
	clear(c.removedMid)
	return nil
}

// freeCount returns the count's arrays to the memory account.
func (l *Lattice) freeCount(c *closureCount) {
	a := l.acct
	c.diag, c.up, c.noop = scratch.Free(a, c.diag)[:0], scratch.Free(a, c.up)[:0], scratch.Free(a, c.noop)[:0]
	c.stamp, c.dist, c.unch = scratch.Free(a, c.stamp)[:0], scratch.Free(a, c.dist)[:0], scratch.Free(a, c.unch)[:0]
	c.typ, c.lead, c.trail = scratch.Free(a, c.typ)[:0], scratch.Free(a, c.lead)[:0], scratch.Free(a, c.trail)[:0]
	c.nonRem, c.removedMid = scratch.Free(a, c.nonRem)[:0], scratch.Free(a, c.removedMid)[:0]
}

// countClosure returns K, the length of the official edge list after the removal loop, without
// building the list, and whether each asked pair (phrase no-ops) survived the removal loop. It
// gives up, returning false, once it has visited more than limit vertex pairs (limit < 0: no
// limit), or when an asked pair is not a phrase no-op of the closure.
//
// It runs the closure of every source in vertex order (the dynamic programme of sourceScan, in
// a loop over the rows, each row from the first column the previous row holds), adds up the
// occurrences, and follows the removal loop vertex by vertex: the occurrences the closure
// creates while it processes a vertex k come in the order of their sources, which is the order
// the scans visit them, so at the end each vertex's pattern of removable and other occurrences
// is known, and one pass over the vertices in order composes the runs across them.
func (l *Lattice) countClosure(c *closureCount, asked [][2]int32, limit int64) (k int64, survives []bool, ok bool) {
	nv := int32(len(l.vrow))
	if l.resetCount(c) != nil {
		return 0, nil, false
	}
	defer l.freeCount(c)
	total := int64(0)
	for v := range nv {
		c.diag[v], c.up[v], c.noop[v] = -1, -1, false
		at := l.vatom[v]
		total += int64(at&3 + at>>2&3 + at>>4&3) // the atomic occurrences
		if at>>atomDiagShift&3 != 0 {
			c.diag[v] = l.predecessor(v, levenshtein.Diag)
			r, col := l.rowCol(v)
			c.noop[v] = l.src[r-1] == l.hyp[col-1]
		}
		if at>>atomUpShift&3 != 0 {
			c.up[v] = l.predecessor(v, levenshtein.Up)
		}
	}
	if c.asked == nil {
		c.asked = map[[2]int32]askedOcc{}
	}
	clear(c.asked)
	for _, p := range asked {
		c.asked[p] = askedOcc{}
	}
	visited := int64(0)
	for a := range nv {
		mark := a + 1
		c.stamp[a] = mark
		c.dist[a], c.unch[a], c.typ[a] = 0, 0, Noop
		r0, c0 := l.rowCol(a)
		lo, hi := c0, c0 // the columns held in the previous row, a's own row at first
		for r := r0; r <= l.n; r++ {
			_, end := l.rowVertices(r)
			newLo, newHi := -1, -1
			v := a + 1
			if r > r0 {
				v = l.firstFrom(r, lo)
			}
			for ; v < end; v++ {
				col := int(l.vcol[v])
				// Held only through a held predecessor: above (the previous row's columns, or
				// the one before), or on the left (this row's vertex before, held).
				if col > hi+1 && (newHi < 0 || col != newHi+1) {
					break
				}
				visited++
				if !l.countTarget(c, a, v, &total) {
					continue
				}
				if newLo < 0 {
					newLo = col
				}
				newHi = col
			}
			if r == r0 {
				newLo = c0 // a itself, for the next row
				newHi = max(newHi, c0)
			}
			if newLo < 0 {
				break
			}
			lo, hi = newLo, newHi
		}
		if limit >= 0 && visited > limit {
			return 0, nil, false
		}
	}
	// Compose the runs of removable occurrences across the vertices, in order; the atomic
	// occurrences come first and are not removable.
	removed, run := int64(0), int64(0)
	runIn := make(map[int32]int64, len(asked)) // per vertex of an asked pair: the run open when it starts
	for _, q := range c.asked {
		if q.known && q.fromStart {
			runIn[q.k] = 0
		}
	}
	for k := range nv {
		if _, ok := runIn[k]; ok {
			runIn[k] = run
		}
		if !c.nonRem[k] {
			run += int64(c.lead[k])
			continue
		}
		removed += l.removedOf(run+int64(c.lead[k])) + c.removedMid[k]
		run = int64(c.trail[k])
	}
	removed += l.removedOf(run)
	survives = make([]bool, len(asked))
	for i, p := range asked {
		q := c.asked[p]
		if !q.known {
			return 0, nil, false
		}
		pos := int64(q.before) + 1 // its place in its run
		if q.fromStart {
			pos += runIn[q.k]
		}
		survives[i] = !l.opt.RemoveAllNoops && pos%2 == 0
	}
	return total - removed, survives, true
}

// countTarget evaluates the candidates for (a, v) (see sourceScan), stores what the closure
// holds for the pair, adds a phrase's occurrences to total and records them at the vertices
// they are created through. It reports whether the pair is held.
func (l *Lattice) countTarget(c *closureCount, a, v int32, total *int64) bool {
	mark := a + 1
	left := int32(-1)
	if v > 0 && l.vatom[v]>>atomLeftShift&3 != 0 {
		left = v - 1
	}
	preds := [3]int32{c.diag[v], c.up[v], left}
	// An atomic successor of a is that atomic edge.
	for i, p := range preds {
		if p == a {
			c.stamp[v] = mark
			c.dist[v], c.unch[v] = 1, 0
			switch i {
			case 0:
				c.typ[v] = Sub
				if c.noop[v] {
					c.typ[v], c.unch[v] = Noop, 1
				}
			case 1:
				c.typ[v] = Del
			default:
				c.typ[v] = Ins
			}
			return true
		}
	}
	var recs [3]int32
	n := 0
	var best int32
	for i, p := range preds {
		if p < 0 || c.stamp[p] != mark {
			continue
		}
		d := c.dist[p] + 1
		if n > 0 && d >= best {
			continue
		}
		unch, t := c.unch[p], Sub
		switch {
		case i == 0 && c.noop[v]:
			unch, t = unch+1, Noop
		case i == 1:
			t = Del
		case i == 2:
			t = Ins
		}
		if int(unch) > l.u {
			continue
		}
		best = d
		c.dist[v], c.unch[v], c.typ[v] = d, unch, merge(c.typ[p], t)
		recs[n] = p
		n++
	}
	if n == 0 {
		return false
	}
	c.stamp[v] = mark
	*total += int64(n)
	removable := c.typ[v] == Noop // a phrase no-op (an atomic edge returned above)
	for _, k := range recs[:n] {
		if !removable || len(c.asked) == 0 {
		} else if q, ok := c.asked[[2]int32{a, v}]; ok {
			q.known, q.k = true, k
			if c.nonRem[k] {
				q.before = c.trail[k]
			} else {
				q.before, q.fromStart = c.lead[k], true
			}
			c.asked[[2]int32{a, v}] = q
		}
		switch {
		case removable && c.nonRem[k]:
			c.trail[k]++
		case removable:
			c.lead[k]++
		case c.nonRem[k]:
			c.removedMid[k] += l.removedOf(int64(c.trail[k]))
			c.trail[k] = 0
		default:
			c.nonRem[k] = true
		}
	}
	return true
}

// gridEdgeCount returns K in closed form when the lattice is the whole grid without a no-op
// step — a hypothesis that shares no token with its source: every pair of vertices (a, b) with
// b at or below and right of a is joined, by no path with an unchanged token, so the closure
// holds them all (u ≥ 0), each phrase once — its first candidate, the diagonal predecessor when
// b is in neither a's row nor a's column, gives the shortest length, max(rows, columns), which
// no later candidate beats — and removes nothing. K is then those pairs, less the atomic edges'
// pairs, plus their occurrences.
func (l *Lattice) gridEdgeCount() (int64, bool) {
	n, m := int64(l.n), int64(l.m)
	if int64(len(l.vrow)) != (n+1)*(m+1) {
		return 0, false
	}
	atomicKeys, atomicOcc := int64(0), int64(0)
	for v, at := range l.vatom {
		for _, c := range [3]uint8{at & 3, at >> 2 & 3, at >> 4 & 3} {
			if c > 0 {
				atomicKeys++
				atomicOcc += int64(c)
			}
		}
		if at>>atomDiagShift&3 != 0 {
			if r, c := l.rowCol(int32(v)); l.src[r-1] == l.hyp[c-1] {
				return 0, false
			}
		}
	}
	if l.u < 0 {
		return atomicOcc, true
	}
	pairs := (n+2)*(n+1)/2*((m+2)*(m+1)/2) - (n+1)*(m+1)
	return pairs - atomicKeys + atomicOcc, true
}

// countedFacts answers the tie-breaking search's questions about the closure from the lattice
// alone: K in closed form on a whole grid without no-ops, or by countClosure, which also tells
// the phrase no-ops' survival, within a limit of vertex pairs visited.
type countedFacts struct {
	l     *Lattice
	s     *implicit
	limit int64
}

func (f countedFacts) facts(needK bool, noops [][2]int32) (int64, []bool, bool) {
	if len(noops) == 0 {
		if k, ok := f.l.gridEdgeCount(); ok {
			f.s.k = k
			return k, nil, true
		}
	}
	k, survives, ok := f.l.countClosure(&f.s.c, noops, f.limit)
	if ok {
		f.s.k = k
	}
	return k, survives, ok
}

// countCapacity is the most vertex pairs countClosure may visit: four times the edges a closure
// could hold within the memory budget (-1: no budget, no limit). The count of a pair costs a
// few nanoseconds where building and searching an edge of the closure costs tens: the count
// takes less time than the largest closure the budget holds would.
func (l *Lattice) countCapacity() int64 {
	if l.acct == nil {
		return -1
	}
	nv := int64(len(l.vrow))
	return max(0, 4*(l.acct.Limit()-l.acct.Held()-nv*exactBytesPerVertex)/exactBytesPerEdge)
}
