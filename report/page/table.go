package page

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"maxmatch/internal/webpage"
	"maxmatch/report"
)

// Chart says what the bar chart beside the summary's first table shows: a bar for each of its
// rows, labelled with the row's first cell, as long as the number in the column whose key
// (report.Column.JSONKey) is Value, with the interval in the column whose key is Interval, if
// any, as whiskers.
type Chart struct {
	Value    string // a column's key; "" draws no chart
	Interval string // a column's key; "": no whiskers
}

// columns returns the indices in t of the chart's columns (-1: none), or why the chart cannot
// be drawn.
func (c Chart) columns(t *report.Table) (value, interval int, err error) {
	value, interval = -1, -1
	if c.Value == "" {
		return -1, -1, nil
	}
	var names []string
	for i, col := range t.Columns {
		if col.JSONOnly {
			continue
		}
		names = append(names, col.JSONKey())
		switch col.JSONKey() {
		case c.Value:
			value = i
		case c.Interval:
			interval = i
		}
	}
	if value < 0 {
		return -1, -1, fmt.Errorf("page: the chart's column %q is not one of the keys of the summary's columns %q", c.Value, names)
	}
	if c.Interval != "" && interval < 0 {
		return -1, -1, fmt.Errorf("page: the chart's interval column %q is not one of the keys of the summary's columns %q", c.Interval, names)
	}
	for i, r := range t.Rows {
		if _, ok := number(report.CellAt(r, value)); !ok {
			return -1, -1, fmt.Errorf("page: the summary's row %d has no number in the chart's column %q", i+1, c.Value)
		}
		if iv := report.CellAt(r, interval); interval >= 0 && iv.Kind != report.KindEmpty && iv.Kind != report.KindInterval && iv.Kind != report.KindEstimate {
			return -1, -1, fmt.Errorf("page: the summary's row %d has no interval in the chart's column %q", i+1, c.Interval)
		}
	}
	return value, interval, nil
}

// number returns a cell's number, if it holds one.
func number(c report.Cell) (float64, bool) {
	switch c.Kind {
	case report.KindFloat, report.KindEstimate:
		return c.Float, true
	case report.KindInt:
		return float64(c.Int), true
	case report.KindUint:
		return float64(c.Uint), true
	}
	return 0, false
}

// writeSummary writes the summary's sections: each one's heading, its table (the first beside
// its chart) with its notes and signature, or its labelled fields.
func writeSummary(ew *errWriter, doc report.Document, chart Chart) {
	first := true
	for _, s := range doc {
		if s.Heading != "" {
			ew.printf("<h3>%s</h3>\n", webpage.Escape(strings.TrimSuffix(s.Heading, ":")))
		}
		if s.Table == nil {
			for _, f := range s.Fields {
				if f.Label != "" {
					ew.printf("<p class=\"note\">%s: %s</p>\n", webpage.Escape(f.Label), webpage.Escape(f.Value.String()))
				}
			}
			continue
		}
		c := Chart{}
		if first {
			c, first = chart, false
		}
		writeTable(ew, s.Table, c)
	}
}

// writeTable writes t as an HTML table, beside its chart if it has one, then its notes and
// signature. The chart's columns were checked (Chart.columns).
func writeTable(ew *errWriter, t *report.Table, chart Chart) {
	cols := t.Shown()
	ew.printf("<div class=\"scores\"><table class=\"summary\">")
	ew.printf("<thead><tr>")
	for _, i := range cols {
		ew.printf("<th%s>%s</th>", numClass(t, i), webpage.Escape(t.Columns[i].Name))
	}
	ew.printf("</tr></thead>\n<tbody>\n")
	row := func(r []report.Cell, class string) {
		ew.printf("<tr%s>", class)
		for k, i := range cols {
			tag := "td"
			if k == 0 {
				tag = "th"
			}
			ew.printf("<%s%s>%s</%s>", tag, numClass(t, i), webpage.Escape(report.CellAt(r, i).String()), tag)
		}
		ew.printf("</tr>\n")
	}
	for _, r := range t.Rows {
		row(r, "")
	}
	if t.Summary != nil {
		row(t.Summary, ` class="total"`)
	}
	ew.printf("</tbody></table>\n")
	if value, interval, _ := chart.columns(t); value >= 0 && len(t.Rows) > 0 {
		writeChart(ew, t, value, interval)
	}
	ew.printf("</div>\n")
	for _, n := range t.Notes {
		ew.printf("<p class=\"note\">%s</p>\n", webpage.Escape(n))
	}
	if t.Signature != "" {
		ew.printf("<p class=\"note\">signature: <code>%s</code></p>\n", webpage.Escape(t.Signature))
	}
}

// numClass is the class attribute of column i: numbers are aligned right, as the table's
// text renderings align them (report.Table.Right).
func numClass(t *report.Table, i int) string {
	if t.Right(i) {
		return ` class="n"`
	}
	return ""
}

