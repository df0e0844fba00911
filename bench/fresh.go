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

func minflts(ss []Sample) []float64 {
	var out []float64
	for _, s := range ss {
		if s.OK() && s.MinFlt > 0 {
			out = append(out, float64(s.MinFlt))
		}
	}
	return out
}

// freshMemoryRows returns a row per CoNLL system and per family size whose command was measured
// with page faults; none when the start-up's were not (a report read back from an older CSV).
func freshMemoryRows(r *Report) []freshRow {
	startWall, startPages := spreadOf(walls(r.Startup.Ours)), spreadOf(minflts(r.Startup.Ours))
	if startWall.N == 0 || startPages.N == 0 {
		return nil
	}
	touch := r.Machine.FirstTouch.Seconds()
	row := func(input string, ours []Sample, inproc float64) (freshRow, bool) {
		w, pg := spreadOf(walls(ours)), spreadOf(minflts(ours))
		if w.N == 0 || pg.N == 0 {
			return freshRow{}, false
		}
		pages := max(0, pg.Median-startPages.Median)
		return freshRow{Input: input, Command: w.Median, Extra: w.Median - startWall.Median,
			InProcess: inproc, Pages: pages, Touches: pages * touch}, true
	}
	scored := map[string]float64{}
	for i := range r.Floor {
		scored[r.Floor[i].Name] = spreadOf(seconds(r.Floor[i].Score)).Median
	}
	var out []freshRow
	for i := range r.Systems {
		s := &r.Systems[i]
		if f, ok := row(s.Name, s.Ours, scored[s.Name]); ok {
			out = append(out, f)
		}
	}
	for i := range r.Families {
		fam := &r.Families[i]
		for _, pt := range fam.Points {
			if f, ok := row(fmt.Sprintf("%s n=%d", fam.Name, pt.N), pt.Ours, spreadOf(seconds(pt.InProcess)).Median); ok {
				f.Generated = true
				out = append(out, f)
			}
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

// writeFreshMemory writes the section that accounts for the command's time beyond in-process.
func writeFreshMemory(p func(string, ...any), r *Report, rows []freshRow) {
	touch := r.Machine.FirstTouch.Seconds()
	p("## The command beyond in-process: fresh memory\n\n")
	p("A command is a fresh process: every page of memory it uses is new to it, and its first touch is a page fault, which the kernel serves by finding and zeroing a page. On this machine one costs %s (the harness times %d MiB of fresh anonymous memory written page by page, %d times, before it measures anything; %s per MiB). The in-process figures repeat the same work in one warm process whose heap is reused, so they pay almost none of it. Below, for each input: our command's median time, less its start-up on the trivial sentence; our in-process time for the same work (CoNLL: `scorer.Score` of the file, one worker; families: the case); the command's minor page faults beyond the start-up's (wait4's ru_minflt, the run of median time); and those faults at the measured cost, as a share of the time beyond start-up.\n\n",
		fmtSeconds(touch), firstTouchBytes>>20, firstTouchRounds, fmtSeconds(touch*(1<<20)/pageSize))
	p("| input | command | less start-up | in-process | fresh pages | their first touches | share |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, f := range rows {
		p("| %s | %s | %s | %s | %.0f | %s | %s |\n", f.Input, fmtSeconds(f.Command), fmtSecondsOrDash(f.Extra),
			fmtSecondsOrDash(f.InProcess), f.Pages, fmtSecondsOrDash(f.Touches), fmtPercent(f.Share()))
	}
	p("\nThe share is an estimate (the faults of the run of median time at the cost measured once, against that run's time); above 100%% it means the touches cost more inside the command than in the probe, or the start-up was slower in its rounds. What remains beyond start-up and touches is the scoring itself, reading and printing.\n\n")
	if f, ok := fitPages(rows); ok {
		p("Least squares over the %d inputs: command time less start-up ≈ %s + %s × fresh pages (R² = %.3f). The slope holds the first touch and the scoring work that grows with the memory it uses (and the Go runtime zeroes whole pages, where the probe writes a byte per page); the probe's figure above is the touch alone. A small intercept says that beyond start-up, the command's time follows its fresh memory.\n\n",
			f.Points, fmtSignedSeconds(f.Intercept), fmtSeconds(f.PerPage), f.R2)
	}
	p("![command time against fresh memory](%s.svg)\n\n", freshFile)
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
	f.Intercept, f.PerPage = stat.LinearRegression(x, y, nil, false)
	f.R2 = stat.RSquared(x, y, nil, f.Intercept, f.PerPage)
	f.Points = len(x)
	return f, true
}

// fmtSignedSeconds is fmtSeconds that keeps a negative sign.
func fmtSignedSeconds(x float64) string {
	if x < 0 {
		return "−" + fmtSeconds(-x)
	}
	return fmtSeconds(x)
}
