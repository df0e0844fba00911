// Command bench measures maxmatch against the official M² scorer (release 3.2) and against the
// floor of its own work, the two Levenshtein matrices of every sentence pair.
//
// In one run it
//
//   - scores every CoNLL-2014 submission with the maxmatch command and, when -official (or
//     -mirror) is given, with the official scorer, alternating the two, and reports per system
//     wall and CPU time, peak memory and the ratio pair by pair;
//   - runs the generated families (internal/benchcases: unrelated hypotheses, repeated clauses,
//     long sentences with many gold edits) at growing sizes, the official with a per-case time
//     limit, and fits each scorer's growth exponent;
//   - scores every CoNLL-2014 file at paragraph and essay level (consecutive sentences joined
//     into one line, groups of 5 and 26), the official where -official-joined chooses it, and
//     fits our time's growth across group sizes 1, 5, 26;
//   - runs the long lines (near-identical and heavily edited lines of 10³ to 10⁶ tokens) and
//     the checks of the scale targets (a 200 MB gold file, the bounded search on 10⁴ tokens, a
//     clear error under a small memory budget), and has TestTargets say which targets are met;
//   - measures in-process, with this package's go test benchmarks (BenchmarkFloor,
//     BenchmarkScore) read back in benchstat's format, the floor (both full Levenshtein
//     matrices of every sentence pair) and our scoring (scorer.Score, one worker) of every
//     input;
//   - writes the page benchmarks.md (from page.md.tmpl), benchmarks.csv, benchmarks.json (the
//     whole run), the plots (SVG and PNG) and the benchmarks' own output (inprocess.txt) to
//     -out, and with -docs the page, its plots, CSV and JSON into that directory.
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
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	"maxmatch/internal/benchcases"
)

