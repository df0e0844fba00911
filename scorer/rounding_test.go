package scorer_test

import (
	"testing"

	"maxmatch/scorer"
)

// The expected values below are what the official scorer's Python 2 expressions give for the
// same counts and β (comp_f1, the final (1.0+β·β)·p·r/(β·β·p+r), and the annotator tie-break),
// printed with repr. A multiply and an add fused into one instruction, as the Go compiler does
// on arm64 unless a conversion forbids it, gives a neighbouring float for each of them; so
// these tests fail there on fused code (TestExactnessOnArm64 runs them under arm64).

func TestFBetaRoundsAsTheOfficial(t *testing.T) {
	for _, c := range []struct {
		correct, proposed, gold, beta float64
		want                          float64
	}{
		{1, 1, 15, 0.1, 0.8782608695652174}, // fused: …173
		{4, 8, 29, 0.1, 0.4873341375150785}, // fused: …7837
		{2, 2, 11, 0.3, 0.7290969899665551}, // fused: …553
		{7, 7, 19, 0.3, 0.8760045924225028}, // fused: …031
	} {
		if got := scorer.FBeta(c.correct, c.proposed, c.gold, c.beta); got != c.want {
			t.Errorf("FBeta(%v, %v, %v, β=%v) = %v, want %v (the official's)", c.correct, c.proposed, c.gold, c.beta, got, c.want)
		}
	}
}

func TestPRFRoundsAsTheOfficial(t *testing.T) {
	for _, c := range []struct {
		n     scorer.Counts
		beta  float64
		wantF float64
		fused string
	}{
		{scorer.Counts{Correct: 1, Proposed: 3, Gold: 12}, 0.1, 0.32371794871794873, "…88"},
		{scorer.Counts{Correct: 1, Proposed: 3, Gold: 4}, 0.3, 0.32440476190476186, "…19"},
		{scorer.Counts{Correct: 1, Proposed: 3, Gold: 3}, 0.7, 0.33333333333333337, "1/3"},
		{scorer.Counts{Correct: 1, Proposed: 3, Gold: 9}, 1.5, 0.1397849462365591, "…913"},
		{scorer.Counts{Correct: 1, Proposed: 3, Gold: 3}, 3, 0.33333333333333326, "1/3"},
	} {
		if _, _, f := c.n.PRF(c.beta); f != c.wantF {
			t.Errorf("%+v.PRF(β=%v): F = %v, want %v, the official's (fused: %s)", c.n, c.beta, f, c.wantF, c.fused)
		}
		// --levels computes its F_β by the same rule.
		l := scorer.LevelCounts{Proposed: c.n.Proposed, Gold: c.n.Gold, SystemHits: c.n.Correct, GoldHits: c.n.Correct}
		if _, _, f := l.PRF(c.beta); f != c.wantF {
			t.Errorf("%+v.PRF(β=%v): F = %v, want %v, the official's (fused: %s)", l, c.beta, f, c.wantF, c.fused)
		}
	}
}

func TestChooseRoundsAsTheOfficial(t *testing.T) {
	for _, c := range []struct {
		why    string
		beta   float64
		counts []scorer.Counts
	}{
		{"equal F_β in the official (each β²·gold rounded, then added: 2.13 both); " +
			"fused, the first annotator's denominator is 2.1300000000000003 and the second wins on F_β",
			0.1, []scorer.Counts{{Correct: 1, Proposed: 1, Gold: 113}, {Correct: 1, Proposed: 2, Gold: 13}}},
		{"F_β 0 and nothing correct for both, and equal proposed + β²·gold in the official " +
			"(54.879999999999995 both); fused, the first's sum is 54.88 and the second wins the tie-break",
			0.7, []scorer.Counts{{Correct: 0, Proposed: 49, Gold: 12}, {Correct: 0, Proposed: 0, Gold: 112}}},
	} {
		totals := scorer.Totals{Beta: c.beta}
		if got := totals.ChooseCounts(c.counts); got != 0 {
			t.Errorf("%s: chose annotator %d, want the first (the official's choice)", c.why, got)
		}
	}
}
