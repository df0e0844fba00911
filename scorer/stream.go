package scorer

import (
	"fmt"
	"io"
	"iter"

	"maxmatch/internal/pieces"
	"maxmatch/internal/wording"
)

// pieceSize is how much of a file the streaming readers read at a time: the pieces they parse
// are this long, cut back to the last line break (longer when one line is longer).
const pieceSize = 64 << 10

// M2Stream reads an M2 file incrementally: Next returns its sentences one at a time, reading
// the file a piece at a time, so that a file of any size is read in memory proportional to its
// longest block. The sentences and errors are those of M2Reader.Read on the whole file.
type M2Stream struct {
	p     *m2Parser
	in    *pieces.Reader
	ready []Sentence
	err   error
}

// Stream returns an M2Stream reading r, with r's options. name is used in errors.
func (r M2Reader) Stream(name string, rd io.Reader) *M2Stream {
	return &M2Stream{p: r.parser(name), in: pieces.New(rd, pieceSize)}
}

// StreamString returns an M2Stream reading text, the whole file, as one piece: its sentences
// refer to text rather than copies (ReadString reads the same way).
func (r M2Reader) StreamString(name, text string) *M2Stream {
	return &M2Stream{p: r.parser(name), in: pieces.Whole(text)}
}

// Next returns the next sentence, or io.EOF after the last one. A malformed file gives a
// *ParseError (after the sentences before the error), a failed read the reader's error; every
// call after an error returns it again.
func (s *M2Stream) Next() (*Sentence, error) {
	for len(s.ready) == 0 {
		if s.err != nil {
			return nil, s.err
		}
		text, last, err := s.in.Next()
		switch {
		case err == io.EOF:
			// The end of a file that ends with a line break: the last block is complete.
			if s.err = s.p.feed("", true); s.err == nil {
				s.err = s.p.end()
			}
			if s.err == nil && len(s.p.out) == 0 {
				s.err = io.EOF
			}
		case err != nil:
			s.err = err
		default:
			s.err = s.p.feed(text, last)
		}
		// The sentences parsed before an error are handed out first; a new slice each time, as
		// the caller keeps pointers into it.
		s.ready, s.p.out = s.p.out, nil
	}
	sent := &s.ready[0]
	s.ready = s.ready[1:]
	return sent, nil
}

// Sentences returns how many sentences Next has parsed so far (handed out or about to be).
func (s *M2Stream) Sentences() int { return s.p.total }

// Name returns the name the stream uses in errors.
func (s *M2Stream) Name() string { return s.p.name }

// SystemStream reads a system output file incrementally: Next returns its hypotheses one at a
// time, as ReadSystem would give them.
type SystemStream struct {
	p     systemParser
	in    *pieces.Reader
	ready []string
	err   error
}

// NewSystemStream returns a SystemStream reading r. name is used in errors.
func NewSystemStream(name string, r io.Reader) *SystemStream {
	return &SystemStream{p: systemParser{name: name, line: 1}, in: pieces.New(r, pieceSize)}
}

// NewSystemStreamString returns a SystemStream reading text, the whole file, as one piece: the
// hypotheses are pieces of text, not copies.
func NewSystemStreamString(name, text string) *SystemStream {
	return &SystemStream{p: systemParser{name: name, line: 1}, in: pieces.Whole(text)}
}

// Next returns the next hypothesis, or io.EOF after the last one. Text that is not UTF-8 gives a
// *ParseError (after the lines before it), a failed read the reader's error; every call after
// an error returns it again.
func (s *SystemStream) Next() (string, error) {
	for len(s.ready) == 0 {
		if s.err != nil {
			return "", s.err
		}
		text, _, err := s.in.Next()
		if err != nil {
			s.err = err
			continue
		}
		if err := s.p.feed(text); err != nil {
			s.err = err
		}
		s.ready, s.p.out = s.p.out, nil
	}
	h := s.ready[0]
	s.ready = s.ready[1:]
	return h, nil
}

// Lines returns how many lines Next has read so far (handed out or about to be).
func (s *SystemStream) Lines() int { return s.p.line - 1 }

// Name returns the name the stream uses in errors.
func (s *SystemStream) Name() string { return s.p.name }

// LengthError is a system output whose number of lines is not the gold standard's number of
// sentences. Both files were read to the end to count them.
type LengthError struct {
	System, Gold    string // the files' names
	Lines           int    // lines of the system output
	Sentences       int    // sentences of the gold standard
	FirstUnpairedAt int    // the line of the first gold sentence without a hypothesis (in Gold), or of the first extra system line (in System)
}

func (e *LengthError) Error() string {
	where := fmt.Sprintf("%s:%d is the first system line without a gold sentence", e.System, e.FirstUnpairedAt)
	if e.Lines < e.Sentences {
		where = fmt.Sprintf("the gold sentence at %s:%d has no system line", e.Gold, e.FirstUnpairedAt)
	}
	return fmt.Sprintf("%s has %s but %s has %s: %s; expected one system line per gold sentence",
		e.System, wording.Plural(e.Lines, "line"), e.Gold, wording.Plural(e.Sentences, "sentence"), where)
}

// Pair is a hypothesis and the gold sentence it is scored against.
type Pair struct {
	Hypothesis string
	Gold       *Sentence
}

