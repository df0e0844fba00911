package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"maxmatch/lattice"
)

var update = flag.Bool("update", false, "rewrite the golden pages in testdata/")

func sec(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

func ok(wall, cpu float64, mb int64) Sample {
	return Sample{Wall: sec(wall), CPU: sec(cpu), MaxRSS: mb << 20, Status: StatusOK}
}

// syntheticReport is a run whose figures are known: the official takes 100 s per system and
// grows as n^6 on the family; maxmatch takes 1, 2 and 4 s in three rounds.
func syntheticReport() *Report {
	r := &Report{
		Date:     time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC),
		Machine:  Machine{CPU: "Test CPU", Cores: 2, Memory: "1.0 GiB", Kernel: "Linux test", GoVersion: "go1.26", Commit: "abc1234", LoadStart: "0.00 0.00 0.00"},
		Official: "release 3.2", Python: "/usr/bin/python2 (Python 2.7.18)",
		Settings: Settings{Rounds: 3, Reps: 5, Timeout: 60 * time.Second, Slow: 60 * time.Second, Samples: 3, MinSample: 100 * time.Millisecond,
			CommandLine: "go run ./bench -test"},
		MaxMemory: 12 << 30,
	}
	r.Startup = StartupRun{
		Measured: Measured{
			Ours:     []Sample{ok(0.002, 0.002, 5), ok(0.002, 0.002, 5), ok(0.002, 0.002, 5)},
			Official: []Sample{ok(0.05, 0.05, 8), ok(0.05, 0.05, 8), ok(0.05, 0.05, 8)},
		},
		Probe: ok(0.001, 0.001, 2),
	}
	for _, name := range []string{"AAA", "BBB"} {
		r.Systems = append(r.Systems, SystemRun{
			Name: name, Sentences: 1312, SrcTokens: 30000, HypTokens: 30000,
			Measured: Measured{
				Ours:     []Sample{ok(1, 1, 30), ok(2, 2, 31), ok(4, 4, 32)},
				Official: []Sample{ok(100, 100, 70), ok(100, 100, 71), ok(100, 100, 72)},
				Same:     "yes",
			},
		})
	}
	fam := FamilyRun{Name: "unrelated", Description: "a test family"}
	for _, n := range []int{2, 10, 20, 40, 80} {
		pt := FamilyPoint{N: n, HypTokens: n, Vertices: (n + 1) * (n + 1), Edges: n * n * n * n / 4, Bounded: n >= 80}
		official := 0.05 + 1e-6*math.Pow(float64(n), 6) // start-up plus n^6
		for range 3 {
			pt.Ours = append(pt.Ours, ok(0.002*float64(n), 0.002*float64(n), 10))
			pt.InProcess = append(pt.InProcess, sec(1e-9*math.Pow(float64(n), 4)))
			switch {
			case n == 40:
				pt.Official = []Sample{{Wall: sec(60), Status: StatusTimeout}}
			case n > 40:
				pt.Official = []Sample{{Status: StatusSkipped}}
			default:
				pt.Official = append(pt.Official, ok(official, official, 20))
			}
		}
		pt.Same = "yes"
		pt.Metrics = map[string]float64{metricSearch: float64(lattice.SearchClosure), "relaxations": float64(n * n * n)}
		if pt.Bounded {
			pt.Metrics = map[string]float64{metricSearch: float64(lattice.SearchBounded), "bounded-states": float64(40 * n), "reserved-B": 3 << 20}
		}
		fam.Points = append(fam.Points, pt)
	}
	r.Families = []FamilyRun{fam}
	r.Floor = []FloorRun{
		{Name: "AAA", Pairs: 1312, Cells: 900000, Floor: []time.Duration{sec(0.004), sec(0.005), sec(0.004)}, Score: []time.Duration{sec(0.012), sec(0.010), sec(0.016)}},
		{Name: "BBB", Pairs: 1312, Cells: 900000, Floor: []time.Duration{sec(0.004), sec(0.004), sec(0.004)}, Score: []time.Duration{sec(0.016), sec(0.016), sec(0.016)}},
	}
	return r
}

