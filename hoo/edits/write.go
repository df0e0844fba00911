package edits

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// TextError is text, or an attribute value, that an XML 1.0 document cannot hold.
type TextError struct {
	Index string // the edit's index attribute
	Text  string
	// Char is the first character XML 1.0 does not allow, or utf8.RuneError when Text is
	// not valid UTF-8.
	Char rune
}

func (e *TextError) Error() string { return "edit " + e.Index + ": " + e.Problem() }

// Problem describes the problem without naming the edit.
func (e *TextError) Problem() string {
	if e.Char == utf8.RuneError {
		return fmt.Sprintf("text %q is not valid UTF-8", e.Text)
	}
	return fmt.Sprintf("text %q holds the character U+%04X, which XML 1.0 does not allow", e.Text, e.Char)
}

// Write writes edits as an edit file in the layout of the official HOO tools' files (Python
// 2.7's minidom pretty printer, as in the HOO 2011 reference system files):
//
//	<?xml version="1.0" ?>
//	<edits>
//	  <edit end="9" index="0001XX1-0001" start="4">
//	    <original>
//	      <empty/>
//	    </original>
//	    <corrections>
//	      <correction>the </correction>
//	    </corrections>
//	  </edit>
//	</edits>
//
// (<edits/> when there are none). Attributes come in alphabetical order: end, index, part
// and type when not empty, start. An edit without an Index is given id-NNNN, NNNN its position
// from 1 (the official extractor's indexes, id being the file's name without extension). An
// empty Original is written <empty/>; each correction as <correction/> when None, <empty/>
// when Empty or without text, else its text; an edit without corrections gets no
// <corrections> element (an unspecified correction; HasCorrections is not consulted). Text is escaped
// as minidom escapes it (&, <, > and "), and a carriage return as &#13; so that a reader gets
// it back. Text that XML cannot hold (invalid UTF-8, control characters) is a *TextError, and
// then nothing is written.
//
// Read gives back what Write wrote, up to those normalisations (Line aside).
func Write(w io.Writer, id string, edits []Edit) error {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" ?>\n")
	if len(edits) == 0 {
		b.WriteString("<edits/>\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString("<edits>\n")
	for i := range edits {
		e := &edits[i]
		index := e.Index
		if index == "" {
			index = fmt.Sprintf("%s-%04d", id, i+1)
		}
		attrs := []struct{ name, value string }{
			{"end", strconv.Itoa(e.End)}, {"index", index}, {"part", e.Part}, {"start", strconv.Itoa(e.Start)}, {"type", e.Type},
		}
		b.WriteString("  <edit")
		for _, a := range attrs {
			if a.value == "" {
				continue
			}
			v, err := escape(a.value, index, true)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, " %s=\"%s\"", a.name, v)
		}
		b.WriteString(">\n")
		if err := writeText(&b, "    ", "original", e.Original, e.Original == "", index); err != nil {
			return err
		}
		if len(e.Corrections) > 0 {
			b.WriteString("    <corrections>\n")
			for _, c := range e.Corrections {
				if c.None {
					b.WriteString("      <correction/>\n")
					continue
				}
				if err := writeText(&b, "      ", "correction", c.Text, c.Empty || c.Text == "", index); err != nil {
					return err
				}
			}
			b.WriteString("    </corrections>\n")
		}
		b.WriteString("  </edit>\n")
	}
	b.WriteString("</edits>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeText(b *strings.Builder, indent, name, text string, empty bool, index string) error {
	if empty {
		fmt.Fprintf(b, "%s<%s>\n%s  <empty/>\n%s</%s>\n", indent, name, indent, indent, name)
		return nil
	}
	s, err := escape(text, index, false)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "%s<%s>%s</%s>\n", indent, name, s, name)
	return nil
}

// escape makes character data (or an attribute value, where white space other than the
// space must be a reference too, lest a reader normalise it).
func escape(text, index string, attr bool) (string, error) {
	var b strings.Builder
	for i, c := range text {
		switch {
		case c == utf8.RuneError && !strings.HasPrefix(text[i:], "\uFFFD"):
			return "", &TextError{Index: index, Text: text, Char: utf8.RuneError}
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '"':
			b.WriteString("&quot;")
		case c == '\r', attr && (c == '\n' || c == '\t'):
			fmt.Fprintf(&b, "&#%d;", c)
		case c < 0x20 && c != '\t' && c != '\n', c == 0xFFFE, c == 0xFFFF:
			return "", &TextError{Index: index, Text: text, Char: c}
		default:
			b.WriteRune(c)
		}
	}
	return b.String(), nil
}

// PullTextInline applies the HOO tools' fix-up of minidom's pretty printing to an XML
// document: the official pattern that pulls a text child onto its element's line. Python
// 2.7.18 already writes a lone text child inline, so it changes only text that begins with a
// line break (and loses the white space around it). The HOO 2011 extractor and the HOO 2012
// run scorer both apply it to what they write.
func PullTextInline(doc []byte) []byte {
	return prettyText().ReplaceAll(doc, []byte(">${1}</"))
}

// prettyText is compiled on first use, not at the start of every maxmatch process.
var prettyText = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)>\n[\t\n\v\f\r ]+([^<>\t\n\v\f\r ].*?)\n[\t\n\v\f\r ]+</`)
})
