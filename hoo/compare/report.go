package compare

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/eval"
	"maxmatch/internal/webpage"
	"maxmatch/internal/wording"
)

// Warnings are the extraction errors of a system, one line each: the fragments an extraction
// failed on, which are scored as no edits.
func (s *System) Warnings() []string {
	var ws []string
	for m, sc := range s.Scores {
		for _, e := range sc.ExtractionErrors {
			ws = append(ws, fmt.Sprintf("%s, %s extraction: %s; scored as no edits", s.Name, s.Methods[m], e))
		}
	}
	return ws
}

// Table1CSVHeader is the first line of Table 1 as CSV (without its line end).
func Table1CSVHeader() string {
	return "system,extraction,bonus," + strings.ReplaceAll(strings.Join(eval.ColumnNames[:], ","), " ", "_")
}

// WriteTable1CSV writes Table 1 as CSV, with full precision.
func WriteTable1CSV(w io.Writer, systems []*System) {
	fmt.Fprintf(w, "%s\n", Table1CSVHeader())
	for _, s := range systems {
		for _, bonus := range []bool{true, false} {
			for m, name := range s.Methods {
				var cells []string
				for _, v := range s.Scores[m].Average[bonus] {
					cells = append(cells, fmt.Sprint(v.V))
				}
				fmt.Fprintf(w, "%s,%s,%s,%s\n", s.Name, name, YesNo(bonus), strings.Join(cells, ","))
			}
		}
	}
}

// YesNo is b as the tables write it.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Describe is an edit as "[start,end) "original" → "correction"".
func Describe(e *edits.Edit, original []byte) string {
	orig := ""
	if e.Start <= e.End && e.End <= len(original) {
		orig = string(original[e.Start:e.End])
	}
	var cs []string
	for _, c := range e.Corrections {
		switch {
		case c.None:
			cs = append(cs, "(leave)")
		case c.Empty:
			cs = append(cs, `""`)
		default:
			cs = append(cs, fmt.Sprintf("%q", c.Text))
		}
	}
	if len(cs) == 0 {
		cs = []string{"(unspecified)"}
	}
	return fmt.Sprintf("[%d,%d) %q → %s", e.Start, e.End, orig, strings.Join(cs, " | "))
}

// Fragment is the system's fragment called name, which must be one of them.
func (s *System) Fragment(name string) *Fragment {
	i := slices.IndexFunc(s.Fragments, func(f Fragment) bool { return f.Name == name })
	return &s.Fragments[i]
}

