// Command nbest measures the n-best side of maxmatch on CoNLL-2014 with the 13 files of the
// shared data as 13 hypotheses per sentence (17,056): the "maxmatch nbest" command as a process,
// the Python package batched and call by call, Python scorers of sentence-level M² called
// sentence by sentence on the same hypotheses (a Python 3 port of the official scorer with
// -port, the official 3.2 under Python 2 with -official), and "maxmatch serve" over a long run
// of requests, with its memory sampled (-serve-requests).
//
// Usage, from the repository root (the CoNLL-2014 data in ../shared/data):
//
//	go run ./bench/nbest -port PATH/TO/petrpechman-m2scorer.git -official PATH/TO/nusnlp-m2scorer.git -serve-requests 1000000
//
// -port is a git directory of github.com/petrpechman/m2scorer (a Python 3 port of release 3.2,
// pip package "m2scorer"), -official one of github.com/nusnlp/m2scorer (release 3.2 is commit
// 2122ffd); both are extracted into temporary directories, run from there, and deleted: nothing
// of them enters this repository. The official runs under python2 (PYENV_VERSION=2.7.18 unless
// already set). Every figure is a median of -rounds runs, with the CPU time beside the wall time.
package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	"maxmatch/benchcases"
	"maxmatch/membudget"
)

//go:embed anchor.py
var anchorDriver string

//go:embed package.py
var packageDriver string

func main() {
	os.Exit(run(os.Args[1:]))
}

type config struct {
	root, data, gold, dir string
	maxmatch              string
	python3               string
	rounds                int
	names                 []string
	files                 [][]string // per system, its lines (one per sentence)
}

func run(args []string) int {
	fs := flag.NewFlagSet("nbest", flag.ContinueOnError)
	port := fs.String("port", "", "git directory of petrpechman/m2scorer (a Python 3 port of the official scorer); not run when empty")
	official := fs.String("official", "", "git directory of nusnlp/m2scorer: release 3.2 under Python 2; not run when empty")
	rounds := fs.Int("rounds", 5, "runs of each measurement (the median is reported)")
	serveRequests := fs.Int("serve-requests", 0, "requests to send to one maxmatch serve, memory sampled (0: not run)")
	parts := fs.String("parts", "command,python", "what to measure besides -port, -official and -serve-requests: command, python (the package)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	c, err := setUp(*rounds)
	if err == nil {
		defer os.RemoveAll(c.dir)
		err = c.measure(*parts, *port, *official, *serveRequests)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "nbest:", err)
		return 1
	}
	return 0
}

// measure measures the parts asked for and prints their report.
func (c *config) measure(parts, port, official string, serveRequests int) error {
	fmt.Printf("# n-best benchmarks\n\n%s, %d CPUs, %s; %d hypotheses (%d files × %d sentences); medians of %d runs.\n\n",
		runtime.GOOS+"/"+runtime.GOARCH, runtime.NumCPU(), time.Now().Format("2006-01-02 15:04"), c.hyps(), len(c.files), len(c.files[0]), c.rounds)
	if strings.Contains(parts, "command") {
		if err := c.command(); err != nil {
			return err
		}
	}
	var pkg *packageResult
	if strings.Contains(parts, "python") || port != "" || official != "" {
		var err error
		if pkg, err = c.pythonPackage(); err != nil {
			return err
		}
	}
	for _, a := range []struct{ name, mirror, commit, module, python string }{
		{"Python 3 port (petrpechman/m2scorer " + shortCommit(port) + ")", port, "HEAD", "m2scorer.levenshtein", c.python3},
		{"official 3.2 under Python 2 (nusnlp/m2scorer 2122ffd)", official, "2122ffd", "levenshtein", "python2"},
	} {
		if a.mirror == "" {
			continue
		}
		if err := c.anchor(a.name, a.mirror, a.commit, a.module, a.python, pkg); err != nil {
			return err
		}
	}
	if serveRequests > 0 {
		return c.serveMemory(serveRequests)
	}
	return nil
}

func (c *config) hyps() int { return len(c.files) * len(c.files[0]) }

