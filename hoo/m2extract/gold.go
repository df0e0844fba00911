package m2extract

import (
	"io"

	"maxmatch/hoo/edits"
)

// GoldEdit is a gold edit: bytes [Start, End) of the source may be replaced by any of
// Corrections ("" deletes). Corrections that mean "leave it" (HOO's <correction/>) are not
// listed: they propose nothing to match.
type GoldEdit struct {
	Index       string
	Start, End  int
	Corrections []string
	Line        int // where the edit is in its file, for messages
}

// ReadGold reads a HOO 2011 gold edit file; name is its name for error messages.
func ReadGold(name string, r io.Reader) ([]GoldEdit, error) {
	es, err := edits.Read(name, r)
	if err != nil {
		return nil, err
	}
	return FromEdits(es), nil
}

// FromEdits converts gold edits as package hoo/edits reads them.
func FromEdits(es []edits.Edit) []GoldEdit {
	out := make([]GoldEdit, 0, len(es))
	for _, e := range es {
		g := GoldEdit{Index: e.Index, Start: e.Start, End: e.End, Line: e.Line}
		for _, c := range e.Corrections {
			if !c.None {
				g.Corrections = append(g.Corrections, c.Text)
			}
		}
		out = append(out, g)
	}
	return out
}
