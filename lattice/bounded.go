package lattice

import (
	"slices"

	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
)

// The bounded search scores a sentence whose closure is over budget. It never builds the
// closure: it walks the atomic lattice once, with a state per (vertex, unchanged tokens used by
// the edit in progress), so its cost is O(|V|·(u+2)) in time and memory (16 bytes per state and
// 4 per vertex), plus the gold candidates (12 bytes each, at most one per gold correction and
// vertex of the gold edit's first row) and, per candidate, the vertices between its ends.
//
// The path it returns is defined by its objective, in this order:
//  1. the most edits that match a gold edit (the official's −K weight);
//  2. then the fewest lattice steps outside matched edits (the official's edge costs);
//  3. then the fewest unmatched edits (the official's ε per edge);
//  4. then, among paths equal on all three, the one whose last step is first in this order,
//     recursively from the end: a match step before a matched edit before closing an edit; an
//     edit starting at a vertex before one continuing through it; sources diagonal, up, left.
//
// An edit is any lattice path with at most u unchanged tokens; a matched edit is one whose
// span, original and correction match a gold edit, and that such a path, or a single atomic edge,
// connects.

// value is a path's objective: matched edits (more is better), steps and edits (fewer).
// A state not reached has m = -1.
type value struct{ m, l, c int32 }

var unreached = value{m: -1}

func (a value) better(b value) bool {
	if a.m != b.m {
		return a.m > b.m
	}
	if a.l != b.l {
		return a.l < b.l
	}
	return a.c < b.c
}

func (a value) plus(m, l, c int32) value { return value{a.m + m, a.l + l, a.c + c} }

// Predecessor kinds of a bounded-search state.
const (
	viaNone    = iota
	viaNoop    // boundary ← boundary of the diagonal predecessor, by a match step
	viaMatched // boundary ← boundary, by a matched edit: payload = the candidate
	viaClose   // boundary ← inside state t of the same vertex (the edit ends here): payload = t
	viaStart   // inside ← boundary, by a first step: payload = its direction
	viaStep    // inside ← inside state t, by another step: payload = direction | t<<2
)

// boundedPred is a state's predecessor: its kind in the low 3 bits, a payload above (see the
// kinds). The state it designates follows from the payload and the lattice.
type boundedPred uint32

func pred(kind int, payload int) boundedPred { return boundedPred(kind | payload<<3) }
func (p boundedPred) kind() int              { return int(p & 7) }
func (p boundedPred) payload() int           { return int(p >> 3) }

// Bytes per vertex of the bounded search: (u+2) states of a value and a predecessor, and the
// joinable check's scratch.
func boundedBytesPerVertex(u int) int64 { return int64(u+2)*(12+4) + 4 }

// boundedSearch is the bounded search's state.
type boundedSearch struct {
	*env
	path  []Edit // the result buffer of boundedPath
	val   []value
	pred  []boundedPred
	join  []int32     // joinable's scratch, per vertex
	cands []candidate // matched edits, sorted by target vertex
}

type candidate struct {
	from, to int32 // vertices
	gold     int32
}

// prepare reserves the bounded search's states. A refusal is returned.
func (bs *boundedSearch) prepare() error {
	b := bs
	ns := bs.numVertices() * (bs.u + 2)
	var err error
	if b.val, err = scratch.Resize(bs.acct, b.val, ns); err != nil {
		return err
	}
	if b.pred, err = scratch.Resize(bs.acct, b.pred, ns); err != nil {
		return err
	}
	b.join, err = scratch.Resize(bs.acct, b.join, bs.numVertices())
	return err
}

func (bs *boundedSearch) free() {
	b := bs
	a := bs.acct
	b.val, b.pred = scratch.Free(a, b.val)[:0], scratch.Free(a, b.pred)[:0]
	b.join, b.cands = scratch.Free(a, b.join)[:0], scratch.Free(a, b.cands)[:0]
	b.path = scratch.Drop(a, b.path)
}

// stateIndex: per vertex, state 0 is the boundary, 1+t is inside an edit having used t
// unchanged tokens.
func (bs *boundedSearch) stateIndex(v int32, s int) int32 {
	return v*int32(bs.u+2) + int32(s)
}

