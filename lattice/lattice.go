package lattice

import (
	"errors"
	"fmt"

	"maxmatch/internal/scratch"
	"maxmatch/levenshtein"
	"maxmatch/membudget"
)

// What the lattice stores.
//
// Storage.
//
// The two Levenshtein matrices are filled in a diagonal band that provably holds every optimal path
// (levenshtein.Band): for a band of half-width w, O((n+m)·w) time and bytes, one byte per cell for
// both matrices' back-pointers, and two rows of distances. The band is kept only while the vertices
// are found; then the lattice keeps its vertices alone — row, column and atomic in-edges, 9 bytes
// each, and the first vertex of each row — and finds a cell by a binary search in its row. For a
// hypothesis close to its source, everything is O(n+m).

// EditType is the type of an edit, as the official names it: what its lattice path does.
type EditType uint8

const (
	Noop EditType = iota // every step a match: not an edit at all
	Sub                  // anything mixed: a substitution of a phrase
	Ins                  // every step an insertion
	Del                  // every step a deletion
)

func (t EditType) String() string {
	return [...]string{"noop", "sub", "ins", "del"}[t]
}

// merge is the type of a path made of a path of type a followed by one of type b.
func merge(a, b EditType) EditType {
	if a == b {
		return a
	}
	return Sub
}

// FirstRow says which offsets an insertion in the first row of the matrix (before any source
// token) gets.
type FirstRow uint8

const (
	// FirstRowShifted is release 3.2: the insertion of hypothesis token j-1 at the start of the
	// sentence gets offsets (j-1, j-1), as if it were inserted after j-1 source tokens.
	FirstRowShifted FirstRow = iota
	// FirstRowZero is the GitHub master: every such insertion gets (0, 0).
	FirstRowZero
)

// Options fix the lattice's construction and the quirks to reproduce.
type Options struct {
	// MaxUnchanged is u, the most unchanged (matching) tokens a phrase edit may contain.
	MaxUnchanged int
	// FirstRow chooses the offsets of insertions before the first source token.
	FirstRow FirstRow
	// EdgesOnce counts an edge found in both Levenshtein lattices once; the official lists it
	// twice, so it gets ε twice and counts twice in the match weight K.
	EdgesOnce bool
	// RemoveAllNoops removes every phrase no-op edge; the official's removal loop skips the
	// element after each one it removes.
	RemoveAllNoops bool
	// StrictWalk adds ε, after a matched insertion, only to unmatched edges between the walk's
	// pointers; the official adds it to every edge it skips.
	StrictWalk bool
	// IntegerCosts compares path costs in integer units of ε, without rounding, with a match
	// weight that always dominates; the official sums float64s, whose rounding breaks some ties.
	IntegerCosts bool
	// Memory is the account that every large allocation of a Build and of BestPath is
	// reserved from (see package membudget): the exact search is used when its closure and
	// search fit, the bounded search otherwise, and Build fails with a *TooLargeError when not
	// even the band, the vertices or the bounded search fit. Nil: no budget.
	Memory *membudget.Account
	// MaxEdges, when positive, caps the transitive closure (edge occurrences, as the official
	// edge list counts them): a sentence whose closure would be larger is scored by the
	// bounded search. Zero or negative: no cap but the memory budget.
	MaxEdges int
	// GoldEdits is the most gold edits one annotator of the sentence has, when known: the plan
	// predicts the work of the closure's search with it (see Lattice.Search). 0: none.
	GoldEdits int
	// MaxWork, when positive, caps the official scorer's predicted work on a sentence,
	// |V| × P, where P is the number of vertex pairs the closure can join (see
	// Lattice.ClosurePairs): a sentence over it is scored by the bounded search without
	// building the closure. Zero or negative: no cap.
	MaxWork int
}

// errEdgeCap reports a closure over Options.MaxEdges.
var errEdgeCap = errors.New("lattice: transitive closure over the edge cap")

// key is one edge of the lattice: a pair of vertices with the phrase edit between them. The
// official scorer keys its edge tables by vertex pair, so a pair has one edit, the last one
// stored for it.
type key struct {
	from, to   int32 // vertices
	dist       int32 // number of lattice steps (the official's edge cost)
	unchanged  int32 // matching tokens inside
	typ        EditType
	firstRight bool  // the path's first step is an insertion (matters in the first row)
	atomic     bool  // a single lattice step
	removed    bool  // a phrase no-op removed after the closure
	mult       uint8 // occurrences in the edge list (after removal)
}

