package lattice

import (
	"fmt"
	"math/rand"
	"maxmatch/levenshtein"
	"slices"
	"testing"
)

// naiveEdge is an edit as the official's edits table holds it.
type naiveEdge struct {
	typ        EditType
	dist, unch int32
	firstRight bool
}

// naiveClosure is the official algorithm written out as the specification describes it:
// Floyd–Warshall over all vertex triples in sorted order, then the removal loop with its skip.
// It is cubic and shares nothing with closure() but the atomic lattice.
func naiveClosure(l *Lattice) (list [][2]int32, edits map[[2]int32]naiveEdge) {
	// Vertices as cells of the full grid, numbered r·(m+1)+c: sorted order is cell order.
	cols := int32(l.m + 1)
	var V []int32
	for v := range l.vrow {
		V = append(V, l.vrow[v]*cols+l.vcol[v])
	}
	vertexOf := func(cell int32) int32 { return l.vertexAt(int(cell/cols), int(cell%cols)) }
	atomAt := func(cell int32, inside bool, d levenshtein.Pointers) uint8 {
		if !inside {
			return 0
		}
		if v := vertexOf(cell); v >= 0 {
			return l.atomInto(v, d)
		}
		return 0
	}
	edits = map[[2]int32]naiveEdge{}
	for _, a := range V {
		for _, s := range []struct {
			to    int32
			count uint8
			typ   EditType
			right bool
		}{
			{a + 1, atomAt(a+1, a%cols < cols-1, levenshtein.Left), Ins, true},
			{a + cols, atomAt(a+cols, a/cols < int32(l.n), levenshtein.Up), Del, false},
			{a + cols + 1, atomAt(a+cols+1, a%cols < cols-1 && a/cols < int32(l.n), levenshtein.Diag), Sub, false},
		} {
			if s.count == 0 {
				continue
			}
			e := naiveEdge{typ: s.typ, dist: 1, firstRight: s.right}
			if s.typ == Sub && l.src[a/cols] == l.hyp[a%cols] {
				e.typ, e.unch = Noop, 1
			}
			edits[[2]int32{a, s.to}] = e
			for range s.count {
				list = append(list, [2]int32{a, s.to})
			}
		}
	}
	u := int32(l.u)
	for _, k := range V {
		for _, i := range V {
			eik, ok := edits[[2]int32{i, k}]
			if !ok {
				continue
			}
			for _, j := range V {
				ekj, ok := edits[[2]int32{k, j}]
				if !ok {
					continue
				}
				d := eik.dist + ekj.dist
				if cur, ok := edits[[2]int32{i, j}]; ok && d >= cur.dist {
					continue
				}
				m := naiveEdge{typ: merge(eik.typ, ekj.typ), dist: d, unch: eik.unch + ekj.unch, firstRight: eik.firstRight}
				if m.unch <= u {
					list = append(list, [2]int32{i, j})
					edits[[2]int32{i, j}] = m
				}
			}
		}
	}
	// The removal loop: Python's list iterator moves on by one after each remove().
	for idx := 0; idx < len(list); idx++ {
		e := list[idx]
		ed := edits[e]
		if ed.typ == Noop && ed.dist > 1 {
			first := slices.Index(list, e)
			list = slices.Delete(list, first, first+1)
			delete(edits, e)
			if l.opt.RemoveAllNoops {
				idx-- // every element is examined
			}
		}
	}
	return list, edits
}

// TestClosureMatchesNaiveFloydWarshall checks the edge list (order and multiplicity) and every
// edge's edit against the cubic algorithm of the specification.
func TestClosureMatchesNaiveFloydWarshall(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var l Lattice
	for iter := 0; iter < 2000; iter++ {
		src, hyp, _ := randomCase(rng, 7)
		opt := withClosure(Options{MaxUnchanged: rng.Intn(4), EdgesOnce: iter%4 == 3, RemoveAllNoops: iter%4 >= 2})
		if err := l.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		list, edits := naiveClosure(&l)
		cols := int32(l.m + 1)
		cell := func(v int32) int32 { return l.vrow[v]*cols + l.vcol[v] }
		var got [][2]int32
		for _, ki := range l.cl.occ {
			got = append(got, [2]int32{cell(l.cl.keys[ki].from), cell(l.cl.keys[ki].to)})
		}
		if fmt.Sprint(got) != fmt.Sprint(list) {
			t.Fatalf("src %v hyp %v %+v: edge list\n got %v\nwant %v", src, hyp, opt, got, list)
		}
		for _, k := range l.cl.keys {
			if k.removed {
				continue
			}
			want := edits[[2]int32{cell(k.from), cell(k.to)}]
			gotE := naiveEdge{typ: k.typ, dist: k.dist, unch: k.unchanged, firstRight: k.firstRight}
			if gotE != want {
				t.Fatalf("src %v hyp %v %+v: edge %d→%d is %+v, want %+v", src, hyp, opt, k.from, k.to, gotE, want)
			}
		}
	}
}
