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

// The CSV has one row per sample of a measurement, under csvHeader: the section (startup,
// conll, family, inprocess, floor, joined, joined-inprocess, long, long-inprocess, check); the
// system, family or check; its size (sentences for conll and floor, sentences per line for
// joined, MB for the large-gold checks, else source tokens); the scorer (maxmatch or official;
// floor or score); the round (the A/B pair, or the in-process sample); the sample (in-process:
// wall_s and status alone); minflt, the command's minor page faults (its fresh pages).
var csvHeader = []string{"section", "name", "size", "scorer", "round", "wall_s", "cpu_s", "maxrss_mb", "status", "minflt"}

func writeCSV(r *Report) ([]byte, error) {
	records := [][]string{csvHeader}
	add := func(section, name string, size int, scorer string, ss []Sample, inProcess bool) {
		for i, s := range ss {
			rec := []string{section, name, strconv.Itoa(size), scorer, strconv.Itoa(i + 1),
				fmtFloat(s.Wall.Seconds()), fmtFloat(s.CPU.Seconds()), fmtFloat(float64(s.MaxRSS) / (1 << 20)), string(s.Status), strconv.FormatInt(s.MinFlt, 10)}
			if inProcess {
				rec[6], rec[7], rec[9] = "", "", ""
			}
			records = append(records, rec)
		}
	}
	times := func(section, name string, size int, scorer string, ds []time.Duration) {
		var ss []Sample
		for _, d := range ds {
			ss = append(ss, Sample{Wall: d, Status: StatusOK})
		}
		add(section, name, size, scorer, ss, true)
	}
	// Both commands' samples, and in-process times in their own section.
	measured := func(section, inProcess, name string, size int, m *Measured) {
		add(section, name, size, "maxmatch", m.Ours, false)
		add(section, name, size, "official", m.Official, false)
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
		add("check", c.Name, c.Size, "maxmatch", c.Samples, false)
	}
	var b bytes.Buffer
	err := csv.NewWriter(&b).WriteAll(records)
	return b.Bytes(), err
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
	cr := csv.NewReader(rd) // every record as long as the header
	if header, err := cr.Read(); err != nil || !slices.Equal(header, csvHeader) {
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
		size, err := strconv.Atoi(rec[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: size %q", line, rec[2])
		}
		var v [3]float64 // wall_s, cpu_s, maxrss_mb
		for k, f := range rec[5:8] {
			if v[k], err = strconv.ParseFloat(f, 64); err != nil && f != "" {
				return nil, fmt.Errorf("line %d: %q is not a number", line, f)
			}
		}
		s := Sample{Wall: time.Duration(v[0] * 1e9), CPU: time.Duration(v[1] * 1e9), MaxRSS: int64(v[2] * (1 << 20)), Status: proc.Status(rec[8])}
		switch name, scorer := rec[1], rec[3]; rec[0] {
		case "conll":
			sr := byName(&r.Systems, func(s SystemRun) string { return s.Name }, SystemRun{Name: name, Sentences: size})
			if scorer == "official" {
				sr.Official = append(sr.Official, s)
			} else {
				sr.Ours = append(sr.Ours, s)
			}
		case "floor":
			f := byName(&r.Floor, func(f FloorRun) string { return f.Name }, FloorRun{Name: name, Pairs: size})
			if scorer == "floor" {
				f.Floor = append(f.Floor, s.Wall)
			} else {
				f.Score = append(f.Score, s.Wall)
			}
		case "startup", "family", "inprocess", "joined", "joined-inprocess", "long", "long-inprocess", "check":
		default:
			return nil, fmt.Errorf("line %d: unknown section %q", line, rec[0])
		}
	}
}

// byName returns the element of xs named as x is, appending x when there is none.
func byName[T any](xs *[]T, name func(T) string, x T) *T {
	i := slices.IndexFunc(*xs, func(y T) bool { return name(y) == name(x) })
	if i < 0 {
		i, *xs = len(*xs), append(*xs, x)
	}
	return &(*xs)[i]
}
