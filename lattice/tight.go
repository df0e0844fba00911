package lattice

import (
	"math"
	"math/bits"
	"slices"

	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
)

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
// alone (see the package documentation, "Ties"). K and the survival of the phrase no-ops on
// best paths come from facts: known, or, when unknown, every possibility is simulated (one run
// per pattern of binades of K·m over K's bounds, see simulate, and per survival) and the
// answer is certain when all agree; otherwise they are counted. It returns false when it
// cannot be sure: a best path of the relaxed search is not in the closure, a fact it needs is
// unknown and the possibilities disagree, or float64 sums could confuse paths of different
// weights.
func (l *Lattice) tightPath(r *relaxed, t *tight, gold []Gold, facts closureFacts) ([]Edit, bool) {
	if !l.tightEdges(r, t) {
		r.why = ReasonUnrealTie
		if t.failed {
			r.why = ReasonNoClosureMemory
		}
		return nil, false
	}
	// Keep the edges on a path from the start, and see whether one reaches the end.
	nv := int32(len(l.vrow))
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
	// K is needed when a matched edge is on a best path (ExactCosts has its own match weight);
	// the phrase no-ops on best paths may or may not have survived the removal loop (they weigh
	// as much as the no-op steps they span, so they never decide whether a vertex is reached).
	needK := false
	var noops [][2]int32
	t.noops = t.noops[:0]
	for i, e := range t.edges {
		needK = needK || (e.matched && !l.opt.ExactCosts)
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
			if push(l.acct, &t.occ, o) != nil {
				r.why = ReasonNoClosureMemory
				return nil, false
			}
		}
	}
	slices.SortFunc(t.occ, tightOcc.compare)
	a := l.acct
	if reserve(a, &t.weight, len(t.edges)) != nil || reserve(a, &t.present, len(t.edges)) != nil ||
		reserve(a, &t.dist, int(places)) != nil || reserve(a, &t.ver, int(places)) != nil ||
		reserve(a, &t.pred, int(places)) != nil || reserve(a, &t.seen, len(t.occ)) != nil ||
		reserve(a, &t.most, int(places)) != nil || reserve(a, &t.epsMost, int(nv)) != nil {
		r.why = ReasonNoClosureMemory
		return nil, false
	}
	if k, survives, ok := facts.known(needK, noops); ok {
		return l.tightOnce(r, t, k, survives, needK)
	}
	// A count cheaper than the enumeration's least work goes first. Otherwise the enumeration
	// runs over K's bounds from the lattice, then, when K's binade matters, over its bounds from
	// the list's length before the removal loop, within half the phrase no-ops of K.
	if facts.countCost() > cheapCount {
		lo, hi := facts.kBounds()
		if edits, ok, decided := l.tightEnumerate(r, t, lo, hi, needK); decided {
			return edits, ok
		}
		if needK {
			if lo, hi, ok := facts.narrowBounds(); ok {
				if edits, ok, decided := l.tightEnumerate(r, t, lo, hi, needK); decided {
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
	return l.tightOnce(r, t, k, survives, needK)
}

// tightOnce runs the Bellman–Ford once, with K and the survivals known.
func (l *Lattice) tightOnce(r *relaxed, t *tight, k int64, survives []bool, needK bool) ([]Edit, bool) {
	if !needK {
		k = 0
	}
	if !l.separated(r, t, k) {
		r.why = ReasonRounding
		return nil, false
	}
	for i := range t.present {
		t.present[i] = true
	}
	for j, i := range t.noops {
		t.present[i] = survives[j]
	}
	edits, _, _, ok := l.simulate(r, t, k, false)
	if !ok {
		r.why = ReasonRounding
		return nil, false
	}
	l.path = append(l.path[:0], edits...)
	return l.path, true
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
func (l *Lattice) tightEnumerate(r *relaxed, t *tight, lo, hi int64, needK bool) (edits []Edit, ok, decided bool) {
	if len(t.noops) > maxEnumeratedNoops {
		r.why = ReasonEnumNoops
		return nil, false, false
	}
	if !needK {
		lo, hi = 0, 0
	}
	if needK {
		if lo > hi || !l.separated(r, t, hi) || !l.separated(r, t, lo) {
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
			got, _, next, ok := l.simulate(r, t, k, needK)
			if !ok {
				r.why = ReasonEnumRounding
				return nil, false, false
			}
			if first {
				l.path = append(l.path[:0], got...)
				first = false
			} else if !slices.Equal(got, l.path) {
				r.why = ReasonEnumDiffer
				return nil, false, false
			}
			if !needK || next > hi {
				break
			}
			k = next
		}
	}
	return l.path, true, true
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
func (l *Lattice) simulate(r *relaxed, t *tight, k int64, track bool) (edits []Edit, lo, next int64, ok bool) {
	c := l.costs()
	if !l.opt.ExactCosts {
		c.match = -float64(k)
	}
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
	nv := int32(len(l.vrow))
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
			l.cost.Simulated++
			mw := int32(0)
			if e.matched && !l.opt.ExactCosts {
				mw = 1
			}
			mx := r.f[o.from*nst].m // every sum at a vertex has its best paths' matched edges
			if l.opt.ExactCosts {
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
	edits = l.path[len(l.path):] // after the buffer's contents, which a caller may compare with
	for v := nv - 1; v != 0; {
		e := &t.edges[t.pred[t.index[v]]]
		if e.typ != Noop {
			s, en := l.offsets(e.from, e.to, e.firstRight)
			r0, c0 := l.rowCol(e.from)
			r1, c1 := l.rowCol(e.to)
			edits = append(edits, Edit{Start: s, End: en, SrcStart: r0, SrcEnd: r1, HypStart: c0, HypEnd: c1, Type: e.typ})
		}
		v = e.from
	}
	slices.Reverse(edits)
	if lo > k || next <= k {
		ok = false // a rounding at K itself could not be placed: be safe
	}
	return edits, lo, next, ok
}

// sameRounding returns the range [lo, next) of K over which the float64 sum of x and w —
// x = −K·mx + y, w = −K·mw + z, computed here for K = k — rounds the same way: K·m − (y+z) stays
// in the same binade [2^e, 2^(e+1)) (m = mx + mw ≥ 1), whose spacing 2^(e−52) ≤ ½ divides the
// integer K·m. good is false when the sum's magnitude reaches 2⁵².
func sameRounding(x float64, mx int32, w float64, mw int32, k int64) (lo, next int64, good bool) {
	m := int64(mx + mw)
	y := x + float64(k*int64(mx)) // exact: x is within a factor 2 of −k·mx (Sterbenz)
	z := w + float64(k*int64(mw))
	c := ceilSum(y, z) // ⌈y+z⌉, exactly
	q := k*m - c       // ⌊K·m − (y+z)⌋ has the binade of K·m − (y+z)
	if q < 1 || q >= 1<<52 {
		return 0, 0, false
	}
	e := int64(bits.Len64(uint64(q))) - 1
	// 2^e ≤ K·m − c < 2^(e+1) ⟺ ⌈(2^e + c)/m⌉ ≤ K ≤ ⌊(2^(e+1) + c − 1)/m⌋
	lo = ceilDiv(1<<e+c, m)
	next = floorDiv(1<<(e+1)+c-1, m) + 1
	return lo, next, true
}

// ceilSum returns ⌈a+b⌉ of the exact sum of two float64s.
func ceilSum(a, b float64) int64 {
	s := a + b
	bb := s - a
	err := (a - (s - bb)) + (b - bb) // a+b = s+err exactly (TwoSum)
	c := math.Ceil(s)
	switch {
	case s == c && err > 0:
		return int64(c) + 1
	case s == c:
		return int64(c)
	case err > c-s:
		return int64(c) + 1
	case -err >= s-(c-1):
		return int64(c) - 1
	}
	return int64(c)
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a > 0) == (b > 0) {
		q++
	}
	return q
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// separated reports whether float64 sums cannot confuse two paths of different weights when the
// match weight is −k (0 when no matched edge is on a best path) — see the package
// documentation, "Rounding": with K dominating the rest of the best value, a path to a vertex
// whose weight exceeds the best by g units of ε, g ≥ 1, has a float64 sum above every best
// path's, when the roundings of both stay below g·ε/2. A sum rounds by at most half a spacing:
// h below K·M + 2(n+m), hs before the first matched edge (below 2(n+m)+1); additions of a
// whole number (no-ops) to a negative sum are exact. A path within g of the best has at most
// T + g + M non-whole additions after its first matched edge when it has no fewer steps than
// the best path it is compared with (T: the most ε on a best path, M: the matched edges), and
// a path with fewer steps needs at least 1000 more ε, which no path has when the lattice's
// most ε on a path (maxEpsilon) is below 1000 + T.
func (l *Lattice) separated(r *relaxed, t *tight, k int64) bool {
	steps := int64(l.n + l.m)
	m := int64(r.best.m)
	if k > 0 && stepUnits*k <= r.best.v {
		return false
	}
	h := halfULP(float64(k)*float64(m) + 2*float64(steps+1))
	hs := halfULP(2 * float64(steps+1))
	tMax := l.tightMost(t)
	// Case 1: no fewer steps. (2T + 2M + 1)·h + 2(n+m)·hs < ε.
	if float64(2*tMax+2*m+1)*h+float64(2*steps)*hs >= epsilon {
		return false
	}
	if l.maxEpsilon(r, t) < 1000+tMax {
		return true
	}
	// Case 2: fewer steps, any number of additions.
	return float64(steps+tMax+m+1)*h+float64(2*steps)*hs < epsilon
}

// tightMost returns the most ε on a path of the tight edges, in t.most (one per place,
// reserved by tightPath).
func (l *Lattice) tightMost(t *tight) (eps int64) {
	// The edges are sorted by target, and every place's index is known.
	most := t.most
	clear(most)
	for _, e := range t.edges {
		f, to := t.index[e.from], t.index[e.to]
		most[to] = max(most[to], most[f]+int64(e.extra))
	}
	return slices.Max(most)
}

// maxEpsilon bounds the ε on any path of the closure: an atomic edge has as many as it has
// occurrences (1 or 2), a phrase of at least two steps at most 3 (its records), so at most 1.5
// a step; the walk's extra ε at insertion offsets (r's explicit edges) come on top. Its
// scratch is t.epsMost, one per vertex (reserved by tightPath).
func (l *Lattice) maxEpsilon(r *relaxed, t *tight) int64 {
	nv := int32(len(l.vrow))
	most := t.epsMost // in half units of ε
	most[0] = 0
	for v := int32(1); v < nv; v++ {
		most[v] = 0
		l.stepsInto(v, func(from int32, dir int, noop bool) {
			c := int64(3) // 1.5 a step
			if !noop {
				c = max(c, 2*int64(l.atomInto(v, directions[dir])))
			}
			most[v] = max(most[v], most[from]+c)
		})
	}
	extra := int64(0)
	for _, x := range r.expl {
		extra += int64(x.extra)
	}
	return (most[nv-1]+1)/2 + extra
}

// tightEdges lists the closure's edges on best paths of the relaxed search, sorted by target:
// the atomic steps, the explicit edges and the phrases the relaxed search ends on a best path
// (each checked against the closure: the pair held, with the weight the relaxed search gave
// it), and the phrase no-ops, which it leaves out, between boundaries on best paths.
func (l *Lattice) tightEdges(r *relaxed, t *tight) bool {
	nv := int32(len(l.vrow))
	nst := int32(r.nst)
	f := r.f
	t.edges, t.phrases, t.failed, t.unreal = t.edges[:0], t.phrases[:0], false, t.unreal[:0]
	explicit := func(a, b int32) int {
		lo, _ := slices.BinarySearchFunc(r.expl, b, func(e explicitEdge, v int32) int { return int(e.to - v) })
		for i := lo; i < len(r.expl) && r.expl[i].to == b; i++ {
			if r.expl[i].from == a {
				return i
			}
		}
		return -1
	}
	origins := t.origins
	defer func() { t.origins = origins }()
	ok := true
	for v := range nv {
		bv := v * nst
		if !r.optimal(bv) {
			continue
		}
		origins = origins[:0]
		l.relaxedInto(r, v, func(from, to int32, w rval, via uint32) {
			if to != bv || !f[from].reached() || f[from].add(w) != f[to] || !r.optimal(from) {
				return
			}
			payload := int32(via >> 2)
			switch via & 3 {
			case rviaStep:
				p := from / nst
				if explicit(p, v) >= 0 {
					return
				}
				d := directions[payload&3]
				e := tightEdge{from: p, to: v, typ: l.atomicType(v, d), firstRight: d == levenshtein.Left, atomic: true, dist: 1, mult: l.atomInto(v, d)}
				if e.typ != Noop {
					e.extra = int32(e.mult)
				}
				t.failed = t.failed || push(l.acct, &t.edges, e) != nil
			case rviaExplicit:
				x := &r.expl[payload]
				e := tightEdge{from: x.from, to: x.to, typ: x.typ, firstRight: x.firstRight, matched: x.m == 1, dist: x.dist, extra: x.extra}
				if !l.occurrences(r, &e) {
					ok = false
				}
				t.failed = t.failed || push(l.acct, &t.edges, e) != nil
			case rviaClose:
				origins = l.tightOrigins(r, t, from, origins)
			}
		})
		slices.Sort(origins)
		origins = slices.Compact(origins)
		for _, a := range origins {
			t.failed = t.failed || push(l.acct, &t.phrases, [2]int32{a, v}) != nil
		}
		// Phrase no-ops ending at v, between boundaries on best paths.
		a := v
		for steps := int32(1); steps <= int32(r.u); steps++ {
			if l.atomInto(a, levenshtein.Diag) == 0 {
				break
			}
			r0, c0 := l.rowCol(a)
			if l.src[r0-1] != l.hyp[c0-1] {
				break
			}
			a = l.vertexAt(r0-1, c0-1)
			if steps < 2 || !r.optimal(a*nst) || f[a*nst].add(rval{0, int64(steps) * stepUnits}) != f[bv] {
				continue
			}
			l.scan(&r.scan, a, int(l.vrow[v]), int(l.vcol[v]))
			if k, held := r.scan.at(v); !held || k.typ != Noop || k.dist != steps {
				continue
			}
			// Whether it survived the removal loop is asked once the edges are known.
			e := tightEdge{from: a, to: v, typ: Noop, dist: steps, mult: 1, recs: [3]int32{l.vertexAt(int(l.vrow[v])-1, int(l.vcol[v])-1)}}
			t.failed = t.failed || push(l.acct, &t.edges, e) != nil
		}
	}
	// The phrases, checked against the closure of their origins: one scan per origin, over the
	// rectangle of all its targets.
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
			rows, cols = max(rows, int(l.vrow[v])), max(cols, int(l.vcol[v]))
		}
		l.scan(&r.scan, a, rows, cols)
		for _, p := range t.phrases[lo:hi] {
			v, bv := p[1], p[1]*nst
			k, held := r.scan.at(v)
			if explicit(a, v) >= 0 {
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
			l.records(r, &e)
			t.failed = t.failed || push(l.acct, &t.edges, e) != nil
		}
		lo = hi
	}
	slices.SortStableFunc(t.edges, func(x, y tightEdge) int { return int(x.to - y.to) })
	return ok && !t.failed
}

// tightOrigins adds to origins the vertices where a phrase ending in inside state start (on a
// best path) can start: the boundaries reached backwards from it through transitions on best
// paths.
func (l *Lattice) tightOrigins(r *relaxed, t *tight, start int32, origins []int32) []int32 {
	nst := int32(r.nst)
	f := r.f
	t.mark++
	stack := append(t.stack[:0], start) // its capacity is kept: at least one
	t.stamp[start] = t.mark
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		l.relaxedInto(r, x/nst, func(from, to int32, w rval, _ uint32) {
			if to != x || !f[from].reached() || f[from].add(w) != f[to] || !r.optimal(from) {
				return
			}
			if from%nst == 0 {
				if push(l.acct, &origins, from/nst) != nil {
					t.failed = true
				}
			} else if t.stamp[from] != t.mark {
				t.stamp[from] = t.mark
				if push(l.acct, &stack, from) != nil {
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
func (l *Lattice) occurrences(r *relaxed, e *tightEdge) bool {
	r0, c0 := l.rowCol(e.from)
	r1, c1 := l.rowCol(e.to)
	if e.dist == 1 && r1-r0 <= 1 && c1-c0 <= 1 {
		d := levenshtein.Diag
		switch {
		case r1 == r0:
			d = levenshtein.Left
		case c1 == c0:
			d = levenshtein.Up
		}
		if l.predecessor(e.to, d) == e.from && l.atomInto(e.to, d) > 0 {
			e.atomic, e.mult = true, l.atomInto(e.to, d)
			return true
		}
	}
	l.scan(&r.scan, e.from, r1, c1)
	k, ok := r.scan.at(e.to)
	if !ok || k.atomic {
		return false
	}
	e.mult = k.mult
	l.records(r, e)
	return true
}

// records sets the occurrences of phrase edge e, which the last scan (from e.from) holds: the
// predecessors of e.to through which the closure created each, in order.
func (l *Lattice) records(r *relaxed, e *tightEdge) {
	n := 0
	l.candidates(&r.scan, e.to, func(k int32) {
		e.recs[n] = k
		n++
	})
	e.mult = uint8(n)
}

// implicit is the scratch of the search without the closure.
type implicit struct {
	r   relaxed
	t   tight
	c   closureCount
	k   int64 // K, once the last search counted it (or knew it in closed form); 0 otherwise
	kLo int64 // kLower, once computed for this lattice; −1 before
}

// implicitBytesPerVertex and implicitBytesPerState are what the search without the closure
// reserves: per vertex at Build, what an annotator's gold edits are checked with (the source
// scan, the walk's marks, a scratch number); once they leave the search able to answer
// (reserveStates), per vertex the lattice predecessors and the tie search's places, and per
// state its values from the start and to the end, its predecessor and origin, and the tie
// search's mark.
const (
	implicitBytesPerVertex = 4 + 16 + 1 + 1 + 1 + 4 + 1
	implicitBytesPerState  = 16 + 16 + 4 + 4 + 4
	statesBytesPerVertex   = 12 + 4
)

// prepareImplicit reserves the arrays of the search without the closure that every
// annotator's gold edits are checked with, for the lattice just built.
func (l *Lattice) prepareImplicit() error {
	s := &l.imp
	r := &s.r
	nv := len(l.vrow)
	a := l.acct
	r.statesReady, r.exact = false, r.exact[:0]
	for _, f := range []func() error{
		func() error { return reserve(a, &r.vertexScratch, nv) },
		func() error { return reserve(a, &r.isExact, nv) },
		func() error { return reserve(a, &r.walkLeft, nv) },
		func() error { return reserve(a, &r.hasExpl, nv) },
		func() error { return l.resetScan(&r.scan) },
	} {
		if err := f(); err != nil {
			return err
		}
	}
	clear(r.isExact)
	return nil
}

// reserveStates reserves the relaxed search's arrays, once per lattice. Its states follow u
// clamped to the most no-op steps on a lattice path (no edit holds more).
func (l *Lattice) reserveStates() error {
	s := &l.imp
	r, t := &s.r, &s.t
	if r.statesReady {
		return nil
	}
	a := l.acct
	nv := len(l.vrow)
	r.u = min(l.u, l.maxNoops(r.vertexScratch))
	r.nst = relaxedStates(r.u)
	ns := nv * r.nst
	for _, f := range []func() error{
		func() error { return reserve(a, &r.pred, nv) },
		func() error { return reserve(a, &t.index, nv) },
		func() error { return reserve(a, &r.f, ns) },
		func() error { return reserve(a, &r.g, ns) },
		func() error { return reserve(a, &r.via, ns) },
		func() error { return reserve(a, &r.origin, ns) },
		func() error { return reserve(a, &t.stamp, ns) },
	} {
		if err := f(); err != nil {
			return err
		}
	}
	l.latticePreds(r.pred)
	clear(t.stamp)
	t.mark = 0
	r.statesReady = true
	return nil
}

// freeImplicit returns the search without the closure's arrays to the memory account.
func (l *Lattice) freeImplicit() {
	s := &l.imp
	r, t, c := &s.r, &s.t, &s.c
	a := l.acct
	r.f, r.g = scratch.Free(a, r.f)[:0], scratch.Free(a, r.g)[:0]
	r.via, r.origin = scratch.Free(a, r.via)[:0], scratch.Free(a, r.origin)[:0]
	r.vertexScratch, r.statesReady = scratch.Free(a, r.vertexScratch)[:0], false
	r.isExact, r.exact = scratch.Free(a, r.isExact)[:0], r.exact[:0]
	r.walkLeft, r.expl = scratch.Free(a, r.walkLeft)[:0], scratch.Free(a, r.expl)[:0]
	r.hasExpl, r.pred = scratch.Free(a, r.hasExpl)[:0], scratch.Free(a, r.pred)[:0]
	r.members, r.occ = scratch.Free(a, r.members)[:0], scratch.Free(a, r.occ)[:0]
	l.freeScan(&r.scan)
	t.stamp, t.index = scratch.Free(a, t.stamp)[:0], scratch.Free(a, t.index)[:0]
	t.edges, t.occ = scratch.Free(a, t.edges)[:0], scratch.Free(a, t.occ)[:0]
	t.dist, t.ver = scratch.Free(a, t.dist)[:0], scratch.Free(a, t.ver)[:0]
	t.pred, t.seen = scratch.Free(a, t.pred)[:0], scratch.Free(a, t.seen)[:0]
	t.weight, t.stack = scratch.Free(a, t.weight)[:0], scratch.Free(a, t.stack)[:0]
	t.origins, t.phrases = scratch.Free(a, t.origins)[:0], scratch.Free(a, t.phrases)[:0]
	t.present = scratch.Free(a, t.present)[:0]
	t.most, t.epsMost = scratch.Free(a, t.most)[:0], scratch.Free(a, t.epsMost)[:0]
	l.freeCount(c)
}

// tieRoundingFails reports whether, with m matched edges on the best paths, float64 sums may
// confuse paths of different weights even at K's least value and with no ε on the best paths
// (see separated): then no tie can be broken (an unrelated grid of 400 tokens and more).
func (l *Lattice) tieRoundingFails(m int32) bool {
	if m == 0 || l.opt.ExactCosts {
		return false
	}
	lo := l.kLower()
	steps := int64(l.n + l.m)
	return float64(2*m+1)*halfULP(float64(lo)*float64(m)) >= epsilon ||
		float64(2*steps)*halfULP(2*float64(steps+1)) >= epsilon
}

// implicitPath returns the official's path for these gold edits without the closure, or false
// when it cannot be sure of it: the relaxed search's best path when it is the only one
// (relaxedPath), or else the official's choice among the best paths (tightPath), within a
// limit of vertex pairs visited to count the closure when K is needed.
func (l *Lattice) implicitPath(s *implicit, gold []Gold, limit int64) ([]Edit, bool) {
	s.k = 0
	s.r.setExact(nil)
	for {
		if edits, ok := l.relaxedPath(&s.r, gold); ok {
			return edits, true
		}
		if !s.r.solved {
			return nil, false // the relaxed search could not stand for the closure
		}
		if l.tieRoundingFails(s.r.best.m) {
			s.r.why = ReasonRounding
			return nil, false
		}
		edits, ok := l.tightPath(&s.r, &s.t, gold, countedFacts{l, s, limit})
		if ok || s.r.why != ReasonUnrealTie || len(s.t.unreal) == 0 || len(s.r.exact)+len(s.t.unreal) > maxExactOrigins {
			return edits, ok
		}
		// Every best path has a phrase the closure does not hold as the relaxed search took it:
		// take their origins' phrases from the closure, and search again.
		s.r.setExact(append(s.r.exact, s.t.unreal...))
	}
}

// maxExactOrigins is the most origins whose phrases one annotator's search takes from the
// closure: each costs a scan of the pairs below and right of it, and as many explicit edges.
const maxExactOrigins = 16
