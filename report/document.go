package report

import (
	"bytes"
	"errors"
	"io"
	"strings"
)

// A Section is one part of a document: fields or a table, under an optional heading.
type Section struct {
	// Key names the section in JSON lines ({"Key": ...}); a section without a key is for
	// readers only and left out of them.
	Key string
	// Heading is a line printed before the content in text.
	Heading string
	// Join continues the previous section in text, without the empty line between sections.
	Join   bool
	Fields Fields
	Table  *Table
}

// A Document is the sections of a report, in the order they are printed.
type Document []Section

// WriteText writes the document for readers: each section's heading, then its fields (one per
// line, see Fields.AppendText) or its table (TSV, the notes and signature after it), sections
// separated by an empty line unless joined. A section with neither heading nor text content is skipped.
func (d Document) WriteText(w io.Writer) error {
	var b []byte
	first := true
	for _, s := range d {
		var body []byte
		if s.Heading != "" {
			body = append(append(body, s.Heading...), '\n')
		}
		if s.Table != nil {
			body = s.Table.AppendTSV(body)
		} else {
			body = s.Fields.AppendText(body)
		}
		if len(body) == 0 {
			continue
		}
		if !first && !s.Join {
			b = append(b, '\n')
		}
		first = false
		b = append(b, body...)
	}
	_, err := w.Write(b)
	return err
}

// WriteJSONLines writes each section that has a key as one line, {"Key": content}, content
// being the fields as an object or the table's JSON.
func (d Document) WriteJSONLines(w io.Writer) error {
	var j JSONWriter
	for _, s := range d {
		if s.Key == "" {
			continue
		}
		j.Object()
		s.writeJSONMember(&j)
		j.End()
		j.Reset(append(j.Bytes(), '\n'))
	}
	_, err := w.Write(j.Bytes())
	return err
}

// Write writes the document in the format f, for a report made of tables: in aligned text, TSV,
// Markdown and LaTeX, each section's heading (a paragraph in Markdown, a comment in LaTeX), then
// its table in the format or its labelled fields (one per line; comments in LaTeX), sections
// separated by an empty line; in JSON, one object on one line, whose members are the sections
// with a key (a table as an array of rows, or its object form with RowsKey; fields as an
// object) and the keyed fields of the sections without one; in CSV, the one table of the
// document (CSV holds one table: a document with more is an error, and fields are left out).
func (d Document) Write(w io.Writer, f Format) error {
	switch f {
	case FormatJSON:
		return d.writeJSON(w)
	case FormatCSV:
		var table *Table
		for _, s := range d {
			if s.Table != nil {
				if table != nil {
					return errors.New("report: CSV holds one table, and the document has more")
				}
				table = s.Table
			}
		}
		if table == nil {
			return errors.New("report: CSV holds one table, and the document has none")
		}
		return table.WriteCSV(w)
	}
	var b bytes.Buffer
	first := true
	for _, s := range d {
		start := b.Len()
		if !first {
			b.WriteByte('\n')
		}
		mark := b.Len()
		if s.Heading != "" {
			switch f {
			case FormatMarkdown:
				b.WriteString(markdownEscape(s.Heading) + "\n\n")
			case FormatLaTeX:
				b.WriteString("% " + strings.ReplaceAll(s.Heading, "\n", " ") + "\n")
			default:
				b.WriteString(s.Heading + "\n")
			}
		}
		if s.Table != nil {
			if err := s.Table.Write(&b, f); err != nil {
				return err
			}
		} else {
			for _, fd := range s.Fields {
				if fd.Label == "" {
					continue
				}
				// The padding of a label (the official's "F_0.5       : ") is for the text layout.
				label := strings.TrimRight(fd.Label, " ")
				switch f {
				case FormatMarkdown:
					b.WriteString(markdownEscape(label+": "+fd.Value.String()) + "  \n")
				case FormatLaTeX:
					b.WriteString("% " + strings.ReplaceAll(label+": "+fd.Value.String(), "\n", " ") + "\n")
				default:
					b.Write(Fields{fd}.AppendText(nil))
				}
			}
		}
		if b.Len() == mark { // nothing to show: no empty line for it either
			b.Truncate(start)
			continue
		}
		first = false
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeJSON writes the document as one JSON object (see Write).
func (d Document) writeJSON(w io.Writer) error {
	var j JSONWriter
	j.Object()
	for _, s := range d {
		if s.Key == "" {
			j.Members(s.Fields)
		} else {
			s.writeJSONMember(&j)
		}
	}
	j.End()
	_, err := w.Write(append(j.Bytes(), '\n'))
	return err
}

// writeJSONMember writes the section as a member of the object open: its key, then its table's
// JSON or its fields as an object.
func (s Section) writeJSONMember(j *JSONWriter) {
	j.Key(s.Key)
	if s.Table != nil {
		s.Table.WriteJSONTo(j)
	} else {
		j.Fields(s.Fields)
	}
}
