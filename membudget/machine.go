package membudget

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// DefaultFraction is the share of the machine's memory that the default budget takes: half,
// leaving the other half to the rest of the machine (on a shared one, other jobs; and the Go
// runtime's own headroom over the bytes we account: garbage not yet collected, fragments).
const DefaultFraction = 0.5

// Machine returns the most memory a budget may have in this process, and where the figure
// comes from: the smallest of the physical memory (see physicalMemory), the cgroup's
// limit (v2 memory.max or v1 memory.limit_in_bytes), and half of what remains of the
// address-space limit (RLIMIT_AS, as prlimit --as sets it), read once per process. Half, because the address space
// counts what the Go runtime has reserved and freed as well as what it uses: freed memory
// returned to the system keeps its addresses, and a large allocation that no freed range fits
// takes new ones. ok is false when none could be read.
func Machine() (bytes int64, source string, ok bool) {
	m, ok := machine()
	return m.bytes, m.source, ok
}

// machine is Machine, and whether the figure is the address-space limit's share. It is read
// once, at the first call (the address space reserved grows as the process runs, and one run
// must give one figure everywhere).
var machine = sync.OnceValues(func() (machineMemory, bool) {
	m := readMachine()
	return m, m.ok
})

type machineMemory struct {
	bytes  int64
	source string
	fromAS bool
	ok     bool
}

func readMachine() (m machineMemory) {
	m.bytes = math.MaxInt64
	consider := func(n int64, what string, as bool) {
		if n > 0 && n < m.bytes {
			m = machineMemory{bytes: n, source: what, fromAS: as, ok: true}
		}
	}
	if n, what, err := physicalMemory(); err == nil {
		consider(n, what, false)
	}
	for _, f := range cgroupLimitFiles() {
		if n, err := readLimit(f); err == nil {
			consider(n, f, false)
		}
	}
	if n, ok := addressSpace(); ok {
		consider(n, "half of what remains of the address-space limit, RLIMIT_AS", true)
	}
	return m
}

// procKB reads the figure of a "Key:   N kB" line of a /proc file (meminfo, status), in bytes.
func procKB(path, key string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if fields := strings.Fields(line); len(fields) >= 2 && fields[0] == key+":" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("%s: no %s line", path, key)
}

// Default returns the default budget and a phrase saying where it comes from: DefaultFraction
// of the physical memory or the cgroup's limit, or Machine's share of the address-space limit
// when that is less (1 GB when nothing can be read).
func Default() (int64, string) {
	m, ok := machine()
	switch {
	case !ok:
		return 1 << 30, "1 GB: the machine's memory could not be read"
	case m.fromAS:
		return m.bytes, m.source
	}
	return int64(float64(m.bytes) * DefaultFraction), fmt.Sprintf("%.0f%% of %s, %s", 100*DefaultFraction, Bytes(m.bytes), m.source)
}

// cgroupLimitFiles lists the files that may hold this process's cgroup memory limit: those of
// its own cgroup (from /proc/self/cgroup) and those at the root of the mounts, which is where
// a container sees its own cgroup.
func cgroupLimitFiles() []string {
	const root = "/sys/fs/cgroup"
	files := []string{
		filepath.Join(root, "memory.max"),
		filepath.Join(root, "unified", "memory.max"),
		filepath.Join(root, "memory", "memory.limit_in_bytes"),
	}
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return files
	}
	for _, line := range strings.Split(string(data), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 || parts[2] == "/" {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			files = append(files, filepath.Join(root, parts[2], "memory.max"), filepath.Join(root, "unified", parts[2], "memory.max"))
		case strings.Contains(","+parts[1]+",", ",memory,"):
			files = append(files, filepath.Join(root, "memory", parts[2], "memory.limit_in_bytes"))
		}
	}
	return files
}

// readLimit reads a cgroup limit file: a number of bytes, or "max" (no limit, an error here).
func readLimit(path string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	s := strings.TrimSpace(string(data))
	if s == "max" {
		return 0, fmt.Errorf("%s: no limit", path)
	}
	return strconv.ParseInt(s, 10, 64)
}

// MaxBytes is the largest size ParseBytes reads, 8388607T: a whole number of the largest unit
// below 2⁶³ bytes, so that every size Bytes writes reads back, and one whose float64 is exact.
const MaxBytes int64 = (1<<23 - 1) << 40

// SizeRangeError is a size ParseBytes reads, but which is not from 0 to MaxBytes bytes.
type SizeRangeError struct {
	Size    string // as given
	Problem string // "too large: at most …", "less than one byte"
}

func (e *SizeRangeError) Error() string { return fmt.Sprintf("%q is %s", e.Size, e.Problem) }

// ParseBytes reads a size: a number of bytes, or a number (decimals allowed) followed by a unit
// K, M, G or T (also KB, KiB…, any case), each 1024 times the one before; at most MaxBytes.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.ToUpper(strings.TrimSpace(t[i:]))
	v, err := strconv.ParseFloat(num, 64)
	if num == "" || err != nil {
		return 0, fmt.Errorf("%q is not a size: expected a number of bytes, or a number followed by K, M, G or T (for example 500M, 2G)", s)
	}
	unit = strings.TrimSuffix(strings.TrimSuffix(unit, "B"), "I")
	shift := map[string]uint{"": 0, "K": 10, "M": 20, "G": 30, "T": 40}
	sh, ok := shift[unit]
	if !ok {
		return 0, fmt.Errorf("%q: unknown unit %q: expected K, M, G or T (for example 500M, 2G)", s, strings.TrimSpace(t[i:]))
	}
	tooLarge := &SizeRangeError{s, fmt.Sprintf("too large: at most %dT (%d bytes)", MaxBytes>>40, MaxBytes)}
	if unit == "" && !strings.Contains(num, ".") {
		// A number of bytes is read as it is written, not rounded to a float64's 53 bits.
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil || n > MaxBytes {
			return 0, tooLarge
		}
		return n, nil
	}
	v *= float64(uint64(1) << sh)
	switch {
	case v > float64(MaxBytes):
		return 0, tooLarge
	case v > 0 && v < 1:
		return 0, &SizeRangeError{s, "less than one byte"}
	}
	return int64(v), nil
}
