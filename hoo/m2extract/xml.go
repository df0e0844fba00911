package m2extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"maxmatch/hoo/edits"
	"maxmatch/internal/textcheck"
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

// textErrorAt says where the character of err, a *edits.TextError of XML(id, es), is: as
// ":line:column" of the system text sys or of the source src (the other ""; both "" for
// another error). In the source when it is in an edit's original, at the edit's offset. In
// the system text when it is in a correction: no edit before holds a character XML refuses,
// so the source's occurrences of it before the edit are in text no edit changed, which the
// system text holds too, and the correction's is the next one; said only where the system
// text holds the correction's text there (white space, which tokens do not compare, may
// differ around it).
func textErrorAt(err error, es []Edit, sys, src string) (sysAt, srcAt string) {
	var te *edits.TextError
	if !errors.As(err, &te) || te.Char == utf8.RuneError {
		return "", ""
	}
	at := func(text string, off int) string {
		line, col := textcheck.LineCol([]byte(text), off)
		return fmt.Sprintf(":%d:%d", line, col)
	}
	char := string(te.Char)
	for _, e := range es {
		if i := strings.Index(e.Original, char); i >= 0 && e.Original == te.Text {
			return "", at(src, e.Start+i)
		}
		if e.Correction != te.Text || !strings.Contains(te.Text, char) {
			continue
		}
		p := -1
		for n := strings.Count(src[:e.Start], char); n >= 0; n-- {
			k := strings.Index(sys[p+1:], char)
			if k < 0 {
				return "", ""
			}
			p += 1 + k
		}
		core := strings.Trim(e.Correction, " ")
		if from := p - strings.Index(core, char); from >= 0 && strings.HasPrefix(sys[from:], core) {
			return at(sys, p), ""
		}
		return "", ""
	}
	return "", ""
}
