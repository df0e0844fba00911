package main

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// roundTrip writes r's CSV and reads it back.
func roundTrip(t *testing.T, r *Report) *Report {
	t.Helper()
	b, err := writeCSV(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := readCSV(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestCSVRoundTripAndComparison: the CSV of every section is read back (the CoNLL-2014 files
// and their floor, what -compare compares), and a slower run compares as such.
func TestCSVRoundTripAndComparison(t *testing.T) {
	r := scaleReport()
	back := roundTrip(t, r)
	if len(back.Systems) != 2 || len(back.Floor) != 2 || len(back.Floor[1].Score) != 3 {
		t.Fatalf("read back %d systems, %d floors", len(back.Systems), len(back.Floor))
	}
	if got, want := back.Systems[1].WallRatio(), r.Systems[1].WallRatio(); got != want {
		t.Errorf("wall ratio read back %+v, want %+v", got, want)
	}
	if got, want := back.Floor[0].Ratio(), r.Floor[0].Ratio(); math.Abs(got.Median-want.Median) > 1e-6 {
		t.Errorf("floor ratio read back %+v, want %+v", got, want)
	}
	// A later run whose maxmatch is 10% slower on AAA: its ratio is 1/1.1 of it.
	later := syntheticReport()
	for i := range later.Systems[0].Ours {
		later.Systems[0].Ours[i].Wall = later.Systems[0].Ours[i].Wall * 11 / 10
	}
	c := compareRuns(back, later, "prev.csv")
	if d, name := MaxDiff(c.Wall); name != "AAA" || math.Abs(d-(1-1/1.1)) > 1e-3 {
		t.Errorf("largest change %.4f on %s, want %.4f on AAA", d, name, 1-1/1.1)
	}
	later.Previous = c
	md, err := writePage(later)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(md, []byte("## Agreement with an earlier run")) || !bytes.Contains(md, []byte("| AAA | 50.0× → 45.5× | -9% |")) {
		t.Errorf("comparison table missing or wrong:\n%s", md)
	}
}

func TestReadCSVRejectsOtherFiles(t *testing.T) {
	for _, bad := range []string{
		"a,b\n1,2\n",
		"section,name,size,scorer,round,wall_s,cpu_s,maxrss_mb,status\n", // the first layout, which no committed CSV has
		"section,name,size,scorer,round,wall_s,cpu_s,maxrss_mb,status,minflt,extra\n",
		"section,name,size,scorer,round,wall_s,cpu_s,maxrss_mb,status,minflt\nconll,AAA,x,maxmatch,1,1,1,1,ok,0\n",
		"section,name,size,scorer,round,wall_s,cpu_s,maxrss_mb,status,minflt\nconll,AAA,1,maxmatch,1,fast,1,1,ok,0\n",
		"section,name,size,scorer,round,wall_s,cpu_s,maxrss_mb,status,minflt\nnosuch,AAA,1,maxmatch,1,1,1,1,ok,0\n",
	} {
		if _, err := readCSV(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestReadTheCommittedCSV reads docs/benchmarks.csv as the documented regeneration command's
// -compare does, whichever harness wrote it.
func TestReadTheCommittedCSV(t *testing.T) {
	path := filepath.Join("..", "docs", csvName)
	r, err := readCSVFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Systems) != 13 || len(r.Floor) != 13 {
		t.Fatalf("%s: %d systems, %d floor rows, want 13 of each", path, len(r.Systems), len(r.Floor))
	}
	if v := summaryOn(t, compareRuns(r, r, path)); !strings.Contains(v, "**All 41 ratios are within 20%**") {
		t.Errorf("the committed run compared with itself: %s", v)
	}
}

// summaryOn is the summary's line on the earlier run, c, in the page of syntheticReport.
func summaryOn(t *testing.T, c *Comparison) string {
	t.Helper()
	r := syntheticReport()
	r.Previous = c
	md, err := writePage(r)
	if err != nil {
		t.Fatal(err)
	}
	_, line, ok := strings.Cut(string(md), "\n- **Against the earlier run**")
	if !ok {
		t.Fatalf("no line on the earlier run in the summary:\n%s", md)
	}
	line, _, _ = strings.Cut(line, "\n")
	return line
}

func TestComparisonVerdict(t *testing.T) {
	prev := syntheticReport()
	if v := summaryOn(t, compareRuns(prev, syntheticReport(), "prev.csv")); !strings.Contains(v, "**All 8 ratios are within 20%** of the earlier run's") {
		t.Errorf("identical runs: %s", v)
	}
	// BBB's maxmatch 30% slower in every round: its wall and CPU ratios drop by 1 − 1/1.3 = 23%,
	// the whole corpus's by less (AAA is unchanged).
	slower := syntheticReport()
	for i := range slower.Systems[1].Ours {
		slower.Systems[1].Ours[i].Wall = slower.Systems[1].Ours[i].Wall * 13 / 10
		slower.Systems[1].Ours[i].CPU = slower.Systems[1].Ours[i].CPU * 13 / 10
	}
	v := summaryOn(t, compareRuns(prev, slower, "prev.csv"))
	for _, want := range []string{
		"**2 of 8 ratios differ by more than 20%**: speed-up, wall of BBB -23%; speed-up, CPU of BBB -23%.",
		"Per file the largest changes are 23% (speed-up, wall, BBB)",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("verdict lacks %q:\n%s", want, v)
		}
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
