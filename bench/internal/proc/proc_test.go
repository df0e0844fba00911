package proc

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRunReportsOutputAndStatus(t *testing.T) {
	s, out, err := Run([]string{"sh", "-c", "echo hello"}, nil, 0)
	if err != nil || s.Status != StatusOK || strings.TrimSpace(string(out)) != "hello" {
		t.Errorf("echo: %+v %q %v", s, out, err)
	}
	if s.MaxRSS <= 0 || s.Wall <= 0 {
		t.Errorf("echo: no peak memory or wall time measured: %+v", s)
	}
	s, _, err = Run([]string{"sh", "-c", "echo oops >&2; exit 3"}, nil, 0)
	if s.Status != StatusFailed || err == nil || !strings.Contains(err.Error(), "oops") {
		t.Errorf("failing command: %+v %v, want failed with its stderr", s, err)
	}
}

func TestRunKillsTheProcessGroupAtTheTimeout(t *testing.T) {
	start := time.Now()
	// The shell's child sleeps too: the whole group must go, or Run would wait for it.
	s, _, err := Run([]string{"sh", "-c", "sleep 30 & sleep 30; wait"}, nil, 100*time.Millisecond)
	if err != nil || s.Status != StatusTimeout {
		t.Errorf("got %+v %v, want a time-out", s, err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %s to give up", d)
	}
}

func TestRunCountsFreshPages(t *testing.T) {
	small, _, err := Run([]string{"true"}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	// dd touches its whole 32 MiB buffer: 8,192 pages of 4 KiB (fewer if the kernel gives it
	// huge pages, so the bound is loose).
	big, _, err := Run([]string{"dd", "if=/dev/zero", "of=/dev/null", "bs=32M", "count=1"}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if small.MinFlt <= 0 || big.MinFlt-small.MinFlt < 1000 {
		t.Errorf("minor faults: true %d, dd with a 32 MiB buffer %d; want dd's well above", small.MinFlt, big.MinFlt)
	}
}

func TestRunWithKeepsTheTailStderrAndExitStatus(t *testing.T) {
	// 100,000 lines of "line N" with only the last 20 bytes kept, all of them counted.
	script := `i=0; while [ $i -lt 100000 ]; do echo "line $i"; i=$((i+1)); done; echo warned >&2`
	res, err := RunWith([]string{"sh", "-c", script}, nil, 0, Options{StdoutTail: 20})
	if err != nil {
		t.Fatal(err)
	}
	var want int64
	for i := range 100000 {
		want += int64(len("line \n") + len(strconv.Itoa(i)))
	}
	if res.StdoutBytes != want || res.Stdout != "line 99998\nline 99999\n"[2:] {
		t.Errorf("stdout: %d bytes, tail %q; want %d bytes ending in line 99999, 20 kept", res.StdoutBytes, res.Stdout, want)
	}
	if res.Stderr != "warned\n" || res.ExitCode != 0 || res.Sample.Status != StatusOK {
		t.Errorf("a run that warned: stderr %q, exit %d, status %q", res.Stderr, res.ExitCode, res.Sample.Status)
	}
	res, err = RunWith([]string{"sh", "-c", "echo refused >&2; exit 2"}, nil, 0, Options{})
	if err == nil || res.ExitCode != 2 || res.Stderr != "refused\n" || res.Sample.Status != StatusFailed {
		t.Errorf("a refusal: %+v %v, want exit 2 with its message", res, err)
	}
}
