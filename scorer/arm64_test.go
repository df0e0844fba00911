package scorer_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// exactnessTests are the tests that compare our figures with the official scorer's: the
// rounding of F_β, P, R and the annotator tie-break, the CoNLL-2014 figures sentence by
// sentence, the levels' figures, and the examples. TestLevelsCoNLL2014 is not among them: what
// it asserts are counts of the annotator chosen in each sentence, whose choice, counts and edits
// TestCoNLL2014MatchesOfficial checks against the official's for every gold file (under qemu it
// cost a quarter of the run, 4 s of CPU).
const exactnessTests = `^(Test.*RoundsAsTheOfficial|TestCoNLL2014MatchesOfficial|TestLevels|TestLevelCountsPRF|TestCountsPRF|TestScoreSentence|Example.*)$`

// TestExactnessOnArm64 builds this package's tests for arm64 and runs its exactness tests
// under qemu-aarch64 (Debian's qemu-user). On arm64 the Go compiler fuses a multiply and an add
// into one instruction (FMADDD), which rounds once where Python's floats round twice, unless an
// explicit conversion forbids it: this is where such code would give other figures than the
// official's. It is skipped on arm64 itself (the tests run natively there), with -short, and
// where qemu-aarch64 is not installed.
func TestExactnessOnArm64(t *testing.T) {
	if runtime.GOARCH == "arm64" {
		t.Skip("on arm64 the exactness tests run natively")
	}
	if testing.Short() {
		t.Skip("-short: the arm64 build and emulated run of the exactness tests take a minute")
	}
	qemu, err := exec.LookPath("qemu-aarch64")
	if err != nil {
		t.Skip("qemu-aarch64 not found (Debian's qemu-user): the exactness tests are not run under arm64 emulation")
	}
	// go test puts the go command that runs it first on PATH.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "scorer.test")
	// -trimpath, as the release builds its linux/arm64 command: the standard library compiled
	// for arm64 is shared with the release's test through Go's build cache.
	build := exec.Command(gobin, "test", "-c", "-trimpath", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOARCH=arm64", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the scorer's tests for arm64: %v\n%s", err, out)
	}
	run := exec.Command(qemu, bin, "-test.run", exactnessTests, "-test.count=1", "-test.v")
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("the scorer's exactness tests under qemu-aarch64 (GOARCH=arm64): %v\n%s", err, out)
	}
	for _, name := range []string{"TestFBetaRoundsAsTheOfficial", "TestPRFRoundsAsTheOfficial", "TestChooseRoundsAsTheOfficial"} {
		if !strings.Contains(string(out), "--- PASS: "+name+" ") {
			t.Errorf("%s did not pass under qemu-aarch64:\n%s", name, out)
		}
	}
	t.Logf("under qemu-aarch64: %d tests and examples passed, %d skipped", strings.Count(string(out), "--- PASS"), strings.Count(string(out), "--- SKIP"))
}
