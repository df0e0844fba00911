package membudget

import (
	"encoding/binary"
	"fmt"
)

// The decoding of what each system's call for the physical memory returns, here for every
// system so that its tests run anywhere.

// sysctlUint64 decodes the value of a sysctl of type uint64 (macOS's hw.memsize) as
// syscall.Sysctl returns it: the integer's 8 bytes in the machine's order (little-endian on
// every machine macOS runs on), the last one dropped when it is zero (Sysctl takes the value
// for a C string and cuts its final NUL).
func sysctlUint64(name, value string) (uint64, error) {
	b := []byte(value)
	if len(b) == 7 {
		b = append(b, 0)
	}
	if len(b) != 8 {
		return 0, fmt.Errorf("sysctl %s: %d bytes, expected the 8 of a 64-bit integer", name, len(value))
	}
	return binary.LittleEndian.Uint64(b), nil
}

// memoryStatusEx is Windows' MEMORYSTATUSEX, which GlobalMemoryStatusEx fills: 64 bytes,
// TotalPhys at offset 8, on every Windows architecture.
type memoryStatusEx struct {
	Length               uint32 // the structure's size, set by the caller
	MemoryLoad           uint32
	TotalPhys            uint64
	AvailPhys            uint64
	TotalPageFile        uint64
	AvailPageFile        uint64
	TotalVirtual         uint64
	AvailVirtual         uint64
	AvailExtendedVirtual uint64
}
