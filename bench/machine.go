package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Machine describes where a run happened.
type Machine struct {
	CPU       string // model name from /proc/cpuinfo
	Cores     int    // logical CPUs
	Memory    string // MemTotal from /proc/meminfo
	Kernel    string
	GoVersion string
	Commit    string // the repository's commit, "+dirty" when the work tree has changes
	LoadStart string // /proc/loadavg when the run started
	// FirstTouch is the time to touch one fresh 4 KiB page of anonymous memory for the first
	// time (the page fault and zeroing), the median of firstTouchRounds probes; 0 if unmeasured.
	// A command pays it for every page it touches; warm in-process loops do not.
	FirstTouch time.Duration
}

func readMachine(root string) Machine {
	m := Machine{Cores: runtime.NumCPU(), GoVersion: runtime.Version(), CPU: procField("/proc/cpuinfo", "model name"),
		Memory: procField("/proc/meminfo", "MemTotal"), Kernel: runtime.GOOS + "/" + runtime.GOARCH, FirstTouch: firstTouch(firstTouchBytes, firstTouchRounds)}
	if kb, ok := strings.CutSuffix(m.Memory, " kB"); ok {
		if n, err := strconv.ParseFloat(kb, 64); err == nil {
			m.Memory = fmt.Sprintf("%.1f GiB", n/(1<<20))
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.Kernel = "Linux " + strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			m.LoadStart = strings.Join(f[:3], " ")
		}
	}
	if out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output(); err == nil {
		m.Commit = strings.TrimSpace(string(out))
		if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
			m.Commit += "+dirty"
		}
	}
	return m
}

// procField returns the value of the first "key : value" line of a /proc file.
func procField(path, key string) string {
	f, err := os.Open(path)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.Join(strings.Fields(v), " ")
		}
	}
	return "unknown"
}

const (
	pageSize         = 4096
	firstTouchBytes  = 32 << 20
	firstTouchRounds = 5
)
