package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"maxmatch/benchcases"
	"maxmatch/nbest"
)

// writeLongCase writes a long-line case (bench/benchcases.LongFamilies) of n tokens to a temporary
// directory and returns the system and gold paths.
func writeLongCase(t *testing.T, family string, n int) (system, gold string) {
	t.Helper()
	f, ok := benchcases.LongFamilyByName(family)
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

// TestTooLargeAfterPrintedSentences: when a sentence too large for the budget stops a run that
// prints sentences as they are scored, every sentence before it is on stdout, whole (not what
// a buffer happened to hold), and the one message says the output is incomplete.
func TestTooLargeAfterPrintedSentences(t *testing.T) {
	f, _ := benchcases.LongFamilyByName("near-identical")
	small, large := f.Case(1_000, 1), f.Case(1_000_000, 1)
	dir := t.TempDir()
	system, gold := filepath.Join(dir, "sys.txt"), filepath.Join(dir, "gold.m2")
	if err := os.WriteFile(system, []byte(small.System()+small.System()+large.System()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gold, []byte(small.M2()+small.M2()+large.M2()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flag  string
		lines int // of stdout: the two sentences before the large one
		more  string
	}{
		{"--jsonl", 2, "standard output holds the reports of the 2 sentences before it only, without the totals"},
		{"--per-sentence", 3, "standard output holds the reports of the 2 sentences before it only, without the totals"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"score", tc.flag, "--max-memory", "64M", system, gold}, &stdout, &stderr)
		msg := stderr.String()
		if code != exitError {
			t.Errorf("%s: exit %d, want %d", tc.flag, code, exitError)
		}
		if n := strings.Count(stdout.String(), "\n"); n != tc.lines || !strings.HasSuffix(stdout.String(), "\n") {
			t.Errorf("%s: stdout has %d whole lines, want %d: %q", tc.flag, n, tc.lines, stdout.String())
		}
		if !strings.Contains(msg, "sentence 3 ("+gold+":") || !strings.HasSuffix(msg, "; "+tc.more+"\n") || strings.Count(msg, "\n") != 1 {
			t.Errorf("%s: stderr %q: want one line naming sentence 3 and ending %q", tc.flag, msg, tc.more)
		}
	}
}

// TestNbestTooLargeAfterPrintedHypotheses: the same for an n-best list scored in two passes
// (its output streamed): the hypotheses before the large sentence are on stdout, and the
// message says so.
func TestNbestTooLargeAfterPrintedHypotheses(t *testing.T) {
	defer func(b int64) { onePassBytes = b }(onePassBytes)
	onePassBytes = -1 // every list checked first, its rows streamed
	f, _ := benchcases.LongFamilyByName("near-identical")
	small, large := f.Case(1_000, 1), f.Case(1_000_000, 1)
	dir := t.TempDir()
	list, gold := filepath.Join(dir, "list.nbest"), filepath.Join(dir, "gold.m2")
	hyp := func(c benchcases.Case) string { return strings.TrimSuffix(c.System(), "\n") }
	// A batch's worth of hypotheses of sentence 0 (the list is scored in batches of
	// nbest.BatchHyps, printed whole), then sentence 1, too large for the budget.
	text := strings.Repeat("0 ||| "+hyp(small)+" ||| f ||| 1\n", nbest.BatchHyps) + "1 ||| " + hyp(large) + " ||| f ||| 1\n"
	if err := os.WriteFile(list, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gold, []byte(small.M2()+large.M2()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"nbest", "--jsonl", "--max-memory", "64M", list, gold}, &stdout, &stderr)
	msg := stderr.String()
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	if n := strings.Count(stdout.String(), "\n"); n != nbest.BatchHyps || !strings.HasPrefix(stdout.String(), `{"id":0,"k":0,`) {
		t.Errorf("stdout has %d lines, want the %d hypotheses of sentence 0", n, nbest.BatchHyps)
	}
	if want := fmt.Sprintf("; standard output holds the scores of the %d hypotheses before it only\n", nbest.BatchHyps); !strings.Contains(msg, "sentence 2 ("+gold+":") || !strings.HasSuffix(msg, want) || strings.Count(msg, "\n") != 1 {
		t.Errorf("stderr %q: want one line naming sentence 2 and ending %q", msg, want)
	}
}
