package textcheck

import (
	"testing"
	"unicode/utf8"
)

func TestFirstInvalidUTF8(t *testing.T) {
	for _, c := range []struct {
		why  string
		in   string
		want int
	}{
		{"ASCII", "abc", 3},
		{"valid multi-byte", "aé€😀", len("aé€😀")},
		{"a lone continuation byte", "ab\x80c", 2},
		{"a truncated sequence at the end", "ab\xe2\x82", 2},
		{"an encoded surrogate", "a\xed\xa0\x80", 1},
		{"an overlong encoding", "\xc0\xafx", 0},
	} {
		if got := FirstInvalidUTF8(c.in); got != c.want {
			t.Errorf("%s: FirstInvalidUTF8(%q) = %d, want %d", c.why, c.in, got, c.want)
		}
		if got := FirstInvalidUTF8([]byte(c.in)); got != c.want {
			t.Errorf("%s: FirstInvalidUTF8([]byte(%q)) = %d, want %d", c.why, c.in, got, c.want)
		}
	}
}

// FuzzFirstInvalidUTF8: the prefix before the offset is valid UTF-8, and when the offset is
// not the end, the text from it does not start with a valid rune.
func FuzzFirstInvalidUTF8(f *testing.F) {
	f.Add("a\x80")
	f.Fuzz(func(t *testing.T, s string) {
		i := FirstInvalidUTF8(s)
		if !utf8.ValidString(s[:i]) {
			t.Fatalf("%q: prefix up to %d is not valid", s, i)
		}
		if i < len(s) {
			if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size != 1 {
				t.Fatalf("%q: %d starts a valid rune", s, i)
			}
		}
	})
}

func TestLineCol(t *testing.T) {
	data := []byte("ab\ncd\n\nef")
	for _, c := range []struct{ off, line, col int }{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {6, 3, 1}, {8, 4, 2}} {
		if l, col := LineCol(data, c.off); l != c.line || col != c.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
	}
}
