// Package proc runs a command and measures it: wall time, CPU time and peak memory from wait4's
// rusage, with a time limit that kills its whole process group.
//
// Linux starts a child from Go's vfork-style clone with the parent's memory, and records that
// memory's high-water mark in the child's ru_maxrss at exec: a large parent inflates every child's
// peak. So the harness does not measure its children itself: it runs the small spawn command
// (proc/spawn), whose own peak is a few megabytes, and that runs and measures the target.
package proc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"syscall"
	"time"
)

// Status is how a measured run ended.
type Status string

const (
	StatusOK      Status = "ok"
	StatusTimeout Status = "timeout" // killed at the time limit: the true time is longer
	StatusSkipped Status = "skipped" // not run: a smaller case of the family already timed out
	StatusFailed  Status = "failed"  // non-zero exit
)

// Sample is one measured run of a command (or, for in-process timings, Wall only).
type Sample struct {
	Wall   time.Duration `json:"wall"`
	CPU    time.Duration `json:"cpu"`    // user + system, of the process and the children it waited for
	MaxRSS int64         `json:"maxrss"` // peak resident set, bytes
	// MinFlt counts the minor page faults: pages the process touched for the first time (its
	// fresh memory). Where a first touch is slow, as in some virtual machines, they cost time
	// that no in-process measurement of warm code sees.
	MinFlt int64  `json:"minflt"`
	Status Status `json:"status"`
}

// OK reports whether the run finished normally.
func (s Sample) OK() bool { return s.Status == StatusOK }

// Run runs argv (with env added to the inherited environment) until it exits or the
// timeout passes, and measures it from wait4's rusage. The process gets its own process group,
// which is killed whole at the timeout. stdout is returned; stderr goes into the error of a
// failed run.
func Run(argv []string, env []string, timeout time.Duration) (Sample, []byte, error) {
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(cmd.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	s := Sample{Wall: time.Since(start), Status: StatusOK}
	if cmd.ProcessState == nil { // it did not start
		s.Status = StatusFailed
		return s, nil, err
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru != nil {
		s.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		s.MaxRSS = ru.Maxrss * 1024 // kilobytes on Linux
		s.MinFlt = ru.Minflt
	}
	switch {
	case err == nil:
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		s.Status = StatusTimeout
		return s, stdout.Bytes(), nil
	default:
		s.Status = StatusFailed
		msg := bytes.TrimSpace(stderr.Bytes())
		if len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		return s, stdout.Bytes(), fmt.Errorf("%s: %v: %s", argv[0], err, msg)
	}
	return s, stdout.Bytes(), nil
}

// Result is what the spawn command reports.
type Result struct {
	Sample Sample `json:"sample"`
	Stdout string `json:"stdout"`
	Error  string `json:"error,omitempty"`
}

// Spawner runs commands through the spawn binary at Path.
type Spawner struct{ Path string }

// Run measures argv through the spawner; see the package documentation for why.
func (sp Spawner) Run(argv []string, timeout time.Duration) (Sample, []byte, error) {
	args := append([]string{timeout.String()}, argv...)
	out, err := exec.Command(sp.Path, args...).Output()
	if err != nil {
		return Sample{Status: StatusFailed}, nil, fmt.Errorf("%s: %v", sp.Path, err)
	}
	var res Result
	if err := json.Unmarshal(out, &res); err != nil {
		return Sample{Status: StatusFailed}, nil, fmt.Errorf("%s: %v", sp.Path, err)
	}
	if res.Error != "" {
		return res.Sample, []byte(res.Stdout), errors.New(res.Error)
	}
	return res.Sample, []byte(res.Stdout), nil
}
