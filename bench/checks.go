package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	cases "maxmatch/internal/benchcases"
	"maxmatch/membudget"
)

// The target checks: runs of our command that the scale targets name and no family holds —
// a 200 MB gold file with and without --jsonl, the bounded search on a 10,000-token line, a
// 1,000,000-token line under a memory budget too small for it.

const (
	checkLargeGold      = "large-gold"
	checkLargeGoldJSONL = "large-gold-jsonl"
	checkBounded        = "bounded"
	checkMemoryError    = "memory-error"
)

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

// CheckRun is one target check: our command on one input, once per round.
type CheckRun struct {
	Name    string
	Input   string   // what it scores, for the report
	Args    []string // the command's arguments, files by their base names
	Size    int      // the input's size: MB for the large gold file, else source tokens
	Samples []Sample
	// Of the first round: the exit status, the standard error's tail, the standard output's
	// length (kept only in its last few kB: --jsonl prints hundreds of megabytes).
	ExitCode    int
	Stderr      string
	StdoutBytes int64
	argv        []string // the command's full arguments
}

// prepareChecks writes the inputs of the checks cfg selects into dir.
func prepareChecks(cfg *Config, dir string) ([]CheckRun, error) {
	var out []CheckRun
	var large caseFiles
	var largeDesc string
	for _, name := range cfg.Checks {
		var c CheckRun
		switch name {
		case checkLargeGold, checkLargeGoldJSONL:
			if large.gold == "" {
				var err error
				if large, largeDesc, err = writeLargeGold(cfg, dir); err != nil {
					return nil, err
				}
			}
			c = CheckRun{Name: name, Input: largeDesc, Size: cfg.LargeGoldMB, argv: []string{"score", large.system, large.gold}}
			if name == checkLargeGoldJSONL {
				c.argv = []string{"score", "--jsonl", large.system, large.gold}
			}
		case checkBounded:
			fam, _ := cases.LongFamilyByName("edited")
			cs := fam.Case(boundedTokens, 1)
			f, err := writeCase(dir, fmt.Sprintf("check-edited-%d", boundedTokens), &cs)
			if err != nil {
				return nil, err
			}
			c = CheckRun{Name: name, Size: boundedTokens, argv: []string{"score", "--max-work", "1000", f.system, f.gold},
				Input: fmt.Sprintf("the heavily edited line of %s tokens (%s hypothesis tokens), forced to the bounded search by `--max-work 1000`", fmtCount(boundedTokens), fmtCount(len(cs.Hypothesis)))}
		case checkMemoryError:
			fam, _ := cases.LongFamilyByName("near-identical")
			cs := fam.Case(memoryErrorSize, 1)
			f, err := writeCase(dir, fmt.Sprintf("check-near-identical-%d", memoryErrorSize), &cs)
			if err != nil {
				return nil, err
			}
			c = CheckRun{Name: name, Size: memoryErrorSize, argv: []string{"score", "--max-memory", memoryErrorLimit, f.system, f.gold},
				Input: fmt.Sprintf("the near-identical line of %s tokens under `--max-memory %s`", fmtCount(memoryErrorSize), memoryErrorLimit)}
		default:
			return nil, fmt.Errorf("unknown check %q", name)
		}
		for _, a := range c.argv {
			c.Args = append(c.Args, filepath.Base(a))
		}
		out = append(out, c)
	}
	return out, nil
}

// writeLargeGold writes CoNLL-2014's gold repeated until it is cfg.LargeGoldMB megabytes
// (10⁶ bytes; 456 copies for 200), and the system cfg.LargeSystem repeated alike, written
// copy by copy so that the harness never holds them.
func writeLargeGold(cfg *Config, dir string) (caseFiles, string, error) {
	gold, err := os.ReadFile(cfg.Gold)
	if err != nil {
		return caseFiles{}, "", err
	}
	system, err := os.ReadFile(filepath.Join(cfg.Data, "conll14", "systems", cfg.LargeSystem))
	if err != nil {
		return caseFiles{}, "", fmt.Errorf("-large-system: %v", err)
	}
	if len(system) > 0 && system[len(system)-1] != '\n' {
		system = append(system, '\n')
	}
	copies := max(1, int(math.Round(float64(cfg.LargeGoldMB)*1e6/float64(len(gold)))))
	f := caseFiles{filepath.Join(dir, "large-"+cfg.LargeSystem), filepath.Join(dir, "large-gold.m2")}
	for _, w := range []struct {
		path string
		data []byte
	}{{f.gold, gold}, {f.system, system}} {
		if err := writeRepeated(w.path, w.data, copies); err != nil {
			return f, "", err
		}
	}
	sentences := strings.Count(string(system), "\n") * copies
	desc := fmt.Sprintf("`%s` %d times (%s MB, %s sentences) and %s repeated alike", filepath.Base(cfg.Gold), copies,
		fmtCount(int(math.Round(float64(len(gold)*copies)/1e6))), fmtCount(sentences), cfg.LargeSystem)
	return f, desc, nil
}

