package main

import (
	"fmt"
	"time"
)

// walls returns the wall times, in seconds, of the samples that finished.
func walls(ss []Sample) []float64 {
	var out []float64
	for _, s := range ss {
		if s.OK() {
			out = append(out, s.Wall.Seconds())
		}
	}
	return out
}

func cpus(ss []Sample) []float64 {
	var out []float64
	for _, s := range ss {
		if s.OK() {
			out = append(out, s.CPU.Seconds())
		}
	}
	return out
}

func peakMB(ss []Sample) float64 {
	var m int64
	for _, s := range ss {
		if s.OK() {
			m = max(m, s.MaxRSS)
		}
	}
	return float64(m) / (1 << 20)
}

func seconds(ds []time.Duration) []float64 {
	out := make([]float64, len(ds))
	for i, d := range ds {
		out[i] = d.Seconds()
	}
	return out
}

// ratios returns, pair by pair, the official's time over ours (wall, or CPU when cpu is set),
// for the rounds where both finished.
func ratios(ours, official []Sample, cpu bool) []float64 {
	var out []float64
	for i := range min(len(ours), len(official)) {
		o, b := ours[i], official[i]
		if !o.OK() || !b.OK() {
			continue
		}
		num, den := b.Wall, o.Wall
		if cpu {
			num, den = b.CPU, o.CPU
		}
		if den > 0 {
			out = append(out, num.Seconds()/den.Seconds())
		}
	}
	return out
}

// WallRatio is the system's speed-up, pair by pair.
func (s *SystemRun) WallRatio() Spread { return spreadOf(ratios(s.Ours, s.Official, false)) }

// CPURatio is the system's CPU-time ratio, pair by pair.
func (s *SystemRun) CPURatio() Spread { return spreadOf(ratios(s.Ours, s.Official, true)) }

// Ratio is the floor run's in-process scoring time over the floor, sample by sample.
func (f *FloorRun) Ratio() Spread {
	var out []float64
	for i := range min(len(f.Floor), len(f.Score)) {
		if f.Floor[i] > 0 {
			out = append(out, f.Score[i].Seconds()/f.Floor[i].Seconds())
		}
	}
	return spreadOf(out)
}

// corpusTotals are sums of per-system medians over the CoNLL systems.
type corpusTotals struct {
	Ours                 float64 // our command, every system
	Official, OursPaired float64 // both commands, over the systems the official finished
	Paired               int     // how many those are
	Floor, Score         float64 // in-process: the floor and our scoring
}

func (r *Report) totals() corpusTotals {
	var t corpusTotals
	for i := range r.Systems {
		s := &r.Systems[i]
		ours := spreadOf(walls(s.Ours)).Median
		t.Ours += ours
		if w := walls(s.Official); len(w) > 0 {
			t.Official += spreadOf(w).Median
			t.OursPaired += ours
			t.Paired++
		}
	}
	for i := range r.Floor {
		t.Floor += spreadOf(seconds(r.Floor[i].Floor)).Median
		t.Score += spreadOf(seconds(r.Floor[i].Score)).Median
	}
	return t
}

// startupMedian is the median wall time of a command on the trivial input (0 if unmeasured).
func startupMedian(ss []Sample) float64 { return spreadOf(walls(ss)).Median }

// FamilyFit is one growth exponent of a family.
type FamilyFit struct {
	Label    string // what was fitted
	Quantity string // its symbol in the report: "t" (time) when empty
	Fit      Fit
	Err      error
}

// fits returns the growth fits of a family: the official's command time net of its start-up
// (on the sizes where it took at least twice its start-up), and our in-process time per
// sentence, over the sizes scored exactly, those scored by the bounded search, and all sizes.
func (f *FamilyRun) fits(officialStartup float64, officialRun bool) []FamilyFit {
	var out []FamilyFit
	if officialRun {
		var n []int
		var t []float64
		for _, p := range f.Points {
			w := walls(p.Official)
			if len(w) == 0 || len(w) < len(p.Official) {
				continue
			}
			if m := spreadOf(w).Median; m >= 2*officialStartup {
				n, t = append(n, p.N), append(t, m-officialStartup)
			}
		}
		out = append(out, fitFamily("official: command time less its start-up, sizes where it is ≥ 2× the start-up", n, t))
	}
	type group struct {
		label string
		keep  func(FamilyPoint) bool
	}
	groups := []group{{"maxmatch: in-process time per sentence, all sizes", func(FamilyPoint) bool { return true }}}
	exact, bounded := 0, 0
	for _, p := range f.Points {
		if p.Bounded {
			bounded++
		} else {
			exact++
		}
	}
	if exact >= 2 && bounded >= 2 {
		groups = append(groups,
			group{"maxmatch: in-process, sizes scored exactly (closure within budget)", func(p FamilyPoint) bool { return !p.Bounded }},
			group{"maxmatch: in-process, sizes scored by the bounded search", func(p FamilyPoint) bool { return p.Bounded }})
	}
	for _, g := range groups {
		var n []int
		var t []float64
		for _, p := range f.Points {
			if g.keep(p) && len(p.InProcess) > 0 {
				n, t = append(n, p.N), append(t, spreadOf(seconds(p.InProcess)).Median)
			}
		}
		out = append(out, fitFamily(g.label, n, t))
	}
	return out
}

// fitFamily fits t ∝ n^k (fitPowerLaw) and labels the fit.
func fitFamily(label string, n []int, t []float64) FamilyFit {
	f, err := fitPowerLaw(n, t)
	return FamilyFit{Label: label, Fit: f, Err: err}
}

func fmtSeconds(s float64) string {
	switch {
	case s >= 100:
		return fmt.Sprintf("%.0f s", s)
	case s >= 10:
		return fmt.Sprintf("%.1f s", s)
	case s >= 1:
		return fmt.Sprintf("%.2f s", s)
	case s >= 1e-3:
		return fmt.Sprintf("%.3g ms", s*1e3)
	default:
		return fmt.Sprintf("%.3g µs", s*1e6)
	}
}

func fmtRatio(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f×", x)
	case x >= 10:
		return fmt.Sprintf("%.1f×", x)
	default:
		return fmt.Sprintf("%.2f×", x)
	}
}

// fmtSpread prints "median (min–max)" with f, or just the median for one value.
func fmtSpread(s Spread, f func(float64) string) string {
	switch s.N {
	case 0:
		return "–"
	case 1:
		return f(s.Median)
	}
	return fmt.Sprintf("%s (%s–%s)", f(s.Median), f(s.Min), f(s.Max))
}
