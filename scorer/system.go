package scorer

import (
	"strings"
	"unicode/utf8"

	"maxmatch/internal/pytext"
)

// ReadSystem splits a system output file into hypotheses the way the official scorer does: one
// per line (lines end at "\n" only), each stripped of white space at both ends, so CRLF files
// work. A final line without "\n" counts; an empty file has no lines. A byte order mark is
// skipped (the official glues it to the first token). Text that is not UTF-8 is a *ParseError
// giving its line, column and byte offset. name is used in errors.
func ReadSystem(name string, data []byte) ([]string, error) {
	return ReadSystemString(name, string(data))
}

// ReadSystemString is ReadSystem for a file already in a string: the hypotheses are pieces of
// text, not copies.
func ReadSystemString(name, text string) ([]string, error) {
	if !utf8.ValidString(text) {
		return nil, invalidUTF8(name, text)
	}
	text = strings.TrimPrefix(text, "\ufeff")
	lines := make([]string, 0, strings.Count(text, "\n")+1)
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		lines = append(lines, pytext.TrimSpace(line))
	}
	return lines, nil
}
