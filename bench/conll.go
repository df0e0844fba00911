package main

import (
	"fmt"

	"maxmatch/bench/internal/proc"
	"maxmatch/benchcases"
)

// The sentence-level sections: both commands on a trivial sentence (their start-up), and on
// every CoNLL-2014 file, which the floor section measures in-process.

// startupSection runs both commands on a trivial one-sentence input.
type startupSection struct {
	run   *StartupRun
	files caseFiles
}

func (s *startupSection) prepare(cfg *Config, dir string) ([]inProcessCase, error) {
	trivial := benchcases.Case{Source: []string{"a", "b"}, Hypothesis: []string{"a", "b"}, Annotators: [][]benchcases.Edit{nil}}
	var err error
	s.files, err = writeCase(dir, "trivial", &trivial)
	return nil, err
}

func (s *startupSection) round(cfg *Config, r int) error {
	if r == 0 {
		probe, err := cfg.Spawner.Run([]string{"true"}, 0, proc.Options{})
		if err != nil {
			return err
		}
		s.run.Probe = probe.Sample
	}
	if _, err := score(cfg, r, "start-up", s.files, &s.run.Measured, officialArgv(cfg, s.files, false), cfg.Timeout, false); err != nil {
		return err
	}
	if n := len(s.run.Official); n > 0 && s.run.Official[n-1].Status == StatusFailed {
		return fmt.Errorf("the official scorer failed on a trivial sentence: %s", s.run.OfficialError)
	}
	return nil
}

// systemsSection scores every CoNLL-2014 file by both commands, and measures its floor and our
// scoring in-process.
type systemsSection struct {
	report  *Report
	corpora []*benchcases.Corpus
}

func (s *systemsSection) prepare(cfg *Config, dir string) ([]inProcessCase, error) {
	var cases []inProcessCase
	s.report.Systems = make([]SystemRun, len(s.corpora))
	s.report.Floor = make([]FloorRun, len(s.corpora))
	for i, c := range s.corpora {
		src, hyp := c.Tokens()
		s.report.Systems[i] = SystemRun{Name: c.Name, Sentences: len(c.Gold), SrcTokens: src, HypTokens: hyp}
		f := &s.report.Floor[i]
		f.Name = c.Name
		cases = append(cases,
			inProcessCase{floorCase(c.Name), func(res *inProcessResult) {
				f.Floor, f.Pairs, f.Cells = res.Samples, int(res.Metrics[metricPairs]), int(res.Metrics[metricCells])
			}},
			inProcessCase{scoreFileCase(c.Name, 1), func(res *inProcessResult) { f.Score = res.Samples }})
	}
	return cases, nil
}

// round scores every file but those whose first official run took longer than cfg.Slow: such
// a file is measured once (its ratio does not need repetition to be known within noise, and
// NTHU alone would otherwise take ten minutes per run).
func (s *systemsSection) round(cfg *Config, r int) error {
	for i, c := range s.corpora {
		sr := &s.report.Systems[i]
		if r > 0 && len(sr.Official) > 0 && sr.Official[0].Wall > cfg.Slow {
			continue
		}
		in := caseFiles{c.SystemPath, c.GoldPath}
		if _, err := score(cfg, r, c.Name, in, &sr.Measured, officialArgv(cfg, in, false), cfg.SystemTimeout, false); err != nil {
			return err
		}
	}
	return nil
}