// Edit is one edit on the chosen path, in sentence order.
type Edit struct {
	Start, End       int // the offsets the official scorer reports (quirks included)
	SrcStart, SrcEnd int // source tokens covered: src[SrcStart:SrcEnd]
	HypStart, HypEnd int // hypothesis tokens: hyp[HypStart:HypEnd]
	Type             EditType
}

// Lattice is the edit lattice of one sentence pair, with its transitive closure. The zero
// Lattice is ready to Build; building again reuses its small buffers.
//
// It stores the Levenshtein band only while it finds the vertices, and then only the vertices:
// their row and column, in (row, column) order, and the atomic edges into each. A cell is
// found by its row's vertices (rowStart) and a binary search on the column.
type Lattice struct {
	env  // the graph, the options and the account, which every search reads; the cost it counts
	band levenshtein.Band

	// plan is the search BestPath runs and reason why: planSearch chose it at Build, enter
	// hands it to the next search when it cannot answer (plan.go decides both).
	plan        Search
	reason      Reason
	keysAtMost  int64 // the closure's keys at most, when the plan counted a bound of them (0: not known)
	heldAtBuild int64 // what the memory account held when Build began (Cost.Reserved)

	// The searches, each over env, each with its own state.
	cl    closureSearch
	nc    noClosureSearch
	bnd   boundedSearch
	pairs pairCounter // the vertex pairs' counts the plan and the searches bound the closure with
}

// env is what every search reads of the built lattice — the graph, the options, the memory
// account every large buffer is reserved from, u — and the Cost each adds its work to. Build
// sets it; the searches hold a pointer to it and never change the graph.
type env struct {
	graph
	opt  Options
	acct *membudget.Account
	// u is Options.MaxUnchanged clamped to what can matter for this sentence (see
	// unchangedLimit): every check of a path's unchanged tokens against it gives the same answer.
	u    int
	cost Cost
}

// Fallback says whether, and why, the last Build left the exact searches (the closure and the
// search without it, which give the official's answer: what "exact" means in this package) for
// the bounded one.
type Fallback uint8

const (
	Exact      Fallback = iota // an exact search: the official's answer
	OverWork                   // |V| × P over Options.MaxWork
	OverEdges                  // the closure grew over Options.MaxEdges
	OverMemory                 // the closure and its search do not fit in the memory budget
)

// Bounded reports whether the last Build fell back to the bounded search, and why.
func (l *Lattice) Bounded() Fallback {
	switch l.reason {
	case ReasonOverWork:
		return OverWork
	case ReasonOverEdges:
		return OverEdges
	case ReasonOverMemory:
		return OverMemory
	}
	return Exact
}

// EdgeCount returns the length of the official edge list (the match weight K), or 0 after a
// fallback to the bounded search.
func (l *Lattice) EdgeCount() int { return len(l.cl.occ) }

// Vertices returns the number of vertices of the lattice.
func (l *Lattice) Vertices() int { return len(l.vrow) }

// Stage names what a *TooLargeError could not store.
type Stage uint8

const (
	StageTokens   Stage = iota // the sentence's token arrays (the caller's)
	StageBand                  // the Levenshtein band
	StageVertices              // the lattice's vertices
	StageBounded               // the bounded search's states and candidates
)

func (s Stage) String() string {
	return [...]string{"its token arrays", "its Levenshtein band", "its lattice's vertices", "its bounded search's states"}[s]
}

// TooLargeError is a sentence that no search can score within the memory budget: what did not
// fit, and the sentence's figures.
type TooLargeError struct {
	Stage Stage
	Cost  Cost
	Err   *membudget.OverError // the account's refusal
}

func (e *TooLargeError) Error() string {
	c := e.Cost
	size := fmt.Sprintf("%s source and %s hypothesis tokens", membudget.Count(c.SrcTokens), membudget.Count(c.HypTokens))
	if e.Stage == StageTokens && c.HypTokens == 0 {
		size = fmt.Sprintf("%s source tokens", membudget.Count(c.SrcTokens)) // the hypothesis not split yet
	}
	if c.BandCells > 0 {
		size += fmt.Sprintf(", a Levenshtein band of %s cells", membudget.Count(c.BandCells))
	}
	if c.Vertices > 0 {
		size += fmt.Sprintf(", %s lattice vertices", membudget.Count(c.Vertices))
	}
	o := e.Err
	return fmt.Sprintf("%s; with %s it needs %s (%s more than the %s it holds), over the memory budget for scoring, %s",
		size, e.Stage, membudget.Bytes(o.Held+o.Asked), membudget.Bytes(o.Asked), membudget.Bytes(o.Held), membudget.Bytes(o.Limit))
}

