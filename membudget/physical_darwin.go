package membudget

import (
	"fmt"
	"math"
	"syscall"
)

// physicalMemory returns the machine's physical memory, sysctl's hw.memsize.
func physicalMemory() (int64, string, error) {
	const name = "hw.memsize"
	value, err := syscall.Sysctl(name)
	if err != nil {
		return 0, "", fmt.Errorf("sysctl %s: %w", name, err)
	}
	n, err := sysctlUint64(name, value)
	if err != nil {
		return 0, "", err
	}
	return int64(min(n, math.MaxInt64)), "sysctl " + name, nil
}
