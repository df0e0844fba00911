package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// readTwice reads an input twice, as a checked then scored file is.
func readTwice(t *testing.T, in *input) (first, second string, err error) {
	t.Helper()
	in.twice = true
	for _, dst := range []*string{&first, &second} {
		r := in.reader()
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

// withStdin runs f with standard input reading r.
func withStdin(r io.Reader, f func()) {
	saved := stdin
	stdin = r
	defer func() { stdin = saved }()
	f()
}

// runStdin runs the command with standard input reading r.
func runStdin(args []string, r io.Reader, stdout, stderr io.Writer) (code int) {
	withStdin(r, func() { code = run(args, stdout, stderr) })
	return code
}

// TestInputReadTwice checks the ways an input is read a second time: a regular file is opened
// again; standard input from a pipe is copied as it is read, in memory or, beyond spoolMemory,
// in a temporary file; standard input from a regular file is read again from its start.
func TestInputReadTwice(t *testing.T) {
	data, err := os.ReadFile("testdata/report.m2")
	if err != nil {
		t.Fatal(err)
	}
	pipe := func() io.Reader { return pipeOf(t, data) }
	file, err := os.Open("testdata/report.m2")
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
		{"a regular file", "testdata/report.m2", nil, spoolMemory, false},
		{"a pipe, copied in memory", "-", pipe(), spoolMemory, false},
		{"a pipe, copied to a file", "-", pipe(), 16, true},
		{"a regular file on standard input", "-", file, spoolMemory, false},
	}
	for _, tt := range tests {
		saved := spoolMemory
		spoolMemory = tt.memory
		withStdin(tt.stdin, func() {
			in := newInput(tt.arg, "gold", nil)
			defer in.close()
			first, second, err := readTwice(t, in)
			if err != nil || first != string(data) || second != string(data) {
				t.Errorf("%s: read %d and %d bytes (%v), want %d twice", tt.name, len(first), len(second), err, len(data))
			}
			if got := in.spool != nil && in.spool.file != nil; got != tt.inFile {
				t.Errorf("%s: copy in a temporary file %v, want %v", tt.name, got, tt.inFile)
			}
		})
		spoolMemory = saved
	}
}

// TestInputErrors checks the messages of files that cannot be read.
func TestInputErrors(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("S a b c\n\n"), 1000))
	zw.Close()
	truncated := filepath.Join(dir, "truncated.m2")
	if err := os.WriteFile(truncated, gz.Bytes()[:gz.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		arg, want, why string
	}{
		{"testdata/nonexistent.m2", "testdata/nonexistent.m2: cannot read the gold file: no such file or directory", "a missing file"},
		{"testdata", "testdata: cannot read the gold file: is a directory", "a directory"},
		{"testdata/notgzip.m2.gz", "testdata/notgzip.m2.gz: cannot decompress the gold file (its name ends in .gz): gzip: invalid header", "a .gz name on a plain file"},
		{truncated, truncated + ": cannot decompress the gold file (it starts with gzip's signature): unexpected EOF", "a gzip file cut short, recognised by its content"},
	}
	for _, tt := range tests {
		in := newInput(tt.arg, "gold", nil)
		_, err := in.readAll()
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v\nwant %s", tt.why, err, tt.want)
		}
	}
}
