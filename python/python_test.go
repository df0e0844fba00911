// Package python holds the Python package maxmatch (standard library only) and its build
// backend; these tests run the package's unittest suite, so that "go test ./..." covers it (from
// the source tree, and as installed by "pip install ./python"), and install it as a user would:
// the wheel of this machine's platform, built from the source distribution, in a fresh virtual
// environment without Go or the repository; and an editable install without setuptools.
package python

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"maxmatch/internal/pyenv"
	"maxmatch/internal/testbuild"
	"maxmatch/internal/testinputs"
)

// python3 returns the Python to test with, python3 on PATH as the program it runs as (not a
// version manager's shim), skipping the test without one.
func python3(t *testing.T) string {
	t.Helper()
	testinputs.Repository("..")
	python := pyenv.Interpreter("python3")
	if python == "" {
		t.Skip("python3 is not on PATH, or does not run")
	}
	return python
}

// here returns this directory, python/ in the repository.
func here(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// run runs a command and returns its stdout, failing the test with its output when it fails.
func run(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(cmd.Args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func TestMain(m *testing.M) { testbuild.Main(m) }

// command returns the path of the command built from this checkout, once per test binary, for
// the tests that give it to the package as MAXMATCH_BIN (TestPythonPackage, TestDaskRecipe).
func command(t *testing.T) string {
	t.Helper()
	return testbuild.Command(t, filepath.Dir(here(t)))
}

func TestPythonPackage(t *testing.T) {
	t.Parallel()
	python := python3(t)
	here := here(t)
	dir := t.TempDir()
	bin := command(t)
	// testbuild.Env: the package's TestBuild, which runs go build ./cmd/maxmatch as a user's
	// package would, then builds with the flags of the command the tests share, so that Go's
	// build cache has its packages compiled (in a fresh clone, a build with the default flags
	// compiles them all again: 14 s of CPU).
	env := append(append(os.Environ(), testbuild.Env...), "MAXMATCH_BIN="+bin, "MAXMATCH_TEST_BUILD=1", "PYTHONDONTWRITEBYTECODE=1")

	// unittest runs the package's unittest suite with args (discover's, or the tests' names with
	// tests/ on PYTHONPATH) on the package in pythonPath.
	unittest := func(t *testing.T, pythonPath, workDir string, args []string, more ...string) {
		cmd := exec.Command(python, append([]string{"-X", "dev", "-m", "unittest"}, args...)...)
		cmd.Dir = workDir
		cmd.Env = append(append(env, "PYTHONPATH="+pythonPath+string(filepath.ListSeparator)+filepath.Join(here, "tests")), more...)
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
	discover := func(pattern string) []string {
		return []string{"discover", "-v", "-s", filepath.Join(here, "tests"), "-p", pattern}
	}

	// Every test runs once. The installed copy is the source tree's Python files, copied: its
	// run runs every module but the lifecycle programs, and finds a file the installation left
	// out. The source tree's run runs what only it can: the command built with Go from the
	// checkout (TestBuild), the version read from the checkout (test_version), and the
	// lifecycle programs (tests/test_lifecycle.py), on every Python 3.8+ that pyenv has here
	// for the cases that depend on the interpreter's version (MAXMATCH_TEST_PYTHONS=versions;
	// all runs every case on every one). Without pip, the source tree's run runs every module.
	pip := exec.Command(python, "-m", "pip", "--version").Run() == nil
	t.Run("source", func(t *testing.T) {
		t.Parallel()
		tests := discover("test*.py")
		if pip {
			tests = []string{"-v", "test_lifecycle", "test_maxmatch.TestBuild", "test_maxmatch.TestSignatureAndCommand.test_version"}
		}
		unittest(t, here, here, tests, "MAXMATCH_TEST_PYTHONS=versions")
	})

	t.Run("installed", func(t *testing.T) {
		t.Parallel()
		if !pip {
			t.Skip("pip is not available")
		}
		target := filepath.Join(dir, "site")
		pip := exec.Command(python, "-m", "pip", "install", "--no-index", "--disable-pip-version-check", "--target", target, here)
		pip.Env = env
		run(t, pip)
		where := exec.Command(python, "-c", "import maxmatch, maxmatch._binary; print(maxmatch.__file__); print(maxmatch._binary.own_binary())")
		where.Dir = dir
		where.Env = append(env, "PYTHONPATH="+target)
		lines := strings.Split(strings.TrimSpace(run(t, where)), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], target) || !strings.HasPrefix(lines[1], target) {
			t.Fatalf("the installed package is %q, its command %q: want both under %s", lines[0], lines[len(lines)-1], target)
		}
		unittest(t, target, dir, discover("test_[!l]*.py")) // every module but test_lifecycle.py
	})
}

// backend runs the build backend's function call (a Python expression of b, the backend
// module) in dir, a directory with the backend in _build/, and returns what it prints.
func backend(t *testing.T, dir, call string, env []string) string {
	t.Helper()
	cmd := exec.Command(python3(t), "-c", "import sys; sys.path.insert(0, '_build'); import maxmatch_build as b; print("+call+")")
	cmd.Dir = dir
	cmd.Env = env
	return strings.TrimSpace(run(t, cmd))
}

// readmeExample returns the README's Python example and the output it states.
func readmeExample(t *testing.T, repo string) (code, output string) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- python-example -->\\s*```python\n(.*?)```\\s*prints\\s*```\n(.*?)```").FindSubmatch(text)
	if m == nil {
		t.Fatal("README.md has no Python example after <!-- python-example -->")
	}
	return string(m[1]), string(m[2])
}

// TestWheel builds the source distribution, then from it, with Go alone (no module proxy, no
// module cache), the wheel of this machine's platform; installs it with pip --no-index into a
// fresh virtual environment; and runs it there with neither go nor the repository in reach (a
// PATH without go, the working directory elsewhere, no MAXMATCH_BIN): the README's example,
// python -m maxmatch on the example files the wheel carries, the maxmatch script, and
// CoNLL-2014's CAMB through Scorer.
func TestWheel(t *testing.T) {
	t.Parallel()
	here := here(t)
	repo := filepath.Dir(here)
	tmp := t.TempDir()
	dist := filepath.Join(tmp, "dist")
	if err := os.Mkdir(dist, 0o755); err != nil {
		t.Fatal(err)
	}
	sdist := backend(t, here, "b.build_sdist("+pyString(dist)+")", os.Environ())
	unpacked := filepath.Join(tmp, "sdist")
	if err := os.Mkdir(unpacked, 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, exec.Command("tar", "xzf", filepath.Join(dist, sdist), "-C", unpacked))
	root := filepath.Join(unpacked, strings.TrimSuffix(sdist, ".tar.gz"))
	offline := append(os.Environ(), "GOPROXY=off", "GOMODCACHE="+filepath.Join(tmp, "empty-module-cache"), "GOFLAGS=")
	wheel := backend(t, root, "b.build_wheel("+pyString(dist)+")", offline)
	if want := "maxmatch-" + strings.TrimSuffix(strings.TrimPrefix(sdist, "maxmatch-"), ".tar.gz") + "-py3-none-"; !strings.HasPrefix(wheel, want) {
		t.Errorf("the wheel is %s: want %sPLATFORM.whl, the source distribution's version", wheel, want)
	}
	t.Logf("%s, %s", sdist, wheel)
	// The package says it is typed (PEP 561): py.typed is in the source distribution and the wheel.
	if _, err := os.Stat(filepath.Join(root, "maxmatch", "py.typed")); err != nil {
		t.Errorf("the source distribution has no maxmatch/py.typed: %v", err)
	}
	if w, err := zip.OpenReader(filepath.Join(dist, wheel)); err != nil {
		t.Error(err)
	} else {
		if _, err := w.Open("maxmatch/py.typed"); err != nil {
			t.Errorf("the wheel has no maxmatch/py.typed: %v", err)
		}
		w.Close()
	}

	bin, pip := pyenv.Venv(t, python3(t), filepath.Join(tmp, "venv"))
	run(t, exec.Command(pip[0], append(pip[1:], "install", "--no-index", "--disable-pip-version-check", filepath.Join(dist, wheel))...))

	work := filepath.Join(tmp, "elsewhere")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + bin + string(filepath.ListSeparator) + pyenv.PathWithout("go", "maxmatch"), "HOME=" + tmp, "PYTHONDONTWRITEBYTECODE=1"}
	in := func(name string, args ...string) *exec.Cmd {
		cmd := exec.Command(filepath.Join(bin, name), args...)
		cmd.Dir, cmd.Env = work, env
		return cmd
	}

	where := run(t, in("python", "-c", "import maxmatch, shutil; print(maxmatch.__file__); print(maxmatch.find_binary()); print(shutil.which('go'))"))
	if lines := strings.Split(strings.TrimSpace(where), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], tmp) || !strings.HasPrefix(lines[1], filepath.Join(tmp, "venv")) || lines[2] != "None" {
		t.Fatalf("in the virtual environment: package, command and go are\n%s\nwant the first two in it, go out of reach", where)
	}

	code, want := readmeExample(t, repo)
	if got := run(t, in("python", "-c", code)); got != want {
		t.Errorf("the README's example prints\n%s\nwant\n%s", got, want)
	}

	versionLine := run(t, in("maxmatch", "version"))
	if number := strings.SplitN(wheel, "-", 3)[1]; !strings.HasPrefix(versionLine, "maxmatch "+number+"\n") {
		t.Errorf("maxmatch version (the script) prints\n%s\nwant maxmatch %s, the wheel's version", versionLine, number)
	}

	examples := strings.TrimSpace(run(t, in("python", "-c", "import maxmatch; print(maxmatch.examples_dir())")))
	score := run(t, in("python", "-m", "maxmatch", "score", filepath.Join(examples, "system-a.txt"), filepath.Join(examples, "gold.m2")))
	if !regexp.MustCompile(`^Precision   : [01]\.[0-9]{4}\nRecall      : [01]\.[0-9]{4}\nF_0\.5       : [01]\.[0-9]{4}\n$`).MatchString(score) {
		t.Errorf("python -m maxmatch score SYS GOLD prints\n%s\nwant the official three lines", score)
	}

	conll := filepath.Join(repo, "..", "shared", "data", "conll14")
	if _, err := os.Stat(conll); err != nil {
		t.Skipf("CoNLL-2014 is not in %s: the wheel's score of CAMB is not checked", conll)
	}
	gold, system := filepath.Join(conll, "gold", "official-2014.combined.m2"), filepath.Join(conll, "systems", "CAMB")
	camb := run(t, in("python", "-c", `
import sys, maxmatch
with open(sys.argv[2], encoding="utf-8") as f:
    lines = f.read().split("\n")
with maxmatch.Scorer(sys.argv[1]) as m2:
    s = m2.score(lines[:len(m2)])
print("%.4f %.4f %.4f" % (s.precision, s.recall, s.f_beta))
`, gold, system))
	if camb != "0.3971 0.3010 0.3733\n" {
		t.Errorf("the wheel's Scorer gives CAMB %q, want 0.3971 0.3010 0.3733 (the official)", camb)
	}
	official := run(t, in("python", "-m", "maxmatch", "score", system, gold))
	if official != "Precision   : 0.3971\nRecall      : 0.3010\nF_0.5       : 0.3733\n" {
		t.Errorf("python -m maxmatch score CAMB GOLD prints\n%s", official)
	}
}

