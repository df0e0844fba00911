//go:build unix

package proc

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// errUnsupported is nil: Unix has what Run needs.
var errUnsupported error

// inOwnGroup starts cmd in a process group of its own, killed whole when its context ends.
func inOwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// usage sets the CPU time, peak memory and minor page faults of s from wait4's rusage.
func usage(ps *os.ProcessState, s *Sample) {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru != nil {
		s.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		s.MaxRSS = ru.Maxrss * 1024 // kilobytes on Linux
		s.MinFlt = ru.Minflt
	}
}
