package report

import (
	"fmt"

	"maxmatch/internal/wording"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// TotalFields are a corpus's figures: the counts (JSON only), P, R and F_β as the official
// scorer prints them, and with counts TP, FP and FN.
func TotalFields(t scorer.Totals, counts bool) Fields {
	p, r, f := t.PRF()
	c := t.Counts()
	fs := Fields{
		{Key: "correct", Value: Int(c.Correct)},
		{Key: "proposed", Value: Int(c.Proposed)},
		{Key: "gold", Value: Int(c.Gold)},
		{Label: "Precision", Key: "p", Value: Float(p, 4)},
		{Label: "Recall", Key: "r", Value: Float(r, 4)},
		// The official writes seven spaces after F_β's name, whatever its width.
		{Label: FBetaLabel(t.Beta) + "       ", Key: "f", Value: Float(f, 4)},
	}
	if counts {
		fs = append(fs,
			Field{Label: "TP", Key: "tp", Value: Int(c.Correct)},
			Field{Label: "FP", Key: "fp", Value: Int(c.Proposed - c.Correct)},
			Field{Label: "FN", Key: "fn", Value: Int(c.Gold - c.Correct)})
	}
	return fs
}

// TypeTable is the table of the chosen annotators' gold edits by error type, with a row over
// all types and the false positives, which only exist over all types.
func TypeTable(b *scorer.TypeBreakdown) *Table {
	t := &Table{
		Columns: []Column{{Name: "type"}, {Name: "gold"}, {Name: "tp"}, {Name: "fn"}, {Name: "recall", Key: "r"}},
		Rows:    [][]Cell{},
		RowsKey: "types", SummaryKey: "all",
	}
	var all scorer.TypeCounts
	row := func(c scorer.TypeCounts) []Cell {
		return []Cell{Text(c.Type), Int(c.Gold), Int(c.Matched), Int(c.Missed()), Float(c.Recall(), 4)}
	}
	for _, c := range b.Types() {
		t.Rows = append(t.Rows, row(c))
		all.Gold += c.Gold
		all.Matched += c.Matched
	}
	all.Type = "(all)"
	t.Summary = row(all)
	t.Notes = []string{fmt.Sprintf("false positives: %d (over all types only: system edits carry no error type)", b.FalsePositives())}
	t.Extra = Fields{
		{Key: "fp", Value: Int(b.FalsePositives())},
		{Key: "note", Value: Text("system edits carry no error type: false positives are counted over all types only")},
	}
	return t
}

// EstimateCell is a bootstrap estimate as a cell.
func EstimateCell(e stats.Estimate) Cell { return Estimate(e.Value, e.Lo, e.Hi, e.StdErr, 4) }

// BootstrapSection is the bootstrap intervals of P, R and F_β: a heading that says how they
// were drawn, and the intervals (their values and standard errors in JSON).
func BootstrapSection(iv stats.Intervals, beta float64) Section {
	return Section{
		Key:     "bootstrap",
		Heading: fmt.Sprintf("%g%% bootstrap intervals (%s of the %s, seed %d):", 100*iv.Level, wording.Plural(iv.Resamples, "resample"), wording.Plural(iv.Sentences, "sentence"), iv.Seed),
		Fields: Fields{
			{Key: "resamples", Value: Int(iv.Resamples)},
			{Key: "seed", Value: Uint(iv.Seed)},
			{Key: "level", Value: Float(iv.Level, 2)},
			{Key: "sentences", Value: Int(iv.Sentences)},
			{Label: "Precision", Key: "p", Value: EstimateCell(iv.P)},
			{Label: "Recall", Key: "r", Value: EstimateCell(iv.R)},
			{Label: FBetaLabel(beta), Key: "f", Value: EstimateCell(iv.F)},
		},
	}
}
