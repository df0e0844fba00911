package scorer

import (
	"bytes"
	"unicode/utf8"

	"maxmatch/internal/pytext"
)

// ReadSystem splits a system output file into hypotheses the way the official scorer does: one
// per line (lines end at "\n" only), each stripped of white space at both ends, so CRLF files
// work. A final line without "\n" counts; an empty file has no lines. name is used in errors.
func ReadSystem(name string, data []byte) ([]string, error) {
	var lines []string
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	no := 0
	for len(data) > 0 {
		no++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if !utf8.Valid(line) {
			off := firstInvalidUTF8(line)
			return nil, &ParseError{File: name, Line: no, Column: off + 1, Msg: "invalid UTF-8"}
		}
		lines = append(lines, pytext.TrimSpace(string(line)))
	}
	return lines, nil
}