// Config is what one run measures and how.
type Config struct {
	Root          string // module root
	Data          string // shared data
	Gold          string // the CoNLL-2014 gold file
	Systems       []string
	Maxmatch      string // the command under test
	Benchmarks    string // this package's test binary, whose benchmarks measure in-process
	Spawner       proc.Spawner
	Official      string // m2scorer.py, "" to skip the official scorer
	OfficialFrom  string // where it came from, for the report
	Python        string // the interpreter's real path (not a pyenv shim)
	PythonVersion string
	Rounds        int           // A/B pairs per system and per family case
	Reps          int           // maxmatch runs per A slot (the slot is their median)
	Slow          time.Duration // an official system run longer than this ends that system's rounds
	Timeout       time.Duration // official time limit per family case
	SystemTimeout time.Duration // official time limit per system
	Families      []benchcases.Family
	Sizes         []int
	LongFamilies  []benchcases.Family // the long-line families selected
	LongSizes     []int
	LongMax       map[string]int // per long family, the largest size run
	Groups        []int          // CoNLL-2014 joined: sentences per line
	OfficialOn    joinedChoice   // the joined files the official scores
	JoinedTimeout time.Duration  // the official's time limit on one joined file
	OfficialAS    int64          // the official's address-space limit on joined files and long lines (0: none)
	Checks        []string       // the target checks to run (checkNames)
	LargeGoldMB   int            // size of the large gold file of the checks
	LargeSystem   string         // the system repeated alike beside it
	Samples       int            // in-process samples
	MinSample     time.Duration  // least duration of one in-process sample
	Out, Docs     string
	Compare       string // a previous benchmarks.csv to compare with
	CommandLine   string
}

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var f configFlags
	cfg := &Config{}
	fs.StringVar(&f.data, "data", "", "shared data directory (default: ../shared/data beside the repository)")
	fs.StringVar(&f.gold, "gold", "", "CoNLL-2014 gold file (default: DATA/"+benchcases.CoNLLGold+")")
	fs.StringVar(&f.systems, "systems", "", "comma-separated system names in DATA/conll14/systems (default: all; \"none\" for none)")
	fs.StringVar(&f.official, "official", "", "the official scorer's m2scorer.py (release 3.2); not run when empty")
	fs.StringVar(&f.mirror, "mirror", "", "git directory of nusnlp/m2scorer: release 3.2 is extracted from it (instead of -official)")
	fs.StringVar(&f.python, "python", "python2", "Python 2.7 interpreter (PYENV_VERSION=2.7.18 is set unless already set)")
	fs.StringVar(&f.maxmatch, "maxmatch", "", "maxmatch binary to measure (default: built from this repository)")
	fs.IntVar(&cfg.Rounds, "rounds", 5, "A/B pairs per system and per family case")
	fs.IntVar(&cfg.Reps, "reps", 5, "maxmatch runs per A slot; the slot counts their median")
	fs.DurationVar(&cfg.Slow, "slow", 60*time.Second, "an official system run longer than this ends that system's rounds after the first")
	fs.DurationVar(&cfg.Timeout, "timeout", 60*time.Second, "time limit of the official scorer on one family case")
	fs.DurationVar(&cfg.SystemTimeout, "system-timeout", 30*time.Minute, "time limit of the official scorer on one system")
	fs.StringVar(&f.families, "families", "", "comma-separated families, generated sentences and long lines (default: "+strings.Join(defaultFamilies(), ",")+"; also "+strings.Join(otherFamilies(), ",")+"; \"none\" for none)")
	fs.StringVar(&f.sizes, "sizes", "", "comma-separated family sizes in tokens (default: "+joinInts(benchcases.Sizes)+")")
	fs.StringVar(&f.longSizes, "long-sizes", joinInts(defaultLongSizes), "comma-separated sizes of the long lines in tokens")
	fs.StringVar(&f.longMax, "long-max", formatLongMax(defaultLongMax), "per long family, the largest size run (family=tokens,…): the heavily edited line's band grows as n·d, 1.2 GB at 10⁵ tokens, 120 GB at 10⁶")
	fs.StringVar(&f.groups, "groups", joinInts(defaultGroups), "CoNLL-2014 joined into lines of this many sentences, comma-separated (\"none\" for none)")
	fs.StringVar(&f.officialJoined, "official-joined", defaultOfficialJoined, "joined files the official scores: GROUP:all or GROUP:SYSTEM, comma-separated (\"none\" for none)")
	fs.DurationVar(&cfg.JoinedTimeout, "joined-timeout", 15*time.Minute, "time limit of the official scorer on one joined file")
	fs.StringVar(&f.officialMemory, "official-memory", "4G", "address-space limit of the official scorer on joined files and long lines (prlimit --as; \"none\" for none): it needs 1.2 GB at 1,000 tokens, more than 4 GB at 3,162")
	fs.StringVar(&f.checks, "checks", strings.Join(checkNames, ","), "target checks to run, comma-separated (\"none\" for none)")
	fs.IntVar(&cfg.LargeGoldMB, "large-gold", 200, "size in MB of the large gold file of the checks (CoNLL-2014's gold repeated)")
	fs.StringVar(&cfg.LargeSystem, "large-system", "CAMB", "the system repeated alike beside the large gold file")
	fs.IntVar(&cfg.Samples, "samples", 15, "in-process samples per measurement")
	fs.DurationVar(&cfg.MinSample, "min-sample", 100*time.Millisecond, "least duration of one in-process sample")
	fs.StringVar(&cfg.Out, "out", "bench/out", "directory for the page, its CSV, JSON and plots, and the benchmarks' output")
	fs.StringVar(&cfg.Docs, "docs", "", "also write benchmarks.md, its plots, CSV and JSON into this directory (e.g. docs)")
	fs.StringVar(&cfg.Compare, "compare", "", "a benchmarks.csv of an earlier run to compare the ratios with")
	render := fs.String("render", "", "write the page of a run's benchmarks.json again, without measuring")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || cfg.Rounds < 1 || cfg.Reps < 1 || cfg.Samples < 1 || cfg.LargeGoldMB < 1 {
		fmt.Fprintln(os.Stderr, "bench: unexpected arguments; see go run ./bench -h")
		return 2
	}
	cfg.CommandLine = "go run ./bench " + strings.Join(args, " ")
	wd, _ := os.Getwd()
	root, err := benchcases.ModuleRoot(wd)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 2
	}
	cfg.Root = root
	var prev *Report // read first: a wrong path is found before the run, not after it
	if cfg.Compare != "" {
		if prev, err = readCSVFile(cfg.Compare); err != nil {
			fmt.Fprintf(os.Stderr, "bench: -compare: %v\n", err)
			return 2
		}
	}
	if *render != "" {
		rep, err := readReport(*render)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: -render: %v\n", err)
			return 2
		}
		return report(cfg, prev, func() (*Report, error) { return rep, nil })
	}
	cleanup, err := configure(cfg, f)
	defer cleanup()
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 2
	}
	return report(cfg, prev, func() (*Report, error) { return measureAll(cfg) })
}

