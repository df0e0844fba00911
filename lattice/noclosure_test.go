package lattice

import (
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

var differential = flag.Int("differential", 20000, "random lattices of TestNoClosureSearchIsTheOfficial")

// degenerateCase makes the sentence pairs whose closures are large or whose best paths tie: a
// hypothesis unrelated to its source, a clause repeated, long runs of no-ops with an edit or
// two, and small vocabularies (randomCase); with gold edits drawn from the hypothesis.
func degenerateCase(rng *rand.Rand) (src, hyp []int32, gold []Gold) {
	switch rng.Intn(5) {
	case 0:
		src, hyp, gold = randomCase(rng, 8)
		return
	case 1: // unrelated
		src, hyp = unrelatedCase(rng.Intn(9), rng.Intn(9))
	case 2: // a clause of the source repeated
		src, hyp = repeatedClauseCase(rng, 3)
	case 3: // long runs of no-ops, an edit or two
		n := rng.Intn(14)
		src = make([]int32, n)
		for i := range src {
			src[i] = int32(rng.Intn(3))
		}
		hyp = append([]int32(nil), src...)
		for range 1 + rng.Intn(2) {
			if len(hyp) > 0 {
				switch i := rng.Intn(len(hyp)); rng.Intn(3) {
				case 0:
					hyp[i] = 7
				case 1:
					hyp = slices.Delete(hyp, i, i+1)
				default:
					hyp = slices.Insert(hyp, i, 8)
				}
			}
		}
	default: // two vocabularies that meet rarely
		src, hyp = make([]int32, rng.Intn(9)), make([]int32, rng.Intn(9))
		for i := range src {
			src[i] = int32(rng.Intn(12))
		}
		for i := range hyp {
			hyp[i] = int32(9 + rng.Intn(12))
		}
	}
	gold = randomGold(rng, src, hyp, rng.Intn(5))
	return src, hyp, gold
}

// repeatedClauseCase is a source of at most 9 tokens from a vocabulary of 6, and a hypothesis
// of at most 10 repeating its first clause, of at most maxClause tokens.
func repeatedClauseCase(rng *rand.Rand, maxClause int) (src, hyp []int32) {
	n := 1 + rng.Intn(9)
	src = make([]int32, n)
	for i := range src {
		src[i] = int32(rng.Intn(6))
	}
	clause := 1 + rng.Intn(min(maxClause, n))
	hyp = make([]int32, rng.Intn(11))
	for i := range hyp {
		hyp[i] = src[i%clause]
	}
	return src, hyp
}

// TestNoClosureSearchIsTheOfficial is the differential test of the search without the closure:
// on random lattices, degenerate ones weighted heavily, with every option, BestPath searching
// without the closure first (every lattice, however small; every other one enumerating the
// facts it needs before counting them) must give the path of the exact search on the
// materialised closure. It counts the lattices it was sure of by the relaxed
// search alone (a single best path), by the tie search, and those it left for the closure.
// -differential sets how many.
func TestNoClosureSearchIsTheOfficial(t *testing.T) {
	savedCheap := cheapCount
	planTest = SearchNoClosure
	defer func() { planTest, cheapCount = SearchNone, savedCheap }()
	rng := rand.New(rand.NewSource(23))
	var without, closure Lattice
	var unique, tied, fellBack, total int
	why := map[Reason]int{}
	for iter := 0; iter < *differential; iter++ {
		src, hyp, gold := degenerateCase(rng)
		opt := Options{MaxUnchanged: rng.Intn(4) - 1, FirstRow: FirstRow(rng.Intn(2))}
		opt.EdgesOnce = iter%5 == 4
		opt.RemoveAllNoops = iter%7 == 6
		opt.StrictWalk = iter%11 == 3
		opt.IntegerCosts = iter%13 == 5
		// Every other lattice, the tie search enumerates before counting, as on large ones.
		cheapCount = savedCheap
		if iter%2 == 1 {
			cheapCount = -1
		}
		if err := closure.Build(src, hyp, withClosure(opt)); err != nil {
			t.Fatal(err)
		}
		if err := without.Build(src, hyp, opt); err != nil {
			t.Fatal(err)
		}
		if without.plan != SearchNoClosure {
			t.Fatalf("src %v hyp %v: not searched without the closure", src, hyp)
		}
		// Each annotator's gold edits, a prefix of them, and none.
		for _, g := range [][]Gold{gold, gold[:len(gold)/2], nil} {
			total++
			before := without.plan != SearchNoClosure
			want, err1 := closure.BestPath(g)
			want = slices.Clone(want)
			got, err2 := bestPathNamed(t, &without, g, func() string {
				return fmt.Sprintf("iter %d src %v hyp %v gold %v %+v", iter, src, hyp, g, opt)
			})
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			switch {
			case before || without.plan != SearchNoClosure:
				fellBack++
				if !before {
					why[without.nc.r.why]++
				}
			case without.nc.r.why == ReasonNone:
				unique++
			default:
				tied++
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("iter %d src %v hyp %v gold %v %+v:\n without the closure %v\n  with the closure %v", iter, src, hyp, g, opt, got, want)
			}
		}
	}
	t.Logf("%d lattice searches: %d sure by the relaxed search alone, %d by the tie search, %d left to the closure %v", total, unique, tied, fellBack, why)
}

// TestNoClosureSearchCases are the differential test's disagreements, fixed, each with why.
func TestNoClosureSearchCases(t *testing.T) {
	planTest = SearchNoClosure
	defer func() { planTest = SearchNone }()
	for _, tc := range []struct {
		src, hyp       []int32
		gold           []Gold
		opt            Options
		why            string
		closureOrigins bool // settled without the closure by taking an origin's phrases from it
	}{{
		src: []int32{2, 5, 3, 2, 3, 4, 2, 4}, hyp: []int32{2, 5, 3, 2, 5, 3, 2, 5},
		gold: []Gold{{5, 5, nil, [][]int32{{3, 2}}}, {7, 8, []int32{4}, [][]int32{{}}}, {5, 5, nil, [][]int32{{}}}, {6, 7, []int32{2}, [][]int32{{}}}},
		opt:  Options{MaxUnchanged: 0, StrictWalk: true},
		why:  "u = 0: the closure holds the atomic no-op steps, which no path of at most u no-ops counts; K's upper bound left them out, and the enumeration missed K = 25, whose binade differs from the bound's",
	}, {
		src: []int32{0, 3}, hyp: []int32{0, 3},
		gold: []Gold{{0, 2, []int32{0, 3}, [][]int32{{0, 3}}}, {0, 0, nil, [][]int32{{}}}},
		opt:  Options{MaxUnchanged: 2},
		why:  "a gold edit matches a phrase no-op, which the removal loop may have removed: the relaxed search cannot stand for the closure, and the tie search must not run on its stale values",
	}, {
		src: []int32{1, 1, 3, 1}, hyp: []int32{3, 1, 2, 1, 0},
		opt:            Options{MaxUnchanged: 2},
		why:            "every best path of the relaxed search starts with a phrase from (0, 0) the closure does not hold as it took it: the closure's phrases from (0, 0), taken as explicit edges, leave the official's best paths",
		closureOrigins: true,
	}} {
		var without, closure Lattice
		if err := closure.Build(tc.src, tc.hyp, withClosure(tc.opt)); err != nil {
			t.Fatal(err)
		}
		if err := without.Build(tc.src, tc.hyp, tc.opt); err != nil {
			t.Fatal(err)
		}
		want, _ := closure.BestPath(tc.gold)
		got, _ := without.BestPath(tc.gold)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s:\n without the closure %v\n  with the closure %v", tc.why, got, want)
		}
		if tc.closureOrigins && (without.plan != SearchNoClosure || len(without.nc.r.closureOrigins) == 0) {
			t.Errorf("%s: answered by %v, closure origins %v", tc.why, without.plan, without.nc.r.closureOrigins)
		}
	}
}

// bestPathNamed is l.BestPath, failing the test with the case's name on a panic.
func bestPathNamed(t *testing.T, l *Lattice, gold []Gold, name func() string) ([]Edit, error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("%s: panic %v", name(), p)
		}
	}()
	return l.BestPath(gold)
}
