package main

import (
	"errors"
	"fmt"
	"io"
	"syscall"

	"maxmatch/input"
	"maxmatch/internal/progress"
)

// writeFailure reports a failed write to standard output: nothing for a reader that went away
// (a closed pipe: the reader wanted no more, as after "| head"), otherwise one message saying
// what could not be written and why. The exit status is 2 either way. (A real process whose
// standard output is a closed pipe does not get this far: the Go runtime raises SIGPIPE for
// the write, which ends it quietly, with status 141 in a shell, even when its parent ignores
// the signal.)
func writeFailure(cmd string, err error, stderr io.Writer) int {
	if !errors.Is(err, syscall.EPIPE) {
		fmt.Fprintf(stderr, "%s: cannot write to standard output: %v\n", cmd, input.Cause(err))
	}
	return exitError
}

// errWrite marks an error of writing the output, as opposed to one of the input.
type errWrite struct{ err error }

func (e errWrite) Error() string { return e.err.Error() }
func (e errWrite) Unwrap() error { return e.err }

// isWriteError returns the write error inside err, if it is one.
func isWriteError(err error) (error, bool) {
	var we errWrite
	if errors.As(err, &we) {
		return we.err, true
	}
	return nil, false
}

// fail prints an error of the command, "maxmatch COMMAND: …", the progress line cleared, and
// returns the exit status for it.
func fail(p *progress.Line, format string, args ...any) int {
	p.Error(format, args...)
	return exitError
}

// writeErrors marks the errors of writing to w as errWrite.
type writeErrors struct{ w io.Writer }

func (w writeErrors) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	return n, errOf(err)
}

// errOf marks err, an error of writing the output, as errWrite (nil stays nil).
func errOf(err error) error {
	if err == nil {
		return nil
	}
	return errWrite{err}
}
