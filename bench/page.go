package main

import (
	_ "embed"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"maxmatch/internal/markdown"
)

// Output file names, the same in -out and -docs (inprocess.txt: -out only).
const (
	reportName  = "benchmarks.md"
	csvName     = "benchmarks.csv"
	jsonName    = "benchmarks.json"
	benchName   = "inprocess.txt"
	scalingFile = "benchmarks-scaling"
	speedupFile = "benchmarks-speedup"
	freshFile   = "benchmarks-fresh-memory"
	joinedFile  = "benchmarks-joined"
	longFile    = "benchmarks-long"
)

const (
	// regenerate is the documented command that rewrites docs/benchmarks.md.
	regenerate = "go run ./bench -mirror PATH/TO/m2scorer.git -compare docs/benchmarks.csv -docs docs"
	// floorTarget is the goal for our whole-corpus in-process time, in multiples of the floor
	// (issue 28's; TestTargets judges it).
	floorTarget = 1.3
	// agreementTolerance is how far two runs' ratios may differ (relative change) and still be
	// said to agree.
	agreementTolerance = 0.20
)

//go:embed page.md.tmpl
var pageTemplate string

// writeOutputs writes the run whole (JSON), has TestTargets judge it, and writes the page,
// the CSV and the plots into cfg.Out and, when set, cfg.Docs; the benchmarks' output into
// cfg.Out.
func writeOutputs(cfg *Config, r *Report) error {
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return err
	}
	if len(r.benchOutput) > 0 {
		if err := os.WriteFile(filepath.Join(cfg.Out, benchName), r.benchOutput, 0o644); err != nil {
			return err
		}
	}
	if r.hasScaleParts() {
		if err := judgeTargets(cfg, r); err != nil {
			return err
		}
	}
	md, errPage := writePage(r)
	csv, errCSV := writeCSV(r)
	js, errJSON := json.MarshalIndent(r, "", "\t")
	files := map[string][]byte{reportName: md, csvName: csv, jsonName: js}
	if err := errors.Join(errPage, errCSV, errJSON, plots(r, files)); err != nil {
		return err
	}
	for _, dir := range slices.DeleteFunc([]string{cfg.Out, cfg.Docs}, func(d string) bool { return d == "" }) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				return err
			}
		}
		logf("wrote %s", filepath.Join(dir, reportName))
	}
	return nil
}

// page is what the template renders: the report and the figures drawn from it.
type page struct {
	*Report
	OfficialRun bool
	T           corpusTotals
	Lo, Hi      named // the lowest and highest per-file speed-up
	Same        int   // files with the same scores,
	SameOf      int   // of those compared
	Command     map[string]float64
	Families    []familyView
	Long        []familyView
	Groups      []int // 1 and the joined groups
	JoinedTotal []joinedTotals
	Growth      []JoinedGrowth // per file, and all files' sums last
	AllGrowth   *JoinedGrowth  // those sums, when they fitted
	Fresh       []freshRow
	FreshFit    *pageFit
	Shares      Spread  // the fresh pages' shares over the start-up's noise
	Noise       float64 // the start-up's range
	Met, Judged int     // targets met, and measured
	Scale       bool    // whether the run measured any of the scale parts
}

// familyView is a family with its growth fits (those that fitted apart too), the largest size
// scored exactly (ExactAll: every size was), the largest the official finished.
type familyView struct {
	*FamilyRun
	Fits, Fitted []FamilyFit
	ExactUpTo    int
	ExactAll     bool
	OfficialUpTo int
}

type named struct {
	Name string
	V    float64
}

func writePage(r *Report) ([]byte, error) {
	var b strings.Builder
	tmpl, err := template.New("page").Funcs(pageFuncs).Parse(pageTemplate)
	if err == nil {
		err = tmpl.Execute(&b, newPage(r))
	}
	return []byte(markdown.WithContents(b.String())), err
}

func newPage(r *Report) *page {
	p := &page{Report: r, OfficialRun: r.Official != "", Scale: r.hasScaleParts(), T: r.totals(), Command: map[string]float64{}, Lo: named{V: math.Inf(1)}}
	for _, s := range r.Systems {
		p.Command[s.Name] = median(s.Ours)
		if rt := s.WallRatio(); rt.N > 0 && rt.Median < p.Lo.V {
			p.Lo = named{s.Name, rt.Median}
		}
		if rt := s.WallRatio(); rt.N > 0 && rt.Median > p.Hi.V {
			p.Hi = named{s.Name, rt.Median}
		}
		p.SameOf, p.Same = p.SameOf+btoi(s.Same != ""), p.Same+btoi(s.Same == "yes")
	}
	view := func(f *FamilyRun, fits []FamilyFit) familyView {
		v := familyView{FamilyRun: f, Fits: fits, ExactAll: true}
		for _, ff := range fits {
			if ff.Err == nil {
				v.Fitted = append(v.Fitted, ff)
			}
		}
		for _, pt := range f.Points {
			if pt.Bounded || pt.OursError != "" || len(pt.InProcess) == 0 {
				v.ExactAll = false
			} else {
				v.ExactUpTo = max(v.ExactUpTo, pt.N)
			}
			if finishedMedian(pt.Official) > 0 {
				v.OfficialUpTo = max(v.OfficialUpTo, pt.N)
			}
		}
		return v
	}
	for i := range r.Families {
		p.Families = append(p.Families, view(&r.Families[i], r.Families[i].fits(median(r.Startup.Official), p.OfficialRun)))
	}
	for i := range r.Long {
		p.Long = append(p.Long, view(&r.Long[i], r.Long[i].longFits(r)))
	}
	p.Groups = append([]int{1}, r.joinedGroups()...)
	for _, g := range p.Groups[1:] {
		p.JoinedTotal = append(p.JoinedTotal, r.joinedTotals(g))
	}
	per, all := r.joinedGrowth()
	p.Growth = per
	if all.InProcFit.Err == nil {
		p.Growth, p.AllGrowth = append(p.Growth, all), &all
	}
	p.Fresh = freshMemoryRows(r)
	if f, ok := fitPages(p.Fresh); ok {
		p.FreshFit = &f
	}
	st := spreadOf(walls(r.Startup.Ours))
	p.Noise = st.Max - st.Min
	p.Shares = spreadOf(shares(p.Fresh, p.Noise))
	for _, t := range r.Targets {
		p.Met += btoi(t.Status == "met")
		p.Judged += btoi(t.Status != "not measured")
	}
	return p
}
