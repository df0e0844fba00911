package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// Sizes of output's buffer: it is written out at the end of a record once it holds
// outputFlush bytes, and in the middle of one only past outputLimit.
const (
	outputFlush = 64 << 10
	outputLimit = 1 << 20
)

// output is the command's standard output. It is buffered and written at the ends of records
// (a sentence's lines, a section of the report), so that what stderr prints between two writes
// starts on a line of its own; after every record when it is a terminal, so that a reader sees
// each sentence as it is scored; through the progress line's owner when it shares stderr's
// terminal or file (see progress.writeOutput). Its first write error is kept: every later
// write fails with it, and the command reports it once (see writeFailure).
type output struct {
	w         io.Writer
	prog      *progress // non-nil when stdout and stderr are the same file
	perRecord bool      // stdout is a terminal
	buf       []byte
	err       error
}

// newOutput returns the output for stdout, which the command's progress line on stderr must
// stay out of.
func newOutput(stdout, stderr io.Writer, prog *progress) *output {
	o := &output{w: stdout, perRecord: isTerminal(stdout), buf: make([]byte, 0, outputFlush+outputFlush/4)}
	if sameFile(stdout, stderr) {
		o.prog = prog
	}
	return o
}

// sameFile reports whether a and b are the same open file (a terminal, a file that both
// streams were redirected to, a pipe).
func sameFile(a, b io.Writer) bool {
	fa, ok := a.(*os.File)
	if !ok {
		return false
	}
	fb, ok := b.(*os.File)
	if !ok {
		return false
	}
	sa, err := fa.Stat()
	if err != nil {
		return false
	}
	sb, err := fb.Stat()
	return err == nil && os.SameFile(sa, sb)
}

// Write buffers p; only a record longer than outputLimit is written before it ends.
func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	o.buf = append(o.buf, p...)
	if len(o.buf) >= outputLimit {
		o.flush()
	}
	if o.err != nil {
		return 0, o.err
	}
	return len(p), nil
}

// endRecord marks the end of a record: the buffer is written out when it is full enough, or
// always on a terminal. It returns the first write error, if any.
func (o *output) endRecord() error {
	if o.perRecord || len(o.buf) >= outputFlush {
		o.flush()
	}
	return o.err
}

// flush writes the buffer out and returns the first write error, if any.
func (o *output) flush() error {
	if o.err != nil || len(o.buf) == 0 {
		return o.err
	}
	var err error
	if o.prog != nil {
		_, err = o.prog.writeOutput(o.w, o.buf)
	} else {
		_, err = o.w.Write(o.buf)
	}
	o.buf = o.buf[:0]
	if err != nil {
		o.err = err
	}
	return o.err
}

// close writes what is left and returns the first write error, if any.
func (o *output) close() error {
	err := o.flush()
	if o.prog != nil {
		o.prog.flushHeld()
	}
	return err
}

// exitBrokenPipe is the exit status when the reader of standard output went away: what a shell
// reports for a process killed by SIGPIPE (128 + 13), which is how the command ends then,
// without a message: the Go runtime raises SIGPIPE for a write to a closed pipe on standard
// output, even when the parent ignores it. run returns it when a write fails with EPIPE
// (a writer other than the process's standard output, as in tests).
const exitBrokenPipe = 141

// writeFailure reports a failed write to standard output: nothing for a reader that went away
// (a closed pipe: the reader wanted no more), otherwise one message naming what could not be
// written. It returns the exit status.
func writeFailure(cmd string, err error, stderr io.Writer) int {
	if errors.Is(err, syscall.EPIPE) {
		return exitBrokenPipe
	}
	fmt.Fprintf(stderr, "%s: cannot write the report to standard output: %v\n", cmd, unwrapPath(err))
	return exitError
}
