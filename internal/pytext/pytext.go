// Package pytext reproduces the few pieces of Python 2 unicode text handling that the official
// M² scorer relies on: what counts as white space (str.split, str.strip), where lines break
// (str.splitlines), how characters are lower-cased and how int() reads a number. The official
// scorer's token boundaries, sentence boundaries, case-folding and gold offsets are defined by
// these functions, so ours must agree with them code point for code point.
package pytext

import (
	"errors"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsSpace reports whether r is white space for Python 2.7 unicode (unicode.isspace, and hence
// split() and strip()): the characters of bidirectional class WS, B or S, or category Zs, in
// Unicode 5.2. Go's unicode.IsSpace differs (it lacks U+001C–U+001F and U+180E).
func IsSpace(r rune) bool {
	switch {
	case r <= 0x20:
		return r == ' ' || (r >= 0x09 && r <= 0x0d) || (r >= 0x1c && r <= 0x1f)
	case r < 0x85:
		return false
	}
	switch r {
	case 0x85, 0xa0, 0x1680, 0x180e, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// asciiSpace is IsSpace for the ASCII characters, so that the functions below look at a byte
// and decode a rune only where the text is not ASCII (rarely, in M² files).
var asciiSpace = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = IsSpace(rune(c))
	}
	return t
}()

// runeSpaceAt reports whether the non-ASCII character starting at s[i] is white space, and its
// width. Invalid UTF-8 is one byte wide and not white space, as in a range loop over s. (The
// loops below test ASCII bytes themselves: a call per byte would cost more than the test.)
func runeSpaceAt(s string, i int) (space bool, width int) {
	r, width := utf8.DecodeRuneInString(s[i:])
	return IsSpace(r), width
}

// Fields splits s around runs of Python white space, like Python's s.split() with no argument.
func Fields(s string) []string {
	n := CountFields(s)
	if n == 0 {
		return nil
	}
	return AppendFields(make([]string, 0, n), s)
}

// CountFields returns how many fields Fields would return, without making them.
func CountFields(s string) int {
	n := 0
	for start, end := nextField(s, 0); start < end; start, end = nextField(s, end) {
		n++
	}
	return n
}

// AppendFields appends the fields of s (see Fields) to dst and returns the extended slice.
func AppendFields(dst []string, s string) []string {
	for start, end := nextField(s, 0); start < end; start, end = nextField(s, end) {
		dst = append(dst, s[start:end])
	}
	return dst
}

// nextField returns the bounds of the first field of s at or after byte i, or an empty range
// when there is none.
func nextField(s string, i int) (start, end int) {
	for i < len(s) { // the white space before it
		c := byteClass[s[i]]
		if c == spaceByte {
			i++
			continue
		}
		if c == wordByte {
			break
		}
		space, width := runeSpaceAt(s, i)
		if !space {
			break
		}
		i += width
	}
	start = i
	for {
		i = asciiWordEnd(s, i)
		if i == len(s) || byteClass[s[i]] == spaceByte {
			return start, i
		}
		space, width := runeSpaceAt(s, i)
		if space {
			return start, i
		}
		i += width
	}
}

// asciiWordEnd returns the end of the run of ASCII bytes that are not white space (0x21 to
// 0x7f) at s[i:], eight bytes at a time: a token is a handful of bytes, and a loop that stops
// at a byte it could not predict costs more than the bytes themselves.
func asciiWordEnd(s string, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		// A byte below 0x21 borrows in the subtraction and so has its high bit set; a byte
		// from 0x80 has it already. The borrow only flags bytes above the first such byte.
		if m := (x - 0x21*ones | x) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && byteClass[s[i]] == wordByte {
		i++
	}
	return i
}

// The classes of bytes that nextField's loops tell apart with one lookup: an ASCII byte that
// is not white space, one that is, and a byte of a non-ASCII character, which is decoded.
const (
	wordByte = iota
	spaceByte
	nonASCIIByte
)

var byteClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = nonASCIIByte
		case asciiSpace[c]:
			t[c] = spaceByte
		}
	}
	return t
}()

