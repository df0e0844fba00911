package lattice

import (
	"fmt"
	"math/rand"
	"maxmatch/levenshtein"
	"slices"
	"testing"
)

// randomCase makes a small sentence pair over a tiny vocabulary (so that ties abound) and gold
// edits taken from places where the hypothesis differs, plus random ones.
func randomCase(rng *rand.Rand, maxLen int) (src, hyp []int32, gold []Gold) {
	src = make([]int32, rng.Intn(maxLen+1))
	for i := range src {
		src[i] = int32(rng.Intn(4))
	}
	hyp = append([]int32(nil), src...)
	for range rng.Intn(4) {
		switch pos := rng.Intn(len(hyp) + 1); rng.Intn(3) {
		case 0:
			hyp = slices.Insert(hyp, pos, int32(rng.Intn(5)))
		case 1:
			if pos < len(hyp) {
				hyp = slices.Delete(hyp, pos, pos+1)
			}
		default:
			if pos < len(hyp) {
				hyp[pos] = int32(rng.Intn(5))
			}
		}
	}
	if rng.Intn(8) == 0 {
		hyp = hyp[:0]
		for range rng.Intn(maxLen) {
			hyp = append(hyp, int32(5+rng.Intn(3)))
		}
	}
	return src, hyp, randomGold(rng, src, hyp, rng.Intn(4))
}

// randomGold makes count gold edits of up to two source tokens, most of them with a
// correction taken from the hypothesis (so that some match), the others deletions.
func randomGold(rng *rand.Rand, src, hyp []int32, count int) (gold []Gold) {
	for range count {
		s := rng.Intn(len(src) + 1)
		e := min(len(src), s+rng.Intn(3))
		var c []int32
		if len(hyp) > 0 && rng.Intn(3) > 0 {
			x := rng.Intn(len(hyp))
			c = append(c, hyp[x:min(len(hyp), x+rng.Intn(3))]...)
		}
		gold = append(gold, Gold{Start: s, End: e, Original: src[s:e], Corrections: [][]int32{c}})
	}
	return gold
}

// bruteForce enumerates every segmentation of every lattice path into match steps, edits of at
// most u unchanged tokens and matched edits, and returns the best objective value. It shares
// nothing with the bounded search but the atomic lattice: a matched edit is any edit whose span,
// original and correction match a gold edit.
func bruteForce(l *Lattice, gold []Gold) (best value, found bool) {
	end := int32(len(l.vrow) - 1)
	u := l.u
	matchesGold := func(a, b int32) bool {
		r0, c0 := l.rowCol(a)
		r1, c1 := l.rowCol(b)
		for _, g := range gold {
			if g.Start != r0 || g.End != r1 || !slices.Equal(l.src[r0:r1], g.Original) {
				continue
			}
			for _, c := range g.Corrections {
				if slices.Equal(l.hyp[c0:c1], c) {
					return true
				}
			}
		}
		return false
	}
	type step struct {
		to   int32
		noop bool
	}
	// Successors by position, from the atomic edge counts alone.
	steps := func(v int32) []step {
		var out []step
		r, k := l.rowCol(v)
		if w := l.vertexAt(r, k+1); w >= 0 && l.atomInto(w, levenshtein.Left) > 0 {
			out = append(out, step{w, false})
		}
		if w := l.vertexAt(r+1, k); w >= 0 && l.atomInto(w, levenshtein.Up) > 0 {
			out = append(out, step{w, false})
		}
		if w := l.vertexAt(r+1, k+1); w >= 0 && l.atomInto(w, levenshtein.Diag) > 0 {
			out = append(out, step{w, l.src[r] == l.hyp[k]})
		}
		return out
	}
	var boundary func(c int32, v value)
	var inside func(start int32, atStart value, c int32, v value, unch int)
	boundary = func(c int32, v value) {
		if c == end && (!found || v.better(best)) {
			best, found = v, true
		}
		for _, s := range steps(c) {
			if s.noop {
				boundary(s.to, v.plus(0, 1, 0))
				if matchesGold(c, s.to) { // an atomic edge is an edit whatever u is
					boundary(s.to, v.plus(1, 0, 0))
				}
			}
			n := 0
			if s.noop {
				n = 1
			}
			if n <= u {
				inside(c, v, s.to, v.plus(0, 1, 1), n)
			}
		}
	}
	inside = func(start int32, atStart value, c int32, v value, unch int) {
		if matchesGold(start, c) {
			boundary(c, atStart.plus(1, 0, 0))
		} else {
			boundary(c, v)
		}
		for _, s := range steps(c) {
			n := unch
			if s.noop {
				n++
			}
			if n <= u {
				inside(start, atStart, s.to, v.plus(0, 1, 0), n)
			}
		}
	}
	if l.vertexAt(0, 0) == 0 {
		boundary(0, value{})
	}
	return best, found
}

// checkPath verifies that edits describe a path: in order, and the tokens between them equal.
func checkPath(src, hyp []int32, edits []Edit) error {
	i, j := 0, 0
	for _, e := range edits {
		if e.SrcStart < i || e.HypStart < j || e.SrcEnd < e.SrcStart || e.HypEnd < e.HypStart {
			return fmt.Errorf("edit %+v out of order after (%d,%d)", e, i, j)
		}
		if !slices.Equal(src[i:e.SrcStart], hyp[j:e.HypStart]) {
			return fmt.Errorf("tokens before edit %+v differ", e)
		}
		i, j = e.SrcEnd, e.HypEnd
	}
	if !slices.Equal(src[i:], hyp[j:]) {
		return fmt.Errorf("tokens after the last edit differ")
	}
	return nil
}

