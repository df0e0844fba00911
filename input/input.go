// Package input reads the files a command is given: a path, or "-" for standard input. A file
// is read as its text, decompressed when it is gzip (its name ends in .gz, or its first bytes
// are gzip's signature); it can be read again, a regular file by opening it again and anything
// else (standard input, a pipe) from a copy kept as it is read the first time, in memory up to a
// limit and then in a temporary file; its size is known when it can be, and its text's size
// estimated; a line longer than a limit stops the reading, whoever reads the text; and every
// failure is an error naming the file and its role ("cannot read the gold file: …"), the
// operating system's own words without a temporary file's path.
package input

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// StdinName names standard input in messages.
const StdinName = "standard input"

// DefaultSpoolMemory is how much of a file that cannot be opened again is kept in memory when
// it must be read twice, unless Options say otherwise; the rest goes to a temporary file.
const DefaultSpoolMemory = 8 << 20

// GzipRatio is how many times its size a compressed file's text is estimated to be: about what
// gzip saves on M2, system and n-best files.
const GzipRatio = 5

// Options say where standard input is and what reading shows.
type Options struct {
	// Stdin is what "-" reads (nil: os.Stdin).
	Stdin io.Reader
	// Progress, when not nil, is called as a file's bytes are read (before decompression),
	// with how many have been read and the file's size (-1: unknown).
	Progress func(name string, done, size int64)
	// SpoolMemory is how much of a file read twice that cannot be opened again is kept in
	// memory (0: DefaultSpoolMemory).
	SpoolMemory int
	// MaxLine, when positive, bounds a line of the text (decompressed): a reader stops at a
	// longer one with a *LongLineError, so that a line is never read beyond it, whatever reads
	// the file (line by line, or whole). MaxLineText says the limit in its message ("4 MB, a
	// sixteenth of the memory budget"; "": the number of bytes).
	MaxLine     int64
	MaxLineText string
	// MemoryBudget, when positive, is the run's memory budget: ReadAll reserves at most this
	// much for the whole text up front (a file larger than the budget is refused once read, and
	// reserving its size first would take address space the budget keeps for the run).
	MemoryBudget int64
}

// A File is a file named on a command line, or standard input ("-"). It is opened when first
// read, so that errors come in the order the files are read.
type File struct {
	arg  string
	name string
	role string
	opt  Options

	regular bool  // a regular file: it can be opened again
	size    int64 // its size (-1: unknown)
	twice   bool  // it will be read again: keep a copy if it cannot be opened again
	reads   int   // readers made so far
	spool   *spool
}

// New describes the file arg ("-": standard input) of the given role ("gold", "system", …, in
// messages); it opens nothing. A file that cannot be looked at is reported when it is read.
func New(arg, role string, opt Options) *File {
	if opt.Stdin == nil {
		opt.Stdin = os.Stdin
	}
	if opt.SpoolMemory <= 0 {
		opt.SpoolMemory = DefaultSpoolMemory
	}
	f := &File{arg: arg, name: arg, role: role, opt: opt, size: -1}
	if arg == "-" {
		f.name = StdinName
		if sf, ok := opt.Stdin.(*os.File); ok {
			if fi, err := sf.Stat(); err == nil && fi.Mode().IsRegular() {
				f.size = fi.Size() // "- < file": no copy is needed to read it again
			}
		}
		return f
	}
	if fi, err := os.Stat(arg); err == nil && fi.Mode().IsRegular() {
		f.regular, f.size = true, fi.Size()
	}
	return f
}

// Arg is the file as given ("-" for standard input).
func (f *File) Arg() string { return f.arg }

// Name is the file in messages: its path as given, or "standard input".
func (f *File) Name() string { return f.name }

// Role is what the file is, in messages.
func (f *File) Role() string { return f.role }

// Size is the file's size in bytes (before decompression), -1 when unknown.
func (f *File) Size() int64 { return f.size }

// gzipName reports whether the file's name says it is compressed.
func (f *File) gzipName() bool { return strings.HasSuffix(f.arg, ".gz") }

// TextSize estimates the size of the file's text when it is a regular file (a compressed one
// counts GzipRatio times its size), -1 otherwise.
func (f *File) TextSize() int64 {
	switch {
	case !f.regular:
		return -1
	case f.gzipName():
		return GzipRatio * f.size
	}
	return f.size
}

// ReadTwice says that the file will be read again: a file that cannot be opened again is
// copied as it is read the first time.
func (f *File) ReadTwice() { f.twice = true }

// Close releases the copy kept for a second reading, if any.
func (f *File) Close() error { return f.spool.close() }

