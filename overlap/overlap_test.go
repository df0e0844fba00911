package overlap_test

import (
	"fmt"
	"testing"

	"maxmatch/overlap"
)

func TestOf(t *testing.T) {
	ext := func(start, end int, corr ...string) overlap.Extent {
		return overlap.Extent{Start: start, End: end, Corrections: corr}
	}
	for _, c := range []struct {
		why  string
		a, b overlap.Extent
		want float64
	}{
		{"same replacement span", ext(2, 4), ext(2, 4), 1},
		{"replacements sharing one of three positions", ext(2, 4), ext(3, 5), 1.0 / 3},
		{"disjoint replacements", ext(2, 4), ext(4, 6), 0},
		{"insertion strictly inside the replacement a", ext(2, 5), ext(3, 3), 1.0 / 3},
		{"insertion at the replacement's start is not inside it", ext(2, 5), ext(2, 2), 0},
		{"two insertions at one point", ext(3, 3), ext(3, 3), 1},
		{"insertion strictly inside the replacement b", ext(3, 3), ext(2, 5), 1.0 / 3},
		{"insertion at b's end, b's correction ends with it", ext(4, 4, " on "), ext(2, 4, " sat on "), 1.0 / 2},
		{"insertion at b's end, b's correction does not end with it", ext(4, 4, " on "), ext(2, 4, " on sat "), 0},
		{"insertion at b's start, b's correction starts with it", ext(2, 2, " on "), ext(2, 4, " on sat "), 1.0 / 2},
		{"insertion at b's start, only b's second correction starts with it", ext(2, 2, " on "), ext(2, 4, " x ", " on sat "), 1.0 / 2},
		{"insertion without corrections next to b", ext(4, 4), ext(2, 4, " a "), 1.0 / 2},
		{"insertion whose only correction is empty", ext(4, 4, ""), ext(2, 4, " a "), 0},
		{"not symmetric: the replacement does not overlap the insertion at its end", ext(2, 4, " sat on "), ext(4, 4, " on "), 0},
	} {
		if got := overlap.Of(c.a, c.b); got != c.want {
			t.Errorf("%s: Of(%v, %v) = %v, want %v", c.why, c.a, c.b, got, c.want)
		}
	}
}

func ExampleOf() {
	// "sat" → "sat on" seen from the insertion of "on" after it (token offsets).
	ins := overlap.Extent{Start: 2, End: 2, Corrections: []string{" on "}}
	rep := overlap.Extent{Start: 1, End: 2, Corrections: []string{" sat on "}}
	fmt.Println(overlap.Of(ins, rep), overlap.Of(rep, ins))
	// Output: 1 0
}
