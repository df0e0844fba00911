package progress

import (
	"io"
	"os"
)

// Sizes of Output's buffer: it is written out at the end of a record once it holds
// outputFlush bytes, and in the middle of one only past outputLimit.
const (
	outputFlush = 64 << 10
	outputLimit = 1 << 20
)

// Output is a streaming command's standard output. It is buffered and written at the
// ends of records (a sentence's lines, a section of the report), so that what stderr prints
// between two writes starts on a line of its own; after every record when it is a terminal, so
// that a reader sees each sentence as it is scored; through the progress line's owner when it
// shares stderr's terminal or file (see progress.writeOutput). Its first write error is kept:
// every later write fails with it, and the command reports it once (see writeFailure).
type Output struct {
	w         io.Writer
	prog      *Line // non-nil when stdout and stderr are the same file
	perRecord bool  // stdout is a terminal
	buf       []byte
	err       error
}

// NewOutput returns the writer for stdout, which the command's progress line on stderr must
// stay out of.
func NewOutput(stdout, stderr io.Writer, prog *Line) *Output {
	o := &Output{w: stdout, perRecord: IsTerminal(stdout)}
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

// Write buffers p; only a record longer than outputLimit is written before it ends, and a block
// that long goes out as it is, after what the buffer holds (not copied into it).
func (o *Output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if len(p) >= outputLimit {
		if o.flush() == nil {
			o.write(p)
		}
		if o.err != nil {
			return 0, o.err
		}
		return len(p), nil
	}
	if len(o.buf)+len(p) > cap(o.buf) && cap(o.buf) < outputFlush {
		// A few kilobytes for a report of a few lines, then at once what a stream needs: a
		// process pays for every page it touches first (docs/speed.md#against-the-official-scorer).
		size := 4 << 10
		if cap(o.buf) > 0 {
			size = outputFlush + outputFlush/4
		}
		o.buf = append(make([]byte, 0, max(size, len(o.buf)+len(p))), o.buf...)
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

// EndRecord marks the end of a record: the buffer is written out when it is full enough, or
// always on a terminal. It returns the first write error, if any.
func (o *Output) EndRecord() error {
	if o.perRecord || len(o.buf) >= outputFlush {
		o.flush()
	}
	return o.err
}

// flush writes the buffer out and returns the first write error, if any.
func (o *Output) flush() error {
	if o.err != nil || len(o.buf) == 0 {
		return o.err
	}
	o.write(o.buf)
	o.buf = o.buf[:0]
	return o.err
}

// write writes b to standard output, through the progress line's owner when they share a
// file, keeping the first error.
func (o *Output) write(b []byte) {
	var err error
	if o.prog != nil {
		_, err = o.prog.writeOutput(o.w, b)
	} else {
		_, err = o.w.Write(b)
	}
	if err != nil && o.err == nil {
		o.err = err
	}
}

// Close writes what is left and returns the first write error, if any.
func (o *Output) Close() error {
	err := o.flush()
	if o.prog != nil {
		o.prog.flushHeld()
	}
	return err
}
