package service

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"

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
// error reading r or writing w (a *WriteError).
func (s *Server) Serve(r io.Reader, w io.Writer) error {
	maxLine := s.cfg.MaxRequestBytes
	in := bufio.NewReaderSize(r, 1<<16)
	out := bufio.NewWriterSize(w, 1<<16)
	lineNo := 0
	next := func() (requestLine, bool, error) {
		for {
			line, tooLong, err := readLine(in, maxLine)
			if err == io.EOF && line == nil && !tooLong {
				return requestLine{}, false, nil
			}
			if err != nil && err != io.EOF {
				return requestLine{}, false, fmt.Errorf("cannot read the requests: %v", err)
			}
			lineNo++
			if lineNo == 1 {
				// A byte order mark before the first request is an editor's, not the request's
				// (RFC 8259 lets a parser ignore it); one before another is an error answered.
				line = bytes.TrimPrefix(line, byteOrderMark)
			}
			it := requestLine{line: line, no: lineNo, tooLong: tooLong, flush: in.Buffered() == 0}
			if !tooLong && len(bytes.TrimSpace(line)) == 0 {
				continue // a blank line is not a request
			}
			return it, true, nil
		}
	}
	answerOf := func(_ context.Context, worker int, it requestLine) answer {
		if it.tooLong {
			return answer{s.Error(it.no, fmt.Sprintf("request longer than --max-request-bytes=%d: expected one JSON object of at most that size per line", maxLine)), it.flush}
		}
		return answer{s.Answer(worker, it.line, it.no), it.flush}
	}
	workers := len(s.workers)
	err := ordered.Map(workers, 16*workers, next, answerOf, func(a answer) error {
		if _, err := out.Write(a.text); err != nil {
			return &WriteError{err}
		}
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

// readLine reads one line without its line break, at most max bytes of it; the rest of a
// longer line is read and dropped, and tooLong says so.
func readLine(in *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := in.ReadSlice('\n')
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
		if err == io.EOF && len(chunk) == 0 && line == nil && !tooLong {
			return nil, false, io.EOF
		}
		if line != nil {
			line = bytes.TrimSuffix(line, []byte("\n"))
			if line == nil {
				line = []byte{}
			}
		}
		return line, tooLong, err
	}
}
