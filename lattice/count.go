package lattice

import (
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"maxmatch/internal/scratch"
)

// Why K and the phrase no-ops' survivals can be counted, bounded, or left unknown.
//
// K and the survivals.
//
// On a whole grid without no-ops (a hypothesis sharing no token with its source) K is in closed
// form (gridEdgeCount). Otherwise countClosure counts the list by the dynamic programme of every
// source, O(pairs) time and O(|V|) memory, in parallel source ranges; the removal loop's runs are
// followed per vertex (the occurrences through k come in source order, which the scans follow) and
// composed across vertices, which also gives any phrase no-op's survival (TestCountClosure).
//
// The count is often avoidable. A float64 sum −K·m + y with |sum| < 2⁵² rounds to a spacing of at
// most ½, which divides the integer K·m: its rounding depends on y and on the binade of K·m − y
// alone. So a run of the Bellman–Ford is the same, with the same rests y, for every K that keeps
// every sum of the run in its binade (simulate computes that range, sameRounding,
// TestSameRoundingKeepsTheRests). tightEnumerate runs it once per such range over bounds of K
// (kBounds: the atomic occurrences and the pairs joined without a no-op step below, three
// occurrences per ordered pair above), and once per survival of the tight phrase no-ops (up to
// eight of them); when every run reads back the same edits, they are the official's whatever K and
// the survivals are.
//
// When they differ, K's binade matters: on a clause of 160 tokens repeated, one matched edge is on
// the best paths, they tie, and the one the official keeps is the same for every K in a binade
// except within about a hundred above its power of two. The enumeration then runs again over K's
// bounds from the list's length before the removal loop (countRecords, narrowBounds): the phrase
// no-ops in it are known in closed form (phraseNoops), and the loop takes at least half of them,
// rounded up, and at most all (removalBounds), so K is known within half their number — and settled
// unless it is that close to a change of binade. countRecords is every source's dynamic programme
// without countClosure's bookkeeping of the removal loop's runs, a row at a time in a buffer
// indexed by diagonal, most rows taking a step in closed form (plain rows, see recordsFrom;
// docs/exactness.md has its time against countClosure's). It is checked against the closure (TestCountClosure) and
// against countClosure on larger lattices (TestCountRecordsOnLargerLattices). Only when the
// narrower enumeration differs too does countClosure count K and the survivals exactly; it goes
// first where it is cheap (under 4 million ordered pairs of vertices).

// counter is the state of the closure's count: countClosure's and countRecords's.
type counter struct {
	pred   []preds      // per vertex: its lattice predecessors
	parts  []countPart  // the sources, in ranges counted in parallel
	scans  []recordScan // countRecords's, one per range
	rows   recordRows   // countRecords's
	before int64        // the list's length before the removal loop, as countClosure counted it
}

// countPart is the count of a range of sources: per vertex, the current source's closure and
// the occurrences created through it by the range's sources, and the range's asked pairs.
type countPart struct {
	state []countState
	runs  []countRuns
	asked map[[2]int32]askedOcc
	total int64 // phrase occurrences
}

// countState is what the closure holds for (source, vertex): held when stamp == source+1.
type countState struct {
	stamp, dist int32
	unch        int16
	typ         EditType
}

// countRuns is the occurrences the closure creates while it processes a vertex k, in order:
// the removable ones before the first that is not (lead), whether one is not (nonRem), the
// removable ones after the last that is not (trail), and how many the removal loop removes
// between the first and the last that are not (removedMid).
type countRuns struct {
	lead, trail int32
	nonRem      bool
	removedMid  int64
}

// askedOcc is where the occurrence of an asked phrase no-op stands in the removal loop's runs.
type askedOcc struct {
	known     bool
	k         int32 // the vertex it was created through
	before    int32 // the removable occurrences just before it at k
	fromStart bool  // all occurrences before it at k are removable: its run may begin before k
}

// askedMapBytes is what an entry of countClosure's maps of asked pairs takes at most, its share
// of the map's table included: the maps are reserved from the memory account at that.
const askedMapBytes = 64

