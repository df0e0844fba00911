package testbuild

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// RunOnArm64 builds the tests of the package in the working directory for arm64 and runs those
// that match the pattern run under qemu-aarch64 (Debian's qemu-user), returning what they print
// (-test.v). On arm64 the Go compiler fuses a multiply and an add into one instruction, which
// rounds once, unless an explicit conversion forbids it: this is where a figure would come out
// other than on amd64. It skips the test on arm64 itself (the tests run natively there), with
// -short, and where qemu-aarch64 is not installed; it fails it when the tests fail.
func RunOnArm64(t *testing.T, run string) string {
	t.Helper()
	if runtime.GOARCH == "arm64" {
		t.Skip("on arm64 the tests run natively")
	}
	if testing.Short() {
		t.Skip("-short: the arm64 build and emulated run of the tests take a minute")
	}
	qemu, err := exec.LookPath("qemu-aarch64")
	if err != nil {
		t.Skip("qemu-aarch64 not found (Debian's qemu-user): the tests are not run under arm64 emulation")
	}
	// go test puts the go command that runs it first on PATH.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "arm64.test")
	// -trimpath, as the release builds its linux/arm64 command: the standard library compiled
	// for arm64 is shared with the release's test through Go's build cache.
	build := exec.Command(gobin, "test", "-c", "-trimpath", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOARCH=arm64", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the tests for arm64: %v\n%s", err, out)
	}
	out, err := exec.Command(qemu, bin, "-test.run", run, "-test.count=1", "-test.v").CombinedOutput()
	if err != nil {
		t.Fatalf("the tests %s under qemu-aarch64 (GOARCH=arm64): %v\n%s", run, err, out)
	}
	return string(out)
}
