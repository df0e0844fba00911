package benchcases

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) the process has used so far (see the Unix
// version), from GetProcessTimes.
func CPUTime() time.Duration {
	var creation, exit, kernel, user syscall.Filetime
	self, err := syscall.GetCurrentProcess()
	if err == nil {
		err = syscall.GetProcessTimes(self, &creation, &exit, &kernel, &user)
	}
	if err != nil {
		return 0
	}
	// A duration in a FILETIME counts 100-nanosecond intervals.
	ticks := func(ft syscall.Filetime) int64 { return int64(ft.HighDateTime)<<32 | int64(ft.LowDateTime) }
	return time.Duration((ticks(kernel) + ticks(user)) * 100)
}
