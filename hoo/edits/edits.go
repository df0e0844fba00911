// Package edits reads and writes the edit files of the HOO shared tasks: gold edits (HOO 2011
// NNNNGE.xml, HOO 2012 with its part attribute) and system edits (NNNNxxN.xml), both as
//
//	<edits>
//	  <edit index="0001-0003" type="RV" start="120" end="126" part="1">
//	    <original>choose</original>            or <original><empty/></original>
//	    <corrections>
//	      <correction>chose</correction>      a replacement text
//	      <correction><empty/></correction>   delete the original
//	      <correction/>                       no correction: the edit is optional
//	    </corrections>                        no <corrections> at all: unspecified
//	  </edit>
//	</edits>
//
// Offsets are byte offsets into the UTF-8 source text. Elements and attributes not listed are
// ignored, as the official tools ignore them.
package edits

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Correction is one <correction> of an edit.
type Correction struct {
	// Text is the correction's text ("" when Empty or None).
	Text string
	// Empty marks <correction><empty/></correction>: delete the original.
	Empty bool
	// None marks <correction/>: no correction at all (the gold edit is optional).
	None bool
}

// Edit is one <edit>. Start and End are byte offsets into the source text.
type Edit struct {
	Index, Type string
	Part        string // the HOO 2012 part attribute ("" when absent)
	Start, End  int
	Original    string // the <original> text ("" for <empty/>)
	// EmptyOriginal marks <original><empty/></original>. An edit with neither text nor
	// <empty/> there has Original "" and EmptyOriginal false (the official tools read None).
	EmptyOriginal bool
	// Corrections lists the <correction>s; HasCorrections says whether the edit has a
	// <corrections> element with at least one child (the official tools treat an edit without
	// one as having an unspecified correction).
	Corrections    []Correction
	HasCorrections bool
	Line           int // where the edit starts in its file
}

// Optional reports whether the edit has a <correction/>: leaving the text as it is is correct.
func (e *Edit) Optional() bool {
	for _, c := range e.Corrections {
		if c.None {
			return true
		}
	}
	return false
}

// Error is a problem in an edit file, with its position.
type Error struct {
	File string
	// Line is 0 when the problem is the whole file's; Column is 0 when the problem is an
	// attribute or content of an edit.
	Line, Column int
	Index        string
	Msg          string
}

func (e *Error) Error() string {
	pos := e.File
	if e.Line > 0 {
		pos += fmt.Sprintf(":%d", e.Line)
	}
	if e.Column > 0 {
		pos += fmt.Sprintf(":%d", e.Column)
	}
	if e.Index != "" {
		return fmt.Sprintf("%s: edit %q: %s", pos, e.Index, e.Msg)
	}
	return pos + ": " + e.Msg
}

// Read reads an edit file; name is used in errors, which are *Error. A file without any
// element (empty, blank, or plain text) is an error, as it is for the official tools' XML
// parser: a file without edits is <edits/>.
func Read(name string, r io.Reader) ([]Edit, error) {
	input := newRawInput(r)
	d := xml.NewDecoder(input)
	var out []Edit
	var doc document
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, syntaxError(name, d, err)
		}
		if err := input.check(name, d.InputOffset()); err != nil {
			return nil, err
		}
		if err := doc.check(tok); err != nil {
			line, column := d.InputPos()
			return nil, &Error{File: name, Line: line, Column: column, Msg: err.Error()}
		}
		start, ok := tok.(xml.StartElement)
		if !ok || start.Name.Local != "edit" {
			continue
		}
		line, _ := d.InputPos()
		var raw struct {
			Index    string `xml:"index,attr"`
			Type     string `xml:"type,attr"`
			Part     string `xml:"part,attr"`
			Start    string `xml:"start,attr"`
			End      string `xml:"end,attr"`
			Original struct {
				Empty *struct{} `xml:"empty"`
				Text  string    `xml:",chardata"`
			} `xml:"original"`
			Corrections []struct {
				Inner       string `xml:",innerxml"`
				Corrections []struct {
					Empty *struct{} `xml:"empty"`
					Text  string    `xml:",chardata"`
				} `xml:"correction"`
			} `xml:"corrections"`
		}
		if err := d.DecodeElement(&raw, &start); err != nil {
			return nil, syntaxError(name, d, err)
		}
		if err := input.check(name, d.InputOffset()); err != nil {
			return nil, err
		}
		bad := func(format string, args ...any) error {
			return &Error{File: name, Line: line, Index: raw.Index, Msg: fmt.Sprintf(format, args...)}
		}
		e := Edit{Index: raw.Index, Type: raw.Type, Part: raw.Part, Line: line}
		if raw.Original.Empty != nil {
			if strings.TrimSpace(raw.Original.Text) != "" {
				return nil, bad("the original holds both <empty/> and text %q", raw.Original.Text)
			}
			e.EmptyOriginal = true // the text is the indentation around <empty/>
		} else {
			e.Original = raw.Original.Text
		}
		if e.Start, err = offset(raw.Start); err != nil {
			return nil, bad("start: %v", err)
		}
		if e.End, err = offset(raw.End); err != nil {
			return nil, bad("end: %v", err)
		}
		if e.End < e.Start {
			return nil, bad("end %d before start %d", e.End, e.Start)
		}
		for _, cs := range raw.Corrections {
			if len(cs.Corrections) > 0 || strings.Contains(cs.Inner, "<") {
				e.HasCorrections = true
			}
			for _, c := range cs.Corrections {
				switch {
				case c.Empty != nil:
					if strings.TrimSpace(c.Text) != "" {
						return nil, bad("a correction holds both <empty/> and text %q", c.Text)
					}
					e.Corrections = append(e.Corrections, Correction{Empty: true})
				case c.Text == "":
					e.Corrections = append(e.Corrections, Correction{None: true})
				default:
					e.Corrections = append(e.Corrections, Correction{Text: c.Text})
				}
			}
		}
		out = append(out, e)
		doc.decoded() // DecodeElement read the edit's end
	}
	if !doc.root {
		return nil, &Error{File: name, Msg: "no XML element (the file is empty, blank or not XML): expected an edit file, <edits> with its <edit> elements, or <edits/> when there are none"}
	}
	return out, nil
}

