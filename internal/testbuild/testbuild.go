// Package testbuild builds the maxmatch command from this checkout for the tests that run it as
// a program of their own (the Python package's, the documentation's): once per test binary, and
// always with the same flags, so that Go's build cache, which keeps linked programs too, gives
// the second test binary that asks the first one's link.
package testbuild

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"maxmatch/internal/testinputs"
)

// Env is how the command is built here, and how the tests' own go commands should build (the
// documentation's "go run ./cmd/maxmatch"): static and -trimpath, as the Python package's build
// backend and the release build it, so that Go's build cache serves one to another, and without
// version information (-buildvcs=false), so that a signature reads version:NUMBER+devel in any
// checkout.
var Env = []string{"CGO_ENABLED=0", "GOFLAGS=-buildvcs=false -trimpath"}

var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

// Command returns the path of the command built from the module whose root is root (go build
// ./cmd/maxmatch, with Env), alone in its directory; the first call builds it. A test binary
// that calls it removes it with Main.
func Command(t testing.TB, root string) string {
	t.Helper()
	built.once.Do(func() {
		testinputs.Repository(root)
		if built.dir, built.err = os.MkdirTemp("", "maxmatch-test-command-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "maxmatch")
		build := exec.Command("go", "build", "-o", built.bin, "./cmd/maxmatch")
		build.Dir, build.Env = root, append(os.Environ(), Env...)
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build ./cmd/maxmatch: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// Main runs the tests and removes the command Command built: call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
