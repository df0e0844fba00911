// Command bench measures maxmatch against the official M² scorer (release 3.2) and against the
// floor of its own work, the two Levenshtein matrices of every sentence pair.
//
// In one run it
//
//   - scores every CoNLL-2014 submission with the maxmatch command and, when -official (or
//     -mirror) is given, with the official scorer, alternating the two, and reports per system
//     wall and CPU time, peak memory and the ratio pair by pair;
//   - runs the generated families (bench/cases: unrelated hypotheses, repeated clauses, long
//     sentences with many gold edits) at growing sizes, the official with a per-case time limit,
//     and fits each scorer's growth exponent;
//   - scores every CoNLL-2014 file at paragraph and essay level (consecutive sentences joined
//     into one line, groups of 5 and 26), the official where -official-joined chooses it, and
//     fits our time's growth across group sizes 1, 5, 26;
//   - runs the long lines (near-identical and heavily edited lines of 10³ to 10⁶ tokens) and
//     the checks of the scale targets (a 200 MB gold file, the bounded search on 10⁴ tokens, a
//     clear error under a small memory budget), and says which targets are met;
//   - measures the floor (both full Levenshtein matrices of every interned sentence pair) and our
//     in-process scoring (scorer.Score, one worker) and command against it;
//   - writes report.md, results.csv and plots (SVG and PNG) to -out, and with -docs the same
//     report as benchmarks.md, with its plots and CSV, into that directory.
//
// Usage, from the repository root (the CoNLL-2014 data in ../shared/data):
//
//	go run ./bench -mirror PATH/TO/m2scorer.git -docs docs
//	go run ./bench -official /tmp/off32/m2scorer.py -python python2
//	go run ./bench                      # maxmatch only: floor, families, systems
//
// -mirror is a git directory of github.com/nusnlp/m2scorer; release 3.2 (commit 2122ffd) is
// extracted from it into a temporary directory and deleted afterwards.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	cases "maxmatch/internal/benchcases"
)

