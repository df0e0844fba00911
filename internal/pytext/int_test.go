package pytext_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"maxmatch/internal/pytext"
)

func TestInt(t *testing.T) {
	// Python 2.7.18's int() on each text, unicode.
	tests := []struct {
		in   string
		want int64
		err  error
	}{
		{"12", 12, nil}, {"+1", 1, nil}, {"-0", 0, nil}, {"007", 7, nil},
		{"- 1", -1, nil}, {" - 1 ", -1, nil}, {"-\t1", -1, nil}, {"\u00a0-1", -1, nil}, {"\x1f1\x1f", 1, nil},
		{"\u0661\u0662", 12, nil}, {"\uff11\uff10", 10, nil}, {"-\uff11", -1, nil}, {"-  \u0661", -1, nil},
		{"\u19da", 1, nil}, {"\U0001d7ff", 9, nil}, {"\u0e51\u0e52", 12, nil},
		{"99999999999999999999", 9223372036854775807, strconv.ErrRange},
		{"-\uff19999999999999999999", -9223372036854775808, strconv.ErrRange},
		{"++1", 0, strconv.ErrSyntax}, {"+-1", 0, strconv.ErrSyntax}, {"--1", 0, strconv.ErrSyntax},
		{"- -1", 0, strconv.ErrSyntax}, {"1 2", 0, strconv.ErrSyntax}, {"\u0661 \u0662", 0, strconv.ErrSyntax},
		{"-1 0", 0, strconv.ErrSyntax}, {"1_0", 0, strconv.ErrSyntax}, {"0x1", 0, strconv.ErrSyntax},
		{"1L", 0, strconv.ErrSyntax}, {"\u00b2", 0, strconv.ErrSyntax}, {"\u2081", 0, strconv.ErrSyntax},
		{"\U00011066", 0, strconv.ErrSyntax}, // a Brahmi zero: Unicode 6.0
		{"", 0, strconv.ErrSyntax}, {" ", 0, strconv.ErrSyntax}, {"-", 0, strconv.ErrSyntax}, {"1\x00", 0, strconv.ErrSyntax},
		{"1\xff", 0, strconv.ErrSyntax},
	}
	for _, tt := range tests {
		got, err := pytext.Int(tt.in, 64)
		if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("Int(%q) = %d, %v; want %d, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
	if n, err := pytext.Int("3000000000", 32); n != 2147483647 || !errors.Is(err, strconv.ErrRange) {
		t.Errorf("Int(3000000000, 32) = %d, %v; want the clamped value and ErrRange", n, err)
	}
}

// TestIntMatchesPython27 compares Int with Python 2.7's int() on every character alone and on
// random texts of signs, white space and digits of several scripts (some of Unicode versions
// after Python's 5.2), when python2 is installed.
func TestIntMatchesPython27(t *testing.T) {
	pieces := []rune{'0', '7', '9', '-', '+', ' ', '\t', 0xa0, 0x3000, 0x1f, 'x', '_', 0x660, 0x669, 0xff10, 0xff19,
		0x19da, 0x19d9, 0x1d7ce, 0x1d7ff, 0x11066, 0x1e950, 0xb2, 0x2081, 0xbc}
	rng := rand.New(rand.NewSource(1))
	var texts []string
	for range 3000 {
		var b strings.Builder
		for range 1 + rng.Intn(6) {
			b.WriteRune(pieces[rng.Intn(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	var in bytes.Buffer
	for _, s := range texts {
		fmt.Fprintf(&in, "%x\n", s)
	}
	// Every character alone that int() reads (its code point and value), then each text's value
	// or "-" where int() refuses it.
	const prog = `import sys
for c in range(sys.maxunicode + 1):
    try:
        v = int(unichr(c))
    except (ValueError, UnicodeError):
        continue
    print c, v
print 'texts'
for line in sys.stdin:
    try:
        v = int(line.strip().decode('hex').decode('utf8'))
    except (ValueError, UnicodeError):
        v = '-'
    print v
`
	sc := python2(t, prog, in.Bytes())
	readable := map[rune]int64{}
	for sc.Scan() && sc.Text() != "texts" {
		var c rune
		var v int64
		if _, err := fmt.Sscan(sc.Text(), &c, &v); err != nil {
			t.Fatalf("python2 printed %q", sc.Text())
		}
		readable[c] = v
	}
	for c := rune(0); c <= 0x10ffff; c++ {
		if c >= 0xd800 && c < 0xe000 {
			continue
		}
		got, err := pytext.Int(string(c), 64)
		if want, ok := readable[c]; ok != (err == nil) || got != want {
			t.Errorf("Int(%q) = %d, %v; Python 2.7: %d (reads it: %t)", string(c), got, err, want, ok)
		}
	}
	for _, s := range texts {
		if !sc.Scan() {
			t.Fatal("python2 printed fewer lines than it was given")
		}
		got, err := pytext.Int(s, 64)
		if want := sc.Text(); want == "-" && err == nil || want != "-" && (err != nil || strconv.FormatInt(got, 10) != want) {
			t.Errorf("Int(%q) = %d, %v; Python 2.7: %s", s, got, err, want)
		}
	}
}
