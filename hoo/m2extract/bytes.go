package m2extract

import (
	"strings"
	"unicode/utf8"

	"maxmatch/tokenize"
)

// ByteEdit turns the token edit "source tokens [first, last) become system tokens
// [sysFirst, sysLast)" into a byte edit of the source, following HOO's white-space
// conventions (see the package documentation): bytes [start, end) of source are replaced by
// correction. Token offsets are into source and system, the texts they were cut from.
func ByteEdit(source string, srcToks []tokenize.Token, first, last int, system string, sysToks []tokenize.Token, sysFirst, sysLast int) (start, end int, correction string) {
	switch {
	case first < last && sysFirst < sysLast: // replacement
		a, b := srcToks[first].Start, srcToks[last-1].End
		c, d := sysToks[sysFirst].Start, sysToks[sysLast-1].End
		text := system[c:d]
		// Where the system's tokens stand apart from their neighbours and the source's were
		// attached ("a!" made "a 0"), the space comes along: "0" alone would make "a0".
		if a > 0 && !spaceBefore(source, a) && spaceBefore(system, c) {
			text = " " + text
		}
		if b < len(source) && !spaceAfter(source, b) && spaceAfter(system, d) {
			text += " "
		}
		return a, b, text
	case first < last: // deletion
		a, b := srcToks[first].Start, srcToks[last-1].End
		if !spaceBefore(source, a) {
			return a, b, "" // attached to the word before it, like a comma
		}
		if r, size := utf8.DecodeRuneInString(source[b:]); b < len(source) && isLineSpace(r) {
			return a, b + size, ""
		}
		if r, size := utf8.DecodeLastRuneInString(source[:a]); a > 0 && isLineSpace(r) {
			return a - size, b, ""
		}
		return a, b, ""
	case sysFirst < sysLast: // insertion
		c, d := sysToks[sysFirst].Start, sysToks[sysLast-1].End
		text := system[c:d]
		left, right := -1, -1
		if first > 0 {
			left = srcToks[first-1].End
		}
		if first < len(srcToks) {
			right = srcToks[first].Start
		}
		ownWord, attachedRight := spaceBefore(system, c) || c > 0 && strings.IndexByte("([{", system[c-1]) >= 0, !spaceAfter(system, d)
		lineEnd := d == len(system) || system[d] == '\n' || system[d] == '\r'
		switch {
		case ownWord && !attachedRight && right >= 0 && !(lineEnd && left >= 0):
			return right, right, text + " "
		case ownWord && !attachedRight:
			return left, left, " " + text
		case ownWord && right >= 0: // attached to the word after it
			return right, right, text
		case ownWord:
			return left, left, " " + text
		case left >= 0: // attached to the word before it
			return left, left, text
		default:
			return right, right, text
		}
	}
	// Nothing on either side: an empty edit at the tokens' position.
	p, _ := tokenize.Span(srcToks, first, first)
	return p, p, ""
}

// spaceBefore reports whether offset i of s is at the start of s or follows white space.
func spaceBefore(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return tokenize.IsSpace(r)
}

// spaceAfter reports whether offset i of s is at the end of s or white space follows.
func spaceAfter(s string, i int) bool {
	if i == len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return tokenize.IsSpace(r)
}

// isLineSpace is white space that is not a line break: what a deleted word may take along.
func isLineSpace(r rune) bool {
	return tokenize.IsSpace(r) && !strings.ContainsRune("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029", r)
}
