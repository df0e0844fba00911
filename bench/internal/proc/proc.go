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
	"slices"
	"strconv"
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

// Spread is the median, minimum and maximum of some measurements.
type Spread struct {
	Median, Min, Max float64
	N                int
}

// SpreadOf summarises xs; the zero Spread (N = 0) when xs is empty. (benchmath's median
// interpolates, which moves the last bit of an even count's: the mean of the middle two here.)
func SpreadOf(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	return Spread{Median: (s[(n-1)/2] + s[n/2]) / 2, Min: s[0], Max: s[n-1], N: n}
}

// Options are what Run keeps of a run's output: with StdoutTail positive, only the last
// StdoutTail bytes of the standard output (Result.StdoutBytes still counts all of it), for
// commands that write hundreds of megabytes, which neither spawn nor the harness should hold.
type Options struct{ StdoutTail int }

// stderrTail is how much of a run's standard error a Result keeps: its last bytes, where a
// failing command says why, and enough for the warnings of a few hundred sentences.
const stderrTail = 64 << 10

// Run runs argv until it exits or the timeout passes, and measures it from wait4's rusage. The
// process gets its own process group, which is killed whole at the timeout. The Result has
// the standard output (or its tail, see Options), the last 64 KB of the standard error and
// the exit status, whether the run failed or not; the error is that of a failed run, with
// the end of its standard error.
func Run(argv []string, timeout time.Duration, opt Options) (Result, error) {
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	inOwnGroup(cmd)
	res, err := Measure(cmd, opt)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		res.Sample.Status = StatusTimeout
		return res, nil
	}
	return res, err
}

// Measure runs cmd (made by the caller, with its directory and environment; its standard
// output and error are Measure's) and measures it from wait4's rusage, as Run does. The
// error is that of a run that failed or did not start, with the end of its standard error.
func Measure(cmd *exec.Cmd, opt Options) (Result, error) {
	if errUnsupported != nil {
		return Result{Sample: Sample{Status: StatusFailed}}, errUnsupported
	}
	stdout, stderr := &tailBuffer{keep: opt.StdoutTail}, &tailBuffer{keep: stderrTail}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	start := time.Now()
	err := cmd.Run()
	res := Result{Sample: Sample{Wall: time.Since(start), Status: StatusOK}}
	if cmd.ProcessState == nil { // it did not start
		res.Sample.Status = StatusFailed
		return res, err
	}
	res.ExitCode = cmd.ProcessState.ExitCode()
	res.Stdout, res.StdoutBytes, res.Stderr = string(stdout.tail()), stdout.total, string(stderr.tail())
	usage(cmd.ProcessState, &res.Sample)
	if err != nil {
		res.Sample.Status = StatusFailed
		msg := bytes.TrimSpace(stderr.tail())
		if len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		return res, fmt.Errorf("%s: %v: %s", cmd.Args[0], err, msg)
	}
	return res, nil
}

// tailBuffer keeps the last keep bytes written to it (all of them when keep is 0) and counts
// them all.
type tailBuffer struct {
	keep  int
	buf   []byte
	total int64
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.total += int64(len(p))
	t.buf = append(t.buf, p...)
	if t.keep > 0 && len(t.buf) > 2*t.keep { // trimmed in steps, not at every write
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.keep:]...)
	}
	return len(p), nil
}

// tail returns the kept bytes, at most keep of them.
func (t *tailBuffer) tail() []byte {
	if t.keep > 0 && len(t.buf) > t.keep {
		return t.buf[len(t.buf)-t.keep:]
	}
	return t.buf
}

// Result is what the spawn command reports.
type Result struct {
	Sample      Sample `json:"sample"`
	Stdout      string `json:"stdout"` // all of it, or its tail (Options.StdoutTail)
	StdoutBytes int64  `json:"stdout_bytes"`
	Stderr      string `json:"stderr,omitempty"` // its last 64 KB
	ExitCode    int    `json:"exit_code"`        // -1 when killed by a signal
	Error       string `json:"error,omitempty"`
}

// Spawner runs commands through the spawn binary at Path.
type Spawner struct{ Path string }

// Run is Run through the spawner (see the package documentation for why), but a command that
// ran and failed is a measurement (its sample's status says so, its Result why), not an error:
// the error is the spawner's, or that of a command that could not start.
func (sp Spawner) Run(argv []string, timeout time.Duration, opt Options) (Result, error) {
	args := []string{"-timeout", timeout.String(), "-stdout-tail", strconv.Itoa(opt.StdoutTail)}
	out, err := exec.Command(sp.Path, append(args, argv...)...).Output()
	var res Result
	if err == nil {
		err = json.Unmarshal(out, &res)
	}
	if err != nil {
		return Result{Sample: Sample{Status: StatusFailed}}, fmt.Errorf("%s: %v", sp.Path, err)
	}
	if res.Error != "" && res.ExitCode == 0 {
		return res, errors.New(res.Error)
	}
	return res, nil
}
