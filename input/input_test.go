package input

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testFile writes a gold-like file of n blocks in a temporary directory.
func testFile(t *testing.T, n int) (path string, data []byte) {
	t.Helper()
	data = bytes.Repeat([]byte("S a b c\nA 0 1|||Vt|||x|||REQUIRED|||-NONE-|||0\n\n"), n)
	path = filepath.Join(t.TempDir(), "gold.m2")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// readTwice reads a file twice, as a checked then scored file is.
func readTwice(t *testing.T, f *File) (first, second string, err error) {
	t.Helper()
	f.ReadTwice()
	for _, dst := range []*string{&first, &second} {
		r := f.Reader()
		b, e := io.ReadAll(r)
		r.Close()
		if e != nil {
			return first, second, e
		}
		*dst = string(b)
	}
	return first, second, nil
}

// pipeOf returns the reading end of a pipe that gives data, then its end.
func pipeOf(t *testing.T, data []byte) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write(data)
		w.Close()
	}()
	return r
}

// TestReadTwice checks the ways a file is read a second time: a regular file is opened again;
// standard input from a pipe is copied as it is read, in memory or, beyond SpoolMemory, in a
// temporary file; standard input from a regular file is read again from its start.
func TestReadTwice(t *testing.T) {
	path, data := testFile(t, 100)
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	tests := []struct {
		name   string
		arg    string
		stdin  io.Reader
		memory int
		inFile bool // the copy went to a temporary file
	}{
		{"a regular file", path, nil, 0, false},
		{"a pipe, copied in memory", "-", pipeOf(t, data), 0, false},
		{"a pipe, copied to a file", "-", pipeOf(t, data), 16, true},
		{"a regular file on standard input", "-", file, 0, false},
	}
	for _, tt := range tests {
		f := New(tt.arg, "gold", Options{Stdin: tt.stdin, SpoolMemory: tt.memory})
		first, second, err := readTwice(t, f)
		if err != nil || first != string(data) || second != string(data) {
			t.Errorf("%s: read %d and %d bytes (%v), want %d twice", tt.name, len(first), len(second), err, len(data))
		}
		if got := f.spool != nil && f.spool.file != nil; got != tt.inFile {
			t.Errorf("%s: copy in a temporary file %v, want %v", tt.name, got, tt.inFile)
		}
		f.Close()
	}
	// Read once, a pipe cannot be read again.
	f := New("-", "n-best list", Options{Stdin: pipeOf(t, data)})
	io.ReadAll(f.Reader())
	if _, err := io.ReadAll(f.Reader()); err == nil || err.Error() != "standard input: the n-best list file cannot be read twice (it is not a regular file)" {
		t.Errorf("a pipe read twice without ReadTwice: %v", err)
	}
}

// TestErrors checks the messages of files that cannot be read.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("S a b c\n\n"), 1000))
	zw.Close()
	truncated := filepath.Join(dir, "truncated.m2")
	notGzip := filepath.Join(dir, "plain.m2.gz")
	if err := os.WriteFile(truncated, gz.Bytes()[:gz.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notGzip, []byte("S a b c d e f g h i j\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		arg, want, why string
	}{
		{filepath.Join(dir, "missing.m2"), filepath.Join(dir, "missing.m2") + ": cannot read the gold file: no such file or directory", "a missing file"},
		{dir, dir + ": cannot read the gold file: is a directory", "a directory"},
		{notGzip, notGzip + ": cannot decompress the gold file (its name ends in .gz): gzip: invalid header", "a .gz name on a plain file"},
		{truncated, truncated + ": cannot decompress the gold file (it starts with gzip's signature): unexpected EOF", "a gzip file cut short, recognised by its content"},
	}
	for _, tt := range tests {
		_, err := New(tt.arg, "gold", Options{}).ReadAll()
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v\nwant %s", tt.why, err, tt.want)
		}
	}
}

// TestGzipAndSizes reads a compressed file by its name and by its signature, from a file and
// from standard input, and checks the sizes said of it.
func TestGzipAndSizes(t *testing.T) {
	_, data := testFile(t, 50)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	zw.Close()
	dir := t.TempDir()
	named, unnamed := filepath.Join(dir, "g.m2.gz"), filepath.Join(dir, "g.m2")
	for _, p := range []string{named, unnamed} {
		if err := os.WriteFile(p, gz.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var progress []int64
	opt := Options{Progress: func(name string, done, size int64) { progress = append(progress, done) }}
	for _, f := range []*File{New(named, "gold", opt), New(unnamed, "gold", opt), New("-", "gold", Options{Stdin: bytes.NewReader(gz.Bytes())})} {
		text, err := f.ReadAll()
		if err != nil || text != string(data) {
			t.Errorf("%s: %d bytes (%v), want %d", f.Name(), len(text), err, len(data))
		}
	}
	if got := New(named, "gold", opt).TextSize(); got != GzipRatio*int64(gz.Len()) {
		t.Errorf("TextSize of %s: %d, want %d × %d", named, got, GzipRatio, gz.Len())
	}
	if got := New(unnamed, "gold", opt).TextSize(); got != int64(gz.Len()) {
		t.Errorf("TextSize of %s (no .gz): %d, want its size %d", unnamed, got, gz.Len())
	}
	if got := New("-", "gold", Options{Stdin: strings.NewReader("x")}).TextSize(); got != -1 {
		t.Errorf("TextSize of a pipe: %d, want -1", got)
	}
	if len(progress) == 0 || progress[len(progress)-1] != int64(gz.Len()) {
		t.Errorf("progress %v, want it to end at the file's %d bytes", progress, gz.Len())
	}
}

func ExampleFile() {
	f := New("-", "system", Options{Stdin: strings.NewReader("He goes home .\n")})
	defer f.Close()
	text, err := f.ReadAll()
	fmt.Printf("%s: %q %v\n", f.Name(), text, err)
	// Output: standard input: "He goes home .\n" <nil>
}