// Unwrap gives the account's refusal (errors.Is(err, membudget.ErrOverBudget) holds).
func (e *TooLargeError) Unwrap() error { return e.Err }

// AsTooLarge turns an account's refusal at a stage of a sentence of cost c into a
// *TooLargeError; other errors (nil, membudget.ErrBusy) pass unchanged.
func AsTooLarge(stage Stage, c Cost, err error) error {
	over, ok := membudget.AsOver(err)
	if !ok {
		return err
	}
	c.Needed = over.Held + over.Asked
	return &TooLargeError{Stage: stage, Cost: c, Err: over}
}

// tooLarge turns an account's refusal at stage into a *TooLargeError carrying the lattice's cost
// so far, which the lattice then keeps (see AsTooLarge).
func (l *Lattice) tooLarge(stage Stage, err error) error {
	err = AsTooLarge(stage, l.cost, err)
	var tl *TooLargeError
	if errors.As(err, &tl) {
		l.cost = tl.Cost
	}
	return err
}

// Build makes the lattice of src against hyp (token ids; equal ids are equal tokens) and its
// transitive closure, or, when the closure is over a cap or the memory budget, prepares the
// bounded search. It fails with a *TooLargeError when not even the bounded search fits, and
// with membudget.ErrBusy when the memory is held by other workers (then the caller releases,
// waits its turn and builds again; see package membudget). What a failed Build held is released.
//
// What Build stores stays until Release or the next Build.
func (l *Lattice) Build(src, hyp []int32, opt Options) error {
	l.Release()
	// Each search over this lattice (the pointers are set again at every Build).
	l.pairs.env, l.bnd.env = &l.env, &l.env
	l.cl.over(&l.env, &l.pairs) // no closure until one is built (EdgeCount)
	l.nc.over(&l.env, &l.pairs)
	l.opt, l.acct = opt, opt.Memory
	l.plan, l.reason, l.keysAtMost = SearchNone, ReasonNone, 0
	l.heldAtBuild = l.acct.Held()
	l.acct.ResetPeak() // Cost.Reserved is the peak from here
	l.src, l.hyp = src, hyp
	l.n, l.m = len(src), len(hyp)
	l.firstRow = opt.FirstRow
	l.u = unchangedLimit(opt.MaxUnchanged, l.n, l.m)
	l.cost = Cost{SrcTokens: l.n, HypTokens: l.m}
	err := l.build()
	if err != nil {
		l.Release()
	}
	return err
}

// unchangedLimit clamps u to [−1, min(n, m)]. A lattice path's unchanged tokens are its no-op
// steps, each a diagonal step, so no path of an n × m lattice has more than min(n, m) of them,
// and none has fewer than 0: every test "at most u unchanged" gives the same answer for u and
// for the clamped value. The clamp keeps the sizes derived from u (the bounded search's states
// per vertex, the pair counts' layers) within the sentence's own.
func unchangedLimit(u, n, m int) int {
	return max(-1, min(u, n, m))
}

func (l *Lattice) build() error {
	if err := l.band.Fill(l.src, l.hyp, 1, 2, l.acct); err != nil {
		return l.tooLarge(StageBand, err)
	}
	l.cost.BandCells = l.band.Cells()
	err := l.numberVertices(l.band.MarkOptimal())
	l.band.Free(l.acct)
	if err != nil {
		return l.tooLarge(StageVertices, err)
	}
	l.cost.Vertices = len(l.vrow)
	plan, reason, err := l.planSearch()
	if err != nil {
		return err
	}
	return l.enter(plan, reason)
}

