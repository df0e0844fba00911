package main

import (
	"bytes"
	"os"
	"testing"
)

func TestOutput(t *testing.T) {
	var buf, stderr bytes.Buffer
	if code := output(&buf, &stderr, "maxmatch x", []byte("all of it\n")); code != exitOK || buf.String() != "all of it\n" || stderr.Len() > 0 {
		t.Errorf("%d, %q, %q", code, buf.String(), stderr.String())
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	// The runtime turns EPIPE on file descriptors 1 and 2 into SIGPIPE; on another pipe it
	// is an error, which must stay quiet.
	if code := output(w, &stderr, "maxmatch x", []byte("x")); code != exitError || stderr.Len() > 0 {
		t.Errorf("a closed pipe: %d, %q, want 2 and nothing said", code, stderr.String())
	}
	w.Close()
}
