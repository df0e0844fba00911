package lattice

import (
	"slices"

	"maxmatch/levenshtein"
)

// Why the relaxed search's best path, when it certifies it, is the official's.
//
// The search without the closure.
//
// The relaxed search (relaxedSolve) works on states (vertex, phrase in progress): between edits
// (B), inside an all-no-op phrase of t steps (N_t, t ≤ u), after one step that is not a no-op (S),
// inside a phrase of at least two steps, t of them no-ops (I_t). Its transitions weigh as the
// official's weights do, in integer units (rval): m matched edges (−K each) and v, 1000 per lattice
// step outside matched edges and 1 per ε — an atomic edge its exact weight, a phrase ended at a
// vertex 1 ε (every phrase occurs at least once), a matched edge or an edge at an insertion offset
// with gold insertions its exact weight (the gold edits fix those: explicitEdges, the walk run on
// the edges there, which are the pairs within runs of atomic insertions of the row and, in 3.2's
// first row, those from (0, s) whose path starts with an insertion; and the closure's phrases from
// closure origins, see Origins taken from the closure). Every edge of the closure is then a path of
// the relaxed search weighing at most as much (a phrase no-op as its no-op steps, which weigh the
// same); the relaxed search may have more (a pair joined within u unchanged tokens that the closure
// does not hold). With values compared as more matched edges, then less rest, the relaxed search's
// best value is at most the official's best, for the exact decimal weights, as long as 1000·K
// exceeds the best path's rest (then a path with fewer matched edges can never weigh less).
//
// relaxedPath certifies its best path when (1) all best paths of the relaxed search have the same
// edits: a forward pass over the transitions on best paths keeps, per state, the vertex where the
// edit in progress (or the last edit) started, and two different ones make the state ambiguous;
// none at the end means a single sequence of edits; (2) each edge of that path is in the closure
// with the weight the relaxed search gave it (a phrase: its pair held, of that length, one
// occurrence, sourceScan); then the official's best value equals it and every official best path is
// one of the relaxed search's, so it has these edits; (3) the match weight dominates and (4)
// float64 sums separate weights (see Rounding): then the official's Bellman–Ford reads back a best
// path (below), and so these edits.
//
// Origins taken from the closure.
//
// The relaxed search's best value can be below the official's: every best path may have a phrase
// the closure does not hold as the relaxed search took it (a pair joined within u no-op steps whose
// stored path has more, or is longer) — on one clause of 160 tokens repeated (benchcases,
// seed 5), one phrase of 125 steps from (8, 8) — and then the tie search keeps no path ("unreal
// tie"). The search then takes the phrases of those phrases' origins from the closure: at such a
// closure origin no relaxed phrase starts, and every pair (a, b) a's scan holds (sourceScan) is an
// explicit edge of its exact weight, its length and one ε per occurrence (closureOriginEdges) — but
// the atomic edges, steps of the search already, and the phrase no-ops, which weigh as much as
// their no-op steps. Every edge of the closure is still a path of the search weighing at most as
// much, so it is still a relaxation and all of the above holds of it; it runs again, with at most
// 16 closure origins per annotator, each costing a scan of the pairs below and right of it
// (TestNoClosureSearchCases has one).

// rval is the value of a path under the official's weights with the match weight kept apart: m
// edges matching a gold edit (each weighing −K) and v, the rest, in units of ε: 1000 per lattice
// step outside matched edges, 1 per ε. A path of m matched edges and rest v weighs
// −K·m + v/1000 (in exact decimal arithmetic). Unreached: m = −1.
type rval struct {
	m int32
	v int64
}

// stepUnits is one lattice step in units of ε.
const stepUnits = 1000

var rUnreached = rval{m: -1}

func (a rval) reached() bool { return a.m >= 0 }

// better: more matched edges, then less of the rest. When the match weight dominates (see
// relaxed.dominates), that is the official's order of path weights.
func (a rval) better(b rval) bool {
	if a.m != b.m {
		return a.m > b.m
	}
	return a.v < b.v
}

func (a rval) add(b rval) rval { return rval{a.m + b.m, a.v + b.v} }

