package main

import "math"

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

// Comparison sets this run's ratios beside an earlier run's.
type Comparison struct {
	Source   string        // the earlier run's CSV
	Wall     []RatioChange // per system: the median wall ratio official/maxmatch
	CPU      []RatioChange // per system: the median CPU ratio
	Floor    []RatioChange // per system: in-process scoring over the floor
	Total    RatioChange   // the whole corpus: sum of the official's medians over sum of ours
	FloorAll RatioChange   // the whole corpus: sum of scoring over sum of floors
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
	prevSys := map[string]*SystemRun{}
	for i := range prev.Systems {
		prevSys[prev.Systems[i].Name] = &prev.Systems[i]
	}
	for i := range now.Systems {
		s := &now.Systems[i]
		p, ok := prevSys[s.Name]
		if !ok {
			continue
		}
		c.Wall = append(c.Wall, RatioChange{s.Name, p.WallRatio().Median, s.WallRatio().Median})
		c.CPU = append(c.CPU, RatioChange{s.Name, p.CPURatio().Median, s.CPURatio().Median})
	}
	prevFloor := map[string]*FloorRun{}
	for i := range prev.Floor {
		prevFloor[prev.Floor[i].Name] = &prev.Floor[i]
	}
	for i := range now.Floor {
		f := &now.Floor[i]
		if p, ok := prevFloor[f.Name]; ok {
			c.Floor = append(c.Floor, RatioChange{f.Name, p.Ratio().Median, f.Ratio().Median})
		}
	}
	pt, nt := prev.totals(), now.totals()
	c.Total = RatioChange{"all systems", safeDiv(pt.Official, pt.OursPaired), safeDiv(nt.Official, nt.OursPaired)}
	c.FloorAll = RatioChange{"all systems", safeDiv(pt.Score, pt.Floor), safeDiv(nt.Score, nt.Floor)}
	return c
}

func safeDiv(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}
