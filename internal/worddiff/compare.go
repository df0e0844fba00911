package worddiff

// comparer holds step 4: the kept lines of both middles, compared by class number, and where
// to record what changed.
type comparer struct {
	xs, ys       []int  // class numbers of the kept lines
	xAt, yAt     []int  // index in the middle of each kept line
	xChg, yChg   []bool // changed flags of the middles
	fwd, bwd     []int  // furthest x reached on each diagonal, indexed by diagonal + origin
	origin       int
	tooExpensive int
}

// compareKept runs step 4 on the kept lines and marks the changed lines of the middles. The
// lines left out by step 3 are marked here too.
func compareKept(ca, cb []int, keptA, keptB []int, aChanged, bChanged []bool) {
	for i := range aChanged {
		aChanged[i] = true
	}
	for i := range bChanged {
		bChanged[i] = true
	}
	c := &comparer{xAt: keptA, yAt: keptB, xChg: aChanged, yChg: bChanged}
	c.xs = make([]int, len(keptA))
	for k, i := range keptA {
		c.xs[k] = ca[i]
		aChanged[i] = false
	}
	c.ys = make([]int, len(keptB))
	for k, i := range keptB {
		c.ys[k] = cb[i]
		bChanged[i] = false
	}
	// Diagonals run from -len(ys) to len(xs); one more on each side holds a sentinel.
	diagonals := len(c.xs) + len(c.ys) + 3
	c.fwd = make([]int, diagonals)
	c.bwd = make([]int, diagonals)
	c.origin = len(c.ys) + 1
	c.tooExpensive = 1
	for d := diagonals; d != 0; d >>= 2 {
		c.tooExpensive <<= 1
	}
	c.tooExpensive = max(c.tooExpensive, 4096)
	c.compare(0, len(c.xs), 0, len(c.ys), false)
}

// compare marks the changes between xs[xlo:xhi] and ys[ylo:yhi]. Unless exact is set, the
// search for a split may give up when it gets too expensive.
func (c *comparer) compare(xlo, xhi, ylo, yhi int, exact bool) {
	for xlo < xhi && ylo < yhi && c.xs[xlo] == c.ys[ylo] {
		xlo++
		ylo++
	}
	for xlo < xhi && ylo < yhi && c.xs[xhi-1] == c.ys[yhi-1] {
		xhi--
		yhi--
	}
	switch {
	case xlo == xhi:
		for y := ylo; y < yhi; y++ {
			c.yChg[c.yAt[y]] = true
		}
	case ylo == yhi:
		for x := xlo; x < xhi; x++ {
			c.xChg[c.xAt[x]] = true
		}
	default:
		s := c.split(xlo, xhi, ylo, yhi, exact)
		c.compare(xlo, s.x, ylo, s.y, s.lowExact)
		c.compare(s.x, xhi, s.y, yhi, s.highExact)
	}
}

// A splitPoint divides a comparison in two; the flags say whether each part must be solved
// exactly.
type splitPoint struct {
	x, y                int
	lowExact, highExact bool
}

