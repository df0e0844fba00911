// Command difffuzz compares maxmatch with the official M² scorer on random sentences.
//
// It generates batches of random gold (M2) and system files designed to reach the official
// scorer's corners — repeated tokens, insertions at the start and end, duplicate and
// out-of-order gold edits, several annotators including ones with only noop lines, alternative
// corrections, u = 0…5, β ≠ 0.5, --ignore_whitespace_casing, Unicode white space and case pairs,
// numbers in other scripts' digits, several S lines in a block — runs the
// official scorer with -v on each batch and our scorer in-process, and compares every sentence:
// the annotators visited, each annotator's edit sequence (as the official prints it) and correct
// edits, the chosen annotator, and the three printed figures.
//
// It is not part of `go test` (it needs Python 2.7 and the official scorer). Usage:
//
//	go run ./bench/difffuzz -mirror /path/to/m2scorer.git -n 10000 [-hard] [-bytes] [-seed N]
//
// -mirror is a git directory of github.com/nusnlp/m2scorer; release 3.2 (commit 2122ffd) and the
// master are extracted from it into a temporary directory, and run with python2
// (PYENV_VERSION=2.7.18 unless already set). Each mismatch is written, with the
// official output, to -out for turning into a regression case in testdata/.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	"maxmatch/m2verbose"
	"maxmatch/scorer"
)

var (
	mirror  = flag.String("mirror", "", "git directory of nusnlp/m2scorer (release 3.2 and master are extracted from it)")
	total   = flag.Int("n", 10000, "number of random sentences")
	batch   = flag.Int("batch", 250, "sentences per official run")
	seed    = flag.Int64("seed", 1, "random seed")
	outDir  = flag.String("out", "difffuzz-out", "directory for mismatching cases")
	timeout = flag.Duration("timeout", 5*time.Minute, "time limit of one official run")
	hard    = flag.Bool("hard", false, "longer, more repetitive sentences and more unrelated hypotheses (slower official runs)")
	record  = flag.String("record", "", "instead of fuzzing, run the official scorer on the case in this directory (gold.m2, system.txt, options) and write its official.txt")
	byBytes = flag.Bool("bytes", false, "compare the whole -v output of the official scorer and of \"maxmatch score -v\" byte for byte (the command is built from this module), instead of the sentences parsed from it")
)

func main() {
	flag.Parse()
	if *mirror == "" {
		fmt.Fprintln(os.Stderr, "difffuzz: -mirror is required (a git directory of nusnlp/m2scorer)")
		os.Exit(2)
	}
	if os.Getenv("PYENV_VERSION") == "" {
		os.Setenv("PYENV_VERSION", "2.7.18")
	}
	tmp, err := os.MkdirTemp("", "difffuzz")
	check(err)
	defer os.RemoveAll(tmp)
	dirs := map[scorer.Compat]string{
		scorer.Compat32:     extract(tmp, "2122ffd", "v3.2"),
		scorer.CompatMaster: extract(tmp, "HEAD", "master"),
	}
	if *record != "" {
		recordCase(*record, dirs)
		return
	}
	var ours string // the maxmatch command, with -bytes
	if *byBytes {
		ours = buildCommand(tmp)
	}
	check(os.MkdirAll(*outDir, 0o755))

	sentences, mismatches, runs := 0, 0, 0
	start := time.Now()
	for b := 0; sentences < *total; b++ {
		rng := rand.New(rand.NewSource(*seed*1_000_003 + int64(b)))
		cfg := randomConfig(rng)
		n := min(*batch, *total-sentences)
		blocks := generate(rng, n, cfg)
		bad, err := compare(tmp, dirs[cfg.opt.Compat], ours, cfg, blocks)
		runs++
		if err != nil {
			fmt.Fprintf(os.Stderr, "batch %d: %v\n", b, err)
			gold, sys := files(blocks)
			save(fmt.Sprintf("error-%d-%d", *seed, b), cfg, gold, sys, nil, err.Error())
			mismatches++
			sentences += n
			continue
		}
		for _, m := range bad {
			save(fmt.Sprintf("mismatch-%d-%d-%d", *seed, b, m.line), cfg, m.gold, m.sys, m.officialText, m.report)
			first, _, _ := strings.Cut(m.report, "\n")
			fmt.Fprintf(os.Stderr, "batch %d line %d (%s): %s\n", b, m.line, cfg, first)
		}
		mismatches += len(bad)
		sentences += n
		fmt.Printf("\r%d sentences, %d official runs, %d mismatches, %s", sentences, runs, mismatches, time.Since(start).Round(time.Second))
	}
	fmt.Println()
	fmt.Printf("compared: %d annotator results, %d system edits, %d correct edits, %d sentences choosing an annotator other than the first\n",
		stats.annotators, stats.edits, stats.correct, stats.notFirst)
	if *byBytes {
		fmt.Printf("compared byte for byte: %d bytes of -v output\n", stats.bytes)
	}
	if mismatches > 0 {
		os.Exit(1)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		os.Exit(2)
	}
}

