package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"maxmatch/benchcases"
	"maxmatch/internal/gctarget"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
	"maxmatch/scorer"
)

// The harness's in-process figures: the floor of a CoNLL-2014 file (both Levenshtein matrices
// of every sentence pair) and our scoring of it (its sentences joined by g, 1 for the file
// itself) or of a family's case, one worker, under the command's garbage collector setting.
// The harness runs them through -cases; by hand, for instance:
//
//	go test ./bench -run '^$' -bench . -count 10 -cases Floor/system=CAMB,Score/system=CAMB/g=1 | benchstat -
var (
	casesFlag = flag.String("cases", "", "the cases to benchmark, comma-separated: Floor/system=S, Score/system=S/g=G, Score/family=F/n=N (default: every CoNLL-2014 file's floor and scoring, and the generated families up to 80 tokens)")
	dataFlag  = flag.String("data", "", "shared data directory (default: ../shared/data beside the repository)")
	goldFlag  = flag.String("gold", "", "CoNLL-2014 gold file (default: DATA/"+benchcases.CoNLLGold+")")
)

// longHeapLimit is the soft heap limit while a long line is scored: one holds up to a few GB
// (the edited line of 10⁵ tokens: 1.3 GB).
const longHeapLimit = 3 << 30

func BenchmarkFloor(b *testing.B) { benchmarkCases(b, "Floor/", benchmarkFloor) }
func BenchmarkScore(b *testing.B) { benchmarkCases(b, "Score/", benchmarkScore) }

// benchmarkCases runs, as sub-benchmarks, the cases of -cases that start with prefix.
func benchmarkCases(b *testing.B, prefix string, run func(b *testing.B, keys map[string]string)) {
	defer debug.SetGCPercent(debug.SetGCPercent(gctarget.Percent))
	names := strings.Split(*casesFlag, ",")
	if *casesFlag == "" {
		names = defaultBenchmarkCases(b)
	}
	ran := false
	for _, name := range names {
		sub, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		ran = true
		keys := map[string]string{}
		for _, part := range strings.Split(sub, "/") {
			k, v, _ := strings.Cut(part, "=")
			keys[k] = v
		}
		b.Run(sub, func(b *testing.B) { run(b, keys) })
	}
	if !ran {
		b.SkipNow() // not timed as an empty benchmark
	}
}

func defaultBenchmarkCases(b *testing.B) []string {
	var names []string
	if systems, err := benchcases.CoNLLSystems(benchData(b)); err == nil {
		for _, s := range systems {
			names = append(names, floorCase(s), scoreFileCase(s, 1))
		}
	}
	for _, f := range benchcases.Families {
		for _, n := range benchcases.Sizes {
			if n <= 80 {
				names = append(names, scoreFamilyCase(f.Name, n))
			}
		}
	}
	return names
}

func benchmarkFloor(b *testing.B, keys map[string]string) {
	var in levenshtein.Interner
	pairs := corpus(b, keys["system"], 1).Pairs(&in)
	cells := 0
	for _, p := range pairs {
		cells += (len(p.Src) + 1) * (len(p.Hyp) + 1)
	}
	var m1, m2 levenshtein.Matrix
	for b.Loop() {
		for i := range pairs {
			m1.Fill(pairs[i].Src, pairs[i].Hyp, 1)
			m2.Fill(pairs[i].Src, pairs[i].Hyp, 2)
		}
	}
	b.ReportMetric(float64(len(pairs)), metricPairs)
	b.ReportMetric(float64(cells), metricCells)
}

