package pytext_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"maxmatch/internal/pytext"
)

func TestIsSpaceMatchesPython27(t *testing.T) {
	// The complete list printed by Python 2.7.18 (UCS-4 build):
	// [c for c in range(sys.maxunicode+1) if unichr(c).isspace()]
	want := []rune{0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x180e,
		0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000}
	var got []rune
	for r := rune(0); r <= 0x10ffff; r++ {
		if pytext.IsSpace(r) {
			got = append(got, r)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("IsSpace set = %x, want %x", got, want)
	}
}

func TestFields(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		why  string
	}{
		{"", nil, "empty string has no fields"},
		{"  a  b ", []string{"a", "b"}, "runs of spaces collapse, ends trimmed"},
		{"a\u00a0b\u3000c", []string{"a", "b", "c"}, "no-break space and ideographic space separate tokens in Python 2"},
		{"a\x1fb", []string{"a", "b"}, "unit separator is Python white space"},
		{"a\u200bb", []string{"a\u200bb"}, "zero width space is not white space"},
		{"a\ufeffb", []string{"a\ufeffb"}, "byte order mark is not white space"},
	}
	for _, tt := range tests {
		if got := pytext.Fields(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("pytext.Fields(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.why)
		}
	}
}

// FuzzFieldsAndTrim states the invariant of the byte-at-a-time fast paths: Fields,
// AppendFields and TrimSpace split and trim exactly as the rune-by-rune definitions
// (strings.FieldsFunc and strings.TrimFunc with IsSpace) do, on any bytes, valid UTF-8 or not.
func FuzzFieldsAndTrim(f *testing.F) {
	for _, s := range []string{"", "  a  b ", "a\u00a0b\u3000c", "a\x1fb", "a\u200bb", "\u3000 a b\u00a0",
		"\u00e9 a \u00e9", "\xff a\xfe", " \x85x\u2028 ", "\t\n\v\f\r\x1c\x1d\x1e\x1f",
		// Words longer than the eight bytes looked at at once, ended by every kind of byte.
		"abcdefghijklmnop qrstuvwxyz!~\x7f\x7f", "abcdefgh\tijklmnopq\x1frstuvwxy\u00a0z", "abcdefg\u00e9hijklmno\u3000p",
		"\x21\x7eabcdef\x20\x80\xff0123456789ab\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.FieldsFunc(s, pytext.IsSpace)
		if got := pytext.Fields(s); !slices.Equal(got, want) {
			t.Errorf("pytext.Fields(%q) = %q, want %q", s, got, want)
		}
		if got := pytext.AppendFields([]string{"x"}, s); !slices.Equal(got[1:], want) || got[0] != "x" {
			t.Errorf("pytext.AppendFields(x, %q) = %q, want x then %q", s, got, want)
		}
		if got, want := pytext.TrimSpace(s), strings.TrimFunc(s, pytext.IsSpace); got != want {
			t.Errorf("pytext.TrimSpace(%q) = %q, want %q", s, got, want)
		}
	})
}

func TestSplitLines(t *testing.T) {
	// Python 2.7: u'a\x1cb\x1dc\x1ed\x1fe\x85f\u2028g\u2029h\x0bi\x0cj\rk\r\nl'.splitlines(True)
	in := "a\x1cb\x1dc\x1ed\x1fe\u0085f\u2028g\u2029h\x0bi\x0cj\rk\r\nl"
	var got []string
	for _, l := range pytext.SplitLines(in) {
		got = append(got, l.Text+l.Break)
		if in[l.Offset:l.Offset+len(l.Text)] != l.Text {
			t.Errorf("offset %d does not point at %q", l.Offset, l.Text)
		}
	}
	want := []string{"a\x1c", "b\x1d", "c\x1e", "d\x1fe\u0085", "f\u2028", "g\u2029", "h\x0b", "i\x0c", "j\r", "k\r\n", "l"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SplitLines = %q, want %q", got, want)
	}
	if n := len(pytext.SplitLines("a\n")); n != 1 {
		t.Errorf("a final line break makes no empty line: got %d lines", n)
	}
}

func TestToLower(t *testing.T) {
	tests := []struct{ in, want, why string }{
		{"ABC", "abc", "ASCII"},
		{"ÄÖÜ", "äöü", "Latin-1 letters"},
		{"\u0130", "i", "dotted capital I maps to plain i under the simple mapping (one code point)"},
		{"\u13a0\u1c90", "\u13a0\u1c90", "Cherokee and Georgian Mtavruli capitals have no lower case in Unicode 5.2"},
		{"\u0526", "\u0526", "Cyrillic letter added in Unicode 6.0 stays"},
		{"\u0524", "\u0525", "Cyrillic letter of Unicode 5.2 is lowered"},
	}
	for _, tt := range tests {
		if got := pytext.ToLower(tt.in); got != tt.want {
			t.Errorf("pytext.ToLower(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.why)
		}
	}
}