// A GoldReader gives a gold standard's sentences one at a time, as Pairs reads them: an
// *M2Stream reads them from a file, GoldSentences from memory.
type GoldReader interface {
	// Next returns the next sentence, or io.EOF after the last one; every call after an error
	// returns it again.
	Next() (*Sentence, error)
	// Name returns the gold file's name, for errors.
	Name() string
	// Sentences returns how many sentences there are up to where Next has read.
	Sentences() int
}

// GoldSentences returns a GoldReader of sentences in memory, read by pointer (not copied).
func GoldSentences(name string, gold []Sentence) GoldReader {
	return &sentenceReader{name: name, gold: gold}
}

type sentenceReader struct {
	name string
	gold []Sentence
	next int
}

func (r *sentenceReader) Next() (*Sentence, error) {
	if r.next == len(r.gold) {
		return nil, io.EOF
	}
	r.next++
	return &r.gold[r.next-1], nil
}

func (r *sentenceReader) Name() string   { return r.name }
func (r *sentenceReader) Sentences() int { return len(r.gold) }

// Pairs yields each sentence of gold with the next hypothesis of system, reading both
// incrementally, for ScoreStream. A last system line that is empty, one more than the gold
// has sentences, is skipped (the official scorer dies on this common editor artefact) and its
// line number passed to skipped, when not nil. Errors come in the order that reading each file
// whole, the gold first, would give them: a gold file's error before a system file's, and
// either before a *LengthError (which counts both files to the end); so on an error in the
// system file or a difference in length, the rest of the gold is read to find its errors.
func Pairs(gold GoldReader, system *SystemStream, skipped func(line int)) iter.Seq2[Pair, error] {
	return func(yield func(Pair, error) bool) {
		// fail reports the first error by that order, given a system error (or nil) and
		// whether the lengths differ (firstUnpaired: the line of the first gold sentence
		// without a hypothesis, 0 when the system has more lines).
		fail := func(sysErr error, differ bool, firstUnpaired int) {
			if err := drain(gold.Next); err != nil {
				yield(Pair{}, err)
				return
			}
			if sysErr == nil {
				sysErr = drain(system.Next)
			}
			if sysErr != nil {
				yield(Pair{}, sysErr)
				return
			}
			if differ {
				yield(Pair{}, lengthError(gold, system, system.Lines(), firstUnpaired))
			}
		}
		for {
			g, gerr := gold.Next()
			if gerr != nil && gerr != io.EOF {
				yield(Pair{}, gerr)
				return
			}
			h, serr := system.Next()
			if serr != nil && serr != io.EOF {
				fail(serr, false, 0)
				return
			}
			switch {
			case gerr == io.EOF && serr == io.EOF:
				return
			case gerr == io.EOF:
				if _, err := system.Next(); err == io.EOF && extraLineSkipped(system.Lines(), gold.Sentences(), h) {
					if skipped != nil {
						skipped(system.Lines())
					}
					return
				} else if err != nil && err != io.EOF {
					fail(err, false, 0)
					return
				}
				fail(nil, true, 0)
				return
			case serr == io.EOF:
				fail(nil, true, g.Line)
				return
			}
			if !yield(Pair{h, g}, nil) {
				return
			}
		}
	}
}

// CheckPairs reads gold and system, neither read from yet, to the end as Pairs would pair
// them, without building or scoring anything: it returns the number of pairs and the error
// Pairs would give, the same and in the same order, and calls skipped as Pairs does. It costs
// less than Pairs (the gold file's sentences are checked, not built), and makes a second
// reading that scores free of errors in the files.
func CheckPairs(gold *M2Stream, system *SystemStream, skipped func(line int)) (int, error) {
	gold.p.check = true
	lines, last := 0, ""
	var sysErr error
	for {
		h, err := system.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			sysErr = err
			break
		}
		lines++
		last = h
	}
	gold.p.lineOf = lines + 1 // the first gold sentence without a hypothesis, if any
	if err := drain(gold.Next); err != nil {
		return 0, err
	}
	if sysErr != nil {
		return 0, sysErr
	}
	n := gold.Sentences()
	switch {
	case lines == n:
		return n, nil
	case extraLineSkipped(lines, n, last):
		if skipped != nil {
			skipped(lines)
		}
		return n, nil
	}
	firstUnpaired := 0
	if lines < n {
		firstUnpaired = gold.p.lineOfLine
	}
	return 0, lengthError(gold, system, lines, firstUnpaired)
}

// extraLineSkipped is the pairing rule's one exception to equal lengths: a system of one line
// more than the gold's sentences, that line empty and the last (a final line break too many),
// is paired without it.
func extraLineSkipped(lines, sentences int, last string) bool {
	return lines == sentences+1 && last == ""
}

// lengthError is the error of a system of lines lines that does not pair with the gold:
// firstUnpaired is the gold line of the first sentence without a hypothesis (0 when the
// system has more lines than the gold sentences).
func lengthError(gold GoldReader, system *SystemStream, lines, firstUnpaired int) *LengthError {
	e := &LengthError{System: system.Name(), Gold: gold.Name(), Lines: lines, Sentences: gold.Sentences(), FirstUnpairedAt: firstUnpaired}
	if firstUnpaired == 0 {
		e.FirstUnpairedAt = e.Sentences + 1
	}
	return e
}

// drain calls next until the end of its file and returns the error it ends with, if not io.EOF.
func drain[T any](next func() (T, error)) error {
	for {
		if _, err := next(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}