// setUp builds maxmatch and writes the list twice, as Moses n-best (conll.nbest) and as JSON
// lines (conll.jsonl), into a temporary directory.
func setUp(rounds int) (*config, error) {
	root, err := benchcases.ModuleRoot(".")
	if err != nil {
		return nil, err
	}
	data, err := benchcases.SharedData(root)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "nbest-bench-")
	if err != nil {
		return nil, err
	}
	c := &config{root: root, data: data, gold: filepath.Join(data, benchcases.CoNLLGold), dir: dir, rounds: rounds, maxmatch: filepath.Join(dir, "maxmatch")}
	gold, err := os.ReadFile(c.gold)
	if err != nil {
		return nil, err
	}
	if c.python3, err = exec.LookPath("python3"); err != nil {
		return nil, err
	}
	// Static, as released: with cgo, pflag's import of net links libc dynamically (slower starts).
	build := exec.Command("go", "build", "-o", c.maxmatch, "./cmd/maxmatch")
	build.Dir, build.Env = root, append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build: %v\n%s", err, out)
	}
	if c.names, err = benchcases.CoNLLSystems(data); err != nil {
		return nil, err
	}
	nSentences := strings.Count(string(gold), "\nS ") + 1
	for _, n := range c.names {
		text, err := os.ReadFile(filepath.Join(data, "conll14", "systems", n))
		if err != nil {
			return nil, err
		}
		lines := strings.Split(string(text), "\n")
		if len(lines) < nSentences {
			return nil, fmt.Errorf("%s has %d lines, the gold %d sentences", n, len(lines), nSentences)
		}
		c.files = append(c.files, lines[:nSentences])
	}
	var moses, jsonl strings.Builder
	for i := range c.files[0] {
		hyps := make([]string, len(c.files))
		for k := range c.files {
			fmt.Fprintf(&moses, "%d ||| %s ||| system=%s ||| 0\n", i, c.files[k][i], c.names[k])
			hyps[k] = c.files[k][i]
		}
		line, _ := json.Marshal(map[string]any{"id": i, "hyps": hyps})
		fmt.Fprintf(&jsonl, "%s\n", line)
	}
	if err := os.WriteFile(filepath.Join(dir, "conll.nbest"), []byte(moses.String()), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "conll.jsonl"), []byte(jsonl.String()), 0o644); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *config) command() error {
	fmt.Printf("## The command\n\n| command | wall (median, min–max) | CPU | peak RSS | hyps/s (wall) |\n| --- | ---: | ---: | ---: | ---: |\n")
	list := filepath.Join(c.dir, "conll.nbest")
	for _, args := range [][]string{{"nbest", list, c.gold}, {"nbest", "--jsonl", list, c.gold}, {"nbest", "--stats", list, c.gold},
		{"nbest", filepath.Join(c.dir, "conll.jsonl"), c.gold}, {"oracle", list, c.gold}} {
		var walls, cpus []float64 // milliseconds
		var rss int64
		for range c.rounds {
			m, err := proc.Measure(exec.Command(c.maxmatch, args...), proc.Options{})
			if err != nil {
				return err
			}
			walls, cpus, rss = append(walls, ms(m.Sample.Wall)), append(cpus, ms(m.Sample.CPU)), max(rss, m.Sample.MaxRSS)
		}
		label := strings.ReplaceAll(strings.ReplaceAll(strings.Join(args, " "), c.dir+"/", ""), c.gold, "GOLD")
		w := proc.SpreadOf(walls)
		fmt.Printf("| `maxmatch %s` | %.0f ms (%.0f–%.0f) | %.0f ms | %s | %.0f |\n", label,
			w.Median, w.Min, w.Max, proc.SpreadOf(cpus).Median, membudget.Bytes(rss), float64(c.hyps())/(w.Median/1e3))
	}
	fmt.Printf("\n")
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// packageResult is what package.py reports: seconds per run, by way of calling.
type packageResult struct {
	Runs map[string][]float64 `json:"runs"`
	Hyps int                  `json:"hyps"`
}

func (c *config) pythonPackage() (*packageResult, error) {
	args := []string{filepath.Join(c.dir, "package.py"), c.gold, filepath.Join(c.dir, "conll.jsonl"), strconv.Itoa(c.rounds)}
	if err := os.WriteFile(args[0], []byte(packageDriver), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(c.python3, args...)
	cmd.Env = append(os.Environ(), "MAXMATCH_BIN="+c.maxmatch, "PYTHONPATH="+filepath.Join(c.root, "python"))
	var res packageResult
	if _, err := measureJSON(cmd, &res); err != nil {
		return nil, fmt.Errorf("package.py: %v", err)
	}
	fmt.Printf("## From Python\n\n| way | seconds (median, min–max) | hyps/s |\n| --- | ---: | ---: |\n")
	for _, w := range slices.Sorted(maps.Keys(res.Runs)) {
		runs := proc.SpreadOf(res.Runs[w])
		fmt.Printf("| %s | %.3f (%.3f–%.3f) | %.0f |\n", w, runs.Median, runs.Min, runs.Max, float64(res.Hyps)/runs.Median)
	}
	fmt.Printf("\n")
	return &res, nil
}

// measureJSON runs cmd, measured, and reads its standard output as JSON into v.
func measureJSON(cmd *exec.Cmd, v any) (proc.Result, error) {
	m, err := proc.Measure(cmd, proc.Options{})
	if err == nil {
		if err = json.Unmarshal([]byte(m.Stdout), v); err != nil {
			err = fmt.Errorf("%v: %s", err, m.Stdout)
		}
	}
	return m, err
}

// anchorResult is what anchor.py reports: its scoring loop's time, and P, R, F per hypothesis.
type anchorResult struct {
	Seconds float64      `json:"seconds"`
	Results [][3]float64 `json:"results"`
}

func (c *config) anchor(name, mirror, commit, module, python string, pkg *packageResult) error {
	dir, err := os.MkdirTemp(c.dir, "anchor-")
	if err != nil {
		return err
	}
	// The scorer's files, outside the repository, deleted with c.dir.
	untar := exec.Command("bash", "-c", `set -o pipefail; git --git-dir "$0" archive "$1" | tar -x -C "$2"`, mirror, commit, dir)
	if out, err := untar.CombinedOutput(); err != nil {
		return fmt.Errorf("extracting %s from %s: %v\n%s", commit, mirror, err, out)
	}
	path, driver := dir, filepath.Join(c.dir, "anchor.py")
	if module == "levenshtein" {
		path = filepath.Join(dir, "scripts")
	}
	if err := os.WriteFile(driver, []byte(anchorDriver), 0o644); err != nil {
		return err
	}
	cmd := exec.Command(python, driver, path, module, c.gold, filepath.Join(c.dir, "conll.jsonl"))
	cmd.Dir, cmd.Env = dir, os.Environ()
	if os.Getenv("PYENV_VERSION") == "" && python == "python2" {
		cmd.Env = append(cmd.Env, "PYENV_VERSION=2.7.18")
	}
	var res anchorResult
	m, err := measureJSON(cmd, &res)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	// Ours, sentence by sentence (nbest --jsonl), on the same hypotheses, to compare the figures.
	ours, err := proc.Measure(exec.Command(c.maxmatch, "nbest", "--jsonl", filepath.Join(c.dir, "conll.jsonl"), c.gold), proc.Options{})
	if err != nil {
		return err
	}
	same, dec := 0, json.NewDecoder(strings.NewReader(ours.Stdout))
	for _, theirs := range res.Results {
		var r struct{ P, R, F float64 }
		if err := dec.Decode(&r); err != nil {
			return fmt.Errorf("maxmatch nbest --jsonl: %v", err)
		}
		if theirs == [3]float64{r.P, r.R, r.F} {
			same++
		}
	}
	n := len(res.Results)
	pkgSeconds := proc.SpreadOf(pkg.Runs["batched (nbest_many)"]).Median
	fmt.Printf("## %s, sentence by sentence\n\n%d hypotheses in %.1f s (%.1f hyps/s, CPU %.1f s, peak RSS %s); the package, batched, on the same hypotheses: %.3f s, **%.0f×**. "+
		"Sentence-level P, R and F equal to ours (nbest --jsonl) for %d of %d hypotheses.\n\n",
		name, n, res.Seconds, float64(n)/res.Seconds, m.Sample.CPU.Seconds(), membudget.Bytes(m.Sample.MaxRSS), pkgSeconds, res.Seconds/pkgSeconds, same, n)
	return nil
}

// serveMemory sends n requests to one "maxmatch serve" (single hypotheses of the list, with a
// malformed request of each kind every 1,000) and samples its resident memory a thousand times
// over the run.
func (c *config) serveMemory(n int) error {
	cmd := exec.Command(c.maxmatch, "serve", "--gold", c.gold, "--max-request-bytes", "100000")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	bad := []string{
		`{"id": 99999, "hyp": "x"}`, `{"id": 1, "hyp": 3}`, `{"id": 1, "hpy": "a"}`, `not json`,
		"{\"id\": 2, \"hyp\": \"\xff\"}", `{"id": 3, "hyp": "` + strings.Repeat("long ", 30000) + `"}`,
		`{"id": 4, "source": "a b", "gold": [[0, 9, "x"]], "hyp": "a"}`,
	}
	nBad := n / 1000 // requests 999, 1999, …
	go func() {
		w := bufio.NewWriterSize(stdin, 1<<16)
		for r, k := 0, 0; r < n; r++ {
			if r%1000 == 999 {
				fmt.Fprintln(w, bad[(r/1000)%len(bad)])
				continue
			}
			i := k % len(c.files[0])
			hyp, _ := json.Marshal(c.files[(k/len(c.files[0]))%len(c.files)][i])
			fmt.Fprintf(w, `{"id": %d, "hyp": %s, "edits": %t}`+"\n", i, hyp, k%2 == 0)
			k++
		}
		w.Flush()
		stdin.Close()
	}()
	start, sampleEvery := time.Now(), max(n/1000, 100)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	var samples []int64
	answers, errs := 0, 0
	for sc.Scan() {
		answers++
		if bytes.Contains(sc.Bytes(), []byte(`,"error":`)) {
			errs++
		}
		if answers%sampleEvery == 0 {
			if kib := rss(cmd.Process.Pid); kib > 0 { // 0: the process has just ended
				samples = append(samples, kib)
			}
		}
	}
	if err := errors.Join(sc.Err(), cmd.Wait()); err != nil {
		return err
	}
	elapsed, tenth := time.Since(start), max(len(samples)/10, 1)
	first, last := samples[:tenth], samples[len(samples)-tenth:]
	fmt.Printf("## maxmatch serve, %d requests in a row\n\n%d answers (%d errors, for the %d malformed requests) in %.1f s (%.0f requests/s). "+
		"Resident memory, sampled every %d answers: %s–%s over the first tenth of the run, %s–%s over the last tenth, %s at most.\n\n",
		n, answers, errs, nBad, elapsed.Seconds(), float64(answers)/elapsed.Seconds(), sampleEvery,
		kib(slices.Min(first)), kib(slices.Max(first)), kib(slices.Min(last)), kib(slices.Max(last)), kib(slices.Max(samples)))
	if answers != n || errs != nBad {
		return fmt.Errorf("%d answers and %d errors, want %d and %d", answers, errs, n, nBad)
	}
	return nil
}

// kib formats a figure in KiB as every byte count is printed (membudget.Bytes).
func kib(n int64) string { return membudget.Bytes(n << 10) }

// rss returns a process's resident memory in KiB (VmRSS), or 0.
func rss(pid int) int64 {
	status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// shortCommit returns the abbreviated hash of a git directory's HEAD, or "HEAD".
func shortCommit(gitDir string) string {
	if gitDir == "" {
		return "HEAD"
	}
	out, err := exec.Command("git", "--git-dir", gitDir, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "HEAD"
	}
	return strings.TrimSpace(string(out))
}
