package report

import (
	"fmt"
	"io"
	"strings"
	"unicode"
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
	// JSONOnly columns are figures for programs (the standard error of an estimate, the counts
	// behind a rate): JSON has them, the renderings for readers leave them out.
	JSONOnly bool
}

// JSONKey returns the column's key in JSON: Key, or Name when Key is empty.
func (c Column) JSONKey() string {
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
	// Signature says how the figures were made (see Signature). Every rendering carries it: a
	// last line "signature: …" in aligned text and TSV, a paragraph in Markdown, a comment in
	// LaTeX, a last column in CSV (on every row, so that rows of several runs put together keep
	// theirs), a member in JSON's object form (with RowsKey).
	Signature string
}

// Shown returns the indices of the columns the renderings for readers show: all but the
// JSON-only ones.
func (t *Table) Shown() []int {
	cols := make([]int, 0, len(t.Columns))
	for i, c := range t.Columns {
		if !c.JSONOnly {
			cols = append(cols, i)
		}
	}
	return cols
}

// signatureLine is the signature as the last line of aligned text and TSV.
func (t *Table) signatureLine() string {
	if t.Signature == "" {
		return ""
	}
	return "signature: " + t.Signature + "\n"
}

// rows returns the rows, the summary last.
func (t *Table) rows() [][]Cell {
	if t.Summary == nil {
		return t.Rows
	}
	return append(t.Rows[:len(t.Rows):len(t.Rows)], t.Summary)
}

// Right reports whether column i is aligned on the right: by its setting, or, for AlignAuto,
// when its cells are numbers.
func (t *Table) Right(i int) bool {
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
	for _, i := range t.Shown() {
		if t.Right(i) {
			b.WriteString(right)
		} else {
			b.WriteString(left)
		}
	}
	return b.String()
}

// CellAt returns cell i of a row, the empty cell past its end or for i < 0 (a row may be
// shorter than its table's columns; a column index of -1 names none).
func CellAt(row []Cell, i int) Cell {
	if i >= 0 && i < len(row) {
		return row[i]
	}
	return Cell{}
}

// AppendTSVHeader appends the header line of the TSV rendering.
func (t *Table) AppendTSVHeader(b []byte) []byte {
	first := true
	for _, c := range t.Columns {
		if c.JSONOnly {
			continue
		}
		if !first {
			b = append(b, '\t')
		}
		first = false
		b = append(b, c.Name...)
	}
	return append(b, '\n')
}

// AppendTSVRow appends one row of the TSV rendering: cells' texts separated by tabs (tabs and
// line breaks inside a cell become spaces).
func (t *Table) AppendTSVRow(b []byte, row []Cell) []byte {
	first := true
	for i, c := range t.Columns {
		if c.JSONOnly {
			continue
		}
		if !first {
			b = append(b, '\t')
		}
		first = false
		start := len(b)
		b = CellAt(row, i).AppendText(b)
		for j := start; j < len(b); j++ {
			if b[j] == '\t' || b[j] == '\n' || b[j] == '\r' {
				b[j] = ' '
			}
		}
	}
	return append(b, '\n')
}

// AppendTSV appends the TSV rendering: the header, the rows, the summary, then the notes and
// the signature, one per line.
func (t *Table) AppendTSV(b []byte) []byte { return t.appendAll(b, FormatTSV) }

// WriteTSV writes the table as tab-separated values (AppendTSV).
func (t *Table) WriteTSV(w io.Writer) error {
	_, err := w.Write(t.AppendTSV(nil))
	return err
}

// WriteCSV writes the table as comma-separated values (RFC 4180): the header, the rows, the
// summary, and the signature as a last column. Numbers are written as their text rendering.
func (t *Table) WriteCSV(w io.Writer) error { return t.writeRows(w, FormatCSV) }

// appendCSVRecord appends one CSV record: the row's shown cells, then the signature, if any
// (its name in the header).
func (t *Table) appendCSVRecord(b []byte, row []Cell, header bool) []byte {
	for k, i := range t.Shown() {
		if k > 0 {
			b = append(b, ',')
		}
		if header {
			b = appendCSVField(b, t.Columns[i].Name)
		} else {
			b = appendCSVField(b, CellAt(row, i).String())
		}
	}
	switch {
	case t.Signature != "" && header:
		b = appendCSVField(append(b, ','), "signature")
	case t.Signature != "":
		b = appendCSVField(append(b, ','), t.Signature)
	}
	return append(b, '\n')
}

