package lattice

import (
	"iter"
	"math"
	"math/bits"
	"slices"

	"maxmatch/internal/scratch"
)

// Why the Bellman–Ford run here reads back the official's path.
//
// The search without |V|·|E|.
//
// A relaxation of edge a→b can only succeed if the distance of a decreased since that edge was last
// relaxed (the distance of b only ever decreases). So instead of relaxing every edge in every pass
// we relax, in list order and pass by pass, only the edges whose source improved since their last
// relaxation: the same improvements happen at the same moments, with the same float64 sums, so ties
// go to the same predecessor ("the one that reached the vertex first"). A pass with nothing to
// relax ends the search, as would all the official's remaining passes. The cost is the number of
// improvements times the out-degree, usually a small multiple of |E|.
//
// A single pass in topological order (the shortest distances, then for each vertex the tight
// in-edge whose relaxation comes first) is not the same: a vertex can reach its final float64
// distance through a source that has not yet reached its own, when the two sums round alike (34.003
// and 34.00299999999999, each minus 167, both give -132.997). Which edge then wins depends on the
// history of every distance, which only the simulation has; CoNLL-2014's POST, line 40, is such a
// sentence.
//
// Repeats are never relaxed. An edge the list holds twice in a row (an atomic edge of both
// Levenshtein lattices, appended twice at once; a third of a CoNLL-2014 sentence's list) is
// queued with its first occurrence whenever that one is — they leave the same vertex, and the
// occurrence that improved it is neither — and relaxed right after it, with the same source
// distance (nothing relaxed in between, and the edge does not end at its own source) and the
// same weight: the same float64 sum, which the first relaxation left the target no greater
// than, so the strict < fails. The out-edge index leaves such a repeat out, and the search
// makes the official's moves without relaxing it.
//
// An annotator none of whose gold edits is in the lattice leaves every weight unmatched; the path
// for those weights is searched once per lattice and shared.
//
// Weights are set only where they differ from an edge's unmatched weight: edges matching a gold
// edit of the annotator (found by lookup from the gold spans) and the edges at offsets with gold
// insertions (the walk).

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

// costs are the numbers the weights are made of: the official's float64 ones, with a match weight
// of −K, or, with IntegerCosts, integers in units of ε (exact, and with a match weight that always
// dominates).
type costs struct {
	unit, eps, match float64
}

func (e *env) costs(k int64) costs {
	if e.opt.IntegerCosts {
		// An unmatched path costs at most 1000 per step plus 1 per edge, 1001·(n+m) in all.
		return costs{unit: 1000, eps: 1, match: -1001 * float64(e.n+e.m+1)}
	}
	return costs{unit: 1, eps: epsilon, match: -float64(k)}
}

// edgeOffsets returns the offsets the official reports for key k: those of its first step's
// start and its last step's end. Only insertions before the first source token differ from the
// rows (see FirstRow).
func (cs *closureSearch) edgeOffsets(k *key) (start, end int) {
	return cs.offsets(k.from, k.to, k.firstRight)
}

// lookup returns the key of the edge from vertex from to vertex to, or -1.
func (cs *closureSearch) lookup(from, to int32) int32 {
	sp := cs.inSpans[to]
	in := cs.slab[sp.off : sp.off+sp.n]
	i, ok := slices.BinarySearchFunc(in, from, func(k int32, f int32) int {
		return int(cs.from(k) - f)
	})
	if !ok || cs.keys[in[i]].removed {
		return -1
	}
	return in[i]
}

func (cs *closureSearch) matches(k *key, g *Gold) bool {
	return cs.pairMatches(k.from, k.to, k.firstRight, g)
}

