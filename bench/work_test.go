package main

import (
	"testing"

	"maxmatch/lattice"
	"maxmatch/scorer"
)

func TestSearchWork(t *testing.T) {
	for _, tc := range []struct {
		r    scorer.SentenceResult
		want string
	}{
		{scorer.SentenceResult{Search: lattice.SearchClosure, Cost: lattice.Cost{BandCells: 34, Vertices: 12, Edges: 57, Relaxations: 69, Reserved: 1 << 20}},
			"closure: 34 band cells, 12 vertices, 57 edges, 69 relaxations, 1.0 MB reserved"},
		{scorer.SentenceResult{Search: lattice.SearchNoClosure, Cost: lattice.Cost{Vertices: 196, StateVisits: 1764, Scanned: 137}},
			"no closure: 196 vertices, 1,764 state visits, 137 pairs scanned"},
		{scorer.SentenceResult{}, "none"},
	} {
		if got := searchWork(&tc.r); got != tc.want {
			t.Errorf("searchWork(%v, %+v) = %q, want %q", tc.r.Search, tc.r.Cost, got, tc.want)
		}
	}
}