// readError is the message for a file that could not be read.
func (f *File) readError(err error) error {
	return fmt.Errorf("%s: cannot read the %s file: %v", f.name, f.role, Cause(err))
}

// Reader returns a reader of the file's text (decompressed), which opens it on its first Read
// and turns every failure into a message naming the file. Close it when done.
func (f *File) Reader() io.ReadCloser {
	f.reads++
	return &reader{f: f, first: f.reads == 1}
}

// ReadAll reads the whole text of the file.
func (f *File) ReadAll() (string, error) {
	r := f.Reader()
	defer r.Close()
	var text strings.Builder
	if f.size > 0 && !f.gzipName() {
		hint := min(f.size, 1<<30) // a hint, not a limit
		if f.opt.MemoryBudget > 0 {
			hint = min(hint, f.opt.MemoryBudget)
		}
		text.Grow(int(hint))
	}
	if _, err := io.Copy(&text, r); err != nil {
		return "", err
	}
	return text.String(), nil
}

// reader reads a File's text; see File.Reader.
type reader struct {
	f     *File
	first bool
	r     io.Reader // the text, once open
	gzip  bool      // the file is decompressed
	close func() error
	err   error
}

func (r *reader) open() error {
	f := r.f
	var raw io.Reader
	switch {
	case f.arg == "-" && r.first:
		raw = f.opt.Stdin
	case f.arg == "-" && f.size >= 0:
		// Standard input is a regular file ("- < file"): read it again from its start.
		sf := f.opt.Stdin.(*os.File)
		if _, err := sf.Seek(0, io.SeekStart); err != nil {
			return f.readError(err)
		}
		raw = sf
	case f.arg != "-" && (r.first || f.regular):
		file, err := os.Open(f.arg)
		if err != nil {
			return f.readError(err)
		}
		raw, r.close = file, file.Close
	case f.spool != nil:
		sr, err := f.spool.reader()
		if err != nil {
			return fmt.Errorf("%s: cannot read back the copy of the %s file kept for a second reading: %v", f.name, f.role, err)
		}
		raw = sr
	default:
		return fmt.Errorf("%s: the %s file cannot be read twice (it is not a regular file)", f.name, f.role)
	}
	if r.first && f.twice && (f.arg == "-" || !f.regular) && f.size < 0 {
		f.spool = &spool{role: f.role, memory: f.opt.SpoolMemory}
		raw = io.TeeReader(raw, f.spool)
	}
	br := bufio.NewReader(&rawCounter{r: raw, f: f}) // larger reads than its buffer go straight through it
	why := ""
	if f.gzipName() {
		why = "its name ends in .gz"
	} else if sig, _ := br.Peek(3); bytes.Equal(sig, []byte{0x1f, 0x8b, 8}) {
		why = "it starts with gzip's signature"
	}
	if why == "" {
		r.r = br
		if f.opt.MaxLine > 0 {
			r.r = &lineLimit{r: br, f: f, line: 1}
		}
		return nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return r.decompressError(why, err)
	}
	zr.Multistream(false) // gzipReader goes from one member to the next, past zero padding
	r.r, r.gzip = &gzipReader{zr: zr, br: br, r: r, why: why}, true
	if f.opt.MaxLine > 0 {
		r.r = &lineLimit{r: r.r, f: f, line: 1}
	}
	return nil
}

func (r *reader) decompressError(why string, err error) error {
	var re rawError
	if errors.As(err, &re) {
		return re.err
	}
	return fmt.Errorf("%s: cannot decompress the %s file (%s): %v", r.f.name, r.f.role, why, Cause(err))
}

func (r *reader) Read(p []byte) (int, error) {
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
		} else if !r.gzip { // the decompressor's errors are already messages
			err = r.f.readError(err)
		}
		r.err = err
	}
	return n, err
}

// Close closes the file, if open.
func (r *reader) Close() error {
	if r.close != nil {
		return r.close()
	}
	return nil
}

// gzipReader decompresses a file's members one after another, as GNU gzip does, accepting zero
// bytes after the last (the padding of a tape or a block device), and turns decompression
// errors into messages naming the file.
type gzipReader struct {
	zr  *gzip.Reader
	br  *bufio.Reader // the compressed bytes
	r   *reader
	why string
}

func (g *gzipReader) Read(p []byte) (int, error) {
	for {
		n, err := g.zr.Read(p)
		if err == io.EOF {
			err = g.nextMember()
			if err == nil && n == 0 {
				continue
			}
		}
		if err != nil && err != io.EOF {
			err = g.r.decompressError(g.why, err)
		}
		return n, err
	}
}

