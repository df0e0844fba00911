package report

import (
	"io"
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
// line, see Fields.AppendText) or its table (TSV, the notes after it), sections separated by
// an empty line unless joined. A section with neither heading nor text content is skipped.
func (d Document) WriteText(w io.Writer) error {
	var b []byte
	first := true
	for _, s := range d {
		var body []byte
		if s.Heading != "" {
			body = append(append(body, s.Heading...), '\n')
		}
		if s.Table != nil {
			body = s.Table.AppendTSVHeader(body)
			for _, r := range s.Table.rows() {
				body = s.Table.AppendTSVRow(body, r)
			}
			for _, n := range s.Table.Notes {
				body = append(append(body, n...), '\n')
			}
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
	var b []byte
	for _, s := range d {
		if s.Key == "" {
			continue
		}
		b = append(b, '{')
		b = AppendJSONString(b, s.Key)
		b = append(b, ':')
		if s.Table != nil {
			b = s.Table.AppendJSON(b)
		} else {
			b = s.Fields.AppendJSON(b)
		}
		b = append(b, "}\n"...)
	}
	_, err := w.Write(b)
	return err
}