// split finds where a shortest edit script of xs[xlo:xhi] and ys[ylo:yhi] crosses the middle,
// by searching forwards from (xlo, ylo) and backwards from (xhi, yhi) until the searches
// overlap. Both ranges must be non-empty and their first and last elements must differ.
//
// Diagonal k holds the points with x-y = k. fwd[k] is the largest x the forward search has
// reached on diagonal k with the current number of edits, bwd[k] the smallest x the backward
// search has reached.
func (c *comparer) split(xlo, xhi, ylo, yhi int, exact bool) splitPoint {
	o := c.origin
	fwd, bwd := c.fwd, c.bwd
	lowest, highest := xlo-yhi, xhi-ylo // diagonals of the corners (xlo, yhi) and (xhi, ylo)
	fk, bk := xlo-ylo, xhi-yhi          // diagonals the two searches start on
	fLow, fHigh := fk, fk               // diagonals the searches have reached
	bLow, bHigh := bk, bk
	// The searches can meet after the forward one has moved only if the corners' diagonals
	// differ by an odd number, and only after the backward one has moved otherwise.
	odd := (fk-bk)&1 != 0
	fwd[o+fk] = xlo
	bwd[o+bk] = xhi

	for cost := 1; ; cost++ {
		// One more edit forwards: widen the range of diagonals by one on each side, unless it
		// has reached the rectangle's side, in which case it narrows there (the diagonals
		// visited alternate in parity). The value just outside the range is a sentinel that
		// loses every comparison.
		if fLow > lowest {
			fLow--
			fwd[o+fLow-1] = -1
		} else {
			fLow++
		}
		if fHigh < highest {
			fHigh++
			fwd[o+fHigh+1] = -1
		} else {
			fHigh--
		}
		for k := fHigh; k >= fLow; k -= 2 {
			// Come from the diagonal above by an insertion (x stays) or from the one below
			// by a deletion (x grows), whichever gets further; the insertion if both get
			// equally far.
			var x int
			if below, above := fwd[o+k-1], fwd[o+k+1]; below < above {
				x = above
			} else {
				x = below + 1
			}
			y := x - k
			for x < xhi && y < yhi && c.xs[x] == c.ys[y] {
				x++
				y++
			}
			fwd[o+k] = x
			if odd && bLow <= k && k <= bHigh && bwd[o+k] <= x {
				return splitPoint{x, y, true, true}
			}
		}

		// One more edit backwards, symmetrically: the smaller x, and the insertion (from
		// the diagonal below, x stays) if both moves get equally far.
		if bLow > lowest {
			bLow--
			bwd[o+bLow-1] = maxInt
		} else {
			bLow++
		}
		if bHigh < highest {
			bHigh++
			bwd[o+bHigh+1] = maxInt
		} else {
			bHigh--
		}
		for k := bHigh; k >= bLow; k -= 2 {
			var x int
			if below, above := bwd[o+k-1], bwd[o+k+1]; below < above {
				x = below
			} else {
				x = above - 1
			}
			y := x - k
			for x > xlo && y > ylo && c.xs[x-1] == c.ys[y-1] {
				x--
				y--
			}
			bwd[o+k] = x
			if !odd && fLow <= k && k <= fHigh && x <= fwd[o+k] {
				return splitPoint{x, y, true, true}
			}
		}

		if !exact && cost >= c.tooExpensive {
			return c.giveUp(xlo, xhi, ylo, yhi, fLow, fHigh, bLow, bHigh)
		}
	}
}

const maxInt = int(^uint(0) >> 1)

// giveUp ends a search that has become too expensive: it splits at the point that is
// furthest along (largest x+y) in the forward search or furthest back (smallest x+y) in the
// backward search, whichever has covered more, clipping points to the rectangle. The
// forward search wins only if it has covered strictly more.
func (c *comparer) giveUp(xlo, xhi, ylo, yhi, fLow, fHigh, bLow, bHigh int) splitPoint {
	o := c.origin
	fSum, fx := -1, 0
	for k := fHigh; k >= fLow; k -= 2 {
		x := min(c.fwd[o+k], xhi)
		y := x - k
		if y > yhi {
			x, y = yhi+k, yhi
		}
		if x+y > fSum {
			fSum, fx = x+y, x
		}
	}
	bSum, bx := maxInt, 0
	for k := bHigh; k >= bLow; k -= 2 {
		x := max(c.bwd[o+k], xlo)
		y := x - k
		if y < ylo {
			x, y = ylo+k, ylo
		}
		if x+y < bSum {
			bSum, bx = x+y, x
		}
	}
	if (xhi+yhi)-bSum < fSum-(xlo+ylo) {
		return splitPoint{fx, fSum - fx, true, false}
	}
	return splitPoint{bx, bSum - bx, false, true}
}
