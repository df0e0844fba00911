package scorer

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
)

// WriteM2 writes sentences as an M2 file, one block per sentence: its S line, then each
// annotator's edits in order (an annotator without edits gets a noop line, so that it is still
// present when read back; a sentence whose only annotator is 0 without edits gets no A line).
// The required and comment fields, which the scorer does not keep, are written as "REQUIRED"
// and "-NONE-".
//
// Reading the output with ReadM2 and the fixes the sentences were read with gives the same
// sentences back (line numbers aside), annotators in the same order, provided each sentence had
// a block of its own or FixSentenceOffsets was applied (release 3.2 does not re-base the
// offsets of a block's second sentence, so its edits cannot be written as a block of their
// own), and no sentence has more than 8 annotators in an order that CPython's dict order would
// change (see annotatorFileOrder).
func WriteM2(w io.Writer, sentences []Sentence) error {
	mw := NewM2Writer(w)
	for i := range sentences {
		mw.Write(&sentences[i])
	}
	return mw.Flush()
}

// An M2Writer writes sentences as M2 blocks, one at a time, as WriteM2 does.
type M2Writer struct {
	bw *bufio.Writer
	// NoopLines writes a noop line for a sentence whose only annotator is 0 without edits too
	// (WriteM2 writes none, as such a sentence is read from a block without A lines): files
	// made from scratch then say of every sentence who annotated it, as CoNLL's do.
	NoopLines bool
}

// NewM2Writer returns a writer to w, which it buffers.
func NewM2Writer(w io.Writer) *M2Writer { return &M2Writer{bw: bufio.NewWriter(w)} }

// Write writes one sentence's block. A write error is returned here or by a later Write or
// Flush.
func (m *M2Writer) Write(s *Sentence) error {
	bw := m.bw
	bw.WriteString("S ")
	bw.WriteString(s.Source)
	bw.WriteByte('\n')
	if m.NoopLines || !(len(s.Annotators) == 1 && s.Annotators[0].ID == 0 && len(s.Annotators[0].Edits) == 0) {
		for _, ai := range annotatorFileOrder(s.Annotators) {
			a := &s.Annotators[ai]
			id := strconv.Itoa(a.ID)
			if len(a.Edits) == 0 {
				bw.WriteString("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||" + id + "\n")
			}
			for _, e := range a.Edits {
				bw.WriteString("A " + strconv.Itoa(e.Start) + " " + strconv.Itoa(e.End) + "|||" + e.Type + "|||")
				for j, c := range e.Corrections {
					if j > 0 {
						bw.WriteString("||")
					}
					bw.WriteString(m2Correction(c))
				}
				bw.WriteString("|||REQUIRED|||-NONE-|||" + id + "\n")
			}
		}
	}
	_, err := bw.WriteString("\n")
	return err
}

// Flush writes what is buffered and returns the first write error.
func (m *M2Writer) Flush() error { return m.bw.Flush() }

// annotatorFileOrder returns the order (indices into annotators) in which to write a
// sentence's annotators so that reading them back visits them in their present order. The
// reader visits them in CPython 2 dict order of their order of appearance, taken twice (see
// annotatorVisitOrder); for most sets of ids that leaves the present order unchanged, but for
// some ids beyond 0–7 it does not, and the first order of appearance that gives it back is
// searched for among the permutations (up to 8 annotators; beyond, the present order is
// written).
func annotatorFileOrder(annotators []Annotator) []int {
	ids := make([]int64, len(annotators))
	order := make([]int, len(annotators))
	for i, a := range annotators {
		ids[i], order[i] = int64(a.ID), i
	}
	if len(ids) > 8 || slices.Equal(annotatorVisitOrder(ids), ids) {
		return order
	}
	perm := slices.Clone(order)
	try := make([]int64, len(ids))
	gives := func() bool {
		for i, k := range perm {
			try[i] = ids[k]
		}
		return slices.Equal(annotatorVisitOrder(try), ids)
	}
	// Heap's algorithm: every permutation of perm, one swap at a time.
	c := make([]int, len(perm))
	for i := 0; i < len(perm); {
		if c[i] < i {
			if i%2 == 0 {
				perm[0], perm[i] = perm[i], perm[0]
			} else {
				perm[c[i]], perm[i] = perm[i], perm[c[i]]
			}
			if gives() {
				return perm
			}
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
	return order
}

// m2Correction writes a correction so that it reads back as itself: "" as "-NONE-", the
// literal text "-NONE-" (which release 3.2 keeps when it is followed by a space) as "-NONE- ",
// and a correction that starts or ends with "|" between spaces, so that its bar does not join
// the "||" or "|||" beside it (the reader strips the spaces).
func m2Correction(c string) string {
	switch {
	case c == "":
		return "-NONE-"
	case c == "-NONE-":
		return "-NONE- "
	case strings.HasPrefix(c, "|") || strings.HasSuffix(c, "|"):
		return " " + c + " "
	}
	return c
}
