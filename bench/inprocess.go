package main

import (
	"bytes"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"maxmatch/lattice"
	mmreport "maxmatch/report"
)

// In-process figures are this package's go test benchmarks (inprocess_test.go): the harness
// runs its test binary once per sample round, so that the cases alternate as the commands do,
// and reads their output in benchstat's format, which it keeps (inprocess.txt) for benchstat.

// inProcessCase is a case the benchmarks measure, by its sub-benchmark's name
// ("Score/family=unrelated/n=10"), and what to do with its result.
type inProcessCase struct {
	name string
	fill func(*inProcessResult)
}

// inProcessResult is what the benchmarks measured of a case.
type inProcessResult struct {
	Samples []time.Duration    // time per operation, one per round
	Metrics map[string]float64 // the figures reported beside it (metric…), by unit
	Refused string             // why the scorer refused the case (the benchmark's skip message)
}

// The cases' names: the floor and our scoring of a CoNLL-2014 file (its sentences joined by g,
// 1 for the file itself), our scoring of a family's case of n tokens.
func floorCase(system string) string { return "Floor/system=" + system }
func scoreFileCase(system string, g int) string {
	return fmt.Sprintf("Score/system=%s/g=%d", system, g)
}
func scoreFamilyCase(family string, n int) string {
	return fmt.Sprintf("Score/family=%s/n=%d", family, n)
}

// The figures the benchmarks report beside the time.
const (
	metricVertices         = "vertices"          // the lattice's vertices
	metricEdges            = "edges"             // its closure's edge list (0: bounded or not counted)
	metricBounded          = "bounded"           // 1 when the bounded search scored the case
	metricBandCells        = "band-cells"        // the Levenshtein band's cells
	metricBoundedSentences = "bounded-sentences" // a file's sentences sent to the bounded search
	metricPairs            = "pairs"             // a file's sentence pairs
	metricCells            = "cells"             // their cells, per matrix
	metricSearch           = "search"            // the search that answered a case (lattice.Search's value)
)

// workMetrics are the work of a case's searches in lattice.Cost's deterministic units, each
// reported as a figure of that unit, and read back into a Cost for the page (report.CostText).
var workMetrics = []struct {
	unit  string
	field func(*lattice.Cost) *int64
}{
	{"relaxations", func(c *lattice.Cost) *int64 { return &c.Relaxations }},
	{"state-visits", func(c *lattice.Cost) *int64 { return &c.StateVisits }},
	{"pairs-scanned", func(c *lattice.Cost) *int64 { return &c.Scanned }},
	{"tie-relaxations", func(c *lattice.Cost) *int64 { return &c.Simulated }},
	{"pairs-counted", func(c *lattice.Cost) *int64 { return &c.Counted }},
	{"bounded-states", func(c *lattice.Cost) *int64 { return &c.Bounded }},
	{"reserved-B", func(c *lattice.Cost) *int64 { return &c.Reserved }},
}

// searchOf names the search that answered a case ("closure", "no closure", "bounded") from
// its figures; "" for a run of a harness that did not report it.
func searchOf(metrics map[string]float64) string {
	if s, ok := metrics[metricSearch]; ok {
		return lattice.Search(s).String()
	}
	return ""
}

// workOf is a case's work in lattice.Cost's units, from its figures ("" when none was
// reported).
func workOf(metrics map[string]float64) string {
	var c lattice.Cost
	for _, m := range workMetrics {
		*m.field(&c) = int64(metrics[m.unit])
	}
	return mmreport.CostText(c)
}

// longSampleBudget bounds the in-process samples of one case: at least three samples, more
// while they take less than this in all (cfg.Samples at most).
const longSampleBudget = 20 * time.Second

// measureInProcess runs the benchmarks of cases for cfg.Samples rounds (fewer for a case whose
// samples would take more than longSampleBudget in all), gives each case its result, and
// returns the benchmarks' output.
func measureInProcess(cfg *Config, cases []inProcessCase) ([]byte, error) {
	results := map[string]*inProcessResult{}
	rounds := map[string]int{}
	var out bytes.Buffer
	for r := range cfg.Samples {
		var names []string
		for _, c := range cases {
			if r == 0 || rounds[c.name] > r {
				names = append(names, c.name)
			}
		}
		if len(names) == 0 {
			break
		}
		logf("in-process round %d: %d cases", r+1, len(names))
		cmd := exec.Command(cfg.Benchmarks, "-test.run=^$", "-test.bench=^Benchmark(Floor|Score)$", "-test.v",
			"-test.count=1", "-test.benchtime="+cfg.MinSample.String(),
			"-cases="+strings.Join(names, ","), "-data="+cfg.Data, "-gold="+cfg.Gold)
		cmd.Dir = filepath.Join(cfg.Root, "bench")
		round, err := cmd.CombinedOutput()
		if err != nil {
			return nil, fmt.Errorf("the in-process benchmarks: %v:\n%s", err, round)
		}
		out.Write(round)
		if err := readBenchmarks(round, results); err != nil {
			return nil, err
		}
		for _, name := range names {
			if res := results[name]; r == 0 && res != nil && len(res.Samples) > 0 {
				first := max(res.Samples[0], time.Nanosecond)
				rounds[name] = min(cfg.Samples, max(3, int(longSampleBudget/first)))
			}
		}
	}
	for _, c := range cases {
		res := results[c.name]
		if res == nil {
			return nil, fmt.Errorf("the in-process benchmarks did not measure %s:\n%s", c.name, out.Bytes())
		}
		c.fill(res)
	}
	return out.Bytes(), nil
}

// readBenchmarks adds the results of the benchmarks' output (go test -bench -v) to results:
// each case's time per operation and its other figures, and its skip message, where the
// scorer refused it.
func readBenchmarks(output []byte, results map[string]*inProcessResult) error {
	result := func(name string) *inProcessResult {
		if results[name] == nil {
			results[name] = &inProcessResult{Metrics: map[string]float64{}}
		}
		return results[name]
	}
	rd := benchfmt.NewReader(bytes.NewReader(output), "in-process benchmarks")
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			return rec
		case *benchfmt.Result:
			base, parts := rec.Name.Parts()
			if n := len(parts); n > 0 && strings.HasPrefix(string(parts[n-1]), "-") {
				parts = parts[:n-1] // GOMAXPROCS
			}
			res := result(string(bytes.Join(append([][]byte{base}, parts...), nil)))
			for _, v := range rec.Values {
				if v.Unit == "sec/op" {
					res.Samples = append(res.Samples, time.Duration(math.Round(v.Value*1e9)))
				} else {
					res.Metrics[v.Unit] = v.Value
				}
			}
		}
	}
	if err := rd.Err(); err != nil {
		return err
	}
	// "--- SKIP: BenchmarkScore/family=…/n=…" and, indented below it, "FILE:LINE: why".
	lines := strings.Split(string(output), "\n")
	for i := range len(lines) - 1 {
		if name, ok := strings.CutPrefix(strings.TrimSpace(lines[i]), "--- SKIP: Benchmark"); ok {
			_, why, _ := strings.Cut(strings.TrimSpace(lines[i+1]), ": ")
			result(name).Refused = why
		}
	}
	return nil
}
