package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"time"
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
			cw.Write([]string{section, name, strconv.Itoa(size), scorer, strconv.Itoa(i + 1),
				fmtFloat(d.Seconds()), "", "", string(StatusOK), ""})
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

// readCSV rebuilds the measurements of a report from its CSV (not the machine, lattice sizes or
// output comparisons, which the CSV does not hold).
func readCSV(rd io.Reader) (*Report, error) {
	cr := csv.NewReader(rd)
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || len(rows[0]) < csvHeaderFields || len(rows[0]) > len(csvHeader) || !slices.Equal(rows[0], csvHeader[:len(rows[0])]) {
		return nil, fmt.Errorf("not a benchmark CSV (expected the header %v)", csvHeader)
	}
	fields := len(rows[0])
	r := &Report{}
	// Indices, not pointers: the slices grow as rows arrive.
	systems, floors, families := map[string]int{}, map[string]int{}, map[string]int{}
	points, joined, longPoints := map[pointKey]int{}, map[pointKey]int{}, map[pointKey]int{}
	longRuns, checks := map[string]int{}, map[string]int{}
	index := func(m map[string]int, name string, add func()) int {
		i, ok := m[name]
		if !ok {
			i = len(m)
			m[name] = i
			add()
		}
		return i
	}
	for line, row := range rows[1:] {
		if len(row) != fields {
			return nil, fmt.Errorf("line %d: %d fields, expected %d", line+2, len(row), fields)
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
		s := Sample{
			Wall: secondsDuration(vals[0]), CPU: secondsDuration(vals[1]),
			MaxRSS: int64(vals[2] * (1 << 20)), Status: Status(row[8]),
		}
		if fields > csvHeaderFields && row[9] != "" {
			if s.MinFlt, err = strconv.ParseInt(row[9], 10, 64); err != nil {
				return nil, fmt.Errorf("line %d: minflt %q is not an integer", line+2, row[9])
			}
		}
		var dst *[]Sample
		switch section {
		case "startup":
			dst = &r.Startup.Ours
			if scorer == "official" {
				dst = &r.Startup.Official
			}
		case "conll":
			i := index(systems, name, func() { r.Systems = append(r.Systems, SystemRun{Name: name, Sentences: size}) })
			dst = &r.Systems[i].Ours
			if scorer == "official" {
				dst = &r.Systems[i].Official
			}
		case "family", "inprocess":
			fam := &r.Families[index(families, name, func() { r.Families = append(r.Families, FamilyRun{Name: name}) })]
			p := entry(&fam.Points, points, pointKey{name, size}, FamilyPoint{N: size})
			dst = route(section == "inprocess", scorer, s, &p.Ours, &p.Official, &p.InProcess)
		case "floor":
			i := index(floors, name, func() { r.Floor = append(r.Floor, FloorRun{Name: name, Pairs: size}) })
			if scorer == "floor" {
				r.Floor[i].Floor = append(r.Floor[i].Floor, s.Wall)
			} else {
				r.Floor[i].Score = append(r.Floor[i].Score, s.Wall)
			}
		case "joined", "joined-inprocess":
			j := entry(&r.Joined, joined, pointKey{name, size}, JoinedRun{Name: name, Group: size})
			dst = route(section == "joined-inprocess", scorer, s, &j.Ours, &j.Official, &j.InProcess)
		case "long", "long-inprocess":
			l := &r.Long[index(longRuns, name, func() { r.Long = append(r.Long, LongRun{Name: name}) })]
			p := entry(&l.Points, longPoints, pointKey{name, size}, LongPoint{FamilyPoint: FamilyPoint{N: size}})
			dst = route(section == "long-inprocess", scorer, s, &p.Ours, &p.Official, &p.InProcess)
		case "check":
			i := index(checks, name, func() { r.Checks = append(r.Checks, CheckRun{Name: name, Size: size}) })
			dst = &r.Checks[i].Samples
		default:
			return nil, fmt.Errorf("line %d: unknown section %q", line+2, section)
		}
		if dst != nil {
			*dst = append(*dst, s)
		}
	}
	return r, nil
}

// pointKey names a measurement of a family or a file at one size.
type pointKey struct {
	name string
	size int
}

// entry returns the element of *xs that m gives key's index of, appending zero (and
// recording its index) the first time: indices, not pointers, as the slice grows.
func entry[T any](xs *[]T, m map[pointKey]int, key pointKey, zero T) *T {
	k, ok := m[key]
	if !ok {
		k = len(*xs)
		m[key] = k
		*xs = append(*xs, zero)
	}
	return &(*xs)[k]
}

// route says where a row's sample goes among a measurement's runs: an in-process time is
// appended to inproc here (nil returned), a command's sample goes to ours or official.
func route(inprocess bool, scorer string, s Sample, ours, official *[]Sample, inproc *[]time.Duration) *[]Sample {
	switch {
	case inprocess:
		*inproc = append(*inproc, s.Wall)
		return nil
	case scorer == "official":
		return official
	}
	return ours
}

func secondsDuration(s float64) time.Duration { return time.Duration(s * 1e9) }
