package lattice

import (
	"iter"
	"math"
	"math/bits"
	"slices"

	"maxmatch/internal/scratch"
)

// Gold is one gold edit as the lattice matches it: an edge matches when its reported offsets are
// (Start, End), the source tokens it covers are Original and the hypothesis tokens it produces
// are one of Corrections. Corrections that no token sequence can equal (for instance a text
// with two spaces in a row) are simply left out.
type Gold struct {
	Start, End  int
	Original    []int32
	Corrections [][]int32
}

const epsilon = 0.001 // the official's tie-breaking weight

// costs are the numbers the weights are made of: the official's float64 ones, or, with ExactCosts,
// integers in units of ε (exact, and with a match weight that always dominates).
type costs struct {
	unit, eps, match float64
}

func (l *Lattice) costs() costs {
	if l.opt.ExactCosts {
		// An unmatched path costs at most 1000 per step plus 1 per edge, 1001·(n+m) in all.
		return costs{unit: 1000, eps: 1, match: -1001 * float64(l.n+l.m+1)}
	}
	return costs{unit: 1, eps: epsilon, match: -float64(len(l.occ))}
}

// edgeOffsets returns the offsets the official reports for key k: those of its first step's
// start and its last step's end. Only insertions before the first source token differ from the
// rows (see FirstRow).
func (l *Lattice) edgeOffsets(k *key) (start, end int) {
	return l.offsets(k.from, k.to, k.firstRight)
}

// offsets are the reported offsets of a path between two vertices whose first step is an
// insertion or not.
func (l *Lattice) offsets(from, to int32, firstRight bool) (start, end int) {
	r0, c0 := l.rowCol(from)
	r1, c1 := l.rowCol(to)
	start, end = r0, r1
	if l.opt.FirstRow == FirstRowShifted {
		if start == 0 && firstRight {
			start = c0
		}
		if end == 0 {
			end = c1 - 1
		}
	}
	return start, end
}

// lookup returns the key of the edge from vertex from to vertex to, or -1.
func (l *Lattice) lookup(from, to int32) int32 {
	sp := l.inSpans[to]
	in := l.slab[sp.off : sp.off+sp.n]
	i, ok := slices.BinarySearchFunc(in, from, func(k int32, f int32) int {
		return int(l.from(k) - f)
	})
	if !ok || l.keys[in[i]].removed {
		return -1
	}
	return in[i]
}

func (l *Lattice) matches(k *key, g *Gold) bool {
	return l.pairMatches(k.from, k.to, k.firstRight, g)
}

// pairMatches reports whether the edge from vertex a to vertex b, whose first step is an
// insertion or not, matches gold edit g: the same reported offsets and original, and one of its
// corrections.
func (l *Lattice) pairMatches(a, b int32, firstRight bool, g *Gold) bool {
	s, e := l.offsets(a, b, firstRight)
	r0, c0 := l.rowCol(a)
	r1, c1 := l.rowCol(b)
	if s != g.Start || e != g.End || !slices.Equal(l.src[r0:r1], g.Original) {
		return false
	}
	c := l.hyp[c0:c1]
	for _, gc := range g.Corrections {
		if slices.Equal(c, gc) {
			return true
		}
	}
	return false
}

// unmatchedWeight is the weight of key k for an annotator with no gold edit matching it: its
// cost plus ε per occurrence in the edge list (no ε on a no-op), summed in float64 one ε at a
// time as the official does.
func (l *Lattice) unmatchedWeight(k *key, c costs) float64 {
	w := float64(k.dist) * c.unit
	if k.typ != Noop {
		for range k.mult {
			w += c.eps
		}
	}
	return w
}

