// Command bench measures maxmatch against the official M² scorer (release 3.2) and against the
// floor of its own work, the two Levenshtein matrices of every sentence pair: the CoNLL-2014
// submissions, the generated families at growing sizes, CoNLL-2014 joined into paragraphs and
// essays, long lines, the scale targets' checks (judged by TestTargets), and in-process, through
// this package's benchmarks (BenchmarkFloor, BenchmarkScore) read in benchstat's format. It
// writes the page benchmarks.md (page.md.tmpl), benchmarks.csv, benchmarks.json (the run
// whole), the plots and the benchmarks' output (inprocess.txt) to -out, and with -docs the
// page, its plots, CSV and JSON into that directory. docs/speed.md describes a run.
//
// Usage, from the repository root (the CoNLL-2014 data in ../shared/data):
//
//	go run ./bench -mirror PATH/TO/m2scorer.git -docs docs
//	go run ./bench -official /tmp/off32/m2scorer.py -python python2
//	go run ./bench                      # maxmatch only: floor, families, systems
//	go run ./bench -render bench/out/benchmarks.json -docs docs   # the page again, not measured
//
// -mirror is a git directory of github.com/nusnlp/m2scorer; release 3.2 (commit 2122ffd) is
// extracted from it into a temporary directory and deleted afterwards.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	"maxmatch/benchcases"
)

// Config is what one run measures and how.
type Config struct {
	Root, Data, Gold string // the module root, the shared data, the CoNLL-2014 gold file
	Systems          []string
	Maxmatch         string // the command under test
	Benchmarks       string // this package's test binary, whose benchmarks measure in-process
	Spawner          proc.Spawner
	Official         string // m2scorer.py, "" to skip the official scorer
	Mirror           string // a git directory of nusnlp/m2scorer to extract it from
	OfficialFrom     string // where it came from, for the report
	Python           string // the interpreter (its real path once found, not a pyenv shim)
	PythonVersion    string
	Settings
	SystemTimeout time.Duration // official time limit per system
	Families      []benchcases.Family
	Sizes         []int
	LongFamilies  []benchcases.Family // the long-line families selected
	LongSizes     []int
	LongMax       map[string]int // per long family, the largest size run
	Groups        []int          // CoNLL-2014 joined: sentences per line
	OfficialOn    joinedChoice   // the joined files the official scores
	Checks        []string       // the target checks to run (checkNames)
	LargeGoldMB   int            // size of the large gold file of the checks
	LargeSystem   string         // the system repeated alike beside it
	Out, Docs     string
	Compare       string // a previous benchmarks.csv to compare with
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run measures a run (or reads -render's), compares it with -compare's and writes it: exit
// status 2 for arguments or files it cannot use (found before anything is measured), 1 when
// measuring or writing fails.
func run(args []string) int {
	cfg, render, ok := parseFlags(args)
	if !ok {
		return 2
	}
	var prev, rep *Report
	var err error
	if cfg.Compare != "" {
		if prev, err = readCSVFile(cfg.Compare); err != nil {
			err = fmt.Errorf("-compare: %v", err)
		}
	}
	if err == nil && render != "" {
		if rep, err = readReport(render); err != nil {
			err = fmt.Errorf("-render: %v", err)
		}
	}
	cleanup := func() {}
	if err == nil && render == "" {
		cleanup, err = configure(cfg)
	}
	defer cleanup()
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 2
	}
	if rep == nil {
		rep, err = measureAll(cfg)
	}
	if err == nil && prev != nil {
		rep.Previous = compareRuns(prev, rep, cfg.Compare)
	}
	if err == nil {
		err = writeOutputs(cfg, rep)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 1
	}
	return 0
}

func readReport(path string) (*Report, error) {
	r := &Report{}
	data, err := os.ReadFile(path)
	if err == nil {
		if err = json.Unmarshal(data, r); err != nil {
			err = fmt.Errorf("%s: %v", path, err)
		}
	}
	return r, err
}

// configure resolves the data and the systems, builds maxmatch, the spawn command and the
// benchmarks, and finds the official scorer. cleanup removes the temporary directory; it is
// never nil.
func configure(cfg *Config) (cleanup func(), err error) {
	cleanup = func() {}
	if cfg.Data == "" {
		if cfg.Data, err = benchcases.SharedData(cfg.Root); err != nil {
			return cleanup, err
		}
	}
	if cfg.Gold == "" {
		cfg.Gold = filepath.Join(cfg.Data, benchcases.CoNLLGold)
	}
	if cfg.Systems == nil {
		if cfg.Systems, err = benchcases.CoNLLSystems(cfg.Data); err != nil {
			return cleanup, err
		}
	}
	if cfg.OfficialAS > 0 {
		if _, err := exec.LookPath("prlimit"); err != nil {
			return cleanup, fmt.Errorf("-official-memory needs prlimit (util-linux), or \"none\": %v", err)
		}
	}
	tmp, err := os.MkdirTemp("", "maxmatch-bench")
	if err != nil {
		return cleanup, err
	}
	cleanup = func() { os.RemoveAll(tmp) }
	cfg.Spawner.Path, cfg.Benchmarks = filepath.Join(tmp, "spawn"), filepath.Join(tmp, "bench.test")
	builds := [][]string{{"build", "-o", cfg.Spawner.Path, "./bench/internal/proc/spawn"}, {"test", "-c", "-o", cfg.Benchmarks, "./bench"}}
	if cfg.Maxmatch == "" {
		cfg.Maxmatch = filepath.Join(tmp, "maxmatch")
		builds = append(builds, []string{"build", "-o", cfg.Maxmatch, "./cmd/maxmatch"})
	}
	for _, args := range builds {
		build := exec.Command("go", args...)
		// Static, as the release builds it: with cgo, pflag's import of net links libc
		// dynamically, which alone adds a third to the command's start-up.
		build.Dir, build.Stderr, build.Env = cfg.Root, os.Stderr, append(os.Environ(), "CGO_ENABLED=0")
		if err := build.Run(); err != nil {
			return cleanup, fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
		}
	}
	return cleanup, findOfficial(cfg, tmp)
}

// findOfficial sets the official scorer (-official, or release 3.2 extracted from -mirror into
// tmp) and the Python 2.7 interpreter that runs it.
func findOfficial(cfg *Config, tmp string) error {
	switch {
	case cfg.Official != "" && cfg.Mirror != "":
		return fmt.Errorf("give -official or -mirror, not both")
	case cfg.Mirror != "":
		var err error
		if cfg.Official, err = proc.ExtractOfficial(cfg.Mirror, "2122ffd", filepath.Join(tmp, "m2scorer-3.2")); err != nil {
			return err
		}
		cfg.OfficialFrom = "release 3.2 (commit 2122ffd of nusnlp/m2scorer, scripts/)"
	case cfg.Official != "":
		cfg.OfficialFrom = cfg.Official
	default:
		return nil
	}
	if os.Getenv("PYENV_VERSION") == "" {
		os.Setenv("PYENV_VERSION", "2.7.18")
	}
	// Run the interpreter itself, not a pyenv shim (a shell script that would add its own
	// start-up to every measurement).
	out, err := exec.Command(cfg.Python, "-c", "import sys; print(sys.executable); print(sys.version.split()[0])").Output()
	if err != nil {
		return fmt.Errorf("running %s: %v", cfg.Python, err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "2.7") {
		return fmt.Errorf("%s is not Python 2.7: %q", cfg.Python, out)
	}
	cfg.Python, cfg.PythonVersion = lines[0], lines[1]
	return nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
}
