package scorer

import (
	"bytes"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"maxmatch/internal/pydict"
	"maxmatch/internal/pytext"
)

// GoldEdit is one annotator's edit of a source sentence, from an `A` line of an M2 file.
type GoldEdit struct {
	Start, End  int      // token offsets into the sentence
	Original    string   // the source tokens [Start:End] joined by one space
	Corrections []string // the acceptable corrections; "" deletes
	Type        string   // the error type (second field)
	Line        int      // line of the A line in its file (1-based)
}

// Annotator is one annotator's gold edits for one sentence, in file order.
type Annotator struct {
	ID    int
	Edits []GoldEdit
}

// Sentence is a source sentence and every annotator's edits for it.
type Sentence struct {
	Source     string   // the text after "S ", stripped
	Tokens     []string // Source split on white space
	Annotators []Annotator
	Line       int // line of the S line (1-based)
}

// ParseError is malformed input: the file, the line, and what was wrong.
type ParseError struct {
	File   string
	Line   int // 1-based; 0 when the error concerns the whole file
	Column int // 1-based byte column, 0 when not applicable
	Msg    string
}

func (e *ParseError) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Column == 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// ReadM2 parses an M2 gold file the way the official scorer does, with the reading fixes among
// fixes (FixNoneCorrection, FixSentenceOffsets, FixAnnotatorOrder) applied. It also reads CRLF
// files and files with a byte order mark, on which the official dies. name is used in errors.
func ReadM2(name string, data []byte, fixes Fix) ([]Sentence, error) {
	p := m2Parser{name: name, fixes: fixes}
	return p.parse(data)
}

type m2Parser struct {
	name  string
	fixes Fix
}