// prepareSearch computes what every annotator's search shares: the unmatched weights and the
// edge list grouped by source vertex. It reserves everything the searches use, so that
// BestPath never needs more.
func (l *Lattice) prepareSearch() error {
	a := l.acct
	nv := len(l.vrow)
	var err error
	for _, r := range []func() error{
		func() (err error) { l.w, err = scratch.Resize(a, l.w, len(l.keys)); return },
		func() (err error) { l.outOff, err = scratch.Resize(a, l.outOff, nv+1); return },
		func() (err error) { l.outOcc, err = scratch.Resize(a, l.outOcc, len(l.occ)); return },
		func() (err error) { l.pred, err = scratch.Resize(a, l.pred, nv); return },
		func() (err error) { l.dist, err = scratch.Resize(a, l.dist, nv); return },
		func() (err error) { l.ipath, err = scratch.Resize(a, l.ipath, nv); return },
		func() (err error) { l.bits[0], err = scratch.Resize(a, l.bits[0], (len(l.occ)+63)/64); return },
		func() (err error) { l.bits[1], err = scratch.Resize(a, l.bits[1], (len(l.occ)+63)/64); return },
		// BestPath's scratch at its most: every key changed once, every key and occurrence
		// at one insertion offset.
		func() (err error) { l.changed, err = scratch.Grow(a, l.changed[:0], len(l.keys)); return },
		func() (err error) { l.members, err = scratch.Grow(a, l.members[:0], len(l.keys)); return },
		func() (err error) { l.walkBuf, err = scratch.Grow(a, l.walkBuf[:0], len(l.occ)); return },
	} {
		if err = r(); err != nil {
			return err
		}
	}
	c := l.costs()
	for i := range l.keys {
		l.w[i] = l.unmatchedWeight(&l.keys[i], c)
	}
	clear(l.outOff)
	for _, ki := range l.occ {
		l.outOff[l.keys[ki].from+1]++
	}
	for v := 1; v <= nv; v++ {
		l.outOff[v] += l.outOff[v-1]
	}
	fill := l.pred
	copy(fill, l.outOff[:nv])
	for pos, ki := range l.occ {
		f := l.keys[ki].from
		l.outOcc[fill[f]] = int32(pos)
		fill[f]++
	}
	return nil
}

// BestPath returns the edits of the path the official scorer chooses for these gold edits
// (one annotator's), in sentence order, no-ops left out; or, after a fallback, the bounded
// search's path. The slice is the lattice's own buffer: it is valid until the next call of
// BestPath, Build or Release.
//
// The exact search never fails (Build reserved its memory). The bounded search reserves its
// candidate edits from the memory account, and can fail as Build does: with a *TooLargeError,
// or membudget.ErrBusy.
func (l *Lattice) BestPath(gold []Gold) ([]Edit, error) {
	if l.plan == SearchNoClosure {
		if edits, ok := l.implicitPath(&l.imp, gold, l.countLimit); ok {
			if k := l.imp.k; k > 0 {
				l.cost.Edges = int(k)
			}
			return edits, nil
		}
		// The closure, for this annotator and the next: what it needs replaces the search's.
		l.reason = l.imp.r.why
		l.freeImplicit()
		if err := l.closeLattice(); err != nil {
			return nil, err
		}
	}
	if l.plan == SearchBounded {
		edits, err := l.boundedPath(gold)
		return edits, l.tooLarge(StageBounded, err)
	}
	c := l.costs()
	changed := l.setWeights(gold, c)
	if len(changed) == 0 {
		if !l.plainDone {
			l.plain, l.plainDone = append(l.plain[:0], l.search()...), true
		}
		return l.plain, nil
	}
	edits := l.search()
	for _, ki := range changed {
		l.w[ki] = l.unmatchedWeight(&l.keys[ki], c)
	}
	return edits, nil
}

// goldGroups yields the gold edits grouped by span (their indices), spans in sorted order,
// file order within a span: the official's G table.
func goldGroups(gold []Gold) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		order := make([]int, len(gold))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			if gold[a].Start != gold[b].Start {
				return gold[a].Start - gold[b].Start
			}
			return gold[a].End - gold[b].End
		})
		for lo := 0; lo < len(order); {
			hi := lo + 1
			g0 := &gold[order[lo]]
			for hi < len(order) && gold[order[hi]].Start == g0.Start && gold[order[hi]].End == g0.End {
				hi++
			}
			if !yield(order[lo:hi]) {
				return
			}
			lo = hi
		}
	}
}

// goldPairs yields, for each gold edit of group (span (s, e), s < e), the pairs of vertices an
// edge matching it can join: from a vertex (s, x) of row s where the hypothesis goes on with one
// of its corrections, to (e, x + the correction's length).
func (l *Lattice) goldPairs(gold []Gold, group []int, s, e int) iter.Seq2[int, [2]int32] {
	return func(yield func(int, [2]int32) bool) {
		first, end := l.rowVertices(s)
		for _, gi := range group {
			for _, corr := range gold[gi].Corrections {
				for from := first; from < end; from++ {
					x := int(l.vcol[from])
					if x+len(corr) > l.m || !slices.Equal(l.hyp[x:x+len(corr)], corr) {
						continue
					}
					if to := l.vertexAt(e, x+len(corr)); to >= 0 && !yield(gi, [2]int32{from, to}) {
						return
					}
				}
			}
		}
	}
}

