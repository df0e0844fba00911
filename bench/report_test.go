package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func sec(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

func ok(wall, cpu float64, mb int64) Sample {
	return Sample{Wall: sec(wall), CPU: sec(cpu), MaxRSS: mb << 20, Status: StatusOK}
}

// syntheticReport is a run whose figures are known: the official takes 100 s per system and
// grows as n^6 on the family; maxmatch takes 1, 2 and 4 s in three rounds.
func syntheticReport() *Report {
	r := &Report{
		Date:        time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC),
		Machine:     Machine{CPU: "Test CPU", Cores: 2, Memory: "1.0 GiB", Kernel: "Linux test", GoVersion: "go1.26", Commit: "abc1234", LoadStart: "0.00 0.00 0.00"},
		CommandLine: "go run ./bench -test",
		Official:    "release 3.2", Python: "/usr/bin/python2 (Python 2.7.18)",
		Rounds: 3, Reps: 5, Timeout: 60 * time.Second, Slow: 60 * time.Second, Samples: 3, MinSample: 100 * time.Millisecond,
	}
	r.Startup = StartupRun{
		Ours:     []Sample{ok(0.002, 0.002, 5), ok(0.002, 0.002, 5), ok(0.002, 0.002, 5)},
		Official: []Sample{ok(0.05, 0.05, 8), ok(0.05, 0.05, 8), ok(0.05, 0.05, 8)},
		Probe:    ok(0.001, 0.001, 2),
	}
	for _, name := range []string{"AAA", "BBB"} {
		r.Systems = append(r.Systems, SystemRun{
			Name: name, Sentences: 1312, SrcTokens: 30000, HypTokens: 30000,
			Ours:     []Sample{ok(1, 1, 30), ok(2, 2, 31), ok(4, 4, 32)},
			Official: []Sample{ok(100, 100, 70), ok(100, 100, 71), ok(100, 100, 72)},
			Same:     "yes",
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
		fam.Points = append(fam.Points, pt)
	}
	r.Families = []FamilyRun{fam}
	r.Floor = []FloorRun{
		{Name: "AAA", Pairs: 1312, Cells: 900000, Floor: []time.Duration{sec(0.004), sec(0.005), sec(0.004)}, Score: []time.Duration{sec(0.012), sec(0.010), sec(0.016)}},
		{Name: "BBB", Pairs: 1312, Cells: 900000, Floor: []time.Duration{sec(0.004), sec(0.004), sec(0.004)}, Score: []time.Duration{sec(0.016), sec(0.016), sec(0.016)}},
	}
	return r
}

func TestRatiosArePairByPair(t *testing.T) {
	r := syntheticReport()
	got := r.Systems[0].WallRatio()
	// Pairs: 100/1, 100/2, 100/4.
	if want := (Spread{Median: 50, Min: 25, Max: 100, N: 3}); got != want {
		t.Errorf("wall ratio %+v, want %+v", got, want)
	}
	// A round where either side did not finish has no ratio.
	s := SystemRun{Ours: []Sample{ok(1, 1, 1), ok(1, 1, 1)}, Official: []Sample{ok(10, 10, 1), {Wall: sec(60), Status: StatusTimeout}}}
	if got := s.WallRatio(); got.N != 1 || got.Median != 10 {
		t.Errorf("with a time-out: %+v, want the one finished pair, 10", got)
	}
	if got := r.Floor[0].Ratio(); got.Median != 3 || got.Min != 2 || got.Max != 4 {
		t.Errorf("floor ratio %+v, want median 3 (pairs 3, 2, 4)", got)
	}
}

func TestFamilyFits(t *testing.T) {
	r := syntheticReport()
	fits := r.Families[0].fits(startupMedian(r.Startup.Official), true)
	// The official: n = 2 takes about its start-up (left out), n = 40 timed out, n = 80 was not
	// run; n = 10 and 20 remain, and their time less the start-up is exactly 1e-6·n^6.
	off := fits[0]
	if off.Err != nil || off.Fit.Points != 2 || off.Fit.MinN != 10 || off.Fit.MaxN != 20 || math.Abs(off.Fit.Exponent-6) > 1e-6 {
		t.Errorf("official fit %+v (%v), want exponent 6 on sizes 10–20", off.Fit, off.Err)
	}
	// Ours: in-process n^4 everywhere; one bounded size only, so no separate regimes.
	if len(fits) != 2 {
		t.Fatalf("%d fits, want 2 (official, ours over all sizes)", len(fits))
	}
	if f := fits[1].Fit; math.Abs(f.Exponent-4) > 1e-6 || f.Points != 5 {
		t.Errorf("our fit %+v, want exponent 4 over 5 sizes", f)
	}
}

// checkReport writes r's Markdown report, reports each of wants that it lacks, and returns it.
func checkReport(t *testing.T, r *Report, wants ...string) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range wants {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	return md
}

func TestMarkdownReport(t *testing.T) {
	md := checkReport(t, syntheticReport(),
		"| date | 2026-01-02 03:04 UTC |",
		"Test CPU, 2 logical CPUs, 1.0 GiB memory",
		"| Go | go1.26 |",
		"memory budget `--max-memory` ",
		"when no exact search fits in the memory budget (`--max-memory`)",
		"one worker per CPU, 2 here",
		"`official-2014.combined.m2` (1312 sentences)",
		"official n^6.00 (2 sizes only, 10–20 tokens)",
		"`go run ./bench -test`",
		regenerate,
		// 200 s of official over 4 s of ours (medians 2 s per system).
		"the official scorer took 200 s in all (the sum of each file's median), maxmatch 4.00 s: **50.0× faster**",
		"| AAA | 30000 | 100 s (100 s–100 s) |",
		"| 50.0× (25.0×–100×) |",
		"same precision, recall and F₀.₅ on 2 of 2 files",
		"| 40 | 40 | 1681 | 640000 | > 60.0 s |",
		"| 80 | 80 | 6561 | bounded | not run |",
		"t ∝ n^6.00",
		"t ∝ n^4.00",
		// Floor: 8 ms of floor, 28 ms of scoring (12 + 16): 3.50×.
		"**3.50× the floor** (within the target of 5×)",
		"| **all** | | **8 ms** | **28 ms** | **3.50×** |",
		"![time against sentence length](benchmarks-scaling.svg)",
		"![speed-up per system](benchmarks-speedup.svg)",
	)
	if strings.Contains(md, "earlier run") {
		t.Error("report compares with an earlier run that was not given")
	}
}

// roundTrip writes r's CSV and reads it back.
func roundTrip(t *testing.T, r *Report) *Report {
	t.Helper()
	var b bytes.Buffer
	if err := writeCSV(&b, r); err != nil {
		t.Fatal(err)
	}
	back, err := readCSV(&b)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func TestCSVRoundTripAndComparison(t *testing.T) {
	r := syntheticReport()
	back := roundTrip(t, r)
	if len(back.Systems) != 2 || len(back.Floor) != 2 || len(back.Families) != 1 || len(back.Families[0].Points) != 5 {
		t.Fatalf("read back %d systems, %d floors, %d families", len(back.Systems), len(back.Floor), len(back.Families))
	}
	if got, want := back.Systems[1].WallRatio(), r.Systems[1].WallRatio(); got != want {
		t.Errorf("wall ratio read back %+v, want %+v", got, want)
	}
	if got := back.Families[0].Points[3].Official[0].Status; got != StatusTimeout {
		t.Errorf("time-out read back as %q", got)
	}

	// A later run whose maxmatch is 10% slower on AAA: its ratio is 10% lower... 1/1.1 of it.
	later := syntheticReport()
	for i := range later.Systems[0].Ours {
		later.Systems[0].Ours[i].Wall = later.Systems[0].Ours[i].Wall * 11 / 10
	}
	c := compareRuns(back, later, "prev.csv")
	d, name := MaxDiff(c.Wall)
	if name != "AAA" || math.Abs(d-(1-1/1.1)) > 1e-3 {
		t.Errorf("largest change %.4f on %s, want %.4f on AAA", d, name, 1-1/1.1)
	}
	var md bytes.Buffer
	later.Previous = c
	if err := writeMarkdown(&md, later); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "## Agreement with an earlier run") || !strings.Contains(md.String(), "| AAA | 50.0× → 45.5× | -9% |") {
		t.Errorf("comparison table missing or wrong:\n%s", md.String())
	}
}

func TestReadCSVRejectsOtherFiles(t *testing.T) {
	if _, err := readCSV(strings.NewReader("a,b\n1,2\n")); err == nil {
		t.Error("a CSV without the benchmark header was accepted")
	}
}

func TestWriteOutputs(t *testing.T) {
	dir := t.TempDir()
	cfg := &Config{Out: filepath.Join(dir, "out"), Docs: filepath.Join(dir, "docs")}
	r := syntheticReport()
	r.Machine.FirstTouch = 10 * time.Microsecond
	for _, ss := range [][]Sample{r.Startup.Ours, r.Systems[0].Ours, r.Families[0].Points[4].Ours} {
		for i := range ss {
			ss[i].MinFlt = 300 + int64(1000*i)
		}
	}
	if err := writeOutputs(cfg, r); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{cfg.Out, cfg.Docs} {
		for _, name := range []string{reportName, csvName, scalingFile + ".svg", scalingFile + ".png", speedupFile + ".svg", speedupFile + ".png", freshFile + ".svg", freshFile + ".png"} {
			data, err := os.ReadFile(filepath.Join(d, name))
			if err != nil {
				t.Error(err)
				continue
			}
			switch filepath.Ext(name) {
			case ".png":
				if !bytes.HasPrefix(data, []byte("\x89PNG")) {
					t.Errorf("%s is not a PNG", name)
				}
			case ".svg":
				if !bytes.Contains(data, []byte("<svg")) {
					t.Errorf("%s is not an SVG", name)
				}
			}
		}
	}
}

func TestFreshMemorySection(t *testing.T) {
	r := syntheticReport()
	r.Machine.FirstTouch = time.Millisecond
	for i := range r.Startup.Ours {
		r.Startup.Ours[i].MinFlt = 300
	}
	for i := range r.Systems[0].Ours {
		r.Systems[0].Ours[i].MinFlt = 1300
	}
	rows := freshMemoryRows(r)
	// AAA only: BBB's and the family's samples carry no page faults.
	if len(rows) != 1 || rows[0].Input != "AAA" {
		t.Fatalf("rows %+v, want AAA's only", rows)
	}
	// 1,000 fresh pages at 1 ms are 1 s of the 2 s − 2 ms beyond start-up.
	if f := rows[0]; f.Pages != 1000 || math.Abs(f.Touches-1) > 1e-9 || math.Abs(f.Share()-1/1.998) > 1e-9 || f.InProcess != 0.012 {
		t.Errorf("row %+v, share %v", f, f.Share())
	}
	var b bytes.Buffer
	if err := writeMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"first touch of a fresh 4 KiB page 1 ms (256 ms per MiB)",
		"## The command beyond in-process: fresh memory",
		"| AAA | 2.00 s | 2.00 s | 12 ms | 1000 | 1.00 s | 50% |",
		"the command's time is mostly such touches: 50% of it on the median input, 50%–50% over 1 input whose time beyond start-up is over the start-up's own range (0 µs)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// Without the probe's figure, or without page faults (a report read back from an older
	// CSV), there is no such section.
	r.Machine.FirstTouch = 0
	b.Reset()
	writeMarkdown(&b, r)
	if strings.Contains(b.String(), "fresh memory") || strings.Contains(b.String(), "Fresh memory") {
		t.Error("fresh-memory section written without the first-touch cost")
	}
}

func TestSharesSkipStartupNoise(t *testing.T) {
	rows := []freshRow{
		{Input: "long", Extra: 0.020, Touches: 0.015},   // 75%
		{Input: "noise", Extra: 0.0001, Touches: 0.001}, // 1000%, but 0.1 ms is within start-up's range
		{Input: "none", Extra: 0, Touches: 0.001},       // no time beyond start-up: no share at all
	}
	if got := shares(rows, 0.0015); len(got) != 1 || math.Abs(got[0]-0.75) > 1e-9 {
		t.Errorf("shares over a 1.5 ms start-up range = %v, want [0.75] (the long input only)", got)
	}
	if got := shares(rows, 0); len(got) != 2 {
		t.Errorf("shares with no start-up range = %v, want the two inputs with time beyond start-up", got)
	}
}

func TestFirstTouchIsMeasured(t *testing.T) {
	if d := firstTouch(4<<20, 1); d <= 0 || d > 10*time.Millisecond {
		t.Errorf("first touch of a page: %v, want a positive time well under 10 ms", d)
	}
}

func TestComparisonVerdict(t *testing.T) {
	prev := syntheticReport()
	same := syntheticReport()
	c := compareRuns(prev, same, "prev.csv")
	if v := c.verdict(); !strings.Contains(v, "**All 8 ratios are within 20%** of the earlier run's") {
		t.Errorf("identical runs: %s", v)
	}
	// BBB's maxmatch 30% slower in every round: its wall and CPU ratios drop by 1 − 1/1.3 = 23%,
	// the whole corpus's by less (AAA is unchanged).
	slower := syntheticReport()
	for i := range slower.Systems[1].Ours {
		slower.Systems[1].Ours[i].Wall = slower.Systems[1].Ours[i].Wall * 13 / 10
		slower.Systems[1].Ours[i].CPU = slower.Systems[1].Ours[i].CPU * 13 / 10
	}
	v := compareRuns(prev, slower, "prev.csv").verdict()
	for _, want := range []string{
		"**2 of 8 ratios differ by more than 20%**: speed-up, wall of BBB -23%; speed-up, CPU of BBB -23%.",
		"Per file the largest changes are 23% (speed-up, wall, BBB)",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("verdict lacks %q:\n%s", want, v)
		}
	}
}

func TestReadCSVOfTheFirstLayout(t *testing.T) {
	// The harness's first CSV had no minflt column; -compare must still read it.
	old := "section,name,size,scorer,round,wall_s,cpu_s,maxrss_mb,status\n" +
		"conll,AAA,1312,maxmatch,1,0.04,0.05,12,ok\n" +
		"conll,AAA,1312,official,1,8,8,77,ok\n"
	r, err := readCSV(strings.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Systems[0].WallRatio(); got.Median != 200 {
		t.Errorf("ratio %+v, want 200", got)
	}
	if _, err := readCSV(strings.NewReader(strings.Replace(old, "status\n", "status,minflt,extra\n", 1))); err == nil {
		t.Error("a header with an unknown column was accepted")
	}
}

func TestFmtCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 4_000_000: "4,000,000", 600_000_000: "600,000,000"} {
		if got := fmtCount(n); got != want {
			t.Errorf("fmtCount(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestFitPages(t *testing.T) {
	var rows []freshRow
	for _, pages := range []float64{0, 1000, 2500, 6000} {
		rows = append(rows, freshRow{Pages: pages, Extra: 0.001 + 10e-6*pages})
	}
	f, ok := fitPages(rows)
	if !ok || math.Abs(f.Intercept-0.001) > 1e-12 || math.Abs(f.PerPage-10e-6) > 1e-12 || math.Abs(f.R2-1) > 1e-9 || f.Points != 4 {
		t.Errorf("fit %+v (%v), want 1 ms + 10 µs per page, R² = 1, 4 points", f, ok)
	}
	if _, ok := fitPages(rows[:2]); ok {
		t.Error("a line fitted through two points")
	}
}

// TestReadTheCommittedCSV reads docs/benchmarks.csv as the documented regeneration command's
// -compare does, whichever harness wrote it.
func TestReadTheCommittedCSV(t *testing.T) {
	path := filepath.Join("..", "docs", csvName)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no committed report: %v", err)
	}
	r, err := readCSVFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Systems) == 0 || len(r.Floor) == 0 {
		t.Fatalf("%s: %d systems, %d floor rows", path, len(r.Systems), len(r.Floor))
	}
	c := compareRuns(r, r, path)
	if v := c.verdict(); !strings.Contains(v, "**All ") {
		t.Errorf("the committed run compared with itself: %s", v)
	}
}
