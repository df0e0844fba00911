package wdiff

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"
)

// XML returns the edit XML the official extractor writes for the system file whose name
// without extension is id (e.g. "0001XX1"): the layout of Python 2.7's minidom pretty
// printer, attributes in alphabetical order, edit indexes id-0001, id-0002, … Unless
// opt.Fixed, the text is made as the official makes it: each byte read as a Latin-1
// character, line ends normalised by the XML parser it passes through, and the official's
// pretty-printing pattern applied. An error (wrapping ErrOfficialCrash unless Fixed) is
// returned for text that XML cannot hold.
func XML(id string, edits []Edit, opt Options) ([]byte, error) {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" ?>\n")
	if len(edits) == 0 {
		b.WriteString("<edits/>\n")
		return []byte(b.String()), nil
	}
	b.WriteString("<edits>\n")
	for i, e := range edits {
		fmt.Fprintf(&b, "  <edit end=\"%d\" index=\"%s-%04d\" start=\"%d\">\n", e.End, escapeXML(id), i+1, e.Start)
		if err := writeTextElement(&b, "    ", "original", e.Original, e.EmptyOriginal, opt); err != nil {
			return nil, fmt.Errorf("edit %s-%04d: %w", id, i+1, err)
		}
		b.WriteString("    <corrections>\n")
		if err := writeTextElement(&b, "      ", "correction", e.Correction, e.EmptyCorrection, opt); err != nil {
			return nil, fmt.Errorf("edit %s-%04d: %w", id, i+1, err)
		}
		b.WriteString("    </corrections>\n  </edit>\n")
	}
	b.WriteString("</edits>\n")
	doc := b.String()
	if !opt.Fixed {
		doc = prettyText.ReplaceAllString(doc, ">${1}</")
	}
	return []byte(doc), nil
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

// prettyText is the official's pattern for pulling text onto its element's line. Python 2.7.18
// already writes a lone text child inline, so it changes only text that begins with a line
// break (white space at its start is then lost).
var prettyText = regexp.MustCompile(`(?s)>\n[\t\n\v\f\r ]+([^<>\t\n\v\f\r ].*?)\n[\t\n\v\f\r ]+</`)

func writeTextElement(b *strings.Builder, indent, name, text string, empty bool, opt Options) error {
	if empty {
		fmt.Fprintf(b, "%s<%s>\n%s  <empty/>\n%s</%s>\n", indent, name, indent, indent, name)
		return nil
	}
	s, err := xmlText(text, opt)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "%s<%s>%s</%s>\n", indent, name, s, name)
	return nil
}

// xmlText makes the escaped character data for text.
func xmlText(text string, opt Options) (string, error) {
	var chars []rune
	if opt.Fixed {
		if !utf8.ValidString(text) {
			return "", fmt.Errorf("text %q is not valid UTF-8", text)
		}
		chars = []rune(text)
	} else {
		chars = make([]rune, len(text))
		for i := 0; i < len(text); i++ {
			chars[i] = rune(text[i]) // Latin-1
		}
	}
	var b strings.Builder
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		switch {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '"':
			b.WriteString("&quot;")
		case c == '\r' && opt.Fixed:
			b.WriteString("&#13;")
		case c == '\r':
			// The XML parser turns CR LF and a lone CR into LF.
			b.WriteByte('\n')
			if i+1 < len(chars) && chars[i+1] == '\n' {
				i++
			}
		case c < 0x20 && c != '\t' && c != '\n', c == 0xFFFE, c == 0xFFFF:
			err := fmt.Errorf("text %q holds the character U+%04X, which XML 1.0 does not allow", text, c)
			if !opt.Fixed {
				err = fmt.Errorf("%w: %v", ErrOfficialCrash, err)
			}
			return "", err
		default:
			b.WriteRune(c)
		}
	}
	return b.String(), nil
}

func escapeXML(s string) string {
	var b bytes.Buffer
	for _, c := range []byte(s) {
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
