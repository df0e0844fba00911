package report

import (
	"io"
	"strings"
)

// A Field is a labelled value. Label is what a reader sees (text renderings), Key what a
// program reads (JSON); a field with only one of them appears only in those renderings.
type Field struct {
	Label string
	Key   string
	Value Cell
}

// Fields are the members of a record, in order.
type Fields []Field

// LabelWidth is the width labels are padded to in text: the official scorer's "Precision   : ".
const LabelWidth = 12

// AppendText appends the fields that have a label, one per line, as "Label       : value":
// the label padded to LabelWidth, then ": ", then the value's text, whose further lines, if
// any, are indented to where it starts.
func (fs Fields) AppendText(b []byte) []byte {
	for _, f := range fs {
		if f.Label == "" {
			continue
		}
		b = append(b, f.Label...)
		if pad := LabelWidth - TextWidth(f.Label); pad > 0 {
			b = append(b, strings.Repeat(" ", pad)...)
		}
		b = append(b, ": "...)
		// A value of several lines continues under its first.
		start := len(b)
		b = f.Value.AppendText(b)
		if strings.IndexByte(string(b[start:]), '\n') >= 0 {
			indented := strings.ReplaceAll(string(b[start:]), "\n", "\n"+strings.Repeat(" ", LabelWidth+2))
			b = append(b[:start], indented...)
		}
		b = append(b, '\n')
	}
	return b
}

// AppendJSON appends the fields that have a key as a JSON object.
func (fs Fields) AppendJSON(b []byte) []byte {
	var j JSONWriter
	j.Reset(b)
	j.Fields(fs)
	return j.Bytes()
}

// WriteText writes the fields' text rendering.
func (fs Fields) WriteText(w io.Writer) error {
	_, err := w.Write(fs.AppendText(nil))
	return err
}

// WriteJSON writes the fields as one JSON object on a line.
func (fs Fields) WriteJSON(w io.Writer) error {
	_, err := w.Write(append(fs.AppendJSON(nil), '\n'))
	return err
}
