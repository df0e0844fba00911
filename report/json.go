package report

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// AppendJSONString appends s as a JSON string, as encoding/json does with HTML escaping off
// (every JSON output of the command): '"', '\\' and control characters escaped, U+2028 and
// U+2029 escaped, invalid UTF-8 replaced by U+FFFD.
func AppendJSONString(b []byte, s string) []byte { return appendJSONString(b, s, false) }

// AppendJSONStringHTML is AppendJSONString with '<', '>' and '&' escaped too (\u003c, \u003e,
// \u0026), as json.Marshal writes strings: for JSON inside an HTML script element (the
// error-analysis page's data).
func AppendJSONStringHTML(b []byte, s string) []byte { return appendJSONString(b, s, true) }

func appendJSONString(b []byte, s string, html bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && !(html && (c == '<' || c == '>' || c == '&')) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// AppendJSONFloat appends f as encoding/json writes a float64 (the shortest representation that
// reads back as f, with an exponent only below 1e-6 or from 1e21), and null for NaN and the
// infinities, which JSON cannot represent (encoding/json fails on them).
func AppendJSONFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// A one-digit negative exponent without its leading zero: e-07 → e-7.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
