package membudget

import (
	"fmt"
	"math"
	"syscall"
	"unsafe"
)

var globalMemoryStatusEx = syscall.NewLazyDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")

// physicalMemory returns the machine's physical memory, GlobalMemoryStatusEx's TotalPhys.
func physicalMemory() (int64, string, error) {
	const name = "GlobalMemoryStatusEx"
	if err := globalMemoryStatusEx.Find(); err != nil {
		return 0, "", err
	}
	st := memoryStatusEx{Length: uint32(unsafe.Sizeof(memoryStatusEx{}))}
	if ok, _, err := globalMemoryStatusEx.Call(uintptr(unsafe.Pointer(&st))); ok == 0 {
		return 0, "", fmt.Errorf("%s: %w", name, err)
	}
	return int64(min(st.TotalPhys, math.MaxInt64)), "TotalPhys of " + name, nil
}
