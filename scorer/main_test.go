package scorer_test

import (
	"os"
	"testing"

	"maxmatch/internal/gctarget"
)

// TestMain runs the tests under the garbage collector's target of the maxmatch command, which
// scores with this package, unless GOGC says otherwise, as the benchmarks do: the tests score
// the CoNLL-2014 files many times over, here and in the arm64 build of these tests run under
// qemu, and no figure they check depends on the target.
func TestMain(m *testing.M) {
	gctarget.Set()
	os.Exit(m.Run())
}
