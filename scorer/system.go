package scorer

import (
	"bytes"
	"unicode/utf8"

	"maxmatch/internal/pytext"
)

// ReadSystem splits a system output file into hypotheses the way the official scorer does: one
// per line (lines end at "\n" only), each stripped of white space at both ends, so CRLF files
// work. A final line without "\n" counts; an empty file has no lines. A byte order mark is
// skipped (the official glues it to the first token). Text that is not UTF-8 is a *ParseError
// giving its line, column and byte offset. name is used in errors.
func ReadSystem(name string, data []byte) ([]string, error) {
	if !utf8.Valid(data) {
		return nil, invalidUTF8(name, data)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	lines := make([]string, 0, bytes.Count(data, []byte{'\n'})+1)
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		lines = append(lines, pytext.TrimSpace(string(line)))
	}
	return lines, nil
}
