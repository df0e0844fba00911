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
	kind       Kind
	dist, unch int32
	firstRight bool
}

// naiveClosure is the official algorithm written out as the specification describes it:
// Floyd–Warshall over all vertex triples in sorted order, then the removal loop with its skip.
// It is cubic and shares nothing with closure() but the atomic lattice.
func naiveClosure(l *Lattice) (list [][2]int32, edits map[[2]int32]naiveEdge) {
	var V []int32
	for c := 0; c < l.cells(); c++ {
		if l.isVertex(c) {
			V = append(V, int32(c))
		}
	}
	edits = map[[2]int32]naiveEdge{}
	cols := int32(l.cols)
	for _, a := range V {
		for _, s := range []struct {
			to    int32
			count uint8
			kind  Kind
			right bool
		}{
			{a + 1, l.atomAt(a+1, a%cols < cols-1, 'l'), Ins, true},
			{a + cols, l.atomAt(a+cols, a/cols < int32(l.n), 'u'), Del, false},
			{a + cols + 1, l.atomAt(a+cols+1, a%cols < cols-1 && a/cols < int32(l.n), 'd'), Sub, false},
		} {
			if s.count == 0 {
				continue
			}
			e := naiveEdge{kind: s.kind, dist: 1, firstRight: s.right}
			if s.kind == Sub && l.src[a/cols] == l.hyp[a%cols] {
				e.kind, e.unch = Noop, 1
			}
			edits[[2]int32{a, s.to}] = e
			for range s.count {
				list = append(list, [2]int32{a, s.to})
			}
		}
	}
	u := int32(l.opt.MaxUnchanged)
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
				m := naiveEdge{kind: merge(eik.kind, ekj.kind), dist: d, unch: eik.unch + ekj.unch, firstRight: eik.firstRight}
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
		if ed.kind == Noop && ed.dist > 1 {
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

func (l *Lattice) atomAt(c int32, inside bool, d byte) uint8 {
	if !inside || int(c) >= len(l.atom) {
		return 0
	}
	switch d {
	case 'l':
		return l.atomInto(c, levenshtein.Left)
	case 'u':
		return l.atomInto(c, levenshtein.Up)
	}
	return l.atomInto(c, levenshtein.Diag)
}

// TestClosureMatchesNaiveFloydWarshall checks the edge list (order and multiplicity) and every
// edge's edit against the cubic algorithm of the specification.
func TestClosureMatchesNaiveFloydWarshall(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var l Lattice
	for iter := 0; iter < 2000; iter++ {
		src, hyp, _ := randomCase(rng, 7)
		opt := Options{MaxUnchanged: rng.Intn(4), MaxEdges: -1, EdgesOnce: iter%4 == 3, RemoveAllNoops: iter%4 >= 2}
		l.Build(src, hyp, opt)
		list, edits := naiveClosure(&l)
		var got [][2]int32
		for _, ki := range l.occ {
			got = append(got, [2]int32{l.vert[l.keys[ki].from], l.vert[l.keys[ki].to]})
		}
		if fmt.Sprint(got) != fmt.Sprint(list) {
			t.Fatalf("src %v hyp %v %+v: edge list\n got %v\nwant %v", src, hyp, opt, got, list)
		}
		for _, k := range l.keys {
			if k.removed {
				continue
			}
			want := edits[[2]int32{l.vert[k.from], l.vert[k.to]}]
			gotE := naiveEdge{kind: k.kind, dist: k.dist, unch: k.unchanged, firstRight: k.firstRight}
			if gotE != want {
				t.Fatalf("src %v hyp %v %+v: edge %d→%d is %+v, want %+v", src, hyp, opt, k.from, k.to, gotE, want)
			}
		}
	}
}
