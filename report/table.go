package report

import (
	"encoding/csv"
	"io"
	"strings"
	"unicode/utf8"
)

// Align is how a column's cells are aligned in aligned text and Markdown.
type Align uint8

const (
	AlignAuto  Align = iota // numbers on the right, the rest on the left
	AlignLeft               // on the left
	AlignRight              // on the right
)

// A Column is a table's column: its header in text renderings, its key in JSON (the header
// when empty) and its alignment.
type Column struct {
	Name  string
	Key   string
	Align Align
}

func (c Column) key() string {
	if c.Key == "" {
		return c.Name
	}
	return c.Key
}

// A Table is rows of cells under columns, computed once and rendered in any format.
type Table struct {
	Columns []Column
	Rows    [][]Cell
	// Summary is an optional last row (totals over the rows); text renderings set it apart,
	// JSON gives it under SummaryKey.
	Summary []Cell
	// Notes are sentences for readers, printed after the table in the text renderings (TSV,
	// aligned text, Markdown; LaTeX as comments) and left out of CSV and JSON.
	Notes []string
	// For JSON: the key of the rows' array and of the summary's object; Extra are members
	// after them (figures that are not rows). With RowsKey empty the JSON rendering is the
	// array of rows alone.
	RowsKey, SummaryKey string
	Extra               Fields
}

// rows returns the rows, the summary last.
func (t *Table) rows() [][]Cell {
	if t.Summary == nil {
		return t.Rows
	}
	return append(t.Rows[:len(t.Rows):len(t.Rows)], t.Summary)
}

// right reports whether column i is aligned on the right: by its setting, or, for AlignAuto,
// when its cells are numbers.
func (t *Table) right(i int) bool {
	switch t.Columns[i].Align {
	case AlignLeft:
		return false
	case AlignRight:
		return true
	}
	for _, r := range t.rows() {
		if i < len(r) && r[i].Kind != KindEmpty {
			return r[i].IsNumber()
		}
	}
	return false
}

// alignSpec joins, column by column, right or left as the column is aligned.
func (t *Table) alignSpec(right, left string) string {
	var b strings.Builder
	for i := range t.Columns {
		if t.right(i) {
			b.WriteString(right)
		} else {
			b.WriteString(left)
		}
	}
	return b.String()
}

func cellAt(row []Cell, i int) Cell {
	if i < len(row) {
		return row[i]
	}
	return Cell{}
}

// AppendTSVHeader appends the header line of the TSV rendering.
func (t *Table) AppendTSVHeader(b []byte) []byte {
	for i, c := range t.Columns {
		if i > 0 {
			b = append(b, '\t')
		}
		b = append(b, c.Name...)
	}
	return append(b, '\n')
}

// AppendTSVRow appends one row of the TSV rendering: cells' texts separated by tabs (tabs and
// line breaks inside a cell become spaces).
func (t *Table) AppendTSVRow(b []byte, row []Cell) []byte {
	for i := range t.Columns {
		if i > 0 {
			b = append(b, '\t')
		}
		start := len(b)
		b = cellAt(row, i).AppendText(b)
		for j := start; j < len(b); j++ {
			if b[j] == '\t' || b[j] == '\n' || b[j] == '\r' {
				b[j] = ' '
			}
		}
	}
	return append(b, '\n')
}

// WriteTSV writes the table as tab-separated values: the header, the rows, the summary, then
// the notes, one per line.
func (t *Table) WriteTSV(w io.Writer) error {
	b := t.AppendTSVHeader(nil)
	for _, r := range t.rows() {
		b = t.AppendTSVRow(b, r)
	}
	for _, n := range t.Notes {
		b = append(b, n...)
		b = append(b, '\n')
	}
	_, err := w.Write(b)
	return err
}

