package scorer

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"maxmatch/internal/pieces"
	"maxmatch/internal/pytext"
)

// addSeeds adds our own small M2 and system files (cmd/maxmatch/testdata) to a fuzz corpus.
func addSeeds(f *testing.F, pattern string, add func([]byte)) {
	paths, err := filepath.Glob(filepath.Join("..", "cmd", "maxmatch", "testdata", pattern))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		add(data)
	}
}

// withoutLines returns a copy of sentences with every line number set to 0, and every gold
// edit's corrections as written cleared: what a round trip through WriteM2 may change (it writes
// an empty correction as "-NONE-").
func withoutLines(sentences []Sentence) []Sentence {
	out := make([]Sentence, len(sentences))
	for i, s := range sentences {
		s.Line = 0
		s.Annotators = slicesClone(s.Annotators)
		for j := range s.Annotators {
			a := &s.Annotators[j]
			a.Edits = slicesClone(a.Edits)
			for k := range a.Edits {
				a.Edits[k].Line = 0
				a.Edits[k].CorrectionsText = ""
			}
		}
		out[i] = s
	}
	return out
}

func slicesClone[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// FuzzReadM2 states what ReadM2 guarantees on any input: it does not panic; it either returns a
// *ParseError for the file with a line inside it, or sentences whose tokens are their source's
// fields, with at least one annotator each, distinct ids, and (with Strict) edits with
// 0 ≤ start ≤ end; without Strict, a warning with a line inside the file for each edit that has
// not. And it checks a round trip: sentences read with
// FixSentenceOffsets, written by WriteM2 and read again, are the same sentences.
func FuzzReadM2(f *testing.F) {
	addSeeds(f, "*.m2", func(b []byte) { f.Add(b, uint16(0), false) })
	f.Add([]byte("S a b\nS c d\nA 2 3|||X|||e|||REQUIRED|||-NONE-|||0\n"), uint16(FixSentenceOffsets), false)
	f.Add([]byte("S a b\nA 0 1|||X|||-NONE- ||b  c|||REQUIRED|||-NONE-|||9\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||16\n"), uint16(0), true)
	f.Add([]byte("\ufeffS a\r\nA 0 1|||T|||b|||REQUIRED|||-NONE-|||1\r\n\r\n \nS b\n"), uint16(FixNoneCorrection), false)
	// Offsets and annotator ids in other scripts' digits, and a space after a sign (pytext.Int).
	f.Add([]byte("S a b\nA \uff10 \u0661|||X|||c|||R|||-|||- 1\nA +0 +\U0001d7cf|||X|||c|||R|||-|||\u0e52\n"), uint16(0), false)
	// Annotators whose visiting order WriteM2 must not write as is (see annotatorFileOrder).
	f.Add([]byte("S a b\nA 0 1|||X|||c|||R|||-|||6\nA 0 1|||X|||c|||R|||-|||0\nA 0 1|||X|||c|||R|||-|||-3\nA 0 1|||X|||c|||R|||-|||31\nA 0 1|||X|||c|||R|||-|||21\n"), uint16(0), false)
	f.Fuzz(func(t *testing.T, data []byte, fixBits uint16, strict bool) {
		warned := map[[2]int]bool{} // places warned about: a line of the file, and a column (Python also breaks lines at "\r" and a few others)
		warnedLines := map[int]bool{}
		r := M2Reader{Fixes: Fix(fixBits) & allFixes, Strict: strict, Warn: func(pe *ParseError) {
			if strict {
				t.Fatalf("a warning under Strict: %v", pe)
			}
			if pe.File != "gold.m2" || pe.Line < 1 || pe.Line > bytes.Count(data, []byte{'\n'})+1 || pe.Column < 1 || pe.Msg == "" || warned[[2]int{pe.Line, pe.Column}] {
				t.Fatalf("bad position or message, or a place warned twice: %#v", pe)
			}
			warned[[2]int{pe.Line, pe.Column}] = true
			warnedLines[pe.Line] = true
		}}
		sentences, err := r.Read("gold.m2", data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if pe.File != "gold.m2" || pe.Line < 0 || pe.Line > bytes.Count(data, []byte{'\n'})+1 || pe.Column < 0 || pe.Msg == "" {
				t.Fatalf("bad position or message: %#v", pe)
			}
			return
		}
		if len(sentences) == 0 {
			t.Fatal("no sentences and no error")
		}
		for _, s := range sentences {
			if s.Source != pytext.TrimSpace(s.Source) || !reflect.DeepEqual(s.Tokens, pytext.Fields(s.Source)) && len(s.Tokens)+len(pytext.Fields(s.Source)) > 0 {
				t.Fatalf("line %d: source %q, tokens %q", s.Line, s.Source, s.Tokens)
			}
			if len(s.Annotators) == 0 {
				t.Fatalf("line %d: no annotator", s.Line)
			}
			seen := map[int]bool{}
			for _, a := range s.Annotators {
				if seen[a.ID] {
					t.Fatalf("line %d: annotator %d twice", s.Line, a.ID)
				}
				seen[a.ID] = true
				for _, e := range a.Edits {
					if e.Start < 0 || e.Start > e.End {
						if strict {
							t.Fatalf("line %d: edit span %d %d accepted under Strict", e.Line, e.Start, e.End)
						}
						if !warnedLines[e.Line] {
							t.Fatalf("line %d: edit span %d %d read without a warning", e.Line, e.Start, e.End)
						}
					}
					if len(e.Corrections) == 0 {
						t.Fatalf("line %d: edit without corrections", e.Line)
					}
				}
			}
		}

		// The round trip, under WriteM2's conditions: sentences re-based, and annotators sorted
		// when a sentence has more than 8 of them; the warnings were checked above.
		r.Warn = nil
		r.Fixes |= FixSentenceOffsets
		for _, s := range sentences {
			if len(s.Annotators) > 8 {
				r.Fixes |= FixAnnotatorOrder
			}
		}
		first, err := r.Read("gold.m2", data)
		if err != nil {
			t.Fatalf("read with sentence-offsets: %v (without: no error)", err)
		}
		var buf bytes.Buffer
		if err := WriteM2(&buf, first); err != nil {
			t.Fatal(err)
		}
		second, err := r.Read("written.m2", buf.Bytes())
		if err != nil {
			t.Fatalf("reading what WriteM2 wrote: %v\n%s", err, buf.Bytes())
		}
		if a, b := withoutLines(first), withoutLines(second); !reflect.DeepEqual(a, b) {
			t.Fatalf("round trip changed the sentences:\nread    %#v\nwritten %q\nreread  %#v", a, buf.Bytes(), b)
		}
	})
}

// FuzzReadSystem states what ReadSystem guarantees on any input: an error exactly when the input
// is not UTF-8; otherwise one hypothesis per line (the last one may lack "\n"), each without a
// line break or white space at its ends; and writing them one per line and reading them again
// gives them back.
func FuzzReadSystem(f *testing.F) {
	addSeeds(f, "*.txt", func(b []byte) { f.Add(b) })
	f.Add([]byte("\ufeffa b\r\n\n  c\u3000\n\x85d"))
	f.Add([]byte("a\xffb\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines, err := ReadSystem("system.txt", data)
		if !utf8.Valid(data) {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 {
				t.Fatalf("invalid UTF-8 gave %v", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("valid UTF-8 gave %v", err)
		}
		body := bytes.TrimPrefix(data, []byte("\ufeff"))
		want := bytes.Count(body, []byte{'\n'})
		if len(body) > 0 && body[len(body)-1] != '\n' {
			want++
		}
		if len(lines) != want {
			t.Fatalf("%d hypotheses, want %d", len(lines), want)
		}
		for i, l := range lines {
			if strings.Contains(l, "\n") || l != pytext.TrimSpace(l) {
				t.Fatalf("hypothesis %d is %q", i+1, l)
			}
		}
		var out strings.Builder
		if len(lines) > 0 && strings.HasPrefix(lines[0], "\ufeff") {
			out.WriteString("\ufeff") // a byte order mark at the start would be dropped
		}
		for _, l := range lines {
			out.WriteString(l + "\n")
		}
		again, err := ReadSystem("written.txt", []byte(out.String()))
		if err != nil || !reflect.DeepEqual(again, lines) && len(again)+len(lines) > 0 {
			t.Fatalf("round trip: %q gave %q, %v", lines, again, err)
		}
	})
}

// pieceSizeOf gives piece sizes for the incremental readers in the tests below: one byte (every
// line longer than a piece), a few bytes, and the default.
func pieceSizeOf(b uint8) int {
	if b == 0 {
		return pieceSize
	}
	return int(b)
}

// readM2Stream reads data with an M2Stream cutting pieces of the given size, from a reader
// that returns one byte at a time, and returns every sentence and the error it ends with
// (nil at the end of the file).
func readM2Stream(r M2Reader, data []byte, size int) ([]Sentence, error) {
	s := r.Stream("gold.m2", nil)
	s.in = pieces.New(iotest.OneByteReader(bytes.NewReader(data)), size)
	var out []Sentence
	for {
		g, err := s.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, *g)
	}
}

// FuzzStreamM2 states the invariant of the incremental M2 reader: on any input, read in
// pieces of any size, it gives the sentences that reading the whole file gives (ReadString is
// the same parser given one piece), or the same error at the same line and column, after
// the sentences before it.
func FuzzStreamM2(f *testing.F) {
	addSeeds(f, "*.m2", func(b []byte) { f.Add(b, uint16(0), false, uint8(1)) })
	f.Add([]byte("\ufeffS a\r\nA 0 1|||T|||b|||REQUIRED|||-NONE-|||1\r\n\r\n \nS b\n"), uint16(FixNoneCorrection), false, uint8(3))
	f.Add([]byte("S a b\u2028A 0 1|||X|||c|||R|||-|||0\x85\nS c\r\r\nA 0 1|||X|||d|||R|||-|||0\r\r\r\n\nS d"), uint16(0), false, uint8(5))
	f.Add([]byte("S a\n\u3000\t\nS b\nA 0 1|||X|||c|||R|||-|||0\n\nS c\nA 9 9|||X|||c|||R|||-|||0\n"), uint16(0), false, uint8(7))
	f.Add([]byte("S a\n\nS b\nA 0 x|||X|||c|||R|||-|||0\n\nS \xff\n"), uint16(0), true, uint8(2))
	f.Add([]byte("S a\n\nS b\xe2\x80\nA 0 x|||X|||c|||R|||-|||0\n"), uint16(0), true, uint8(4))
	f.Fuzz(func(t *testing.T, data []byte, fixBits uint16, strict bool, size uint8) {
		r := M2Reader{Fixes: Fix(fixBits) & allFixes, Strict: strict}
		whole, wholeErr := r.Read("gold.m2", data)
		streamed, streamErr := readM2Stream(r, data, pieceSizeOf(size))
		if !reflect.DeepEqual(wholeErr, streamErr) {
			t.Fatalf("whole file: error %v; in pieces of %d: %v", wholeErr, pieceSizeOf(size), streamErr)
		}
		if wholeErr == nil && !reflect.DeepEqual(whole, streamed) {
			t.Fatalf("whole file: %#v\nin pieces of %d: %#v", whole, pieceSizeOf(size), streamed)
		}
		if wholeErr != nil {
			// The sentences handed out before the error come before it in the file (a line of
			// the file can hold several of Python's lines).
			var pe *ParseError
			if !errors.As(wholeErr, &pe) {
				t.Fatalf("whole file: %v, want a *ParseError", wholeErr)
			}
			if pe.Line > 0 {
				for _, s := range streamed {
					if s.Line > pe.Line {
						t.Fatalf("sentence at line %d handed out before the error at line %d", s.Line, pe.Line)
					}
				}
			}
		}
	})
}

// FuzzStreamSystem states the same for system files: the incremental reader gives the
// hypotheses of the whole file, or the same error after the lines before it.
func FuzzStreamSystem(f *testing.F) {
	addSeeds(f, "*.txt", func(b []byte) { f.Add(b, uint8(1)) })
	f.Add([]byte("\ufeffa b\r\n\n  c\u3000\n\x85d"), uint8(2))
	f.Add([]byte("\ufeff"), uint8(1))
	f.Add([]byte("a\nb\xffc\nd\n"), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, size uint8) {
		whole, wholeErr := ReadSystem("system.txt", data)
		s := NewSystemStream("system.txt", nil)
		s.in = pieces.New(iotest.HalfReader(bytes.NewReader(data)), pieceSizeOf(size))
		streamed := []string{}
		var streamErr error
		for {
			h, err := s.Next()
			if err != nil {
				if err != io.EOF {
					streamErr = err
				}
				break
			}
			streamed = append(streamed, h)
		}
		if !reflect.DeepEqual(wholeErr, streamErr) {
			t.Fatalf("whole file: error %v; in pieces: %v", wholeErr, streamErr)
		}
		if wholeErr == nil && !reflect.DeepEqual(whole, streamed) {
			t.Fatalf("whole file: %q\nin pieces: %q", whole, streamed)
		}
		if wholeErr == nil && s.Lines() != len(whole) {
			t.Fatalf("Lines() = %d, want %d", s.Lines(), len(whole))
		}
	})
}

// FuzzCheckPairs states that CheckPairs, which reads the files without building sentences,
// finds what Pairs finds: the same number of pairs, the same skipped line, the same error.
func FuzzCheckPairs(f *testing.F) {
	f.Add([]byte("S a\n\nS b\nA 0 1|||X|||c|||R|||-|||0\n"), []byte("a\nc\n"), false)
	f.Add([]byte("S a\n\nS b\nS c\nA 0 1|||X|||c|||R|||-|||0\n\nS d\n"), []byte("a\n"), false)
	f.Add([]byte("S a\n\nS b\n"), []byte("a\nb\n\n"), true)
	f.Add([]byte("S a\n\nS b\nX\n"), []byte("a\n\xff\n"), false)
	f.Add([]byte("S a\n\nS b\n"), []byte("a\nb\nc\n\xff"), false)
	f.Fuzz(func(t *testing.T, gold, system []byte, strict bool) {
		r := M2Reader{Strict: strict}
		var pairsSkipped, checkSkipped int
		n := 0
		var pairsErr error
		for _, err := range Pairs(r.StreamString("gold.m2", string(gold)), NewSystemStreamString("system.txt", string(system)), func(l int) { pairsSkipped = l }) {
			if err != nil {
				pairsErr = err
				n = 0
				break
			}
			n++
		}
		m, checkErr := CheckPairs(r.Stream("gold.m2", bytes.NewReader(gold)), NewSystemStream("system.txt", bytes.NewReader(system)), func(l int) { checkSkipped = l })
		if !reflect.DeepEqual(pairsErr, checkErr) || n != m || pairsSkipped != checkSkipped {
			t.Fatalf("Pairs: %d pairs, skipped %d, error %v\nCheckPairs: %d, skipped %d, error %v", n, pairsSkipped, pairsErr, m, checkSkipped, checkErr)
		}
	})
}
