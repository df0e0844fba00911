package wdiff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"maxmatch/hoo/fragment"
)

// TestMarkerWarning names the first of wdiff's markers a text holds, by line and byte column,
// and nothing for a text without one.
func TestMarkerWarning(t *testing.T) {
	for _, c := range []struct {
		text, want string // want: the warning's start, "" for none
		why        string
	}{
		{"The cat sat .\n", "", "no marker"},
		{"a - ] [ + } { -b+", "", "the markers' characters apart are no marker"},
		{"x [- y", "t.txt:1:3: holds \"[-\"", "a deletion's start"},
		{"x -] y", "t.txt:1:3: holds \"-]\"", "a deletion's end"},
		{"line one\nsee {+ and +}", "t.txt:2:5: holds \"{+\"", "the first on its line, the line counted"},
		{"a +} then [-", "t.txt:1:3: holds \"+}\"", "the first in the text, whichever marker"},
	} {
		got := MarkerWarning("t.txt", c.text)
		if c.want == "" && got != "" || c.want != "" && !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: MarkerWarning(%q) = %q, want it to start with %q", c.why, c.text, got, c.want)
		}
	}
}

// TestExtractFilesWarnsOfMarkers: a raw text holding a marker is warned of once, though two
// system texts are extracted against it, and each system text holding one once; the
// extraction still runs as the official's does.
func TestExtractFilesWarnsOfMarkers(t *testing.T) {
	dir := t.TempDir()
	texts := map[string]string{
		"0001.txt":    "The cat sat on a mat [- old -] here .\n",
		"0001XX1.txt": "The cat sits on a mat here .\n",
		"0001YY1.txt": "The cat sits {+ on a mat here .\n",
	}
	for name, text := range texts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw := filepath.Join(dir, "0001.txt")
	var pairs []fragment.TextPair
	for _, n := range []string{"0001XX1.txt", "0001YY1.txt"} {
		name, ok := fragment.ParseName(n)
		if !ok {
			t.Fatalf("%s: not a system text's name", n)
		}
		pairs = append(pairs, fragment.TextPair{Raw: raw, System: filepath.Join(dir, n), Name: name})
	}
	var warnings []string
	outputs, err := ExtractFiles(pairs, Options{}, nil, func(w string) { warnings = append(warnings, w) })
	if err != nil {
		t.Fatal(err)
	}
	if len(outputs) != 2 {
		t.Errorf("%d edit files, want 2", len(outputs))
	}
	want := []string{raw + ":1:22: holds \"[-\"", pairs[1].System + ":1:14: holds \"{+\""}
	if len(warnings) != len(want) {
		t.Fatalf("warnings %q, want one starting with each of %q", warnings, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(warnings[i], w) {
			t.Errorf("warning %d is %q, want it to start with %q", i, warnings[i], w)
		}
	}
}
