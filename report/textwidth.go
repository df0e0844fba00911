package report

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// TextWidth returns how many columns s takes in a fixed-width font: two for a wide or fullwidth
// East Asian character, none for a combining mark or a format character (a zero-width joiner),
// one for any other.
func TextWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case r < 0x300: // Latin, the common case
		return 1
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// oneLine is s as a cell of an aligned line: a control character (a line break, a tab, in a
// system named after its file) is written as its Go escape ("\n"), so that the row stays one
// line and the columns stay aligned.
func oneLine(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// AlignText aligns rows of cells for a fixed-width font: each column as wide as its widest cell
// (TextWidth), columns separated by two spaces, cells on the left or, where right says so (it
// may be nil), on the right; each cell on one line (oneLine: control characters escaped),
// trailing spaces trimmed. It
// returns one line per row, without its line break.
func AlignText(rows [][]string, right func(col int) bool) []string {
	var widths []int
	for _, row := range rows {
		for k, s := range row {
			if k == len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = max(widths[k], TextWidth(oneLine(s)))
		}
	}
	lines := make([]string, len(rows))
	var ln strings.Builder
	for n, row := range rows {
		ln.Reset()
		for k, s := range row {
			s = oneLine(s)
			if k > 0 {
				ln.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[k]-TextWidth(s))
			if right != nil && right(k) {
				ln.WriteString(pad + s)
			} else {
				ln.WriteString(s + pad)
			}
		}
		lines[n] = strings.TrimRight(ln.String(), " ")
	}
	return lines
}
