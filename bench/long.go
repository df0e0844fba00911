package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"maxmatch/bench/cases"
	"maxmatch/bench/internal/proc"
	"maxmatch/scorer"
)

// Long lines: paragraphs and documents on one line (bench/cases.LongFamilies), 10³ to 10⁶
// tokens, where the scorer's memory, not the official's closure, is what grows.

// LongPoint is one size of a long-line family.
type LongPoint struct {
	FamilyPoint
	BandCells     int    // the Levenshtein band's cells (in-process)
	OursError     string // why maxmatch refused the line (its message), "" when it scored it
	OfficialError string // why the official failed (the last line of its stderr)
}

// LongRun is one long-line family over its sizes.
type LongRun struct {
	Name, Description string
	Points            []LongPoint
	Capped            []int // sizes over the family's -long-max, not run
	Max               int   // that cap (0: none)
}

// family returns the run as a generated family, for the fits and plots they share.
func (l *LongRun) family() *FamilyRun {
	f := &FamilyRun{Name: l.Name, Description: l.Description}
	for _, p := range l.Points {
		f.Points = append(f.Points, p.FamilyPoint)
	}
	return f
}

// longSampleBudget bounds the in-process samples of one long line: at least three samples,
// more while they take less than this in all (cfg.Samples at most).
const longSampleBudget = 20 * time.Second

// longHeapLimit is the harness's soft heap limit while it scores a long line in-process.
const longHeapLimit = 3 << 30

// prepareLong writes each selected long family's lines into dir and measures them in-process.
func prepareLong(cfg *Config, dir string) ([]LongRun, [][]caseFiles, error) {
	var runs []LongRun
	var files [][]caseFiles
	for _, fam := range cfg.LongFamilies {
		sizes, capped := longSizes(cfg, fam.Name)
		lr := LongRun{Name: fam.Name, Description: fam.Description, Capped: capped, Max: cfg.LongMax[fam.Name]}
		points, ff, err := prepareSizes(fam, sizes, dir, func(c *cases.Case) (LongPoint, error) { return measureLongInProcess(c, cfg) })
		if err != nil {
			return nil, nil, err
		}
		lr.Points = points
		runs = append(runs, lr)
		files = append(files, ff)
	}
	return runs, files, nil
}

// measureLongInProcess scores the line once (scorer.Score, default options, one worker) for
// its figures, then times it: a line the budget refuses is a result, not an error. A long line
// holds up to a few GB while it is scored (the edited line of 10⁵ tokens: 1.3 GB): the harness's
// heap is softly limited to longHeapLimit.
func measureLongInProcess(c *cases.Case, cfg *Config) (LongPoint, error) {
	pt := LongPoint{FamilyPoint: FamilyPoint{N: len(c.Source), HypTokens: len(c.Hypothesis)}}
	var err error
	pt.InProcess, err = scoreCase(c, cfg, longHeapLimit, func(r *scorer.SentenceResult) {
		pt.describe(r)
		pt.BandCells = r.Cost.BandCells
	})
	var tooLarge *scorer.TooLargeError
	if errors.As(err, &tooLarge) {
		pt.OursError = err.Error()
		return pt, nil
	}
	return pt, err
}

// sampleCount is the number of in-process samples of a case whose one run took first:
// cfg.Samples, fewer when they would take more than longSampleBudget in all, at least three.
func sampleCount(cfg *Config, first time.Duration) int {
	return min(cfg.Samples, max(3, int(longSampleBudget/max(first, time.Nanosecond))))
}

