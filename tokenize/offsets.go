package tokenize

import (
	"sort"
	"unicode/utf8"
)

// Cover returns the tokens [first, last) that the byte span [start, end) touches. A span
// that cuts into a token widens to the whole token; exact reports that it did not, that is
// that the span is the tokens' bytes with at most some white space around them.
//
// A span that touches no token (an empty span, or white space only) is an insertion point:
// first = last, the index of the first token after it, and exact is true, unless the point
// lies inside a token, which is then covered (exact false), or the span held white space,
// which tokens cannot express (exact false).
func Cover(tokens []Token, start, end int) (first, last int, exact bool) {
	first = sort.Search(len(tokens), func(i int) bool { return tokens[i].End > start })
	if start == end {
		if first < len(tokens) && tokens[first].Start < start {
			return first, first + 1, false // a point inside a token
		}
		return first, first, true
	}
	last = sort.Search(len(tokens), func(i int) bool { return tokens[i].Start >= end })
	if last <= first {
		return first, first, false // white space only
	}
	return first, last, tokens[first].Start >= start && tokens[last-1].End <= end
}

// Span returns the bytes of tokens [first, last). For an empty range it returns the empty
// span at the start of token first (or at the end of the last token when first is past it,
// and at 0 when there are no tokens).
func Span(tokens []Token, first, last int) (start, end int) {
	switch {
	case first < last:
		return tokens[first].Start, tokens[last-1].End
	case first < len(tokens):
		return tokens[first].Start, tokens[first].Start
	case len(tokens) > 0:
		e := tokens[len(tokens)-1].End
		return e, e
	}
	return 0, 0
}

// RuneOffset converts a byte offset into text to a character (code point) offset; invalid
// UTF-8 bytes count one character each, as Go's range does.
func RuneOffset(text string, byteOffset int) int {
	return utf8.RuneCountInString(text[:byteOffset])
}

// ByteOffset converts a character (code point) offset into text to a byte offset; offsets
// past the end give len(text).
func ByteOffset(text string, runeOffset int) int {
	n := 0
	for i := range text {
		if n == runeOffset {
			return i
		}
		n++
	}
	return len(text)
}