// nextMember starts the member that follows the one just ended; io.EOF at the end of the file,
// or of the zero bytes that end it.
func (g *gzipReader) nextMember() error {
	b, err := g.br.Peek(1)
	switch {
	case len(b) == 0 && err == io.EOF:
		return io.EOF
	case len(b) == 0:
		return err
	case b[0] == 0:
		return g.zeroPadding()
	}
	if err := g.zr.Reset(g.br); err != nil {
		return err
	}
	g.zr.Multistream(false)
	return nil
}

// zeroPadding reads the zero bytes after the last member to the end of the file.
func (g *gzipReader) zeroPadding() error {
	for {
		c, err := g.br.ReadByte()
		switch {
		case err == io.EOF:
			return io.EOF
		case err != nil:
			return err
		case c != 0:
			return errors.New("bytes other than zeros after the compressed data's zero padding")
		}
	}
}

// LongLineError is a line longer than Options.MaxLine: reading stopped at it.
type LongLineError struct {
	Name, Role string
	Line       int   // 1-based
	Limit      int64 // Options.MaxLine
	LimitText  string
}

func (e *LongLineError) Error() string {
	limit := e.LimitText
	if limit == "" {
		limit = fmt.Sprintf("%d bytes", e.Limit)
	}
	return fmt.Sprintf("%s:%d: the %s file's line is longer than %s", e.Name, e.Line, e.Role, limit)
}

// lineLimit passes a file's text on while no line is longer than the file's MaxLine. It keeps
// nothing: what reads the text holds at most the limit of one line, and a line read whole or
// in pieces stops at the same byte.
type lineLimit struct {
	r    io.Reader
	f    *File
	run  int64 // bytes of the current line so far
	line int   // the current line (1-based)
}

func (l *lineLimit) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	max := l.f.opt.MaxLine
	b := p[:n]
	if int64(n) <= max {
		// No line inside b is longer than max: only the line b continues and the one it ends
		// with can be.
		first := bytes.IndexByte(b, '\n')
		if first < 0 {
			l.run += int64(n)
		} else {
			if l.run+int64(first) > max {
				return 0, l.tooLong()
			}
			l.line += bytes.Count(b, []byte{'\n'})
			l.run = int64(n - bytes.LastIndexByte(b, '\n') - 1)
		}
	} else {
		for {
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				l.run += int64(len(b))
				break
			}
			if l.run+int64(i) > max {
				return 0, l.tooLong()
			}
			l.run, l.line, b = 0, l.line+1, b[i+1:]
		}
	}
	if l.run > max {
		return 0, l.tooLong()
	}
	return n, err
}

// tooLong is the error of the current line; it passes the reader's other layers unchanged.
func (l *lineLimit) tooLong() error {
	return rawError{&LongLineError{Name: l.f.name, Role: l.f.role, Line: l.line, Limit: l.f.opt.MaxLine, LimitText: l.f.opt.MaxLineText}}
}

// rawError is a failed read of the file itself, already a message, passed through the
// decompressor unchanged.
type rawError struct{ err error }

func (e rawError) Error() string { return e.err.Error() }

// rawCounter reads the file's bytes (before decompression), turning read errors into messages
// and telling Options.Progress how far the reading is.
type rawCounter struct {
	r    io.Reader
	f    *File
	done int64
}

func (c *rawCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.done += int64(n)
	if c.f.opt.Progress != nil {
		c.f.opt.Progress(c.f.name, c.done, c.f.size)
	}
	if err != nil && err != io.EOF && !errors.As(err, new(rawError)) {
		err = rawError{c.f.readError(err)}
	}
	return n, err
}

// spool keeps a copy of what is read from a file that cannot be opened again: in memory up to
// its memory, then in a temporary file (removed from the directory as soon as it is created,
// so that nothing is left behind whatever happens).
type spool struct {
	role   string
	memory int
	mem    []byte
	file   *os.File
	err    error
}

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil && len(s.mem)+len(p) <= s.memory {
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
			s.err = rawError{fmt.Errorf("cannot keep a copy of the %s file for a second reading in %s: %v", s.role, os.TempDir(), Cause(err))}
			return 0, s.err
		}
		s.mem = nil
	}
	if _, err := s.file.Write(p); err != nil {
		s.err = rawError{fmt.Errorf("cannot keep a copy of the %s file for a second reading in %s: %v", s.role, os.TempDir(), Cause(err))}
		return 0, s.err
	}
	return len(p), nil
}

// close releases the copy.
func (s *spool) close() error {
	if s != nil && s.file != nil {
		return s.file.Close()
	}
	return nil
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

// Cause is the reason in a file system error, without the operation and the path, which may
// be a temporary file's: messages name the path the user gave.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
