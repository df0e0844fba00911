package main

import (
	"fmt"

	"maxmatch/bench/internal/proc"
	"maxmatch/internal/benchcases"
)

// familySection runs families of one sentence per case at growing sizes: the generated ones
// (internal/benchcases.Families), where the official's closure is what grows, or, with long,
// the long lines (benchcases.LongFamilies: paragraphs and documents on one line, 10³ to 10⁶
// tokens), where the scorer's memory is, and the official runs under its address-space limit.
type familySection struct {
	runs     *[]FamilyRun
	families []benchcases.Family
	long     bool
	files    [][]caseFiles
}

func (s *familySection) prepare(cfg *Config, dir string) ([]inProcessCase, error) {
	var cases []inProcessCase
	*s.runs = make([]FamilyRun, len(s.families))
	s.files = make([][]caseFiles, len(s.families))
	for i, fam := range s.families {
		f := &(*s.runs)[i]
		*f = FamilyRun{Name: fam.Name, Description: fam.Description}
		sizes := cfg.Sizes
		if s.long {
			sizes, f.Capped = longSizes(cfg, fam.Name)
			f.Max = cfg.LongMax[fam.Name]
		}
		f.Points = make([]FamilyPoint, len(sizes))
		for k, n := range sizes {
			c := fam.Case(n, 1)
			in, err := writeCase(dir, fmt.Sprintf("%s-%d", fam.Name, n), &c)
			if err != nil {
				return nil, err
			}
			s.files[i] = append(s.files[i], in)
			pt := &f.Points[k]
			*pt = FamilyPoint{N: len(c.Source), HypTokens: len(c.Hypothesis)}
			cases = append(cases, inProcessCase{scoreFamilyCase(fam.Name, n), pt.describe})
		}
	}
	return cases, nil
}

// describe sets a point's in-process figures: its samples and the lattice it was scored on,
// or why the scorer refused it.
func (pt *FamilyPoint) describe(res *inProcessResult) {
	pt.InProcess, pt.OursError = res.Samples, res.Refused
	m := res.Metrics
	pt.Vertices, pt.Edges, pt.Bounded = int(m[metricVertices]), int(m[metricEdges]), m[metricBounded] == 1
	pt.BandCells = int(m[metricBandCells])
}

// round runs round r of the families: ours on every size, the official (see sizesRound). A
// failure of our command is the harness's error on a generated case, a result on a long line
// (the budget's refusal), as is the official's failure there, with their reasons.
func (s *familySection) round(cfg *Config, r int) error {
	argv := officialArgv
	if s.long {
		argv = officialLimitedArgv
	}
	for i := range *s.runs {
		f := &(*s.runs)[i]
		err := sizesRound(cfg, r, f, s.files[i], argv, func(pt *FamilyPoint, ours proc.Result, official *proc.Result) error {
			switch {
			case !ours.Sample.OK() && !s.long:
				return fmt.Errorf("%s n=%d: %s: %s", f.Name, pt.N, cfg.Maxmatch, failureReason(ours))
			case !ours.Sample.OK() && pt.OursError == "":
				pt.OursError = failureReason(ours)
			}
			if r == 0 && official != nil && s.long {
				pt.OfficialError = failureReason(*official)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
