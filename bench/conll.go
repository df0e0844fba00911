package main

import (
	"fmt"
	"time"

	"maxmatch/internal/benchcases"
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
		var err error
		if s.run.Probe, _, err = cfg.Spawner.Run([]string{"true"}, 0); err != nil {
			return err
		}
	}
	ours, _, err := oursScored(cfg, s.files)
	if err != nil {
		return err
	}
	s.run.Ours = append(s.run.Ours, ours)
	if cfg.Official != "" {
		o, _, err := cfg.Spawner.Run(officialArgv(cfg, s.files.system, s.files.gold), cfg.Timeout)
		if err != nil {
			return err
		}
		s.run.Official = append(s.run.Official, o)
	}
	logf("start-up round %d done", r+1)
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

func (s *systemsSection) round(cfg *Config, r int) error {
	for i, c := range s.corpora {
		sr := &s.report.Systems[i]
		if r > 0 && slowSystem(sr, cfg.Slow) {
			continue
		}
		ours, res, err := oursScored(cfg, caseFiles{c.SystemPath, c.GoldPath})
		if err != nil {
			return err
		}
		sr.Ours = append(sr.Ours, ours)
		msg := fmt.Sprintf("round %d %s: maxmatch %.3fs", r+1, c.Name, ours.Wall.Seconds())
		if cfg.Official != "" {
			if _, err := againstOfficial(cfg, r, officialArgv(cfg, c.SystemPath, c.GoldPath), cfg.SystemTimeout, res, &sr.Official, &sr.Same, &msg); err != nil {
				return err
			}
		}
		logf("%s", msg)
	}
	return nil
}

// slowSystem reports whether the system's first official run took longer than slow: such a
// system is measured once (its ratio does not need repetition to be known within noise, and
// NTHU alone would otherwise take ten minutes per run).
func slowSystem(sr *SystemRun, slow time.Duration) bool {
	return len(sr.Official) > 0 && sr.Official[0].Wall > slow
}
