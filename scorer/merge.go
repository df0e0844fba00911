package scorer

import "fmt"

// Merge returns the official corpus totals of a system output scored in parts: sentences[i]
// holds the counts of gold sentence i against each of its annotators, in the official's visiting
// order (SentenceResult.Annotators, or the "annotators" of a sentence result in JSON), for every
// gold sentence in gold order, wherever each was scored. The totals, and their Counts and PRF,
// are Score's for the same hypotheses: the official chooses each sentence's annotator by the
// totals of the sentences before it (ChooseCounts, the choice Score makes), so a corpus's counts
// are not the sum of its sentences' counts taken on their own. It costs O(sentences ×
// annotators) and evaluates nothing.
//
// A sentence without counts, or with counts no scoring gives (negative, or more correct edits
// than gold edits), is an error naming it.
func Merge(sentences [][]Counts, beta float64) (Totals, error) {
	t := Totals{Beta: beta}
	for i, counts := range sentences {
		if err := CheckCounts(counts); err != nil {
			return Totals{Beta: beta}, fmt.Errorf("sentence %d: %v", i+1, err)
		}
		t.ChooseCounts(counts)
	}
	return t, nil
}

// CheckCounts says why counts cannot be a scored sentence's annotators' counts, or nil: a
// sentence has at least one annotator, and each annotator's counts are not negative, with no
// more correct edits than gold edits (each gold edit is matched at most once; more correct than
// proposed edits is possible: an edit equal to two gold edits counts twice).
func CheckCounts(counts []Counts) error {
	if len(counts) == 0 {
		return fmt.Errorf("no annotator's counts: every gold sentence has at least one annotator")
	}
	for k, n := range counts {
		if n.Correct < 0 || n.Proposed < 0 || n.Gold < 0 || n.Correct > n.Gold {
			return fmt.Errorf("annotator %d's counts (correct %d, proposed %d, gold %d) are not a scoring's: expected counts of 0 or more, correct at most gold",
				k+1, n.Correct, n.Proposed, n.Gold)
		}
	}
	return nil
}

// ScoredGold returns the gold edits of annotator a that o counts: all of them, except under
// FixWhitespaceCasingGold with IgnoreWhitespaceCasing, which leaves out those whose every
// correction only changes white space or case.
func (o Options) ScoredGold(a *Annotator) []GoldEdit {
	if o.Effective().Has(FixWhitespaceCasingGold) && o.IgnoreWhitespaceCasing {
		return dropWhitespaceCasingGold(a.Edits)
	}
	return a.Edits
}
