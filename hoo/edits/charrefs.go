package edits

import (
	"bytes"
	"fmt"
	"io"
)

// rawInput keeps the bytes the XML decoder has read and not yet had checked, to find the
// character references it accepts and expat refuses: Go's decoder reads a reference to a
// surrogate (&#xD800;, half of a UTF-16 pair, no character) as U+FFFD, where expat stops with
// "reference to invalid character number". Every other reference to no XML character
// (&#0;, &#xFFFE;) Go refuses too.
type rawInput struct {
	r         io.Reader
	buf       []byte // the input from offset at on
	at        int64
	line      int   // the line of buf[0]
	lineStart int64 // the offset where that line starts
}

func newRawInput(r io.Reader) *rawInput { return &rawInput{r: r, line: 1} }

func (in *rawInput) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	in.buf = append(in.buf, p[:n]...)
	return n, err
}

// check looks for a reference to a surrogate in the input up to offset end, where the decoder
// stands after a token (never inside a comment, a CDATA section or a processing instruction,
// whose text holds no references), and forgets that part of the input.
func (in *rawInput) check(name string, end int64) error {
	seg := in.buf[:end-in.at]
	for i := 0; i < len(seg); {
		next := i + 1
		switch rest := seg[i:]; {
		case bytes.HasPrefix(rest, []byte("<!--")):
			next = i + past(rest, "-->")
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			next = i + past(rest, "]]>")
		case bytes.HasPrefix(rest, []byte("<?")):
			next = i + past(rest, "?>")
		case bytes.HasPrefix(rest, []byte("&#")):
			if ref, n := charRef(rest); 0xD800 <= n && n <= 0xDFFF {
				return &Error{File: name, Line: in.line, Column: int(in.at+int64(i)-in.lineStart) + 1,
					Msg: fmt.Sprintf("reference to invalid character number %s (U+%04X, one half of a UTF-16 surrogate pair, not a character): expected a reference to a character, such as &#233; or &#x1F600;", ref, n)}
			}
		}
		for ; i < next; i++ {
			if seg[i] == '\n' {
				in.line, in.lineStart = in.line+1, in.at+int64(i)+1
			}
		}
	}
	in.buf = in.buf[len(seg):]
	in.at = end
	return nil
}

// past returns the length of b up to the end of the first end in it (all of b if none).
func past(b []byte, end string) int {
	if i := bytes.Index(b, []byte(end)); i >= 0 {
		return i + len(end)
	}
	return len(b)
}

// charRef reads the character reference at the start of b (&#233; or &#xE9;): its text and
// the number it refers to, or -1 if it is not one.
func charRef(b []byte) (string, int) {
	i, base := 2, 10
	if len(b) > i && b[i] == 'x' {
		i, base = 3, 16
	}
	n, digits := 0, 0
	for ; i < len(b); i++ {
		d := digitValue(b[i], base)
		if d < 0 {
			break
		}
		n = min(n*base+d, 0x110000) // beyond every character: kept from overflowing
		digits++
	}
	if digits == 0 || i == len(b) || b[i] != ';' {
		return "", -1
	}
	return string(b[:i+1]), n
}

// digitValue is c's value as a digit of base 10 or 16, or -1.
func digitValue(c byte, base int) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case base == 16 && 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case base == 16 && 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
