package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"time"

	"maxmatch/bench/internal/proc"
)

// The CSV has one row per measurement:
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
//
// A CSV of an earlier harness, without the minflt column, is read as well.
var csvHeader = []string{"section", "name", "size", "scorer", "round", "wall_s", "cpu_s", "maxrss_mb", "status", "minflt"}

// csvHeaderFields is the number of fields of the earliest CSV layout, before minflt.
const csvHeaderFields = 9

func writeCSV(w io.Writer, r *Report) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	samples := func(section, name string, size int, scorer string, ss []Sample) {
		for i, s := range ss {
			cw.Write([]string{section, name, strconv.Itoa(size), scorer, strconv.Itoa(i + 1),
				fmtFloat(s.Wall.Seconds()), fmtFloat(s.CPU.Seconds()), fmtFloat(float64(s.MaxRSS) / (1 << 20)), string(s.Status),
				strconv.FormatInt(s.MinFlt, 10)})
		}
	}
	durations := func(section, name string, size int, scorer string, ds []time.Duration) {
		for i, d := range ds {
			cw.Write([]string{section, name, strconv.Itoa(size), scorer, strconv.Itoa(i + 1), fmtFloat(d.Seconds()), "", "", string(StatusOK), ""})
		}
	}
	// A measurement with both commands and in-process times.
	measured := func(section, inprocess, name string, size int, ours, official []Sample, times []time.Duration) {
		samples(section, name, size, "maxmatch", ours)
		samples(section, name, size, "official", official)
		durations(inprocess, name, size, "maxmatch", times)
	}
	samples("startup", "trivial", 1, "maxmatch", r.Startup.Ours)
	samples("startup", "trivial", 1, "official", r.Startup.Official)
	for _, s := range r.Systems {
		samples("conll", s.Name, s.Sentences, "maxmatch", s.Ours)
		samples("conll", s.Name, s.Sentences, "official", s.Official)
	}
	for _, f := range r.Families {
		for _, p := range f.Points {
			measured("family", "inprocess", f.Name, p.N, p.Ours, p.Official, p.InProcess)
		}
	}
	for _, f := range r.Floor {
		durations("floor", f.Name, f.Pairs, "floor", f.Floor)
		durations("floor", f.Name, f.Pairs, "score", f.Score)
	}
	for _, j := range r.Joined {
		measured("joined", "joined-inprocess", j.Name, j.Group, j.Ours, j.Official, j.InProcess)
	}
	for _, l := range r.Long {
		for _, p := range l.Points {
			measured("long", "long-inprocess", l.Name, p.N, p.Ours, p.Official, p.InProcess)
		}
	}
	for _, c := range r.Checks {
		samples("check", c.Name, c.Size, "maxmatch", c.Samples)
	}
	cw.Flush()
	return cw.Error()
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

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
	rows, err := csv.NewReader(rd).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || len(rows[0]) < csvHeaderFields || len(rows[0]) > len(csvHeader) || !slices.Equal(rows[0], csvHeader[:len(rows[0])]) {
		return nil, fmt.Errorf("not a benchmark CSV (expected the header %v)", csvHeader)
	}
	r := &Report{}
	for line, row := range rows[1:] {
		if len(row) != len(rows[0]) {
			return nil, fmt.Errorf("line %d: %d fields, expected %d", line+2, len(row), len(rows[0]))
		}
		section, name, scorer := row[0], row[1], row[3]
		size, err := strconv.Atoi(row[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: size %q", line+2, row[2])
		}
		var vals [3]float64
		for k, f := range row[5:8] {
			if f == "" {
				continue
			}
			if vals[k], err = strconv.ParseFloat(f, 64); err != nil {
				return nil, fmt.Errorf("line %d: %q is not a number", line+2, f)
			}
		}
		s := Sample{Wall: secondsDuration(vals[0]), CPU: secondsDuration(vals[1]), MaxRSS: int64(vals[2] * (1 << 20)), Status: proc.Status(row[8])}
		switch section {
		case "conll":
			i := slices.IndexFunc(r.Systems, func(s SystemRun) bool { return s.Name == name })
			if i < 0 {
				i, r.Systems = len(r.Systems), append(r.Systems, SystemRun{Name: name, Sentences: size})
			}
			if scorer == "official" {
				r.Systems[i].Official = append(r.Systems[i].Official, s)
			} else {
				r.Systems[i].Ours = append(r.Systems[i].Ours, s)
			}
		case "floor":
			i := slices.IndexFunc(r.Floor, func(f FloorRun) bool { return f.Name == name })
			if i < 0 {
				i, r.Floor = len(r.Floor), append(r.Floor, FloorRun{Name: name, Pairs: size})
			}
			if scorer == "floor" {
				r.Floor[i].Floor = append(r.Floor[i].Floor, s.Wall)
			} else {
				r.Floor[i].Score = append(r.Floor[i].Score, s.Wall)
			}
		case "startup", "family", "inprocess", "joined", "joined-inprocess", "long", "long-inprocess", "check":
		default:
			return nil, fmt.Errorf("line %d: unknown section %q", line+2, section)
		}
	}
	return r, nil
}

func secondsDuration(s float64) time.Duration { return time.Duration(s * 1e9) }
