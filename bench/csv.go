package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"time"

	"maxmatch/bench/internal/proc"
)

// The CSV has one row per sample of a measurement (csvRecords), its columns csvHeader:
//
//	section   startup | conll | family | inprocess | floor | joined | joined-inprocess | long |
//	          long-inprocess | check
//	name      the system, family or check
//	size      sentences (conll, floor), source tokens (family, inprocess, long, long-inprocess,
//	          check), sentences per line (joined, joined-inprocess), MB (the large-gold checks)
//	scorer    maxmatch | official (commands); maxmatch (inprocess, per sentence); floor | score (floor)
//	round     1, 2, … (the A/B pair, or the in-process sample)
//	wall_s, cpu_s, maxrss_mb, status
//	minflt    the command's minor page faults, its fresh pages (empty in-process)
var csvHeader = []string{"section", "name", "size", "scorer", "round", "wall_s", "cpu_s", "maxrss_mb", "status", "minflt"}

// csvRecords are the run's samples, section by section, under csvHeader.
func (r *Report) csvRecords() [][]string {
	records := [][]string{csvHeader}
	add := func(section, name string, size int, scorer string, round int, s Sample, inProcess bool) {
		rec := []string{section, name, strconv.Itoa(size), scorer, strconv.Itoa(round),
			fmtFloat(s.Wall.Seconds()), fmtFloat(s.CPU.Seconds()), fmtFloat(float64(s.MaxRSS) / (1 << 20)), string(s.Status), strconv.FormatInt(s.MinFlt, 10)}
		if inProcess { // a time measured in-process: wall_s and status alone
			rec[6], rec[7], rec[9] = "", "", ""
		}
		records = append(records, rec)
	}
	samples := func(section, name string, size int, scorer string, ss []Sample) {
		for i, s := range ss {
			add(section, name, size, scorer, i+1, s, false)
		}
	}
	times := func(section, name string, size int, scorer string, ds []time.Duration) {
		for i, d := range ds {
			add(section, name, size, scorer, i+1, Sample{Wall: d, Status: StatusOK}, true)
		}
	}
	// Both commands' samples, and in-process times in their own section.
	measured := func(section, inProcess, name string, size int, m *Measured) {
		samples(section, name, size, "maxmatch", m.Ours)
		samples(section, name, size, "official", m.Official)
		times(inProcess, name, size, "maxmatch", m.InProcess)
	}
	measured("startup", "", "trivial", 1, &r.Startup.Measured)
	for _, s := range r.Systems {
		measured("conll", "", s.Name, s.Sentences, &s.Measured)
	}
	for _, f := range r.Families {
		for _, p := range f.Points {
			measured("family", "inprocess", f.Name, p.N, &p.Measured)
		}
	}
	for _, f := range r.Floor {
		times("floor", f.Name, f.Pairs, "floor", f.Floor)
		times("floor", f.Name, f.Pairs, "score", f.Score)
	}
	for _, j := range r.Joined {
		measured("joined", "joined-inprocess", j.Name, j.Group, &j.Measured)
	}
	for _, l := range r.Long {
		for _, p := range l.Points {
			measured("long", "long-inprocess", l.Name, p.N, &p.Measured)
		}
	}
	for _, c := range r.Checks {
		samples("check", c.Name, c.Size, "maxmatch", c.Samples)
	}
	return records
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

func writeCSV(r *Report) ([]byte, error) {
	var b bytes.Buffer
	err := csv.NewWriter(&b).WriteAll(r.csvRecords())
	return b.Bytes(), err
}

// readCSVFile reads back, from a run's CSV, what -compare compares: the CoNLL-2014 files'
// commands and floor runs (the rest of a run is in its benchmarks.json).
func readCSVFile(path string) (*Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := readCSV(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return r, nil
}

func readCSV(rd io.Reader) (*Report, error) {
	cr := csv.NewReader(rd) // every record as long as the header
	header, err := cr.Read()
	if err != nil || !slices.Equal(header, csvHeader) {
		return nil, fmt.Errorf("not a benchmark CSV (expected the header %v)", csvHeader)
	}
	r := &Report{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return r, nil
		} else if err != nil {
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		size, sample, err := parseSample(rec)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		switch name, scorer := rec[1], rec[3]; rec[0] {
		case "conll":
			i := slices.IndexFunc(r.Systems, func(s SystemRun) bool { return s.Name == name })
			if i < 0 {
				i, r.Systems = len(r.Systems), append(r.Systems, SystemRun{Name: name, Sentences: size})
			}
			if m := &r.Systems[i].Measured; scorer == "official" {
				m.Official = append(m.Official, sample)
			} else {
				m.Ours = append(m.Ours, sample)
			}
		case "floor":
			i := slices.IndexFunc(r.Floor, func(f FloorRun) bool { return f.Name == name })
			if i < 0 {
				i, r.Floor = len(r.Floor), append(r.Floor, FloorRun{Name: name, Pairs: size})
			}
			if f := &r.Floor[i]; scorer == "floor" {
				f.Floor = append(f.Floor, sample.Wall)
			} else {
				f.Score = append(f.Score, sample.Wall)
			}
		case "startup", "family", "inprocess", "joined", "joined-inprocess", "long", "long-inprocess", "check":
		default:
			return nil, fmt.Errorf("line %d: unknown section %q", line, rec[0])
		}
	}
}

// parseSample reads a record's size and sample (but its round and minflt, which -compare does
// not need).
func parseSample(rec []string) (int, Sample, error) {
	size, err := strconv.Atoi(rec[2])
	if err != nil {
		return 0, Sample{}, fmt.Errorf("size %q", rec[2])
	}
	var v [3]float64 // wall_s, cpu_s, maxrss_mb
	for k, f := range rec[5:8] {
		if v[k], err = strconv.ParseFloat(f, 64); err != nil && f != "" {
			return 0, Sample{}, fmt.Errorf("%q is not a number", f)
		}
	}
	return size, Sample{Wall: time.Duration(v[0] * 1e9), CPU: time.Duration(v[1] * 1e9), MaxRSS: int64(v[2] * (1 << 20)), Status: proc.Status(rec[8])}, nil
}
