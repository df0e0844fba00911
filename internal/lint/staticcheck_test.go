// Package lint runs staticcheck over the whole module as a test, so that go test ./... fails on
// any finding. It has no code of its own.
package lint

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"maxmatch/internal/testinputs"
)

// root is the module's root, from this package's directory.
const root = "../.."

// TestStaticcheck runs staticcheck, at the version go.mod's tool line pins (go tool
// staticcheck), on every package of the module with its default checks, and fails with what it
// reports. It skips only where staticcheck cannot be built: offline with the module missing
// from the module cache. A run with nothing changed takes seconds (staticcheck keeps what it
// found per package); one after a change in a low package rechecks everything above it.
func TestStaticcheck(t *testing.T) {
	testinputs.Repository(root)
	// go tool -n builds the tool (or finds it in the build cache) and prints its path without
	// running it, which tells a tool that cannot be built from one that reports findings.
	var stderr bytes.Buffer
	find := exec.Command("go", "tool", "-n", "staticcheck")
	find.Dir, find.Stderr = root, &stderr
	path, err := find.Output()
	if err != nil {
		t.Skipf("staticcheck cannot be built (go tool -n staticcheck: %v): the module is not checked\n%s", err, stderr.Bytes())
	}
	check := exec.Command(strings.TrimSpace(string(path)), "./...")
	check.Dir = root
	if out, err := check.CombinedOutput(); err != nil {
		t.Errorf("staticcheck ./... (%v):\n%s", err, out)
	}
}