// boundedPath runs the bounded search for one annotator's gold edits. Its candidate edits are
// reserved from the memory account: a refusal is returned.
func (bs *boundedSearch) boundedPath(gold []Gold) ([]Edit, error) {
	b := bs
	u := bs.u
	if err := bs.matchedCandidates(gold); err != nil {
		return nil, err
	}
	for i := range b.val {
		b.val[i] = unreached
	}
	clear(b.pred)

	offer := func(to int32, v value, p boundedPred) {
		if b.val[to].m < 0 || v.better(b.val[to]) {
			b.val[to], b.pred[to] = v, p
		}
	}
	b.val[0] = value{}
	bs.cost.Bounded += int64(len(b.val))
	ci := 0
	for v := int32(0); v < int32(bs.numVertices()); v++ {
		// Inside states first: they only depend on earlier vertices.
		bs.stepsInto(v, func(from int32, dir int, noop bool) {
			n := 0
			if noop {
				n = 1
			}
			if n <= u {
				if src := bs.stateIndex(from, 0); b.val[src].m >= 0 {
					offer(bs.stateIndex(v, 1+n), b.val[src].plus(0, 1, 1), pred(viaStart, dir))
				}
			}
			for t := 0; t+n <= u; t++ {
				if src := bs.stateIndex(from, 1+t); b.val[src].m >= 0 {
					offer(bs.stateIndex(v, 1+t+n), b.val[src].plus(0, 1, 0), pred(viaStep, dir|t<<2))
				}
			}
		})
		here := bs.stateIndex(v, 0)
		if v == 0 {
			continue
		}
		bs.stepsInto(v, func(from int32, _ int, noop bool) {
			if src := bs.stateIndex(from, 0); noop && b.val[src].m >= 0 {
				offer(here, b.val[src].plus(0, 1, 0), pred(viaNoop, 0))
			}
		})
		for ; ci < len(b.cands) && b.cands[ci].to == v; ci++ {
			if src := bs.stateIndex(b.cands[ci].from, 0); b.val[src].m >= 0 {
				offer(here, b.val[src].plus(1, 0, 0), pred(viaMatched, ci))
			}
		}
		for t := 0; t <= u; t++ {
			if src := bs.stateIndex(v, 1+t); b.val[src].m >= 0 {
				offer(here, b.val[src], pred(viaClose, t))
			}
		}
	}
	return bs.boundedEdits(gold), nil
}

// boundedEdits reads the chosen path back from the end and turns it into edits.
func (bs *boundedSearch) boundedEdits(gold []Gold) []Edit {
	b := bs
	edits := bs.path[:0]
	v := int32(bs.numVertices() - 1)
	st := 0 // the state of v: 0 the boundary, 1+t inside
	for {
		p := b.pred[bs.stateIndex(v, st)]
		switch p.kind() {
		case viaNone:
			slices.Reverse(edits)
			bs.path = edits
			return edits
		case viaNoop:
			v = bs.predecessor(v, levenshtein.Diag)
		case viaMatched:
			cd := b.cands[p.payload()]
			g := &gold[cd.gold]
			if typ := bs.spanType(cd.from, cd.to); typ != Noop {
				e := bs.edit(cd.from, cd.to, false, typ)
				e.Start, e.End = g.Start, g.End // the matched gold edit's offsets
				edits = append(edits, e)
			}
			v = cd.from
		case viaClose:
			// Walk the edit's steps back to where it started.
			to := v
			st = 1 + p.payload()
			allNoop, allIns, allDel := true, true, true
			var first levenshtein.Pointers
			for {
				q := b.pred[bs.stateIndex(v, st)]
				dir := directions[q.payload()&3]
				switch dir {
				case levenshtein.Left:
					allNoop, allDel = false, false
				case levenshtein.Up:
					allNoop, allIns = false, false
				default:
					allIns, allDel = false, false
					if r, c := bs.rowCol(v); !bs.matchAt(r, c) {
						allNoop = false
					}
				}
				first = dir
				v = bs.predecessor(v, dir)
				if q.kind() == viaStart {
					st = 0
					break
				}
				st = 1 + q.payload()>>2
			}
			k := Sub
			switch {
			case allNoop:
				k = Noop
			case allIns:
				k = Ins
			case allDel:
				k = Del
			}
			if k != Noop {
				edits = append(edits, bs.edit(v, to, first == levenshtein.Left, k))
			}
		}
	}
}

