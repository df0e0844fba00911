//go:build unix

package writefile

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestMain runs this test binary as a child that writes, when WRITEFILE_TEST_CHILD says so
// ("all FILE" or "indir DIR"), and stops at the stage WRITEFILE_TEST_STAGE names (its temporary
// files written, not yet renamed), says so on its standard output and waits for a signal.
func TestMain(m *testing.M) {
	op := os.Getenv("WRITEFILE_TEST_CHILD")
	if op == "" {
		os.Exit(m.Run())
	}
	stop := CleanUpOnSignals()
	defer stop()
	testHook = func(stage string) {
		if stage == os.Getenv("WRITEFILE_TEST_STAGE") {
			os.Stdout.WriteString(stage + "\n")
			time.Sleep(time.Hour) // until the signal: the parent sends one as soon as it reads the line
		}
	}
	var err error
	switch op {
	case "all":
		err = All(map[string][]byte{os.Args[1]: []byte("new"), os.Args[2]: []byte("new")})
	case "indir":
		err = InDir(os.Args[1], map[string][]byte{"1": []byte("one"), "2": []byte("two")}, ".txt")
	}
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(2)
	}
	os.Exit(0)
}

// startChild starts cmd, this test binary as TestMain's child doing op ("all" or "indir"), and
// returns once the child says it has reached its stage (its temporary files written, not yet
// renamed): an event, not a clock. what names the case in a failure.
func startChild(t *testing.T, what string, cmd *exec.Cmd, op string) *exec.Cmd {
	t.Helper()
	stage := map[string]string{"all": "written", "indir": "staged"}[op]
	cmd.Env = append(os.Environ(), "WRITEFILE_TEST_CHILD="+op, "WRITEFILE_TEST_STAGE="+stage)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(stdout).ReadString('\n'); line != stage+"\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("%s: the child said %q (%v), want %q", what, line, err, stage+"\n")
	}
	return cmd
}

// TestSignals sends real signals to a child stopped while it writes: SIGINT, SIGTERM and
// SIGHUP remove its temporary files and end it by the signal (the outputs as they were, a new
// directory not there); SIGKILL, which nothing can catch, leaves temporary files named by
// TemporaryPattern, and still no output half-written.
func TestSignals(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A test run under nohup, or started in the background by a shell, has SIGHUP (SIGINT)
	// ignored, and its child would inherit that and keep it ignored, as CleanUpOnSignals
	// should: the child would wait for ever for a signal that never comes. Caught here
	// instead, they reach the child with their default action (exec resets a caught signal,
	// not an ignored one).
	inherited := make(chan os.Signal, 1)
	for _, sig := range interruptions {
		if signal.Ignored(sig) {
			signal.Notify(inherited, sig)
		}
	}
	defer signal.Stop(inherited)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGKILL} {
		for _, op := range []string{"all", "indir"} {
			dir := t.TempDir()
			var args []string
			var check func()
			if op == "all" {
				old, newFile := filepath.Join(dir, "old.txt"), filepath.Join(dir, "new.txt")
				mustWrite(t, old, "old", 0o644)
				args = []string{old, newFile}
				check = func() {
					wantFile(t, old, "old")
					if _, err := os.Stat(newFile); !errors.Is(err, fs.ErrNotExist) {
						t.Errorf("%v, %s: the new file exists (%v)", sig, op, err)
					}
				}
			} else {
				out := filepath.Join(dir, "out")
				args = []string{out}
				check = func() {
					if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
						t.Errorf("%v, %s: the new directory exists (%v)", sig, op, err)
					}
				}
			}
			cmd := startChild(t, fmt.Sprintf("%v, %s", sig, op), exec.Command(exe, args...), op)
			temps, _ := filepath.Glob(filepath.Join(dir, TemporaryPattern))
			if len(temps) == 0 {
				t.Errorf("%v, %s: no temporary file while it writes", sig, op)
			}
			cmd.Process.Signal(sig)
			err = cmd.Wait()
			ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("%v, %s: the child ended %v, want by the signal", sig, op, err)
			}
			check()
			left, _ := filepath.Glob(filepath.Join(dir, TemporaryPattern))
			switch {
			case sig == syscall.SIGKILL && len(left) != len(temps):
				t.Errorf("%v, %s: %q left, want the temporaries %q, recognisable by their name", sig, op, left, temps)
			case sig != syscall.SIGKILL && len(left) > 0:
				t.Errorf("%v, %s: temporaries left: %q", sig, op, left)
			}
		}
	}
}

// TestSignalsCaughtOnlyWhileWriting: the signals are caught while temporary files exist, and
// act as without CleanUpOnSignals at other times, at once (a process that catches them acts
// only when a goroutine runs: a 1 GB line read under --max-memory 64M, its garbage collector
// thrashing, took 5 to 10 s to end on SIGTERM).
func TestSignalsCaughtOnlyWhileWriting(t *testing.T) {
	caught := func() bool {
		temporaries.Lock()
		defer temporaries.Unlock()
		return temporaries.caught
	}
	stop := CleanUpOnSignals()
	defer stop()
	var during []bool
	testHook = func(string) { during = append(during, caught()) }
	defer func() { testHook = func(string) {} }()
	before := caught()
	dir := t.TempDir()
	if err := All(map[string][]byte{filepath.Join(dir, "a.txt"): []byte("a")}); err != nil {
		t.Fatal(err)
	}
	if err := InDir(filepath.Join(dir, "new"), map[string][]byte{"b": []byte("b")}, ".txt"); err != nil {
		t.Fatal(err)
	}
	if before || caught() || len(during) != 2 || !during[0] || !during[1] {
		t.Errorf("caught before %v, while writing %v, after %v; want false, [true true], false", before, during, caught())
	}
}

// TestSignalIgnoredStaysIgnored: a child started with SIGHUP ignored (as under nohup) keeps
// it ignored while it writes: a SIGHUP is discarded, and the SIGTERM sent after it is the one
// that ends the child, its temporaries removed. Were SIGHUP caught, the child would end by it
// (the kernel queues it first and the cleanup takes the first signal it receives).
func TestSignalIgnoredStaysIgnored(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	old, newFile := filepath.Join(dir, "old.txt"), filepath.Join(dir, "new.txt")
	mustWrite(t, old, "old", 0o644)
	cmd := startChild(t, "SIGHUP ignored", exec.Command("/bin/sh", "-c", `trap "" HUP; exec "$0" "$@"`, exe, old, newFile), "all")
	cmd.Process.Signal(syscall.SIGHUP)
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	if ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("the child ended %v, want by SIGTERM (SIGHUP ignored)", err)
	}
	wantFile(t, old, "old")
	if left, _ := filepath.Glob(filepath.Join(dir, TemporaryPattern)); len(left) > 0 {
		t.Errorf("temporaries left: %q", left)
	}
}