// appendCSVField appends a CSV field as encoding/csv writes it (with its default comma and
// line ends): quoted when it holds a comma, a quote or a line break or starts with white space
// (or is \.), quotes doubled inside.
func appendCSVField(b []byte, s string) []byte {
	first, _ := utf8.DecodeRuneInString(s)
	if s != `\.` && !strings.ContainsAny(s, ",\"\r\n") && (s == "" || !unicode.IsSpace(first)) {
		return append(b, s...)
	}
	b = append(b, '"')
	b = append(b, strings.ReplaceAll(s, `"`, `""`)...)
	return append(b, '"')
}

// WriteText writes the table aligned for a fixed-width font: columns separated by two spaces,
// a rule under the header and above the summary, then the notes and the signature.
func (t *Table) WriteText(w io.Writer) error {
	cols := t.Shown()
	cells := make([][]string, 0, len(t.Rows)+2)
	header := make([]string, len(cols))
	for k, i := range cols {
		header[k] = t.Columns[i].Name
	}
	cells = append(cells, header)
	for _, r := range t.rows() {
		line := make([]string, len(cols))
		for k, i := range cols {
			line[k] = CellAt(r, i).String()
		}
		cells = append(cells, line)
	}
	lines := AlignText(cells, func(k int) bool { return t.Right(cols[k]) })
	total := 0
	for _, ln := range lines {
		total = max(total, TextWidth(ln))
	}
	rule := strings.Repeat("─", total) + "\n"
	var b strings.Builder
	for n, ln := range lines {
		if n == 1 || (t.Summary != nil && n == len(lines)-1) {
			b.WriteString(rule)
		}
		b.WriteString(ln + "\n")
	}
	for _, n := range t.Notes {
		b.WriteString(n + "\n")
	}
	b.WriteString(t.signatureLine())
	_, err := io.WriteString(w, b.String())
	return err
}

// markdownEscaper escapes what would end a Markdown table cell or start markup: emphasis, code,
// an HTML tag or an autolink (<), an entity (&), a link ("](" of [text](url): brackets alone, as
// in an interval [0.1, 0.2], start none), GitHub's strikethrough (~~).
// Built once; strings.Replacer builds its tables on first use.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, `|`, `\|`, "\n", " ", "*", `\*`, "_", `\_`, "`", "\\`",
	"<", `\<`, "&", `\&`, "](", `]\(`, "~", `\~`)

// markdownEscape escapes what would end a Markdown table cell or start markup.
func markdownEscape(s string) string { return markdownEscaper.Replace(s) }

// WriteMarkdown writes the table as a Markdown (GitHub) table, numbers aligned on the right, the
// summary row in bold, then the notes as a paragraph and the signature as another, in a code
// span.
func (t *Table) WriteMarkdown(w io.Writer) error { return t.writeRows(w, FormatMarkdown) }

// appendMarkdownRow appends a row of the Markdown table, its cells in bold for the summary.
func (t *Table) appendMarkdownRow(b []byte, row []Cell, bold bool) []byte {
	b = append(b, '|')
	for _, i := range t.Shown() {
		s := markdownEscape(CellAt(row, i).String())
		if bold && s != "" {
			s = "**" + s + "**"
		}
		b = append(append(append(b, ' '), s...), " |"...)
	}
	return append(b, '\n')
}

// appendMarkdownFooter appends the notes and the signature after the Markdown table.
func (t *Table) appendMarkdownFooter(b []byte) []byte {
	if len(t.Notes) > 0 {
		b = append(b, "\n"+markdownEscape(strings.Join(t.Notes, " "))+"\n"...)
	}
	if t.Signature != "" {
		// A code span shows the signature as it is: it holds no backtick.
		b = append(b, "\nSignature: `"+strings.ReplaceAll(t.Signature, "`", "'")+"`\n"...)
	}
	return b
}

// latexEscape escapes LaTeX's special characters, and writes the characters our reports use
// that LaTeX's default input encoding lacks (Greek letters, the minus sign, …) in math mode.
func latexEscape(s string) string { return latexEscaper.Replace(s) }