// setWeights gives matching edges the match weight and runs the insertion walk where gold
// insertions are, leaving every other edge at its unmatched weight. It returns the keys it
// changed.
func (l *Lattice) setWeights(gold []Gold, c costs) []int32 {
	changed := l.changed[:0]
	for group := range goldGroups(gold) {
		g0 := &gold[group[0]]
		s, e := g0.Start, g0.End
		if s > l.n || e > l.n {
			continue
		}
		if s == e {
			changed = l.insertionWalk(gold, group, c, changed)
			continue
		}
		if s > e {
			continue // its original is empty and no edge with s > e has an empty original
		}
		for gi, p := range l.goldPairs(gold, group, s, e) {
			ki := l.lookup(p[0], p[1])
			if ki < 0 || l.w[ki] == c.match || !l.matches(&l.keys[ki], &gold[gi]) {
				continue
			}
			l.w[ki] = c.match
			changed = append(changed, ki)
		}
	}
	return changed
}

// insertionWalk sets the weights of the edges reported at insertion offset s, given the gold
// insertions there (group, in file order), the way the official two-pointer walk does.
func (l *Lattice) insertionWalk(gold []Gold, group []int, c costs, changed []int32) []int32 {
	s := gold[group[0]].Start
	// Members: every edge whose reported offsets are (s, s), in (from, to) order, each as many
	// times as it occurs in the edge list.
	members := l.members[:0]
	collect := func(to int32) {
		if to < 0 {
			return
		}
		sp := l.inSpans[to]
		for _, ki := range l.slab[sp.off : sp.off+sp.n] {
			k := &l.keys[ki]
			if k.removed {
				continue
			}
			if a, b := l.edgeOffsets(k); a == s && b == s {
				members = append(members, ki)
			}
		}
	}
	first, end := l.rowVertices(s)
	for to := first; to < end; to++ {
		collect(to)
	}
	if l.opt.FirstRow == FirstRowShifted && s >= 1 && s+1 <= l.m {
		collect(l.vertexAt(0, s+1)) // the first-row insertion of hypothesis token s, reported at (s, s)
	}
	l.members = members
	slices.SortFunc(members, func(a, b int32) int {
		ka, kb := &l.keys[a], &l.keys[b]
		if ka.from != kb.from {
			return int(ka.from - kb.from)
		}
		return int(ka.to - kb.to)
	})
	occ := l.walkBuf[:0]
	for _, ki := range members {
		l.w[ki] = float64(l.keys[ki].dist) * c.unit
		changed = append(changed, ki)
		for range l.keys[ki].mult {
			occ = append(occ, ki)
		}
	}
	l.walkBuf = occ
	l.walk(gold, group, occ, closureWalk{l, c})
	return changed
}

// walkEdges is what the insertion walk reads of the edges it visits, and the weights it sets.
type walkEdges interface {
	edge(i int32) (from, to int32, firstRight bool, typ EditType)
	match(i int32)      // the weight becomes the match weight
	addEpsilon(i int32) // ε is added to the weight
	matched(i int32) bool
}

// closureWalk walks the closure's keys, setting their weights.
type closureWalk struct {
	l *Lattice
	c costs
}

func (w closureWalk) edge(i int32) (int32, int32, bool, EditType) {
	k := &w.l.keys[i]
	return k.from, k.to, k.firstRight, k.typ
}
func (w closureWalk) match(i int32)        { w.l.w[i] = w.c.match }
func (w closureWalk) addEpsilon(i int32)   { w.l.w[i] += w.c.eps }
func (w closureWalk) matched(i int32) bool { return w.l.w[i] == w.c.match }