// explicitEdge is an edge of the closure whose weight is known exactly from the gold edits: one
// that matches a gold edit, or one reported at an insertion offset with gold insertions (whose
// weight the insertion walk sets).
type explicitEdge struct {
	from, to   int32
	m          int32 // 1 when its weight is the match weight
	v          int64 // the rest of its weight, in units of ε
	firstRight bool
	typ        EditType
	dist       int32 // its path's length
	extra      int32 // the ε added to its weight after the weight was set (to its cost, or to −K)
}

// States of the relaxed search, per vertex: the boundary between edits, then the states inside a
// phrase (an edit of at least two lattice steps) in progress:
//
//	0          B: between edits
//	1 … u      N_t: t steps so far, all no-ops
//	u+1        S: one step so far, not a no-op
//	u+2+t      I_t: at least two steps, not all no-ops, t of them no-ops (0 ≤ t ≤ u)
//
// With u < 0 there is no phrase, and only B.
func relaxedStates(u int) int {
	if u < 0 {
		return 1
	}
	return 2*u + 3
}

// relaxed is the scratch of the relaxed search.
type relaxed struct {
	u, nst   int
	f, g     []rval   // per state: the best value from the start, to the end
	via      []uint32 // per state: the forward predecessor (see relaxedVia)
	origin   []int32  // per state: where the last (or current) edit of its optimal prefixes starts
	expl     []explicitEdge
	walkLeft []bool  // per vertex: its atomic insertion from the left is reported at a walked offset
	hasExpl  []bool  // per vertex: an explicit edge ends at it
	pred     []preds // per vertex: its lattice predecessors
	scan     sourceScan
	members  []memberEdge // explicitEdges: the edges at one insertion offset
	occ      []int32      // explicitEdges: their occurrences
	best     rval         // the best value of a whole path
	solved   bool         // f, g and best are those of the last gold edits
	// vertexScratch is one number per vertex: maxNoops's, then matchedMost's.
	vertexScratch []int32
	// closureOrigins are the origins whose phrases the search takes from the closure
	// (closureOriginEdges), marked per vertex in isClosureOrigin: no relaxed phrase starts there.
	closureOrigins  []int32
	isClosureOrigin []bool
	statesReady     bool   // f, g, via, origin and the tie search's marks are reserved
	why             Reason // how the last search settled its path, or why it could not
}

// Predecessor kinds of a relaxed state (the low 2 bits of via).
const (
	rviaNone     = iota
	rviaStep     // a lattice step: direction (2 bits) and the source state (above)
	rviaExplicit // an explicit edge: its index
	rviaClose    // the end of a phrase at this vertex: the inside state it ends
)

func rviaOf(kind int, payload int) uint32 { return uint32(kind) | uint32(payload)<<2 }

// Origins of a relaxed state in the ambiguity pass.
const (
	originNone      = -1
	originAmbiguous = -2
)

// relaxedInto calls emit for every transition into a state of vertex v: its source and target
// states, its weight and its predecessor code. Transitions into v's inside states come first,
// then those into v's boundary (atomic steps, explicit edges, then phrase ends), so that a
// forward pass over the vertices in order sees every source final.
func (ns *noClosureSearch) relaxedInto(r *relaxed, v int32, emit func(from, to int32, w rval, via uint32)) {
	u, nst := r.u, int32(r.nst)
	ns.cost.StateVisits += int64(nst)
	base := v * nst
	sState := int32(u + 1)
	iState := func(t int) int32 { return int32(u + 2 + t) }
	into := func(p int32, dir int, noop bool) {
		pb := p * nst
		step := func(fs, ts int32) { emit(pb+fs, base+ts, rval{0, stepUnits}, rviaOf(rviaStep, dir|int(fs)<<2)) }
		phraseStart := !r.isClosureOrigin[p] // the closure's phrases from a closure origin are explicit edges
		if u >= 0 {
			if noop {
				if u >= 1 && phraseStart {
					step(0, 1) // B → N_1
				}
				for t := 1; t < u; t++ {
					step(int32(t), int32(t+1)) // N_t → N_t+1
				}
				if u >= 1 {
					step(sState, iState(1)) // S → I_1
				}
				for t := 0; t < u; t++ {
					step(iState(t), iState(t+1))
				}
			} else {
				if phraseStart {
					step(0, sState) // B → S
				}
				for t := 1; t <= u; t++ {
					step(int32(t), iState(t)) // N_t → I_t
				}
				step(sState, iState(0))
				for t := 0; t <= u; t++ {
					step(iState(t), iState(t))
				}
			}
		}
		if directions[dir] == levenshtein.Left && r.walkLeft[v] {
			return // its weight is the walk's: an explicit edge
		}
		w := rval{0, stepUnits}
		if !noop {
			w.v += int64(ns.atomInto(v, directions[dir]))
		}
		emit(pb, base, w, rviaOf(rviaStep, dir))
	}
	// The lattice steps into v, diagonal, up, left.
	pv := r.pred[v]
	if pv.diag >= 0 {
		into(pv.diag, 0, pv.flags&predDiagNoop != 0)
	}
	if pv.up >= 0 {
		into(pv.up, 1, false)
	}
	if pv.flags&predLeft != 0 {
		into(v-1, 2, false)
	}
	// Explicit edges into v (expl is sorted by target).
	lo := len(r.expl)
	if r.hasExpl[v] {
		lo, _ = slices.BinarySearchFunc(r.expl, v, func(e explicitEdge, v int32) int { return int(e.to - v) })
	}
	for i := lo; i < len(r.expl) && r.expl[i].to == v; i++ {
		e := &r.expl[i]
		emit(e.from*nst, base, rval{e.m, e.v}, rviaOf(rviaExplicit, i))
	}
	for t := 0; t <= u; t++ {
		emit(base+iState(t), base, rval{0, 1}, rviaOf(rviaClose, int(iState(t))))
	}
}

