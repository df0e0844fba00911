package lattice

import (
	"slices"

	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
)

// The bounded search scores a sentence whose closure is over budget. It never builds the
// closure: it walks the atomic lattice once, with a state per (vertex, unchanged tokens used by
// the edit in progress), so its cost is O(|V|·(u+2)) plus the gold candidates.
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
type value struct{ m, l, c int32 }

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
	viaNoop    // boundary ← boundary by a match step
	viaMatched // boundary ← boundary by a matched edit
	viaClose   // boundary ← inside (the edit ends here)
	viaStart   // inside ← boundary by a first step
	viaStep    // inside ← inside by another step
)

type boundedPred struct {
	kind int8
	from int32 // source state
	gold int32 // matched edit: gold index
}

type boundedState struct {
	val   []value
	ok    []bool
	pred  []boundedPred
	cands []candidate // matched edits, sorted by target cell
}

type candidate struct {
	from, to int32
	gold     int32
}

// stateIndex: per cell, state 0 is the boundary, 1+t is inside an edit having used t unchanged
// tokens.
func (l *Lattice) stateIndex(cell int32, s int) int32 {
	return cell*int32(l.opt.MaxUnchanged+2) + int32(s)
}

// steps lists the atomic edges into cell c: source, direction, and whether it is a match.
func (l *Lattice) stepsInto(c int32, f func(from int32, d levenshtein.Pointers, noop bool)) {
	if !l.isVertex(int(c)) {
		return
	}
	a := l.atom[c]
	cols := int32(l.cols)
	if a.diag > 0 {
		f(c-cols-1, levenshtein.Diag, l.atomicKind(int(c), levenshtein.Diag) == Noop)
	}
	if a.up > 0 {
		f(c-cols, levenshtein.Up, false)
	}
	if a.left > 0 {
		f(c-1, levenshtein.Left, false)
	}
}

func (l *Lattice) boundedPath(gold []Gold) []Edit {
	b := &l.bnd
	u := l.opt.MaxUnchanged
	per := u + 2
	nc := int32(l.cells())
	ns := int(nc) * per
	b.val = scratch.Resize(b.val, ns)
	b.ok = scratch.Resize(b.ok, ns)
	b.pred = scratch.Resize(b.pred, ns)
	clear(b.ok)
	clear(b.pred)
	l.matchedCandidates(gold)

	offer := func(to int32, v value, p boundedPred) {
		if !b.ok[to] || v.better(b.val[to]) {
			b.val[to], b.ok[to], b.pred[to] = v, true, p
		}
	}
	b.val[0], b.ok[0] = value{}, true
	ci := 0
	for c := int32(0); c < nc; c++ {
		if !l.isVertex(int(c)) {
			continue
		}
		// Inside states first: they only depend on earlier cells.
		l.stepsInto(c, func(from int32, _ levenshtein.Pointers, noop bool) {
			n := 0
			if noop {
				n = 1
			}
			if n <= u {
				if src := l.stateIndex(from, 0); b.ok[src] {
					offer(l.stateIndex(c, 1+n), b.val[src].plus(0, 1, 1), boundedPred{kind: viaStart, from: src})
				}
			}
			for t := 0; t+n <= u; t++ {
				if src := l.stateIndex(from, 1+t); b.ok[src] {
					offer(l.stateIndex(c, 1+t+n), b.val[src].plus(0, 1, 0), boundedPred{kind: viaStep, from: src})
				}
			}
		})
		here := l.stateIndex(c, 0)
		if c == 0 {
			continue
		}
		l.stepsInto(c, func(from int32, _ levenshtein.Pointers, noop bool) {
			if src := l.stateIndex(from, 0); noop && b.ok[src] {
				offer(here, b.val[src].plus(0, 1, 0), boundedPred{kind: viaNoop, from: src})
			}
		})
		for ; ci < len(b.cands) && b.cands[ci].to == c; ci++ {
			if src := l.stateIndex(b.cands[ci].from, 0); b.ok[src] {
				offer(here, b.val[src].plus(1, 0, 0), boundedPred{kind: viaMatched, from: src, gold: b.cands[ci].gold})
			}
		}
		for t := 0; t <= u; t++ {
			if src := l.stateIndex(c, 1+t); b.ok[src] {
				offer(here, b.val[src], boundedPred{kind: viaClose, from: src})
			}
		}
	}
	return l.boundedEdits(gold)
}