// Config is what one run measures and how.
type Config struct {
	Root          string // module root
	Data          string // shared data
	Gold          string // the CoNLL-2014 gold file
	Systems       []string
	Maxmatch      string // the command under test
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
	Families      []cases.Family
	Sizes         []int
	LongFamilies  []cases.Family // the long-line families (cases.LongFamilies) selected
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
	Compare       string // a previous results.csv to compare with
	CommandLine   string
}

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var (
		data      = fs.String("data", "", "shared data directory (default: ../shared/data beside the repository)")
		gold      = fs.String("gold", "", "CoNLL-2014 gold file (default: DATA/"+cases.CoNLLGold+")")
		systems   = fs.String("systems", "", "comma-separated system names in DATA/conll14/systems (default: all; \"none\" for none)")
		official  = fs.String("official", "", "the official scorer's m2scorer.py (release 3.2); not run when empty")
		mirror    = fs.String("mirror", "", "git directory of nusnlp/m2scorer: release 3.2 is extracted from it (instead of -official)")
		python    = fs.String("python", "python2", "Python 2.7 interpreter (PYENV_VERSION=2.7.18 is set unless already set)")
		maxmatch  = fs.String("maxmatch", "", "maxmatch binary to measure (default: built from this repository)")
		rounds    = fs.Int("rounds", 5, "A/B pairs per system and per family case")
		reps      = fs.Int("reps", 5, "maxmatch runs per A slot; the slot counts their median")
		slow      = fs.Duration("slow", 60*time.Second, "an official system run longer than this ends that system's rounds after the first")
		timeout   = fs.Duration("timeout", 60*time.Second, "time limit of the official scorer on one family case")
		sysTime   = fs.Duration("system-timeout", 30*time.Minute, "time limit of the official scorer on one system")
		families  = fs.String("families", "", "comma-separated families, generated sentences and long lines (default: "+strings.Join(defaultFamilies(), ",")+"; also "+strings.Join(otherFamilies(), ",")+"; \"none\" for none)")
		sizes     = fs.String("sizes", "", "comma-separated family sizes in tokens (default: "+joinInts(cases.Sizes)+")")
		longSizes = fs.String("long-sizes", joinInts(defaultLongSizes), "comma-separated sizes of the long lines in tokens")
		longMax   = fs.String("long-max", formatLongMax(defaultLongMax), "per long family, the largest size run (family=tokens,…): the heavily edited line's band grows as n·d, 1.2 GB at 10⁵ tokens, 120 GB at 10⁶")
		groups    = fs.String("groups", joinInts(defaultGroups), "CoNLL-2014 joined into lines of this many sentences, comma-separated (\"none\" for none)")
		offJoined = fs.String("official-joined", defaultOfficialJoined, "joined files the official scores: GROUP:all or GROUP:SYSTEM, comma-separated (\"none\" for none)")
		joinedTO  = fs.Duration("joined-timeout", 15*time.Minute, "time limit of the official scorer on one joined file")
		offAS     = fs.String("official-memory", "4G", "address-space limit of the official scorer on joined files and long lines (prlimit --as; \"none\" for none): it needs 1.2 GB at 1,000 tokens, more than 4 GB at 3,162")
		checks    = fs.String("checks", strings.Join(checkNames, ","), "target checks to run, comma-separated (\"none\" for none)")
		largeMB   = fs.Int("large-gold", 200, "size in MB of the large gold file of the checks (CoNLL-2014's gold repeated)")
		largeSys  = fs.String("large-system", "CAMB", "the system repeated alike beside the large gold file")
		samples   = fs.Int("samples", 15, "in-process samples per measurement")
		minSample = fs.Duration("min-sample", 100*time.Millisecond, "least duration of one in-process sample")
		out       = fs.String("out", "bench/out", "directory for report.md, results.csv and the plots")
		docs      = fs.String("docs", "", "also write benchmarks.md, its plots and CSV into this directory (e.g. docs)")
		compare   = fs.String("compare", "", "a results.csv of an earlier run to compare the ratios with")
	)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *rounds < 1 || *reps < 1 || *samples < 1 || *largeMB < 1 {
		fmt.Fprintln(os.Stderr, "bench: unexpected arguments; see go run ./bench -h")
		return 2
	}
	cfg, cleanup, err := configure(configFlags{
		data: *data, gold: *gold, systems: *systems, official: *official, mirror: *mirror,
		python: *python, maxmatch: *maxmatch, families: *families, sizes: *sizes,
		longSizes: *longSizes, longMax: *longMax, groups: *groups, officialJoined: *offJoined,
		officialMemory: *offAS, checks: *checks,
	})
	defer cleanup()
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 2
	}
	cfg.Rounds, cfg.Reps, cfg.Slow, cfg.Timeout, cfg.SystemTimeout = *rounds, *reps, *slow, *timeout, *sysTime
	cfg.Samples, cfg.MinSample, cfg.Out, cfg.Docs, cfg.Compare = *samples, *minSample, *out, *docs, *compare
	cfg.JoinedTimeout, cfg.LargeGoldMB, cfg.LargeSystem = *joinedTO, *largeMB, *largeSys
	cfg.CommandLine = "go run ./bench " + strings.Join(args, " ")

	rep, err := measureAll(cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 1
	}
	if err := writeOutputs(cfg, rep); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 1
	}
	return 0
}

type configFlags struct {
	data, gold, systems, official, mirror, python, maxmatch, families, sizes string
	longSizes, longMax, groups, officialJoined, officialMemory, checks       string
}

