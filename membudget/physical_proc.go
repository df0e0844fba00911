//go:build !darwin && !windows

package membudget

// physicalMemory returns the machine's physical memory, from /proc/meminfo (Linux; other
// systems without it have no figure, and the default budget says so).
func physicalMemory() (int64, string, error) {
	n, err := procKB("/proc/meminfo", "MemTotal")
	return n, "MemTotal in /proc/meminfo", err
}