// scaleReport is syntheticReport with the scale parts, their figures known: files joined by
// 5 and 25 whose in-process time grows as g^0.5 (the sentence-level floor runs give g = 1),
// long lines, checks that meet their targets, an earlier run to compare with, and the command's
// fresh pages.
func scaleReport() *Report {
	r := syntheticReport()
	r.OfficialJoined, r.JoinedTimeout, r.OfficialAS = "groups of 5: every file; groups of 25: AAA", 15*time.Minute, 4<<30
	for i, name := range []string{"AAA", "BBB"} {
		base := []float64{0.012, 0.016}[i] // the floor's scoring: g = 1
		for _, g := range []int{5, 25} {
			jr := JoinedRun{Name: name, Group: g, Lines: 1312 / g, SrcTokens: 30000, MaxTokens: 23 * g}
			for range 3 {
				jr.Ours = append(jr.Ours, ok(2*math.Sqrt(float64(g)), 2, 10))
				jr.InProcess = append(jr.InProcess, sec(base*math.Sqrt(float64(g))))
			}
			switch {
			case g == 5:
				jr.Official, jr.Same = []Sample{ok(100*5, 100*5, 400)}, "yes"
			case name == "AAA":
				jr.Official, jr.OfficialError = []Sample{{Wall: sec(30), MaxRSS: 4 << 30, Status: StatusFailed}}, "MemoryError"
			}
			r.Joined = append(r.Joined, jr)
		}
	}
	near := FamilyRun{Name: "near-identical", Description: "a test line"}
	for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
		pt := FamilyPoint{N: n, HypTokens: n, Vertices: n, Edges: 10, BandCells: 5 * n}
		// The edited line below has no search or work figures, as a run of an earlier harness.
		pt.Metrics = map[string]float64{metricSearch: float64(lattice.SearchNoClosure), "state-visits": float64(2 * n), "pairs-scanned": float64(n)}
		wall := 0.002 + 5e-7*float64(n) // start-up plus n/2: 52 ms at 10⁵, 502 ms at 10⁶
		for range 3 {
			pt.Ours = append(pt.Ours, ok(wall, wall, 5+int64(n/4000))) // 30 MB at 10⁵, 255 MB at 10⁶
			pt.InProcess = append(pt.InProcess, sec(1e-6*float64(n)))
		}
		switch n {
		case 1_000:
			pt.Official, pt.Same = []Sample{ok(14, 14, 1200)}, "yes"
		case 10_000:
			pt.Official, pt.OfficialError = []Sample{{Wall: sec(59), Status: StatusFailed}}, "MemoryError"
		default:
			pt.Official = []Sample{{Status: StatusSkipped}}
		}
		near.Points = append(near.Points, pt)
	}
	edited := FamilyRun{Name: "edited", Description: "an edited line", Capped: []int{1_000_000}, Max: 100_000}
	for _, n := range []int{1_000, 10_000, 100_000} {
		pt := FamilyPoint{N: n, HypTokens: n}
		for range 3 {
			pt.Ours = append(pt.Ours, ok(1e-9*float64(n)*float64(n), 1, 10))
			pt.InProcess = append(pt.InProcess, sec(1e-9*float64(n)*float64(n)))
		}
		edited.Points = append(edited.Points, pt)
	}
	r.Long = []FamilyRun{near, edited}
	r.Checks = []CheckRun{
		{Name: checkLargeGold, Size: 200, Input: "the gold 456 times", Args: []string{"score", "s", "g"}, Samples: []Sample{ok(9, 9, 80), ok(10, 10, 79)}, StdoutBytes: 64},
		{Name: checkLargeGoldJSONL, Size: 200, Args: []string{"score", "--jsonl", "s", "g"}, Samples: []Sample{ok(11, 11, 149)}, StdoutBytes: 300 << 20},
		{Name: checkBounded, Size: 10_000, Args: []string{"score", "--max-work", "1000", "s", "g"}, Samples: []Sample{ok(0.2, 0.2, 20)},
			Stderr: "maxmatch score: warning: sentence 1 (g line 1): …; scored with the bounded search, not the official's exact one\n"},
		{Name: checkMemoryError, Size: 1_000_000, ExitCode: 2, Samples: []Sample{{Wall: sec(0.8), MaxRSS: 76 << 20, Status: StatusFailed}},
			Stderr: "maxmatch score: sentence 1 (g:1) is too large for the memory budget: … (--max-memory 64.0 MB …); a larger --max-memory would score it\n"},
	}
	r.Previous = compareRuns(syntheticReport(), r, "prev.csv")
	r.Machine.FirstTouch = 10 * time.Microsecond
	for _, ss := range [][]Sample{r.Startup.Ours, r.Systems[0].Ours, r.Systems[1].Ours, r.Families[0].Points[4].Ours, r.Families[0].Points[1].Ours} {
		for i := range ss {
			ss[i].MinFlt = 300 + int64(1000*i)
		}
	}
	return judged(r)
}

