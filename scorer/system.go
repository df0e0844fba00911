package scorer

import (
	"strings"
	"unicode/utf8"

	"maxmatch/internal/pytext"
	"maxmatch/internal/textcheck"
)

// ReadSystem splits a system output file into hypotheses the way the official scorer does: one
// per line (lines end at "\n" only), each stripped of white space at both ends, so CRLF files
// work. A final line without "\n" counts; an empty file has no lines. A byte order mark is
// skipped (the official glues it to the first token). Text that is not UTF-8 is a *ParseError
// giving its line, column and byte offset. name is used in errors.
func ReadSystem(name string, data []byte) ([]string, error) {
	return ReadSystemString(name, string(data))
}

// ReadSystemString is ReadSystem for a file already in a string: the hypotheses are pieces of
// text, not copies. It is the incremental reader (NewSystemStream) given the whole file as one
// piece: the hypotheses and the errors are the same.
func ReadSystemString(name, text string) ([]string, error) {
	p := systemParser{name: name, line: 1}
	if err := p.feed(text); err != nil {
		return nil, err
	}
	if p.out == nil {
		p.out = []string{}
	}
	return p.out, nil
}

// systemParser reads a system file piece by piece, each piece made of whole lines.
type systemParser struct {
	name   string
	line   int   // number of the next line (1-based)
	offset int64 // byte offset of the next piece in the file
	out    []string
}

// feed appends the hypotheses of the next piece of the file (whole lines, the last one of the
// file without "\n" possibly) to p.out, up to the first line that is not UTF-8, an error.
func (p *systemParser) feed(text string) error {
	p.out = growStrings(p.out, strings.Count(text, "\n")+1)
	bad := len(text)
	if !utf8.ValidString(text) {
		bad = textcheck.FirstInvalidUTF8(text)
	}
	for start := 0; start < len(text); {
		end, next := len(text), len(text)
		if i := strings.IndexByte(text[start:], '\n'); i >= 0 {
			end, next = start+i, start+i+1
		}
		if bad < next {
			return invalidUTF8(p.name, p.line, p.offset, text, bad, start)
		}
		line := text[start:end]
		if p.offset == 0 {
			line = strings.TrimPrefix(line, "\ufeff")
			if line == "" && next == len(text) && end == next {
				break // a file that is only a byte order mark has no lines
			}
		}
		p.out = append(p.out, pytext.TrimSpace(line))
		p.offset += int64(next - start)
		p.line++
		start = next
	}
	return nil
}

// growStrings makes room for n more elements.
func growStrings(s []string, n int) []string {
	if cap(s)-len(s) < n {
		s = append(make([]string, 0, len(s)+n), s...)
	}
	return s
}
