package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"maxmatch/membudget"
)

// How the page writes its figures.

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

func fmtSecondsOrDash(x float64) string {
	if !(x > 0) {
		return "–"
	}
	return fmtSeconds(x)
}

// fmtSignedSeconds is fmtSeconds that keeps a negative sign.
func fmtSignedSeconds(x float64) string {
	if x < 0 {
		return "−" + fmtSeconds(-x)
	}
	return fmtSeconds(x)
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

func fmtRatioOrDash(x float64) string {
	if !(x > 0) || math.IsInf(x, 0) {
		return "–"
	}
	return fmtRatio(x)
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

// fmtMB formats a figure in megabytes (powers of 1,024) as every byte count is printed
// (membudget.Bytes).
func fmtMB(mb float64) string { return membudget.Bytes(int64(mb * (1 << 20))) }

func orNone(n int64) string {
	if n <= 0 {
		return "none"
	}
	return membudget.Bytes(n)
}

// fmtCount prints a count with groups of three digits: 600,000,000.
func fmtCount(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func joinCounts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmtCount(n)
	}
	return strings.Join(s, ", ")
}

// andList prints 1, 5 and 26.
func andList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func fmtPercent(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*x)
}

func fmtChange(c RatioChange) string {
	d := c.Diff()
	if math.IsNaN(d) {
		return "–"
	}
	return fmt.Sprintf("%+.0f%%", 100*d)
}

// fmtExponent prints a fit's exponent, or "–" without one.
func fmtExponent(f FamilyFit) string {
	if f.Err != nil {
		return "–"
	}
	return fmt.Sprintf("%.2f", f.Fit.Exponent)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// codeSpan puts s in a Markdown code span, its pipes escaped for a table cell.
func codeSpan(s string) string {
	if s == "" {
		return ""
	}
	return "`" + strings.ReplaceAll(s, "|", "\\|") + "`"
}

// sizesPhrase is "3 sizes", with a warning when two points make the fit (a line through two
// points always fits perfectly).
func sizesPhrase(n int) string {
	if n == 2 {
		return "2 sizes only"
	}
	return fmt.Sprintf("%d sizes", n)
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

// officialCell prints the official's times: the spread of finished runs, or "> limit" when a
// run timed out, or "not run".
func officialCell(ss []Sample) string {
	if len(ss) == 0 {
		return "–"
	}
	for _, s := range ss {
		switch s.Status {
		case StatusTimeout:
			return fmt.Sprintf("> %s", fmtSeconds(s.Wall.Seconds()))
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
