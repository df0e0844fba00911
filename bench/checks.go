package main

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	"maxmatch/benchcases"
	"maxmatch/membudget"
)

// The target checks: runs of our command that the scale targets (TestTargets) name and no
// family holds — a 200 MB gold file with and without --jsonl, the bounded search on a
// 10,000-token line, a 1,000,000-token line under a memory budget too small for it.

const (
	checkLargeGold      = "large-gold"
	checkLargeGoldJSONL = "large-gold-jsonl"
	checkBounded        = "bounded"
	checkMemoryError    = "memory-error"
)

// checkNames are the target checks, in report order.
var checkNames = []string{checkLargeGold, checkLargeGoldJSONL, checkBounded, checkMemoryError}

// checkTimeout ends a check that runs far beyond its target (the slowest, the 200 MB file,
// takes about 10 s of CPU).
const checkTimeout = 10 * time.Minute

// Inputs of the checks: the bounded search on the heavily edited line (the issue's "10,000
// unrelated-ish tokens", forced to the bounded search as the issue forced it, with --max-work
// 1000), and the near-identical line of 10⁶ tokens under a budget smaller than its token
// arrays.
const (
	boundedTokens    = 10_000
	memoryErrorSize  = 1_000_000
	memoryErrorLimit = "64M"
)

// checksSection runs the checks -checks selects, each once per round.
type checksSection struct{ runs *[]CheckRun }

// prepare writes the inputs of the checks into dir.
func (s *checksSection) prepare(cfg *Config, dir string) ([]inProcessCase, error) {
	var large caseFiles
	var largeDesc string
	for _, name := range cfg.Checks {
		c := CheckRun{Name: name}
		switch name {
		case checkLargeGold, checkLargeGoldJSONL:
			if large.gold == "" {
				var err error
				if large, largeDesc, err = writeLargeGold(cfg, dir); err != nil {
					return nil, err
				}
			}
			c.Input, c.Size, c.argv = largeDesc, cfg.LargeGoldMB, []string{"score", large.system, large.gold}
			if name == checkLargeGoldJSONL {
				c.argv = []string{"score", "--jsonl", large.system, large.gold}
			}
		case checkBounded:
			hyp, err := c.line(dir, "edited", boundedTokens, "--max-work", "1000")
			if err != nil {
				return nil, err
			}
			c.Input = fmt.Sprintf("the heavily edited line of %s tokens (%s hypothesis tokens), forced to the bounded search by `--max-work 1000`", fmtCount(boundedTokens), fmtCount(hyp))
		case checkMemoryError:
			_, err := c.line(dir, "near-identical", memoryErrorSize, "--max-memory", memoryErrorLimit)
			if err != nil {
				return nil, err
			}
			c.Input = fmt.Sprintf("the near-identical line of %s tokens under `--max-memory %s`", fmtCount(memoryErrorSize), memoryErrorLimit)
		}
		for _, a := range c.argv {
			c.Args = append(c.Args, filepath.Base(a))
		}
		*s.runs = append(*s.runs, c)
	}
	return nil, nil
}

// line writes a long family's line of n tokens into dir as the check's input, scored with
// flags; it returns the line's hypothesis tokens.
func (c *CheckRun) line(dir, family string, n int, flags ...string) (int, error) {
	fam, _ := benchcases.LongFamilyByName(family)
	cs := fam.Case(n, 1)
	in, err := writeCase(dir, fmt.Sprintf("check-%s-%d", family, n), &cs)
	c.Size, c.argv = n, append(append([]string{"score"}, flags...), in.system, in.gold)
	return len(cs.Hypothesis), err
}

// writeLargeGold writes CoNLL-2014's gold repeated until it is cfg.LargeGoldMB megabytes
// (10⁶ bytes; 456 copies for 200), and the system cfg.LargeSystem repeated alike, written
// copy by copy so that the harness never holds them.
func writeLargeGold(cfg *Config, dir string) (caseFiles, string, error) {
	f := caseFiles{filepath.Join(dir, "large-"+cfg.LargeSystem), filepath.Join(dir, "large-gold.m2")}
	gold, err := os.ReadFile(cfg.Gold)
	if err != nil {
		return f, "", err
	}
	system, err := os.ReadFile(filepath.Join(cfg.Data, "conll14", "systems", cfg.LargeSystem))
	if err != nil {
		return f, "", fmt.Errorf("-large-system: %v", err)
	}
	if len(system) > 0 && system[len(system)-1] != '\n' {
		system = append(system, '\n')
	}
	copies := max(1, int(math.Round(float64(cfg.LargeGoldMB)*1e6/float64(len(gold)))))
	if err := errors.Join(writeRepeated(f.gold, gold, copies), writeRepeated(f.system, system, copies)); err != nil {
		return f, "", err
	}
	desc := fmt.Sprintf("`%s` %d times (%s MB, %s sentences) and %s repeated alike", filepath.Base(cfg.Gold), copies,
		fmtCount(int(math.Round(float64(len(gold)*copies)/1e6))), fmtCount(strings.Count(string(system), "\n")*copies), cfg.LargeSystem)
	return f, desc, nil
}

func writeRepeated(path string, data []byte, copies int) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(out, 1<<20)
	for range copies {
		w.Write(data) // an error stays in w, for Flush
	}
	return errors.Join(w.Flush(), out.Close())
}

// round runs round r of the checks: each once, its output's tail only kept.
func (s *checksSection) round(cfg *Config, r int) error {
	for i := range *s.runs {
		c := &(*s.runs)[i]
		res, err := cfg.Spawner.Run(append([]string{cfg.Maxmatch}, c.argv...), checkTimeout, proc.Options{StdoutTail: 4096})
		if err != nil {
			return fmt.Errorf("check %s: %v", c.Name, err)
		}
		c.Samples = append(c.Samples, res.Sample)
		if r == 0 {
			c.ExitCode, c.Stderr, c.StdoutBytes = res.ExitCode, withoutDir(res.Stderr, filepath.Dir(c.argv[len(c.argv)-1])), res.StdoutBytes
		}
		logf("round %d check %s: %.2fs, %s, exit %d", r+1, c.Name, res.Sample.Wall.Seconds(), membudget.Bytes(res.Sample.MaxRSS), res.ExitCode)
	}
	return nil
}
