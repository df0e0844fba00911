// Package nbest reads n-best lists — several hypotheses per gold sentence, in Moses' format or
// as JSON lines — and finds the oracle: the choice of one hypothesis per sentence with the best
// corpus F_β.
package nbest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"maxmatch/internal/jsonline"
	"maxmatch/internal/pieces"
	"maxmatch/internal/pytext"
	"maxmatch/internal/textcheck"
	"maxmatch/internal/wording"
	"maxmatch/scorer"
)

// Format is the layout of an n-best list.
type Format uint8

const (
	// Auto is JSONLines when the first line that is not blank starts with "{", else Moses.
	Auto Format = iota
	// Moses is Moses' n-best format: one hypothesis per line, "i ||| hypothesis ||| features |||
	// score" (only the first two fields are read; a line needs at least those two), i the
	// 0-based index of the gold sentence.
	Moses
	// JSONLines is one JSON object per line, {"id": i, "hyps": ["…", …]} or {"id": i, "hyp": "…"}.
	JSONLines
)

func (f Format) String() string { return [...]string{"auto", "moses", "jsonl"}[f] }

// ParseFormat reads "auto", "moses" or "jsonl".
func ParseFormat(s string) (Format, error) {
	for f := Auto; f <= JSONLines; f++ {
		if f.String() == s {
			return f, nil
		}
	}
	return 0, fmt.Errorf("unknown n-best format %q: expected auto, moses or jsonl", s)
}

// MaxLineBytes bounds one line of an n-best list, so that a file without line breaks gets an
// error rather than all the memory.
const MaxLineBytes = 64 << 20

// Group is the hypotheses of one gold sentence, consecutive in the list.
type Group struct {
	Sentence int      // 0-based index of the gold sentence
	Hyps     []string // in list order: the k-th is the sentence's hypothesis k
	Line     int      // line of the first hypothesis (1-based)
}

// Reader reads an n-best list group by group. The hypotheses of a sentence must be consecutive
// (Moses writes them so); sentences may come in any order, and may be missing.
//
// The list is read in pieces of about a megabyte of whole lines (internal/pieces) that the
// hypotheses are cut from without copying: a group's hypotheses keep their piece in memory,
// and nothing else does.
type Reader struct {
	name   string
	format Format
	in     *pieces.Reader
	chunk  string // the rest of the last piece read
	line   int
	// pending is a hypothesis read ahead: the first of the next group.
	pending    *Group
	seen       map[int]int // sentence → line of its group, to find a sentence split in two
	eof        bool
	nSentences int
}

// chunkBytes is how much of the list a Reader reads at a time.
const chunkBytes = 1 << 20

// NewReader returns a Reader of the n-best list r, whose name is used in errors. nSentences is
// the number of gold sentences: ids must be below it (0: no check). An error reading r is
// returned as it is: r's errors name the file (an input.File's reader does).
func NewReader(r io.Reader, name string, format Format, nSentences int) *Reader {
	in := pieces.New(r, chunkBytes)
	in.MaxLine = MaxLineBytes
	return &Reader{name: name, format: format, in: in, seen: map[int]int{}, nSentences: nSentences}
}

