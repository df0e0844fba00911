package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"maxmatch/bench/cases"
)

// writeLongCase writes a long-line case (bench/cases.LongFamilies) of n tokens to a temporary
// directory and returns the system and gold paths.
func writeLongCase(t *testing.T, family string, n int) (system, gold string) {
	t.Helper()
	f, ok := cases.LongFamilyByName(family)
	if !ok {
		t.Fatalf("no family %q", family)
	}
	c := f.Case(n, 1)
	dir := t.TempDir()
	system, gold = filepath.Join(dir, "sys.txt"), filepath.Join(dir, "gold.m2")
	if err := os.WriteFile(system, []byte(c.System()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gold, []byte(c.M2()), 0o644); err != nil {
		t.Fatal(err)
	}
	return system, gold
}

// TestMillionTokenLineUnderSmallBudget: the 1,000,000-token line under a 64 MB budget
// stops with one clear error (file:line, size, budget), exit 2, nothing on stdout; never Go's
// out-of-memory error.
func TestMillionTokenLineUnderSmallBudget(t *testing.T) {
	system, gold := writeLongCase(t, "near-identical", 1_000_000)
	var stdout, stderr bytes.Buffer
	code := run([]string{"score", "--max-memory", "64M", system, gold}, &stdout, &stderr)
	msg := stderr.String()
	if code != exitError || stdout.Len() != 0 {
		t.Errorf("exit %d, stdout %q: want exit %d and nothing", code, stdout.String(), exitError)
	}
	for _, want := range []string{gold + ":1)", "is too large for the memory budget", "1,000,000 source and 1,000,000 hypothesis tokens", "--max-memory 64.0 MB"} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr %q does not say %q", msg, want)
		}
	}
	if strings.Count(msg, "\n") != 1 {
		t.Errorf("stderr has %d lines, want one: %q", strings.Count(msg, "\n"), msg)
	}
}

// TestLongLineScoredExactly: a near-identical line of 100,000 tokens is scored exactly under
// the default budget, without a warning.
func TestLongLineScoredExactly(t *testing.T) {
	system, gold := writeLongCase(t, "near-identical", 100_000)
	var stdout, stderr bytes.Buffer
	code := run([]string{"score", "--counts", system, gold}, &stdout, &stderr)
	if code != exitOK || stderr.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	// One edit of the two is the gold one (5–6 → X).
	if want := "TP          : 1\nFP          : 1\nFN          : 0\n"; !strings.HasSuffix(stdout.String(), want) {
		t.Errorf("stdout %q, want it to end with %q", stdout.String(), want)
	}
}
