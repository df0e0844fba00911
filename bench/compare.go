package main

import (
	"fmt"
	"math"
	"slices"
)

// RatioChange is one ratio in an earlier run and in this one.
type RatioChange struct {
	Name      string
	Prev, Now float64
}

// Diff is the relative change, now/prev − 1 (NaN when either is missing).
func (c RatioChange) Diff() float64 {
	if !(c.Prev > 0) || !(c.Now > 0) {
		return math.NaN()
	}
	return c.Now/c.Prev - 1
}

// Comparison sets this run's ratios beside an earlier run's (Source, its CSV): per system the
// median wall and CPU ratios official/maxmatch and in-process scoring over the floor; for the
// whole corpus the sums' ratios (Total, FloorAll) and our command's sum in seconds (Ours).
type Comparison struct {
	Source                string
	Wall, CPU, Floor      []RatioChange
	Total, FloorAll, Ours RatioChange
}

// MaxDiff returns the largest |relative change| among changes (NaN entries ignored), and the
// name of that entry.
func MaxDiff(changes []RatioChange) (float64, string) {
	worst, name := 0.0, ""
	for _, c := range changes {
		if d := math.Abs(c.Diff()); d >= worst {
			worst, name = d, c.Name
		}
	}
	return worst, name
}

func compareRuns(prev, now *Report, source string) *Comparison {
	c := &Comparison{Source: source}
	c.Wall = changes(prev.Systems, now.Systems, func(s *SystemRun) (string, float64) { return s.Name, s.WallRatio().Median })
	c.CPU = changes(prev.Systems, now.Systems, func(s *SystemRun) (string, float64) { return s.Name, s.CPURatio().Median })
	c.Floor = changes(prev.Floor, now.Floor, func(f *FloorRun) (string, float64) { return f.Name, f.Ratio().Median })
	// The whole corpus is the files both runs measured: a short run (-systems) is compared
	// with the same files of the earlier run, not with all of them.
	pt, nt := prev.commonWith(now).totals(), now.commonWith(prev).totals()
	c.Total = RatioChange{"all systems", safeDiv(pt.Official, pt.OursPaired), safeDiv(nt.Official, nt.OursPaired)}
	c.FloorAll = RatioChange{"all systems", safeDiv(pt.Score, pt.Floor), safeDiv(nt.Score, nt.Floor)}
	c.Ours = RatioChange{"all systems", pt.Ours, nt.Ours}
	return c
}

// changes sets the ratio of each of now's runs beside that of prev's run of the same name.
func changes[T any](prev, now []T, ratio func(*T) (string, float64)) []RatioChange {
	then := map[string]float64{}
	for i := range prev {
		name, r := ratio(&prev[i])
		then[name] = r
	}
	var out []RatioChange
	for i := range now {
		name, r := ratio(&now[i])
		if p, ok := then[name]; ok {
			out = append(out, RatioChange{name, p, r})
		}
	}
	return out
}

// commonWith returns r with only the systems and floor runs that other has too.
func (r *Report) commonWith(other *Report) *Report {
	return &Report{
		Systems: slices.DeleteFunc(slices.Clone(r.Systems), func(s SystemRun) bool {
			return !slices.ContainsFunc(other.Systems, func(o SystemRun) bool { return o.Name == s.Name })
		}),
		Floor: slices.DeleteFunc(slices.Clone(r.Floor), func(f FloorRun) bool {
			return !slices.ContainsFunc(other.Floor, func(o FloorRun) bool { return o.Name == f.Name })
		}),
	}
}

// safeDiv is a/b, or 0 (a missing ratio, as Diff reads it) when b is 0: never a NaN, which
// benchmarks.json cannot hold.
func safeDiv(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// Rows are the systems' ratios then and now, in this run's order.
func (c *Comparison) Rows() []struct{ Wall, CPU, Floor RatioChange } {
	rows := make([]struct{ Wall, CPU, Floor RatioChange }, len(c.Wall))
	for i, w := range c.Wall {
		rows[i].Wall, rows[i].CPU = w, c.CPU[i]
		if k := slices.IndexFunc(c.Floor, func(f RatioChange) bool { return f.Name == w.Name }); k >= 0 {
			rows[i].Floor = c.Floor[k]
		}
	}
	return rows
}

// agreement is the summary's verdict on the earlier run (page.md.tmpl words it): each kind of
// ratio's largest change per file, the ratios that changed by more than agreementTolerance, and
// how many ratios both runs have.
type agreement struct {
	Largest, Beyond []string
	Compared        int
}

// Agreement sets this run's ratios beside the earlier run's.
func (c *Comparison) Agreement() agreement {
	var a agreement
	for _, g := range []struct {
		what    string
		changes []RatioChange
		whole   bool // the whole corpus's: no largest per file
	}{{"speed-up, wall", c.Wall, false}, {"speed-up, CPU", c.CPU, false}, {"× floor", c.Floor, false},
		{"speed-up", []RatioChange{c.Total}, true}, {"× floor", []RatioChange{c.FloorAll}, true}} {
		if d, name := MaxDiff(g.changes); name != "" && !g.whole {
			a.Largest = append(a.Largest, fmt.Sprintf("%.0f%% (%s, %s)", 100*d, g.what, name))
		}
		for _, ch := range g.changes {
			d := ch.Diff()
			if !math.IsNaN(d) {
				a.Compared++
			}
			if who := g.what + " of " + ch.Name; math.Abs(d) > agreementTolerance {
				if g.whole {
					who = "the whole corpus's " + g.what
				}
				a.Beyond = append(a.Beyond, who+" "+fmtChange(ch))
			}
		}
	}
	return a
}
