//go:build unix

package membudget

import (
	"math"
	"syscall"
)

// addressSpace returns half of what remains of RLIMIT_AS (at least 1 byte), if there is one.
func addressSpace() (int64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur >= math.MaxInt64 {
		return 0, false
	}
	// The Go runtime reserves address space it does not use (a gigabyte or so at start, on
	// 64-bit Linux): what counts is what remains of the limit.
	reserved, _ := procKB("/proc/self/status", "VmSize")
	return max((int64(rl.Cur)-reserved)/2, 1), true
}
