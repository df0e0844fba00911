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
// programs; it skips the test when python cannot make one.
func Venv(t *testing.T, python, dir string) string {
	t.Helper()
	if out, err := exec.Command(python, "-m", "venv", dir).CombinedOutput(); err != nil {
		t.Skipf("%s -m venv cannot make a virtual environment here: %v\n%s", python, err, out)
	}
	if runtime.GOOS == "windows" {
		return filepath.Join(dir, "Scripts")
	}
	return filepath.Join(dir, "bin")
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
