package lattice_test

import (
	"testing"

	"maxmatch/benchcases"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
	"maxmatch/membudget"
)

// TestPlanIsTheCheaper checks the plan's prediction on every benchmark family, at a size where
// both exact searches fit in costBudget: the search it plans reserves at most a tenth more than
// the cheaper of the two run alone (each lattice planned to search with the closure first, then
// without it, which may give way to the closure; see lattice.PlanEvery). Reserving is what a
// search does (every byte reserved is written), and what the budget bounds.
func TestPlanIsTheCheaper(t *testing.T) {
	defer lattice.PlanEvery(lattice.SearchNone)
	for _, tc := range []struct {
		family string
		n      int
	}{
		{"unrelated", 28}, {"repeated-clause", 40}, {"many-gold", 320}, {"rewrite", 40},
		{"near-identical", 10_000}, {"near-identical", 100_000}, {"edited", 10_000}, {"unrelated-line", 30},
	} {
		f, ok := benchcases.FamilyByName(tc.family)
		if !ok {
			f, ok = benchcases.LongFamilyByName(tc.family)
		}
		if !ok {
			t.Fatalf("no family %q", tc.family)
		}
		if _, err := benchcases.SharedData("."); err != nil && tc.family == "rewrite" {
			t.Logf("rewrite left out: its paragraphs are CoNLL-2014's (%v)", err)
			continue
		}
		c := f.Case(tc.n, 1)
		var in levenshtein.Interner
		p := benchcases.CasePair(&in, &c)
		var reserved [3]int64
		var searched [3]lattice.Search
		for i, plan := range []lattice.Search{lattice.SearchNone, lattice.SearchClosure, lattice.SearchNoClosure} {
			lattice.PlanEvery(plan)
			var l lattice.Lattice
			if err := l.Build(p.Src, p.Hyp, costOptions(p)); err != nil {
				t.Fatalf("%s-n=%d planned %v: %v", tc.family, tc.n, plan, err)
			}
			for _, g := range p.Gold {
				if _, err := l.BestPath(g); err != nil {
					t.Fatalf("%s-n=%d planned %v: %v", tc.family, tc.n, plan, err)
				}
			}
			cost := l.Cost()
			l.Release()
			reserved[i], searched[i] = cost.Reserved, cost.Search
		}
		if searched[1] != lattice.SearchClosure {
			t.Fatalf("%s-n=%d: the closure alone did not fit (%v)", tc.family, tc.n, searched[1])
		}
		best := min(reserved[1], reserved[2])
		t.Logf("%s-n=%d: planned %v, %s reserved; the closure %s, without it %s (answered by %v)", tc.family, tc.n, searched[0],
			membudget.Bytes(reserved[0]), membudget.Bytes(reserved[1]), membudget.Bytes(reserved[2]), searched[2])
		if reserved[0] > best+best/10 {
			t.Errorf("%s-n=%d: the plan (%v) reserved %d bytes, the cheaper search %d", tc.family, tc.n, searched[0], reserved[0], best)
		}
	}
}
