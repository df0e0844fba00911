package main

import (
	"fmt"

	"maxmatch/benchcases"
)

// familySection runs families of one sentence per case at growing sizes: the generated ones
// (benchcases.Families), where the official's closure is what grows, or, with long,
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
	m := res.Metrics
	pt.InProcess, pt.OursError, pt.Metrics = res.Samples, res.Refused, m
	pt.Vertices, pt.Edges, pt.Bounded, pt.BandCells = int(m[metricVertices]), int(m[metricEdges]), m[metricBounded] == 1, int(m[metricBandCells])
}

// searchName names the search that scored the point in-process: "refused", or lattice.Search's
// name ("closure", "no closure", "bounded"); "exact" or "bounded" for a run of a harness that
// did not report it.
func (pt FamilyPoint) searchName() string {
	switch {
	case pt.OursError != "":
		return "refused"
	case searchOf(pt.Metrics) != "":
		return searchOf(pt.Metrics)
	case pt.Bounded:
		return "bounded"
	}
	return "exact"
}

// round runs round r of the families: ours on every size, then the official until a size does
// not finish: once its first run of a size did not, it is not run again on that size nor on
// any larger one (marked skipped in the first round). Our command's failure is the harness's
// error on a generated case, a result on a long line (the budget's refusal).
func (s *familySection) round(cfg *Config, r int) error {
	for i := range *s.runs {
		f := &(*s.runs)[i]
		stopped := false
		for k := range f.Points {
			pt := &f.Points[k]
			official := officialArgv(cfg, s.files[i][k], s.long)
			switch {
			case official == nil:
			case stopped:
				official = nil
				if r == 0 {
					pt.Official = append(pt.Official, Sample{Status: StatusSkipped})
				}
			case len(pt.Official) > 0 && !pt.Official[0].OK():
				stopped, official = true, nil // measured once; a run that did not finish is not repeated
			}
			label := fmt.Sprintf("%s n=%d", f.Name, pt.N)
			if _, err := score(cfg, r, label, s.files[i][k], &pt.Measured, official, cfg.Timeout, s.long); err != nil {
				return err
			}
			stopped = stopped || (official != nil && !pt.Official[len(pt.Official)-1].OK())
		}
	}
	return nil
}
