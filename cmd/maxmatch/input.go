package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// stdinName names standard input in messages.
const stdinName = "standard input"

// keepLimit is the size up to which a command's input files are read whole, parsed once and
// kept (what every run did before files were streamed): small files are scored as fast as
// ever, and the memory this takes, about five times the files' size, stays bounded. Larger
// files, and standard input, are read as they are scored. (A variable: the tests run every
// golden case both ways.)
var keepLimit int64 = 16 << 20

// spoolMemory is how much of a file that cannot be opened twice (standard input, a pipe) is
// kept in memory when it must be read twice; the rest goes to a temporary file. (A variable:
// a test makes it small.)
var spoolMemory = 8 << 20

// An input is a file named on the command line, or standard input ("-"). It is opened when
// first read (so that errors come in the order the files are read), decompressed when its name
// ends in .gz or its content starts as gzip's does, and can be read again: a regular file by
// opening it again, anything else (standard input, a pipe) from a copy kept while it is read
// the first time, when the command says it will need one (twice).
type input struct {
	arg  string // as given
	name string // in messages
	role string // "gold" or "system", in messages
	prog *progress

	regular bool  // a regular file: it can be opened again
	size    int64 // its size, for the progress line (-1: unknown)
	twice   bool  // it will be read again: keep a copy if it cannot be opened again
	reads   int   // readers made so far
	spool   *spool
}

// newInput describes the file arg; it opens nothing. A file that cannot be looked at is
// reported when it is read.
func newInput(arg, role string, prog *progress) *input {
	in := &input{arg: arg, name: arg, role: role, prog: prog, size: -1}
	if arg == "-" {
		in.name = stdinName
		if f, ok := stdin.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				in.size = fi.Size() // "- < file": no copy is needed to read it again
			}
		}
		return in
	}
	if fi, err := os.Stat(arg); err == nil && fi.Mode().IsRegular() {
		in.regular, in.size = true, fi.Size()
	}
	return in
}

// textSize is the size of the file's text when it is a regular file (compressed files count
// five times their size, about what gzip saves on M2 and text files), -1 otherwise.
func (in *input) textSize() int64 {
	if !in.regular {
		return -1
	}
	if strings.HasSuffix(in.arg, ".gz") {
		return 5 * in.size
	}
	return in.size
}

// close releases what the input kept.
func (in *input) close() { in.spool.close() }

// readError is the message for a file that could not be read.
func (in *input) readError(err error) error {
	return fmt.Errorf("%s: cannot read the %s file: %v", in.name, in.role, cause(err))
}

// reader returns a reader of the file's text (decompressed), which opens it on its first Read
// and turns every failure into a message naming the file. Close it when done.
func (in *input) reader() *inputReader {
	in.reads++
	return &inputReader{in: in, first: in.reads == 1}
}

// readAll reads the whole text of the file.
func (in *input) readAll() (string, error) {
	r := in.reader()
	defer r.Close()
	var text strings.Builder
	if in.size > 0 && !strings.HasSuffix(in.arg, ".gz") {
		text.Grow(int(in.size))
	}
	if _, err := io.Copy(&text, r); err != nil {
		return "", err
	}
	return text.String(), nil
}

// inputReader reads an input's text; see input.reader.
type inputReader struct {
	in    *input
	first bool
	r     io.Reader // the text, once open
	raw   *rawCounter
	close func() error
	err   error
}

