package pytext_test

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"maxmatch/internal/pytext"
)

func TestRepr(t *testing.T) {
	// Each want is what Python 2.7.18 (UCS-4) printed for repr(u'…') of the input.
	tests := []struct {
		in, want string
		why      string
	}{
		{"", "u''", "the empty unicode string"},
		{"a", "u'a'", "plain ASCII"},
		{"it's", `u"it's"`, "a single quote and no double quote: double quotes"},
		{`say "x"`, `u'say "x"'`, "double quotes inside single ones stay as they are"},
		{`both ' "`, `u'both \' "'`, "both quotes: single quotes, the single one escaped"},
		{`back\slash`, `u'back\\slash'`, "the backslash is escaped"},
		{"\t\n\r\x0b\x1f\x7f\u0080\u00a0\u00e9\u00ff", `u'\t\n\r\x0b\x1f\x7f\x80\xa0\xe9\xff'`, "named escapes, then \\x for the other controls and Latin-1"},
		{"\u0100\u4e2d\u3000\ufeff\uffff", `u'\u0100\u4e2d\u3000\ufeff\uffff'`, "\\u from U+0100 to U+FFFF, lower-case hex"},
		{"\U0001f600\U0010ffff", `u'\U0001f600\U0010ffff'`, "\\U above the BMP (a UCS-4 build)"},
	}
	for _, tt := range tests {
		if got := pytext.Repr(tt.in); got != tt.want {
			t.Errorf("pytext.Repr(%q) = %s, want %s (%s)", tt.in, got, tt.want, tt.why)
		}
	}
}

func TestAppendFloat(t *testing.T) {
	// Each want is what Python 2.7.18 printed for str(x).
	tests := []struct {
		in   float64
		want string
		why  string
	}{
		{0, "0.0", "zero gets its .0"},
		{math.Copysign(0, -1), "-0.0", "negative zero keeps its sign"},
		{1, "1.0", "an integral value gets .0"},
		{0.5, "0.5", "short values as they are"},
		{2.0 / 3, "0.666666666667", "12 significant digits, rounded"},
		{0.1 + 0.2, "0.3", "rounding to 12 digits hides the binary error"},
		{1e-5, "1e-05", "decimal point at -4: exponent, two digits at least"},
		{0.0001, "0.0001", "decimal point at -3: fixed"},
		{0.00012345678901234, "0.000123456789012", "fixed with leading zeros, 12 digits"},
		{1e10, "10000000000.0", "11 integer digits: fixed"},
		{1e11, "1e+11", "12 integer digits: exponent (the .0 rule lowers the bound by one)"},
		{12345678901, "12345678901.0", "11 digits"},
		{123456789012, "1.23456789012e+11", "12 digits"},
		{99999999999.5, "99999999999.5", "12 significant digits, decimal point at 11"},
		{999999999999.5, "1e+12", "rounding carries into a new digit"},
		{5e-324, "4.94065645841e-324", "the smallest subnormal, three exponent digits"},
		{1.0 / 3 * 1e-4, "3.33333333333e-05", "a mantissa with a decimal point in exponent form"},
		{7.0 / 9 * 10, "7.77777777778", "fixed, rounded"},
		{math.Inf(1), "inf", "infinity"},
		{math.Inf(-1), "-inf", "minus infinity"},
		{math.NaN(), "nan", "not a number"},
	}
	for _, tt := range tests {
		if got := string(pytext.AppendFloat(nil, tt.in)); got != tt.want {
			t.Errorf("pytext.AppendFloat(%v) = %s, want %s (%s)", tt.in, got, tt.want, tt.why)
		}
	}
}

