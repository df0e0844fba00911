package stats

import (
	"strings"
	"testing"

	"maxmatch/internal/testbuild"
)

// TestStatsOnArm64 runs the tests of the figures the reports print under arm64 emulation, where
// a fused multiply-add would change their last digits: the standard errors, and the examples'
// intervals and p-values.
func TestStatsOnArm64(t *testing.T) {
	out := testbuild.RunOnArm64(t, `^(TestStdErrIsPythons|Example.*)$`)
	if !strings.Contains(out, "--- PASS: TestStdErrIsPythons ") {
		t.Errorf("TestStdErrIsPythons did not pass under qemu-aarch64:\n%s", out)
	}
	t.Logf("under qemu-aarch64: %d tests and examples passed", strings.Count(out, "--- PASS"))
}