// report gets a run's report (measured or read back), compares it with the earlier run prev
// (-compare's, when given) and writes it: exit status 1 when any of that fails.
func report(cfg *Config, prev *Report, get func() (*Report, error)) int {
	rep, err := get()
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
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := &Report{}
	if err := json.Unmarshal(data, r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return r, nil
}

type configFlags struct {
	data, gold, systems, official, mirror, python, maxmatch, families, sizes string
	longSizes, longMax, groups, officialJoined, officialMemory, checks       string
}

// configure resolves paths and the selection, builds maxmatch, the spawn command and the
// benchmarks, and finds the official scorer. cleanup removes the temporary directory; it is
// never nil.
func configure(cfg *Config, f configFlags) (cleanup func(), err error) {
	cleanup = func() {}
	if cfg.Data = f.data; cfg.Data == "" {
		if cfg.Data, err = benchcases.SharedData(cfg.Root); err != nil {
			return cleanup, err
		}
	}
	if cfg.Gold = f.gold; cfg.Gold == "" {
		cfg.Gold = filepath.Join(cfg.Data, benchcases.CoNLLGold)
	}
	if err := selectRun(cfg, f); err != nil {
		return cleanup, err
	}
	tmp, err := os.MkdirTemp("", "maxmatch-bench")
	if err != nil {
		return cleanup, err
	}
	cleanup = func() { os.RemoveAll(tmp) }
	cfg.Spawner.Path, cfg.Benchmarks = filepath.Join(tmp, "spawn"), filepath.Join(tmp, "bench.test")
	builds := [][]string{{"build", "-o", cfg.Spawner.Path, "./bench/internal/proc/spawn"}, {"test", "-c", "-o", cfg.Benchmarks, "./bench"}}
	if cfg.Maxmatch = f.maxmatch; cfg.Maxmatch == "" {
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
	return cleanup, findOfficial(cfg, f, tmp)
}

// findOfficial sets the official scorer (-official, or release 3.2 extracted from -mirror into
// tmp) and the Python 2.7 interpreter that runs it.
func findOfficial(cfg *Config, f configFlags, tmp string) error {
	switch {
	case f.official != "" && f.mirror != "":
		return fmt.Errorf("give -official or -mirror, not both")
	case f.mirror != "":
		dir := filepath.Join(tmp, "m2scorer-3.2")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for _, name := range []string{"m2scorer.py", "levenshtein.py", "util.py"} {
			src, err := exec.Command("git", "--git-dir", f.mirror, "show", "2122ffd:scripts/"+name).Output()
			if err != nil {
				return fmt.Errorf("extracting %s from %s: %v", name, f.mirror, err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				return err
			}
		}
		cfg.Official = filepath.Join(dir, "m2scorer.py")
		cfg.OfficialFrom = "release 3.2 (commit 2122ffd of nusnlp/m2scorer, scripts/)"
	case f.official != "":
		cfg.Official, cfg.OfficialFrom = f.official, f.official
	default:
		return nil
	}
	if os.Getenv("PYENV_VERSION") == "" {
		os.Setenv("PYENV_VERSION", "2.7.18")
	}
	// Run the interpreter itself, not a pyenv shim (a shell script that would add its own
	// start-up to every measurement).
	out, err := exec.Command(f.python, "-c", "import sys; print(sys.executable); print(sys.version.split()[0])").Output()
	if err != nil {
		return fmt.Errorf("running %s: %v", f.python, err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "2.7") {
		return fmt.Errorf("%s is not Python 2.7: %q", f.python, out)
	}
	cfg.Python, cfg.PythonVersion = lines[0], lines[1]
	return nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
}
