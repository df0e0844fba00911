package service

import (
	"errors"
	"strings"
	"testing"

	"maxmatch/version"
)

// TestServe answers a stream of requests: one line each in their order, blank lines skipped,
// a line over the limit answered with an error and the next served, the signature in "info".
func TestServe(t *testing.T) {
	srv := newTestServer(t)
	srv.Signature = "m2|test"
	in := strings.Join([]string{
		`{"id": 0, "hyp": "He goes home ."}`,
		"",
		`{"id": 1, "hyp": "` + strings.Repeat("x ", 40) + `"}`,
		`{"id": 1, "hyp": "I like it ."}`,
		`{"info": true}`,
	}, "\n")
	srv.cfg.MaxRequestBytes = 60
	var out strings.Builder
	if err := srv.Serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{
		`{"id":0,"annotator":0,"correct":1,`,
		`{"id":null,"error":{"line":3,"message":"request longer than --max-request-bytes=60`,
		`{"id":1,"annotator":0,"correct":0,`,
		`{"id":null,"protocol":5,"version":"` + version.String() + `","sentences":2,`,
	}
	if len(lines) != len(want) {
		t.Fatalf("%d answers, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("answer %d: %s\nwant it to start with %s", i+1, lines[i], w)
		}
	}
	if !strings.HasSuffix(lines[3], `"signature":"m2|test"}`) {
		t.Errorf("info: %s, want the signature last", lines[3])
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left") }

// TestServeWriteError: a failed write stops the service with a *WriteError.
func TestServeWriteError(t *testing.T) {
	err := newTestServer(t).Serve(strings.NewReader(`{"id": 0, "hyp": "x"}`+"\n"), failingWriter{})
	var we *WriteError
	if !errors.As(err, &we) || we.Err.Error() != "no space left" {
		t.Errorf("%v, want a *WriteError", err)
	}
}
