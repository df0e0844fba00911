package main

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
		{"/dev/null", devNull, true, "a character device, like a terminal (harmless there)"},
	}
	for _, tt := range tests {
		if got := isTerminal(tt.w); got != tt.want {
			t.Errorf("%s: isTerminal = %v, want %v (%s)", tt.name, got, tt.want, tt.why)
		}
	}
}

func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, enabled: true, start: time.Now(), delay: 0}
	p.update("scoring sentence", 1, 10)
	p.update("scoring sentence", 2, 10) // within progressInterval of the last: skipped
	p.update("scoring sentence", 10, 10)
	p.printf("a warning\n")
	p.update("bootstrap resample", 5, 5)
	p.clear()
	p.clear() // nothing on screen: nothing to clear
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
		p    *progress
	}{
		{"not a terminal", &progress{w: &buf, enabled: false, start: time.Now()}},
		{"a quick run", &progress{w: &buf, enabled: true, start: time.Now(), delay: time.Hour}},
	} {
		buf.Reset()
		tt.p.update("scoring sentence", 1, 10)
		tt.p.clear()
		tt.p.printf("a warning\n")
		if got := buf.String(); got != "a warning\n" {
			t.Errorf("%s: wrote %q, want only the warning", tt.name, got)
		}
	}
}