// unmatchedWeight is the weight of key k for an annotator with no gold edit matching it: its
// cost plus ε per occurrence in the edge list (no ε on a no-op), summed in float64 one ε at a
// time as the official does.
func (cs *closureSearch) unmatchedWeight(k *key, c costs) float64 {
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
func (cs *closureSearch) prepareSearch() error {
	if err := cs.reserveSearch(); err != nil {
		return err
	}
	nv := cs.numVertices()
	keys, occ, w, outOff, outOcc := cs.keys, cs.occ, cs.w, cs.outOff, cs.outOcc // locals: the stores below would reload fields
	c := cs.costs(int64(len(occ)))
	for i := range keys {
		w[i] = cs.unmatchedWeight(&keys[i], c)
	}
	// The index leaves out every occurrence right after one of the same key (a repeat): see
	// the top of this file.
	repeat := func(pos int) bool { return pos > 0 && occ[pos] == occ[pos-1] }
	if cs.rowWords > 0 {
		rows, words := cs.outRows, cs.rowWords
		clear(rows)
		for pos, ki := range occ {
			if !repeat(pos) {
				rows[int(keys[ki].from)*words+pos>>6] |= 1 << (pos & 63)
			}
		}
		return nil
	}
	clear(outOff)
	for pos, ki := range occ {
		if !repeat(pos) {
			outOff[keys[ki].from+1]++
		}
	}
	for v := 1; v <= nv; v++ {
		outOff[v] += outOff[v-1]
	}
	fill := cs.pred
	copy(fill, outOff[:nv])
	for pos, ki := range occ {
		if !repeat(pos) {
			f := keys[ki].from
			outOcc[fill[f]] = int32(pos)
			fill[f]++
		}
	}
	return nil
}

// reserveSearch sizes the searches' arrays, reserving them from the account: per vertex, per
// key, per occurrence, and BestPath's scratch at its most (every key changed once, every key
// and occurrence at one insertion offset). One call after another, in this order (an error
// leaves what was sized so far for free to release).
func (cs *closureSearch) reserveSearch() (err error) {
	a, nv, nk, no := cs.acct, cs.numVertices(), len(cs.keys), len(cs.occ)
	if cs.w, err = scratch.Resize(a, cs.w, nk); err != nil {
		return err
	}
	if cs.rowWords = (no + 63) / 64; cs.rowWords > 0 && cs.rowWords <= markRowWords {
		if cs.outRows, err = scratch.Resize(a, cs.outRows, nv*cs.rowWords); err != nil {
			return err
		}
	} else {
		cs.rowWords = 0
		if cs.outOff, err = scratch.Resize(a, cs.outOff, nv+1); err != nil {
			return err
		}
		if cs.outOcc, err = scratch.Resize(a, cs.outOcc, no); err != nil {
			return err
		}
		if cs.pred, err = scratch.Resize(a, cs.pred, nv); err != nil {
			return err
		}
	}
	if cs.dist, err = scratch.Resize(a, cs.dist, nv); err != nil {
		return err
	}
	if cs.ipath, err = scratch.Resize(a, cs.ipath, nv); err != nil {
		return err
	}
	for t := range cs.bits {
		if cs.bits[t], err = scratch.Resize(a, cs.bits[t], (no+63)/64); err != nil {
			return err
		}
	}
	if cs.changed, err = scratch.Grow(a, cs.changed[:0], nk); err != nil {
		return err
	}
	if cs.members, err = scratch.Grow(a, cs.members[:0], nk); err != nil {
		return err
	}
	cs.walkBuf, err = scratch.Grow(a, cs.walkBuf[:0], no)
	return err
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
		if edits, ok := l.nc.bestPath(gold); ok {
			if k := l.nc.k; k > 0 {
				l.cost.Edges = int(k)
			}
			return edits, nil
		}
		if err := l.giveWay(l.nc.r.why); err != nil {
			return nil, err
		}
	}
	if l.plan == SearchBounded {
		edits, err := l.bnd.boundedPath(gold)
		return edits, l.tooLarge(StageBounded, err)
	}
	return l.cl.bestPath(gold), nil
}

// bestPath returns the official's path for these gold edits: the path under the unmatched
// weights when none of them changes a weight (searched once per lattice), or else the search
// with the matching edges' weights set, which are then set back.
func (cs *closureSearch) bestPath(gold []Gold) []Edit {
	c := cs.costs(int64(len(cs.occ)))
	changed := cs.setWeights(gold, c)
	if len(changed) == 0 {
		if !cs.plainDone {
			cs.plain, cs.plainDone = append(cs.plain[:0], cs.search()...), true
		}
		return cs.plain
	}
	edits := cs.search()
	for _, ki := range changed {
		cs.w[ki] = cs.unmatchedWeight(&cs.keys[ki], c)
	}
	return edits
}