// TrimSpace removes leading and trailing Python white space, like Python's s.strip().
func TrimSpace(s string) string {
	start, end := 0, len(s)
	for start < end && s[start] < utf8.RuneSelf && asciiSpace[s[start]] {
		start++
	}
	for end > start && s[end-1] < utf8.RuneSelf && asciiSpace[s[end-1]] {
		end--
	}
	s = s[start:end]
	if s != "" && (s[0] >= utf8.RuneSelf || s[len(s)-1] >= utf8.RuneSelf) {
		return strings.TrimFunc(s, IsSpace) // an end is not ASCII: decode there
	}
	return s
}

// IsLineBreak reports whether r ends a line for Python 2.7 unicode.splitlines.
// Note that U+001F is white space but not a line break, and U+001C–U+001E are both.
func IsLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', 0x0b, 0x0c, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// Line is one line of a text as Python's splitlines(True) cuts it.
type Line struct {
	Text   string // the line without its line break
	Break  string // the line break ("" for a last line without one); "\r\n" counts as one break
	Offset int    // byte offset of Text in the original string
}

// SplitLines cuts s into lines the way Python 2.7's unicode.splitlines does.
func SplitLines(s string) []Line {
	var lines []Line
	for off := 0; off < len(s); {
		var l Line
		l, off = NextLine(s, off)
		lines = append(lines, l)
	}
	return lines
}