// Chart geometry, in SVG user units (CSS pixels).
const (
	chartPlotWidth = 480
	chartBar       = 18 // bar height
	chartGap       = 8  // between bars
	chartTop       = 8  // above the first bar
	chartAxis      = 28 // below the last bar: ticks and their labels
	chartCharWidth = 7  // estimated width of a character of the labels (13px sans-serif)
	chartValueRoom = 56 // right of the plot, for the last value's label
)

// writeChart writes a horizontal bar chart of column col, one bar per row, with the intervals
// of column interval (-1: none) as whiskers, as inline SVG.
func writeChart(ew *errWriter, t *report.Table, col, interval int) {
	type bar struct {
		label, text string
		value       float64
		lo, hi      float64
		whiskers    bool
	}
	bars := make([]bar, len(t.Rows))
	label := 0
	hi := 0.0
	note := ""
	for i, r := range t.Rows {
		c := report.CellAt(r, col)
		v, _ := number(c)
		b := bar{label: report.CellAt(r, 0).String(), text: c.String(), value: v}
		if iv := report.CellAt(r, interval); iv.Kind == report.KindInterval || iv.Kind == report.KindEstimate {
			b.lo, b.hi, b.whiskers = iv.Lo, iv.Hi, true
			hi = max(hi, b.hi)
			note = "; the whiskers are its " + t.Columns[interval].Name
		}
		bars[i] = b
		label = max(label, utf8.RuneCountInString(b.label))
		hi = max(hi, v)
	}
	labelWidth := min(label, 28)*chartCharWidth + 12
	step := niceStep(hi / 5)
	top := step * math.Ceil(hi/step)
	if top <= 0 || math.IsNaN(top) || math.IsInf(top, 0) {
		top, step = 1, 0.2
	}
	// Enough decimals for the step: 0.1 → 1, 0.05 → 2, 2 → 0.
	// (The conversion rounds the logarithm before the subtraction on every architecture.)
	decimals := max(0, int(math.Ceil(-float64(math.Log10(step))-1e-9)))
	x := func(v float64) float64 {
		return float64(labelWidth) + chartPlotWidth*math.Max(0, math.Min(v, top))/top
	}
	height := chartTop + len(bars)*(chartBar+chartGap) + chartAxis
	width := labelWidth + chartPlotWidth + chartValueRoom
	title := webpage.Escape(t.Columns[col].Name + " of each system" + note)
	ew.printf(`<figure class="chart"><svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="chart-title">`, width, height, width, height)
	ew.printf(`<title id="chart-title">%s</title>`, title)
	axisY := chartTop + len(bars)*(chartBar+chartGap)
	for i := 0; float64(i)*step <= top+step/1e6; i++ {
		v := float64(i) * step
		ew.printf(`<line class="grid" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/>`, x(v), x(v), chartTop-4, axisY)
		ew.printf(`<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x(v), axisY+16, strconv.FormatFloat(v, 'f', decimals, 64))
	}
	for i, b := range bars {
		y := chartTop + i*(chartBar+chartGap)
		mid := y + chartBar/2
		ew.printf(`<text class="label" x="%d" y="%d" text-anchor="end" dominant-baseline="central">%s</text>`, labelWidth-8, mid, webpage.Escape(truncate(b.label, 28)))
		ew.printf(`<rect class="bar" x="%d" y="%d" width="%.1f" height="%d"><title>%s: %s</title></rect>`, labelWidth, y, x(b.value)-float64(labelWidth), chartBar, webpage.Escape(b.label), webpage.Escape(b.text))
		end := x(b.value)
		if b.whiskers {
			ew.printf(`<path class="whisker" d="M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d"/>`, x(b.lo), mid-5, mid+5, x(b.lo), mid, x(b.hi), x(b.hi), mid-5, mid+5)
			end = math.Max(end, x(b.hi))
		}
		ew.printf(`<text class="value" x="%.1f" y="%d" dominant-baseline="central">%s</text>`, end+5, mid, webpage.Escape(b.text))
	}
	ew.printf(`<line class="axis" x1="%d" x2="%d" y1="%d" y2="%d"/>`, labelWidth, labelWidth, chartTop-4, axisY)
	ew.printf("</svg><figcaption>%s.</figcaption></figure>\n", title)
}

// niceStep returns 1, 2 or 5 times a power of ten, the smallest not below s.
func niceStep(s float64) float64 {
	if s <= 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		return 0.2
	}
	p := math.Pow(10, math.Floor(math.Log10(s)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= s*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// truncate cuts s to n characters, ending it with "…" when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// errWriter keeps the first write error; later writes do nothing.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

func (e *errWriter) write(s string) {
	if e.err == nil {
		_, e.err = io.WriteString(e.w, s)
	}
}
