package report

import (
	"fmt"

	"maxmatch/internal/wording"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// A ComparedSystem is a system of a paired comparison: its name ("" when it has none but its
// file's), its file and its totals.
type ComparedSystem struct {
	Name, File string
	Totals     scorer.Totals
}

// CompareFields is the outcome of a paired bootstrap test of two systems on one gold file: both
// scores, the difference of F_β with its interval, how often each system wins, the p-value,
// and the signature of the figures.
func CompareFields(gold string, beta float64, systems [2]ComparedSystem, res stats.Paired, signature string) Fields {
	label := FBetaLabel(beta)
	fs := Fields{
		{Label: "Gold", Value: Text(fmt.Sprintf("%s (%s)", gold, wording.Plural(res.Sentences, "sentence")))},
		{Key: "gold", Value: Text(gold)},
		{Key: "sentences", Value: Int(res.Sentences)},
		{Key: "beta", Value: Float(beta, 1)},
	}
	var objects []Cell
	for i, s := range systems {
		p, r, f := s.Totals.PRF()
		c := s.Totals.Counts()
		scores := Object(Fields{{Label: "Precision", Value: Float(p, 4)}, {Label: "Recall", Value: Float(r, 4)}, {Label: label, Value: Float(f, 4)}})
		shown := s.File
		var name Fields
		if s.Name != "" {
			shown = s.Name + " (" + s.File + ")"
			name = Fields{{Key: "name", Value: Text(s.Name)}}
		}
		fs = append(fs, Field{Label: fmt.Sprintf("System %c", 'A'+i), Value: Text(shown + "\n" + scores.String())})
		objects = append(objects, Object(append(name, Fields{
			{Key: "file", Value: Text(s.File)},
			{Key: "correct", Value: Int(c.Correct)}, {Key: "proposed", Value: Int(c.Proposed)}, {Key: "gold", Value: Int(c.Gold)},
			{Key: "p", Value: Float(p, 4)}, {Key: "r", Value: Float(r, 4)}, {Key: "f", Value: Float(f, 4)},
		}...)))
	}
	return append(fs,
		Field{Key: "systems", Value: List(objects...)},
		Field{Label: "Difference", Value: Text(fmt.Sprintf("%s(A) − %s(B) = %.4f, %g%% interval [%.4f, %.4f]",
			label, label, res.Diff.Value, 100*res.Level, res.Diff.Lo, res.Diff.Hi))},
		Field{Key: "diff", Value: EstimateCell(res.Diff)},
		Field{Label: "Resamples", Value: Text(fmt.Sprintf("%d, seed %d: A better in %d, B better in %d, tied in %d",
			res.Resamples, res.Seed, res.ABetter, res.BBetter, res.Resamples-res.ABetter-res.BBetter))},
		Field{Label: "p-value", Value: Text(fmt.Sprintf("%.4f (two-sided paired bootstrap)", res.P))},
		Field{Key: "p_value", Value: PValue(res.P)},
		Field{Key: "a_better", Value: Int(res.ABetter)},
		Field{Key: "b_better", Value: Int(res.BBetter)},
		Field{Key: "resamples", Value: Int(res.Resamples)},
		Field{Key: "seed", Value: Uint(res.Seed)},
		Field{Key: "level", Value: Float(res.Level, 2)},
		Field{Label: "Signature", Key: "signature", Value: Text(signature)},
	)
}
