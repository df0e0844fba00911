package synth

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Correction is one <correction> of a gold edit.
type Correction struct {
	// Text is the correction's text ("" when Empty or None).
	Text string
	// Empty marks <correction><empty/></correction>: delete the original.
	Empty bool
	// None marks <correction/>: no correction at all (the edit is optional).
	None bool
}

// GoldEdit is one <edit> of a HOO 2011 gold file. Start and End are byte offsets into the
// source text; the gold's <original> is not read, since the offsets are what count (some
// originals lost a leading space to pretty-printing).
type GoldEdit struct {
	Index, Type string
	Start, End  int
	Corrections []Correction
	Line        int // where the edit starts in the gold file
}

// ParseGold reads a HOO 2011 gold edit file. Errors give the line and column of bad XML, and
// the line and index of a bad edit.
func ParseGold(r io.Reader) ([]GoldEdit, error) {
	d := xml.NewDecoder(r)
	var edits []GoldEdit
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, syntaxError(d, err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok || start.Name.Local != "edit" {
			continue
		}
		line, _ := d.InputPos()
		var raw struct {
			Index       string `xml:"index,attr"`
			Type        string `xml:"type,attr"`
			Start       string `xml:"start,attr"`
			End         string `xml:"end,attr"`
			Corrections []struct {
				Empty *struct{} `xml:"empty"`
				Text  string    `xml:",chardata"`
			} `xml:"corrections>correction"`
		}
		if err := d.DecodeElement(&raw, &start); err != nil {
			return nil, syntaxError(d, err)
		}
		e := GoldEdit{Index: raw.Index, Type: raw.Type, Line: line}
		if e.Start, err = offset(raw.Start); err != nil {
			return nil, fmt.Errorf("line %d: edit %q: start: %v", line, raw.Index, err)
		}
		if e.End, err = offset(raw.End); err != nil {
			return nil, fmt.Errorf("line %d: edit %q: end: %v", line, raw.Index, err)
		}
		if e.End < e.Start {
			return nil, fmt.Errorf("line %d: edit %q: end %d before start %d", line, raw.Index, e.End, e.Start)
		}
		for _, c := range raw.Corrections {
			switch {
			case c.Empty != nil:
				if strings.TrimSpace(c.Text) != "" {
					return nil, fmt.Errorf("line %d: edit %q: a correction holds both <empty/> and text %q", line, raw.Index, c.Text)
				}
				e.Corrections = append(e.Corrections, Correction{Empty: true})
			case c.Text == "":
				e.Corrections = append(e.Corrections, Correction{None: true})
			default:
				e.Corrections = append(e.Corrections, Correction{Text: c.Text})
			}
		}
		edits = append(edits, e)
	}
	return edits, nil
}

// syntaxError places a decoding error where the decoder stopped.
func syntaxError(d *xml.Decoder, err error) error {
	line, column := d.InputPos()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("line %d, column %d: %s", line, column, se.Msg)
	}
	return fmt.Errorf("line %d, column %d: %v", line, column, err)
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
