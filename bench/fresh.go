package main

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
)

// freshRow is one input's command time beyond start-up set against the first touches of the
// fresh memory it used: the command's minor page faults beyond start-up's, times the machine's
// cost of one (Machine.FirstTouch).
type freshRow struct {
	Input     string
	Generated bool    // a generated case, not a CoNLL file
	Command   float64 // median wall time, seconds
	Extra     float64 // Command less the start-up's median
	InProcess float64 // median in-process time of the same work (0 when not measured)
	Pages     float64 // median minor faults less the start-up's
	Touches   float64 // Pages × first-touch cost, seconds
}

// Share is the fraction of the command's time beyond start-up that first touches account for.
func (f freshRow) Share() float64 {
	if !(f.Extra > 0) {
		return math.NaN()
	}
	return f.Touches / f.Extra
}

// freshMemoryRows returns a row per CoNLL system and per family size whose command was measured
// with page faults; none when the start-up's were not, or the first touch's cost was not measured.
func freshMemoryRows(r *Report) []freshRow {
	// The runs that finished: their wall times, and their minor faults where counted.
	medians := func(ss []Sample) (wall, pages Spread) {
		var faults []float64
		for _, s := range ss {
			if s.OK() && s.MinFlt > 0 {
				faults = append(faults, float64(s.MinFlt))
			}
		}
		return spreadOf(walls(ss)), spreadOf(faults)
	}
	startWall, startPages := medians(r.Startup.Ours)
	if startPages.N == 0 || r.Machine.FirstTouch <= 0 {
		return nil
	}
	var out []freshRow
	row := func(input string, generated bool, ours []Sample, inProcess float64) {
		if w, pg := medians(ours); pg.N > 0 {
			pages := max(0, pg.Median-startPages.Median)
			out = append(out, freshRow{Input: input, Generated: generated, Command: w.Median, Extra: w.Median - startWall.Median,
				InProcess: inProcess, Pages: pages, Touches: pages * r.Machine.FirstTouch.Seconds()})
		}
	}
	scored := map[string]float64{}
	for _, f := range r.Floor {
		scored[f.Name] = medianOf(f.Score)
	}
	for _, s := range r.Systems {
		row(s.Name, false, s.Ours, scored[s.Name])
	}
	for _, fam := range r.Families {
		for _, pt := range fam.Points {
			row(fmt.Sprintf("%s n=%d", fam.Name, pt.N), true, pt.Ours, medianOf(pt.InProcess))
		}
	}
	return out
}

// shares returns the shares of the rows whose time beyond start-up is over minExtra: below the
// start-up's own range (its noise), the time beyond it is too small to divide by (a 34 µs
// remainder against 0.4 ms of touches reads as 1,100%).
func shares(rows []freshRow, minExtra float64) []float64 {
	var out []float64
	for _, f := range rows {
		if s := f.Share(); !math.IsNaN(s) && f.Extra > minExtra {
			out = append(out, s)
		}
	}
	return out
}

// pageFit is the least-squares line of the command's time beyond start-up (seconds) on the
// fresh pages beyond the start-up's: Intercept + PerPage × pages.
type pageFit struct {
	Intercept, PerPage, R2 float64
	Points                 int
}

// fitPages fits the rows' time beyond start-up on their fresh pages; ok is false with fewer
// than three rows or no spread in pages.
func fitPages(rows []freshRow) (f pageFit, ok bool) {
	var x, y []float64
	for _, r := range rows {
		x, y = append(x, r.Pages), append(y, r.Extra)
	}
	if len(x) < 3 || stat.Variance(x, nil) == 0 {
		return f, false
	}
	f.Intercept, f.PerPage, f.R2 = fitLine(x, y)
	f.Points = len(x)
	return f, true
}
