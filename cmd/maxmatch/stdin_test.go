package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

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

// TestStdinDirectory reads a directory as standard input in each command that reads it: every
// one names it "standard input", the file's role and the operating system's words, as a file
// given by its path is named (serve said "read /dev/stdin: is a directory").
func TestStdinDirectory(t *testing.T) {
	dir, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"score", "-", "testdata/small.m2"}, "maxmatch score: standard input: cannot read the system file: is a directory\n"},
		{[]string{"nbest", "-", "testdata/small.m2"}, "maxmatch nbest: standard input: cannot read the n-best list file: is a directory\n"},
		{[]string{"serve", "--gold", "testdata/small.m2"}, "maxmatch serve: standard input: cannot read the requests: is a directory\n"},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		code := runStdin(tt.args, dir, &stdout, &stderr)
		if code != exitError || stderr.String() != tt.msg || stdout.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, nothing on stdout and %q", tt.args, code, stdout.String(), stderr.String(), exitError, tt.msg)
		}
	}
}