func (r *inputReader) open() error {
	in := r.in
	var raw io.Reader
	switch {
	case in.arg == "-" && r.first:
		raw = stdin
	case in.arg == "-" && in.size >= 0:
		// Standard input is a regular file ("- < file"): read it again from its start.
		f := stdin.(*os.File)
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return in.readError(err)
		}
		raw = f
	case in.arg != "-" && (r.first || in.regular):
		f, err := os.Open(in.arg)
		if err != nil {
			return in.readError(err)
		}
		raw, r.close = f, f.Close
	case in.spool != nil:
		sr, err := in.spool.reader()
		if err != nil {
			return fmt.Errorf("%s: cannot read back the copy of the %s file kept for a second reading: %v", in.name, in.role, err)
		}
		raw = sr
	default:
		return fmt.Errorf("%s: the %s file cannot be read twice (it is not a regular file)", in.name, in.role)
	}
	if r.first && in.twice && (in.arg == "-" || !in.regular) && in.size < 0 {
		in.spool = &spool{role: in.role}
		raw = io.TeeReader(raw, in.spool)
	}
	r.raw = &rawCounter{r: raw, in: in}
	br := bufio.NewReader(r.raw) // larger reads than its buffer go straight through it
	why := ""
	if strings.HasSuffix(in.arg, ".gz") {
		why = "its name ends in .gz"
	} else if sig, _ := br.Peek(3); bytes.Equal(sig, []byte{0x1f, 0x8b, 8}) {
		why = "it starts with gzip's signature"
	}
	if why == "" {
		r.r = br
		return nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return r.decompressError(why, err)
	}
	r.r = &gzipReader{zr: zr, r: r, why: why}
	return nil
}

func (r *inputReader) decompressError(why string, err error) error {
	var re rawError
	if errors.As(err, &re) {
		return re.err
	}
	return fmt.Errorf("%s: cannot decompress the %s file (%s): %v", r.in.name, r.in.role, why, cause(err))
}

func (r *inputReader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if r.r == nil {
		if r.err = r.open(); r.err != nil {
			return 0, r.err
		}
	}
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		var re rawError
		if errors.As(err, &re) {
			err = re.err
		} else if _, ok := r.r.(*gzipReader); !ok {
			err = r.in.readError(err)
		}
		r.err = err
	}
	return n, err
}

// Close closes the file, if open.
func (r *inputReader) Close() error {
	if r.close != nil {
		return r.close()
	}
	return nil
}

// gzipReader turns decompression errors into messages naming the file.
type gzipReader struct {
	zr  *gzip.Reader
	r   *inputReader
	why string
}

func (g *gzipReader) Read(p []byte) (int, error) {
	n, err := g.zr.Read(p)
	if err != nil && err != io.EOF {
		err = g.r.decompressError(g.why, err)
	}
	return n, err
}

// rawError is a failed read of the file itself, already a message, passed through the
// decompressor unchanged.
type rawError struct{ err error }

func (e rawError) Error() string { return e.err.Error() }

// rawCounter reads the file's bytes (before decompression), turning read errors into messages
// and showing how far the reading is on the progress line.
type rawCounter struct {
	r    io.Reader
	in   *input
	done int64
}

func (c *rawCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.done += int64(n)
	if c.in.prog != nil {
		c.in.prog.reading(c.in.name, c.done, c.in.size)
	}
	if err != nil && err != io.EOF && !errors.As(err, new(rawError)) {
		err = rawError{c.in.readError(err)}
	}
	return n, err
}

// spool keeps a copy of what is read from a file that cannot be opened again: in memory up to
// spoolMemory, then in a temporary file (removed from the directory as soon as it is created,
// so that nothing is left behind whatever happens).
type spool struct {
	role string
	mem  []byte
	file *os.File
	err  error
}

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil && len(s.mem)+len(p) <= spoolMemory {
		s.mem = append(s.mem, p...)
		return len(p), nil
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "maxmatch-"+s.role+"-*")
		if err != nil {
			s.err = rawError{fmt.Errorf("cannot keep a copy of the %s file for a second reading: %v", s.role, err)}
			return 0, s.err
		}
		os.Remove(f.Name())
		s.file = f
		if _, err := f.Write(s.mem); err != nil {
			s.err = rawError{fmt.Errorf("cannot keep a copy of the %s file for a second reading in %s: %v", s.role, os.TempDir(), cause(err))}
			return 0, s.err
		}
		s.mem = nil
	}
	if _, err := s.file.Write(p); err != nil {
		s.err = rawError{fmt.Errorf("cannot keep a copy of the %s file for a second reading in %s: %v", s.role, os.TempDir(), cause(err))}
		return 0, s.err
	}
	return len(p), nil
}

// close releases the copy.
func (s *spool) close() {
	if s != nil && s.file != nil {
		s.file.Close()
	}
}

// reader returns the copy from its start.
func (s *spool) reader() (io.Reader, error) {
	if s.file == nil {
		return bytes.NewReader(s.mem), nil
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.file, nil
}
