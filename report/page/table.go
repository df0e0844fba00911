package page

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"unicode/utf8"
)

// Table is the summary at the top of the page, as data: named columns and rows of cells (one
// row per system, as the command prints it), notes under it, and the column the bar chart
// shows.
type Table struct {
	Caption string
	Columns []string
	Rows    [][]Cell
	Notes   []string // lines under the table: how intervals and p-values were computed, …
	// Chart names the column whose numbers the bar chart shows (F_β, say): one bar per row,
	// labelled with the row's first cell, with the cell's interval, if it has one, as
	// whiskers. "" draws no chart; a name that is no column is an error of Write.
	Chart string
}

// Cell is one cell of a Table: a text, or a number with the text that shows it, and maybe an
// interval around it.
type Cell struct {
	Text     string  // as shown
	Value    float64 // when Numeric
	Numeric  bool
	Lo, Hi   float64 // when Interval: the interval of Value
	Interval bool
}

// Text is a cell of text.
func Text(s string) Cell { return Cell{Text: s} }

// Number is a cell showing v as text (4 decimals when text is "").
func Number(v float64, text string) Cell {
	if text == "" {
		text = strconv.FormatFloat(v, 'f', 4, 64)
	}
	return Cell{Text: text, Value: v, Numeric: true}
}

// Estimate is a number with its interval [lo, hi], shown as text (v with 4 decimals when text
// is ""; the interval belongs in a column of its own, if the table shows it).
func Estimate(v, lo, hi float64, text string) Cell {
	c := Number(v, text)
	c.Lo, c.Hi, c.Interval = lo, hi, true
	return c
}

// check reports whether t can be rendered, and returns the index of its chart's column (-1:
// none).
func (t *Table) check() (chart int, err error) {
	chart = -1
	for i, c := range t.Columns {
		if c == t.Chart {
			chart = i
		}
	}
	if t.Chart != "" && chart < 0 {
		return -1, fmt.Errorf("page: the summary's chart column %q is not one of its columns %q", t.Chart, t.Columns)
	}
	for i, r := range t.Rows {
		if len(r) != len(t.Columns) {
			return -1, fmt.Errorf("page: the summary's row %d has %d cells for %d columns", i+1, len(r), len(t.Columns))
		}
		if chart >= 0 && !r[chart].Numeric {
			return -1, fmt.Errorf("page: the summary's row %d has no number in the chart's column %q", i+1, t.Chart)
		}
	}
	return chart, nil
}

// writeTable writes t as an HTML table with its notes and its chart (column chart, from check).
func writeTable(ew *errWriter, t *Table, chart int) {
	ew.printf("<div class=\"scores\"><table class=\"summary\">")
	if t.Caption != "" {
		ew.printf("<caption>%s</caption>", html.EscapeString(t.Caption))
	}
	ew.printf("<thead><tr>")
	for i, c := range t.Columns {
		ew.printf("<th%s>%s</th>", numClass(t, i), html.EscapeString(c))
	}
	ew.printf("</tr></thead>\n<tbody>\n")
	for _, r := range t.Rows {
		ew.printf("<tr>")
		for i, c := range r {
			tag := "td"
			if i == 0 {
				tag = "th"
			}
			ew.printf("<%s%s>%s</%s>", tag, numClass(t, i), html.EscapeString(c.Text), tag)
		}
		ew.printf("</tr>\n")
	}
	ew.printf("</tbody></table>\n")
	if chart >= 0 && len(t.Rows) > 0 {
		writeChart(ew, t, chart)
	}
	ew.printf("</div>\n")
	for _, n := range t.Notes {
		ew.printf("<p class=\"note\">%s</p>\n", html.EscapeString(n))
	}
}

// numClass is the class attribute of column i: numbers are aligned right when every cell of
// the column is one.
func numClass(t *Table, i int) string {
	for _, r := range t.Rows {
		if !r[i].Numeric {
			return ""
		}
	}
	if len(t.Rows) == 0 {
		return ""
	}
	return ` class="n"`
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

// writeChart writes a horizontal bar chart of column col, one bar per row, as inline SVG.
func writeChart(ew *errWriter, t *Table, col int) {
	label := 0
	hi := 0.0
	for _, r := range t.Rows {
		label = max(label, utf8.RuneCountInString(r[0].Text))
		c := r[col]
		hi = max(hi, c.Value)
		if c.Interval {
			hi = max(hi, c.Hi)
		}
	}
	labelWidth := min(label, 28)*chartCharWidth + 12
	step := niceStep(hi / 5)
	top := step * math.Ceil(hi/step)
	if top <= 0 || math.IsNaN(top) || math.IsInf(top, 0) {
		top, step = 1, 0.2
	}
	// Enough decimals for the step: 0.1 → 1, 0.05 → 2, 2 → 0.
	decimals := max(0, int(math.Ceil(-math.Log10(step)-1e-9)))
	x := func(v float64) float64 {
		return float64(labelWidth) + chartPlotWidth*math.Max(0, math.Min(v, top))/top
	}
	height := chartTop + len(t.Rows)*(chartBar+chartGap) + chartAxis
	width := labelWidth + chartPlotWidth + chartValueRoom
	name := html.EscapeString(t.Chart)
	ew.printf(`<figure class="chart"><svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="chart-title">`, width, height, width, height)
	ew.printf(`<title id="chart-title">%s of each system%s</title>`, name, whiskerNote(t, col))
	axisY := chartTop + len(t.Rows)*(chartBar+chartGap)
	for i := 0; float64(i)*step <= top+step/1e6; i++ {
		v := float64(i) * step
		ew.printf(`<line class="grid" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/>`, x(v), x(v), chartTop-4, axisY)
		ew.printf(`<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x(v), axisY+16, strconv.FormatFloat(v, 'f', decimals, 64))
	}
	for i, r := range t.Rows {
		c := r[col]
		y := chartTop + i*(chartBar+chartGap)
		mid := y + chartBar/2
		ew.printf(`<text class="label" x="%d" y="%d" text-anchor="end" dominant-baseline="central">%s</text>`, labelWidth-8, mid, html.EscapeString(truncate(r[0].Text, 28)))
		ew.printf(`<rect class="bar" x="%d" y="%d" width="%.1f" height="%d"><title>%s: %s</title></rect>`, labelWidth, y, x(c.Value)-float64(labelWidth), chartBar, html.EscapeString(r[0].Text), html.EscapeString(c.Text))
		end := x(c.Value)
		if c.Interval {
			ew.printf(`<path class="whisker" d="M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d"/>`, x(c.Lo), mid-5, mid+5, x(c.Lo), mid, x(c.Hi), x(c.Hi), mid-5, mid+5)
			end = math.Max(end, x(c.Hi))
		}
		ew.printf(`<text class="value" x="%.1f" y="%d" dominant-baseline="central">%s</text>`, end+5, mid, html.EscapeString(c.Text))
	}
	ew.printf(`<line class="axis" x1="%d" x2="%d" y1="%d" y2="%d"/>`, labelWidth, labelWidth, chartTop-4, axisY)
	ew.printf("</svg><figcaption>%s of each system%s.</figcaption></figure>\n", name, whiskerNote(t, col))
}

// whiskerNote says what the whiskers are, when some row has them.
func whiskerNote(t *Table, col int) string {
	for _, r := range t.Rows {
		if r[col].Interval {
			return "; the whiskers are its intervals"
		}
	}
	return ""
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
