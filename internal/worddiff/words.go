package worddiff

// Span is the half-open byte range [Start, End) of a word in its text.
type Span struct {
	Start, End int
}

// IsSpace reports whether b separates words: C's isspace in the C and C.UTF-8 locales,
// which is what wdiff calls on every byte.
func IsSpace(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// Split returns the words of text, maximal runs of bytes that are not white space, in order.
func Split(text []byte) []Span {
	var words []Span
	for i := 0; i < len(text); {
		if IsSpace(text[i]) {
			i++
			continue
		}
		start := i
		for i < len(text) && !IsSpace(text[i]) {
			i++
		}
		words = append(words, Span{start, i})
	}
	return words
}

// Words splits old and new into words and returns them with the hunks wdiff would mark.
func Words(old, new []byte) (oldWords, newWords []Span, hunks []Hunk) {
	oldWords, newWords = Split(old), Split(new)
	hunks = Diff(texts(old, oldWords), texts(new, newWords))
	return oldWords, newWords, hunks
}

func texts(text []byte, words []Span) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = string(text[w.Start:w.End])
	}
	return out
}
