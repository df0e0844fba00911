package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"maxmatch/internal/gctarget"
	"maxmatch/internal/progress"
)

// The tests below run the command as a process, with real standard streams: a full disk, a
// pipe whose reader goes away, a terminal. The test binary is the command when
// MAXMATCH_TEST_MAIN is set (see TestMain). In process or as the command, it collects garbage
// as the command does (gctarget.Set): under the default target the package's tests took 39.2 and
// 41.9 s of CPU, against 36.7 and 35.2 s.
func TestMain(m *testing.M) {
	gctarget.Set()
	switch os.Getenv("MAXMATCH_TEST_MAIN") {
	case "1":
		if os.Getenv("MAXMATCH_TEST_PROGRESS") == "now" {
			progress.Delay = 0
		}
		os.Exit(runProcess(os.Args[1:]))
	case "measure":
		os.Exit(measurePeak(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// measurePeak runs the command with args as a child, with this process's standard streams,
// writes the child's peak resident set (wait4's ru_maxrss, in kB on Linux) to the file
// MAXMATCH_TEST_PEAK names, and returns its exit status. It stands between a test and the
// command it measures: Linux starts a child sharing its parent's memory (vfork) and counts
// that memory's peak in the child's ru_maxrss, so a child of the test process, large after
// its other tests, would report the test's peak; this process is small. MAXMATCH_TEST_AS, when
// set, is the child's address-space limit, set by prlimit before the command starts, as a user
// sets it (prlimit --as, ulimit -v).
func measurePeak(args []string) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	cmd := exec.Command(exe, args...)
	if as := os.Getenv("MAXMATCH_TEST_AS"); as != "" {
		cmd = exec.Command("prlimit", append([]string{"--as=" + as, "--", exe}, args...)...)
	}
	cmd.Env = append(os.Environ(), "MAXMATCH_TEST_MAIN=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	if err := os.WriteFile(os.Getenv("MAXMATCH_TEST_PEAK"), []byte(strconv.FormatInt(peak, 10)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	return cmd.ProcessState.ExitCode()
}

// command returns the test binary set up to run as maxmatch with args.
func command(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "MAXMATCH_TEST_MAIN=1")
	return cmd
}

// bigCorpus writes, in a temporary directory, the report test files repeated n times: a corpus
// whose output is larger than a pipe's buffer and whose scoring lasts long enough to show
// progress.
func bigCorpus(t *testing.T, n int) (sys, gold string) {
	t.Helper()
	g, err := os.ReadFile("testdata/report.m2")
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.ReadFile("testdata/report.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gold, sys = filepath.Join(dir, "gold.m2"), filepath.Join(dir, "sys.txt")
	// Blocks are separated by an empty line: the file ends with one.
	if err := os.WriteFile(gold, bytes.Repeat(append(bytes.TrimRight(g, "\n"), "\n\n"...), n), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sys, bytes.Repeat(s, n), 0o644); err != nil {
		t.Fatal(err)
	}
	return sys, gold
}

// TestFullDisk writes to /dev/full: one message naming what could not be written, exit 2 (the
// command used to exit 0 with nothing written).
func TestFullDisk(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"score", "testdata/report.txt", "testdata/report.m2"},
		{"score", "--jsonl", "testdata/report.txt", "testdata/report.m2"},
		{"compare", "--bootstrap", "10", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"},
	} {
		cmd := command(t, args...)
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitError {
			t.Errorf("%v > /dev/full: %v, want exit status %d", args, err, exitError)
		}
		want := "maxmatch " + args[0] + ": cannot write to standard output: no space left on device\n"
		if stderr.String() != want {
			t.Errorf("%v > /dev/full: stderr %q, want %q", args, stderr.String(), want)
		}
	}
}

// TestClosedPipe reads one line of a long output and closes the pipe: the command ends quietly,
// killed by SIGPIPE as any Unix filter (status 141 in a shell), even when its parent ignores
// SIGPIPE (the Go runtime raises it for a write to a closed pipe on standard output). Written
// to another closed pipe, in-process, the failed write ends run quietly with status 2 (the
// golden case stdout-closed-pipe).
func TestClosedPipe(t *testing.T) {
	sys, gold := bigCorpus(t, 300) // -v: about 400 KB, beyond a pipe's buffer
	for _, ignore := range []bool{false, true} {
		var cmd *exec.Cmd
		if ignore {
			exe, err := os.Executable()
			if err != nil {
				t.Fatal(err)
			}
			// The shell's trap sets SIGPIPE to be ignored, and exec keeps it so.
			cmd = exec.Command("sh", "-c", `trap '' PIPE; exec "$0" "$@"`, exe, "score", "-v", sys, gold)
			cmd.Env = append(os.Environ(), "MAXMATCH_TEST_MAIN=1")
		} else {
			cmd = command(t, "score", "-v", sys, gold)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil || line != ">> Annotator: 0\n" {
			t.Errorf("first line %q, %v", line, err)
		}
		out.Close()
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("SIGPIPE ignored %v: %v, want the command to fail", ignore, err)
		}
		ws := ee.Sys().(syscall.WaitStatus)
		if !(ws.Signaled() && ws.Signal() == syscall.SIGPIPE) {
			t.Errorf("SIGPIPE ignored %v: %v, want death by SIGPIPE", ignore, err)
		}
		if stderr.Len() > 0 {
			t.Errorf("SIGPIPE ignored %v: stderr %q, want nothing", ignore, stderr.String())
		}
	}
}

// progressSegment is what the progress line writes: a clear, then maybe its text.
var progressSegment = regexp.MustCompile("\r\x1b\\[K(maxmatch: [^\r\n]*)?")

// TestProgressOnTerminal runs the command on a terminal (a pseudo-terminal made by script(1)),
// standard output and error both on it, the progress shown from the start: the progress line
// must only ever be drawn where a line of output has ended, and once the progress is taken
// out, the output must be exactly what the command prints elsewhere.
func TestProgressOnTerminal(t *testing.T) {
	if _, err := exec.LookPath("script"); err != nil {
		t.Skip("script(1) is needed to make a pseudo-terminal")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sys, gold := bigCorpus(t, 400)
	for _, flags := range [][]string{{"--jsonl"}, {"-v"}, {"--per-sentence", "--per-type"}, {"--jsonl", "-j", "1"}} {
		args := append(append([]string{"score"}, flags...), sys, gold)
		var want bytes.Buffer
		if code := run(args, &want, &bytes.Buffer{}); code != 0 {
			t.Fatalf("%v: exit %d", args, code)
		}
		quoted := []string{exe}
		for _, a := range args {
			quoted = append(quoted, "'"+a+"'")
		}
		cmd := exec.Command("script", "-qfec", strings.Join(quoted, " "), "/dev/null")
		cmd.Env = append(os.Environ(), "MAXMATCH_TEST_MAIN=1", "MAXMATCH_TEST_PROGRESS=now", "TERM=dumb")
		start := time.Now()
		transcript, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v on a terminal: %v", args, err)
		}
		// The terminal writes "\r\n" for "\n".
		text := strings.ReplaceAll(string(transcript), "\r\n", "\n")
		draws := 0
		for _, loc := range progressSegment.FindAllStringIndex(text, -1) {
			lineStart := strings.LastIndexByte(text[:loc[0]], '\n') + 1
			if before := progressSegment.ReplaceAllString(text[lineStart:loc[0]], ""); before != "" {
				t.Fatalf("%v: the progress line was drawn after %q, inside a line of output", args, before)
			}
			if loc[1]-loc[0] > 4 {
				draws++
			}
		}
		if draws == 0 {
			t.Fatalf("%v: no progress line drawn in %v: the test tests nothing", args, time.Since(start))
		}
		if got := progressSegment.ReplaceAllString(text, ""); got != want.String() {
			t.Errorf("%v: the output on a terminal, progress taken out, differs from the output elsewhere (%d and %d bytes)", args, len(got), want.Len())
		}
		t.Logf("%v: %d progress lines drawn, %d bytes of output", args, draws, want.Len())
	}
}
