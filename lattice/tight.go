package lattice

import (
	"math"
	"slices"

	"maxmatch/levenshtein"
)

// Why the tie search picks the official's path among the best ones.
//
// Ties.
//
// When best paths differ, the official's choice is its float64 Bellman–Ford's. A vertex's exact
// best value is its class; Rounding makes every float64 sum of a path of its class lower than every
// sum of another path to it. In the official run, then, a relaxation that improves a vertex with a
// value of its class comes through an edge on a best path from a source holding a value of its
// class, and values outside the class never replace one inside it: the history of class values at
// every vertex — when each arrives, in which pass, at which place of the list — is that of the same
// run restricted to the edges on best paths (the tight edges), in their order in the list, from the
// start. tightPath lists them: the relaxed search's transitions on best paths at boundaries (atomic
// steps, explicit edges, and phrases, each origin traced back and checked against the closure,
// sourceScan), and the phrase no-ops between boundaries on best paths (which the relaxed search
// leaves out: they weigh as their no-op steps), keeps those on a path from the start, and runs the
// official's passes on them (simulate: atomic occurrences first by source and target, then phrase
// occurrences by (k, source, target), each relaxed when its source improved since). The path it
// reads back from the end is the official's. It needs K when a matched edge is tight, and whether
// each tight phrase no-op survived the removal loop.

// closureFacts answers what the relaxed search cannot see of the closure: the length of the edge
// list, K, and whether phrase no-op edges survived the removal loop.
type closureFacts interface {
	// known returns them when they are known without counting the closure (ok false
	// otherwise); K only when needK.
	known(needK bool, noops [][2]int32) (k int64, survives []bool, ok bool)
	// count counts the closure for them (ok false when it cannot).
	count(noops [][2]int32) (k int64, survives []bool, ok bool)
	// kBounds returns lo ≤ K ≤ hi, from the lattice in a few sweeps.
	kBounds() (lo, hi int64)
	// narrowBounds returns lo ≤ K ≤ hi within half the phrase no-ops, from the list's length
	// before the removal loop (ok false when it cannot count it).
	narrowBounds() (lo, hi int64, ok bool)
	// countCost bounds the vertex pairs count would visit.
	countCost() int64
}

// tightEdge is an edge of the closure on a best path (it is "tight"): its pair, its edit, and
// its weight — the match weight or its length, then extra additions of ε.
type tightEdge struct {
	from, to   int32
	typ        EditType
	firstRight bool
	atomic     bool
	matched    bool
	dist       int32
	extra      int32
	mult       uint8
	recs       [3]int32 // a phrase's occurrences: the predecessor of `to` each was created through
}

// tightOcc is one occurrence of a tight edge in the official edge list, by its place there: the
// atomic part first (k = −1), sorted by source and target, an edge in both Levenshtein lattices
// twice; then the phrase occurrences in the order the closure created them, by the vertex k it
// was processing, the source, then the target.
type tightOcc struct {
	k, from, to, dup int32
	edge             int32
}

func (a tightOcc) compare(b tightOcc) int {
	switch {
	case a.k != b.k:
		return int(a.k - b.k)
	case a.from != b.from:
		return int(a.from - b.from)
	case a.to != b.to:
		return int(a.to - b.to)
	}
	return int(a.dup - b.dup)
}

// tight is the scratch of the tie-breaking search.
type tight struct {
	edges   []tightEdge
	occ     []tightOcc
	stamp   []int32 // per state: the close being traced back (tightOrigins)
	stack   []int32
	mark    int32
	failed  bool    // a reservation was refused while listing the tight edges
	index   []int32 // per lattice vertex: its place in dist, or -1
	dist    []float64
	ver     []int32    // per place: how many times its distance improved
	seen    []int32    // per occurrence: the version of its source when last relaxed
	pred    []int32    // per place: the tight edge of its last improvement
	weight  []float64  // per tight edge: its weight
	most    []int64    // per place: the most ε on a path of tight edges to it (tightMost)
	epsMost []int64    // per vertex: the most ε, in halves, on a lattice path to it (maxEpsilon)
	present []bool     // per tight edge: whether the simulation relaxes it
	noops   []int32    // the tight phrase no-ops, whose survival is asked
	origins []int32    // tightEdges: where the phrases ending at a vertex start
	phrases [][2]int32 // tightEdges: the phrases on best paths, to check against the closure
	unreal  []int32    // tightEdges: the origins of phrases on best paths not in the closure
}