// extract writes the scorer's scripts at rev into tmp/name and returns that directory.
func extract(tmp, rev, name string) string {
	_, err := proc.ExtractOfficial(*mirror, rev, filepath.Join(tmp, name))
	check(err)
	return filepath.Join(tmp, name)
}

type config struct {
	opt scorer.Options
}

func (c config) String() string {
	return strings.Join(c.args(), " ")
}

func (c config) args() []string {
	return append([]string{"--compat", c.opt.Compat.String()}, m2verbose.Args(c.opt)...)
}

func randomConfig(rng *rand.Rand) config {
	opt := scorer.DefaultOptions()
	opt.MaxUnchangedWords = []int{0, 1, 2, 2, 2, 3, 5}[rng.Intn(7)]
	// β whose square is not a binary fraction too (0.1, 0.3, 1.1, 3.7): F's products and the
	// annotator choice's tie-break round there.
	opt.Beta = []float64{0.5, 0.5, 0.5, 1, 0.25, 2, 0.1, 0.3, 1.1, 3.7}[rng.Intn(10)]
	opt.IgnoreWhitespaceCasing = rng.Intn(4) == 0
	if rng.Intn(4) == 0 {
		opt.Compat = scorer.CompatMaster
	}
	return config{opt: opt}
}

// buildCommand builds the maxmatch command of this module into tmp and returns its path.
func buildCommand(tmp string) string {
	path := filepath.Join(tmp, "maxmatch")
	_, err := run(exec.Command("go", "build", "-o", path, "maxmatch/cmd/maxmatch"))
	check(err)
	return path
}

// runOfficial runs the official scorer (-v) on the two files and returns its standard output.
func runOfficial(dir string, cfg config, goldPath, sysPath string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	args := append(append([]string{filepath.Join(dir, "m2scorer.py"), "-v"}, m2verbose.Args(cfg.opt)...), sysPath, goldPath)
	return run(exec.CommandContext(ctx, "python2", args...))
}

// save writes a case in the layout of testdata/official (see its README), plus the report.
func save(name string, cfg config, gold, sys string, official []byte, report string) {
	dir := filepath.Join(*outDir, name)
	check(os.MkdirAll(dir, 0o755))
	check(os.WriteFile(filepath.Join(dir, "gold.m2"), []byte(gold), 0o644))
	check(os.WriteFile(filepath.Join(dir, "system.txt"), []byte(sys), 0o644))
	check(os.WriteFile(filepath.Join(dir, "options"), []byte(cfg.String()+"\n"), 0o644))
	if official != nil {
		check(os.WriteFile(filepath.Join(dir, "official.txt"), official, 0o644))
	}
	check(os.WriteFile(filepath.Join(dir, "report.txt"), []byte(report), 0o644))
}

// recordCase runs the official scorer on a regression case and stores its -v output.
func recordCase(dir string, dirs map[scorer.Compat]string) {
	opt, err := m2verbose.ReadOptions(filepath.Join(dir, "options"))
	check(err)
	if opt.Fixes != 0 || opt.Compat == scorer.CompatFixed {
		check(fmt.Errorf("%s: the official scorer has no fixes: use --compat 3.2 or master", dir))
	}
	out, err := runOfficial(dirs[opt.Compat], config{opt: opt}, filepath.Join(dir, "gold.m2"), filepath.Join(dir, "system.txt"))
	check(err)
	check(os.WriteFile(filepath.Join(dir, "official.txt"), out, 0o644))
	fmt.Printf("%s: official.txt written (%d bytes)\n", dir, len(out))
}
