package main

import (
	"math"
	"testing"
	"time"
)

func TestRatiosArePairByPair(t *testing.T) {
	r := syntheticReport()
	got := r.Systems[0].WallRatio()
	// Pairs: 100/1, 100/2, 100/4.
	if want := (Spread{Median: 50, Min: 25, Max: 100, N: 3}); got != want {
		t.Errorf("wall ratio %+v, want %+v", got, want)
	}
	// A round where either side did not finish has no ratio.
	s := SystemRun{Measured: Measured{Ours: []Sample{ok(1, 1, 1), ok(1, 1, 1)}, Official: []Sample{ok(10, 10, 1), {Wall: sec(60), Status: StatusTimeout}}}}
	if got := s.WallRatio(); got.N != 1 || got.Median != 10 {
		t.Errorf("with a time-out: %+v, want the one finished pair, 10", got)
	}
	if got := r.Floor[0].Ratio(); got.Median != 3 || got.Min != 2 || got.Max != 4 {
		t.Errorf("floor ratio %+v, want median 3 (pairs 3, 2, 4)", got)
	}
}

func TestFamilyFits(t *testing.T) {
	r := syntheticReport()
	fits := r.Families[0].fits(median(r.Startup.Official), true)
	// The official: n = 2 takes about its start-up (left out), n = 40 timed out, n = 80 was not
	// run; n = 10 and 20 remain, and their time less the start-up is exactly 1e-6·n^6.
	off := fits[0]
	if off.Err != nil || off.Fit.Points != 2 || off.Fit.MinN != 10 || off.Fit.MaxN != 20 || math.Abs(off.Fit.Exponent-6) > 1e-6 {
		t.Errorf("official fit %+v (%v), want exponent 6 on sizes 10–20", off.Fit, off.Err)
	}
	// Ours: in-process n^4 everywhere; one bounded size only, so no separate regimes.
	if len(fits) != 2 {
		t.Fatalf("%d fits, want 2 (official, ours over all sizes)", len(fits))
	}
	if f := fits[1].Fit; math.Abs(f.Exponent-4) > 1e-6 || f.Points != 5 {
		t.Errorf("our fit %+v, want exponent 4 over 5 sizes", f)
	}
}

func TestJoinedGrowth(t *testing.T) {
	r := scaleReport()
	per, all := r.joinedGrowth()
	if len(per) != 2 || per[0].Name != "AAA" {
		t.Fatalf("%d files, want AAA and BBB", len(per))
	}
	// In-process: 12 ms · g^0.5 for AAA at g = 5, 25, and the floor's 12 ms at g = 1.
	if f := per[0].InProcFit; f.Err != nil || math.Abs(f.Fit.Exponent-0.5) > 1e-9 || f.Fit.Points != 3 {
		t.Errorf("AAA in-process fit %+v %v, want 0.5 over 3 groups", f.Fit, f.Err)
	}
	// The official: 100 s at g = 1 (the sentence-level run), 500 s at 5; failed at 25.
	if f := per[0].OfficialFit; f.Err != nil || math.Abs(f.Fit.Exponent-1) > 1e-9 || f.Fit.Points != 2 {
		t.Errorf("AAA official fit %+v %v, want 1 over g = 1 and 5", f.Fit, f.Err)
	}
	if all.Files != 2 || math.Abs(all.InProcess[2]-0.028*5) > 1e-9 || math.Abs(all.InProcFit.Fit.Exponent-0.5) > 1e-9 {
		t.Errorf("sums %v over %d files, fit %+v", all.InProcess, all.Files, all.InProcFit.Fit)
	}
	// A file without its sentence-level run is fitted on what it has, but left out of the sums.
	r.Floor = r.Floor[:1]
	per, all = r.joinedGrowth()
	if f := per[1].InProcFit; f.Err != nil || f.Fit.Points != 2 {
		t.Errorf("BBB without its floor: %+v %v, want a fit over g = 5 and 25", f.Fit, f.Err)
	}
	if all.Files != 1 || math.Abs(all.InProcess[0]-0.012) > 1e-9 {
		t.Errorf("sums %v over %d files, want AAA's alone", all.InProcess, all.Files)
	}
}

func TestFreshMemoryRows(t *testing.T) {
	r := syntheticReport()
	r.Machine.FirstTouch = time.Millisecond
	for i := range r.Startup.Ours {
		r.Startup.Ours[i].MinFlt = 300
	}
	for i := range r.Systems[0].Ours {
		r.Systems[0].Ours[i].MinFlt = 1300
	}
	rows := freshMemoryRows(r)
	// AAA only: BBB's and the family's samples carry no page faults.
	if len(rows) != 1 || rows[0].Input != "AAA" {
		t.Fatalf("rows %+v, want AAA's only", rows)
	}
	// 1,000 fresh pages at 1 ms are 1 s of the 2 s − 2 ms beyond start-up.
	if f := rows[0]; f.Pages != 1000 || math.Abs(f.Touches-1) > 1e-9 || math.Abs(f.Share()-1/1.998) > 1e-9 || f.InProcess != 0.012 {
		t.Errorf("row %+v, share %v", f, f.Share())
	}
	// Without the probe's figure there are no rows, and so no section.
	r.Machine.FirstTouch = 0
	if rows := freshMemoryRows(r); len(rows) != 0 {
		t.Errorf("rows %+v without the first touch's cost", rows)
	}
}

func TestSharesSkipStartupNoise(t *testing.T) {
	rows := []freshRow{
		{Input: "long", Extra: 0.020, Touches: 0.015},   // 75%
		{Input: "noise", Extra: 0.0001, Touches: 0.001}, // 1000%, but 0.1 ms is within start-up's range
		{Input: "none", Extra: 0, Touches: 0.001},       // no time beyond start-up: no share at all
	}
	if got := shares(rows, 0.0015); len(got) != 1 || math.Abs(got[0]-0.75) > 1e-9 {
		t.Errorf("shares over a 1.5 ms start-up range = %v, want [0.75] (the long input only)", got)
	}
	if got := shares(rows, 0); len(got) != 2 {
		t.Errorf("shares with no start-up range = %v, want the two inputs with time beyond start-up", got)
	}
}

func TestFitPages(t *testing.T) {
	var rows []freshRow
	for _, pages := range []float64{0, 1000, 2500, 6000} {
		rows = append(rows, freshRow{Pages: pages, Extra: 0.001 + 10e-6*pages})
	}
	f, ok := fitPages(rows)
	if !ok || math.Abs(f.Intercept-0.001) > 1e-12 || math.Abs(f.PerPage-10e-6) > 1e-12 || math.Abs(f.R2-1) > 1e-9 || f.Points != 4 {
		t.Errorf("fit %+v (%v), want 1 ms + 10 µs per page, R² = 1, 4 points", f, ok)
	}
	if _, ok := fitPages(rows[:2]); ok {
		t.Error("a line fitted through two points")
	}
}

func TestFirstTouchIsMeasured(t *testing.T) {
	if d := firstTouch(4<<20, 1); d <= 0 || d > 10*time.Millisecond {
		t.Errorf("first touch of a page: %v, want a positive time well under 10 ms", d)
	}
}

func TestFmtCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 4_000_000: "4,000,000", 600_000_000: "600,000,000"} {
		if got := fmtCount(n); got != want {
			t.Errorf("fmtCount(%d) = %q, want %q", n, got, want)
		}
	}
}
