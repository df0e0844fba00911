package scorer

// Retotal returns the totals of the corpus whose i-th sentence is results[order[i]] (indices
// may repeat, as in a bootstrap resample), choosing every sentence's annotator afresh as Score
// does. The choice depends on the totals of the sentences before, so it must be re-run for
// each order; it needs only each annotator's counts, so Retotal costs O(len(order) ×
// annotators) and evaluates nothing. With order 0, 1, …, n−1 it gives Score's totals.
func Retotal(results []SentenceResult, beta float64, order []int) Totals {
	t := Totals{Beta: beta}
	for _, i := range order {
		r := results[i] // Choose records its choice in r: work on a copy
		t.Choose(&r)
	}
	return t
}
