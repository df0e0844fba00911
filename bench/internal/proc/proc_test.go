package proc

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRunReportsOutputAndStatus(t *testing.T) {
	res, err := Run([]string{"sh", "-c", "echo hello"}, 0, Options{})
	s, out := res.Sample, res.Stdout
	if err != nil || s.Status != StatusOK || strings.TrimSpace(out) != "hello" {
		t.Errorf("echo: %+v %q %v", s, out, err)
	}
	if s.MaxRSS <= 0 || s.Wall <= 0 {
		t.Errorf("echo: no peak memory or wall time measured: %+v", s)
	}
	res, err = Run([]string{"sh", "-c", "echo oops >&2; exit 3"}, 0, Options{})
	s = res.Sample
	if s.Status != StatusFailed || err == nil || !strings.Contains(err.Error(), "oops") {
		t.Errorf("failing command: %+v %v, want failed with its stderr", s, err)
	}
}

func TestRunKillsTheProcessGroupAtTheTimeout(t *testing.T) {
	start := time.Now()
	// The shell's child sleeps too: the whole group must go, or Run would wait for it.
	res, err := Run([]string{"sh", "-c", "sleep 30 & sleep 30; wait"}, 100*time.Millisecond, Options{})
	if s := res.Sample; err != nil || s.Status != StatusTimeout {
		t.Errorf("got %+v %v, want a time-out", s, err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %s to give up", d)
	}
}

func TestRunCountsFreshPages(t *testing.T) {
	small, err := Run([]string{"true"}, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// dd touches its whole 32 MiB buffer: 8,192 pages of 4 KiB (fewer if the kernel gives it
	// huge pages, so the bound is loose).
	big, err := Run([]string{"dd", "if=/dev/zero", "of=/dev/null", "bs=32M", "count=1"}, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if small.Sample.MinFlt <= 0 || big.Sample.MinFlt-small.Sample.MinFlt < 1000 {
		t.Errorf("minor faults: true %d, dd with a 32 MiB buffer %d; want dd's well above", small.Sample.MinFlt, big.Sample.MinFlt)
	}
}

func TestRunKeepsTheTailStderrAndExitStatus(t *testing.T) {
	// 100,000 lines of "line N" with only the last 20 bytes kept, all of them counted.
	script := `i=0; while [ $i -lt 100000 ]; do echo "line $i"; i=$((i+1)); done; echo warned >&2`
	res, err := Run([]string{"sh", "-c", script}, 0, Options{StdoutTail: 20})
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
	res, err = Run([]string{"sh", "-c", "echo refused >&2; exit 2"}, 0, Options{})
	if err == nil || res.ExitCode != 2 || res.Stderr != "refused\n" || res.Sample.Status != StatusFailed {
		t.Errorf("a refusal: %+v %v, want exit 2 with its message", res, err)
	}
}

func TestSpreadOf(t *testing.T) {
	cases := []struct {
		name string
		xs   []float64
		want Spread
	}{
		{"odd count: the middle value", []float64{3, 1, 2}, Spread{2, 1, 3, 3}},
		{"even count: the mean of the middle two", []float64{4, 1, 3, 2}, Spread{2.5, 1, 4, 4}},
		{"one value", []float64{7}, Spread{7, 7, 7, 1}},
		{"none: the zero Spread", nil, Spread{}},
	}
	for _, c := range cases {
		if got := SpreadOf(c.xs); got != c.want {
			t.Errorf("%s: SpreadOf(%v) = %+v, want %+v", c.name, c.xs, got, c.want)
		}
	}
}

// TestSpawnerMeasuresFailures runs commands through the spawn command: one that ran and
// failed is a measurement (its status and exit code), one that could not start an error.
func TestSpawnerMeasuresFailures(t *testing.T) {
	sp := Spawner{Path: filepath.Join(t.TempDir(), "spawn")}
	if out, err := exec.Command("go", "build", "-o", sp.Path, "./spawn").CombinedOutput(); err != nil {
		t.Fatalf("building spawn: %v\n%s", err, out)
	}
	res, err := sp.Run([]string{"sh", "-c", "echo oops >&2; exit 3"}, 0, Options{})
	if err != nil || res.Sample.Status != StatusFailed || res.ExitCode != 3 || !strings.Contains(res.Stderr, "oops") {
		t.Errorf("failing command: %+v, %v; want a failed sample with exit code 3, no error", res, err)
	}
	if res, err := sp.Run([]string{"/nonexistent/command"}, 0, Options{}); err == nil {
		t.Errorf("a command that cannot start: %+v, no error", res)
	}
}