// matchedCandidates lists the matched edits: for each gold edit and correction, each place in
// the hypothesis where the correction occurs, when a lattice path with at most u unchanged
// tokens joins the two vertices. Their list is reserved from the memory account, at its most
// (one per vertex of the gold edit's first row and correction, and one more) before it grows.
func (bs *boundedSearch) matchedCandidates(gold []Gold) error {
	b := bs
	most := 0
	for gi := range gold {
		g := &gold[gi]
		if g.Start <= g.End && g.End <= bs.n && g.Start >= 0 {
			first, end := bs.rowVertices(g.Start)
			most += len(g.Corrections) * (int(end-first) + 1)
		}
	}
	var err error
	if b.cands, err = scratch.Grow(bs.acct, b.cands[:0], most); err != nil {
		return err
	}
	for group := range goldGroups(gold) {
		g0 := &gold[group[0]]
		s, e := g0.Start, g0.End
		if s < 0 || s > e || e > bs.n {
			continue
		}
		for gi, p := range bs.goldPairs(gold, group, s, e) {
			from, to := p[0], p[1]
			if !slices.Equal(bs.source(s, e), gold[gi].Original) {
				continue
			}
			if x := bs.colOf(from); bs.opt.FirstRow == FirstRowShifted && s == 0 && e == 0 && (x > 0 || bs.colOf(to)-x > 1) {
				continue // 3.2 reports these first-row insertions elsewhere
			}
			if bs.joinable(from, to) {
				b.cands = append(b.cands, candidate{from: from, to: to, gold: int32(gi)})
			}
		}
	}
	// 3.2 reports the first-row insertion of hypothesis token s at (s, s).
	for gi := range gold {
		g := &gold[gi]
		if bs.opt.FirstRow != FirstRowShifted || g.Start != g.End || g.Start < 1 || g.Start >= bs.m {
			continue
		}
		for _, corr := range g.Corrections {
			if len(corr) == 1 && bs.hypToken(g.Start) == corr[0] {
				if to := bs.vertexAt(0, g.Start+1); to >= 0 && bs.atomInto(to, levenshtein.Left) > 0 {
					b.cands = append(b.cands, candidate{from: to - 1, to: to, gold: int32(gi)})
				}
			}
		}
	}
	slices.SortStableFunc(b.cands, func(x, y candidate) int {
		if x.to != y.to {
			return int(x.to - y.to)
		}
		return int(x.from - y.from)
	})
	return nil
}

// joinable reports whether the official lattice could have an edge from vertex a to vertex b:
// an atomic edge (whatever it is), or a path with at most u unchanged tokens. It visits the
// vertices in the rectangle between them, keeping the fewest no-ops to each in b.join.
func (bs *boundedSearch) joinable(a, b int32) bool {
	r0, c0 := bs.rowCol(a)
	r1, c1 := bs.rowCol(b)
	if a == b || c0 > c1 {
		return false
	}
	if (r1 == r0 && c1 == c0+1 && bs.atomInto(b, levenshtein.Left) > 0) ||
		(r1 == r0+1 && c1 == c0 && bs.atomInto(b, levenshtein.Up) > 0) ||
		(r1 == r0+1 && c1 == c0+1 && bs.atomInto(b, levenshtein.Diag) > 0) {
		return true
	}
	const inf = int32(1 << 30)
	best := bs.join
	for r := r0; r <= r1; r++ {
		_, end := bs.rowVertices(r)
		for v := bs.firstFrom(r, c0); v < end && int(bs.colOf(v)) <= c1; v++ {
			if v == a {
				best[v] = 0
				continue
			}
			best[v] = inf
			bs.cost.Bounded++
			bs.stepsInto(v, func(from int32, _ int, noop bool) {
				if fr, fc := bs.rowCol(from); fr < r0 || fc < c0 {
					return
				}
				x := best[from]
				if noop {
					x++
				}
				best[v] = min(best[v], x)
			})
		}
	}
	return int(best[b]) <= bs.u
}
