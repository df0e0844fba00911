package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cases "maxmatch/internal/benchcases"
)

// scaleReport is syntheticReport with the scale parts, their figures known: files joined by
// 5 and 25 whose in-process time grows as g^0.5 (the sentence-level floor runs give g = 1),
// long lines, checks that meet their targets, and an earlier run to compare with.
func scaleReport() *Report {
	r := syntheticReport()
	r.OfficialJoined, r.JoinedTimeout, r.OfficialAS = "groups of 5: every file; groups of 25: AAA", 15*time.Minute, 4<<30
	// The floor's scoring of AAA and BBB: medians 12 ms and 16 ms (g = 1).
	for _, name := range []string{"AAA", "BBB"} {
		base := 0.012
		if name == "BBB" {
			base = 0.016
		}
		for _, g := range []int{5, 25} {
			jr := JoinedRun{Name: name, Group: g, Lines: 1312 / g, SrcTokens: 30000, MaxTokens: 23 * g}
			in := base * math.Sqrt(float64(g))
			for range 3 {
				jr.Ours = append(jr.Ours, ok(2*math.Sqrt(float64(g)), 2, 10))
				jr.InProcess = append(jr.InProcess, sec(in))
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
	near := LongRun{Name: "near-identical", Description: "a test line"}
	for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
		pt := LongPoint{FamilyPoint: FamilyPoint{N: n, HypTokens: n, Vertices: n, Edges: 10}, BandCells: 5 * n}
		wall := 0.002 + 1e-6*float64(n) // start-up plus n: 0.102 s at 10⁵, 1.002 s at 10⁶
		for range 3 {
			pt.Ours = append(pt.Ours, ok(wall, wall, 5+int64(n/4000))) // 30 MB at 10⁵, 255 MB at 10⁶
			pt.InProcess = append(pt.InProcess, sec(1e-6*float64(n)))
		}
		if n == 1_000 {
			pt.Official, pt.Same = []Sample{ok(14, 14, 1200)}, "yes"
		} else if n == 10_000 {
			pt.Official, pt.OfficialError = []Sample{{Wall: sec(59), Status: StatusFailed}}, "MemoryError"
		} else {
			pt.Official = []Sample{{Status: StatusSkipped}}
		}
		near.Points = append(near.Points, pt)
	}
	edited := LongRun{Name: "edited", Description: "an edited line", Capped: []int{1_000_000}, Max: 100_000}
	for _, n := range []int{1_000, 10_000, 100_000} {
		pt := LongPoint{FamilyPoint: FamilyPoint{N: n, HypTokens: n}}
		for range 3 {
			pt.Ours = append(pt.Ours, ok(1e-9*float64(n)*float64(n), 1, 10))
			pt.InProcess = append(pt.InProcess, sec(1e-9*float64(n)*float64(n)))
		}
		edited.Points = append(edited.Points, pt)
	}
	r.Long = []LongRun{near, edited}
	r.Checks = []CheckRun{
		{Name: checkLargeGold, Size: 200, Input: "the gold 456 times", Args: []string{"score", "s", "g"}, Samples: []Sample{ok(9, 9, 80), ok(10, 10, 79)}, StdoutBytes: 64},
		{Name: checkLargeGoldJSONL, Size: 200, Args: []string{"score", "--jsonl", "s", "g"}, Samples: []Sample{ok(11, 11, 149)}, StdoutBytes: 300 << 20},
		{Name: checkBounded, Size: 10_000, Args: []string{"score", "--max-work", "1000", "s", "g"}, Samples: []Sample{ok(0.2, 0.2, 20)},
			Stderr: "maxmatch score: warning: sentence 1 (g line 1): …; scored with the bounded search, not the official's exact one\n"},
		{Name: checkMemoryError, Size: 1_000_000, ExitCode: 2, Samples: []Sample{{Wall: sec(0.8), MaxRSS: 76 << 20, Status: StatusFailed}},
			Stderr: "maxmatch score: sentence 1 (g:1) is too large for the memory budget: … (--max-memory 64.0 MB …); a larger --max-memory would score it\n"},
	}
	r.Previous = compareRuns(syntheticReport(), r, "prev.csv")
	return r
}

func statusOf(t *testing.T, r *Report, goal string) Target {
	t.Helper()
	for _, tg := range r.targets() {
		if strings.Contains(tg.Goal, goal) {
			return tg
		}
	}
	t.Fatalf("no target %q", goal)
	return Target{}
}

func TestTargetsMet(t *testing.T) {
	r := scaleReport()
	ts := r.targets()
	if len(ts) != 10 {
		t.Fatalf("%d targets, want 10 (two long lines, refusal, bounded, two large-gold, paragraphs, joined by 5 and 25, sentence level)", len(ts))
	}
	for _, tg := range ts {
		// Joined by 25: the official was chosen for AAA only, and it failed: nothing to compare.
		want := TargetMet
		if strings.Contains(tg.Goal, "joined by 25") {
			want = TargetNotMeasured
		}
		if tg.Status != want {
			t.Errorf("%s: %v (%s), want %v", tg.Goal, tg.Status, tg.Measured, want)
		}
	}
	if got := statusOf(t, r, "1,000,000 tokens: <").Measured; !strings.Contains(got, "1.00 s (median of 3; 1.00 s–1.00 s), peak 255 MB, exact search") {
		t.Errorf("10⁶ tokens measured as %q", got)
	}
	if got := statusOf(t, r, "joined by 25").Measured; !strings.Contains(got, "the official finished none of its 1 file within its limits") ||
		!strings.Contains(got, "k = 0.50 (0.50–0.50 over the files), 0.50 for their sum") {
		t.Errorf("essays measured as %q", got)
	}
}

// TestTargetsNotMet: each target fails on the figure it names, and says so with the figure.
func TestTargetsNotMet(t *testing.T) {
	for _, tc := range []struct {
		goal, measured string
		spoil          func(r *Report)
	}{
		{"100,000 tokens: < 1.00 s and < 300 MB", "peak 300 MB", func(r *Report) {
			for i := range r.Long[0].Points[2].Ours {
				r.Long[0].Points[2].Ours[i].MaxRSS = 300 << 20 // the limit is strict
			}
		}},
		{"1,000,000 tokens: <", "10.0 s (median of 3", func(r *Report) {
			for i := range r.Long[0].Points[3].Ours {
				r.Long[0].Points[3].Ours[i].Wall = sec(10)
			}
		}},
		{"a clear error", `crashed ("fatal error:" on stderr)`, func(r *Report) {
			c := r.check(checkMemoryError)
			c.Stderr = "fatal error: runtime: out of memory\n\ngoroutine 1 [running]:\n"
		}},
		{"a clear error", "exit status 1, not 2", func(r *Report) { r.check(checkMemoryError).ExitCode = 1 }},
		{"a clear error", "it was scored (exit status 0)", func(r *Report) {
			c := r.check(checkMemoryError)
			c.ExitCode, c.Stderr, c.Samples = 0, "", []Sample{ok(1, 1, 250)}
		}},
		{"bounded search: <", "no warning says the bounded search scored it", func(r *Report) { r.check(checkBounded).Stderr = "" }},
		{"bounded search: <", "peak 500 MB", func(r *Report) { r.check(checkBounded).Samples[0].MaxRSS = 500 << 20 }},
		{"`--jsonl`: peak < 150 MB", "peak 150 MB", func(r *Report) { r.check(checkLargeGoldJSONL).Samples[0].MaxRSS = 150 << 20 }},
		{"default flags: peak", "exit status 2", func(r *Report) {
			c := r.check(checkLargeGold)
			c.ExitCode, c.Samples[0].Status = 2, StatusFailed
		}},
		{"groups of 5", "1 sentence by the bounded search", func(r *Report) { r.Joined[0].Bounded = 1 }},
		{"groups of 5", "warnings from the command on 1 file", func(r *Report) { r.Joined[2].Warnings = []string{"maxmatch: warning: …"} }},
		{"joined by 5", "same scores on 1 of the 2 files the official finished; different on BBB", func(r *Report) {
			r.Joined[2].Same = `no: maxmatch "P 0.5", official "P 0.4"`
		}},
		{"sentence-level", "whole-corpus speed-up 50.0× → 33.3× (-33%)", func(r *Report) {
			for i := range r.Systems {
				for k := range r.Systems[i].Ours {
					r.Systems[i].Ours[k].Wall = r.Systems[i].Ours[k].Wall * 3 / 2
				}
			}
			r.Previous = compareRuns(syntheticReport(), r, "prev.csv")
		}},
		{"sentence-level", "in-process time over the floor 3.50× → 4.38× (+25%)", func(r *Report) {
			for i := range r.Floor {
				for k := range r.Floor[i].Score {
					r.Floor[i].Score[k] = r.Floor[i].Score[k] * 5 / 4
				}
			}
			r.Previous = compareRuns(syntheticReport(), r, "prev.csv")
		}},
	} {
		r := scaleReport()
		tc.spoil(r)
		got := statusOf(t, r, tc.goal)
		if got.Status != TargetNotMet || !strings.Contains(got.Measured, tc.measured) {
			t.Errorf("%s: %v, %q; want not met, with %q", tc.goal, got.Status, got.Measured, tc.measured)
		}
	}
}

func TestTargetsNotMeasured(t *testing.T) {
	r := syntheticReport() // none of the scale parts, no earlier run
	ts := r.targets()
	for _, tg := range ts {
		if tg.Status != TargetNotMeasured || tg.Measured == "" {
			t.Errorf("%s: %v (%q), want not measured, saying why", tg.Goal, tg.Status, tg.Measured)
		}
	}
	if r.hasScaleParts() {
		t.Error("a report without the scale parts claims them")
	}
}

func TestClearRefusal(t *testing.T) {
	for _, tc := range []struct {
		exit   int
		stderr string
		want   bool
		reason string
	}{
		{2, "maxmatch score: sentence 1 (x.m2:1) is too large for the memory budget: …; a larger --max-memory would score it\n", true, "the refusal docs/exactness.md shows"},
		{2, "maxmatch score: sentence 1 is too large\n", false, "a message that does not name --max-memory"},
		{2, "maxmatch score: too large (--max-memory 64M)\nmaxmatch score: and more\n", false, "two messages"},
		{2, "panic: runtime error: index out of range (--max-memory)\n", false, "a panic"},
		{137, "", false, "killed"},
	} {
		if got, why := clearRefusal(tc.exit, tc.stderr); got != tc.want || (!got && why == "") {
			t.Errorf("%s: %v (%q), want %v with a reason when false", tc.reason, got, why, tc.want)
		}
	}
}

func TestJoinedGrowth(t *testing.T) {
	r := scaleReport()
	per, all := r.joinedGrowth()
	if len(per) != 2 || per[0].Name != "AAA" {
		t.Fatalf("%d files, want AAA and BBB", len(per))
	}
	// In-process: 12 ms · g^0.5 for AAA at g = 5, 25, and the floor's 12 ms at g = 1.
	if f := per[0].InProcFit; f.Err != nil || math.Abs(f.Fit.Exponent-0.5) > 1e-9 || f.Fit.Points != 3 {
		t.Errorf("AAA in-process fit %+v %v, want 0.5 over 3 groups", f.Fit, f.Err)
	}
	// The official: 100 s at g = 1 (the sentence-level run), 500 s at 5; failed at 25.
	if f := per[0].OfficialFit; f.Err != nil || math.Abs(f.Fit.Exponent-1) > 1e-9 || f.Fit.Points != 2 {
		t.Errorf("AAA official fit %+v %v, want 1 over g = 1 and 5", f.Fit, f.Err)
	}
	if all.Files != 2 || math.Abs(all.InProcess[2]-0.028*5) > 1e-9 || math.Abs(all.InProcFit.Fit.Exponent-0.5) > 1e-9 {
		t.Errorf("sums %v over %d files, fit %+v", all.InProcess, all.Files, all.InProcFit.Fit)
	}
	// A file without its sentence-level run is fitted on what it has, but left out of the sums.
	r.Floor = r.Floor[:1]
	per, all = r.joinedGrowth()
	if f := per[1].InProcFit; f.Err != nil || f.Fit.Points != 2 {
		t.Errorf("BBB without its floor: %+v %v, want a fit over g = 5 and 25", f.Fit, f.Err)
	}
	if all.Files != 1 || math.Abs(all.InProcess[0]-0.012) > 1e-9 {
		t.Errorf("sums %v over %d files, want AAA's alone", all.InProcess, all.Files)
	}
}

func TestScaleReport(t *testing.T) {
	md := checkReport(t, scaleReport(),
		"- **CoNLL-2014 joined by 5** (paragraphs: 114 tokens a line on average, up to 115): maxmatch scored the 2 files in 8.94 s (the sum of each file's median); every sentence by the exact search, no warning. The official scorer finished 2 files in 1000 s (112× ours on the same files) and printed the same scores on **2 of 2**.",
		"- **CoNLL-2014 joined by 25** (essays: 576 tokens a line on average, up to 575): maxmatch scored the 2 files in 20.0 s",
		"the same tokens in lines of 1, 5 and 25 sentences, over the 2 files measured at each): in-process, the files' time grows as **g^0.50** (so a line's time as its length^1.50)",
		"- **Long lines, near-identical**: scored exactly at every size run (1,000–1,000,000 tokens); maxmatch in-process time ∝ n^1.00 (4 sizes, 1,000–1,000,000 tokens)",
		"the official finished up to 1,000 tokens",
		"- **The scale targets**: 9 of 10 met (9 measured in this run):",
		"  - a 200 MB gold file, `--jsonl`: peak < 150 MB — met: peak 149 MB (largest of 1), 11.0 s, 300 MB of output.",
		"## Paragraphs and essays: CoNLL-2014 with sentences joined",
		"| AAA | 25 | 52 | 575 | failed: MemoryError | 4.0 GB |",
		"It failed on 1 file (address-space limit 4.0 GB): AAA (MemoryError).",
		"| BBB | 25 | 52 | 575 | not run | – |",
		"| AAA | 5 | 262 | 115 | 500 s | 400 MB | 4.47 s (4.47 s–4.47 s) | 10.0 MB |",
		"| **all** (sums) | 28 ms | 62.6 ms | 140 ms | 0.50 |",
		"## Long lines: paragraphs and documents on one line",
		"| 10,000 | 10,000 | 50,000 | 10,000 | exact | failed: MemoryError |",
		"| 100,000 | 100,000 | 500,000 | 100,000 | exact | not run | – |",
		"Not run: n = 1,000,000, over this family's cap (`-long-max edited=100000`).",
		"- maxmatch: command's peak memory less its start-up's, sizes where it is ≥ 2× the start-up's: **peak ∝ n^",
		"## Target checks",
		"| memory-error | – | `maxmatch ` | 800 ms | 0 µs | 76.0 MB | 2 | 0 B | `maxmatch score: sentence 1 (g:1) is too large for the memory budget",
		"![time and peak memory against line length](benchmarks-long.svg)",
		"![time against sentences per line](benchmarks-joined.svg)",
	)
	if t.Failed() {
		t.Log(md)
	}
}

func TestScaleCSVRoundTrip(t *testing.T) {
	r := scaleReport()
	back := roundTrip(t, r)
	if len(back.Joined) != 4 || len(back.Long) != 2 || len(back.Long[0].Points) != 4 || len(back.Checks) != 4 {
		t.Fatalf("read back %d joined files, %d long families, %d checks", len(back.Joined), len(back.Long), len(back.Checks))
	}
	j := back.Joined[1] // AAA joined by 25, its official run failed
	if j.Name != "AAA" || j.Group != 25 || len(j.Ours) != 3 || len(j.InProcess) != 3 || len(j.Official) != 1 || j.Official[0].Status != StatusFailed {
		t.Errorf("AAA joined by 25 read back as %+v", j)
	}
	if p := back.Long[0].Points[3]; p.N != 1_000_000 || peakMB(p.Ours) != 255 || len(p.InProcess) != 3 || p.Official[0].Status != StatusSkipped {
		t.Errorf("near-identical 10⁶ read back as %+v", p)
	}
	if c := back.Checks[3]; c.Name != checkMemoryError || c.Size != 1_000_000 || c.Samples[0].Status != StatusFailed {
		t.Errorf("memory-error check read back as %+v", c)
	}
	// The growth fits are the same from the CSV: they use no field it lacks.
	_, all := r.joinedGrowth()
	_, allBack := back.joinedGrowth()
	if math.Abs(all.InProcFit.Fit.Exponent-allBack.InProcFit.Fit.Exponent) > 1e-6 {
		t.Errorf("growth %v, read back %v", all.InProcFit.Fit.Exponent, allBack.InProcFit.Fit.Exponent)
	}
}

func TestScalePlots(t *testing.T) {
	dir := t.TempDir()
	if err := writeOutputs(&Config{Out: dir}, scaleReport()); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{longFile + ".svg", longFile + ".png", joinedFile + ".svg", joinedFile + ".png"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Error(err)
			continue
		}
		if !bytes.Contains(data, []byte("<svg")) && !bytes.HasPrefix(data, []byte("\x89PNG")) {
			t.Errorf("%s is neither SVG nor PNG", name)
		}
	}
	// Without the scale parts, no such plots.
	dir = t.TempDir()
	if err := writeOutputs(&Config{Out: dir}, syntheticReport()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, longFile+".svg")); err == nil {
		t.Error("a long-line plot written without long lines")
	}
}