// document follows the tokens outside the <edit> elements to refuse what the official tools'
// XML parser (expat) refuses and Go's decoder lets through: a second root element or text
// after the root, text before it, and an attribute given twice (Go keeps the last value,
// so that start="4" end="8" start="0" would quietly be an edit at 0).
type document struct {
	root   bool   // the root element has started
	depth  int    // of the elements open
	closed bool   // the root element has ended
	before string // the first text before the root element
}

// check checks the next token the decoder read.
func (doc *document) check(tok xml.Token) error {
	switch t := tok.(type) {
	case xml.StartElement:
		if doc.closed {
			return fmt.Errorf("a second root element <%s> after the document's end: expected one root element, <edits>", t.Name.Local)
		}
		if !doc.root && doc.before != "" {
			return fmt.Errorf("text %q before the root element <%s>: expected nothing but white space outside <edits>", clip(doc.before), t.Name.Local)
		}
		seen := map[xml.Name]bool{}
		for _, a := range t.Attr {
			if seen[a.Name] {
				return fmt.Errorf("element <%s> has the attribute %s twice: expected each attribute once", t.Name.Local, a.Name.Local)
			}
			seen[a.Name] = true
		}
		doc.root = true
		doc.depth++
	case xml.EndElement:
		doc.decoded()
	case xml.CharData:
		switch {
		case doc.depth > 0 || len(bytes.TrimLeft(t, " \t\r\n\ufeff")) == 0: // a byte order mark too
		case doc.closed:
			return fmt.Errorf("text %q after the root element: expected nothing but white space outside <edits>", clip(string(t)))
		case doc.before == "":
			// A file of plain text is said to hold no XML element, unless an element follows.
			doc.before = string(t)
		}
	}
	return nil
}

// decoded notes that an element has ended.
func (doc *document) decoded() {
	doc.depth--
	doc.closed = doc.depth == 0
}

// clip shortens text for a message.
func clip(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// syntaxError places a decoding error where the decoder stopped, and says what was expected.
func syntaxError(name string, d *xml.Decoder, err error) error {
	line, column := d.InputPos()
	msg := err.Error()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		msg = se.Msg
	}
	switch {
	case strings.HasPrefix(msg, "invalid character entity"):
		msg += ": expected one of XML's own five (&amp; &lt; &gt; &quot; &apos;) or a character reference (&#233;); entities a DTD declares are not read"
	case strings.HasPrefix(msg, "unexpected EOF"):
		msg += ": the file ends inside an element, expected its end (</edits> last): is the file cut short?"
	case strings.Contains(msg, "> closed by </"):
		element, _, _ := strings.Cut(strings.TrimPrefix(msg, "element <"), ">")
		msg += fmt.Sprintf(": expected </%s> first", element)
	case strings.HasPrefix(msg, "xml: encoding"):
		msg = strings.TrimPrefix(msg, "xml: ")
		msg, _, _ = strings.Cut(msg, " but ")
		msg += ": expected UTF-8, the encoding of the HOO edit files"
	default:
		msg += ": expected well-formed XML"
	}
	return &Error{File: name, Line: line, Column: column, Msg: msg}
}

func offset(s string) (int, error) {
	if s == "" {
		return 0, errors.New("missing; expected a byte offset")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a byte offset", s)
	}
	return n, nil
}
