package wdiff

import (
	"bytes"

	"maxmatch/internal/worddiff"
)

// Markers are the strings wdiff writes around deleted and inserted words (its options -w, -x,
// -y and -z).
type Markers struct {
	DeleteStart, DeleteEnd, InsertStart, InsertEnd string
}

// DefaultMarkers are wdiff's defaults, which the HOO 2011 tools rely on.
var DefaultMarkers = Markers{"[-", "-]", "{+", "+}"}

// Render returns what GNU wdiff 1.2.2 prints for the texts old and new with the given markers
// and no other option.
//
// wdiff prints the words in common with the white space in front of them taken from new; a
// deleted run of words with the white space in front of it and between its words taken from
// old, the markers inside that white space; an inserted run likewise from new. Where a run of
// deleted words is replaced, the deletion comes first. After the last word comes new's
// trailing white space.
func Render(old, new []byte, m Markers) []byte {
	ow, nw, hunks := worddiff.Words(old, new)
	var out bytes.Buffer
	out.Grow(len(new) + len(new)/4)
	nextNew := 0 // first byte of new not yet printed
	for _, h := range hunks {
		// Common words up to the hunk, from new.
		if h.NewStart > 0 {
			end := nw[h.NewStart-1].End
			if end > nextNew {
				out.Write(new[nextNew:end])
				nextNew = end
			}
		}
		if h.OldEnd > h.OldStart {
			from := 0
			if h.OldStart > 0 {
				from = ow[h.OldStart-1].End
			}
			first, last := ow[h.OldStart], ow[h.OldEnd-1]
			out.Write(old[from:first.Start])
			out.WriteString(m.DeleteStart)
			out.Write(old[first.Start:last.End])
			out.WriteString(m.DeleteEnd)
		}
		if h.NewEnd > h.NewStart {
			first, last := nw[h.NewStart], nw[h.NewEnd-1]
			out.Write(new[nextNew:first.Start])
			out.WriteString(m.InsertStart)
			out.Write(new[first.Start:last.End])
			out.WriteString(m.InsertEnd)
			nextNew = last.End
		}
		// Otherwise the white space before the next common word is printed with that word.
	}
	out.Write(new[nextNew:])
	return out.Bytes()
}
