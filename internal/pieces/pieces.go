// Package pieces reads a file in pieces of whole lines, so that a reader of lines holds one
// piece at a time whatever the file's size, and can cut its lines from the piece as strings
// without copying them.
package pieces

import (
	"bytes"
	"errors"
	"io"
)

// ErrLongLine is a line longer than a Reader's MaxLine.
var ErrLongLine = errors.New("line too long")

// Reader reads a file in pieces of whole lines: each piece ends with "\n", except the last
// piece of the file, which holds whatever follows the last "\n". Each piece is a new string:
// what is cut from it refers to it, not to a buffer that the next read overwrites.
type Reader struct {
	// MaxLine, when positive, bounds a line: a piece that would hold a longer one is
	// ErrLongLine, so that a file without line breaks gets an error rather than all the memory.
	MaxLine int

	r    io.Reader
	buf  []byte
	n    int // bytes in buf
	size int // the piece size
	eof  bool
	read int64   // bytes read from r
	text *string // the whole file, when given as one piece
}

// New returns a Reader of r in pieces of about size bytes (cut back to the last line break;
// longer when one line is longer).
func New(r io.Reader, size int) *Reader {
	return &Reader{r: r, size: max(size, 1)}
}

// Whole returns a Reader of one piece, text, the whole file.
func Whole(text string) *Reader {
	return &Reader{text: &text, read: int64(len(text))}
}

// BytesRead returns how many bytes of the file have been read so far.
func (p *Reader) BytesRead() int64 { return p.read }

// Next returns the next piece and whether it is the file's last; io.EOF after the last. A read
// error is returned as the reader gave it.
func (p *Reader) Next() (text string, last bool, err error) {
	if p.text != nil {
		if p.eof {
			return "", false, io.EOF
		}
		p.eof = true
		return *p.text, true, nil
	}
	if p.buf == nil {
		p.buf = make([]byte, p.size)
	}
	for {
		if p.eof {
			if p.n == 0 {
				return "", false, io.EOF
			}
			text, p.n = string(p.buf[:p.n]), 0
			return text, true, nil
		}
		// Read until the buffer is full, then cut after its last line break; a line longer
		// than the buffer doubles it.
		for p.n < len(p.buf) && !p.eof {
			k, err := p.r.Read(p.buf[p.n:])
			p.n += k
			p.read += int64(k)
			if err == io.EOF {
				p.eof = true
			} else if err != nil {
				return "", false, err
			}
		}
		if p.eof {
			if p.MaxLine > 0 && p.n-bytes.LastIndexByte(p.buf[:p.n], '\n')-1 > p.MaxLine {
				return "", false, ErrLongLine
			}
			continue
		}
		if i := bytes.LastIndexByte(p.buf[:p.n], '\n'); i >= 0 {
			text = string(p.buf[:i+1])
			p.n = copy(p.buf, p.buf[i+1:p.n])
			return text, false, nil
		}
		if p.MaxLine > 0 && p.n > p.MaxLine {
			return "", false, ErrLongLine
		}
		p.buf = append(p.buf, make([]byte, len(p.buf))...)
	}
}