// TestComparisonOfAShortRun: a run of some systems (-systems) is compared with the same
// systems of the earlier run, its whole-corpus ratios included.
func TestComparisonOfAShortRun(t *testing.T) {
	prev := syntheticReport()
	prev.Systems[1].Official = []Sample{ok(400, 400, 70), ok(400, 400, 70), ok(400, 400, 70)} // BBB: 200× then
	short := syntheticReport()
	short.Systems, short.Floor = short.Systems[:1], short.Floor[:1] // AAA only, 50× as before
	c := compareRuns(prev, short, "prev.csv")
	if c.Total.Prev != 50 || c.Total.Now != 50 || c.FloorAll.Prev != c.FloorAll.Now {
		t.Errorf("whole corpus %+v, floor %+v; want AAA's ratios then and now", c.Total, c.FloorAll)
	}
}

func TestPrepareJoined(t *testing.T) {
	gold := "S a b\nA 0 1|||T|||c|||REQUIRED|||-NONE-|||0\n\nS d e f\nA 1 1|||T|||g|||REQUIRED|||-NONE-|||0\n\nS h\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
	c, err := cases.ParseCorpus("SYS", []byte("c b\nd g e f\nh\n"), []byte(gold))
	if err != nil {
		t.Fatal(err)
	}
	c.GoldPath = "/data/gold.m2"
	dir := t.TempDir()
	runs, inputs, err := prepareJoined([]int{2, 3}, []*cases.Corpus{c}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0].Group != 2 || runs[0].Lines != 2 || runs[0].MaxTokens != 5 || runs[0].SrcTokens != 6 || runs[1].Lines != 1 || runs[1].MaxTokens != 6 {
		t.Errorf("runs %+v", runs)
	}
	system, err := os.ReadFile(inputs[0].files.system)
	if err != nil || string(system) != "c b d g e f\nh\n" || inputs[0].files.gold != filepath.Join(dir, "conll-2", "gold.m2") {
		t.Errorf("joined system %q (%v), gold at %s", system, err, inputs[0].files.gold)
	}
	// Both edits kept, the second shifted by the first sentence's two tokens: scored in-process,
	// the joined hypothesis makes both.
	cfg := &Config{Samples: 2, MinSample: time.Millisecond}
	if err := measureJoinedInProcess(&runs[0], inputs[0].corpus, cfg); err != nil || runs[0].Bounded != 0 || len(runs[0].InProcess) != 2 {
		t.Errorf("in-process: %+v %v", runs[0], err)
	}
}

