package main

import (
	"io"
	"os"
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
