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

// The CSV has one row per sample of a measurement (csvRow), its columns csvHeader:
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

// csvRow is one row of the CSV.
type csvRow struct {
	section, name string
	size          int
	scorer        string
	round         int
	sample        Sample
	inProcess     bool // a time measured in-process: wall_s and status alone
}

func (c csvRow) record() []string {
	s := c.sample
	rec := []string{c.section, c.name, strconv.Itoa(c.size), c.scorer, strconv.Itoa(c.round),
		fmtFloat(s.Wall.Seconds()), fmtFloat(s.CPU.Seconds()), fmtFloat(float64(s.MaxRSS) / (1 << 20)), string(s.Status), strconv.FormatInt(s.MinFlt, 10)}
	if c.inProcess {
		rec[6], rec[7], rec[9] = "", "", ""
	}
	return rec
}

// parseRecord reads a record back (but its round and minflt, which -compare does not need).
func parseRecord(rec []string) (csvRow, error) {
	c := csvRow{section: rec[0], name: rec[1], scorer: rec[3], sample: Sample{Status: proc.Status(rec[8])}}
	var err error
	if c.size, err = strconv.Atoi(rec[2]); err != nil {
		return c, fmt.Errorf("size %q", rec[2])
	}
	var v [3]float64 // wall_s, cpu_s, maxrss_mb
	for k, f := range rec[5:8] {
		if v[k], err = strconv.ParseFloat(f, 64); err != nil && f != "" {
			return c, fmt.Errorf("%q is not a number", f)
		}
	}
	c.sample.Wall, c.sample.CPU, c.sample.MaxRSS = time.Duration(v[0]*1e9), time.Duration(v[1]*1e9), int64(v[2]*(1<<20))
	return c, nil
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// csvRows are the run's samples, section by section.
func (r *Report) csvRows() []csvRow {
	var rows []csvRow
	samples := func(section, name string, size int, scorer string, ss []Sample) {
		for i, s := range ss {
			rows = append(rows, csvRow{section, name, size, scorer, i + 1, s, false})
		}
	}
	times := func(section, name string, size int, scorer string, ds []time.Duration) {
		for i, d := range ds {
			rows = append(rows, csvRow{section, name, size, scorer, i + 1, Sample{Wall: d, Status: StatusOK}, true})
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
	return rows
}

func writeCSV(r *Report) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(csvHeader)
	for _, row := range r.csvRows() {
		w.Write(row.record())
	}
	w.Flush()
	return b.Bytes(), w.Error()
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
		c, err := parseRecord(rec)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		switch c.section {
		case "conll":
			i := slices.IndexFunc(r.Systems, func(s SystemRun) bool { return s.Name == c.name })
			if i < 0 {
				i, r.Systems = len(r.Systems), append(r.Systems, SystemRun{Name: c.name, Sentences: c.size})
			}
			if m := &r.Systems[i].Measured; c.scorer == "official" {
				m.Official = append(m.Official, c.sample)
			} else {
				m.Ours = append(m.Ours, c.sample)
			}
		case "floor":
			i := slices.IndexFunc(r.Floor, func(f FloorRun) bool { return f.Name == c.name })
			if i < 0 {
				i, r.Floor = len(r.Floor), append(r.Floor, FloorRun{Name: c.name, Pairs: c.size})
			}
			if f := &r.Floor[i]; c.scorer == "floor" {
				f.Floor = append(f.Floor, c.sample.Wall)
			} else {
				f.Score = append(f.Score, c.sample.Wall)
			}
		case "startup", "family", "inprocess", "joined", "joined-inprocess", "long", "long-inprocess", "check":
		default:
			return nil, fmt.Errorf("line %d: unknown section %q", line, c.section)
		}
	}
}