// longRound runs round r of the long lines: our command on every size, the official as on the
// generated families, under its address-space limit. Our command's refusal of a line, and the
// official's failure, are results, with their reasons.
func longRound(cfg *Config, r int, runs []LongRun, files [][]caseFiles) error {
	for i := range runs {
		lr := &runs[i]
		points := make([]*FamilyPoint, len(lr.Points))
		for k := range lr.Points {
			points[k] = &lr.Points[k].FamilyPoint
		}
		err := sizesRound(cfg, r, lr.Name, points, files[i], officialLimitedArgv, func(k int, ours proc.Result, official *proc.Result) error {
			pt := &lr.Points[k]
			if !ours.Sample.OK() && pt.OursError == "" {
				pt.OursError = failureReason(ours)
			}
			if r == 0 && official != nil {
				pt.OfficialError = failureReason(*official)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// longFits are a long family's growth fits: the official's and our in-process time (as for
// the generated families), our command's time less its start-up and its peak memory less the
// start-up's, over the sizes where each is at least twice the start-up's.
func (l *LongRun) longFits(r *Report) []FamilyFit {
	startWall := startupMedian(r.Startup.Ours)
	startPeak := peakMB(r.Startup.Ours)
	fits := l.family().fits(startupMedian(r.Startup.Official), r.Official != "")
	var nt, nm []int
	var t, m []float64
	for _, p := range l.Points {
		if w := walls(p.Ours); len(w) > 0 && len(w) == len(p.Ours) {
			if med := spreadOf(w).Median; med >= 2*startWall {
				nt, t = append(nt, p.N), append(t, med-startWall)
			}
			if pk := peakMB(p.Ours); pk >= 2*startPeak && startPeak > 0 {
				nm, m = append(nm, p.N), append(m, pk-startPeak)
			}
		}
	}
	mem := fitFamily("maxmatch: command's peak memory less its start-up's, sizes where it is ≥ 2× the start-up's", nm, m)
	mem.Quantity = "peak"
	return append(fits,
		fitFamily("maxmatch: command time less its start-up, sizes where it is ≥ 2× the start-up", nt, t),
		mem)
}

// exactUpTo returns the largest size scored exactly, and whether every size run was.
func (l *LongRun) exactUpTo() (int, bool) {
	largest, all := 0, true
	for _, p := range l.Points {
		if p.Bounded || p.OursError != "" || len(p.InProcess) == 0 {
			all = false
			continue
		}
		largest = max(largest, p.N)
	}
	return largest, all
}

// longSummary is the summary's lines on the long lines.
func longSummary(p func(string, ...any), r *Report) {
	for i := range r.Long {
		l := &r.Long[i]
		if len(l.Points) == 0 {
			continue
		}
		var parts []string
		if upTo, all := l.exactUpTo(); all {
			parts = append(parts, fmt.Sprintf("scored exactly at every size run (%s–%s tokens)", fmtCount(l.Points[0].N), fmtCount(upTo)))
		} else if upTo > 0 {
			parts = append(parts, fmt.Sprintf("scored exactly up to %s tokens", fmtCount(upTo)))
		}
		for _, ff := range l.longFits(r) {
			if ff.Err == nil {
				who, what := fitSubject(ff.Label)
				parts = append(parts, fmt.Sprintf("%s %s ∝ n^%.2f (%s, %s–%s tokens)", who, what, ff.Fit.Exponent, sizesPhrase(ff.Fit.Points), fmtCount(ff.Fit.MinN), fmtCount(ff.Fit.MaxN)))
			}
		}
		if off := officialFinished(l); off > 0 {
			parts = append(parts, fmt.Sprintf("the official finished up to %s tokens", fmtCount(off)))
		}
		p("- **Long lines, %s**: %s.\n", l.Name, strings.Join(parts, "; "))
	}
}

// fitSubject names what a fit label measures, briefly: ("maxmatch", "in-process time").
func fitSubject(label string) (who, what string) {
	switch {
	case strings.HasPrefix(label, "official"):
		return "official", "time"
	case strings.Contains(label, "peak memory"):
		return "maxmatch", "peak memory"
	case strings.Contains(label, "command time"):
		return "maxmatch", "command time"
	case strings.Contains(label, "exactly"):
		return "maxmatch", "in-process time (exact sizes)"
	case strings.Contains(label, "bounded"):
		return "maxmatch", "in-process time (bounded sizes)"
	}
	return "maxmatch", "in-process time"
}

// officialFinished is the largest size on which the official finished, 0 if none.
func officialFinished(l *LongRun) int {
	largest := 0
	for _, p := range l.Points {
		if finishedMedian(p.Official) > 0 {
			largest = max(largest, p.N)
		}
	}
	return largest
}

// writeLong writes the section of the long lines.
func writeLong(p func(string, ...any), r *Report) {
	officialRun := r.Official != ""
	p("## Long lines: paragraphs and documents on one line\n\n")
	p("One line per case (`bench/cases.LongFamilies`), sizes in source tokens, scored by our command with its default flags (the memory budget `--max-memory` decides between the exact and the bounded search). The commands are timed as above; peak memory is the largest resident set over the rounds. In-process: `scorer.Score`, one worker, the median of %d samples, or of as many as take about %s in all (at least 3) on a line whose scoring takes long; the band and vertex figures are its own.", r.Samples, fmtSeconds(longSampleBudget.Seconds()))
	if officialRun {
		p(" The official scorer runs with a limit of %s per case and an address-space limit of %s (`prlimit --as`): its full Levenshtein matrices take 1.2 GB at 1,000 tokens; once a size does not finish, the larger ones are not run.", fmtSeconds(r.Timeout.Seconds()), orNone(r.OfficialAS))
	}
	p("\n\n")
	for i := range r.Long {
		l := &r.Long[i]
		p("### %s\n\n%s.\n\n", l.Name, capitalize(l.Description))
		if officialRun {
			p("| n | hyp tokens | band cells | lattice vertices | search | official | official peak | maxmatch command | maxmatch peak | in-process | same scores |\n")
			p("| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
		} else {
			p("| n | hyp tokens | band cells | lattice vertices | search | maxmatch command | maxmatch peak | in-process |\n")
			p("| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |\n")
		}
		for _, pt := range l.Points {
			search := pt.Work
			switch {
			case pt.OursError != "":
				search = "refused"
			case search == "" && pt.Bounded:
				search = "bounded"
			case search == "":
				search = "exact"
			}
			ours := fmt.Sprintf("%s | %s | %s", fmtSpread(spreadOf(walls(pt.Ours)), fmtSeconds), fmtMB(peakMB(pt.Ours)), fmtSpread(spreadOf(seconds(pt.InProcess)), fmtSeconds))
			if pt.OursError != "" {
				ours = fmt.Sprintf("refused (%s) | %s | –", fmtSpread(spreadOf(failedWalls(pt.Ours)), fmtSeconds), fmtMB(maxRSSMB(pt.Ours)))
			}
			head := fmt.Sprintf("| %s | %s | %s | %s | %s |", fmtCount(pt.N), fmtCount(pt.HypTokens), fmtCount(pt.BandCells), fmtCount(pt.Vertices), search)
			if !officialRun {
				p("%s %s |\n", head, ours)
				continue
			}
			off, peak := officialCell(pt.Official), "–"
			if pt.OfficialError != "" {
				off = "failed: " + pt.OfficialError
			}
			if len(pt.Official) > 0 && pt.Official[0].Status != StatusSkipped {
				peak = fmtMB(maxRSSMB(pt.Official))
			}
			p("%s %s | %s | %s | %s |\n", head, off, peak, ours, orDash(pt.Same))
		}
		if len(l.Capped) > 0 {
			p("\nNot run: n = %s, over this family's cap (`-long-max %s=%d`).\n", joinCounts(l.Capped), l.Name, l.Max)
		}
		for _, pt := range l.Points {
			if pt.OursError != "" {
				p("\nn = %s, maxmatch: `%s`\n", fmtCount(pt.N), pt.OursError)
			}
		}
		p("\nGrowth, least squares on log time (or memory) against log n:\n\n")
		writeFits(p, l.longFits(r))
	}
	p("![time and peak memory against line length](%s.svg)\n\n", longFile)
}

// failedWalls are the wall times of every run, finished or not (a refusal's time).
func failedWalls(ss []Sample) []float64 {
	var out []float64
	for _, s := range ss {
		out = append(out, s.Wall.Seconds())
	}
	return out
}

// maxRSSMB is the largest peak memory of the runs, finished or not.
func maxRSSMB(ss []Sample) float64 {
	var m int64
	for _, s := range ss {
		m = max(m, s.MaxRSS)
	}
	return float64(m) / (1 << 20)
}

func joinCounts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmtCount(n)
	}
	return strings.Join(s, ", ")
}