// memberEdge is an edge reported at an insertion offset, for the walk over the relaxed search's
// explicit edges: its data, and what the walk made of its weight.
type memberEdge struct {
	from, to   int32
	dist       int32
	firstRight bool
	typ        EditType
	mult       uint8
	matched    bool
	extra      int32
}

type memberWalk []memberEdge

func (w memberWalk) edge(i int32) (int32, int32, bool, EditType) {
	e := &w[i]
	return e.from, e.to, e.firstRight, e.typ
}
func (w memberWalk) match(i int32)        { w[i].matched, w[i].extra = true, 0 }
func (w memberWalk) addEpsilon(i int32)   { w[i].extra++ }
func (w memberWalk) matched(i int32) bool { return w[i].matched && w[i].extra == 0 } // its weight is the match weight

// walkMembers lists the closure's edges reported at insertion offset s, sorted by source and
// target vertex, without the closure:
//
//   - the insertions within row s: every pair of vertices of a run of atomic insertions in that
//     row (the only path between them is the row's, with no unchanged token);
//   - with FirstRowShifted, offset 0 holds only the first-row insertion (0, 0)→(0, 1), and an
//     offset s ≥ 1 also the edges from (0, s) whose stored path starts with an insertion and
//     that end in row s, or at (0, s+1) (the first-row insertion of hypothesis token s): their
//     reported start is the column, s.
func (ns *noClosureSearch) walkMembers(r *relaxed, s int, out []memberEdge) ([]memberEdge, error) {
	out = out[:0]
	var err error
	add := func(e memberEdge) {
		if err == nil {
			err = push(ns.acct, &out, e)
		}
	}
	shifted := ns.opt.FirstRow == FirstRowShifted
	if shifted && s >= 1 {
		if a := ns.vertexAt(0, s); a >= 0 {
			ns.scan(&r.scan, a, s, ns.m)
			from := func(b int32) {
				if st, ok := r.scan.at(b); ok && st.firstRight {
					add(memberEdge{from: a, to: b, dist: st.dist, firstRight: true, typ: st.typ, mult: st.mult})
				}
			}
			if b := ns.vertexAt(0, s+1); b >= 0 {
				from(b)
			}
			lo, hi := ns.rowVertices(s)
			for b := lo; b < hi; b++ {
				from(b)
			}
		}
	}
	if shifted && s == 0 {
		if a := ns.vertexAt(0, 0); a >= 0 && a+1 < ns.rowBegin(1) && ns.colOf(a+1) == 1 && ns.atomInto(a+1, levenshtein.Left) > 0 {
			add(memberEdge{from: a, to: a + 1, dist: 1, firstRight: true, typ: Ins, mult: ns.atomInto(a+1, levenshtein.Left)})
		}
		return out, err
	}
	lo, hi := ns.rowVertices(s)
	for a := lo; a < hi; a++ {
		for b := a + 1; b < hi && ns.colOf(b) == ns.colOf(b-1)+1 && ns.atomInto(b, levenshtein.Left) > 0; b++ {
			if b > a+1 && ns.u < 0 {
				break
			}
			e := memberEdge{from: a, to: b, dist: b - a, firstRight: true, typ: Ins, mult: 1}
			if b == a+1 {
				e.mult = ns.atomInto(b, levenshtein.Left)
			}
			add(e)
		}
	}
	return out, err
}

