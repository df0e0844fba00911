// Package python holds the Python package maxmatch (standard library only); this test runs its
// unittest suite, so that "go test ./..." covers it: once from the source tree, and once as
// installed by "pip install --no-build-isolation ./python", against a maxmatch command built
// from this checkout.
package python

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestPythonPackage(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not on PATH")
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "maxmatch")
	build := exec.Command("go", "build", "-o", bin, "./cmd/maxmatch")
	build.Dir = filepath.Dir(here)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	env := append(os.Environ(), "MAXMATCH_BIN="+bin, "MAXMATCH_TEST_BUILD=1", "PYTHONDONTWRITEBYTECODE=1")

	unittest := func(t *testing.T, pythonPath, workDir string) {
		cmd := exec.Command(python, "-X", "dev", "-m", "unittest", "discover", "-v", "-s", filepath.Join(here, "tests"))
		cmd.Dir = workDir
		cmd.Env = append(env, "PYTHONPATH="+pythonPath)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		t.Log(out.String())
		if err != nil {
			t.Fatalf("the Python tests failed: %v", err)
		}
		// -X dev shows unclosed files and pipes as warnings: there must be none.
		if strings.Contains(out.String(), "ResourceWarning") {
			t.Errorf("the Python tests leave resources open")
		}
	}

	t.Run("source", func(t *testing.T) { unittest(t, here, here) })

	t.Run("installed", func(t *testing.T) {
		if exec.Command(python, "-m", "pip", "--version").Run() != nil {
			t.Skip("pip is not available")
		}
		target := filepath.Join(dir, "site")
		pip := exec.Command(python, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--disable-pip-version-check", "--target", target, here)
		pip.Env = env
		if out, err := pip.CombinedOutput(); err != nil {
			t.Fatalf("pip install --no-build-isolation ./python: %v\n%s", err, out)
		}
		where := exec.Command(python, "-c", "import maxmatch, maxmatch._source; print(maxmatch.__file__); print(maxmatch._source.SOURCE_DIR)")
		where.Dir = dir
		where.Env = append(env, "PYTHONPATH="+target)
		out, err := where.Output()
		if err != nil {
			t.Fatalf("importing the installed package: %v", err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], target) || lines[1] != filepath.Dir(here) {
			t.Fatalf("the installed package is %q, its source %q; want it under %s, from %s", lines[0], lines[len(lines)-1], target, filepath.Dir(here))
		}
		unittest(t, target, dir)
	})
}