// benchmarkScore scores a CoNLL-2014 file (keys system and g) or a family's case (family and
// n), and reports what the scorer made of it; a case the memory budget refuses is skipped,
// with the scorer's message.
func benchmarkScore(b *testing.B, keys map[string]string) {
	opt := scorer.DefaultOptions()
	opt.Workers = 1
	if system := keys["system"]; system != "" {
		c := corpus(b, system, atoi(b, keys["g"]))
		var tot scorer.Totals
		for b.Loop() {
			var err error
			if tot, err = scorer.Score(c.Hyps, c.Gold, opt, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(tot.BoundedSentences), metricBoundedSentences)
		return
	}
	fam, known := benchcases.FamilyByName(keys["family"])
	// The largest exact case the default budget holds takes tens of seconds and gigabytes (an
	// unrelated line of 160 tokens: 33 s, 10 GB): the heap is held near the command's budget.
	budget := opt.Memory()
	limit := budget + budget/4
	if !known {
		if fam, known = benchcases.LongFamilyByName(keys["family"]); !known {
			b.Fatalf("no family %q", keys["family"])
		}
		limit = longHeapLimit
	}
	cs := fam.Case(atoi(b, keys["n"]), 1)
	c, err := benchcases.ParseCorpus("case", []byte(cs.System()), []byte(cs.M2()))
	if err != nil {
		b.Fatal(err)
	}
	defer debug.FreeOSMemory()
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
	var last scorer.SentenceResult
	keep := func(r *scorer.SentenceResult) error { last = *r; return nil }
	for b.Loop() {
		if _, err := scorer.Score(c.Hyps, c.Gold, opt, keep); err != nil {
			if tooLarge := (*scorer.TooLargeError)(nil); errors.As(err, &tooLarge) {
				b.Skip(err)
			}
			b.Fatal(err)
		}
	}
	bounded := last.Bounded != lattice.Exact
	b.ReportMetric(float64(last.Cost.Vertices), metricVertices)
	b.ReportMetric(float64(last.Cost.Edges*btoi(!bounded)), metricEdges)
	b.ReportMetric(float64(btoi(bounded)), metricBounded)
	b.ReportMetric(float64(last.Cost.BandCells), metricBandCells)
	b.ReportMetric(float64(last.Cost.Search), metricSearch)
	for _, m := range workMetrics {
		b.ReportMetric(float64(*m.field(&last.Cost)), m.unit)
	}
}

// corpora are the CoNLL-2014 files the benchmarks read, joined by g, by "SYSTEM/g".
var corpora sync.Map

// corpus returns system's CoNLL-2014 file with its sentences joined by g (1: the file itself).
func corpus(b *testing.B, system string, g int) *benchcases.Corpus {
	key := fmt.Sprintf("%s/%d", system, g)
	if c, ok := corpora.Load(key); ok {
		return c.(*benchcases.Corpus)
	}
	data := benchData(b)
	gold := *goldFlag
	if gold == "" {
		gold = filepath.Join(data, benchcases.CoNLLGold)
	}
	c, err := benchcases.ReadCorpus(system, filepath.Join(data, "conll14", "systems", system), gold)
	if err == nil && g > 1 {
		var joined string
		if joined, err = benchcases.JoinM2(string(c.GoldData), g); err == nil {
			c, err = benchcases.ParseCorpus(key, []byte(benchcases.JoinLines(string(c.SystemData), g)), []byte(joined))
		}
	}
	if err != nil {
		b.Fatal(err)
	}
	corpora.Store(key, c)
	return c
}

func benchData(b *testing.B) string {
	if *dataFlag != "" {
		return *dataFlag
	}
	data, err := benchcases.SharedData(".")
	if err != nil {
		b.Skip(err)
	}
	return data
}

func atoi(b *testing.B, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		b.Fatalf("%q is not a number", s)
	}
	return n
}