func writeRepeated(path string, data []byte, copies int) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(out, 1<<20)
	for range copies {
		if _, err := w.Write(data); err != nil {
			out.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// checkRound runs round r of the checks: each once, its output's tail only kept.
func checkRound(cfg *Config, r int, checks []CheckRun) error {
	for i := range checks {
		c := &checks[i]
		res, err := runMeasured(cfg, append([]string{cfg.Maxmatch}, c.argv...), checkTimeout, proc.Options{StdoutTail: 4096})
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

// check returns the check named name, nil if it was not run.
func (r *Report) check(name string) *CheckRun {
	for i := range r.Checks {
		if r.Checks[i].Name == name {
			return &r.Checks[i]
		}
	}
	return nil
}

// crashSigns are what Go's runtime prints when a program dies of a panic or its out-of-memory
// error: never on a refusal.
var crashSigns = []string{"fatal error:", "panic:", "goroutine ", "runtime: out of memory"}

// clearRefusal says whether a run ended as a refusal should: exit status 2, its message one
// line from maxmatch naming the memory budget, no sign of a crash.
func clearRefusal(exit int, stderr string) (bool, string) {
	msg := strings.TrimSpace(stderr)
	for _, sign := range crashSigns {
		if strings.Contains(msg, sign) {
			return false, fmt.Sprintf("crashed (%q on stderr)", sign)
		}
	}
	switch {
	case exit != 2:
		return false, fmt.Sprintf("exit status %d, not 2", exit)
	case strings.Count(msg, "\n") > 0:
		return false, fmt.Sprintf("%d lines on stderr, not one", strings.Count(msg, "\n")+1)
	case !strings.HasPrefix(msg, "maxmatch score: ") || !strings.Contains(msg, "--max-memory"):
		return false, "its message does not name the memory budget"
	}
	return true, ""
}

// writeChecks writes the section of the checks.
func writeChecks(p func(string, ...any), r *Report) {
	p("## Target checks\n\n")
	p("Our command on inputs that the scale targets name, once per round, its standard output counted and dropped (only its last kilobytes kept).\n\n")
	p("| check | input | command | wall | CPU | peak | exit | output | standard error |\n| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
	for _, c := range r.Checks {
		stderr := strings.TrimSpace(c.Stderr)
		if lines := strings.Split(stderr, "\n"); len(lines) > 1 {
			stderr = fmt.Sprintf("%s (%d lines)", lines[0], len(lines))
		}
		if len(stderr) > 300 {
			stderr = stderr[:300] + "…"
		}
		p("| %s | %s | `maxmatch %s` | %s | %s | %s | %d | %s | %s |\n", c.Name, orDash(c.Input), strings.Join(c.Args, " "),
			fmtSpread(spreadOf(failedWalls(c.Samples)), fmtSeconds), fmtSpread(spreadOf(allCPUs(c.Samples)), fmtSeconds),
			fmtMB(maxRSSMB(c.Samples)), c.ExitCode, membudget.Bytes(c.StdoutBytes), orDash(codeSpan(stderr)))
	}
	p("\n")
}

func allCPUs(ss []Sample) []float64 {
	var out []float64
	for _, s := range ss {
		out = append(out, s.CPU.Seconds())
	}
	return out
}

// codeSpan puts s in a Markdown code span, its pipes escaped for a table cell.
func codeSpan(s string) string {
	if s == "" {
		return ""
	}
	return "`" + strings.ReplaceAll(s, "|", "\\|") + "`"
}
