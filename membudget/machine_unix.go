//go:build unix

package membudget

import (
	"math"
	"syscall"
)

// heapGrowth is the address space the Go runtime needs beyond what it has reserved to grow its
// heap at all: it reserves heap address space 64 MB at a time (an arena, on 64-bit Linux) with
// its metadata, so with less than that left the first growth fails — the runtime's own fatal
// "out of memory", measured at 75 MB left, which no budget of the program can catch. Two
// arenas' worth is kept out of the budget.
const heapGrowth = 128 << 20

// addressSpace returns half of what remains of RLIMIT_AS (at least 1 byte), if there is one.
func addressSpace() (int64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur >= math.MaxInt64 {
		return 0, false
	}
	// The Go runtime reserves address space it does not use (a gigabyte or so at start, on
	// 64-bit Linux): what counts is what remains of the limit, less what the runtime takes to
	// grow its heap at all (heapGrowth).
	reserved, _ := procKB("/proc/self/status", "VmSize")
	return max((int64(rl.Cur)-reserved-heapGrowth)/2, 1), true
}