// removedOf is how many occurrences of a run of n removable ones the loop removes: every
// second, from the first (or all of them with RemoveAllNoops).
func (ns *noClosureSearch) removedOf(n int64) int64 {
	if ns.opt.RemoveAllNoops {
		return n
	}
	return (n + 1) / 2
}

// resetCount reserves the count's arrays from the memory account: the predecessors, and the
// state and runs of each of parts ranges.
func (ns *noClosureSearch) resetCount(c *counter, parts int) error {
	nv := ns.numVertices()
	a := ns.acct
	if err := reserve(a, &c.pred, nv); err != nil {
		return err
	}
	if cap(c.parts) < parts {
		c.parts = append(c.parts[:cap(c.parts)], make([]countPart, parts-cap(c.parts))...)
	}
	c.parts = c.parts[:parts]
	for i := range c.parts {
		p := &c.parts[i]
		if err := reserve(a, &p.state, nv); err != nil {
			return err
		}
		if err := reserve(a, &p.runs, nv); err != nil {
			return err
		}
		clear(p.state)
		clear(p.runs)
		p.total = 0
		if p.asked == nil {
			p.asked = map[[2]int32]askedOcc{}
		}
		clear(p.asked)
	}
	return nil
}

// freeCount returns the count's arrays to the memory account.
func (ns *noClosureSearch) freeCount(c *counter) {
	a := ns.acct
	c.pred = scratch.Free(a, c.pred)[:0]
	for i := range c.parts {
		p := &c.parts[i]
		p.state, p.runs = scratch.Free(a, p.state)[:0], scratch.Free(a, p.runs)[:0]
	}
}

// compose is the runs of occurrences of s followed by those of t.
func (ns *noClosureSearch) compose(s, t countRuns) countRuns {
	switch {
	case !s.nonRem && !t.nonRem:
		return countRuns{lead: s.lead + t.lead}
	case !s.nonRem:
		return countRuns{lead: s.lead + t.lead, nonRem: true, removedMid: t.removedMid, trail: t.trail}
	case !t.nonRem:
		return countRuns{lead: s.lead, nonRem: true, removedMid: s.removedMid, trail: s.trail + t.lead}
	}
	return countRuns{lead: s.lead, nonRem: true, removedMid: s.removedMid + ns.removedOf(int64(s.trail+t.lead)) + t.removedMid, trail: t.trail}
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
func (ns *noClosureSearch) countClosure(c *counter, asked [][2]int32, limit int64) (k int64, survives []bool, ok bool) {
	nv := int32(ns.numVertices())
	parts := countParts(nv)
	if ns.resetCount(c, parts) != nil {
		return 0, nil, false
	}
	defer ns.freeCount(c)
	// The asked pairs' maps: one per range, and three to compose the runs.
	maps := int64(len(asked)) * int64(parts+3) * askedMapBytes
	if ns.acct.Reserve(maps) != nil {
		return 0, nil, false
	}
	defer ns.acct.Release(maps)
	ns.latticePreds(c.pred)
	atomic := ns.atomicOccurrences()
	for i := range c.parts {
		for _, p := range asked {
			c.parts[i].asked[p] = askedOcc{}
		}
	}
	bounds := ns.sourceRanges(parts)
	var visited atomicInt64
	var wg sync.WaitGroup
	for i := range c.parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ns.countSources(c, &c.parts[i], bounds[i], bounds[i+1], &visited, limit)
		}()
	}
	wg.Wait()
	if ns.countedOver(visited.Load(), limit) {
		return 0, nil, false
	}
	// Compose the runs of removable occurrences across the vertices, in order (the atomic
	// occurrences come first and are not removable), each vertex's from its ranges in order.
	total := atomic
	for i := range c.parts {
		total += c.parts[i].total
	}
	removed, run := int64(0), int64(0)
	type found struct {
		pair [2]int32
		part int
	}
	at := make(map[int32][]found, len(asked)) // per vertex: the asked pairs created through it
	for i := range c.parts {
		for p, q := range c.parts[i].asked {
			if q.known {
				at[q.k] = append(at[q.k], found{p, i})
			}
		}
	}
	placed := make(map[[2]int32]askedOcc, len(asked)) // with its place among its vertex's occurrences
	runIn := make(map[int32]int64, len(asked))        // per vertex of an asked pair: the run open when it starts
	for k := range nv {
		var rk countRuns
		for i := range c.parts {
			for _, f := range at[k] {
				if f.part != i {
					continue
				}
				q := c.parts[i].asked[f.pair]
				if q.fromStart { // the occurrences of the earlier ranges come before
					if rk.nonRem {
						q.before, q.fromStart = q.before+rk.trail, false
					} else {
						q.before += rk.lead
					}
				}
				placed[f.pair] = q
			}
			rk = ns.compose(rk, c.parts[i].runs[k])
		}
		if len(asked) > 0 {
			runIn[k] = run
		}
		if !rk.nonRem {
			run += int64(rk.lead)
			continue
		}
		removed += ns.removedOf(run+int64(rk.lead)) + rk.removedMid
		run = int64(rk.trail)
	}
	removed += ns.removedOf(run)
	c.before = total
	survives = make([]bool, len(asked))
	for i, p := range asked {
		q, ok := placed[p]
		if !ok {
			return 0, nil, false
		}
		pos := int64(q.before) + 1 // its place in its run
		if q.fromStart {
			pos += runIn[q.k]
		}
		survives[i] = !ns.opt.RemoveAllNoops && pos%2 == 0
	}
	return total - removed, survives, true
}