// boundedEdits reads the chosen path back from the end and turns it into edits.
func (l *Lattice) boundedEdits(gold []Gold) []Edit {
	b := &l.bnd
	per := int32(l.opt.MaxUnchanged + 2)
	cols := int32(l.cols)
	edits := l.path[:0]
	st := l.stateIndex(int32(l.cells()-1), 0)
	for b.pred[st].kind != viaNone {
		p := b.pred[st]
		switch p.kind {
		case viaNoop:
			st = p.from
		case viaMatched:
			from, to := p.from/per, st/per
			g := &gold[p.gold]
			e := Edit{Start: g.Start, End: g.End, SrcStart: int(from / cols), SrcEnd: int(to / cols),
				HypStart: int(from % cols), HypEnd: int(to % cols)}
			e.Kind = l.spanKind(from, to)
			if e.Kind != Noop {
				edits = append(edits, e)
			}
			st = p.from
		case viaClose:
			// Walk the edit's steps back to where it started.
			to := st / per
			cur := p.from
			allNoop, allIns, allDel := true, true, true
			var first int32
			for {
				q := b.pred[cur]
				c, f := cur/per, q.from/per
				switch {
				case c-f == 1:
					allNoop, allDel = false, false
				case c-f == cols:
					allNoop, allIns = false, false
				default:
					allIns, allDel = false, false
					if l.src[f/cols] != l.hyp[f%cols] {
						allNoop = false
					}
				}
				first = c - f
				cur = q.from
				if q.kind == viaStart {
					break
				}
			}
			from := cur / per
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
				s, e := l.offsets(from, to, first == 1)
				edits = append(edits, Edit{Start: s, End: e, SrcStart: int(from / cols), SrcEnd: int(to / cols),
					HypStart: int(from % cols), HypEnd: int(to % cols), Kind: k})
			}
			st = cur
		}
	}
	slices.Reverse(edits)
	l.path = edits
	return edits
}

// spanKind is the kind of a matched edit from cell a to cell b.
func (l *Lattice) spanKind(a, b int32) Kind {
	cols := int32(l.cols)
	dr, dc := b/cols-a/cols, b%cols-a%cols
	switch {
	case dr == 0:
		return Ins
	case dc == 0:
		return Del
	case dr == dc && slices.Equal(l.src[a/cols:b/cols], l.hyp[a%cols:b%cols]):
		return Noop
	}
	return Sub
}

// matchedCandidates lists the matched edits: for each gold edit and correction, each place in
// the hypothesis where the correction occurs, when a lattice path with at most u unchanged
// tokens joins the two vertices.
func (l *Lattice) matchedCandidates(gold []Gold) {
	b := &l.bnd
	b.cands = b.cands[:0]
	cols := int32(l.cols)
	for gi := range gold {
		g := &gold[gi]
		if g.Start > g.End || g.End > l.n || !slices.Equal(l.src[g.Start:g.End], g.Original) {
			continue
		}
		for _, corr := range g.Corrections {
			for x := 0; x+len(corr) <= l.m; x++ {
				if !slices.Equal(l.hyp[x:x+len(corr)], corr) {
					continue
				}
				from := int32(g.Start)*cols + int32(x)
				to := int32(g.End)*cols + int32(x+len(corr))
				if l.opt.FirstRow == FirstRowShifted && g.Start == 0 && (x > 0 || len(corr) > 1) && g.End == 0 {
					continue // 3.2 reports these first-row insertions elsewhere
				}
				if l.joinable(from, to) {
					b.cands = append(b.cands, candidate{from: from, to: to, gold: int32(gi)})
				}
			}
			// 3.2 reports the first-row insertion of hypothesis token s at (s, s).
			if l.opt.FirstRow == FirstRowShifted && g.Start == g.End && g.Start >= 1 && len(corr) == 1 &&
				g.Start < l.m && l.hyp[g.Start] == corr[0] && l.atomInto(int32(g.Start+1), levenshtein.Left) > 0 {
				b.cands = append(b.cands, candidate{from: int32(g.Start), to: int32(g.Start + 1), gold: int32(gi)})
			}
		}
	}
	slices.SortStableFunc(b.cands, func(x, y candidate) int {
		if x.to != y.to {
			return int(x.to - y.to)
		}
		return int(x.from - y.from)
	})
}

// joinable reports whether the official lattice could have an edge from a to b: an atomic edge
// (whatever it is), or a path with at most u unchanged tokens.
func (l *Lattice) joinable(a, b int32) bool {
	cols := int32(l.cols)
	if a == b || !l.isVertex(int(a)) || !l.isVertex(int(b)) || a%cols > b%cols {
		return false
	}
	if (b == a+1 && l.atomInto(b, levenshtein.Left) > 0) || (b == a+cols && l.atomInto(b, levenshtein.Up) > 0) || (b == a+cols+1 && l.atomInto(b, levenshtein.Diag) > 0) {
		return true
	}
	r0, c0, r1, c1 := a/cols, a%cols, b/cols, b%cols
	w := c1 - c0 + 1
	const inf = int32(1 << 30)
	best := make([]int32, (r1-r0+1)*w)
	for i := range best {
		best[i] = inf
	}
	best[0] = 0
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			i := (r-r0)*w + (c - c0)
			if i == 0 {
				continue
			}
			cell := r*cols + c
			l.stepsInto(cell, func(from int32, d levenshtein.Pointers, noop bool) {
				fr, fc := from/cols, from%cols
				if fr < r0 || fc < c0 {
					return
				}
				v := best[(fr-r0)*w+(fc-c0)]
				if noop {
					v++
				}
				best[i] = min(best[i], v)
			})
		}
	}
	return best[len(best)-1] <= int32(l.opt.MaxUnchanged)
}
