package report

import (
	"bytes"
	"encoding/csv"
	"testing"
)

// TestTableEscaping renders a cell holding every format's special characters: each renderer
// keeps it one cell, readable.
func TestTableEscaping(t *testing.T) {
	tab := &Table{
		Columns: []Column{{Name: "name"}, {Name: "n"}},
		Rows:    [][]Cell{{Text("a|b_c&d%\"e,f\tg\nh<i>[l](u)~~s~~&lt;>"), Int(1)}},
	}
	tests := []struct {
		format string
		write  func(*bytes.Buffer) error
		want   string
		why    string
	}{
		{"tsv", func(b *bytes.Buffer) error { return tab.WriteTSV(b) }, "name\tn\na|b_c&d%\"e,f g h<i>[l](u)~~s~~&lt;>\t1\n", "tabs and line breaks inside a cell become spaces"},
		{"csv", func(b *bytes.Buffer) error { return tab.WriteCSV(b) }, "name,n\n\"a|b_c&d%\"\"e,f\tg\nh<i>[l](u)~~s~~&lt;>\",1\n", "RFC 4180 quoting"},
		{"markdown", func(b *bytes.Buffer) error { return tab.WriteMarkdown(b) }, "| name | n |\n| --- | ---: |\n| a\\|b\\_c\\&d%\"e,f\tg h\\<i>[l]\\(u)\\~\\~s\\~\\~\\&lt;> | 1 |\n", "pipes, emphasis, HTML, entities, links and strikethrough escaped, line breaks as spaces"},
		{"latex", func(b *bytes.Buffer) error { return tab.WriteLaTeX(b) }, "\\begin{tabular}{lr}\n\\toprule\nname & n \\\\\n\\midrule\na\\textbar{}b\\_c\\&d\\%\"e,f\tg h\\textless{}i\\textgreater{}[l](u)\\textasciitilde{}\\textasciitilde{}s\\textasciitilde{}\\textasciitilde{}\\&lt;\\textgreater{} & 1 \\\\\n\\bottomrule\n\\end{tabular}\n", "LaTeX's specials escaped; < > | as commands, which OT1 prints as ¡ ¿ —"},
		{"json", func(b *bytes.Buffer) error { return tab.WriteJSON(b) }, "[{\"name\":\"a|b_c&d%\\\"e,f\\tg\\nh<i>[l](u)~~s~~&lt;>\",\"n\":1}]\n", "JSON strings escaped"},
		{"text", func(b *bytes.Buffer) error { return tab.WriteText(b) }, "name                                   n\n────────────────────────────────────────\na|b_c&d%\"e,f\\tg\\nh<i>[l](u)~~s~~&lt;>  1\n", "a tab and a line break as Go escapes: the row one line, the columns aligned (a system named after a file with a line break)"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := tt.write(&b); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("%s (%s):\n%q\nwant\n%q", tt.format, tt.why, b.String(), tt.want)
		}
	}
}

// TestTableJSONWithKeys checks the keyed JSON form: rows, summary and extra members.
func TestTableJSONWithKeys(t *testing.T) {
	tab := &Table{
		Columns: []Column{{Name: "type"}, {Name: "recall", Key: "r"}},
		Rows:    [][]Cell{{Text("SVA"), Float(0.5, 4)}},
		Summary: []Cell{Text("(all)"), Float(0.25, 4)},
		RowsKey: "types", SummaryKey: "all",
		Extra: Fields{{Key: "fp", Value: Int(2)}, {Label: "for readers only", Value: Int(3)}},
	}
	want := `{"types":[{"type":"SVA","r":0.5}],"all":{"type":"(all)","r":0.25},"fp":2}`
	if got := string(tab.AppendJSON(nil)); got != want {
		t.Errorf("%s\nwant %s", got, want)
	}
}

// TestFieldsText checks the official layout, long labels and values of several lines.
func TestFieldsText(t *testing.T) {
	fs := Fields{
		{Label: "Precision", Value: Float(0.5, 4)},
		{Label: "F_10.0       ", Value: Float(0.25, 4)}, // the official's seven spaces after F_β
		{Label: "A label longer than twelve", Value: Int(1)},
		{Label: "System A", Value: Text("path\nPrecision 0.5000")},
		{Key: "json only", Value: Int(9)},
	}
	want := "Precision   : 0.5000\nF_10.0       : 0.2500\nA label longer than twelve: 1\nSystem A    : path\n              Precision 0.5000\n"
	if got := string(fs.AppendText(nil)); got != want {
		t.Errorf("%q\nwant %q", got, want)
	}
}

