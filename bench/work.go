package main

import (
	"maxmatch/report"
	"maxmatch/scorer"
)

// searchWork is a case's "search" cell: the search that found its edits and its work in the
// deterministic units of lattice.Cost (those that are not zero), which a timing on a shared
// machine cannot pin — "closure: 499,999 band cells, 100,007 vertices, 250,042 edges, 350,040
// relaxations, 16.8 MB reserved".
func searchWork(r *scorer.SentenceResult) string {
	if work := report.CostText(r.Cost); work != "" {
		return r.Search.String() + ": " + work
	}
	return r.Search.String()
}
