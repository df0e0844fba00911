package service

import (
	"errors"
	"strconv"
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

// TestServeReusesBuffers serves requests of every size twice, on two workers, so that lines and
// answers are written into buffers of earlier ones (of other sizes, some too long to keep): every
// answer is the one Answer gives the line alone, and a blank line or a line over the limit in
// between changes nothing.
func TestServeReusesBuffers(t *testing.T) {
	srv := newTestServer(t)
	srv = New(srv.p.Sentences(), srv.p.Options(), Config{Workers: 2, MaxRequestBytes: 1 << 20})
	var lines []string
	for n := 1; n <= 1<<14; n *= 2 { // lines of 70 bytes to 300 kB (identical hypotheses are scored once)
		hyps := strings.TrimSuffix(strings.Repeat(`"He goes home .", `, n), ", ")
		lines = append(lines, `{"id": 1, "batch": [[0, [`+hyps+`]], [1, ["I like them ."]]], "split": true}`)
		lines = append(lines, `{"id": 0, "hyp": "He go home ."}`)
	}
	lines = append(lines, "", `{"id": 1, "hyp": "`+strings.Repeat("x", 1<<20)+`"}`)
	in := strings.Join(lines, "\n")
	var want strings.Builder
	alone := newTestServer(t)
	for no, line := range lines {
		if line != "" && len(line) <= srv.cfg.MaxRequestBytes {
			want.Write(alone.Answer(0, []byte(line), no+1))
		}
	}
	for pass := 1; pass <= 2; pass++ {
		var out strings.Builder
		if err := srv.Serve(strings.NewReader(in), &out); err != nil {
			t.Fatal(err)
		}
		got, _ := strings.CutSuffix(out.String(), `{"id":null,"error":{"line":`+strconv.Itoa(len(lines))+`,"message":"request longer than --max-request-bytes=1048576: expected one JSON object of at most that size per line"}}`+"\n")
		if got != want.String() {
			t.Fatalf("pass %d: the answers differ from those to the lines alone:\n%.2000s\nwant\n%.2000s", pass, got, want.String())
		}
	}
	if len(srv.lines) == 0 || len(srv.answers) == 0 {
		t.Errorf("%d lines and %d answers kept, want some of each", len(srv.lines), len(srv.answers))
	}
}

// TestFreeList keeps at most freeListLen buffers, none over freeBufferMax, and gives one only
// when it has the room asked for.
func TestFreeList(t *testing.T) {
	f := newFreeList()
	f.put(make([]byte, 10, freeBufferMax+1))
	f.put(nil)
	if len(f) != 0 {
		t.Fatalf("kept %d buffers, want none: too long, and empty", len(f))
	}
	for range freeListLen + 5 {
		f.put(make([]byte, 3, 100))
	}
	if len(f) != freeListLen {
		t.Fatalf("kept %d buffers, want %d", len(f), freeListLen)
	}
	if b := f.get(50); cap(b) != 100 || len(b) != 0 {
		t.Errorf("get(50) = len %d cap %d, want a kept buffer, emptied", len(b), cap(b))
	}
	if b := f.get(200); cap(b) < 200 {
		t.Errorf("get(200) has room for %d, want 200", cap(b))
	}
}
