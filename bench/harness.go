package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	"maxmatch/benchcases"
	"maxmatch/scorer"
)

// A section is one part of a run (the start-up, the CoNLL-2014 files, a kind of family, the
// joined files, the checks): it writes its inputs and names the cases it wants measured
// in-process, then runs its commands, round by round, into the report.
type section interface {
	// prepare writes the section's inputs into dir and returns its in-process cases.
	prepare(cfg *Config, dir string) ([]inProcessCase, error)
	// round runs round r of the section's commands.
	round(cfg *Config, r int) error
}

func measureAll(cfg *Config) (*Report, error) {
	rep := &Report{
		Date: time.Now(), Machine: readMachine(cfg.Root), Settings: cfg.Settings,
		MaxMemory: scorer.DefaultOptions().Memory(), OfficialJoined: cfg.OfficialOn.String(),
	}
	if cfg.Official != "" {
		rep.Official = cfg.OfficialFrom
		rep.Python = cfg.Python + " (Python " + cfg.PythonVersion + ")"
	}
	tmp, err := os.MkdirTemp("", "maxmatch-bench-cases")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	corpora := make([]*benchcases.Corpus, len(cfg.Systems))
	for i, name := range cfg.Systems {
		if corpora[i], err = benchcases.ReadCorpus(name, filepath.Join(cfg.Data, "conll14", "systems", name), cfg.Gold); err != nil {
			return nil, err
		}
	}
	sections := []section{
		&startupSection{run: &rep.Startup},
		&systemsSection{report: rep, corpora: corpora},
		&familySection{runs: &rep.Families, families: cfg.Families},
		&joinedSection{runs: &rep.Joined, corpora: corpora},
		&familySection{runs: &rep.Long, families: cfg.LongFamilies, long: true},
		&checksSection{runs: &rep.Checks},
	}
	var cases []inProcessCase
	for _, s := range sections {
		cs, err := s.prepare(cfg, tmp)
		if err != nil {
			return nil, err
		}
		cases = append(cases, cs...)
	}
	// In-process measurements first, on a machine as quiet as we can make it.
	if rep.benchOutput, err = measureInProcess(cfg, cases); err != nil {
		return nil, err
	}
	// The commands, alternating ours (A) and the official (B).
	for r := range cfg.Rounds {
		for _, s := range sections {
			if err := s.round(cfg, r); err != nil {
				return nil, err
			}
		}
	}
	return rep, nil
}

// score runs round r of one input: our command (a slot, see oursSlot) and then, unless
// official is nil, that command line of the official scorer under timeout. Their samples go
// to m, and in the first round whether both printed the same scores and why each failed. A
// failure of ours is the harness's error unless the input may be refused (a long line the
// memory budget may refuse, a joined file). It returns our slot's last run.
func score(cfg *Config, r int, label string, in caseFiles, m *Measured, official []string, timeout time.Duration, mayRefuse bool) (proc.Result, error) {
	s, ours, err := oursSlot(cfg, in)
	if err == nil && !s.OK() && !mayRefuse {
		err = fmt.Errorf("%s: %s", cfg.Maxmatch, failureReason(ours))
	}
	if err != nil {
		return ours, fmt.Errorf("%s: %v", label, err)
	}
	m.Ours = append(m.Ours, s)
	if m.OursError == "" {
		m.OursError = failureReason(ours)
	}
	msg := fmt.Sprintf("round %d %s: maxmatch %.3fs (%s)", r+1, label, s.Wall.Seconds(), s.Status)
	if official != nil {
		o, err := cfg.Spawner.Run(official, timeout, proc.Options{})
		if err != nil {
			return ours, err
		}
		m.Official = append(m.Official, o.Sample)
		if r == 0 {
			m.Same, m.OfficialError = sameOutput(ours.Stdout, o), failureReason(o)
		}
		msg += fmt.Sprintf(", official %.2fs (%s)", o.Sample.Wall.Seconds(), o.Sample.Status)
	}
	logf("%s", msg)
	return ours, nil
}

// officialArgv is the official's command line on in, nil when it is not run; limited, under
// the address-space limit: on joined files and long lines its memory grows with the line
// (1.2 GB at 1,000 tokens, more than 4 GB at 3,162), and a run past the limit fails with its
// MemoryError instead of taking the machine's memory.
func officialArgv(cfg *Config, in caseFiles, limited bool) []string {
	if cfg.Official == "" {
		return nil
	}
	argv := []string{cfg.Python, cfg.Official, in.system, in.gold}
	if limited && cfg.OfficialAS > 0 {
		argv = append([]string{"prlimit", fmt.Sprintf("--as=%d", cfg.OfficialAS)}, argv...)
	}
	return argv
}

// slotBudget ends a maxmatch slot early: once its runs have taken this long, more repetitions
// would cost much and reduce little noise.
const slotBudget = 2 * time.Second

// oursSlot runs "maxmatch score" on in cfg.Reps times back to back (fewer once they have taken
// slotBudget) and returns the run of median wall time (with the largest peak memory of all)
// and the last run's whole Result. A run that fails or times out ends the slot and is its
// sample (the error is the harness's own).
func oursSlot(cfg *Config, in caseFiles) (Sample, proc.Result, error) {
	var runs []Sample
	var last proc.Result
	var spent time.Duration
	for range cfg.Reps {
		if spent >= slotBudget {
			break
		}
		res, err := cfg.Spawner.Run([]string{cfg.Maxmatch, "score", in.system, in.gold}, 0, proc.Options{})
		if err != nil || !res.Sample.OK() {
			return res.Sample, res, err
		}
		last = res
		runs = append(runs, res.Sample)
		spent += res.Sample.Wall
	}
	m := slices.SortedFunc(slices.Values(runs), func(a, b Sample) int { return int(a.Wall - b.Wall) })[(len(runs)-1)/2]
	for _, r := range runs {
		m.MaxRSS = max(m.MaxRSS, r.MaxRSS)
	}
	return m, last, nil
}

// failureReason is the last line of a failed run's stderr ("MemoryError"), or its exit
// status; "" for a run that did not fail.
func failureReason(res proc.Result) string {
	if res.Sample.Status != StatusFailed {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(res.Stderr), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return last
	}
	if res.ExitCode < 0 {
		return "killed by a signal"
	}
	return fmt.Sprintf("exit status %d", res.ExitCode)
}

// sameOutput compares our command's scores with the official's run: "yes", what differs, or
// "" when the official did not finish.
func sameOutput(ours string, official proc.Result) string {
	if !official.Sample.OK() {
		return ""
	}
	o, b := bytes.TrimSpace([]byte(ours)), bytes.TrimSpace([]byte(official.Stdout))
	if bytes.Equal(o, b) {
		return "yes"
	}
	return fmt.Sprintf("no: maxmatch %q, official %q", o, b)
}

// withoutDir removes the harness's temporary directory from a command's messages: the report
// names its inputs by their base names.
func withoutDir(msg, dir string) string {
	return strings.ReplaceAll(msg, dir+string(filepath.Separator), "")
}

type caseFiles struct{ system, gold string }

func writeCase(dir, name string, c *benchcases.Case) (caseFiles, error) {
	f := caseFiles{filepath.Join(dir, name+".txt"), filepath.Join(dir, name+".m2")}
	return f, errors.Join(os.WriteFile(f.system, []byte(c.System()), 0o644), os.WriteFile(f.gold, []byte(c.M2()), 0o644))
}
