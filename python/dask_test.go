//go:build unix

package python

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"maxmatch/internal/testinputs"
)

// daskPython is the Python that Debian's Dask (python3-distributed, which .ci/run installs)
// is installed for.
const daskPython = "/usr/bin/python3"

// daskTimeout bounds each run of the recipe: a cluster of two worker processes starts in
// seconds, and CAMB is scored in under a second of CPU.
const daskTimeout = 4 * time.Minute

// daskRecipe returns the Dask recipe of docs/scaling-out.md, the one copy of it, and the line the
// page says it prints for CAMB.
func daskRecipe(t *testing.T, repo string) (recipe, prints string) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(repo, "docs", "scaling-out.md"))
	if err != nil {
		t.Fatal(err)
	}
	const marker = "<!-- doctest: not run: needs Dask (python3-distributed); go test ./python runs it -->"
	m := regexp.MustCompile("(?s)" + regexp.QuoteMeta(marker) + "\n```python\n(.*?)```\n.*?" +
		regexp.QuoteMeta(marker) + "\n```console\n\\$ python3 dask_m2\\.py [^\n]*CAMB\n([^\n]*)\n```").FindSubmatch(text)
	if m == nil {
		t.Fatalf("docs/scaling-out.md has no Dask recipe (a python block after %q) followed by its run on CAMB (a console block after the same marker)", marker)
	}
	return string(m[1]), string(m[2])
}

// TestDaskRecipe runs the Dask recipe of docs/scaling-out.md as a reader would, with Debian's
// Dask and the package from this directory: a distributed.LocalCluster of two worker processes
// on the loopback interface, one Scorer per worker (a worker plugin, reused by its tasks),
// CoNLL-2014's CAMB in 8 parts merged by maxmatch.corpus_score, run as the page runs it by
// tests/dask_worker_killed.py, which kills one worker process once the first part is scored:
// Dask runs the lost tasks again, and the recipe prints the command's figures, as the page
// says. The run is bounded in time (its process group killed past daskTimeout). Skipped where
// Dask cannot be imported by /usr/bin/python3, or without the CoNLL-2014 data.
func TestDaskRecipe(t *testing.T) {
	t.Parallel()
	testinputs.Repository("..")
	here := here(t)
	repo := filepath.Dir(here)
	if out, err := exec.Command(daskPython, "-c", "import distributed").CombinedOutput(); err != nil {
		t.Skipf("Dask cannot be imported by %s (Debian's python3-distributed, which .ci/run installs): %v\n%s", daskPython, err, out)
	}
	conll := filepath.Join(repo, "..", "shared", "data", "conll14")
	if _, err := os.Stat(conll); err != nil {
		t.Skipf("the CoNLL-2014 data is not in %s: the Dask recipe is not run", conll)
	}
	recipe, prints := daskRecipe(t, repo)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "dask_m2.py"), []byte(recipe), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := command(t)

	gold, system := filepath.Join(conll, "gold", "official-2014.combined.m2"), filepath.Join(conll, "systems", "CAMB")
	want := commandFigures(t, run(t, exec.Command(bin, "score", "--counts", system, gold)))
	if prints != want {
		t.Errorf("docs/scaling-out.md says the recipe prints %q for CAMB, and maxmatch score gives %q", prints, want)
	}
	env := append(os.Environ(), "MAXMATCH_BIN="+bin, "PYTHONPATH="+here, "PYTHONDONTWRITEBYTECODE=1", "TMPDIR="+dir)
	// One cluster: the recipe runs as the page runs it (its default 8 parts), a worker killed
	// once the first part is scored (a second cluster, without the kill, cost 3 s of CPU more).
	got, log := runBounded(t, dir, env, filepath.Join(here, "tests", "dask_worker_killed.py"), "dask_m2.py", gold, system)
	if got != want+"\n" {
		t.Errorf("with a worker killed, the Dask recipe prints %q, want the command's figures %q\nstderr:\n%s", got, want, log)
	}
	t.Logf("with a worker killed:\n%s", log)
}

// commandFigures turns maxmatch score --counts's lines into the line the recipe prints.
func commandFigures(t *testing.T, out string) string {
	t.Helper()
	var p, r, f string
	var tp, fp, fn int
	if _, err := fmt.Sscanf(out, "Precision   : %s\nRecall      : %s\nF_0.5       : %s\nTP          : %d\nFP          : %d\nFN          : %d\n", &p, &r, &f, &tp, &fp, &fn); err != nil {
		t.Fatalf("maxmatch score --counts prints %q: %v", out, err)
	}
	return fmt.Sprintf("P %s  R %s  F_0.5 %s  (TP %d, FP %d, FN %d)", p, r, f, tp, fp, fn)
}

// runBounded runs daskPython with args in dir, in a process group of its own that is killed
// past daskTimeout and once the run ends (the cluster's processes, and the services of a
// killed worker, with it), and returns its stdout and stderr; it fails the test when the run
// fails.
func runBounded(t *testing.T, dir string, env []string, args ...string) (stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), daskTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, daskPython, args...)
	cmd.Dir, cmd.Env = dir, env
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // what is left of the group, if anything
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("%s %s did not end within %v: killed\nstdout:\n%s\nstderr:\n%s", daskPython, strings.Join(args, " "), daskTimeout, out.String(), errs.String())
	}
	if err != nil {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", daskPython, strings.Join(args, " "), err, out.String(), errs.String())
	}
	t.Logf("%s: %.1f s", strings.Join(args, " "), time.Since(start).Seconds())
	return out.String(), errs.String()
}
