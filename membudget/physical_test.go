package membudget

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"maxmatch/internal/testinputs"
)

// TestSysctlUint64 decodes hw.memsize as syscall.Sysctl returns it on macOS.
func TestSysctlUint64(t *testing.T) {
	tests := []struct {
		value string
		want  uint64
		ok    bool
		why   string
	}{
		{"\x00\x00\x00\x00\x04\x00\x00", 16 << 30, true, "16 GiB: its last byte, 0, cut as a C string's NUL"},
		{"\x00\x00\x00\x00\x04\x00\x00\x01", 1<<56 | 16<<30, true, "a last byte that is not 0 stays"},
		{"\x00\x10\x00\x00\x00\x00\x00", 1 << 12, true, "more zero bytes at the end than the one cut"},
		{"\x01\x02", 0, false, "too short for a 64-bit integer: an error, not a small figure"},
		{"\x00\x00\x00\x00\x04\x00\x00\x00\x00", 0, false, "too long"},
		{"", 0, false, "nothing"},
	}
	for _, tt := range tests {
		got, err := sysctlUint64("hw.memsize", tt.value)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("%s: %d, %v; want %d (ok %v)", tt.why, got, err, tt.want, tt.ok)
		}
	}
}

// TestMemoryStatusExLayout: the structure GlobalMemoryStatusEx fills is MEMORYSTATUSEX's 64
// bytes, TotalPhys at offset 8, on this architecture as on Windows' own (every field is a
// fixed-size integer).
func TestMemoryStatusExLayout(t *testing.T) {
	var st memoryStatusEx
	if size, off := unsafe.Sizeof(st), unsafe.Offsetof(st.TotalPhys); size != 64 || off != 8 {
		t.Errorf("size %d, TotalPhys at %d; want 64 and 8", size, off)
	}
	if off := unsafe.Offsetof(st.AvailExtendedVirtual); off != 56 {
		t.Errorf("AvailExtendedVirtual at %d, want 56", off)
	}
}

// TestPhysicalMemory reads this machine's memory, where there is a way to.
func TestPhysicalMemory(t *testing.T) {
	n, what, err := physicalMemory()
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "windows" {
		t.Skipf("%s: %d, %q, %v", runtime.GOOS, n, what, err)
	}
	if err != nil || n < 64<<20 || what == "" {
		t.Errorf("physicalMemory() = %d, %q, %v; want a figure of at least 64 MB and where it comes from", n, what, err)
	}
}

// TestBuildsForOtherSystems vets this package for macOS and Windows (whose physical memory it
// reads with their own calls) and compiles every package of the module for them (go list
// -export compiles each package and links none: go build ./... would link the module's eight
// programs for each system, nine tenths of the CPU, and the release's test links the command for
// both). Skipped under -short, and where the go command is not found. It compiles as the release
// builds its commands for these platforms (static, -trimpath), so that the standard library and
// the packages the command holds are compiled once for both tests, and a clone elsewhere finds
// them in Go's build cache (-trimpath keeps the directory out of its keys).
func TestBuildsForOtherSystems(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles: skipped under -short")
	}
	// go test puts the go command that runs it first on PATH.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH: %v", err)
	}
	testinputs.Repository("..")
	for _, target := range []struct{ goos, goarch string }{{"darwin", "arm64"}, {"windows", "amd64"}} {
		for _, args := range [][]string{{"vet", "-trimpath", "./membudget"}, {"list", "-trimpath", "-export", "-f", "{{if .Error}}{{.Error}}{{end}}", "./..."}} {
			cmd := exec.Command(gobin, args...)
			cmd.Dir = ".."
			cmd.Env = append(os.Environ(), "GOOS="+target.goos, "GOARCH="+target.goarch, "CGO_ENABLED=0")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("GOOS=%s GOARCH=%s go %s: %v\n%s", target.goos, target.goarch, strings.Join(args, " "), err, out)
			}
		}
	}
}