// goldGroups yields the gold edits grouped by span (their indices), spans in sorted order,
// file order within a span: the official's G table. The groups are read-only.
func goldGroups(gold []Gold) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		order := goldOrder(gold)
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

// goldIdentity is the order of up to its length gold edits already sorted by span, as an
// annotator's usually are (M2 files list them so): shared and never written, so that the
// search of such an annotator neither allocates nor sorts.
var goldIdentity = func() (id [256]int) {
	for i := range id {
		id[i] = i
	}
	return id
}()

// goldOrder returns the indices of gold sorted stably by span (start, then end).
func goldOrder(gold []Gold) []int {
	byspan := func(a, b *Gold) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return a.End - b.End
	}
	sorted := len(gold) <= len(goldIdentity)
	for i := 1; sorted && i < len(gold); i++ {
		sorted = byspan(&gold[i-1], &gold[i]) <= 0
	}
	if sorted {
		return goldIdentity[:len(gold)]
	}
	order := make([]int, len(gold))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return byspan(&gold[a], &gold[b]) })
	return order
}

// setWeights gives matching edges the match weight and runs the insertion walk where gold
// insertions are, leaving every other edge at its unmatched weight. It returns the keys it
// changed.
func (cs *closureSearch) setWeights(gold []Gold, c costs) []int32 {
	changed := cs.changed[:0]
	for group := range goldGroups(gold) {
		g0 := &gold[group[0]]
		s, e := g0.Start, g0.End
		if s > cs.n || e > cs.n {
			continue
		}
		if s == e {
			changed = cs.insertionWalk(gold, group, c, changed)
			continue
		}
		if s > e {
			continue // its original is empty and no edge with s > e has an empty original
		}
		for gi, p := range cs.goldPairs(gold, group, s, e) {
			ki := cs.lookup(p[0], p[1])
			if ki < 0 || cs.w[ki] == c.match || !cs.matches(&cs.keys[ki], &gold[gi]) {
				continue
			}
			cs.w[ki] = c.match
			changed = append(changed, ki)
		}
	}
	return changed
}

// insertionWalk sets the weights of the edges reported at insertion offset s, given the gold
// insertions there (group, in file order), the way the official two-pointer walk does.
func (cs *closureSearch) insertionWalk(gold []Gold, group []int, c costs, changed []int32) []int32 {
	s := gold[group[0]].Start
	// Members: every edge whose reported offsets are (s, s), in (from, to) order, each as many
	// times as it occurs in the edge list.
	members := cs.members[:0]
	collect := func(to int32) {
		if to < 0 {
			return
		}
		sp := cs.inSpans[to]
		for _, ki := range cs.slab[sp.off : sp.off+sp.n] {
			k := &cs.keys[ki]
			if k.removed {
				continue
			}
			if a, b := cs.edgeOffsets(k); a == s && b == s {
				members = append(members, ki)
			}
		}
	}
	first, end := cs.rowVertices(s)
	for to := first; to < end; to++ {
		collect(to)
	}
	if cs.opt.FirstRow == FirstRowShifted && s >= 1 && s+1 <= cs.m {
		collect(cs.vertexAt(0, s+1)) // the first-row insertion of hypothesis token s, reported at (s, s)
	}
	cs.members = members
	slices.SortFunc(members, func(a, b int32) int {
		ka, kb := &cs.keys[a], &cs.keys[b]
		if ka.from != kb.from {
			return int(ka.from - kb.from)
		}
		return int(ka.to - kb.to)
	})
	occ := cs.walkBuf[:0]
	for _, ki := range members {
		cs.w[ki] = float64(cs.keys[ki].dist) * c.unit
		changed = append(changed, ki)
		for range cs.keys[ki].mult {
			occ = append(occ, ki)
		}
	}
	cs.walkBuf = occ
	cs.walker = closureWalk{cs, c}
	cs.walk(gold, group, occ, &cs.walker)
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
	cs *closureSearch
	c  costs
}

