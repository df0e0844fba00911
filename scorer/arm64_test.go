package scorer_test

import (
	"strings"
	"testing"

	"maxmatch/internal/testbuild"
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
// official's (testbuild.RunOnArm64 says when it is skipped).
func TestExactnessOnArm64(t *testing.T) {
	out := testbuild.RunOnArm64(t, exactnessTests)
	for _, name := range []string{"TestFBetaRoundsAsTheOfficial", "TestPRFRoundsAsTheOfficial", "TestChooseRoundsAsTheOfficial"} {
		if !strings.Contains(string(out), "--- PASS: "+name+" ") {
			t.Errorf("%s did not pass under qemu-aarch64:\n%s", name, out)
		}
	}
	t.Logf("under qemu-aarch64: %d tests and examples passed, %d skipped", strings.Count(string(out), "--- PASS"), strings.Count(string(out), "--- SKIP"))
}
