package service

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"

	"maxmatch/input"
	"maxmatch/internal/ordered"
)

// WriteError is a failure to write the answers (the reader went away, a full disk), as
// opposed to one of reading the requests.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// requestLine is a request line read, or why it could not be read.
type requestLine struct {
	line    []byte
	no      int
	tooLong bool
	flush   bool // nothing more was waiting on the input when it was read
}

// answer is the answer to a request, a line of JSON, and whether to flush the output after it
// (nothing more was waiting on the input: the client may be waiting for it).
type answer struct {
	text  []byte
	flush bool
}

// Serve answers the requests of r, one JSON object per line (blank lines are skipped), on w,
// one line of JSON each, in the order of the requests, the server's workers answering them in
// parallel; the answers are flushed whenever no more requests are waiting, so that a client
// that sends one request and waits gets its answer. A line longer than Config.MaxRequestBytes
// gets an error answer, and the service goes on. It returns at the end of r, or at the first
// error reading r ("cannot read the requests: …", which does not name r) or writing w (a
// *WriteError).
func (s *Server) Serve(r io.Reader, w io.Writer) error {
	maxLine := s.cfg.MaxRequestBytes
	in := bufio.NewReaderSize(r, 1<<16)
	out := bufio.NewWriterSize(w, 1<<16)
	lineNo := 0
	next := func() (requestLine, bool, error) {
		for {
			line, tooLong, err := readLine(in, maxLine, s.lines.get(0))
			if err == io.EOF && line == nil && !tooLong {
				return requestLine{}, false, nil
			}
			if err != nil && err != io.EOF {
				// The operating system's words without the path it gives standard input
				// (/dev/stdin), as the commands' readers say them (input.Cause).
				return requestLine{}, false, fmt.Errorf("cannot read the requests: %w", input.Cause(err))
			}
			lineNo++
			if lineNo == 1 {
				// A byte order mark before the first request is an editor's, not the request's
				// (RFC 8259 lets a parser ignore it); one before another is an error answered.
				line = bytes.TrimPrefix(line, byteOrderMark)
			}
			it := requestLine{line: line, no: lineNo, tooLong: tooLong, flush: in.Buffered() == 0}
			if !tooLong && len(bytes.TrimSpace(line)) == 0 {
				s.lines.put(line)
				continue // a blank line is not a request
			}
			return it, true, nil
		}
	}
	answerOf := func(_ context.Context, worker int, it requestLine) answer {
		if it.tooLong {
			return answer{s.Error(it.no, fmt.Sprintf("request longer than --max-request-bytes=%d: expected one JSON object of at most that size per line", maxLine)), it.flush}
		}
		a := answer{s.answer(worker, it.line, it.no, s.answers.get), it.flush}
		s.lines.put(it.line) // nothing decoded from the line shares its bytes
		return a
	}
	workers := len(s.workers)
	err := ordered.Map(workers, 16*workers, next, answerOf, func(a answer) error {
		if _, err := out.Write(a.text); err != nil {
			return &WriteError{err}
		}
		s.answers.put(a.text)
		if a.flush {
			if err := out.Flush(); err != nil {
				return &WriteError{err}
			}
		}
		return nil
	})
	if err == nil {
		if ferr := out.Flush(); ferr != nil {
			err = &WriteError{ferr}
		}
	}
	return err
}

// readLine reads one line without its line break, at most max bytes of it, into buf's room
// (buf[:0]: a buffer of a line answered before); the rest of a longer line is read and
// dropped, and tooLong says so.
func readLine(in *bufio.Reader, max int, buf []byte) (line []byte, tooLong bool, err error) {
	line = buf[:0]
	read := 0 // the line's bytes read, its line break included
	for {
		chunk, err := in.ReadSlice('\n')
		read += len(chunk)
		if !tooLong {
			n := len(line) + len(chunk)
			if bytes.HasSuffix(chunk, []byte("\n")) {
				n-- // the line break
			}
			if n > max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && read == 0 {
			return nil, false, io.EOF
		}
		if !tooLong {
			line = bytes.TrimSuffix(line, []byte("\n"))
			if line == nil {
				line = []byte{}
			}
		}
		return line, tooLong, err
	}
}

// freeList keeps buffers for Serve to use again: the request lines once answered, the answers
// once written. A client's requests are of a size, and without it every request allocates its
// line and its answer afresh, which is most of what the service allocates beside scoring on
// an n-best list (BenchmarkServeNbest), and what the garbage collector then runs for. It
// holds at most freeListLen buffers, each at most freeBufferMax long (longer ones are left to
// the collector), so that what a list keeps idle is bounded: 8 MiB at the very most.
type freeList chan []byte

const (
	freeListLen   = 32
	freeBufferMax = 256 << 10
)

func newFreeList() freeList { return make(freeList, freeListLen) }

// get returns a kept buffer of at least n bytes' room, or a new one.
func (f freeList) get(n int) []byte {
	select {
	case b := <-f:
		if cap(b) >= n {
			return b
		}
	default:
	}
	return make([]byte, 0, n)
}

// put keeps b, which its user no longer reads, unless it is too long or the list is full.
func (f freeList) put(b []byte) {
	if cap(b) == 0 || cap(b) > freeBufferMax {
		return
	}
	select {
	case f <- b[:0]:
	default:
	}
}
