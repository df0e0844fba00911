package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestM2Out checks --out: the file holds what stdout would, with permissions 0644; a failed run
// leaves an existing file as it was and no temporary file behind.
func TestM2Out(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "gold.m2")
	args := []string{"m2", "testdata/m2/source.txt", "testdata/m2/ref0.txt", "testdata/m2/ref1.txt"}
	var want, stderr bytes.Buffer
	if code := run(args, &want, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var stdout bytes.Buffer
	if code := run(append([]string{"m2", "--out", out}, args[1:]...), &stdout, &stderr); code != exitOK || stdout.Len() > 0 || stderr.Len() > 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("--out wrote\n%s\nstdout has\n%s", got, want.Bytes())
	}
	fi, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o644 {
		t.Errorf("permissions %v, want 0644", perm)
	}

	bad := []string{"m2", "--out", out, "testdata/m2/source.txt", "testdata/m2/short.txt"}
	if code := run(bad, &stdout, &stderr); code != exitError || stdout.Len() > 0 || !strings.Contains(stderr.String(), "has 2 lines") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	if again, err := os.ReadFile(out); err != nil || !bytes.Equal(again, want.Bytes()) {
		t.Errorf("a failed run changed the output file (%v)", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("the directory holds %d files, want gold.m2 alone", len(entries))
	}
}

// TestM2ScoresReferencesPerfectly scores each reference with "maxmatch score" against the file
// made from it: P = R = 1.
func TestM2ScoresReferencesPerfectly(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gold.m2")
	refs := []string{"testdata/m2/ref0.txt", "testdata/m2/ref1.txt"}
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"m2", "--out", out, "testdata/m2/source.txt"}, refs...), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, ref := range refs {
		stdout.Reset()
		if code := run([]string{"score", "--counts", ref, out}, &stdout, &stderr); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "Precision   : 1.0000\nRecall      : 1.0000\nF_0.5       : 1.0000\n") ||
			!strings.Contains(stdout.String(), "FP          : 0\nFN          : 0\n") {
			t.Errorf("%s scored against the file made from it:\n%s", ref, stdout.String())
		}
	}
}

// TestM2TooLarge: a reference too large for the memory budget even for the bounded search is
// one message, naming its source line and the budget m2 was given; the flag it advises is m2's
// own (it advised --max-memory, which m2 did not have, and said "gold line 0").
func TestM2TooLarge(t *testing.T) {
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", "a b\n"+numberedWords("s", 30_000)+"\n")
	ref := writeText(t, dir, "ref.txt", "a c\n"+numberedWords("r", 30_000)+"\n")
	var stdout, stderr bytes.Buffer
	code := run([]string{"m2", "--max-memory", "64M", src, ref}, &stdout, &stderr)
	want := "maxmatch m2: " + src + ":2: sentence 2 is too large for the memory budget: 30,000 source and 30,000 hypothesis tokens"
	if code != exitError || !strings.HasPrefix(stderr.String(), want) || !strings.Contains(stderr.String(), "(--max-memory 64.0 MB,") ||
		!strings.HasSuffix(stderr.String(), "; a larger --max-memory would score it\n") || stdout.Len() > 0 {
		t.Errorf("exit %d, %q; want 2 and %q…", code, stderr.String(), want)
	}
	if help := runOK(t, "m2", "-h"); !strings.Contains(help, "--max-memory SIZE") {
		t.Errorf("m2 -h does not list the --max-memory it advises")
	}
}