func (w closureWalk) edge(i int32) (int32, int32, bool, EditType) {
	k := &w.cs.keys[i]
	return k.from, k.to, k.firstRight, k.typ
}
func (w closureWalk) match(i int32)        { w.cs.w[i] = w.c.match }
func (w closureWalk) addEpsilon(i int32)   { w.cs.w[i] += w.c.eps }
func (w closureWalk) matched(i int32) bool { return w.cs.w[i] == w.c.match }

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
func (e *env) walk(gold []Gold, group []int, occ []int32, w walkEdges) {
	skip := func(i int32, between bool) {
		if !e.opt.StrictWalk || (between && !w.matched(i)) {
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
				if e.pairMatches(from, to, firstRight, &gold[group[gi]]) {
					matched, glo = true, gi+1
					break
				}
			}
		} else {
			for gi := ghi; gi >= glo; gi-- {
				if e.pairMatches(from, to, firstRight, &gold[group[gi]]) {
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
// relax, in the same order and pass by pass, only the edges whose source improved (and of those,
// no repeat: see the top of this file): the same improvements happen at the same moments, and
// the search stops when a pass changes nothing.
func (cs *closureSearch) search() []Edit {
	nv := cs.numVertices()
	// The arrays in locals: the loop stores into dist and ipath, after which fields read
	// through cs would be loaded again.
	dist, ipath, w, keys, occ := cs.dist, cs.ipath, cs.w, cs.keys, cs.occ
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	for i := range ipath {
		ipath[i] = -1
	}
	for t := range 2 {
		clear(cs.bits[t])
	}
	cur, next := cs.bits[0], cs.bits[1]
	dist[0] = 0
	cs.mark(0, -1, cur, next)
	relaxed, rows := int64(0), cs.rowWords > 0
	for pass := 0; pass < nv-1; pass++ {
		any := false
		for wi := range cur {
			// The word's bits are taken out and popped from a register; a relaxation marks
			// only positions after its own in cur, later bits of this word (added back to
			// word) or later words.
			word := cur[wi]
			cur[wi] = 0
			for word != 0 {
				b := bits.TrailingZeros64(word)
				word &^= 1 << b
				pos := wi<<6 | b
				any = true
				relaxed++
				ki := occ[pos]
				k := &keys[ki]
				if d := dist[k.from] + w[ki]; d < dist[k.to] {
					dist[k.to] = d
					ipath[k.to] = int64(ki)
					if rows {
						cs.markRow(k.to, pos, cur, next) // inlined
					} else {
						cs.mark(k.to, pos, cur, next)
					}
					word |= cur[wi]
					cur[wi] = 0
				}
			}
		}
		if !any {
			break
		}
		cur, next = next, cur
	}
	cs.cost.Relaxations += relaxed
	edits := cs.path[:0]
	for v := int32(nv - 1); ipath[v] >= 0; {
		k := &keys[ipath[v]]
		if k.typ != Noop {
			edits = append(edits, cs.edit(k.from, k.to, k.firstRight, k.typ))
		}
		v = k.from
	}
	slices.Reverse(edits)
	cs.path = edits
	return edits
}

// mark queues the edge occurrences out of vertex v, whose distance just improved through the
// occurrence at position after: those after it in this pass (cur), the others in the next.
// outOcc lists a vertex's occurrences in ascending position, so they split in two runs; a
// short edge list has them as a row of bits instead (outRows), split by a mask.
func (cs *closureSearch) mark(v int32, after int, cur, next []uint64) {
	if cs.rowWords > 0 {
		cs.markRow(v, after, cur, next)
		return
	}
	out := cs.outOcc[cs.outOff[v]:cs.outOff[v+1]]
	i := 0
	for ; i < len(out) && int(out[i]) <= after; i++ {
		pos := out[i]
		next[pos>>6] |= 1 << (pos & 63)
	}
	for _, pos := range out[i:] {
		cur[pos>>6] |= 1 << (pos & 63)
	}
}

// markRow is mark with the rows of bits: in word w, the bits after position after are those
// above its after−64w+1 lowest (a shift of 64 or more leaves none).
func (cs *closureSearch) markRow(v int32, after int, cur, next []uint64) {
	words := cs.rowWords
	for w, m := range cs.outRows[int(v)*words:][:words] {
		later := m &^ (1<<uint(max(after-w<<6+1, 0)) - 1)
		cur[w] |= later
		next[w] |= m &^ later
	}
}
