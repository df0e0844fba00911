package input

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// gzipped returns text compressed as one gzip member.
func gzipped(text string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(text))
	zw.Close()
	return b.Bytes()
}

// TestGzipMembersAndPadding reads what GNU gzip reads: members one after another, and zero
// bytes after the last (a tape's or a block device's padding); bytes after the padding that
// are not zeros are an error, and so is a member cut short.
func TestGzipMembersAndPadding(t *testing.T) {
	one, two := gzipped("S a b\n\n"), gzipped("S c d\n\n")
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		data []byte
		text string // "" with err
		err  string
		why  string
	}{
		{cat(one, make([]byte, 1024)), "S a b\n\n", "", "1 KB of zero padding, accepted as GNU gzip accepts it"},
		{cat(one, []byte{0}), "S a b\n\n", "", "one zero byte"},
		{cat(one, two), "S a b\n\nS c d\n\n", "", "two members"},
		{cat(one, two, make([]byte, 512)), "S a b\n\nS c d\n\n", "", "two members, then padding"},
		{cat(one, make([]byte, 10), []byte("x")), "", "bytes other than zeros after the compressed data's zero padding", "padding, then something else"},
		{cat(one, []byte("this is not gzip")), "", "gzip: invalid header", "a second member that is not gzip"},
		{one[:len(one)-3], "", "unexpected EOF", "a member cut short"},
	}
	dir := t.TempDir()
	gzipTool, noGzip := exec.LookPath("gzip")
	for i, tt := range tests {
		path := filepath.Join(dir, "f.m2.gz")
		if err := os.WriteFile(path, tt.data, 0o644); err != nil {
			t.Fatal(err)
		}
		text, err := New(path, "gold", Options{}).ReadAll()
		if tt.err == "" && (err != nil || text != tt.text) || tt.err != "" && (err == nil || !strings.HasSuffix(err.Error(), ": "+tt.err)) {
			t.Errorf("%d, %s: %q, %v; want %q %q", i, tt.why, text, err, tt.text, tt.err)
		}
		if noGzip == nil && tt.err == "" {
			// GNU gzip reads the same text, without a word.
			out, err := exec.Command(gzipTool, "-dc", path).CombinedOutput()
			if err != nil || string(out) != tt.text {
				t.Errorf("%d, %s: gzip -dc gives %q, %v", i, tt.why, out, err)
			}
		}
	}
}

// TestLineLimit reads files with a line at, and one byte over, the limit: in every layout
// (first line, middle, last without a line break, a line across many reads), whole or in
// small reads, plain or compressed, the longer line stops the reading with one error that
// names the file, its role and the line; a line at the limit passes.
func TestLineLimit(t *testing.T) {
	const max = 100
	line := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		text string
		line int // the line too long, 0: none
		why  string
	}{
		{line(max) + "\n" + line(max) + "\n", 0, "two lines at the limit"},
		{line(max), 0, "a last line at the limit, without a line break"},
		{line(max+1) + "\n", 1, "the first line one byte over"},
		{"x\n" + line(max+1) + "\nx\n", 2, "a middle line"},
		{"x\ny\n" + line(max+1), 3, "the last line, without a line break"},
		{strings.Repeat("ab\n", 1000) + line(10*max), 1001, "a long line after many short ones"},
		{"\n\n\n" + line(max) + "\n" + line(max+1), 5, "empty lines counted"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		for _, gz := range []bool{false, true} {
			data, name := []byte(tt.text), filepath.Join(dir, "sys.txt")
			if gz {
				data, name = gzipped(tt.text), name+".gz"
			}
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
			opt := Options{MaxLine: max}
			whole, errWhole := New(name, "system", opt).ReadAll()
			r := New(name, "system", opt).Reader()
			small, errSmall := io.ReadAll(io.LimitReader(oneByteAtATime{r}, 1<<20))
			r.Close()
			for _, got := range []struct {
				text string
				err  error
				how  string
			}{{whole, errWhole, "whole"}, {string(small), errSmall, "a byte at a time"}} {
				if tt.line == 0 {
					if got.err != nil || got.text != tt.text {
						t.Errorf("%s (gzip %v, %s): %v", tt.why, gz, got.how, got.err)
					}
					continue
				}
				var le *LongLineError
				if !errors.As(got.err, &le) || le.Line != tt.line {
					t.Errorf("%s (gzip %v, %s): %v, want line %d too long", tt.why, gz, got.how, got.err, tt.line)
					continue
				}
				want := name + ":" + strconv.Itoa(tt.line) + ": the system file's line is longer than 100 bytes"
				if got.err.Error() != want {
					t.Errorf("%s: %q, want %q", tt.why, got.err, want)
				}
			}
		}
	}
	opt := Options{MaxLine: 4, MaxLineText: "4 B, a sixteenth of the memory budget"}
	_, err := New("-", "gold", Options{Stdin: strings.NewReader("S a b c\n"), MaxLine: opt.MaxLine, MaxLineText: opt.MaxLineText}).ReadAll()
	if want := "standard input:1: the gold file's line is longer than 4 B, a sixteenth of the memory budget"; err == nil || err.Error() != want {
		t.Errorf("the limit said by MaxLineText: %v, want %q", err, want)
	}
}

// oneByteAtATime reads through r a byte at a time: a line across many reads.
type oneByteAtATime struct{ r io.Reader }

func (o oneByteAtATime) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}

// BenchmarkLineLimit reads 16 MB of gold-like text, with and without the line limit: the cost
// of counting the lines as they pass.
func BenchmarkLineLimit(b *testing.B) {
	data := bytes.Repeat([]byte("S a b c d e f g h i j k l m n o p\nA 0 1|||Vt|||x|||REQUIRED|||-NONE-|||0\n\n"), 16<<20/80)
	for _, limit := range []int64{0, 1 << 20} {
		name := "none"
		if limit > 0 {
			name = "1MB"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for range b.N {
				r := New("-", "gold", Options{Stdin: bytes.NewReader(data), MaxLine: limit}).Reader()
				if _, err := io.Copy(io.Discard, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestReadAllReservesWithinBudget reads a file far larger than the memory budget whose first
// line is too long: the reading stops there, having reserved no more than the budget for the
// text. Reserving the file's size up front took the address space that a limit (prlimit --as)
// leaves the run: "maxmatch m2" on a 300 MB reference ended in the Go runtime's "out of
// memory" under a budget of 127 MB instead of the line's error.
func TestReadAllReservesWithinBudget(t *testing.T) {
	const budget, size = 4 << 20, 256 << 20
	name := filepath.Join(t.TempDir(), "ref.txt")
	// A sparse file: 256 MB of zero bytes, no line break, on a few blocks of disk.
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(name, size); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := New(name, "reference", Options{MaxLine: budget / 16, MemoryBudget: budget}).ReadAll()
	runtime.ReadMemStats(&after)
	var le *LongLineError
	if !errors.As(err, &le) || le.Line != 1 {
		t.Fatalf("%v, want line 1 too long", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 2*budget {
		t.Errorf("reading allocated %d bytes, more than twice the budget (%d): the file's size, %d, was reserved", got, budget, size)
	}
}