func (r *Reader) errorf(line, col int, format string, args ...any) error {
	return &scorer.ParseError{File: r.name, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// readLine returns the next line without its line break, or io.EOF.
func (r *Reader) readLine() (string, error) {
	for {
		line, rest, found := strings.Cut(r.chunk, "\n")
		if found || r.chunk != "" { // a piece ends with "\n" but the file's last
			r.chunk = rest
			if len(line) > MaxLineBytes {
				return "", r.errorf(r.line+1, 0, "line longer than %d bytes: expected one hypothesis per line", MaxLineBytes)
			}
			return r.checkLine(line)
		}
		var err error
		r.chunk, _, err = r.in.Next()
		switch {
		case err == io.EOF:
			return "", io.EOF
		case err == pieces.ErrLongLine:
			return "", r.errorf(r.line+1, 0, "line longer than %d bytes: expected one hypothesis per line", MaxLineBytes)
		case err != nil:
			return "", err
		}
	}
}

// checkLine counts a line and checks it is UTF-8.
func (r *Reader) checkLine(line string) (string, error) {
	r.line++
	if r.line == 1 {
		line = strings.TrimPrefix(line, "\ufeff")
	}
	if !utf8.ValidString(line) {
		off := textcheck.FirstInvalidUTF8(line)
		return "", r.errorf(r.line, off+1, "invalid UTF-8: byte 0x%02x; expected UTF-8 text", line[off])
	}
	return line, nil
}

// entry is one line's content: a sentence and its hypotheses (one, or a list).
type entry struct {
	sentence int
	one      string
	many     []string
	isMany   bool
	line     int
}

// appendTo appends the entry's hypotheses to hyps.
func (e *entry) appendTo(hyps []string) []string {
	if e.isMany {
		return append(hyps, e.many...)
	}
	return append(hyps, e.one)
}

// readEntry returns the next line that is not blank, parsed.
func (r *Reader) readEntry() (entry, error) {
	for {
		line, err := r.readLine()
		if err != nil {
			return entry{}, err
		}
		if pytext.TrimSpace(line) == "" {
			continue
		}
		if r.format == Auto {
			r.format = Moses
			if strings.HasPrefix(strings.TrimLeft(line, " \t"), "{") {
				r.format = JSONLines
			}
		}
		var e entry
		if r.format == JSONLines {
			e, err = r.parseJSON([]byte(line))
		} else {
			e, err = r.parseMoses(line)
		}
		if err != nil {
			return entry{}, err
		}
		if r.nSentences > 0 && e.sentence >= r.nSentences {
			return entry{}, r.errorf(r.line, 1, "sentence id %d is out of range: the gold file has %s (ids 0 to %d)", e.sentence, wording.Plural(r.nSentences, "sentence"), r.nSentences-1)
		}
		e.line = r.line
		return e, nil
	}
}

func (r *Reader) parseMoses(line string) (entry, error) {
	idField, rest, ok := cutField(line)
	if !ok {
		return entry{}, r.errorf(r.line, 1, `expected "id ||| hypothesis ||| …" (Moses n-best format), found no "|||"`)
	}
	hyp, _, _ := cutField(rest)
	id, err := parseID(pytext.TrimSpace(idField))
	if err != nil {
		return entry{}, r.errorf(r.line, 1, "sentence id (field 1): %v", err)
	}
	return entry{sentence: id, one: pytext.TrimSpace(hyp)}, nil
}

// cutField cuts s at the first "|||".
func cutField(s string) (field, rest string, found bool) {
	return strings.Cut(s, "|||")
}

// parseID reads a sentence id of the Moses format (idDigits).
func parseID(s string) (int, error) {
	id, ok := idDigits(s)
	if !ok {
		return 0, fmt.Errorf("expected a non-negative integer (digits with no sign), found %q", s)
	}
	return id, nil
}

// idDigits reads a sentence id, in every format: decimal digits and nothing else, so that no
// sign is taken ("+1" or "-0", which Atoi reads; JSON's grammar allows "-0" too).
func idDigits(s string) (int, bool) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	id, err := strconv.Atoi(s)
	return id, err == nil
}

// jsonEntry is a line of the JSON-lines format.
type jsonEntry struct {
	ID   json.RawMessage `json:"id"`
	Hyp  *string         `json:"hyp"`
	Hyps []string        `json:"hyps"`
}

func (r *Reader) parseJSON(line []byte) (entry, error) {
	var j jsonEntry
	if err := jsonline.Decode(line, &j); err != nil {
		var e *jsonline.Error
		errors.As(err, &e)
		return entry{}, r.errorf(r.line, e.Col, "%s", e.Msg)
	}
	if j.ID == nil {
		return entry{}, r.errorf(r.line, 1, `expected an "id" field, the 0-based index of the gold sentence`)
	}
	id, err := SentenceID(j.ID)
	if err != nil {
		return entry{}, r.errorf(r.line, 1, `"id": %v`, err)
	}
	switch {
	case j.Hyp != nil && j.Hyps != nil:
		return entry{}, r.errorf(r.line, 1, `expected "hyp" or "hyps", found both`)
	case j.Hyp != nil:
		return entry{sentence: id, one: pytext.TrimSpace(*j.Hyp)}, nil
	case j.Hyps == nil:
		return entry{}, r.errorf(r.line, 1, `expected "hyps", a list of hypotheses (or "hyp", one)`)
	}
	for k, h := range j.Hyps {
		j.Hyps[k] = pytext.TrimSpace(h)
	}
	return entry{sentence: id, many: j.Hyps, isMany: true}, nil
}

// BytesRead returns how many bytes of the list the Reader has read so far.
func (r *Reader) BytesRead() int64 { return r.in.BytesRead() }

// Next returns the next group, or io.EOF after the last.
func (r *Reader) Next() (Group, error) {
	var g Group
	if r.pending != nil {
		g, r.pending = *r.pending, nil
	} else {
		if r.eof {
			return Group{}, io.EOF
		}
		e, err := r.readEntry()
		if err != nil {
			r.eof = err == io.EOF
			return Group{}, err
		}
		g = Group{Sentence: e.sentence, Hyps: e.appendTo(nil), Line: e.line}
	}
	for !r.eof {
		e, err := r.readEntry()
		if err == io.EOF {
			r.eof = true
			break
		}
		if err != nil {
			return Group{}, err
		}
		if e.sentence != g.Sentence {
			r.pending = &Group{Sentence: e.sentence, Hyps: e.appendTo(nil), Line: e.line}
			break
		}
		g.Hyps = e.appendTo(g.Hyps)
	}
	if first, ok := r.seen[g.Sentence]; ok {
		return Group{}, r.errorf(g.Line, 1, "the hypotheses of sentence %d are not consecutive: they start at line %d and again here; expected all of a sentence's hypotheses together", g.Sentence, first)
	}
	r.seen[g.Sentence] = g.Line
	return g, nil
}

// SentenceID reads a sentence id from raw JSON: a non-negative integer written without a
// sign (idDigits).
func SentenceID(raw json.RawMessage) (int, error) {
	id, ok := idDigits(string(bytes.TrimSpace(raw)))
	if !ok {
		return 0, fmt.Errorf("expected a sentence index (a non-negative integer, digits with no sign), found %s", raw)
	}
	return id, nil
}