// TestCSVFieldsAsEncodingCSV quotes fields as encoding/csv, the oracle, writes them: the
// rendering of a table row by row cannot use its buffered writer.
func TestCSVFieldsAsEncodingCSV(t *testing.T) {
	fields := []string{"", "plain", "a,b", `say "hi"`, "two\nlines", "cr\rhere", " leading space", "\tleading tab",
		"\u00a0no-break space first", `\.`, `\.x`, "trailing ", "ünïcödé", "x\r\n"}
	for _, f := range fields {
		var want bytes.Buffer
		w := csv.NewWriter(&want)
		w.Write([]string{f})
		w.Flush()
		if got := string(appendCSVField(nil, f)) + "\n"; got != want.String() {
			t.Errorf("%q: %q, encoding/csv writes %q", f, got, want.String())
		}
	}
}

// TestTableRowByRow writes a table a row at a time (header, rows, footer) in each format that
// Streams: the bytes Write gives the whole table, notes and signature included.
func TestTableRowByRow(t *testing.T) {
	tab := &Table{
		Columns:   []Column{{Name: "system", Align: AlignLeft}, {Name: "P", Key: "p", Align: AlignRight}, {Name: "stderr", JSONOnly: true}},
		Notes:     []string{"a note, with a comma"},
		Signature: "maxmatch|u:2",
	}
	rows := [][]Cell{{Text("a,b"), Float(0.5, 4), Float(0.1, 4)}, {Text("c|d_e"), Float(0.25, 4), Float(0.2, 4)}}
	for _, f := range []Format{FormatTSV, FormatCSV, FormatMarkdown, FormatLaTeX} {
		if !Streams(f) {
			t.Fatalf("%s does not stream", f)
		}
		b := tab.AppendHeader(nil, f)
		for _, r := range rows {
			b = tab.AppendRow(b, f, r)
		}
		b = tab.AppendFooter(b, f)
		whole := *tab
		whole.Rows = rows
		var want bytes.Buffer
		if err := whole.Write(&want, f); err != nil {
			t.Fatal(err)
		}
		if string(b) != want.String() {
			t.Errorf("%s row by row:\n%s\nwhole:\n%s", f, b, want.String())
		}
	}
	for _, f := range []Format{FormatText, FormatJSON} {
		if Streams(f) {
			t.Errorf("%s streams: its layout depends on every row", f)
		}
	}
}

// TestPValueCell: a p-value that four decimals would show as 0.0000 is shown by its first two
// digits (a bootstrap test never makes p 0, and "0.0000" read as if it had), in every text
// format; JSON has the value in full either way.
func TestPValueCell(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
		why  string
	}{
		{1.0 / 30001, "3.3e-05", "30,000 resamples all agreeing"},
		{0.00004999, "5.0e-05", "just below what four decimals show"},
		{0.00005001, "0.0001", "four decimals show it"},
		{0.0486, "0.0486", "an ordinary p-value"},
		{1, "1.0000", "identical systems"},
		{0, "0.0000", "zero (never a test's) stays as it is"},
	} {
		if got := string(PValue(c.p).AppendText(nil)); got != c.want {
			t.Errorf("%s: PValue(%g) shows %q, want %q", c.why, c.p, got, c.want)
		}
	}
	tab := &Table{Columns: []Column{{Name: "p-value", Key: "p_value"}}, Rows: [][]Cell{{PValue(1.0 / 30001)}}}
	for _, f := range []Format{FormatText, FormatTSV, FormatCSV, FormatMarkdown, FormatLaTeX} {
		var b bytes.Buffer
		if err := (Document{{Table: tab}}).Write(&b, f); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b.Bytes(), []byte("3.3e-05")) || bytes.Contains(b.Bytes(), []byte("0.0000")) {
			t.Errorf("format %v shows\n%s\nwant 3.3e-05", f, b.String())
		}
	}
	var b bytes.Buffer
	if err := (Document{{Key: "t", Table: tab}}).Write(&b, FormatJSON); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`"p_value":0.00003333222225925803`)) {
		t.Errorf("JSON shows %s, want the value in full", b.String())
	}
}
