// Package lint runs staticcheck over the whole module as a test, so that go test ./... fails on
// any finding. It has no code of its own.
package lint

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"maxmatch/internal/testinputs"
)

// root is the module's root, from this package's directory.
const root = "../.."

// TestStaticcheck runs staticcheck, at the version go.mod's tool line pins (go tool
// staticcheck), on every package of the module with its default checks, and fails with what it
// reports. It skips only where staticcheck's module can be neither found in the module cache
// nor downloaded; a staticcheck that does not build from it (go.mod not tidy, say) fails. A
// run with nothing changed takes seconds (staticcheck keeps what it found per package); one
// after a change in a low package checks every package above it again.
func TestStaticcheck(t *testing.T) {
	testinputs.Repository(root)
	if out, err := goCommand("mod", "download", "honnef.co/go/tools"); err != nil {
		t.Skipf("staticcheck cannot be built: its module is neither in the module cache nor downloadable (go mod download: %v); the module is not checked\n%s", err, out)
	}
	// go tool -n builds the tool (or finds it in the build cache) and prints its path without
	// running it, which tells a tool that does not build from one that reports findings.
	path, err := goCommand("tool", "-n", "staticcheck")
	if err != nil {
		t.Fatalf("go tool -n staticcheck: %v\n%s", err, path)
	}
	check := exec.Command(strings.TrimSpace(string(path)), "./...")
	check.Dir = root
	// staticcheck loads the packages compiled for their export data, and keeps its findings
	// per package, both under keys that hold the checkout's directory unless the paths are
	// trimmed: a new clone (CI's) then checks every package again, 38 s of a 2-CPU machine's
	// wall against 1 s with -trimpath, whose compiled packages the command's test builds
	// (internal/testbuild, release) share.
	check.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -trimpath"))
	if out, err := check.CombinedOutput(); err != nil {
		t.Errorf("staticcheck ./... (%v):\n%s", err, out)
	}
}

// goCommand runs the go command with args in the module's root and returns its standard output,
// or, when it fails, its standard error.
func goCommand(args ...string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Stderr = root, &stderr
	out, err := cmd.Output()
	if err != nil {
		return stderr.Bytes(), err
	}
	return out, nil
}
