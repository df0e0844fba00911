// Package textcheck finds where input text stops being what a reader expects: the first byte
// that is not UTF-8, and the line and column of an offset, for error messages.
package textcheck

import (
	"bytes"
	"unicode/utf8"
)

// FirstInvalidUTF8 returns the offset of the first byte of b that is not part of valid UTF-8,
// or len(b).
func FirstInvalidUTF8[T ~string | ~[]byte](b T) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(string(b[i:min(i+utf8.UTFMax, len(b))]))
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// LineCol returns the 1-based line and byte column of offset off in data (lines end with "\n").
func LineCol(data []byte, off int) (line, col int) {
	line = bytes.Count(data[:off], []byte("\n")) + 1
	col = off - (bytes.LastIndexByte(data[:off], '\n') + 1) + 1
	return line, col
}