// configure resolves paths, builds maxmatch and finds the official scorer. cleanup removes the
// temporary directory; it is never nil.
func configure(f configFlags) (*Config, func(), error) {
	cleanup := func() {}
	cfg := &Config{}
	wd, _ := os.Getwd()
	root, err := cases.ModuleRoot(wd)
	if err != nil {
		return nil, cleanup, err
	}
	cfg.Root = root
	if cfg.Data = f.data; cfg.Data == "" {
		if cfg.Data, err = cases.SharedData(root); err != nil {
			return nil, cleanup, err
		}
	}
	if cfg.Gold = f.gold; cfg.Gold == "" {
		cfg.Gold = filepath.Join(cfg.Data, cases.CoNLLGold)
	}
	switch f.systems {
	case "none":
	case "":
		if cfg.Systems, err = cases.CoNLLSystems(cfg.Data); err != nil {
			return nil, cleanup, err
		}
	default:
		cfg.Systems = strings.Split(f.systems, ",")
	}
	if cfg.Families, cfg.LongFamilies, err = selectFamilies(f.families); err != nil {
		return nil, cleanup, err
	}
	cfg.Sizes = cases.Sizes
	if f.sizes != "" {
		if cfg.Sizes, err = parseInts(f.sizes); err != nil {
			return nil, cleanup, fmt.Errorf("-sizes: %v", err)
		}
	}
	if err := configureLong(cfg, f); err != nil {
		return nil, cleanup, err
	}

	tmp, err := os.MkdirTemp("", "maxmatch-bench")
	if err != nil {
		return nil, cleanup, err
	}
	cleanup = func() { os.RemoveAll(tmp) }
	cfg.Spawner.Path = filepath.Join(tmp, "spawn")
	build := exec.Command("go", "build", "-o", cfg.Spawner.Path, "./bench/internal/proc/spawn")
	build.Dir, build.Stderr = root, os.Stderr
	if err := build.Run(); err != nil {
		return nil, cleanup, fmt.Errorf("building the spawn command: %v", err)
	}
	if cfg.Maxmatch = f.maxmatch; cfg.Maxmatch == "" {
		cfg.Maxmatch = filepath.Join(tmp, "maxmatch")
		build := exec.Command("go", "build", "-o", cfg.Maxmatch, "./cmd/maxmatch")
		build.Dir, build.Stderr = root, os.Stderr
		if err := build.Run(); err != nil {
			return nil, cleanup, fmt.Errorf("building maxmatch: %v", err)
		}
	}
	switch {
	case f.official != "" && f.mirror != "":
		return nil, cleanup, fmt.Errorf("give -official or -mirror, not both")
	case f.mirror != "":
		dir := filepath.Join(tmp, "m2scorer-3.2")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, cleanup, err
		}
		for _, name := range []string{"m2scorer.py", "levenshtein.py", "util.py"} {
			src, err := exec.Command("git", "--git-dir", f.mirror, "show", "2122ffd:scripts/"+name).Output()
			if err != nil {
				return nil, cleanup, fmt.Errorf("extracting %s from %s: %v", name, f.mirror, err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				return nil, cleanup, err
			}
		}
		cfg.Official = filepath.Join(dir, "m2scorer.py")
		cfg.OfficialFrom = "release 3.2 (commit 2122ffd of nusnlp/m2scorer, scripts/)"
	case f.official != "":
		cfg.Official = f.official
		cfg.OfficialFrom = f.official
	}
	if cfg.Official != "" {
		if os.Getenv("PYENV_VERSION") == "" {
			os.Setenv("PYENV_VERSION", "2.7.18")
		}
		// Run the interpreter itself, not a pyenv shim (a shell script that would add its own
		// start-up to every measurement).
		outb, err := exec.Command(f.python, "-c", "import sys; print(sys.executable); print(sys.version.split()[0])").Output()
		if err != nil {
			return nil, cleanup, fmt.Errorf("running %s: %v", f.python, err)
		}
		lines := strings.Split(strings.TrimSpace(string(outb)), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[1], "2.7") {
			return nil, cleanup, fmt.Errorf("%s is not Python 2.7: %q", f.python, outb)
		}
		cfg.Python, cfg.PythonVersion = lines[0], lines[1]
	}
	return cfg, cleanup, nil
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
}