// Release frees what the last Build stored: large buffers go back to the memory budget, small
// ones are kept for the next Build. The lattice cannot be searched until it is built again.
func (l *Lattice) Release() {
	a := l.acct
	if a.Held() == 0 {
		return // nothing large (or no account: everything is kept), and Build resizes the rest
	}
	l.band.Free(a)
	l.vrow, l.vcol = scratch.Free(a, l.vrow)[:0], scratch.Free(a, l.vcol)[:0]
	l.vatom, l.vnext = scratch.Free(a, l.vatom)[:0], scratch.Free(a, l.vnext)[:0]
	l.rowStart = scratch.Free(a, l.rowStart)[:0]
	l.cl.free()
	l.bnd.free()
	l.nc.free()
	l.pairs.free()
}

// overWork reports whether |V| × P is over the work cap. It counts P only when |V|³/2, the
// most it could be, is over: never on an ordinary sentence.
func (l *Lattice) overWork(budget int) (bool, error) {
	nv := len(l.vrow)
	if budget <= 0 || nv == 0 || nv*(nv-1)/2 <= budget/nv {
		return false, nil
	}
	limit := budget / nv
	pu, err := l.ClosurePairs(limit) // its scratch released, before the closure or the bounded search
	if errors.Is(err, membudget.ErrOverBudget) {
		// The count's scratch does not fit: neither would the closure.
		return true, nil
	}
	return pu > limit, err
}

// cellAtoms[once][c] is vatom of a vertex whose band cell is c: per direction, how many of the
// Levenshtein lattices on whose optimal path the cell is have that back-pointer (at most 1 with
// EdgesOnce, once = 1).
var cellAtoms = func() (t [2][256]uint8) {
	for c := range 256 {
		var n [3]uint8 // diagonal, up, left
		for m := range 2 {
			if uint8(c)&(levenshtein.OnPath0<<m) == 0 {
				continue
			}
			for d, p := range directions {
				if levenshtein.CellPointers(uint8(c), m)&p != 0 {
					n[d]++
				}
			}
		}
		t[0][c] = n[0]<<atomDiagShift | n[1]<<atomUpShift | n[2]<<atomLeftShift
		t[1][c] = min(n[0], 1)<<atomDiagShift | min(n[1], 1)<<atomUpShift | min(n[2], 1)<<atomLeftShift
	}
	return t
}()

// numberVertices numbers the nv cells that MarkOptimal marked, in (row, column) order, and
// counts each atomic edge into them once per Levenshtein lattice that has it.
func (l *Lattice) numberVertices(nv int) error {
	b := &l.band
	var err error
	if l.vrow, err = scratch.Resize(l.acct, l.vrow, nv); err != nil {
		return err
	}
	if l.vcol, err = scratch.Resize(l.acct, l.vcol, nv); err != nil {
		return err
	}
	if l.vatom, err = scratch.Resize(l.acct, l.vatom, nv); err != nil {
		return err
	}
	if l.vnext, err = scratch.Resize(l.acct, l.vnext, nv); err != nil {
		return err
	}
	if l.rowStart, err = scratch.Resize(l.acct, l.rowStart, l.n+2); err != nil {
		return err
	}
	// One pass in (row, column) order. vnext of the previous row's vertices is set as this
	// row's are numbered: the first one at or after each column; the rest, the row's end.
	// The arrays are in locals: stores through l would load them again.
	vrow, vcol, vatom, vnext, rowStart := l.vrow, l.vcol, l.vatom, l.vnext, l.rowStart
	atoms := &cellAtoms[0]
	if l.opt.EdgesOnce {
		atoms = &cellAtoms[1]
	}
	v, prev := int32(0), int32(0)
	l.atoms = atomicTally{}
	for i := 0; i < b.Rows(); i++ {
		rowStart[i] = v
		lo, cells := b.Row(i)
		for x, c := range cells {
			if c&(levenshtein.OnPath0|levenshtein.OnPath1) == 0 {
				continue
			}
			col := int32(lo + x)
			for ; prev < rowStart[i] && vcol[prev] <= col; prev++ {
				vnext[prev] = v
			}
			at := atoms[c]
			vrow[v], vcol[v], vatom[v] = int32(i), col, at
			l.atoms.tally(at, at&(3<<atomDiagShift) != 0 && l.matchAt(i, int(col)))
			v++
		}
		for ; prev < rowStart[i]; prev++ {
			vnext[prev] = v
		}
	}
	l.rowStart[l.n+1] = v
	for ; prev < v; prev++ {
		l.vnext[prev] = v
	}
	return nil
}