// TestReprAndFloatMatchPython27 compares Repr and AppendFloat with the Python 2.7 interpreter on
// random strings and floats, when one is installed (python2, run with PYENV_VERSION=2.7.18
// unless it is set).
func TestReprAndFloatMatchPython27(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []rune{'a', 'Z', ' ', '\'', '"', '\\', '\t', '\n', '\r', 0, 0x1f, 0x7f, 0x80, 0xe9, 0xff, 0x100, 0x2028, 0x4e2d, 0xfeff, 0xffff, 0x1f600, 0x10ffff}
	var strs []string
	var floats []float64
	for range 2000 {
		var b strings.Builder
		for range rng.Intn(6) {
			if rng.Intn(3) == 0 {
				b.WriteRune(rune(rng.Intn(0x110000)))
			} else {
				b.WriteRune(pieces[rng.Intn(len(pieces))])
			}
		}
		if s := b.String(); utf8.ValidString(s) && !strings.ContainsRune(s, utf8.RuneError) {
			strs = append(strs, s)
		}
		switch rng.Intn(3) {
		case 0:
			floats = append(floats, float64(rng.Intn(1000))/float64(1+rng.Intn(1000)))
		case 1:
			floats = append(floats, rng.Float64()*math.Pow(10, float64(rng.Intn(40)-20)))
		default:
			floats = append(floats, math.Float64frombits(rng.Uint64()))
		}
	}
	// The strings go to Python as hex-encoded UTF-8, the floats as their bit patterns.
	var in bytes.Buffer
	for _, s := range strs {
		fmt.Fprintf(&in, "s %x\n", s)
	}
	for _, f := range floats {
		fmt.Fprintf(&in, "f %016x\n", math.Float64bits(f))
	}
	const prog = `import sys, struct
for line in sys.stdin:
    kind, val = line.split(' ', 1)
    val = val.strip()
    if kind == 's':
        print repr(val.decode('hex').decode('utf8'))
    else:
        print str(struct.unpack('>d', val.decode('hex'))[0])
`
	sc := python2(t, prog, in.Bytes())
	next := func() string {
		if !sc.Scan() {
			t.Fatal("python2 printed fewer lines than it was given")
		}
		return sc.Text()
	}
	for _, s := range strs {
		if got, want := pytext.Repr(s), next(); got != want {
			t.Errorf("pytext.Repr(%q) = %s, Python 2.7: %s", s, got, want)
		}
	}
	for _, f := range floats {
		if got, want := string(pytext.AppendFloat(nil, f)), next(); got != want {
			t.Errorf("pytext.AppendFloat(%v) = %s, Python 2.7: %s", f, got, want)
		}
	}
}

// TestFloatFormats: repr and str of floats as Python 2.7.18 prints them (values from the
// interpreter).
func TestFloatFormats(t *testing.T) {
	for _, c := range []struct {
		x         float64
		repr, str string
	}{
		{0.1, "0.1", "0.1"},
		{1, "1.0", "1.0"},
		{1e16, "1e+16", "1e+16"},
		{1e15, "1000000000000000.0", "1e+15"},
		{123456789012345.6, "123456789012345.6", "1.23456789012e+14"},
		{1e-05, "1e-05", "1e-05"},
		{0.0001, "0.0001", "0.0001"},
		{2.0 / 3, "0.6666666666666666", "0.666666666667"},
		{math.Copysign(0, -1), "-0.0", "-0.0"},
		{1e300, "1e+300", "1e+300"},
		{5e-324, "5e-324", "4.94065645841e-324"},
		{100, "100.0", "100.0"},
	} {
		if got := string(pytext.AppendFloatRepr(nil, c.x)); got != c.repr {
			t.Errorf("repr(%v) = %s, want %s", c.x, got, c.repr)
		}
		if got := string(pytext.AppendFloat(nil, c.x)); got != c.str {
			t.Errorf("str(%v) = %s, want %s", c.x, got, c.str)
		}
	}
}

// python2 runs prog with Python 2.7 (python2, with PYENV_VERSION=2.7.18 unless it is set) on
// input and returns what it printed, line by line; it skips the test where python2 does not run.
func python2(t *testing.T, prog string, input []byte) *bufio.Scanner {
	t.Helper()
	py, err := exec.LookPath("python2")
	if err != nil {
		t.Skip("python2 not found: the comparison with Python 2.7 is skipped")
	}
	cmd := exec.Command(py, "-c", prog)
	cmd.Stdin = bytes.NewReader(input)
	if os.Getenv("PYENV_VERSION") == "" {
		cmd.Env = append(os.Environ(), "PYENV_VERSION=2.7.18")
	}
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("python2 did not run (%v): the comparison with Python 2.7 is skipped", err)
	}
	return bufio.NewScanner(bytes.NewReader(out))
}