// countedOver adds a count's visits to the cost and reports whether they are over its limit
// (limit < 0: none). Over it, the parallel ranges stop at different points from run to run:
// the cost counts the limit and one.
func (ns *noClosureSearch) countedOver(visited, limit int64) bool {
	over := limit >= 0 && visited > limit
	if over {
		visited = limit + 1
	}
	ns.cost.Counted += visited
	return over
}

// sourceRanges cuts the sources into parts ranges of about equal work (the vertices below and
// right of each): range i is [bounds[i], bounds[i+1]).
func (ns *noClosureSearch) sourceRanges(parts int) []int32 {
	nv := int32(ns.numVertices())
	bounds := make([]int32, parts+1)
	bounds[parts] = nv
	if parts == 1 {
		return bounds
	}
	work := func(a int32) int64 { return int64(ns.n-int(ns.rowOf(a))+1) * int64(ns.m-int(ns.colOf(a))+1) }
	var all int64
	for a := range nv {
		all += work(a)
	}
	var sum int64
	i := 1
	for a := range nv {
		if i < parts && sum >= all*int64(i)/int64(parts) {
			bounds[i] = a
			i++
		}
		sum += work(a)
	}
	for ; i < parts; i++ {
		bounds[i] = nv
	}
	return bounds
}

// countParts is how many ranges of sources the count runs in parallel: one per processor the
// Go runtime uses, on a lattice large enough to share.
func countParts(nv int32) int {
	if forcedCountParts > 0 {
		return forcedCountParts
	}
	if nv < 4096 {
		return 1
	}
	return max(1, min(runtime.GOMAXPROCS(0), 8))
}

// forcedCountParts, when positive, is the number of ranges (for the tests).
var forcedCountParts int

type atomicInt64 = atomic.Int64

