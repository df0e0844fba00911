package m2extract

import (
	"bytes"
	"io"

	"maxmatch/hoo/edits"
)

// Edits returns the extracted edits as HOO edits: each with one correction, <empty/> for a
// deletion.
func Edits(es []Edit) []edits.Edit {
	out := make([]edits.Edit, len(es))
	for i, e := range es {
		c := edits.Correction{Text: e.Correction, Empty: e.Correction == ""}
		out[i] = edits.Edit{Start: e.Start, End: e.End, Original: e.Original, EmptyOriginal: e.Original == "",
			Corrections: []edits.Correction{c}, HasCorrections: true}
	}
	return out
}

// XML returns the HOO 2011 system edit file for the edits of the system text named id (the
// file name without extension, e.g. "0001XX1"), laid out as the official extractor writes
// it (edits.Write): edits numbered id-0001, id-0002, …, an empty original or correction written
// as <empty/>. Text XML 1.0 cannot hold is an error (*edits.TextError).
func XML(id string, es []Edit) ([]byte, error) {
	var b bytes.Buffer
	if err := edits.Write(&b, id, Edits(es)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteXML writes XML(id, edits) to w.
func WriteXML(w io.Writer, id string, es []Edit) error {
	doc, err := XML(id, es)
	if err != nil {
		return err
	}
	_, err = w.Write(doc)
	return err
}