// judged sets the report's targets as TestTargets judges them.
func judged(r *Report) *Report {
	r.Targets = nil
	for _, tg := range targets(r) {
		status := map[verdict]string{met: "met", notMet: "not met", notMeasured: "not measured"}[tg.status]
		r.Targets = append(r.Targets, Target{Goal: tg.goal, Measured: tg.measured, Status: status})
	}
	return r
}

// TestPage renders known runs into the pages testdata/page-*.md hold: every section, with and
// without the official scorer, and a run without the scale parts.
func TestPage(t *testing.T) {
	withoutOfficial := scaleReport()
	withoutOfficial.Official = ""
	for name, r := range map[string]*Report{"full": scaleReport(), "without-official": judged(withoutOfficial), "sentence-level": syntheticReport()} {
		got, err := writePage(r)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "page-"+name+".md")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the page differs from %s (go test ./bench -run TestPage -update rewrites it):\n%s", name, path, firstDifference(string(got), string(want)))
		}
	}
}

func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d: %q\nwant %q", i+1, g[i], w[i])
		}
	}
	return "one is a prefix of the other"
}

// TestWriteOutputs writes a run without the scale parts (so with no target to judge): the
// page, CSV, JSON and the plots it has, and none of the plots it has not.
func TestWriteOutputs(t *testing.T) {
	dir := t.TempDir()
	cfg := &Config{Out: filepath.Join(dir, "out"), Docs: filepath.Join(dir, "docs")}
	r := syntheticReport()
	r.benchOutput = []byte("BenchmarkScore/family=unrelated/n=10-2 1 1000 ns/op\n")
	if err := writeOutputs(cfg, r); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{cfg.Out, cfg.Docs} {
		for _, name := range []string{reportName, csvName, jsonName, scalingFile + ".svg", speedupFile + ".svg"} {
			data, err := os.ReadFile(filepath.Join(d, name))
			switch {
			case err != nil:
				t.Error(err)
			case strings.HasSuffix(name, ".svg") && !bytes.Contains(data, []byte("<svg")):
				t.Errorf("%s is not an SVG", name)
			}
		}
		for _, name := range []string{longFile + ".svg", joinedFile + ".svg", freshFile + ".svg"} {
			if _, err := os.Stat(filepath.Join(d, name)); err == nil {
				t.Errorf("%s written for a run without what it plots", name)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(cfg.Docs, benchName)); err == nil {
		t.Errorf("the benchmarks' output written into -docs")
	}
	back, err := readReport(filepath.Join(cfg.Docs, jsonName))
	if err != nil {
		t.Fatal(err)
	}
	md, _ := writePage(back)
	if want, _ := os.ReadFile(filepath.Join(cfg.Docs, reportName)); !bytes.Equal(md, want) {
		t.Error("the page of the JSON read back differs from the page written")
	}
}

func TestPlotsOfEverySection(t *testing.T) {
	files := map[string][]byte{}
	if err := plots(scaleReport(), files); err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{scalingFile, speedupFile, freshFile, longFile, joinedFile} {
		if !bytes.Contains(files[base+".svg"], []byte("<svg")) {
			t.Errorf("%s: no SVG", base)
		}
	}
}
