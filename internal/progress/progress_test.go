package progress

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestIsTerminal(t *testing.T) {
	regular, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer regular.Close()
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	tests := []struct {
		name string
		w    interface{ Write([]byte) (int, error) }
		want bool
		why  string
	}{
		{"buffer", &bytes.Buffer{}, false, "not a file: tests, pipes inside the program"},
		{"regular file", regular, false, "stderr redirected to a file: no progress in the log"},
		{"/dev/null", devNull, false, "a character device, but not a terminal: no progress for output thrown away"},
	}
	for _, tt := range tests {
		if got := IsTerminal(tt.w); got != tt.want {
			t.Errorf("%s: isTerminal = %v, want %v (%s)", tt.name, got, tt.want, tt.why)
		}
	}
}

func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	p := &Line{w: &buf, enabled: true, start: time.Now(), delay: 0}
	p.Update("scoring sentence", 1, 10)
	p.Update("scoring sentence", 2, 10) // within progressInterval of the last: skipped
	p.Update("scoring sentence", 10, 10)
	p.Printf("a warning\n")
	p.Update("bootstrap resample", 5, 5)
	p.Clear()
	p.Clear() // nothing on screen: nothing to clear
	want := "\r\033[Kmaxmatch: scoring sentence 1/10" +
		"\r\033[Kmaxmatch: scoring sentence 10/10" +
		"\r\033[Ka warning\n" +
		"\r\033[Kmaxmatch: bootstrap resample 5/5" +
		"\r\033[K"
	if got := buf.String(); got != want {
		t.Errorf("progress wrote %q, want %q", got, want)
	}

	for _, tt := range []struct {
		name string
		p    *Line
	}{
		{"not a terminal", &Line{w: &buf, enabled: false, start: time.Now()}},
		{"a quick run", &Line{w: &buf, enabled: true, start: time.Now(), delay: time.Hour}},
	} {
		buf.Reset()
		tt.p.Update("scoring sentence", 1, 10)
		tt.p.Clear()
		tt.p.Printf("a warning\n")
		if got := buf.String(); got != "a warning\n" {
			t.Errorf("%s: wrote %q, want only the warning", tt.name, got)
		}
	}
}

// TestProgressSharedOutput checks the rules for standard output on the same terminal: the line
// is cleared before output, never drawn while a line of output is unfinished, and a warning
// that comes then waits for the line's end.
func TestProgressSharedOutput(t *testing.T) {
	var term bytes.Buffer // what the terminal shows, both streams
	p := &Line{w: &term, enabled: true, start: time.Now(), delay: 0}
	p.Update("scoring sentence", 1, 3)
	p.writeOutput(&term, []byte("{\"line\":1}\n{\"li"))
	p.Update("scoring sentence", 2, 3) // mid-line: not drawn
	p.Printf("a warning\n")            // mid-line: held
	p.writeOutput(&term, []byte("ne\":2}\n"))
	p.Update("scoring sentence", 3, 3)
	p.Clear()
	want := "\r\033[Kmaxmatch: scoring sentence 1/3" +
		"\r\033[K{\"line\":1}\n{\"li" +
		"ne\":2}\na warning\n" +
		"\r\033[Kmaxmatch: scoring sentence 3/3" +
		"\r\033[K"
	if got := term.String(); got != want {
		t.Errorf("the terminal shows %q, want %q", got, want)
	}
}

// TestProgressReading checks the line while files are read: with and without a task, with and
// without a known size; once a file is read, only the task.
func TestProgressReading(t *testing.T) {
	var buf bytes.Buffer
	p := &Line{w: &buf, enabled: true, start: time.Now(), delay: 0}
	p.Doing("checking the files")
	p.last = time.Time{}
	p.Reading("big.m2", 3<<20, 10<<20)
	p.last = time.Time{}
	p.Update("scoring sentence", 7, 0)
	p.last = time.Time{}
	p.Reading("-", 1<<20, -1)
	p.last = time.Time{}
	p.Reading("-", 2<<20, 2<<20)
	want := "\r\033[Kmaxmatch: checking the files" +
		"\r\033[Kmaxmatch: checking the files, 3.0 MB of 10.0 MB of big.m2 read" +
		"\r\033[Kmaxmatch: scoring sentence 7, 3.0 MB of 10.0 MB of big.m2 read" +
		"\r\033[Kmaxmatch: scoring sentence 7, 1.0 MB of - read" +
		"\r\033[Kmaxmatch: scoring sentence 7"
	if got := buf.String(); got != want {
		t.Errorf("progress wrote %q,\nwant %q", got, want)
	}
}