func (p *m2Parser) errorf(line, col int, format string, args ...any) error {
	return &ParseError{File: p.name, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// lineOf returns the 1-based line number of a byte offset, counting "\n" only (what an editor
// shows; Python also breaks lines at a few control characters).
func lineOf(data []byte, off int) int {
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}

func (p *m2Parser) parse(data []byte) ([]Sentence, error) {
	if !utf8.Valid(data) {
		off := firstInvalidUTF8(data)
		return nil, p.errorf(lineOf(data, off), 0, "invalid UTF-8 at byte %d", off)
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	// The official splits blocks at lines that are exactly "\n"; a CRLF file has none and it
	// dies. We read CRLF files as their LF equivalent (which keeps line numbers).
	text = strings.ReplaceAll(text, "\r\n", "\n")
	// Line numbers of offsets, counted incrementally: offsets are asked for in increasing order.
	lineAt, lineOff := 1, 0
	offsetLine := func(off int) int {
		if off < lineOff {
			lineAt, lineOff = 1, 0
		}
		lineAt += strings.Count(text[lineOff:off], "\n")
		lineOff = off
		return lineAt
	}

	var sentences []Sentence
	var block []pytext.Line
	flush := func() error {
		if len(block) == 0 {
			return nil
		}
		ss, err := p.block(block, offsetLine)
		block = block[:0]
		sentences = append(sentences, ss...)
		return err
	}
	for off := 0; off < len(text); {
		var ln pytext.Line
		ln, off = pytext.NextLine(text, off)
		if ln.Text == "" && ln.Break == "\n" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		block = append(block, ln)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(sentences) == 0 {
		return nil, &ParseError{File: p.name, Msg: "no sentences: expected blocks starting with an \"S \" line"}
	}
	return sentences, nil
}

type rawEdit struct {
	GoldEdit
	annotator int64
}

// block parses one block: its S lines are sentences, its A lines edits.
func (p *m2Parser) block(lines []pytext.Line, lineNo func(int) int) ([]Sentence, error) {
	first := lines[0]
	if !strings.HasPrefix(first.Text, "S ") {
		return nil, p.errorf(lineNo(first.Offset), 1, "expected a block to start with \"S \", found %s", quote(first.Text))
	}
	var sources []string
	var sourceLines []int
	for _, ln := range lines {
		if strings.HasPrefix(ln.Text, "S ") {
			sources = append(sources, pytext.TrimSpace(ln.Text[2:]))
			sourceLines = append(sourceLines, lineNo(ln.Offset))
		}
	}
	tokens := make([][]string, len(sources))
	for i, src := range sources {
		tokens[i] = pytext.Fields(src)
	}
	blockTokens := tokens[0]
	if len(sources) > 1 {
		blockTokens = pytext.Fields(strings.Join(sources, " "))
	}

	var edits []rawEdit
	var annotatorOrder []int64
	for _, ln := range lines[1:] {
		if strings.HasPrefix(ln.Text, "S ") || strings.HasPrefix(ln.Text, "I ") {
			continue
		}
		no := lineNo(ln.Offset)
		if !strings.HasPrefix(ln.Text, "A ") {
			return nil, p.errorf(no, 1, "expected an \"A \" line (or \"S \", or a blank line between blocks), found %s", quote(ln.Text))
		}
		e, err := p.editLine(ln.Text[2:], no, blockTokens)
		if err != nil {
			return nil, err
		}
		edits = append(edits, e)
		annotatorOrder = append(annotatorOrder, e.annotator)
	}
	// The official builds {annotator: edits} in order of first appearance, then copies it, per
	// sentence, into a second dict in the first one's order; we visit annotators in the second
	// dict's order.
	order := annotatorVisitOrder(annotatorOrder)
	if p.fixes.Has(FixAnnotatorOrder) {
		slices.Sort(order)
	}

	var out []Sentence
	tokOffset := 0
	for si, src := range sources {
		toks := tokens[si]
		tokOffset += len(toks)
		s := Sentence{Source: src, Tokens: toks, Line: sourceLines[si]}
		prevOffset := tokOffset - len(toks)
		for _, id := range order {
			a := Annotator{ID: int(id)}
			for _, e := range edits {
				if e.annotator != id || e.Start < 0 || e.End < 0 || e.Start > tokOffset || e.End > tokOffset {
					continue
				}
				// The official checks offsets against the tokens of the block so far, without
				// re-basing them per sentence. FixSentenceOffsets gives each edit to the first sentence that
				// contains its span, with offsets relative to that sentence.
				if p.fixes.Has(FixSentenceOffsets) {
					if e.Start < prevOffset || e.End < prevOffset || (si > 0 && e.Start == prevOffset && e.End == prevOffset) {
						continue
					}
					e.Start -= prevOffset
					e.End -= prevOffset
				}
				a.Edits = append(a.Edits, e.GoldEdit)
			}
			s.Annotators = append(s.Annotators, a)
		}
		if len(s.Annotators) == 0 {
			s.Annotators = []Annotator{{ID: 0}}
		}
		out = append(out, s)
	}
	return out, nil
}

// annotatorVisitOrder is pydict.Order applied twice (see block), with a shortcut for the usual
// case: up to five distinct ids below 8 occupy their own slots of an 8-slot table, so the order
// is ascending.
func annotatorVisitOrder(ids []int64) []int64 {
	var seen uint8
	for _, id := range ids {
		if id < 0 || id >= 8 {
			return pydict.Order(pydict.Order(ids))
		}
		seen |= 1 << id
	}
	if bits.OnesCount8(seen) > 5 {
		return pydict.Order(pydict.Order(ids))
	}
	order := make([]int64, 0, bits.OnesCount8(seen))
	for id := range int64(8) {
		if seen&(1<<id) != 0 {
			order = append(order, id)
		}
	}
	return order
}

// editLine parses the part of an A line after "A ":
// start end|||type|||corr1||corr2||…|||required|||comment|||annotator
func (p *m2Parser) editLine(body string, no int, blockTokens []string) (rawEdit, error) {
	fields := strings.Split(body, "|||")
	if len(fields) < 6 {
		return rawEdit{}, p.errorf(no, 0, "expected 6 fields separated by \"|||\" (span, type, corrections, required, comment, annotator), found %d", len(fields))
	}
	span := pytext.Fields(fields[0])
	if len(span) < 2 {
		return rawEdit{}, p.errorf(no, 3, "expected two token offsets \"start end\", found %s", quote(fields[0]))
	}
	start, err1 := parseInt(span[0])
	end, err2 := parseInt(span[1])
	if err1 != nil || err2 != nil {
		return rawEdit{}, p.errorf(no, 3, "expected integer token offsets \"start end\", found %s", quote(fields[0]))
	}
	annotator, err := parseInt(pytext.TrimSpace(fields[5]))
	if err != nil {
		return rawEdit{}, p.errorf(no, 0, "expected an integer annotator id in the sixth field, found %s", quote(fields[5]))
	}
	etype := fields[1]
	if etype == "noop" {
		start, end = -1, -1
	}
	var corrections []string
	for _, c := range strings.Split(fields[2], "||") {
		switch {
		case c == "-NONE-":
			c = ""
		case p.fixes.Has(FixNoneCorrection) && pytext.TrimSpace(c) == "-NONE-":
			c = ""
		default:
			c = pytext.TrimSpace(c)
			if p.fixes.Has(FixNoneCorrection) {
				c = strings.Join(pytext.Fields(c), " ")
			}
		}
		corrections = append(corrections, c)
	}
	e := rawEdit{annotator: annotator}
	e.Start, e.End = int(start), int(end)
	e.Type = etype
	e.Corrections = corrections
	e.Line = no
	e.Original = strings.Join(pySlice(blockTokens, e.Start, e.End), " ")
	return e, nil
}

// pySlice is Python's s[i:j] for any integers (negative ones count from the end).
func pySlice(s []string, i, j int) []string {
	n := len(s)
	clamp := func(x int) int {
		if x < 0 {
			x += n
			if x < 0 {
				x = 0
			}
		}
		return min(x, n)
	}
	i, j = clamp(i), clamp(j)
	if i >= j {
		return nil
	}
	return s[i:j]
}

// parseInt reads a decimal integer with an optional sign, as Python's int() reads ASCII digits.
func parseInt(s string) (int64, error) {
	s = strings.TrimPrefix(s, "+")
	if s == "" || s == "-" {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseInt(s, 10, 32)
}

func quote(s string) string {
	const max = 60
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}