// tightPath finds the official's path among the best paths of the relaxed search (relaxedSolve
// must have run for these gold edits): it lists every edge of the closure on a best path, with
// its weight and its places in the edge list, and runs the official's Bellman–Ford on those
// alone (see the top of this file). K and the survival of the phrase no-ops on
// best paths come from facts: known, or, when unknown, every possibility is simulated (one run
// per pattern of binades of K·m over K's bounds, see simulate, and per survival) and the
// answer is certain when all agree; otherwise they are counted. It returns false when it
// cannot be sure: a best path of the relaxed search is not in the closure, a fact it needs is
// unknown and the possibilities disagree, or float64 sums could confuse paths of different
// weights.
func (ns *noClosureSearch) tightPath(r *relaxed, t *tight, gold []Gold, facts closureFacts) ([]Edit, bool) {
	if !ns.tightEdges(r, t) {
		r.why = ReasonUnrealTie
		if t.failed {
			r.why = ReasonNoClosureMemory
		}
		return nil, false
	}
	// Keep the edges on a path from the start, and see whether one reaches the end.
	nv := int32(ns.numVertices())
	for i := range t.index {
		t.index[i] = -1
	}
	t.index[0] = 0
	places := int32(1)
	kept := t.edges[:0]
	for _, e := range t.edges { // sorted by target
		if t.index[e.from] < 0 {
			continue
		}
		if t.index[e.to] < 0 {
			t.index[e.to] = places
			places++
		}
		kept = append(kept, e)
	}
	t.edges = kept
	if t.index[nv-1] < 0 {
		r.why = ReasonUnrealTie
		return nil, false // no best path of the relaxed search is in the closure
	}
	// K is needed when a matched edge is on a best path (IntegerCosts has its own match weight);
	// the phrase no-ops on best paths may or may not have survived the removal loop (they weigh
	// as much as the no-op steps they span, so they never decide whether a vertex is reached).
	needK := false
	var noops [][2]int32
	t.noops = t.noops[:0]
	for i, e := range t.edges {
		needK = needK || (e.matched && !ns.opt.IntegerCosts)
		if !e.atomic && e.typ == Noop {
			noops = append(noops, [2]int32{e.from, e.to})
			t.noops = append(t.noops, int32(i))
		}
	}
	// The occurrences, in the list's order, and the Bellman–Ford's arrays.
	t.occ = t.occ[:0]
	for i, e := range t.edges {
		for j := range int32(e.mult) {
			o := tightOcc{k: -1, from: e.from, to: e.to, dup: j, edge: int32(i)}
			if !e.atomic {
				o.k, o.dup = e.recs[j], 0
			}
			if push(ns.acct, &t.occ, o) != nil {
				r.why = ReasonNoClosureMemory
				return nil, false
			}
		}
	}
	slices.SortFunc(t.occ, tightOcc.compare)
	a := ns.acct
	if reserve(a, &t.weight, len(t.edges)) != nil || reserve(a, &t.present, len(t.edges)) != nil ||
		reserve(a, &t.dist, int(places)) != nil || reserve(a, &t.ver, int(places)) != nil ||
		reserve(a, &t.pred, int(places)) != nil || reserve(a, &t.seen, len(t.occ)) != nil ||
		reserve(a, &t.most, int(places)) != nil || reserve(a, &t.epsMost, int(nv)) != nil {
		r.why = ReasonNoClosureMemory
		return nil, false
	}
	if k, survives, ok := facts.known(needK, noops); ok {
		return ns.tightOnce(r, t, k, survives, needK)
	}
	// A count cheaper than the enumeration's least work goes first. Otherwise the enumeration
	// runs over K's bounds from the lattice, then, when K's binade matters, over its bounds from
	// the list's length before the removal loop, within half the phrase no-ops of K.
	if facts.countCost() > cheapCount {
		lo, hi := facts.kBounds()
		if edits, ok, decided := ns.tightEnumerate(r, t, lo, hi, needK); decided {
			return edits, ok
		}
		if needK {
			if lo, hi, ok := facts.narrowBounds(); ok {
				if edits, ok, decided := ns.tightEnumerate(r, t, lo, hi, needK); decided {
					return edits, ok
				}
			}
		}
	}
	k, survives, ok := facts.count(noops)
	if !ok {
		r.why = ReasonUncounted
		return nil, false
	}
	return ns.tightOnce(r, t, k, survives, needK)
}