func TestMeasureLongInProcess(t *testing.T) {
	fam, _ := cases.LongFamilyByName("near-identical")
	c := fam.Case(2_000, 1)
	pt, err := measureLongInProcess(&c, &Config{Samples: 2, MinSample: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// Two replaced tokens: a band of a few cells per token, a vertex per token on the diagonal.
	if pt.N != 2_000 || pt.Bounded || pt.OursError != "" || pt.BandCells < 2_000 || pt.BandCells > 20_000 || pt.Vertices < 2_000 || len(pt.InProcess) != 2 {
		t.Errorf("near-identical 2,000: %+v", pt)
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
	c, err := cases.ReadCorpus("large", f.system, f.gold)
	if err != nil || len(c.Gold) != 20_000 || len(c.GoldData) != 900_000 {
		t.Fatalf("read back %d sentences, %d bytes of gold (%v)", len(c.Gold), len(c.GoldData), err)
	}
	if !strings.Contains(desc, "4 times (1 MB, 20,000 sentences) and SYS repeated alike") {
		t.Errorf("description %q", desc)
	}
}

func TestSentenceLevelTargetGivesOurTime(t *testing.T) {
	got := statusOf(t, scaleReport(), "sentence-level").Measured
	// 2 s per system then and now (medians of 1, 2, 4 s): 4 s for the two.
	if !strings.Contains(got, "(our command's time alone, the sum of the files' medians: 4.00 s then, 4.00 s now)") {
		t.Errorf("measured %q", got)
	}
}
