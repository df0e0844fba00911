// Package pyenv is what the tests that install the Python package as a user would share: a
// fresh virtual environment, and a PATH without Go, so that what runs there runs without it.
package pyenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Venv makes a fresh virtual environment in dir with python and returns its directory of
// programs and the command line of a pip that installs into it; it skips the test when python
// cannot make one. The environment is made without pip (installing pip into it is most of the
// cost of making one): python's own pip installs into it (pip --python, pip 22.3 and later),
// else pip is installed into it as venv would.
func Venv(t *testing.T, python, dir string) (bin string, pip []string) {
	t.Helper()
	if out, err := exec.Command(python, "-m", "venv", "--without-pip", dir).CombinedOutput(); err != nil {
		t.Skipf("%s -m venv cannot make a virtual environment here: %v\n%s", python, err, out)
	}
	bin = filepath.Join(dir, "bin")
	if runtime.GOOS == "windows" {
		bin = filepath.Join(dir, "Scripts")
	}
	venvPython := filepath.Join(bin, "python")
	pip = []string{python, "-m", "pip", "--python", venvPython}
	if exec.Command(pip[0], append(pip[1:], "--version")...).Run() == nil {
		return bin, pip
	}
	if out, err := exec.Command(venvPython, "-m", "ensurepip", "--default-pip").CombinedOutput(); err != nil {
		t.Skipf("%s has no pip that installs into a virtual environment: %v\n%s", python, err, out)
	}
	return bin, []string{venvPython, "-m", "pip"}
}

// PathWithout returns PATH without the directories that hold any of the programs named.
func PathWithout(programs ...string) string {
	var keep []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		held := false
		for _, p := range programs {
			if _, err := os.Stat(filepath.Join(d, p)); err == nil {
				held = true
			}
		}
		if !held {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}
