package pytext

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// AppendRepr appends Python 2.7's repr of the unicode string s (a UCS-4 build, as Linux
// distributions and pyenv build it): u'…', or u"…" when s has a single quote and no double
// quote; the quote and the backslash escaped; \t, \n, \r; \xNN for the other characters below
// U+0020 and from U+007F to U+00FF; \uNNNN up to U+FFFF; \UNNNNNNNN above; lower-case hex digits.
// Invalid UTF-8 appends U+FFFD's escape, as a range loop decodes it.
func AppendRepr(dst []byte, s string) []byte {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	dst = append(dst, 'u', quote)
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		switch {
		case r == rune(quote) || r == '\\':
			dst = append(dst, '\\', byte(r))
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\r':
			dst = append(dst, '\\', 'r')
		case r >= 0x20 && r < 0x7f:
			dst = append(dst, byte(r))
		case r < 0x100:
			dst = append(dst, '\\', 'x', hexDigits[r>>4], hexDigits[r&0xf])
		case r < 0x10000:
			dst = append(dst, '\\', 'u')
			dst = appendHex(dst, uint32(r), 4)
		default:
			dst = append(dst, '\\', 'U')
			dst = appendHex(dst, uint32(r), 8)
		}
	}
	return append(dst, quote)
}

func appendHex(dst []byte, v uint32, digits int) []byte {
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		dst = append(dst, hexDigits[(v>>shift)&0xf])
	}
	return dst
}

// Repr returns Python 2.7's repr of the unicode string s (see AppendRepr).
func Repr(s string) string { return string(AppendRepr(nil, s)) }

// AppendFloatRepr appends Python 2.7's repr of a float: the shortest decimal that reads back as
// the same float, in exponent notation (two exponent digits at least) when the decimal
// exponent is below -4 or from 16 on, with ".0" after an integral value; "inf", "-inf", "nan".
func AppendFloatRepr(dst []byte, x float64) []byte {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return appendNonFinite(dst, x)
	}
	exp := 0
	if x != 0 {
		exp = int(math.Floor(math.Log10(math.Abs(x))))
	}
	if exp < -4 || exp >= 16 {
		return strconv.AppendFloat(dst, x, 'e', -1, 64) // e-05 and e+16, as Python writes them
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, x, 'f', -1, 64)
	if !bytes.ContainsRune(dst[start:], '.') {
		dst = append(dst, ".0"...)
	}
	return dst
}

// AppendFloat appends what Python 2.7's str(x) and print show for a float: 12 significant
// digits without trailing zeros; exponent notation (two exponent digits at least) when the
// decimal exponent is below -4 or above 10; ".0" after an integral value; "inf", "-inf", "nan".
func AppendFloat(dst []byte, x float64) []byte {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return appendNonFinite(dst, x)
	}
	// The digits, rounded to 12 significant ones, as d.ddddddddddde±XX.
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], x, 'e', 11, 64)
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	mant, expText, _ := strings.Cut(string(e), "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.TrimRight(strings.Replace(mant, ".", "", 1), "0")
	if digits == "" { // zero
		digits = "0"
	}
	if neg {
		dst = append(dst, '-')
	}
	// Python's rule (float_repr_style "short", format 'g' with precision 12 and a ".0" added):
	// exponent notation when the position of the decimal point, decpt = exp+1, is at most -4 or
	// above 11.
	if decpt := exp + 1; decpt <= -4 || decpt > 11 {
		dst = append(dst, digits[0])
		if len(digits) > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if exp < 0 {
			dst = append(dst, '-')
			exp = -exp
		} else {
			dst = append(dst, '+')
		}
		if exp < 10 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(exp), 10)
	} else if decpt <= 0 {
		dst = append(dst, "0."...)
		for range -decpt {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	} else if decpt >= len(digits) {
		dst = append(dst, digits...)
		for range decpt - len(digits) {
			dst = append(dst, '0')
		}
		return append(dst, ".0"...)
	} else {
		dst = append(dst, digits[:decpt]...)
		dst = append(dst, '.')
		return append(dst, digits[decpt:]...)
	}
}

// appendNonFinite appends Python's str and repr of NaN and the infinities.
func appendNonFinite(dst []byte, x float64) []byte {
	switch {
	case math.IsNaN(x):
		return append(dst, "nan"...)
	case x > 0:
		return append(dst, "inf"...)
	}
	return append(dst, "-inf"...)
}