// countSources runs the closure of the sources [from, to) (see countClosure) into part p.
func (ns *noClosureSearch) countSources(c *counter, p *countPart, from, to int32, visited *atomicInt64, limit int64) {
	seen := int64(0)
	for a := from; a < to; a++ {
		mark := a + 1
		p.state[a] = countState{stamp: mark, typ: Noop}
		r0, c0 := ns.rowCol(a)
		lo, hi := c0, c0 // the columns held in the previous row, a's own row at first
		for r := r0; r <= ns.n; r++ {
			_, end := ns.rowVertices(r)
			newLo, newHi := -1, -1
			v := a + 1
			if r > r0 {
				v = ns.firstFrom(r, lo)
			}
			for ; v < end; v++ {
				col := int(ns.colOf(v))
				// Held only through a held predecessor: above (the previous row's columns, or
				// the one before), or on the left (this row's vertex before, held).
				if col > hi+1 && (newHi < 0 || col != newHi+1) {
					break
				}
				seen++
				if !ns.countTarget(c, p, a, v) {
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
		if seen > 1<<16 || a == to-1 {
			if visited.Add(seen) > limit && limit >= 0 {
				return
			}
			seen = 0
		}
	}
}

// countTarget evaluates the candidates for (a, v) by the per-source rule (pairRecords, see
// stored.go), stores what the closure holds for the pair, adds a phrase's occurrences to total
// and records them at the vertices they are created through. It reports whether the pair is
// held.
func (ns *noClosureSearch) countTarget(c *counter, p *countPart, a, v int32) bool {
	mark := a + 1
	pv := c.pred[v]
	left := int32(-1)
	if pv.flags&predLeft != 0 {
		left = v - 1
	}
	sv := &p.state[v]
	// An atomic successor of a is that atomic edge.
	if pv.diag == a || pv.up == a || left == a {
		*sv = countState{stamp: mark, dist: 1}
		switch {
		case pv.diag == a && pv.flags&predDiagNoop != 0:
			sv.typ, sv.unch = Noop, 1
		case pv.diag == a:
			sv.typ = Sub
		case pv.up == a:
			sv.typ = Del
		default:
			sv.typ = Ins
		}
		return true
	}
	// The candidates: the predecessors' pairs, diagonal, up, left, extended by their steps (only
	// the diagonal one can be a no-op).
	od, ou, ol := offer{dist: noOffer}, offer{dist: noOffer}, offer{dist: noOffer}
	var sd, su, sl countState
	if pv.diag >= 0 {
		if sd = p.state[pv.diag]; sd.stamp == mark {
			od = offer{dist: sd.dist + 1, unch: int32(sd.unch)}
			if pv.flags&predDiagNoop != 0 {
				od.unch++
			}
		}
	}
	if pv.up >= 0 {
		if su = p.state[pv.up]; su.stamp == mark {
			ou = offer{dist: su.dist + 1, unch: int32(su.unch)}
		}
	}
	if left >= 0 {
		if sl = p.state[left]; sl.stamp == mark {
			ol = offer{dist: sl.dist + 1, unch: int32(sl.unch)}
		}
	}
	set := pairRecords(od, ou, ol, int32(ns.u))
	var k int32 // the last record's predecessor
	switch lastRecord(set) {
	case -1:
		return false
	case 0:
		t := Sub
		if pv.flags&predDiagNoop != 0 {
			t = Noop
		}
		*sv = countState{stamp: mark, dist: od.dist, unch: int16(od.unch), typ: merge(sd.typ, t)}
		k = pv.diag
	case 1:
		*sv = countState{stamp: mark, dist: ou.dist, unch: int16(ou.unch), typ: merge(su.typ, Del)}
		k = pv.up
	default:
		*sv = countState{stamp: mark, dist: ol.dist, unch: int16(ol.unch), typ: merge(sl.typ, Ins)}
		k = left
	}
	n := bits.OnesCount8(set)
	p.total += int64(n)
	if n == 1 && sv.typ != Noop && p.runs[k].nonRem {
		// The common case: one occurrence, not removable, after one that is not.
		rk := &p.runs[k]
		rk.removedMid += ns.removedOf(int64(rk.trail))
		rk.trail = 0
		return true
	}
	recs := [3]int32{pv.diag, pv.up, left} // the records' predecessors, in order
	n = 0
	for i, pred := range recs {
		if set&(1<<i) != 0 {
			recs[n], n = pred, n+1
		}
	}
	ns.countRuns(p, a, v, sv.typ == Noop, recs[:n]) // a phrase no-op: an atomic edge returned above
	return true
}

// countRuns follows the removal loop's runs through the occurrences of (a, v), created through
// the vertices recs in order: removable ones (phrase no-ops) lengthen a run, others end it. An
// occurrence whose survival was asked for notes where it stands in its run.
func (ns *noClosureSearch) countRuns(p *countPart, a, v int32, removable bool, recs []int32) {
	for _, k := range recs {
		rk := &p.runs[k]
		if !removable || len(p.asked) == 0 {
		} else if q, ok := p.asked[[2]int32{a, v}]; ok {
			q.known, q.k = true, k
			if rk.nonRem {
				q.before = rk.trail
			} else {
				q.before, q.fromStart = rk.lead, true
			}
			p.asked[[2]int32{a, v}] = q
		}
		switch {
		case removable && rk.nonRem:
			rk.trail++
		case removable:
			rk.lead++
		case rk.nonRem:
			rk.removedMid += ns.removedOf(int64(rk.trail))
			rk.trail = 0
		default:
			rk.nonRem = true
		}
	}
}

// gridEdgeCount returns K in closed form when the lattice is the whole grid without a no-op
// step — a hypothesis that shares no token with its source: every pair of vertices (a, b) with
// b at or below and right of a is joined, by no path with an unchanged token, so the closure
// holds them all (u ≥ 0), each phrase once — its first candidate, the diagonal predecessor when
// b is in neither a's row nor a's column, gives the shortest length, max(rows, columns), which
// no later candidate beats — and removes nothing. K is then those pairs, less the atomic edges'
// pairs, plus their occurrences.
func (ns *noClosureSearch) gridEdgeCount() (int64, bool) {
	n, m := int64(ns.n), int64(ns.m)
	if int64(ns.numVertices()) != (n+1)*(m+1) {
		return 0, false
	}
	a := ns.atomicCensus()
	if a.noopSteps > 0 {
		return 0, false
	}
	if ns.u < 0 {
		return a.occ, true
	}
	pairs := (n+2)*(n+1)/2*((m+2)*(m+1)/2) - (n+1)*(m+1)
	return pairs - a.keys + a.occ, true
}

// countedFacts answers the tie-breaking search's questions about the closure from the lattice
// alone: K in closed form on a whole grid without no-ops, bounds of K, or K and the phrase
// no-ops' survival by countClosure, within a limit of vertex pairs visited.
type countedFacts struct {
	s     *noClosureSearch
	limit int64
}

func (f countedFacts) known(needK bool, noops [][2]int32) (int64, []bool, bool) {
	if len(noops) > 0 {
		return 0, nil, false
	}
	if !needK {
		return 0, nil, true
	}
	k, ok := f.s.gridEdgeCount()
	if ok {
		f.s.k = k
	}
	return k, nil, ok
}

func (f countedFacts) count(noops [][2]int32) (int64, []bool, bool) {
	k, survives, ok := f.s.countClosure(&f.s.c, noops, f.limit)
	if ok {
		f.s.k = k
	}
	return k, survives, ok
}

func (f countedFacts) kBounds() (lo, hi int64) { return f.s.kBounds() }

func (f countedFacts) narrowBounds() (lo, hi int64, ok bool) {
	k, noops, ok := f.s.countRecords(&f.s.c, f.limit)
	if !ok {
		return 0, 0, false
	}
	lo, hi = f.s.removalBounds(k, noops)
	return lo, hi, true
}

func (f countedFacts) countCost() int64 { return f.s.pairs.orderedPairs() }

// kBounds bounds K from the lattice in a few sweeps: kLower below, and above the atomic
// occurrences plus the phrases' occurrences — at most 3 (its records), and each a different path
// of at most u no-op steps (the stored path of a different predecessor, extended): at most three
// per ordered pair that is not an atomic edge, and at most the paths of two steps or more
// (closureUpperBound's paths less the atomic steps among them; a no-op step is one for u ≥ 1
// only, the closure holding it anyway).
func (ns *noClosureSearch) kBounds() (lo, hi int64) {
	lo = ns.kLower()
	a := ns.atomicCensus()
	if ns.u < 0 {
		return a.occ, a.occ
	}
	phraseOcc := int64(math.MaxInt64 / 4) // when the pairs cannot be counted within the budget
	if pairs := ns.pairs.orderedPairs(); pairs < phraseOcc/3 {
		phraseOcc = 3 * max(0, pairs-a.keys)
	}
	if paths, err := ns.pairs.closureUpperBound(math.MaxInt64 - 1); err == nil {
		atomicPaths := a.nonNoop
		if ns.u >= 1 {
			atomicPaths += a.noopSteps
		}
		phraseOcc = min(phraseOcc, max(0, paths-atomicPaths))
	}
	ns.pairs.free()
	return lo, a.occ + phraseOcc
}

// kLower bounds K from below: K in closed form on a whole grid without no-ops
// (gridEdgeCount); otherwise the atomic occurrences, plus the phrases among the pairs joined by
// a path without a no-op step (closureLowerBound, every one of which the closure holds), less
// the phrase no-ops the removal loop may take (at most u−1 ending at each no-op step).
func (ns *noClosureSearch) kLower() int64 {
	if ns.kLo < 0 {
		ns.kLo = ns.countKLower()
	}
	return ns.kLo
}

func (ns *noClosureSearch) countKLower() int64 {
	if k, ok := ns.gridEdgeCount(); ok {
		return k
	}
	a := ns.atomicCensus()
	if ns.u < 0 {
		return a.occ
	}
	p0, err := ns.pairs.closureLowerBound(math.MaxInt64)
	ns.pairs.free()
	if err != nil {
		p0 = a.nonNoop
	}
	return max(a.occ, a.occ+p0-a.nonNoop-a.noopSteps*int64(max(ns.u-1, 0)))
}

// atomicCensus is what kBounds counts of the atomic edges: their occurrences and keys, the keys
// that are not no-ops, and the no-op steps.
type atomicTally struct{ occ, keys, nonNoop, noopSteps int64 }

// orderedPairs counts the pairs of vertices (a, b), a ≠ b, with b at or below and right of a:
// every pair a lattice path joins is one. One backward sweep with a Fenwick tree over columns,
// reserved from the memory account; when it does not fit, the count is math.MaxInt64, which
// bounds them as well.
func (pc *pairCounter) orderedPairs() int64 {
	ps := pc
	var err error
	if ps.columns, err = scratch.Resize(pc.acct, ps.columns, pc.m+2); err != nil {
		return math.MaxInt64
	}
	defer pc.free()
	tree := ps.columns
	clear(tree)
	var total, inTree int64
	for r := pc.n; r >= 0; r-- {
		first, end := pc.rowVertices(r)
		// Within the row, the vertices to the right; below, those at or right of the column.
		for v := end - 1; v >= first; v-- {
			c := int(pc.colOf(v))
			atMost := int64(0)
			for i := c; i > 0; i -= i & -i { // columns < c
				atMost += int64(tree[i])
			}
			total += inTree - atMost + int64(end-1-v)
		}
		for v := first; v < end; v++ {
			for i := int(pc.colOf(v)) + 1; i < len(tree); i += i & -i {
				tree[i]++
			}
			inTree++
		}
	}
	return total
}

// countCapacity is the most vertex pairs countClosure may visit: four times the edges a closure
// could hold within the memory budget (-1: no budget, no limit). The count of a pair costs a
// few nanoseconds where building and searching an edge of the closure costs tens: the count
// takes less time than the largest closure the budget holds would.
func (ns *noClosureSearch) countCapacity() int64 {
	if ns.acct == nil {
		return -1
	}
	nv := int64(ns.numVertices())
	return max(0, 4*(ns.acct.Limit()-ns.acct.Held()-nv*closureBytesPerVertex)/closureBytesPerEdge)
}
