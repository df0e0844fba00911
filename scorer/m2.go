package scorer

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"maxmatch/internal/pydict"
	"maxmatch/internal/pytext"
	"maxmatch/internal/textcheck"
	"maxmatch/internal/wording"
)

// GoldEdit is one annotator's edit of a source sentence, from an `A` line of an M2 file.
type GoldEdit struct {
	Start, End  int      // token offsets into the sentence
	Original    string   // the source tokens [Start:End] joined by one space
	Corrections []string // the acceptable corrections; "" deletes
	Type        string   // the error type (second field)
	Line        int      // line of the A line in its file (1-based)
	// CorrectionsText is the corrections field of the A line as written (the third field), ""
	// for an edit not read from a file. The official scorer's -v output shows a correction
	// written "-NONE-" as the byte string '', and an empty one written otherwise as u''.
	CorrectionsText string
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
// fixes (FixNoneCorrection, FixSentenceOffsets, FixAnnotatorOrder) applied. name is used in
// errors.
//
// It reads what the official reads, and more leniently where real files trip the official up:
//   - An A line whose span lies outside its sentence is dropped, and one whose span ends before
//     it starts is kept (a gold edit no system edit can match), as the official does: the
//     official test set of a shared task has such a line. M2Reader can report them (Warn) or
//     refuse them (Strict).
//   - A block must start with its S line (the official ignores a block's first line, whatever it
//     is, when an S line follows).
//   - CRLF files, a byte order mark, and lines of white space between blocks are read as their
//     plain equivalent (the official dies on the first and the last, and misreads the second).
//
// Every error is a *ParseError giving the line and, where it helps, the column.
func ReadM2(name string, data []byte, fixes Fix) ([]Sentence, error) {
	return M2Reader{Fixes: fixes}.Read(name, data)
}

// M2Reader reads M2 files with options beyond those of ReadM2.
type M2Reader struct {
	Fixes Fix // the reading fixes to apply (see ReadM2)
	// Strict makes an error of an A line whose span the official scorer accepts without complaint
	// but cannot use: a span with a negative offset or beyond the tokens of its block, which the
	// official drops, or a span whose start is after its end, which it keeps as a gold edit no
	// system edit can match. Without Strict they are read as the official reads them. Edits of
	// type "noop" are exempt either way: their offsets are replaced by -1.
	Strict bool
	// Warn, when not nil and Strict is not set, is called once for each such A line, with the
	// error Strict would return (file, line, column, what is wrong and how it was read).
	Warn func(*ParseError)
	// StrictNote ends Strict's error for such a span, after how the official reads it: what the
	// reader's user does instead. Empty, it is the command's: "(without --strict, so does
	// maxmatch, with a warning)".
	StrictNote string
}

// Read parses an M2 file as ReadM2 does, with r's options. name is used in errors.
func (r M2Reader) Read(name string, data []byte) ([]Sentence, error) {
	return r.ReadString(name, string(data))
}

// ReadString is Read for a file already in a string. The sentences refer to pieces of text
// rather than copies of them, so a caller that has the file in a string saves a copy of it.
//
// It is the incremental reader (Stream) given the whole file as one piece: the sentences and
// the errors are the same.
//
// On more than one CPU, a file of at least two partSize is parsed in parts, each starting after a
// blank line (see splitAtBlankLines), by the CPUs at once; the sentences, the warnings and the
// error are those of one parse.
func (r M2Reader) ReadString(name, text string) ([]Sentence, error) {
	var cuts []int
	if runtime.GOMAXPROCS(0) > 1 {
		cuts = splitAtBlankLines(text, len(text)/partSize)
	}
	if len(cuts) == 0 {
		p := r.parser(name)
		if err := p.feed(text, true); err != nil {
			return nil, err
		}
		if err := p.end(); err != nil {
			return nil, err
		}
		return p.out, nil
	}
	return r.readParts(name, text, cuts)
}

// partSize is about the size of a part of a file parsed on its own. The parts are several
// per CPU, taken in turn by whichever is free: a goroutine started for a second CPU may not run
// for milliseconds (4 ms seen on a virtual machine whose idle CPU had to be woken), and the
// first does the parts meanwhile. The CoNLL-2014 gold (438 kB) is six parts.
const partSize = 64 << 10

// splitAtBlankLines returns up to n-1 increasing offsets into text, none at its ends, each just
// after a line that is exactly "\n" that follows another line: near k·len(text)/n for k = 1, 2,
// ... (the first such line at or after that point). A parser that has read text up to such an
// offset has ended its block there (physicalLine), and knows nothing of what came before but its
// line number and byte offset: a second parser started there reads the rest as the first would.
func splitAtBlankLines(text string, n int) []int {
	var cuts []int
	last := 0
	for k := 1; k < n; k++ {
		from := max(k*len(text)/n, last)
		i := strings.Index(text[from:], "\n\n")
		if i < 0 {
			break
		}
		cut := from + i + 2
		if cut >= len(text) {
			break
		}
		cuts = append(cuts, cut)
		last = cut
	}
	return cuts
}

// readParts parses text in the parts that cuts make, each by its own parser, on as many
// goroutines as there are CPUs (the caller's one of them), and joins them as one parse would:
// the sentences in order; the warnings of each part, buffered, in order; the first part's
// error, after the warnings before it.
func (r M2Reader) readParts(name, text string, cuts []int) ([]Sentence, error) {
	type part struct {
		p     *m2Parser
		warns []*ParseError
		err   error
	}
	parts := make([]part, len(cuts)+1)
	bounds := append(append([]int{0}, cuts...), len(text))
	// The line each part starts on, counted once through the file: each part counting the lines
	// before it read the text's start again for every part (a 16 MB file has 256 of them).
	lines := make([]int, len(parts))
	lines[0] = 1
	for k := 1; k < len(parts); k++ {
		lines[k] = lines[k-1] + strings.Count(text[bounds[k-1]:bounds[k]], "\n")
	}
	var next atomic.Int32 // the next part to parse
	parse := func() {
		for k := int(next.Add(1) - 1); k < len(parts); k = int(next.Add(1) - 1) {
			pt := &parts[k]
			pt.p = r.parser(name)
			pt.p.line = lines[k]
			pt.p.offset = int64(bounds[k])
			if r.Warn != nil {
				pt.p.warn = func(e *ParseError) { pt.warns = append(pt.warns, e) }
			}
			pt.err = pt.p.feed(text[bounds[k]:bounds[k+1]], k == len(parts)-1)
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(parts)) - 1 {
		wg.Go(parse)
	}
	parse()
	wg.Wait()
	total := 0
	for k := range parts {
		for _, w := range parts[k].warns {
			r.Warn(w)
		}
		if parts[k].err != nil {
			return nil, parts[k].err
		}
		total += len(parts[k].p.out)
	}
	if total == 0 {
		return nil, parts[0].p.end()
	}
	out := make([]Sentence, 0, total)
	for k := range parts {
		out = append(out, parts[k].p.out...)
	}
	return out, nil
}

func (r M2Reader) parser(name string) *m2Parser {
	note := r.StrictNote
	if note == "" {
		note = "(without --strict, so does maxmatch, with a warning)"
	}
	return &m2Parser{name: name, fixes: r.Fixes, strict: r.Strict, strictNote: note, warn: r.Warn, line: 1}
}

// blockLine is a non-blank line of a block: a line as Python's splitlines cuts the file, and
// the number of the line of the file ("\n"-terminated, what an editor shows) it is on.
type blockLine struct {
	text string
	line int
	col  int // the byte offset of text in its line of the file (after a "\r" or another break of Python's)
}

// m2Parser reads an M2 file piece by piece (feed), each piece made of whole lines of the file,
// and turns each block into sentences as soon as the blank line that ends it arrives.
type m2Parser struct {
	name       string
	fixes      Fix
	strict     bool
	strictNote string
	col        int // the offset in its line of the file of the line being parsed (see errorf)
	warn       func(*ParseError)

	// Where the next piece starts in the file.
	line   int   // its line number (1-based)
	offset int64 // its byte offset
	block  []blockLine
	total  int // sentences parsed so far

	// check only checks the file: it counts its sentences, finds its errors and builds
	// nothing, noting the line of sentence number lineOf (1-based) in lineOfLine.
	check       bool
	lineOf      int
	lineOfLine  int
	checkTokens []string

	out []Sentence // the sentences parsed and not yet handed out
	// Scratch reused from block to block.
	sources        []string
	sourceLines    []int
	tokens         [][]string
	edits          []rawEdit
	annotatorOrder []int64
	annotatorIndex map[int64]int32 // an annotator id's place in the visiting order
	annotatorStart []int32         // where each annotator's edits start in byAnnotator
	annotatorFill  []int32
	byAnnotator    []int32 // the block's edit indices, grouped by annotator
	// Slabs from which the sentences' slices are cut, so that a file costs a few allocations
	// rather than several per edit.
	goldSlab       []GoldEdit
	annotatorSlab  []Annotator
	correctionSlab []string
}

// cut returns n elements taken from the slab, starting a new slab of at least min elements when
// the current one is full. The result has no spare capacity: appending to it copies.
func cut[T any](slab *[]T, n, minSize int) []T {
	if len(*slab)+n > cap(*slab) {
		*slab = make([]T, 0, max(n, minSize))
	}
	start := len(*slab)
	*slab = (*slab)[:start+n]
	return (*slab)[start : start+n : start+n]
}

// errorf is an error at column col (1-based; 0 for the whole line) of the line being parsed,
// which starts p.col bytes into line line of the file.
func (p *m2Parser) errorf(line, col int, format string, args ...any) error {
	if col > 0 {
		col += p.col
	}
	return &ParseError{File: p.name, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// invalidUTF8 is the error for a line of a file that is not valid UTF-8: the line starts at
// byte offset lineOffset of the file, and its first bad byte is text[bad].
func invalidUTF8(name string, line int, lineOffset int64, text string, bad, lineStart int) error {
	return &ParseError{File: name, Line: line, Column: bad - lineStart + 1,
		Msg: fmt.Sprintf("invalid UTF-8: byte 0x%02x at byte offset %d of the file; expected UTF-8 text", text[bad], lineOffset+int64(bad-lineStart))}
}

// feed parses the next piece of the file: whole lines, each ending in "\n", or, at the end of
// the file (final), whatever is left. The sentences of every block the piece completes are
// appended to p.out; a block still open at the end of a piece waits for the next one. The
// first error in the file stops the parse: a line that is not UTF-8 when it is reached, or a
// malformed block when its end is.
func (p *m2Parser) feed(text string, final bool) error {
	if p.offset == 0 {
		// Sized from the piece: the sentences and, as nearly every A line gives one gold edit
		// with one correction, the slabs hold the piece's edits with little to spare.
		p.out = slices.Grow(p.out, strings.Count(text, "\nS ")+1)
	} else {
		p.out = slices.Grow(p.out, strings.Count(text, "\nS "))
	}
	edits := strings.Count(text, "\nA ") + 1
	if cap(p.goldSlab)-len(p.goldSlab) < edits {
		p.goldSlab = make([]GoldEdit, 0, edits)
	}
	if cap(p.correctionSlab)-len(p.correctionSlab) < edits {
		p.correctionSlab = make([]string, 0, edits+edits/8)
	}
	bad := len(text) // the first byte that is not UTF-8
	if !utf8.ValidString(text) {
		bad = textcheck.FirstInvalidUTF8(text)
	}
	for start := 0; start < len(text); {
		end := len(text)
		if i := strings.IndexByte(text[start:], '\n'); i >= 0 {
			end = start + i + 1
		}
		if bad < end {
			return invalidUTF8(p.name, p.line, p.offset, text, bad, start)
		}
		line := text[start:end]
		if p.offset == 0 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if err := p.physicalLine(line); err != nil {
			return err
		}
		p.offset += int64(end - start)
		if text[end-1] == '\n' {
			p.line++
		}
		start = end
	}
	if final {
		return p.flush()
	}
	return nil
}

// physicalLine reads one line of the file (up to and including its "\n"). Python's splitlines
// also ends lines at a few other characters (see pytext.NextLine), so it may hold several
// lines; the official separates blocks by lines that are exactly "\n". We also take a line of
// white space for a separator: where the official accepts one (as a block's first line, which
// it ignores) the result is the same, elsewhere it dies on it.
func (p *m2Parser) physicalLine(line string) error {
	// The official dies on a CRLF file, which has no line that is exactly "\n"; we read it as its
	// LF equivalent. Reading "\r\n" as one line break is that, except after another "\r",
	// which the equivalent joins with the "\n".
	if strings.HasSuffix(line, "\r\r\n") {
		line = line[:len(line)-2] + "\n"
	}
	for off := 0; off < len(line); {
		var ln pytext.Line
		ln, off = pytext.NextLine(line, off)
		if ln.Text == "" || pytext.TrimSpace(ln.Text) == "" {
			if err := p.flush(); err != nil {
				return err
			}
			continue
		}
		p.block = append(p.block, blockLine{ln.Text, p.line, ln.Offset})
	}
	return nil
}

// flush parses the block read so far, if any.
func (p *m2Parser) flush() error {
	if len(p.block) == 0 {
		return nil
	}
	err := p.parseBlock(p.block)
	p.block = p.block[:0]
	return err
}

// end checks, once the whole file is read, that it had sentences.
func (p *m2Parser) end() error {
	if p.total == 0 {
		return &ParseError{File: p.name, Msg: "no sentences (the file is empty or blank): expected blocks of an \"S \" line followed by its \"A \" lines"}
	}
	return nil
}

type rawEdit struct {
	GoldEdit
	annotator int64
}

// parseBlock parses one block, appending its sentences to p.out: its S lines are sentences,
// its A lines edits.
func (p *m2Parser) parseBlock(lines []blockLine) error {
	first := lines[0]
	p.col = first.col
	if strings.HasPrefix(first.text, "A ") {
		return p.errorf(first.line, 1, "an \"A \" line before any \"S \" line: expected each block to start with the \"S \" line of its sentence")
	}
	if !strings.HasPrefix(first.text, "S ") {
		return p.errorf(first.line, 1, "expected a block to start with an \"S \" line, found %s", quote(first.text))
	}
	blockText, blockTokens := p.readSources(lines)
	if err := p.readEdits(lines[1:], blockText, blockTokens); err != nil {
		return err
	}
	if p.check {
		p.counted(len(p.sources))
		return nil
	}
	// The official builds {annotator: edits} in order of first appearance, then copies it, per
	// sentence, into a second dict in the first one's order; we visit annotators in the second
	// dict's order.
	order := annotatorVisitOrder(p.annotatorOrder)
	if p.fixes.Has(FixAnnotatorOrder) {
		slices.Sort(order)
	}
	p.groupByAnnotator(order)
	p.appendSentences(order)
	return nil
}

// readSources reads the block's S lines into p.sources, p.sourceLines and (unless checking)
// p.tokens, and returns the text of the block, its sources joined by a space, and its tokens,
// which the A lines' offsets count.
func (p *m2Parser) readSources(lines []blockLine) (blockText string, blockTokens []string) {
	p.sources, p.sourceLines, p.tokens = p.sources[:0], p.sourceLines[:0], p.tokens[:0]
	for _, ln := range lines {
		if strings.HasPrefix(ln.text, "S ") {
			src := pytext.TrimSpace(ln.text[2:])
			p.sources = append(p.sources, src)
			p.sourceLines = append(p.sourceLines, ln.line)
			if !p.check {
				p.tokens = append(p.tokens, pytext.Fields(src))
			}
		}
	}
	blockText = p.sources[0]
	switch {
	case len(p.sources) > 1 && !p.check:
		blockText = strings.Join(p.sources, " ")
		blockTokens = pytext.Fields(blockText)
	case len(p.sources) > 1:
		blockText = strings.Join(p.sources, " ")
		blockTokens = pytext.AppendFields(p.checkTokens[:0], blockText)
	case p.check:
		blockTokens = pytext.AppendFields(p.checkTokens[:0], blockText)
	default:
		blockTokens = p.tokens[0]
	}
	if p.check {
		p.checkTokens = blockTokens // a buffer for the next block
	}
	return blockText, blockTokens
}

// readEdits reads the A lines among the block's lines after its first into p.edits, and their
// annotators, in file order, into p.annotatorOrder; S and I lines are skipped.
func (p *m2Parser) readEdits(lines []blockLine, blockText string, blockTokens []string) error {
	p.edits, p.annotatorOrder = p.edits[:0], p.annotatorOrder[:0]
	for _, ln := range lines {
		if strings.HasPrefix(ln.text, "S ") || strings.HasPrefix(ln.text, "I ") {
			continue
		}
		p.col = ln.col
		if !strings.HasPrefix(ln.text, "A ") {
			return p.errorf(ln.line, 1, "expected an \"A \" line (or \"S \", or a blank line between blocks), found %s", quote(ln.text))
		}
		e, err := p.editLine(ln.text[2:], ln.line, blockText, blockTokens, len(p.sources))
		if err != nil {
			return err
		}
		p.edits = append(p.edits, e)
		p.annotatorOrder = append(p.annotatorOrder, e.annotator)
	}
	return nil
}

// appendSentences appends the block's sentences to p.out, each with every annotator of order
// (grouped by groupByAnnotator) and the annotator's edits that belong to it.
func (p *m2Parser) appendSentences(order []int64) {
	tokOffset := 0
	for si, src := range p.sources {
		toks := p.tokens[si]
		tokOffset += len(toks)
		prevOffset := tokOffset - len(toks)
		s := Sentence{Source: src, Tokens: toks, Line: p.sourceLines[si]}
		if len(order) == 0 {
			s.Annotators = cut(&p.annotatorSlab, 1, 1024)
			s.Annotators[0] = Annotator{ID: 0}
		} else {
			s.Annotators = cut(&p.annotatorSlab, len(order), 1024)
		}
		for ai, id := range order {
			mine := p.byAnnotator[p.annotatorStart[ai]:p.annotatorStart[ai+1]]
			s.Annotators[ai] = Annotator{ID: int(id), Edits: p.sentenceEdits(mine, si, prevOffset, tokOffset)}
		}
		p.out = append(p.out, s)
		p.total++
	}
}

// sentenceEdits cuts from the slab the edits among mine (indices into p.edits) that belong to
// sentence si of the block, whose tokens are the block's [prevOffset, tokOffset); nil if none.
//
// An edit belongs to the sentence when its offsets are within the tokens of the block so far:
// the official does not re-base them per sentence. FixSentenceOffsets gives each edit to the
// first sentence that contains its span, relative to that sentence.
func (p *m2Parser) sentenceEdits(mine []int32, si, prevOffset, tokOffset int) []GoldEdit {
	rebase := p.fixes.Has(FixSentenceOffsets)
	keep := func(e *rawEdit) bool {
		if e.Start < 0 || e.End < 0 || e.Start > tokOffset || e.End > tokOffset {
			return false
		}
		return !rebase || !(e.Start < prevOffset || e.End < prevOffset || (si > 0 && e.Start == prevOffset && e.End == prevOffset))
	}
	n := 0
	for _, i := range mine {
		if keep(&p.edits[i]) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	edits := cut(&p.goldSlab, n, 4096)[:0]
	for _, i := range mine {
		if e := &p.edits[i]; keep(e) {
			g := e.GoldEdit
			if rebase {
				g.Start -= prevOffset
				g.End -= prevOffset
			}
			edits = append(edits, g)
		}
	}
	return edits
}

// groupByAnnotator sorts the indices of the block's edits by annotator, in the visiting order,
// keeping file order within each annotator: annotator order[k]'s edits are
// byAnnotator[annotatorStart[k]:annotatorStart[k+1]]. It takes time linear in the edits and
// annotators, whatever their ids (comparing every annotator with every edit took 34 s for one
// sentence of 100,000 annotators).
func (p *m2Parser) groupByAnnotator(order []int64) {
	if p.annotatorIndex == nil {
		p.annotatorIndex = make(map[int64]int32)
	}
	clear(p.annotatorIndex)
	for k, id := range order {
		p.annotatorIndex[id] = int32(k)
	}
	p.annotatorStart = slices.Grow(p.annotatorStart[:0], len(order)+1)[:len(order)+1]
	clear(p.annotatorStart)
	for i := range p.edits {
		p.annotatorStart[p.annotatorIndex[p.edits[i].annotator]+1]++
	}
	for k := range order {
		p.annotatorStart[k+1] += p.annotatorStart[k]
	}
	p.byAnnotator = slices.Grow(p.byAnnotator[:0], len(p.edits))[:len(p.edits)]
	next := append(p.annotatorFill[:0], p.annotatorStart[:len(order)]...) // each one's next place
	p.annotatorFill = next
	for i := range p.edits {
		k := p.annotatorIndex[p.edits[i].annotator]
		p.byAnnotator[next[k]] = int32(i)
		next[k]++
	}
}

// counted counts the n sentences of the block just checked, noting the line of the one lineOf
// asks for.
func (p *m2Parser) counted(n int) {
	if k := p.lineOf - p.total; k >= 1 && k <= n {
		p.lineOfLine = p.sourceLines[len(p.sourceLines)-n+k-1]
	}
	p.total += n
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
// no is its line number; nSentences the number of S lines in its block.
func (p *m2Parser) editLine(body string, no int, blockText string, blockTokens []string, nSentences int) (rawEdit, error) {
	const bodyCol = 3 // columns 1 and 2 are "A "
	var fields [6]string
	var at [6]int // byte offset of each field in body
	rest, nf, pos := body, 0, 0
	for nf < 6 {
		f, after, found := strings.Cut(rest, "|||")
		fields[nf], at[nf] = f, pos
		nf++
		if !found {
			break
		}
		pos += len(f) + len("|||")
		rest = after
	}
	if nf < 6 {
		return rawEdit{}, p.errorf(no, 0, "expected 6 fields separated by \"|||\" (span, type, corrections, required, comment, annotator), found %d", nf)
	}
	startText, startAt, endText, endAt, n := firstTwoFields(fields[0])
	if n < 2 {
		return rawEdit{}, p.errorf(no, bodyCol, "span (field 1): expected two token offsets \"start end\", found %s", quote(fields[0]))
	}
	start, err := pytext.Int(startText, 32)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return rawEdit{}, p.errorf(no, bodyCol+startAt, "span (field 1): expected an integer start offset, found %s", quote(startText))
	}
	end, err := pytext.Int(endText, 32)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return rawEdit{}, p.errorf(no, bodyCol+endAt, "span (field 1): expected an integer end offset, found %s", quote(endText))
	}
	// Offsets out of int32's range keep the clamped value ParseInt returns: like Python's
	// unbounded integers they lie outside every sentence.
	annotatorText := pytext.TrimSpace(fields[5])
	annotator, err := pytext.Int(annotatorText, 64)
	if err != nil {
		col := bodyCol + at[5] + strings.Index(fields[5], annotatorText)
		if annotatorText == "" {
			col = bodyCol + at[5]
		}
		what := "an integer id"
		if errors.Is(err, strconv.ErrRange) {
			what += fmt.Sprintf(" from %d to %d", math.MinInt64, math.MaxInt64)
		}
		return rawEdit{}, p.errorf(no, col, "annotator (field 6): expected %s, found %s", what, quote(fields[5]))
	}
	etype := fields[1]
	if etype == "noop" {
		start, end = -1, -1
	} else if err := p.checkSpan(no, bodyCol, start, end, fields[0], len(blockTokens), nSentences); err != nil {
		if p.strict {
			return rawEdit{}, err
		}
		// The checking pass (check) reads the file again for scoring: warn once, then.
		if p.warn != nil && !p.check {
			p.warn(err)
		}
	}
	corrections := cut(&p.correctionSlab, strings.Count(fields[2], "||")+1, 4096)
	rest = fields[2]
	for i := range corrections {
		c, after, _ := strings.Cut(rest, "||")
		rest = after
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
		corrections[i] = c
	}
	if p.check {
		return rawEdit{annotator: annotator}, nil
	}
	e := rawEdit{annotator: annotator}
	e.Start, e.End = int(start), int(end)
	e.Type = etype
	e.Corrections = corrections
	e.CorrectionsText = fields[2]
	e.Line = no
	e.Original = joinTokens(blockText, pySlice(blockTokens, e.Start, e.End))
	return e, nil
}

// checkSpan returns the error, for Strict, of a span the official drops (outside the tokens of
// its block) or keeps as an edit nothing can match (start after end); without Strict it is the
// warning.
func (p *m2Parser) checkSpan(no, col int, start, end int64, span string, nTokens, nSentences int) *ParseError {
	n := int64(nTokens)
	reading := "ignored, as the official scorer does (--strict makes this an error)"
	if p.strict {
		reading = "the official scorer silently ignores such an edit " + p.strictNote
	}
	switch {
	case start < 0 || end < 0 || start > n || end > n:
		tokens := fmt.Sprintf("the sentence's %s", wording.Plural(nTokens, "token"))
		if nSentences > 1 {
			tokens = fmt.Sprintf("the %s of the block's %d sentences", wording.Plural(nTokens, "token"), nSentences)
		}
		return &ParseError{File: p.name, Line: no, Column: p.col + col, Msg: fmt.Sprintf(
			"span (field 1) %s is outside %s: expected 0 ≤ start ≤ end ≤ %d; %s", quote(span), tokens, n, reading)}
	case start > end:
		reading = "kept, as the official scorer does, as a gold edit no system edit can match (--strict makes this an error)"
		if p.strict {
			reading = "the official scorer keeps such an edit, which no system edit can match " + p.strictNote
		}
		return &ParseError{File: p.name, Line: no, Column: p.col + col, Msg: fmt.Sprintf(
			"span (field 1) %s ends before it starts: expected start ≤ end; %s", quote(span), reading)}
	}
	return nil
}

// firstTwoFields returns the first two white-space separated fields of s, their byte offsets,
// and how many fields (up to 2) s has.
func firstTwoFields(s string) (a string, aAt int, b string, bAt int, n int) {
	var f [2]string
	var at [2]int
	start := -1
	for i, r := range s {
		if pytext.IsSpace(r) {
			if start >= 0 {
				f[n], at[n] = s[start:i], start
				n++
				start = -1
				if n == 2 {
					return f[0], at[0], f[1], at[1], n
				}
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 && n < 2 {
		f[n], at[n] = s[start:], start
		n++
	}
	return f[0], at[0], f[1], at[1], n
}

// joinTokens is strings.Join(toks, " ") for tokens cut from text, returning the piece of text
// itself (no copy) when the tokens lie there one after another separated by single spaces, as
// they usually do.
func joinTokens(text string, toks []string) string {
	if len(toks) == 0 {
		return ""
	}
	start := substringOffset(text, toks[0])
	end := start + len(toks[0])
	for _, t := range toks[1:] {
		if start < 0 || end >= len(text) || text[end] != ' ' || substringOffset(text, t) != end+1 {
			return strings.Join(toks, " ")
		}
		end += 1 + len(t)
	}
	if start < 0 {
		return strings.Join(toks, " ")
	}
	return text[start:end]
}

// substringOffset returns the byte offset of sub in text when sub is a substring of text (it
// shares text's memory), or -1.
func substringOffset(text, sub string) int {
	if len(sub) == 0 || len(text) == 0 {
		return -1
	}
	off := int(uintptr(unsafe.Pointer(unsafe.StringData(sub))) - uintptr(unsafe.Pointer(unsafe.StringData(text))))
	if off < 0 || off+len(sub) > len(text) {
		return -1
	}
	return off
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

func quote(s string) string {
	const max = 60
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}
