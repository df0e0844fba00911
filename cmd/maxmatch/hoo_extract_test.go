package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestHooM2Extract runs the m2 extraction on testdata/hoo and compares the XML it writes with
// testdata/golden/hoo-extract-m2.xml (-update rewrites it). The system merges nothing it
// should not: "; the" → ". The" crosses no sentence of the source, the inserted "the " carries
// its trailing space as in the gold.
func TestHooM2Extract(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	code := run([]string{"hoo", "extract", "--method", "m2", "--gold", "testdata/hoom2/gold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", out}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("status %d, stderr %s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(out, "0001AB1.xml"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "golden", "hoo-extract-m2.xml")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("0001AB1.xml differs from %s\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
	if names := hooDirNames(t, out); len(names) != 1 {
		t.Errorf("wrote %v, want only 0001AB1.xml (no temporary file left)", names)
	}
}

func TestHooM2ExtractWritesNothingOnError(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	code := run([]string{"hoo", "extract", "--method", "m2", "--gold", "testdata/hoom2/badgold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", out}, &stdout, &stderr)
	if code != exitError || stdout.Len() != 0 {
		t.Fatalf("status %d, stdout %q: want 2 and nothing", code, stdout.String())
	}
	if names := hooDirNames(t, out); len(names) != 0 {
		t.Errorf("wrote %v on error", names)
	}
}