func TestBoundedSearchIsOptimal(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var l Lattice
	for iter := 0; iter < 3000; iter++ {
		src, hyp, gold := randomCase(rng, 5)
		u := rng.Intn(3)
		if err := l.Build(src, hyp, Options{MaxUnchanged: u, FirstRow: FirstRowZero, MaxEdges: 1}); err != nil {
			t.Fatal(err)
		}
		if l.Bounded() == Exact {
			if len(src)+len(hyp) > 0 {
				t.Fatalf("a budget of 1 edge must force the bounded search (src %v hyp %v)", src, hyp)
			}
			continue // no edge at all: nothing to search
		}
		edits, err := l.BestPath(gold)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := bruteForce(&l, gold)
		end := l.bnd.stateIndex(int32(len(l.vrow)-1), 0)
		if !ok || l.bnd.val[end].m < 0 {
			t.Fatalf("src %v hyp %v: no path (brute force found one: %v)", src, hyp, ok)
		}
		if got := l.bnd.val[end]; got != want {
			t.Errorf("src %v hyp %v gold %v u=%d: bounded search value %+v, brute force %+v", src, hyp, gold, u, got, want)
		}
		if err := checkPath(src, hyp, edits); err != nil {
			t.Errorf("src %v hyp %v: %v", src, hyp, err)
		}
	}
}

// exactPathValue is the bounded objective of the path the exact search chose last.
func exactPathValue(l *Lattice, gold []Gold) value {
	var v value
	for c := int32(len(l.vrow) - 1); l.cl.ipath[c] >= 0; {
		k := &l.cl.keys[l.cl.ipath[c]]
		matched := false
		for gi := range gold {
			if l.cl.matches(k, &gold[gi]) {
				matched = true
			}
		}
		switch {
		case matched:
			v = v.plus(1, 0, 0)
		case k.typ == Noop:
			v = v.plus(0, k.dist, 0)
		default:
			v = v.plus(0, k.dist, 1)
		}
		c = k.from
	}
	return v
}

// TestBoundedSearchAgreesWithExact compares the two searches on small random cases. The bounded
// search must never be worse by its own objective; how often the two choose the same edits is
// logged (they can differ where the official breaks ties by edge order, or where its closure,
// which follows one path per vertex pair, misses an edit of at most u unchanged tokens).
func TestBoundedSearchAgreesWithExact(t *testing.T) {
	for _, fr := range []FirstRow{FirstRowShifted, FirstRowZero} {
		rng := rand.New(rand.NewSource(2))
		var exact, bounded Lattice
		same, sameValue, n, matched := 0, 0, 0, 0
		for iter := 0; iter < 3000; iter++ {
			src, hyp, gold := randomCase(rng, 7)
			u := rng.Intn(3)
			if err := exact.Build(src, hyp, withClosure(Options{MaxUnchanged: u, FirstRow: fr})); err != nil {
				t.Fatal(err)
			}
			if err := bounded.Build(src, hyp, Options{MaxUnchanged: u, FirstRow: fr, MaxEdges: 1}); err != nil {
				t.Fatal(err)
			}
			if bounded.Bounded() == Exact {
				continue
			}
			n++
			e1, err1 := exact.BestPath(gold)
			e2, err2 := bounded.BestPath(gold)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			ve := exactPathValue(&exact, gold)
			vb := bounded.bnd.val[bounded.bnd.stateIndex(int32(len(bounded.vrow)-1), 0)]
			if ve.better(vb) {
				t.Errorf("src %v hyp %v gold %v u=%d: exact path %+v beats the bounded optimum %+v", src, hyp, gold, u, ve, vb)
			}
			if vb.m > 0 {
				matched++
			}
			if ve == vb {
				sameValue++
			}
			if fmt.Sprint(trimmed(src, hyp, e1)) == fmt.Sprint(trimmed(src, hyp, e2)) {
				same++
			} else if testing.Verbose() && same+50 > n {
				t.Logf("differ: src %v hyp %v gold %v u=%d\n\texact   %v %+v\n\tbounded %v %+v", src, hyp, gold, u, trimmed(src, hyp, e1), ve, trimmed(src, hyp, e2), vb)
			}
		}
		if matched < n/10 {
			t.Errorf("only %d of %d cases matched a gold edit: the test is too weak", matched, n)
		}
		t.Logf("first row %d: %d cases, same objective value %d (%.1f%%), same trimmed edits %d (%.1f%%)", fr, n, sameValue, 100*float64(sameValue)/float64(n), same, 100*float64(same)/float64(n))
	}
}

// trimmed renders edits without the unchanged tokens at their ends, as the official prints them.
func trimmed(src, hyp []int32, edits []Edit) []string {
	var out []string
	for _, e := range edits {
		o, c := src[e.SrcStart:e.SrcEnd], hyp[e.HypStart:e.HypEnd]
		s, en := e.Start, e.End
		for len(o) > 0 && len(c) > 0 && o[0] == c[0] {
			o, c, s = o[1:], c[1:], s+1
		}
		for len(o) > 0 && len(c) > 0 && o[len(o)-1] == c[len(c)-1] {
			o, c, en = o[:len(o)-1], c[:len(c)-1], en-1
		}
		out = append(out, fmt.Sprint(s, en, o, c))
	}
	return out
}