// explicitEdges lists the edges whose weight the gold edits set (see explicitEdge), each checked
// against the closure of its source (sourceScan), sorted by target and then source vertex, and
// marks the atomic insertions among them (walkLeft). It reports whether one of them may have
// been removed after the closure (a phrase no-op matching a gold edit), whose presence the
// relaxed search cannot tell.
func (ns *noClosureSearch) explicitEdges(r *relaxed, gold []Gold) (unknown bool, err error) {
	r.expl = r.expl[:0]
	for group := range goldGroups(gold) {
		g0 := &gold[group[0]]
		s, e := g0.Start, g0.End
		if s < 0 || s > e || e > ns.n {
			continue
		}
		if s == e {
			if r.members, err = ns.walkMembers(r, s, r.members); err != nil {
				return false, err
			}
			r.occ = r.occ[:0]
			for i := range r.members {
				for range r.members[i].mult {
					if err = push(ns.acct, &r.occ, int32(i)); err != nil {
						return false, err
					}
				}
			}
			ns.walk(gold, group, r.occ, memberWalk(r.members))
			for _, mb := range r.members {
				x := explicitEdge{from: mb.from, to: mb.to, v: int64(mb.extra), firstRight: mb.firstRight, typ: mb.typ, dist: mb.dist, extra: mb.extra}
				if mb.matched {
					x.m = 1
				} else {
					x.v += int64(mb.dist) * stepUnits
				}
				if err = push(ns.acct, &r.expl, x); err != nil {
					return false, err
				}
				if mb.dist == 1 {
					r.walkLeft[mb.to] = true
				}
			}
			continue
		}
		for gi, p := range ns.goldPairs(gold, group, s, e) {
			g := &gold[gi]
			from, to := p[0], p[1]
			if !slices.Equal(ns.source(s, e), g.Original) {
				continue
			}
			ns.scan(&r.scan, from, e, int(ns.colOf(to)))
			st, ok := r.scan.at(to)
			if !ok || !ns.pairMatches(from, to, st.firstRight, g) {
				continue
			}
			if st.typ == Noop && !st.atomic {
				unknown = true // removed or not: the removal loop's order decides
			}
			if err = push(ns.acct, &r.expl, explicitEdge{from: from, to: to, m: 1, firstRight: st.firstRight, typ: st.typ, dist: st.dist}); err != nil {
				return false, err
			}
		}
	}
	if err = ns.closureOriginEdges(r); err != nil {
		return false, err
	}
	// By target and source; of an edge listed twice, the gold edits' weight (listed first).
	slices.SortStableFunc(r.expl, func(a, b explicitEdge) int {
		if a.to != b.to {
			return int(a.to - b.to)
		}
		return int(a.from - b.from)
	})
	r.expl = slices.CompactFunc(r.expl, func(a, b explicitEdge) bool { return a.from == b.from && a.to == b.to })
	for _, x := range r.expl {
		r.hasExpl[x.to] = true
	}
	return unknown, nil
}