// NextLine returns the line of s that starts at byte offset off (off < len(s)), as SplitLines
// cuts it, and the offset of the next one.
func NextLine(s string, off int) (Line, int) {
	for i := off; i < len(s); {
		c := s[i]
		if c > 0x1e && c < 0x80 { // the common case: ASCII that is not a line break
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !IsLineBreak(r) {
			i += size
			continue
		}
		end := i + size
		if r == '\r' && end < len(s) && s[end] == '\n' {
			end++
		}
		return Line{Text: s[off:i], Break: s[i:end], Offset: off}, end
	}
	return Line{Text: s[off:], Offset: off}, len(s)
}

// ToLower lower-cases s one code point at a time with the simple case mapping of Unicode 5.2, as
// Python 2.7's unicode.lower does (it never changes the number of code points).
func ToLower(s string) string {
	return strings.Map(lower, s)
}

func lower(r rune) rune {
	if r < 0x37f {
		return unicode.ToLower(r)
	}
	for _, rg := range casedSince52 {
		if r < rg[0] {
			break
		}
		if r <= rg[1] {
			return r
		}
	}
	return unicode.ToLower(r)
}

// casedSince52 lists the code points that Go's unicode tables lower-case but Python 2.7
// (Unicode 5.2) leaves as they are: letters whose lower-case mapping was added to Unicode later.
// Computed by comparing unicode.ToLower with Python 2.7.18's lower() over every code point.
var casedSince52 = [][2]rune{
	{0x37f, 0x37f}, {0x526, 0x526}, {0x528, 0x528}, {0x52a, 0x52a},
	{0x52c, 0x52c}, {0x52e, 0x52e}, {0x10c7, 0x10c7}, {0x10cd, 0x10cd},
	{0x13a0, 0x13f5}, {0x1c90, 0x1cba}, {0x1cbd, 0x1cbf}, {0x2c2f, 0x2c2f},
	{0x2cf2, 0x2cf2}, {0xa660, 0xa660}, {0xa698, 0xa698}, {0xa69a, 0xa69a},
	{0xa78d, 0xa78d}, {0xa790, 0xa790}, {0xa792, 0xa792}, {0xa796, 0xa796},
	{0xa798, 0xa798}, {0xa79a, 0xa79a}, {0xa79c, 0xa79c}, {0xa79e, 0xa79e},
	{0xa7a0, 0xa7a0}, {0xa7a2, 0xa7a2}, {0xa7a4, 0xa7a4}, {0xa7a6, 0xa7a6},
	{0xa7a8, 0xa7a8}, {0xa7aa, 0xa7ae}, {0xa7b0, 0xa7b4}, {0xa7b6, 0xa7b6},
	{0xa7b8, 0xa7b8}, {0xa7ba, 0xa7ba}, {0xa7bc, 0xa7bc}, {0xa7be, 0xa7be},
	{0xa7c0, 0xa7c0}, {0xa7c2, 0xa7c2}, {0xa7c4, 0xa7c7}, {0xa7c9, 0xa7c9},
	{0xa7d0, 0xa7d0}, {0xa7d6, 0xa7d6}, {0xa7d8, 0xa7d8}, {0xa7f5, 0xa7f5},
	{0x104b0, 0x104d3}, {0x10570, 0x1057a}, {0x1057c, 0x1058a}, {0x1058c, 0x10592},
	{0x10594, 0x10595}, {0x10c80, 0x10cb2}, {0x118a0, 0x118bf}, {0x16e40, 0x16e5f},
	{0x1e900, 0x1e921},
}

// Int reads s as Python 2.7's int() reads a unicode string in base 10: white space around the
// number and between its sign and its digits, an optional sign, and decimal digits of any script
// (Unicode 5.2's: "１２" and "١٢" are 12), each character of Python white space counting as a
// space. bitSize and the errors are strconv.ParseInt's (strconv.ErrSyntax for what Python
// refuses, strconv.ErrRange for a number Python would read as a long beyond bitSize).
func Int(s string, bitSize int) (int64, error) {
	if n, err := strconv.ParseInt(s, 10, bitSize); err == nil || errors.Is(err, strconv.ErrRange) {
		return n, unwrap(err) // the usual case: ASCII digits after a sign at most
	}
	digits := make([]byte, 0, len(s))
	sign, seen := byte(0), false // seen: a digit
scan:
	for i, r := range s {
		switch {
		case IsSpace(r):
			if seen {
				if TrimSpace(s[i:]) != "" {
					return 0, strconv.ErrSyntax // a space between digits
				}
				break scan
			}
		case (r == '-' || r == '+') && sign == 0 && !seen:
			sign = byte(r)
		default:
			d, ok := decimal(r)
			if !ok {
				return 0, strconv.ErrSyntax
			}
			digits, seen = append(digits, '0'+byte(d)), true
		}
	}
	if !seen {
		return 0, strconv.ErrSyntax
	}
	if sign == '-' {
		digits = append([]byte{'-'}, digits...)
	}
	n, err := strconv.ParseInt(string(digits), 10, bitSize)
	return n, unwrap(err)
}

// unwrap returns the error of a strconv.NumError, or err.
func unwrap(err error) error {
	if ne, ok := err.(*strconv.NumError); ok {
		return ne.Err
	}
	return err
}

// decimal returns the value of r when it is a decimal digit for Python 2.7 (unicodedata.decimal
// of Unicode 5.2: ASCII digits and those of 40 other scripts and styles, each ten in a row from
// zero, and U+19DA, a second Tai Lue one). Go's unicode.Nd is of a later Unicode, with more.
func decimal(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if r == 0x19da {
		return 1, true
	}
	i, found := slices.BinarySearch(decimalZeros52, r)
	if !found {
		i-- // the zero before r
	}
	if i >= 0 && r-decimalZeros52[i] < 10 {
		return int(r - decimalZeros52[i]), true
	}
	return 0, false
}

// decimalZeros52 lists the digits zero of Unicode 5.2 beyond ASCII; the nine digits after each
// are one to nine. Printed by Python 2.7.18:
// [c for c in range(sys.maxunicode+1) if unicodedata.decimal(unichr(c), -1) == 0][1:]
var decimalZeros52 = []rune{0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66,
	0xce6, 0xd66, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80,
	0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xaa50, 0xabf0, 0xff10,
	0x104a0, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6}