// TestMeasureInProcess runs this test binary's benchmarks as the harness runs its own, on two
// generated cases (and a CoNLL-2014 file's floor and paragraphs, with the shared data): each
// case gets its samples and figures.
func TestMeasureInProcess(t *testing.T) {
	root, err := benchcases.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Root: root, Benchmarks: os.Args[0], Settings: Settings{Samples: 2, MinSample: time.Millisecond}}
	var unrelated, near FamilyPoint
	var floor FloorRun
	var paragraphs JoinedRun
	cases := []inProcessCase{
		{scoreFamilyCase("unrelated", 10), unrelated.describe},
		{scoreFamilyCase("near-identical", 2_000), near.describe},
	}
	if cfg.Data, err = benchcases.SharedData(root); err == nil {
		cfg.Gold = filepath.Join(cfg.Data, benchcases.CoNLLGold)
		cases = append(cases,
			inProcessCase{floorCase("INPUT"), func(res *inProcessResult) { floor.Floor, floor.Cells = res.Samples, int(res.Metrics[metricCells]) }},
			inProcessCase{scoreFileCase("INPUT", 5), func(res *inProcessResult) { paragraphs.InProcess = res.Samples }})
	}
	out, err := measureInProcess(cfg, cases)
	if err != nil {
		t.Fatal(err)
	}
	// The unrelated case of 10 tokens: the whole 11 × 11 grid, exact; the near-identical line
	// of 2,000 tokens (two replaced): a vertex per token on the diagonal, a band of a few cells
	// per token.
	if len(unrelated.InProcess) != 2 || unrelated.Vertices != 121 || unrelated.Bounded {
		t.Errorf("unrelated n=10: %+v", unrelated)
	}
	if len(near.InProcess) != 2 || near.Bounded || near.BandCells < 2_000 || near.BandCells > 20_000 || near.Vertices < 2_000 {
		t.Errorf("near-identical n=2,000: %+v", near)
	}
	// Both report the search that answered and its work (lattice.Cost's units).
	for name, pt := range map[string]FamilyPoint{"unrelated n=10": unrelated, "near-identical n=2,000": near} {
		if searchOf(pt.Metrics) == "" || workOf(pt.Metrics) == "" {
			t.Errorf("%s: no search or no work in %v", name, pt.Metrics)
		}
		t.Logf("%s: %s search, %s", name, searchOf(pt.Metrics), workOf(pt.Metrics))
	}
	if cfg.Data != "" && (len(floor.Floor) != 2 || floor.Cells == 0 || len(paragraphs.InProcess) != 2) {
		t.Errorf("INPUT: floor %+v, paragraphs %+v", floor, paragraphs)
	}
	if !bytes.Contains(out, []byte("BenchmarkScore/family=unrelated/n=10")) {
		t.Errorf("the benchmarks' output lacks the case's line:\n%s", out)
	}
}

// TestReadBenchmarks reads go test -bench -v output: results in benchstat's format, figures
// by unit, and a case the scorer refused with its message.
func TestReadBenchmarks(t *testing.T) {
	out := `goos: linux
=== RUN   BenchmarkScore
BenchmarkScore
=== RUN   BenchmarkScore/family=unrelated/n=10
BenchmarkScore/family=unrelated/n=10
BenchmarkScore/family=unrelated/n=10-2         	     100	    220311 ns/op	         0 bounded	       121.0 vertices	      4245 edges
=== RUN   BenchmarkScore/family=near-identical/n=1000000
--- SKIP: BenchmarkScore/family=near-identical/n=1000000
    inprocess_test.go:143: sentence 1 (case:1) is too large for the memory budget: 1,000,000 source tokens
PASS
`
	results := map[string]*inProcessResult{}
	if err := readBenchmarks([]byte(out), results); err != nil {
		t.Fatal(err)
	}
	u := results["Score/family=unrelated/n=10"]
	if u == nil || len(u.Samples) != 1 || u.Samples[0] != 220311*time.Nanosecond || u.Metrics[metricVertices] != 121 || u.Metrics[metricEdges] != 4245 {
		t.Errorf("unrelated: %+v", u)
	}
	if r := results["Score/family=near-identical/n=1000000"]; r == nil || r.Refused != "sentence 1 (case:1) is too large for the memory budget: 1,000,000 source tokens" || len(r.Samples) != 0 {
		t.Errorf("the refused case: %+v", r)
	}
	if err := readBenchmarks([]byte("BenchmarkScore/x-2 100 fast ns/op\n"), results); err == nil {
		t.Error("a result line that is not one was accepted")
	}
}
