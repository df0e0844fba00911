package main

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/stat"
)

// Fit is a power law t = C·n^Exponent fitted by least squares on log t against log n.
type Fit struct {
	Exponent float64
	R2       float64 // coefficient of determination, on the log–log data
	Points   int
	MinN     int // the smallest and largest n fitted
	MaxN     int
}

// errTooFewPoints: a fit needs two distinct sizes.
var errTooFewPoints = errors.New("fewer than two distinct sizes to fit")

// fitPowerLaw fits t = C·n^k to the points (n[i], t[i]) whose time was measured (t > 0).
func fitPowerLaw(n []int, t []float64) (Fit, error) {
	var x, y []float64
	f := Fit{MinN: math.MaxInt}
	for i := range n {
		if t[i] > 0 {
			x, y = append(x, math.Log(float64(n[i]))), append(y, math.Log(t[i]))
			f.Points, f.MinN, f.MaxN = f.Points+1, min(f.MinN, n[i]), max(f.MaxN, n[i])
		}
	}
	if f.Points == 0 || f.MinN == f.MaxN {
		return Fit{}, errTooFewPoints
	}
	_, f.Exponent, f.R2 = fitLine(x, y)
	return f, nil
}

// fitLine is the least-squares line y = alpha + beta·x, and its R².
func fitLine(x, y []float64) (alpha, beta, r2 float64) {
	alpha, beta = stat.LinearRegression(x, y, nil, false)
	return alpha, beta, stat.RSquared(x, y, nil, alpha, beta)
}

// FamilyFit is one growth exponent of a family: what was fitted, in full (Label) and in brief
// for the summary (Subject, and Regime: the sizes fitted).
type FamilyFit struct {
	Label, Subject, Regime string
	Quantity               string // its symbol in the report: "t" (time) when empty
	Fit                    Fit
	Err                    error
}

// fitPoints fits t ∝ n^k over the points where t gives a figure (t > 0).
func fitPoints(label, subject, regime string, pts []FamilyPoint, t func(FamilyPoint) float64) FamilyFit {
	n, ts := make([]int, len(pts)), make([]float64, len(pts))
	for i, p := range pts {
		n[i], ts[i] = p.N, t(p)
	}
	f, err := fitPowerLaw(n, ts)
	return FamilyFit{Label: label, Subject: subject, Regime: regime, Fit: f, Err: err}
}

// beyond is a figure less the start-up's, where it is at least twice the start-up's (0
// elsewhere: the start-up would weigh on the fit).
func beyond(figure, startup float64) float64 {
	if figure > 0 && figure >= 2*startup {
		return figure - startup
	}
	return 0
}

// fits returns the growth fits of a family: the official's command time net of its start-up
// (on the sizes where it took at least twice its start-up), and our in-process time per
// sentence, over the sizes scored exactly, those scored by the bounded search, and all sizes.
func (f *FamilyRun) fits(officialStartup float64, officialRun bool) []FamilyFit {
	var out []FamilyFit
	if officialRun {
		out = append(out, fitPoints("official: command time less its start-up, sizes where it is ≥ 2× the start-up", "official time", "", f.Points,
			func(p FamilyPoint) float64 { return beyond(finishedMedian(p.Official), officialStartup) }))
	}
	bounded := 0
	for _, p := range f.Points {
		bounded += btoi(p.Bounded)
	}
	inProcess := func(label, subject, regime string, keep func(FamilyPoint) bool) {
		out = append(out, fitPoints(label, subject, regime, f.Points, func(p FamilyPoint) float64 {
			if !keep(p) {
				return 0
			}
			return medianOf(p.InProcess)
		}))
	}
	inProcess("maxmatch: in-process time per sentence, all sizes", "maxmatch in-process time", ", all", func(FamilyPoint) bool { return true })
	if bounded >= 2 && len(f.Points)-bounded >= 2 {
		inProcess("maxmatch: in-process, sizes scored exactly (closure within budget)", "maxmatch in-process time (exact sizes)", ", exact search",
			func(p FamilyPoint) bool { return !p.Bounded })
		inProcess("maxmatch: in-process, sizes scored by the bounded search", "maxmatch in-process time (bounded sizes)", ", bounded search",
			func(p FamilyPoint) bool { return p.Bounded })
	}
	return out
}

// longFits are a long family's growth fits: the official's and our in-process time (as for
// the generated families), our command's time less its start-up and its peak memory less the
// start-up's, over the sizes where each is at least twice the start-up's.
func (f *FamilyRun) longFits(r *Report) []FamilyFit {
	startWall, startPeak := median(r.Startup.Ours), peakMB(r.Startup.Ours)
	command := fitPoints("maxmatch: command time less its start-up, sizes where it is ≥ 2× the start-up", "maxmatch command time", "", f.Points,
		func(p FamilyPoint) float64 { return beyond(finishedMedian(p.Ours), startWall) })
	mem := fitPoints("maxmatch: command's peak memory less its start-up's, sizes where it is ≥ 2× the start-up's", "maxmatch peak memory", "", f.Points,
		func(p FamilyPoint) float64 {
			if finishedMedian(p.Ours) == 0 || startPeak == 0 {
				return 0
			}
			return beyond(peakMB(p.Ours), startPeak)
		})
	mem.Quantity = "peak"
	return append(f.fits(median(r.Startup.Official), r.Official != ""), command, mem)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