// WriteCSV writes the table as comma-separated values (RFC 4180): the header, the rows, the
// summary. Numbers are written as their text rendering.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		rec[i] = c.Name
	}
	cw.Write(rec)
	for _, r := range t.rows() {
		for i := range t.Columns {
			rec[i] = cellAt(r, i).String()
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// WriteText writes the table aligned for a fixed-width font: columns separated by two spaces,
// a rule under the header and above the summary, then the notes.
func (t *Table) WriteText(w io.Writer) error {
	cells := make([][]string, 0, len(t.Rows)+2)
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = c.Name
	}
	cells = append(cells, header)
	for _, r := range t.rows() {
		line := make([]string, len(t.Columns))
		for i := range t.Columns {
			line[i] = cellAt(r, i).String()
		}
		cells = append(cells, line)
	}
	width := make([]int, len(t.Columns))
	for _, line := range cells {
		for i, s := range line {
			width[i] = max(width[i], utf8.RuneCountInString(s))
		}
	}
	total := 0
	for i, wd := range width {
		total += wd
		if i > 0 {
			total += 2
		}
	}
	rule := strings.Repeat("─", total) + "\n"
	var b strings.Builder
	for k, line := range cells {
		if k == 1 || (t.Summary != nil && k == len(cells)-1) {
			b.WriteString(rule)
		}
		var ln strings.Builder
		for i, s := range line {
			if i > 0 {
				ln.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(s))
			if t.right(i) {
				ln.WriteString(pad + s)
			} else {
				ln.WriteString(s + pad)
			}
		}
		b.WriteString(strings.TrimRight(ln.String(), " ") + "\n")
	}
	for _, n := range t.Notes {
		b.WriteString(n + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// markdownEscape escapes what would end a Markdown table cell or start markup.
func markdownEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `|`, `\|`, "\n", " ", "*", `\*`, "_", `\_`, "`", "\\`")
	return r.Replace(s)
}

// WriteMarkdown writes the table as a Markdown (GitHub) table, numbers aligned on the right, the
// summary row in bold, then the notes as a paragraph.
func (t *Table) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range t.Columns {
		b.WriteString(" " + markdownEscape(c.Name) + " |")
	}
	b.WriteString("\n|" + t.alignSpec(" ---: |", " --- |") + "\n")
	for k, r := range t.rows() {
		summary := t.Summary != nil && k == len(t.Rows)
		b.WriteString("|")
		for i := range t.Columns {
			s := markdownEscape(cellAt(r, i).String())
			if summary && s != "" {
				s = "**" + s + "**"
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
	}
	if len(t.Notes) > 0 {
		b.WriteString("\n" + markdownEscape(strings.Join(t.Notes, " ")) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// latexEscape escapes LaTeX's special characters.
func latexEscape(s string) string {
	r := strings.NewReplacer(`\`, `\textbackslash{}`, `&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`,
		`_`, `\_`, `{`, `\{`, `}`, `\}`, `~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`, "\n", " ")
	return r.Replace(s)
}

// WriteLaTeX writes the table as a LaTeX tabular with booktabs rules (\usepackage{booktabs}):
// numbers on the right, the summary under a \midrule, the notes as comments.
func (t *Table) WriteLaTeX(w io.Writer) error {
	var b strings.Builder
	b.WriteString(`\begin{tabular}{` + t.alignSpec("r", "l") + "}\n\\toprule\n")
	line := func(cells []string) {
		b.WriteString(strings.Join(cells, " & ") + ` \\` + "\n")
	}
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = latexEscape(c.Name)
	}
	line(header)
	b.WriteString("\\midrule\n")
	for k, r := range t.rows() {
		if t.Summary != nil && k == len(t.Rows) {
			b.WriteString("\\midrule\n")
		}
		cells := make([]string, len(t.Columns))
		for i := range t.Columns {
			cells[i] = latexEscape(cellAt(r, i).String())
		}
		line(cells)
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	for _, n := range t.Notes {
		b.WriteString("% " + strings.ReplaceAll(n, "\n", " ") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// rowJSON appends a row as a JSON object keyed by the columns' keys.
func (t *Table) rowJSON(b []byte, row []Cell) []byte {
	b = append(b, '{')
	for i, c := range t.Columns {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendJSONString(b, c.key())
		b = append(b, ':')
		b = cellAt(row, i).AppendJSON(b)
	}
	return append(b, '}')
}

// AppendJSON appends the table as JSON: with RowsKey, an object {RowsKey: [rows],
// SummaryKey: summary, Extra...}; without, the array of rows (the summary last).
func (t *Table) AppendJSON(b []byte) []byte {
	rows := t.Rows
	if t.RowsKey == "" {
		rows = t.rows()
	} else {
		b = append(b, '{')
		b = AppendJSONString(b, t.RowsKey)
		b = append(b, ':')
	}
	b = append(b, '[')
	for i, r := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = t.rowJSON(b, r)
	}
	b = append(b, ']')
	if t.RowsKey == "" {
		return b
	}
	if t.Summary != nil && t.SummaryKey != "" {
		b = append(b, ',')
		b = AppendJSONString(b, t.SummaryKey)
		b = append(b, ':')
		b = t.rowJSON(b, t.Summary)
	}
	if extra := t.Extra.AppendJSON(nil); len(extra) > 2 {
		b = append(b, ',')
		b = append(b, extra[1:len(extra)-1]...)
	}
	return append(b, '}')
}

// WriteJSON writes the table's JSON on one line.
func (t *Table) WriteJSON(w io.Writer) error {
	_, err := w.Write(append(t.AppendJSON(nil), '\n'))
	return err
}