// <, > and | are written as commands: in LaTeX's default font encoding (OT1) the characters
// print ¡, ¿ and an em dash.
var latexEscaper = strings.NewReplacer(`\`, `\textbackslash{}`, `&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`,
	`_`, `\_`, `{`, `\{`, `}`, `\}`, `~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`, "\n", " ",
	"<", `\textless{}`, ">", `\textgreater{}`, "|", `\textbar{}`,
	"Δ", `$\Delta$`, "β", `$\beta$`, "−", `$-$`, "≤", `$\leq$`, "≥", `$\geq$`, "×", `$\times$`, "±", `$\pm$`,
	"→", `$\rightarrow$`, "✓", `$\surd$`, "✗", `$\times$`)

// WriteLaTeX writes the table as a LaTeX tabular with booktabs rules (\usepackage{booktabs}):
// numbers on the right, the summary under a \midrule, the notes and the signature as comments.
func (t *Table) WriteLaTeX(w io.Writer) error { return t.writeRows(w, FormatLaTeX) }

// appendLaTeXLine appends a line of the tabular: cells separated by " & ", then " \\".
func appendLaTeXLine(b []byte, cells []string) []byte {
	return append(b, strings.Join(cells, " & ")+` \\`+"\n"...)
}

// appendLaTeXHeader appends the tabular's start and its header line.
func (t *Table) appendLaTeXHeader(b []byte) []byte {
	b = append(b, `\begin{tabular}{`+t.alignSpec("r", "l")+"}\n\\toprule\n"...)
	var header []string
	for _, i := range t.Shown() {
		header = append(header, latexEscape(t.Columns[i].Name))
	}
	return append(appendLaTeXLine(b, header), "\\midrule\n"...)
}

// appendLaTeXRow appends a row of the tabular.
func (t *Table) appendLaTeXRow(b []byte, row []Cell) []byte {
	var cells []string
	for _, i := range t.Shown() {
		cells = append(cells, latexEscape(CellAt(row, i).String()))
	}
	return appendLaTeXLine(b, cells)
}

// appendLaTeXFooter appends the tabular's end, then the notes and the signature as comments.
func (t *Table) appendLaTeXFooter(b []byte) []byte {
	b = append(b, "\\bottomrule\n\\end{tabular}\n"...)
	for _, n := range t.Notes {
		b = append(b, "% "+strings.ReplaceAll(n, "\n", " ")+"\n"...)
	}
	if t.Signature != "" {
		b = append(b, "% signature: "+t.Signature+"\n"...)
	}
	return b
}

// Streams reports whether a table in format f can be written a row at a time (AppendHeader,
// AppendRow, AppendFooter), before its later rows are known: TSV, CSV, Markdown and LaTeX,
// whose lines do not depend on the rows after them (aligned text pads every column to its
// widest cell; JSON puts the summary apart). Such a table's columns say their alignment
// (AlignLeft or AlignRight): it cannot be taken from rows to come.
func Streams(f Format) bool {
	return f == FormatTSV || f == FormatCSV || f == FormatMarkdown || f == FormatLaTeX
}

// AppendHeader appends what format f writes before the table's rows (Streams(f)).
func (t *Table) AppendHeader(b []byte, f Format) []byte {
	switch f {
	case FormatTSV:
		return t.AppendTSVHeader(b)
	case FormatCSV:
		return t.appendCSVRecord(b, nil, true)
	case FormatMarkdown:
		names := make([]Cell, len(t.Columns))
		for i, c := range t.Columns {
			names[i] = Text(c.Name)
		}
		b = t.appendMarkdownRow(b, names, false)
		return append(b, "|"+t.alignSpec(" ---: |", " --- |")+"\n"...)
	case FormatLaTeX:
		return t.appendLaTeXHeader(b)
	}
	panic("report: format " + f.String() + " is not written a row at a time")
}

// AppendRow appends one row in format f (Streams(f)).
func (t *Table) AppendRow(b []byte, f Format, row []Cell) []byte {
	return t.appendRow(b, f, row, false)
}

// appendRow appends one row in format f, set apart as the summary when summary is true.
func (t *Table) appendRow(b []byte, f Format, row []Cell, summary bool) []byte {
	switch f {
	case FormatTSV:
		return t.AppendTSVRow(b, row)
	case FormatCSV:
		return t.appendCSVRecord(b, row, false)
	case FormatMarkdown:
		return t.appendMarkdownRow(b, row, summary)
	case FormatLaTeX:
		if summary {
			b = append(b, "\\midrule\n"...)
		}
		return t.appendLaTeXRow(b, row)
	}
	panic("report: format " + f.String() + " is not written a row at a time")
}

// AppendFooter appends what format f writes after the table's rows (Streams(f)): the notes and
// the signature, and the end of a LaTeX tabular.
func (t *Table) AppendFooter(b []byte, f Format) []byte {
	switch f {
	case FormatTSV:
		for _, n := range t.Notes {
			b = append(append(b, n...), '\n')
		}
		return append(b, t.signatureLine()...)
	case FormatCSV:
		return b // the signature is a column; notes are for readers
	case FormatMarkdown:
		return t.appendMarkdownFooter(b)
	case FormatLaTeX:
		return t.appendLaTeXFooter(b)
	}
	panic("report: format " + f.String() + " is not written a row at a time")
}

// appendAll appends the whole table, summary included, in a format that Streams.
func (t *Table) appendAll(b []byte, f Format) []byte {
	b = t.AppendHeader(b, f)
	for k, r := range t.rows() {
		b = t.appendRow(b, f, r, t.Summary != nil && k == len(t.Rows))
	}
	return t.AppendFooter(b, f)
}

// writeRows writes the whole table in a format that Streams.
func (t *Table) writeRows(w io.Writer, f Format) error {
	_, err := w.Write(t.appendAll(nil, f))
	return err
}

// writeRow writes a row as a JSON object keyed by the columns' keys.
func (t *Table) writeRow(j *JSONWriter, row []Cell) {
	j.Object()
	for i, c := range t.Columns {
		j.Key(c.JSONKey()).Cell(CellAt(row, i))
	}
	j.End()
}

// AppendJSON appends the table as JSON: with RowsKey, an object {RowsKey: [rows],
// SummaryKey: summary, Extra...}; without, the array of rows (the summary last).
func (t *Table) AppendJSON(b []byte) []byte {
	var j JSONWriter
	j.Reset(b)
	t.WriteJSONTo(&j)
	return j.Bytes()
}

// WriteJSONTo writes the table's JSON (see AppendJSON) as one value of j.
func (t *Table) WriteJSONTo(j *JSONWriter) {
	rows := t.Rows
	if t.RowsKey == "" {
		rows = t.rows()
	} else {
		j.Object()
		j.Key(t.RowsKey)
	}
	j.Array()
	for _, r := range rows {
		t.writeRow(j, r)
	}
	j.EndArray()
	if t.RowsKey == "" {
		return
	}
	if t.Summary != nil && t.SummaryKey != "" {
		j.Key(t.SummaryKey)
		t.writeRow(j, t.Summary)
	}
	if t.Signature != "" {
		j.Key("signature").String(t.Signature)
	}
	j.Members(t.Extra)
	j.End()
}

// WriteJSON writes the table's JSON on one line.
func (t *Table) WriteJSON(w io.Writer) error {
	_, err := w.Write(append(t.AppendJSON(nil), '\n'))
	return err
}

// Format is a rendering of tables for the command's --format.
type Format uint8

const (
	FormatText     Format = iota // aligned for a fixed-width font (WriteText)
	FormatMarkdown               // a GitHub Markdown table (WriteMarkdown)
	FormatLaTeX                  // a LaTeX tabular with booktabs rules (WriteLaTeX)
	FormatTSV                    // tab-separated values (WriteTSV)
	FormatCSV                    // comma-separated values (WriteCSV)
	FormatJSON                   // JSON (WriteJSON)
)

var formatNames = [...]string{"text", "markdown", "latex", "tsv", "csv", "json"}

func (f Format) String() string { return formatNames[f] }

// FormatNames lists the formats' names, in order.
func FormatNames() []string { return formatNames[:] }

// FormatSynonyms are the other names of formats, each with the format's name: "md" for
// Markdown, "tex" for LaTeX.
func FormatSynonyms() map[string]string { return map[string]string{"md": "markdown", "tex": "latex"} }

// ParseFormat reads a format's name, or one of its FormatSynonyms.
func ParseFormat(name string) (Format, error) {
	if n, ok := FormatSynonyms()[name]; ok {
		name = n
	}
	for f, n := range formatNames {
		if n == name {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q: expected %s", name, strings.Join(formatNames[:], ", "))
}

// Write writes the table in the format f.
func (t *Table) Write(w io.Writer, f Format) error {
	switch f {
	case FormatMarkdown:
		return t.WriteMarkdown(w)
	case FormatLaTeX:
		return t.WriteLaTeX(w)
	case FormatTSV:
		return t.WriteTSV(w)
	case FormatCSV:
		return t.WriteCSV(w)
	case FormatJSON:
		return t.WriteJSON(w)
	}
	return t.WriteText(w)
}
