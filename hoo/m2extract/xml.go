package m2extract

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// XML returns the HOO 2011 system edit file for the edits of the system text named id (the
// file name without extension, e.g. "0001XX1"), laid out as the official extractor writes
// it: edits numbered id-0001, id-0002, …, offsets as attributes, an empty original or
// correction written as <empty/>. Text is UTF-8; it is an error for it not to be, or to hold
// a character XML 1.0 cannot carry.
func XML(id string, edits []Edit) ([]byte, error) {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" ?>\n")
	if len(edits) == 0 {
		b.WriteString("<edits/>\n")
		return []byte(b.String()), nil
	}
	b.WriteString("<edits>\n")
	for i, e := range edits {
		index := fmt.Sprintf("%s-%04d", id, i+1)
		fmt.Fprintf(&b, "  <edit end=\"%d\" index=\"%s\" start=\"%d\">\n", e.End, escape(index), e.Start)
		for _, el := range []struct {
			indent, name, text string
		}{{"    ", "original", e.Original}, {"      ", "correction", e.Correction}} {
			if err := checkXMLText(el.text); err != nil {
				return nil, fmt.Errorf("edit %s (bytes %d–%d), %s: %v", index, e.Start, e.End, el.name, err)
			}
			if el.name == "correction" {
				b.WriteString("    <corrections>\n")
			}
			if el.text == "" {
				fmt.Fprintf(&b, "%s<%s>\n%s  <empty/>\n%s</%s>\n", el.indent, el.name, el.indent, el.indent, el.name)
			} else {
				fmt.Fprintf(&b, "%s<%s>%s</%s>\n", el.indent, el.name, escape(el.text), el.name)
			}
			if el.name == "correction" {
				b.WriteString("    </corrections>\n")
			}
		}
		b.WriteString("  </edit>\n")
	}
	b.WriteString("</edits>\n")
	return []byte(b.String()), nil
}

// WriteXML writes XML(id, edits) to w.
func WriteXML(w io.Writer, id string, edits []Edit) error {
	doc, err := XML(id, edits)
	if err != nil {
		return err
	}
	_, err = w.Write(doc)
	return err
}

func checkXMLText(s string) error {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return fmt.Errorf("byte 0x%02x at offset %d of %q is not UTF-8; expected UTF-8 text", s[i], i, s)
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
			return fmt.Errorf("%q holds U+%04X, which XML 1.0 cannot carry", s, r)
		}
	}
	return nil
}

// escape escapes text for XML content and attributes; a carriage return is written as a
// character reference, since XML parsers turn a literal one into a line feed.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "\r", "&#13;").Replace(s)
}