// tightOnce runs the Bellman–Ford once, with K and the survivals known.
func (ns *noClosureSearch) tightOnce(r *relaxed, t *tight, k int64, survives []bool, needK bool) ([]Edit, bool) {
	if !needK {
		k = 0
	}
	if !ns.separated(r, t, k) {
		r.why = ReasonRounding
		return nil, false
	}
	for i := range t.present {
		t.present[i] = true
	}
	for j, i := range t.noops {
		t.present[i] = survives[j]
	}
	edits, _, _, ok := ns.simulate(r, t, k, false)
	if !ok {
		r.why = ReasonRounding
		return nil, false
	}
	ns.path = append(ns.path[:0], edits...)
	return ns.path, true
}

// Enumeration limits: the phrase no-ops whose survival is tried both ways, and the simulations.
const (
	maxEnumeratedNoops = 8
	maxSimulations     = 1 << 10
	maxSimulatedWork   = 1 << 23 // occurrences relaxed, over all simulations
)

// cheapCount is the most vertex pairs of a count that goes before the enumeration: a few tens of
// milliseconds. (A variable for the tests, which set it to −1 to enumerate on every lattice.)
var cheapCount int64 = 1 << 22

// tightEnumerate runs the Bellman–Ford for every possibility of the facts it does not know —
// each survival of the phrase no-ops on best paths, each pattern of binades of K·m over K's
// bounds [lo, hi] — and returns the path when all agree (decided). It is undecided when the
// possibilities are too many, K's bounds too loose for the weights' separation, or the paths
// differ (then the facts must be counted more closely).
func (ns *noClosureSearch) tightEnumerate(r *relaxed, t *tight, lo, hi int64, needK bool) (edits []Edit, ok, decided bool) {
	if len(t.noops) > maxEnumeratedNoops {
		r.why = ReasonEnumNoops
		return nil, false, false
	}
	if !needK {
		lo, hi = 0, 0
	}
	if needK {
		if lo > hi || !ns.separated(r, t, hi) || !ns.separated(r, t, lo) {
			r.why = ReasonEnumBounds
			return nil, false, false
		}
	}
	first := true
	sims, work := 0, 0
	for mask := 0; mask < 1<<len(t.noops); mask++ {
		for i := range t.present {
			t.present[i] = true
		}
		for j, i := range t.noops {
			t.present[i] = mask>>j&1 == 1
		}
		for k := lo; ; {
			sims++
			work += len(t.occ)
			if sims > maxSimulations || work > maxSimulatedWork {
				r.why = ReasonEnumSimulations
				return nil, false, false
			}
			got, _, next, ok := ns.simulate(r, t, k, needK)
			if !ok {
				r.why = ReasonEnumRounding
				return nil, false, false
			}
			if first {
				ns.path = append(ns.path[:0], got...)
				first = false
			} else if !slices.Equal(got, ns.path) {
				r.why = ReasonEnumDiffer
				return nil, false, false
			}
			if !needK || next > hi {
				break
			}
			k = next
		}
	}
	return ns.path, true, true
}

