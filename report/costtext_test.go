package report

import (
	"testing"

	"maxmatch/lattice"
)

// TestCostText: each unit counted agrees with its count ("1 edge", "2 edges"), and a unit not
// counted is left out (--explain wrote "1 relaxations").
func TestCostText(t *testing.T) {
	for _, c := range []struct {
		cost lattice.Cost
		want string
	}{
		{lattice.Cost{BandCells: 1, Vertices: 1, Edges: 1, Relaxations: 1}, "1 band cell, 1 vertex, 1 edge, 1 relaxation"},
		{lattice.Cost{BandCells: 2, Vertices: 2, Edges: 1234, StateVisits: 1, Scanned: 1, Simulated: 1, Counted: 1, Bounded: 1},
			"2 band cells, 2 vertices, 1,234 edges, 1 state visit, 1 pair scanned, 1 tie relaxation, 1 pair counted, 1 bounded state"},
		{lattice.Cost{StateVisits: 2, Scanned: 2, Simulated: 2, Counted: 2, Bounded: 2},
			"2 state visits, 2 pairs scanned, 2 tie relaxations, 2 pairs counted, 2 bounded states"},
		{lattice.Cost{}, ""},
	} {
		if got := CostText(c.cost); got != c.want {
			t.Errorf("CostText(%+v) = %q, want %q", c.cost, got, c.want)
		}
	}
}
