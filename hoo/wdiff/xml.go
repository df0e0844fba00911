package wdiff

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"maxmatch/hoo/edits"
)

// XML returns the edit XML the official extractor writes for the system file whose name
// without extension is id (e.g. "0001XX1"): edits.Write's layout, that of Python 2.7's
// minidom pretty printer, with edit indexes id-0001, id-0002, … (an empty text, which Extract
// never gives, is written <empty/>). Unless opt.Fixed, the text is made as the official makes
// it: each byte read as a Latin-1 character, line ends normalised by the XML parser it passes
// through, and the official's pretty-printing pattern applied. An error (wrapping
// ErrOfficialCrash unless Fixed) is returned for text that XML cannot hold.
func XML(id string, es []Edit, opt Options) ([]byte, error) {
	out := make([]edits.Edit, len(es))
	for i, e := range es {
		o := edits.Edit{Start: e.Start, End: e.End}
		if !e.EmptyOriginal {
			o.Original = officialText(e.Original, opt)
		}
		c := edits.Correction{Empty: e.EmptyCorrection}
		if !e.EmptyCorrection {
			c.Text = officialText(e.Correction, opt)
		}
		o.Corrections = []edits.Correction{c}
		out[i] = o
	}
	var b bytes.Buffer
	if err := edits.Write(&b, id, out); err != nil {
		var te *edits.TextError
		if errors.As(err, &te) && !opt.Fixed {
			return nil, fmt.Errorf("edit %s: %w: %s", te.Index, ErrOfficialCrash, te.Problem())
		}
		return nil, err
	}
	if opt.Fixed {
		return b.Bytes(), nil
	}
	return edits.PullTextInline(b.Bytes()), nil
}

// WriteXML writes XML(id, edits, opt) to w.
func WriteXML(w io.Writer, id string, edits []Edit, opt Options) error {
	doc, err := XML(id, edits, opt)
	if err != nil {
		return err
	}
	_, err = w.Write(doc)
	return err
}

// officialText is text as the official writes it, unless opt.Fixed: each byte read as the
// Latin-1 character of its value (so UTF-8 text comes out garbled), and CR LF and a lone CR
// turned into LF, as the XML parser it passes through turns them.
func officialText(text string, opt Options) string {
	if opt.Fixed {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\r' {
			b.WriteByte('\n')
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			continue
		}
		b.WriteRune(rune(c)) // Latin-1
	}
	return b.String()
}