// TestEditableInstall installs the package editable (pip install -e ./python) in a fresh
// virtual environment without setuptools: the package then runs from this directory.
func TestEditableInstall(t *testing.T) {
	t.Parallel()
	here := here(t)
	tmp := t.TempDir()
	bin, pip := pyenv.Venv(t, python3(t), filepath.Join(tmp, "venv"))
	python := filepath.Join(bin, "python")
	// A virtual environment made without pip has no setuptools; one that pyenv.Venv had to give
	// pip (ensurepip, before Python 3.12) may have it: pip uninstalls it there, a second of CPU.
	if exec.Command(python, "-c", "import setuptools").Run() == nil {
		run(t, exec.Command(pip[0], append(pip[1:], "uninstall", "--yes", "--disable-pip-version-check", "setuptools")...))
		if exec.Command(python, "-c", "import setuptools").Run() == nil {
			t.Fatal("setuptools is still in the virtual environment")
		}
	}
	out := run(t, exec.Command(pip[0], append(pip[1:], "install", "--no-index", "--disable-pip-version-check", "-e", here)...))
	if strings.Contains(out, "setup.py") {
		t.Errorf("pip install -e went through setuptools:\n%s", out)
	}
	where := exec.Command(python, "-c", "import maxmatch; print(maxmatch.__file__); print(maxmatch.__version__)")
	where.Dir = tmp
	got := strings.Split(strings.TrimSpace(run(t, where)), "\n")
	if len(got) != 2 || got[0] != filepath.Join(here, "maxmatch", "__init__.py") || !strings.HasSuffix(got[1], "+devel") {
		t.Errorf("the editable install imports %q, version %q: want this directory's package, a development version", got[0], got[len(got)-1])
	}
}

// pyString returns s as a Python string literal.
func pyString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
