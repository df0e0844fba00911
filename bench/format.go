package main

import (
	"cmp"
	"fmt"
	"math"
	"strings"
	"text/template"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"maxmatch/internal/wording"
	"maxmatch/membudget"
)

// How the page writes its figures: one table of formatters, the template's functions.

// A scale formats a figure by the first of its steps the figure reaches: the figure times the
// step's factor, in the step's format (the last step takes what reaches none).
type scale []struct {
	least, factor float64
	format        string
}

func (sc scale) format(x float64) string {
	st := sc[len(sc)-1]
	for _, s := range sc {
		if x >= s.least {
			st = s
			break
		}
	}
	return fmt.Sprintf(st.format, x*st.factor)
}

var (
	secondsScale = scale{{100, 1, "%.0f s"}, {10, 1, "%.1f s"}, {1, 1, "%.2f s"}, {1e-3, 1e3, "%.3g ms"}, {math.Inf(-1), 1e6, "%.3g µs"}}
	ratioScale   = scale{{100, 1, "%.0f×"}, {10, 1, "%.1f×"}, {math.Inf(-1), 1, "%.2f×"}}
	tokenScale   = scale{{1e6, 1e-6, "%.3gM"}, {1e3, 1e-3, "%.3gk"}, {math.Inf(-1), 1, "%g"}} // the plots' sizes: 1k, 3.16k, 1M

	counts                  = message.NewPrinter(language.English)
	timeOrDash, ratioOrDash = orDash(fmtSeconds), orDash(fmtRatio)
)

func fmtSeconds(s float64) string { return secondsScale.format(s) }
func fmtRatio(x float64) string   { return ratioScale.format(x) }
func fmtCount(n int) string       { return counts.Sprint(n) } // 600,000,000

// fmtMB formats a figure in megabytes (powers of 1,024) as every byte count is printed
// (membudget.Bytes).
func fmtMB(mb float64) string { return membudget.Bytes(int64(mb * (1 << 20))) }

// orDash is f(x), or "–" for a figure that was not measured (not positive, or infinite).
func orDash(f func(float64) string) func(float64) string {
	return func(x float64) string {
		if !(x > 0) || math.IsInf(x, 0) {
			return "–"
		}
		return f(x)
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

func fmtChange(c RatioChange) string {
	if d := c.Diff(); !math.IsNaN(d) {
		return fmt.Sprintf("%+.0f%%", 100*d)
	}
	return "–"
}

// joinedKind names what lines of g sentences are.
func joinedKind(g int) string {
	switch {
	case g <= 10:
		return "paragraphs"
	case g >= 20:
		return "essays"
	}
	return "groups of sentences"
}

// andList prints 1, 5 and 26.
func andList(ns []int) string { return wording.JoinAnd(strings.Split(joinInts(ns), ",")) }

// officialCell prints the official's times: the spread of finished runs, or "> limit" when a
// run timed out, or "not run".
func officialCell(ss []Sample) string {
	for _, s := range ss {
		switch s.Status {
		case StatusTimeout:
			return "> " + fmtSeconds(s.Wall.Seconds())
		case StatusSkipped:
			return "not run"
		case StatusFailed:
			return "failed"
		}
	}
	return fmtSpread(spreadOf(walls(ss)), fmtSeconds)
}

// speedupCell is the pair-by-pair ratio, or a lower bound when the official timed out.
func speedupCell(ours, official []Sample) string {
	if len(official) > 0 && official[0].Status == StatusTimeout && len(walls(ours)) > 0 {
		return "> " + fmtRatio(official[0].Wall.Seconds()/median(ours))
	}
	return fmtSpread(spreadOf(ratios(ours, official, false)), fmtRatio)
}

// stderrCell is a command's standard error in a table cell: its first line (and how many there
// are), at most 300 bytes, in a code span whose pipes are escaped.
func stderrCell(s string) string {
	s = strings.TrimSpace(s)
	if lines := strings.Split(s, "\n"); len(lines) > 1 {
		s = fmt.Sprintf("%s (%d lines)", lines[0], len(lines))
	}
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	if s == "" {
		return "–"
	}
	return "`" + strings.ReplaceAll(s, "|", "\\|") + "`"
}

// signedTime is a time with a minus sign (not a hyphen) when it is negative.
func signedTime(x float64) string {
	if x < 0 {
		return "−" + fmtSeconds(-x)
	}
	return fmtSeconds(x)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func percent(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*x)
}

func orNone(n int64) string {
	if n <= 0 {
		return "none"
	}
	return membudget.Bytes(n)
}

// sizes counts a fit's sizes, saying "only" of two: a line through two points always fits.
func sizes(n int) string {
	if n == 2 {
		return "2 sizes only"
	}
	return fmt.Sprintf("%d sizes", n)
}

// pageFuncs are the template's: the harness's constants, the figures' formats, and the
// figures of samples.
var pageFuncs = template.FuncMap{
	"regenerate":  func() string { return regenerate },
	"floorTarget": func() float64 { return floorTarget },
	"tolerance":   func() float64 { return agreementTolerance },
	"slotBudget":  func() float64 { return slotBudget.Seconds() },
	"longBudget":  func() float64 { return longSampleBudget.Seconds() },
	"firstTouch":  func() []int { return []int{firstTouchBytes >> 20, firstTouchRounds} },
	"perMiB":      func(s float64) float64 { return s * (1 << 20) / pageSize },
	"time":        fmtSeconds,
	"timeOrDash":  timeOrDash,
	"signedTime":  signedTime,
	"ratio":       fmtRatio,
	"ratioOrDash": ratioOrDash,
	"count":       fmtCount,
	"percent":     percent,
	"bytes":       membudget.Bytes,
	"orNone":      orNone,
	"orDash":      func(s string) string { return cmp.Or(s, "–") },
	"plural":      wording.Plural,
	"capitalize":  capitalize,
	"sizes":       sizes,
	"joinInts":    joinInts,
	"andList":     andList,
	"change":      fmtChange,
	"walls":       walls,
	"cpus":        cpus,
	"allWalls":    allWalls,
	"allCPUs":     allCPUs,
	"durations":   seconds,
	"peak":        func(ss []Sample) string { return fmtMB(peakMB(ss)) },
	"allPeak":     func(ss []Sample) string { return fmtMB(allPeakMB(ss)) },
	"spread":      func(xs []float64) string { return fmtSpread(spreadOf(xs), fmtSeconds) },
	"ratioSpread": func(s Spread) string { return fmtSpread(s, fmtRatio) },
	"median":      func(xs []float64) float64 { return spreadOf(xs).Median },
	"div":         func(a, b float64) float64 { return a / b },
	"add":         func(a, b float64) float64 { return a + b },
	"seconds":     func(d interface{ Seconds() float64 }) float64 { return d.Seconds() },
	"official":    officialCell,
	"speedup":     speedupCell,
	"who":         func(label string) string { who, _, _ := strings.Cut(label, ":"); return who },
	"kind":        joinedKind,
	"join":        strings.Join,
	"list":        func() []string { return nil },
	"append":      func(xs []string, x string) []string { return append(xs, x) },
	"perLine":     func(t joinedTotals) int { return t.SrcTokens / max(1, t.Lines) },
	"search":      FamilyPoint.searchName,
	"work":        func(pt FamilyPoint) string { return cmp.Or(workOf(pt.Metrics), "–") },
	"stderr":      stderrCell,
}
