package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	"maxmatch/internal/benchcases"
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
		Date: time.Now(), Machine: readMachine(cfg.Root), CommandLine: cfg.CommandLine,
		Rounds: cfg.Rounds, Reps: cfg.Reps, Timeout: cfg.Timeout, Slow: cfg.Slow,
		Samples: cfg.Samples, MinSample: cfg.MinSample, MaxMemory: scorer.DefaultOptions().Memory(),
		OfficialJoined: cfg.OfficialOn.describe(), JoinedTimeout: cfg.JoinedTimeout, OfficialAS: cfg.OfficialAS,
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

// sizesRound runs round r of one family's sizes (with their files): our command on each size,
// then the official (its command line from argv) unless it has stopped: once its first run of
// a size did not finish, it is not run again on that size nor on any larger one (marked
// skipped in the first round). Each size's runs go to each: ours (the slot's last), and the
// official's (nil when not run); an error from each ends the round.
func sizesRound(cfg *Config, r int, f *FamilyRun, files []caseFiles, argv func(cfg *Config, system, gold string) []string, each func(pt *FamilyPoint, ours proc.Result, official *proc.Result) error) error {
	stopped := false
	for k := range f.Points {
		pt, in := &f.Points[k], files[k]
		s, res, err := oursSlot(cfg, []string{"score", in.system, in.gold}, 0, proc.Options{})
		if err != nil {
			return fmt.Errorf("%s n=%d: %v", f.Name, pt.N, err)
		}
		pt.Ours = append(pt.Ours, s)
		msg := fmt.Sprintf("round %d %s n=%d: maxmatch %.3fs (%s)", r+1, f.Name, pt.N, s.Wall.Seconds(), s.Status)
		var official *proc.Result
		switch {
		case cfg.Official == "":
		case stopped:
			if r == 0 {
				pt.Official = append(pt.Official, Sample{Status: StatusSkipped})
			}
			msg += ", official not run"
		case len(pt.Official) > 0 && !pt.Official[0].OK():
			stopped = true // measured once; a run that did not finish is not repeated
			msg += ", official not run again"
		default:
			o, err := againstOfficial(cfg, r, argv(cfg, in.system, in.gold), cfg.Timeout, res, &pt.Official, &pt.Same, &msg)
			if err != nil {
				return err
			}
			stopped, official = !o.Sample.OK(), &o
		}
		logf("%s", msg)
		if err := each(pt, res, official); err != nil {
			return err
		}
	}
	return nil
}

// againstOfficial runs the official scorer (argv, under timeout) in round r on what our run
// ours scored: its sample goes to official and, in the first round, whether both printed the
// same scores to same; its time to the log's msg.
func againstOfficial(cfg *Config, r int, argv []string, timeout time.Duration, ours proc.Result, official *[]Sample, same, msg *string) (proc.Result, error) {
	o, err := runMeasured(cfg, argv, timeout, proc.Options{})
	if err != nil {
		return o, err
	}
	*official = append(*official, o.Sample)
	if r == 0 {
		*same = sameOutput(ours.Stdout, o)
	}
	*msg += fmt.Sprintf(", official %.2fs (%s)", o.Sample.Wall.Seconds(), o.Sample.Status)
	return o, nil
}

func officialArgv(cfg *Config, system, gold string) []string {
	return []string{cfg.Python, cfg.Official, system, gold}
}

// officialLimitedArgv is the official's command line under the address-space limit: on
// joined files and long lines its memory grows with the line (1.2 GB at 1,000 tokens, more
// than 4 GB at 3,162), and a run past the limit fails with its MemoryError instead of taking
// the machine's memory.
func officialLimitedArgv(cfg *Config, system, gold string) []string {
	argv := officialArgv(cfg, system, gold)
	if cfg.OfficialAS > 0 {
		argv = append([]string{"prlimit", fmt.Sprintf("--as=%d", cfg.OfficialAS)}, argv...)
	}
	return argv
}

// slotBudget ends a maxmatch slot early: once its runs have taken this long, more repetitions
// would cost much and reduce little noise.
const slotBudget = 2 * time.Second

// oursSlot runs the maxmatch command with args cfg.Reps times back to back (fewer once they
// have taken slotBudget) and returns the run of median wall time (with the largest peak memory
// of all) and the last run's whole Result. A run that fails or times out ends the slot and is
// its sample (the error is the harness's own).
func oursSlot(cfg *Config, args []string, timeout time.Duration, opt proc.Options) (Sample, proc.Result, error) {
	var runs []Sample
	var last proc.Result
	var spent time.Duration
	for range cfg.Reps {
		if spent >= slotBudget {
			break
		}
		res, err := runMeasured(cfg, append([]string{cfg.Maxmatch}, args...), timeout, opt)
		if err != nil {
			return Sample{}, res, err
		}
		last = res
		if !res.Sample.OK() {
			return res.Sample, res, nil
		}
		runs = append(runs, res.Sample)
		spent += res.Sample.Wall
	}
	return medianSample(runs), last, nil
}

// oursScored is oursSlot on score SYSTEM GOLD, where a failed run is an error.
func oursScored(cfg *Config, in caseFiles) (Sample, proc.Result, error) {
	s, res, err := oursSlot(cfg, []string{"score", in.system, in.gold}, 0, proc.Options{})
	if err == nil && !s.OK() {
		err = fmt.Errorf("%s: %s", cfg.Maxmatch, failureReason(res))
	}
	return s, res, err
}

// medianSample returns the sample of median wall time, with the largest MaxRSS of all.
func medianSample(runs []Sample) Sample {
	s := slices.Clone(runs)
	slices.SortFunc(s, func(a, b Sample) int { return int(a.Wall - b.Wall) })
	m := s[(len(s)-1)/2]
	for _, r := range runs {
		m.MaxRSS = max(m.MaxRSS, r.MaxRSS)
	}
	return m
}

// runMeasured runs argv through the spawner. A command that ran and failed is a measurement
// (its sample's status says so, its Result why), not an error of the harness; the error is
// the spawner's, or a command that could not start.
func runMeasured(cfg *Config, argv []string, timeout time.Duration, opt proc.Options) (proc.Result, error) {
	res, err := cfg.Spawner.RunWith(argv, timeout, opt)
	if err != nil && res.ExitCode == 0 {
		return res, err
	}
	return res, nil
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
	if err := os.WriteFile(f.system, []byte(c.System()), 0o644); err != nil {
		return f, err
	}
	return f, os.WriteFile(f.gold, []byte(c.M2()), 0o644)
}