// walk runs the official's two-pointer walk over the occurrences of the edges reported at one
// insertion offset (occ: each edge as many times as it is in the edge list, sorted by source
// and target vertex) for the gold insertions there (group, in file order).
//
// The walk goes over the occurrences from both ends; the current one starts at the left. A
// match from the left takes golds in file order and moves the gold window's left end past the
// matched gold; from the right, backward order and the window's right end. After a match from
// the left, occurrences are skipped until one that starts where the matched edge ends, each
// skipped one getting ε (the official adds it even past the right pointer and even to a matched
// edge; StrictWalk only to unmatched ones still between the pointers), and the walk stays on its
// side. A non-match gets ε (no-ops excepted) and the walk switches sides. Symmetrically from the
// right.
func (l *Lattice) walk(gold []Gold, group []int, occ []int32, w walkEdges) {
	skip := func(i int32, between bool) {
		if !l.opt.StrictWalk || (between && !w.matched(i)) {
			w.addEpsilon(i)
		}
	}
	glo, ghi := 0, len(group)-1
	lptr, rptr := 0, len(occ)-1
	cur := lptr
	for lptr <= rptr {
		i := occ[cur]
		from, to, firstRight, typ := w.edge(i)
		matched := false
		if cur == lptr {
			for gi := glo; gi <= ghi; gi++ {
				if l.pairMatches(from, to, firstRight, &gold[group[gi]]) {
					matched, glo = true, gi+1
					break
				}
			}
		} else {
			for gi := ghi; gi >= glo; gi-- {
				if l.pairMatches(from, to, firstRight, &gold[group[gi]]) {
					matched, ghi = true, gi-1
					break
				}
			}
		}
		if matched {
			w.match(i)
		} else if typ != Noop {
			w.addEpsilon(i)
		}
		switch {
		case matched && cur == lptr:
			lptr++
			for lptr < len(occ) {
				if f, _, _, _ := w.edge(occ[lptr]); f == to {
					break
				}
				skip(occ[lptr], lptr <= rptr)
				lptr++
			}
			cur = lptr
		case matched:
			rptr--
			for rptr >= 0 {
				if _, t, _, _ := w.edge(occ[rptr]); t == from {
					break
				}
				skip(occ[rptr], rptr >= lptr)
				rptr--
			}
			cur = rptr
		case cur == lptr:
			lptr++
			cur = rptr
		default:
			rptr--
			cur = lptr
		}
	}
}

// search runs the official Bellman–Ford over the edge list and reads the path back from the end.
//
// The official makes |V|−1 passes over the whole list in order, relaxing with a strict <. A
// relaxation can only succeed if its source improved since that edge was last relaxed, so we
// relax, in the same order and pass by pass, only the edges whose source improved: the same
// improvements happen at the same moments, and the search stops when a pass changes nothing.
func (l *Lattice) search() []Edit {
	nv := len(l.vrow)
	for i := range l.dist {
		l.dist[i] = math.Inf(1)
	}
	for i := range l.ipath {
		l.ipath[i] = -1
	}
	for t := range 2 {
		clear(l.bits[t])
	}
	cur, next := l.bits[0], l.bits[1]
	mark := func(v int32, after int, cur, next []uint64) {
		for _, pos := range l.outOcc[l.outOff[v]:l.outOff[v+1]] {
			if int(pos) > after {
				cur[pos>>6] |= 1 << (pos & 63)
			} else {
				next[pos>>6] |= 1 << (pos & 63)
			}
		}
	}
	l.dist[0] = 0
	mark(0, -1, cur, next)
	relaxed := int64(0)
	defer func() { l.cost.Relaxations += relaxed }()
	for pass := 0; pass < nv-1; pass++ {
		any := false
		for wi := range cur {
			for cur[wi] != 0 {
				b := bits.TrailingZeros64(cur[wi])
				cur[wi] &^= 1 << b
				pos := wi<<6 | b
				any = true
				relaxed++
				ki := l.occ[pos]
				k := &l.keys[ki]
				if d := l.dist[k.from] + l.w[ki]; d < l.dist[k.to] {
					l.dist[k.to] = d
					l.ipath[k.to] = int64(ki)
					mark(k.to, pos, cur, next)
				}
			}
		}
		if !any {
			break
		}
		cur, next = next, cur
	}
	edits := l.path[:0]
	for v := int32(nv - 1); l.ipath[v] >= 0; {
		k := &l.keys[l.ipath[v]]
		if k.typ != Noop {
			s, e := l.edgeOffsets(k)
			r0, c0 := l.rowCol(k.from)
			r1, c1 := l.rowCol(k.to)
			edits = append(edits, Edit{Start: s, End: e, SrcStart: r0, SrcEnd: r1, HypStart: c0, HypEnd: c1, Type: k.typ})
		}
		v = k.from
	}
	slices.Reverse(edits)
	l.path = edits
	return edits
}
