//go:build unix

package benchcases

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) the process has used so far. On a shared
// machine, where wall times vary with the load of others, the CPU time of an operation varies
// much less: benchmarks report it per operation beside ns/op.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