// WriteHTML writes a page with Table 1 and, for every difference, its segment with the edits
// highlighted: the first extraction's in blue, the second's in orange, gold edits underlined.
func WriteHTML(w io.Writer, systems []*System) {
	webpage.WriteHead(w, "maxmatch hoo compare", `.a{background:#cfe3ff}.b{background:#ffd9b3}.a.b{background:linear-gradient(#cfe3ff 50%,#ffd9b3 50%)}.g{text-decoration:underline;text-decoration-color:#080;text-decoration-thickness:2px}
.seg{margin:.5em 0 1.5em 0}
`)
	fmt.Fprint(w, "<h1>HOO edits: two extractions compared</h1>\n")
	fmt.Fprint(w, "<h2>Table 1: HOO 2011 scores, mean over fragments</h2>\n<table><tr><th>system</th><th>extraction</th><th>bonus</th>")
	for _, c := range eval.ColumnNames {
		fmt.Fprintf(w, "<th>%s</th>", c)
	}
	fmt.Fprint(w, "</tr>\n")
	for _, s := range systems {
		for _, bonus := range []bool{true, false} {
			for m, name := range s.Methods {
				fmt.Fprintf(w, "<tr><td>%s</td><td>%s</td><td>%s</td>", webpage.Escape(s.Name), webpage.Escape(name), YesNo(bonus))
				for _, v := range s.Scores[m].Average[bonus] {
					fmt.Fprintf(w, `<td class="n">%s</td>`, eval.Format4(v))
				}
				fmt.Fprint(w, "</tr>\n")
			}
		}
	}
	fmt.Fprint(w, "</table>\n")
	for _, s := range systems {
		if len(s.Methods) < 2 {
			continue
		}
		fmt.Fprintf(w, "<h2>Table 2: %s — %s where the extractions differ</h2>\n", webpage.Escape(s.Name), wording.Plural(len(s.Differences), "segment"))
		fmt.Fprintf(w, `<p><span class="a">%s only</span> <span class="b">%s only</span> <span class="g">gold edit</span>; %s the edit is a gold edit, %s it is not.</p>`+"\n",
			webpage.Escape(s.Methods[0]), webpage.Escape(s.Methods[1]), webpage.MarkGold, webpage.MarkNotGold)
		for _, d := range s.Differences {
			f := s.Fragment(d.Fragment)
			fmt.Fprintf(w, "<h3>%s, segment %d</h3>\n<div class=\"seg\"><p>%s</p><ul>\n", webpage.Escape(d.Fragment), d.Segment, highlight(f.Original, d))
			for side, class := range []string{"a", "b"} {
				for i := range d.Only[side] {
					m := &d.Only[side][i]
					mark, mc := webpage.MarkNotGold, "bad"
					if m.Gold {
						mark, mc = webpage.MarkGold, "ok"
					}
					fmt.Fprintf(w, "<li><span class=\"%s\">%s</span> <span class=\"%s\">%s</span> %s</li>\n", class, webpage.Escape(s.Methods[side]), mc, mark, webpage.Escape(Describe(&m.Edit, f.Original)))
				}
			}
			for i := range d.Gold {
				fmt.Fprintf(w, "<li><span class=\"g\">gold</span> %s</li>\n", webpage.Escape(Describe(&d.Gold[i], f.Original)))
			}
			fmt.Fprint(w, "</ul></div>\n")
		}
	}
	fmt.Fprint(w, "</body></html>\n")
}

// highlight renders a segment's text with the differing edits and gold edits marked. An
// insertion is shown as its correction in brackets at its point.
func highlight(text []byte, d Difference) string {
	type mark struct {
		span  Span
		class string
		ins   string
	}
	var marks []mark
	add := func(e *edits.Edit, class string) {
		m := mark{span: Span{e.Start, e.End}, class: class}
		if e.Start == e.End && len(e.Corrections) > 0 {
			m.ins = "[" + e.Corrections[0].Text + "]"
		}
		marks = append(marks, m)
	}
	for side, class := range []string{"a", "b"} {
		for i := range d.Only[side] {
			add(&d.Only[side][i].Edit, class)
		}
	}
	for i := range d.Gold {
		add(&d.Gold[i], "g")
	}
	var b strings.Builder
	open := "" // the classes of the span being written, "" outside any
	closeSpan := func() {
		if open != "" {
			b.WriteString("</span>")
			open = ""
		}
	}
	for pos := d.Span.Start; pos <= d.Span.End; {
		for _, m := range marks {
			if m.span.Start == pos && m.ins != "" {
				closeSpan()
				fmt.Fprintf(&b, `<span class="%s">%s</span>`, m.class, webpage.Escape(m.ins))
			}
		}
		if pos == d.Span.End {
			closeSpan()
			break
		}
		classes := []string{}
		for _, m := range marks {
			if m.span.Start <= pos && pos < m.span.End && !slices.Contains(classes, m.class) {
				classes = append(classes, m.class)
			}
		}
		// One character at a time (offsets are bytes; a character takes the marks of its
		// first byte).
		_, size := utf8.DecodeRune(text[pos:d.Span.End])
		ch := webpage.Escape(string(text[pos : pos+size]))
		pos += size
		if c := strings.Join(classes, " "); c != open {
			closeSpan()
			if c != "" {
				fmt.Fprintf(&b, `<span class="%s">`, c)
				open = c
			}
		}
		b.WriteString(ch)
	}
	return b.String()
}