// closureOriginEdges adds to the explicit edges the closure's phrases from each closure origin a — every
// pair (a, b) it holds that is not an atomic edge (a step of the search already) or a phrase
// no-op (its no-op steps weigh as much) — with their weights: length, and ε per occurrence.
func (ns *noClosureSearch) closureOriginEdges(r *relaxed) error {
	for _, a := range r.closureOrigins {
		ns.scan(&r.scan, a, ns.n, ns.m)
		r0, c0 := ns.rowCol(a)
		for row := r0; row <= ns.n; row++ {
			lo, hi := ns.rowVertices(row)
			for b := max(lo, ns.firstFrom(row, c0)); b < hi; b++ {
				st, ok := r.scan.at(b)
				if !ok || st.atomic || st.typ == Noop {
					continue
				}
				x := explicitEdge{from: a, to: b, v: int64(st.dist)*stepUnits + int64(st.mult), firstRight: st.firstRight,
					typ: st.typ, dist: st.dist, extra: int32(st.mult)}
				if err := push(ns.acct, &r.expl, x); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// setClosureOrigins makes the search take the phrases of these origins from the closure (no origins:
// none).
func (r *relaxed) setClosureOrigins(origins []int32) {
	for _, a := range r.closureOrigins {
		r.isClosureOrigin[a] = false
	}
	r.closureOrigins = append(r.closureOrigins[:0], origins...)
	for _, a := range r.closureOrigins {
		r.isClosureOrigin[a] = true
	}
}

// relaxedSolve runs the relaxed search for one annotator's gold edits: the best value from the
// start (f) and to the end (g) of every state, when every lattice path of at most u unchanged
// tokens is an edit with the fewest occurrences (one), and every edge whose weight the gold
// edits set (explicitEdges) has that weight. It returns the best value of a whole path, or
// false when the relaxed search cannot stand for the closure (a gold edit matches a phrase
// no-op, which the removal loop may have removed), when neither its certificate nor the tie
// search could be sure of a path with the matched edges the gold edits allow (undecidable,
// checked before the states are reserved), or when its states do not fit in the budget.
func (ns *noClosureSearch) relaxedSolve(r *relaxed, gold []Gold) (rval, bool) {
	r.why, r.solved = ReasonNone, false
	clear(r.walkLeft)
	clear(r.hasExpl)
	switch unknown, err := ns.explicitEdges(r, gold); {
	case err != nil:
		r.why = ReasonNoClosureMemory
		return rval{}, false
	case unknown:
		r.why = ReasonPhraseNoopGold
		return rval{}, false
	}
	if ns.undecidable(ns.matchedMost(r)) {
		r.why = ReasonRounding
		return rval{}, false
	}
	if ns.reserveStates() != nil {
		r.why = ReasonNoClosureMemory
		return rval{}, false
	}
	nv := int32(ns.numVertices())
	nst := int32(r.nst)
	f, g := r.f, r.g
	for i := range f {
		f[i], g[i] = rUnreached, rUnreached
	}
	f[0] = rval{}
	for v := range nv {
		ns.relaxedInto(r, v, func(from, to int32, w rval, via uint32) {
			if !f[from].reached() {
				return
			}
			if c := f[from].add(w); !f[to].reached() || c.better(f[to]) {
				f[to], r.via[to] = c, via
			}
		})
	}
	end := (nv - 1) * nst
	best := f[end]
	if !best.reached() {
		return rval{}, false
	}
	g[end] = rval{}
	type tr struct {
		from, to int32
		w        rval
	}
	var buf []tr
	for v := nv - 1; v >= 0; v-- {
		buf = buf[:0]
		ns.relaxedInto(r, v, func(from, to int32, w rval, _ uint32) { buf = append(buf, tr{from, to, w}) })
		for i := len(buf) - 1; i >= 0; i-- {
			t := &buf[i]
			if !g[t.to].reached() {
				continue
			}
			if c := g[t.to].add(t.w); !g[t.from].reached() || c.better(g[t.from]) {
				g[t.from] = c
			}
		}
	}
	r.best, r.solved = best, true
	return best, true
}

// matchedMost returns the most matched edges on a path of the relaxed search: every explicit
// edge matching a gold edit is on a path from the start to the end (every vertex is), and the
// rest of a path is lattice steps, so a pass over the vertices in order with one number each
// (the most matched edges on a path to it) gives it. The relaxed search's best value has that
// many matched edges, the match weight ranking first.
func (ns *noClosureSearch) matchedMost(r *relaxed) int32 {
	most := r.vertexScratch
	i := 0 // r.expl is sorted by target
	ns.sweepPreds(func(v int32, p preds) {
		best := int32(-1)
		if v == 0 {
			best = 0
		}
		if p.diag >= 0 {
			best = max(best, most[p.diag])
		}
		if p.up >= 0 {
			best = max(best, most[p.up])
		}
		if p.flags&predLeft != 0 {
			best = max(best, most[v-1])
		}
		for ; i < len(r.expl) && r.expl[i].to == v; i++ {
			best = max(best, most[r.expl[i].from]+r.expl[i].m)
		}
		most[v] = best
	})
	return most[len(most)-1]
}

// optimal reports whether state x is on a best path of the relaxed search.
func (r *relaxed) optimal(x int32) bool {
	return r.f[x].reached() && r.g[x].reached() && r.f[x].add(r.g[x]) == r.best
}

// relaxedPath runs the relaxed search and returns the edits of its best path when it is
// certainly the official's (see the top of this file):
// its edits are the only ones of any best path, each is in the closure with the weight the
// relaxed search gave it, the match weight dominates, and float64 sums cannot tell paths of
// different weights apart.
func (ns *noClosureSearch) relaxedPath(r *relaxed, gold []Gold) ([]Edit, bool) {
	best, ok := ns.relaxedSolve(r, gold)
	if !ok {
		return nil, false
	}
	nv := int32(ns.numVertices())
	nst := int32(r.nst)
	f := r.f
	end := (nv - 1) * nst
	// The ambiguity pass: over the transitions on best paths, the vertex where the edit in
	// progress started (inside a phrase) or where the last edit started (at a boundary).
	for i := range r.origin {
		r.origin[i] = originNone
	}
	for v := range nv {
		ns.relaxedInto(r, v, func(from, to int32, w rval, _ uint32) {
			if !f[from].reached() || f[from].add(w) != f[to] || !r.optimal(to) {
				return
			}
			o := r.origin[from] // inside: where its phrase started; or an ambiguous boundary
			if from%nst == 0 && o != originAmbiguous {
				o = from / nst // an edge, or a phrase, starts at this boundary
			}
			switch cur := r.origin[to]; {
			case cur == originNone:
				r.origin[to] = o
			case cur != o:
				r.origin[to] = originAmbiguous
			}
		})
	}
	if r.origin[end] == originAmbiguous {
		r.why = ReasonAmbiguous
		return nil, false
	}
	edits, ok := ns.relaxedEdits(r, gold)
	if !ok {
		r.why = ReasonUnreal
		return nil, false
	}
	if !ns.certainWeights(best) {
		r.why = ReasonRounding
		return nil, false
	}
	return edits, true
}

// relaxedEdits reads the relaxed search's best path back from the end and checks each of its
// edges against the closure: an atomic step or a phrase whose weight the gold edits do not set
// must be in the closure with the weight the relaxed search gave it (a phrase: its length, and
// one occurrence). It returns the path's edits, no-ops left out, and whether every edge checked.
func (ns *noClosureSearch) relaxedEdits(r *relaxed, gold []Gold) ([]Edit, bool) {
	nst := int32(r.nst)
	edits := ns.path[:0]
	defer func() { ns.path = edits }()
	add := func(a, b int32, firstRight bool, typ EditType) {
		if typ == Noop {
			return
		}
		edits = append(edits, ns.edit(a, b, firstRight, typ))
	}
	v := int32(ns.numVertices() - 1)
	for v != 0 {
		via := r.via[v*nst]
		payload := int(via >> 2)
		switch via & 3 {
		case rviaStep:
			d := directions[payload&3]
			p := ns.predecessor(v, d)
			if r.explicitAt(p, v) >= 0 {
				return nil, false // its weight is the gold edits'
			}
			add(p, v, d == levenshtein.Left, ns.atomicType(v, d))
			v = p
		case rviaExplicit:
			e := &r.expl[payload]
			add(e.from, e.to, e.firstRight, e.typ)
			v = e.from
		case rviaClose:
			// Walk the phrase back to where it started.
			st, at, steps := int32(payload), v, int32(0)
			for st != 0 {
				q := r.via[at*nst+st]
				d := directions[q>>2&3]
				at, st, steps = ns.predecessor(at, d), int32(q>>4), steps+1
			}
			ns.scan(&r.scan, at, int(ns.rowOf(v)), int(ns.colOf(v)))
			k, ok := r.scan.at(v)
			if !ok || k.typ == Noop || k.dist != steps || k.mult != 1 || r.explicitAt(at, v) >= 0 {
				return nil, false
			}
			add(at, v, k.firstRight, k.typ)
			v = at
		default:
			return nil, false
		}
	}
	slices.Reverse(edits)
	return edits, true
}

// explicitAt returns the index of the explicit edge from a to b in r.expl (sorted by target), or
// −1.
func (r *relaxed) explicitAt(a, b int32) int {
	lo, _ := slices.BinarySearchFunc(r.expl, b, func(e explicitEdge, v int32) int { return int(e.to - v) })
	for i := lo; i < len(r.expl) && r.expl[i].to == b; i++ {
		if r.expl[i].from == a {
			return i
		}
	}
	return -1
}
