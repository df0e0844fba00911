package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"maxmatch/benchcases"
)

func TestPrepareJoined(t *testing.T) {
	gold := "S a b\nA 0 1|||T|||c|||REQUIRED|||-NONE-|||0\n\nS d e f\nA 1 1|||T|||g|||REQUIRED|||-NONE-|||0\n\nS h\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
	c, err := benchcases.ParseCorpus("SYS", []byte("c b\nd g e f\nh\n"), []byte(gold))
	if err != nil {
		t.Fatal(err)
	}
	c.GoldPath = "/data/gold.m2"
	dir := t.TempDir()
	var runs []JoinedRun
	s := &joinedSection{runs: &runs, corpora: []*benchcases.Corpus{c}}
	cases, err := s.prepare(&Config{Groups: []int{2, 3}}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0].Group != 2 || runs[0].Lines != 2 || runs[0].MaxTokens != 5 || runs[0].SrcTokens != 6 || runs[1].Lines != 1 || runs[1].MaxTokens != 6 {
		t.Errorf("runs %+v", runs)
	}
	system, err := os.ReadFile(s.files[0].system)
	if err != nil || string(system) != "c b d g e f\nh\n" || s.files[0].gold != filepath.Join(dir, "conll-2", "gold.m2") {
		t.Errorf("joined system %q (%v), gold at %s", system, err, s.files[0].gold)
	}
	if len(cases) != 2 || cases[0].name != "Score/system=SYS/g=2" {
		t.Fatalf("in-process cases %+v", cases)
	}
	cases[0].fill(&inProcessResult{Samples: []time.Duration{1, 2}, Metrics: map[string]float64{metricBoundedSentences: 1}})
	if runs[0].Bounded != 1 || len(runs[0].InProcess) != 2 {
		t.Errorf("in-process figures filed as %+v", runs[0])
	}
}

func TestWriteLargeGold(t *testing.T) {
	data := t.TempDir()
	if err := os.MkdirAll(filepath.Join(data, "conll14", "systems"), 0o755); err != nil {
		t.Fatal(err)
	}
	gold := strings.Repeat("S a b\nA 0 1|||T|||c|||REQUIRED|||-NONE-|||0\n\n", 5_000) // 225,000 bytes
	goldPath := filepath.Join(data, "gold.m2")
	if err := os.WriteFile(goldPath, []byte(gold), 0o644); err != nil {
		t.Fatal(err)
	}
	// A system file without its last line break gets one, or the copies would run together.
	if err := os.WriteFile(filepath.Join(data, "conll14", "systems", "SYS"), []byte(strings.TrimSuffix(strings.Repeat("c b\n", 5_000), "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	f, desc, err := writeLargeGold(&Config{Gold: goldPath, Data: data, LargeGoldMB: 1, LargeSystem: "SYS"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// 10⁶ bytes of 225,000-byte copies: 4 (900,000 bytes).
	c, err := benchcases.ReadCorpus("large", f.system, f.gold)
	if err != nil || len(c.Gold) != 20_000 || len(c.GoldData) != 900_000 {
		t.Fatalf("read back %d sentences, %d bytes of gold (%v)", len(c.Gold), len(c.GoldData), err)
	}
	if !strings.Contains(desc, "4 times (1 MB, 20,000 sentences) and SYS repeated alike") {
		t.Errorf("description %q", desc)
	}
}

// TestRunRejects: arguments the harness cannot run with, and files it cannot read (-compare's,
// -render's), are one message and exit status 2, before anything is measured.
func TestRunRejects(t *testing.T) {
	for _, args := range [][]string{
		{"extra"},
		{"-rounds", "0"},
		{"-compare", filepath.Join(t.TempDir(), "missing.csv")},
		{"-render", filepath.Join(t.TempDir(), "missing.json")},
	} {
		if got := run(args); got != 2 {
			t.Errorf("run %q: exit status %d, want 2", args, got)
		}
	}
}

// TestRender writes a run's page again from its JSON, as -render does.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	data, err := json.Marshal(syntheticReport())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, jsonName), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := run([]string{"-render", filepath.Join(dir, jsonName), "-out", filepath.Join(dir, "out")}); got != 0 {
		t.Fatalf("exit status %d", got)
	}
	page, err := os.ReadFile(filepath.Join(dir, "out", reportName))
	want, _ := os.ReadFile(filepath.Join("testdata", "page-sentence-level.md"))
	if err != nil || !bytes.Equal(page, want) {
		t.Errorf("the page written again differs from testdata/page-sentence-level.md (%v)", err)
	}
}