// simulate runs the official's Bellman–Ford on the tight edges present (t.present) with match
// weight −k: passes over their occurrences in the list's order, relaxing with a strict < on
// float64 sums, each occurrence only when its source improved since it was last relaxed
// (otherwise it cannot succeed), then reads the path back from the end. It returns its edits
// (in t's buffer) and, when track, the range of K [lo, next) over which every rounding of the
// run is the same, so that the run, and its path, are the same for every K in it: a sum
// −K·m + y rounds, below 2⁵², to a spacing of at most ½ that divides the integer K·m, so its
// rounding depends on y and on the power of two below K·m − y alone. ok is false when a sum
// reaches 2⁵².
func (ns *noClosureSearch) simulate(r *relaxed, t *tight, k int64, track bool) (edits []Edit, lo, next int64, ok bool) {
	c := ns.costs(k)
	lo, next = math.MinInt64, math.MaxInt64
	// add returns x + w, x and w being −K·mx + … and −K·mw + …, narrowing [lo, next) to the
	// values of K for which the sum rounds the same.
	add := func(x float64, mx int32, w float64, mw int32) float64 {
		sum := x + w
		if m := int64(mx + mw); track && m > 0 {
			l0, n0, good := sameRounding(x, mx, w, mw, k)
			if !good {
				ok = false
			}
			lo, next = max(lo, l0), min(next, n0)
		}
		return sum
	}
	ok = true
	nst := int32(r.nst)
	for i, e := range t.edges {
		w, m := float64(e.dist)*c.unit, int32(0)
		if e.matched {
			w, m = c.match, 1
		}
		for range e.extra {
			w = add(w, m, c.eps, 0)
		}
		t.weight[i] = w
	}
	for i := range t.dist {
		t.dist[i], t.ver[i], t.pred[i] = math.Inf(1), 0, -1
	}
	clear(t.seen)
	t.dist[0], t.ver[0] = 0, 1
	nv := int32(ns.numVertices())
	for pass := int32(0); pass < nv-1; pass++ {
		changed := false
		for i, o := range t.occ {
			e := &t.edges[o.edge]
			if !t.present[o.edge] {
				continue
			}
			from, to := t.index[o.from], t.index[o.to]
			if t.ver[from] == t.seen[i] {
				continue
			}
			t.seen[i] = t.ver[from]
			ns.cost.Simulated++
			mw := int32(0)
			if e.matched && !ns.opt.IntegerCosts {
				mw = 1
			}
			mx := r.f[o.from*nst].m // every sum at a vertex has its best paths' matched edges
			if ns.opt.IntegerCosts {
				mx = 0
			}
			if d := add(t.dist[from], mx, t.weight[o.edge], mw); d < t.dist[to] {
				t.dist[to], t.pred[to] = d, o.edge
				t.ver[to]++
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	edits = ns.path[len(ns.path):] // after the buffer's contents, which a caller may compare with
	for v := nv - 1; v != 0; {
		e := &t.edges[t.pred[t.index[v]]]
		if e.typ != Noop {
			edits = append(edits, ns.edit(e.from, e.to, e.firstRight, e.typ))
		}
		v = e.from
	}
	slices.Reverse(edits)
	if lo > k || next <= k {
		ok = false // a rounding at K itself could not be placed: be safe
	}
	return edits, lo, next, ok
}

// tightEdges lists the closure's edges on best paths of the relaxed search, sorted by target:
// the atomic steps, the explicit edges and the phrases the relaxed search ends on a best path
// (each checked against the closure: the pair held, with the weight the relaxed search gave
// it), and the phrase no-ops, which it leaves out, between boundaries on best paths.
func (ns *noClosureSearch) tightEdges(r *relaxed, t *tight) bool {
	nv := int32(ns.numVertices())
	nst := int32(r.nst)
	f := r.f
	t.edges, t.phrases, t.failed, t.unreal = t.edges[:0], t.phrases[:0], false, t.unreal[:0]
	origins := t.origins
	defer func() { t.origins = origins }()
	ok := true
	for v := range nv {
		bv := v * nst
		if !r.optimal(bv) {
			continue
		}
		origins = origins[:0]
		ns.relaxedInto(r, v, func(from, to int32, w rval, via uint32) {
			if to != bv || !f[from].reached() || f[from].add(w) != f[to] || !r.optimal(from) {
				return
			}
			payload := int32(via >> 2)
			switch via & 3 {
			case rviaStep:
				p := from / nst
				if r.explicitAt(p, v) >= 0 {
					return
				}
				d := directions[payload&3]
				e := tightEdge{from: p, to: v, typ: ns.atomicType(v, d), firstRight: d == levenshtein.Left, atomic: true, dist: 1, mult: ns.atomInto(v, d)}
				if e.typ != Noop {
					e.extra = int32(e.mult)
				}
				t.failed = t.failed || push(ns.acct, &t.edges, e) != nil
			case rviaExplicit:
				x := &r.expl[payload]
				e := tightEdge{from: x.from, to: x.to, typ: x.typ, firstRight: x.firstRight, matched: x.m == 1, dist: x.dist, extra: x.extra}
				if !ns.occurrences(r, &e) {
					ok = false
				}
				t.failed = t.failed || push(ns.acct, &t.edges, e) != nil
			case rviaClose:
				origins = ns.tightOrigins(r, t, from, origins)
			}
		})
		slices.Sort(origins)
		origins = slices.Compact(origins)
		for _, a := range origins {
			t.failed = t.failed || push(ns.acct, &t.phrases, [2]int32{a, v}) != nil
		}
		ns.tightNoops(r, t, v)
	}
	ns.tightPhrases(r, t)
	slices.SortStableFunc(t.edges, func(x, y tightEdge) int { return int(x.to - y.to) })
	return ok && !t.failed
}

// tightNoops lists the phrase no-ops ending at v between boundaries on best paths, which the
// relaxed search leaves out (they weigh as their no-op steps); whether each survived the removal
// loop is asked once the edges are known.
func (ns *noClosureSearch) tightNoops(r *relaxed, t *tight, v int32) {
	nst := int32(r.nst)
	f, bv := r.f, v*nst
	a := v
	for steps := int32(1); steps <= int32(r.u); steps++ {
		if ns.atomInto(a, levenshtein.Diag) == 0 {
			break
		}
		r0, c0 := ns.rowCol(a)
		if !ns.matchAt(r0, c0) {
			break
		}
		a = ns.vertexAt(r0-1, c0-1)
		if steps < 2 || !r.optimal(a*nst) || f[a*nst].add(rval{0, int64(steps) * stepUnits}) != f[bv] {
			continue
		}
		ns.scan(&r.scan, a, int(ns.rowOf(v)), int(ns.colOf(v)))
		if k, held := r.scan.at(v); !held || k.typ != Noop || k.dist != steps {
			continue
		}
		// Whether it survived the removal loop is asked once the edges are known.
		e := tightEdge{from: a, to: v, typ: Noop, dist: steps, mult: 1, recs: [3]int32{ns.vertexAt(int(ns.rowOf(v))-1, int(ns.colOf(v))-1)}}
		t.failed = t.failed || push(ns.acct, &t.edges, e) != nil
	}
}

// tightPhrases lists the phrases ending on best paths (t.phrases), checked against the closure of
// their origins: one scan per origin, over the rectangle of all its targets. A phrase the closure
// does not hold as the relaxed search took it is not tight, and its origin is unreal.
func (ns *noClosureSearch) tightPhrases(r *relaxed, t *tight) {
	nst := int32(r.nst)
	f := r.f
	slices.SortFunc(t.phrases, func(x, y [2]int32) int {
		if x[0] != y[0] {
			return int(x[0] - y[0])
		}
		return int(x[1] - y[1])
	})
	for lo := 0; lo < len(t.phrases); {
		a := t.phrases[lo][0]
		hi, rows, cols := lo, 0, 0
		for ; hi < len(t.phrases) && t.phrases[hi][0] == a; hi++ {
			v := t.phrases[hi][1]
			rows, cols = max(rows, int(ns.rowOf(v))), max(cols, int(ns.colOf(v)))
		}
		ns.scan(&r.scan, a, rows, cols)
		for _, p := range t.phrases[lo:hi] {
			v, bv := p[1], p[1]*nst
			k, held := r.scan.at(v)
			if r.explicitAt(a, v) >= 0 {
				continue // an explicit edge, with its own weight
			}
			if want := f[bv].v - f[a*nst].v; !held || k.atomic || k.typ == Noop || f[bv].m != f[a*nst].m || int64(k.dist)*stepUnits+int64(k.mult) != want {
				// Not in the closure as the relaxed search took it: not tight, and its origin's
				// phrases may be taken from the closure in another search (unreal).
				if len(t.unreal) == 0 || t.unreal[len(t.unreal)-1] != a {
					t.unreal = append(t.unreal, a)
				}
				continue
			}
			e := tightEdge{from: a, to: v, typ: k.typ, firstRight: k.firstRight, dist: k.dist, extra: int32(k.mult), mult: k.mult}
			ns.records(r, &e)
			t.failed = t.failed || push(ns.acct, &t.edges, e) != nil
		}
		lo = hi
	}
}

// tightOrigins adds to origins the vertices where a phrase ending in inside state start (on a
// best path) can start: the boundaries reached backwards from it through transitions on best
// paths.
func (ns *noClosureSearch) tightOrigins(r *relaxed, t *tight, start int32, origins []int32) []int32 {
	nst := int32(r.nst)
	f := r.f
	t.mark++
	stack := append(t.stack[:0], start) // its capacity is kept: at least one
	t.stamp[start] = t.mark
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		ns.relaxedInto(r, x/nst, func(from, to int32, w rval, _ uint32) {
			if to != x || !f[from].reached() || f[from].add(w) != f[to] || !r.optimal(from) {
				return
			}
			if from%nst == 0 {
				if push(ns.acct, &origins, from/nst) != nil {
					t.failed = true
				}
			} else if t.stamp[from] != t.mark {
				t.stamp[from] = t.mark
				if push(ns.acct, &stack, from) != nil {
					t.failed = true
				}
			}
		})
	}
	t.stack = stack
	return origins
}

// occurrences sets an explicit edge's occurrences in the edge list: an atomic edge's count, or a
// phrase's records (see records). It reports false when the closure does not hold the pair.
func (ns *noClosureSearch) occurrences(r *relaxed, e *tightEdge) bool {
	r0, c0 := ns.rowCol(e.from)
	r1, c1 := ns.rowCol(e.to)
	if e.dist == 1 && r1-r0 <= 1 && c1-c0 <= 1 {
		d := levenshtein.Diag
		switch {
		case r1 == r0:
			d = levenshtein.Left
		case c1 == c0:
			d = levenshtein.Up
		}
		if ns.predecessor(e.to, d) == e.from && ns.atomInto(e.to, d) > 0 {
			e.atomic, e.mult = true, ns.atomInto(e.to, d)
			return true
		}
	}
	ns.scan(&r.scan, e.from, r1, c1)
	k, ok := r.scan.at(e.to)
	if !ok || k.atomic {
		return false
	}
	e.mult = k.mult
	ns.records(r, e)
	return true
}

// records sets the occurrences of phrase edge e, which the last scan (from e.from) holds: the
// predecessors of e.to through which the closure created each, in order.
func (ns *noClosureSearch) records(r *relaxed, e *tightEdge) {
	n := 0
	ns.candidates(&r.scan, e.to, func(k int32) {
		e.recs[n] = k
		n++
	})
	e.mult = uint8(n)
}
