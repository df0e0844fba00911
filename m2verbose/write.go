// Package m2verbose writes and reads the official M² scorer's -v output, as encoding/csv pairs
// its reader and writer.
//
// The writer (WriteSentence, WriteTotals) prints what the official prints with -v, byte for
// byte: for each
// sentence and each annotator visited, the markers its matching prints, the source and
// hypothesis, the edit sequence (without the unchanged tokens at the ends of each edit), the gold
// edits and the correct edits as Python 2 reprs, the running counts, precision, recall and F_β as
// Python 2 prints floats; then the chosen annotator and a blank line; after the last sentence, the
// totals block. Release 3.2 and the later master print the same format (master differs in the
// values only).
//
// The values are ours: with fixes (--compat fixed, --fix) or for a sentence scored by the bounded
// search, the format is the official's and the edits and counts are those we computed.
//
// The three lines "Precision   : …" that the official prints after the totals block are not part
// of this output: every run prints them.
//
// The reader (ParseVerbose) takes the official's own -v output apart, and Ours puts our results
// in the same form, so that the two can be compared sentence by sentence: by the differential
// fuzzing harness (bench/difffuzz) and by the regression cases in testdata/official.
package m2verbose

import (
	"io"
	"strconv"
	"strings"
	"sync"

	"maxmatch/internal/pytext"
	"maxmatch/scorer"
)

const separator = "-------------------------------------------\n"

// WriteSentence writes the official -v output of one sentence: r is the sentence scored, its
// annotator chosen; before are the running totals before this sentence's choice (the totals of the
// sentences before it); opt are the options it was scored with.
func WriteSentence(w io.Writer, r *scorer.SentenceResult, before scorer.Totals, opt scorer.Options) error {
	buf := buffers.Get().(*[]byte)
	*buf = AppendSentence((*buf)[:0], r, before, opt)
	_, err := w.Write(*buf)
	buffers.Put(buf)
	return err
}

// buffers hold the text of a sentence while it is written: a run reuses one rather than leaving
// one behind for the garbage collector per sentence.
var buffers = sync.Pool{New: func() any { return new([]byte) }}

// AppendSentence appends what WriteSentence writes to dst.
func AppendSentence(dst []byte, r *scorer.SentenceResult, before scorer.Totals, opt scorer.Options) []byte {
	fixes := opt.Effective()
	for i := range r.Annotators {
		a := &r.Annotators[i]
		dst = append(dst, ">> Annotator: "...)
		dst = strconv.AppendInt(dst, int64(a.Annotator), 10)
		dst = append(dst, '\n')
		dst = appendMarkers(dst, a)

		dst = append(dst, "SOURCE        : "...)
		dst = append(dst, r.Source...)
		dst = append(dst, "\nHYPOTHESIS    : "...)
		dst = append(dst, r.Hypothesis...)
		dst = append(dst, "\nEDIT SEQ      : ["...)
		for j, e := range a.Edits {
			if j > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendEdit(dst, scorer.Trim(e))
		}
		dst = append(dst, "]\nGOLD EDITS    : ["...)
		for j := range a.Gold {
			if j > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendGold(dst, &a.Gold[j], fixes)
		}
		dst = append(dst, "]\nCORRECT EDITS : ["...)
		for j, e := range a.Correct {
			if j > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendEdit(dst, e)
		}
		dst = append(dst, "]\n"...)

		// The running counts with this annotator's, as the official compares them.
		n := a.Counts()
		c := before.Correct + float64(n.Correct)
		p := before.Proposed + float64(n.Proposed)
		g := before.Gold + float64(n.Gold)
		dst = appendCount(dst, "# correct     : ", c)
		dst = appendCount(dst, "# proposed    : ", p)
		dst = appendCount(dst, "# gold        : ", g)
		running := scorer.Totals{Beta: opt.Beta, Correct: c, Proposed: p, Gold: g}
		precision, recall, _ := running.PRF()
		dst = appendFloat(dst, "precision     : ", precision)
		dst = appendFloat(dst, "recall        : ", recall)
		dst = append(dst, "f_"...)
		dst = strconv.AppendFloat(dst, opt.Beta, 'f', 1, 64)
		dst = appendFloat(dst, "         : ", scorer.FBeta(c, p, g, opt.Beta))
		dst = append(dst, separator...)
	}
	dst = append(dst, ">> Chosen Annotator for line "...)
	dst = strconv.AppendInt(dst, int64(r.Index+1), 10)
	dst = append(dst, " : "...)
	dst = strconv.AppendInt(dst, int64(r.ChosenResult().Annotator), 10)
	return append(dst, "\n\n"...)
}

// WriteTotals writes the block the official -v prints after the last sentence: the corpus counts,
// then P, R and F_β as Python 2 prints floats.
func WriteTotals(w io.Writer, t scorer.Totals) error {
	_, err := w.Write(AppendTotals(nil, t))
	return err
}

// AppendTotals appends what WriteTotals writes to dst.
func AppendTotals(dst []byte, t scorer.Totals) []byte {
	dst = appendCount(dst, "CORRECT EDITS  : ", t.Correct)
	dst = appendCount(dst, "PROPOSED EDITS : ", t.Proposed)
	dst = appendCount(dst, "GOLD EDITS     : ", t.Gold)
	p, r, f := t.PRF()
	dst = appendFloat(dst, "P = ", p)
	dst = appendFloat(dst, "R = ", r)
	dst = append(dst, "F_"...)
	dst = strconv.AppendFloat(dst, t.Beta, 'f', 1, 64)
	return appendFloat(dst, " = ", f)
}

// appendCount appends a line of a label and a count, which the official prints as int(count).
func appendCount(dst []byte, label string, count float64) []byte {
	dst = append(dst, label...)
	dst = strconv.AppendInt(dst, int64(count), 10)
	return append(dst, '\n')
}

// appendFloat appends a line of a label and a float as Python 2 prints it.
func appendFloat(dst []byte, label string, x float64) []byte {
	dst = append(dst, label...)
	dst = pytext.AppendFloat(dst, x)
	return append(dst, '\n')
}

// appendStr appends the repr of a string the official holds as unicode, except that its empty
// strings are byte strings, printed as two single quotes without the u: the empty edit texts and
// empty originals come from joining no tokens, ' '.join([]), which Python 2 gives as a byte string.
func appendStr(dst []byte, s string) []byte {
	if s == "" {
		return append(dst, "''"...)
	}
	return pytext.AppendRepr(dst, s)
}

// appendSpan appends the start of an edit's tuple: "(start, end, original".
func appendSpan(dst []byte, start, end int, original string) []byte {
	dst = append(dst, '(')
	dst = strconv.AppendInt(dst, int64(start), 10)
	dst = append(dst, ", "...)
	dst = strconv.AppendInt(dst, int64(end), 10)
	dst = append(dst, ", "...)
	return appendStr(dst, original)
}

// appendEdit appends an edit as the official's tuple (start, end, original, correction).
func appendEdit(dst []byte, e scorer.Edit) []byte {
	dst = appendSpan(dst, e.Start, e.End, e.Original)
	dst = append(dst, ", "...)
	dst = appendStr(dst, e.Correction)
	return append(dst, ')')
}

// appendGold appends a gold edit as the official's tuple (start, end, original, [corrections]).
// A correction is a unicode string, also when empty, except one written "-NONE-", which the
// official replaces by the empty byte string.
func appendGold(dst []byte, g *scorer.GoldEdit, fixes scorer.Fix) []byte {
	dst = appendSpan(dst, g.Start, g.End, g.Original)
	dst = append(dst, ", ["...)
	var written []string // the corrections as written, when needed
	for i, c := range g.Corrections {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if c != "" {
			dst = pytext.AppendRepr(dst, c)
			continue
		}
		if written == nil {
			written = strings.Split(g.CorrectionsText, "||")
		}
		if writtenNone(written, len(g.Corrections), i, fixes) {
			dst = append(dst, "''"...)
		} else {
			dst = append(dst, "u''"...)
		}
	}
	return append(dst, "])"...)
}

// writtenNone reports whether the empty correction i was written "-NONE-" (or, with
// FixNoneCorrection, "-NONE-" with white space around it), given the corrections as written.
// A gold edit not read from a file (its written corrections do not match its corrections) has
// its empty corrections taken for "-NONE-", the M2 spelling of a deletion.
func writtenNone(written []string, n, i int, fixes scorer.Fix) bool {
	if len(written) != n {
		return true
	}
	if fixes.Has(scorer.FixNoneCorrection) {
		return pytext.TrimSpace(written[i]) == "-NONE-"
	}
	return written[i] == "-NONE-"
}

// appendMarkers appends the lines the official's matching prints under -v for each match of a
// system edit e with a gold edit (an edit equal to two gold edits is reported twice), when e is
// next to an edit that could have been part of it:
//
//	! e   e is a deletion or an insertion, and an adjacent edit of the other kind (a deletion
//	      next to an insertion, an insertion next to a deletion) matches a gold edit
//	& e   e is a deletion next to insertions, none of which matches a gold edit
//	* e   e is an insertion next to deletions, none of which matches a gold edit
//
// Adjacent edits are those that start where e ends or end where e starts, shown (and compared
// with the gold edits) without their unchanged tokens; e is printed as counted.
func appendMarkers(dst []byte, a *scorer.AnnotatorResult) []byte {
	for _, e := range a.Correct {
		deletion := e.Start < e.End && pytext.TrimSpace(e.Correction) == ""
		insertion := e.Start == e.End
		if !deletion && !insertion {
			continue
		}
		adjacent, matched := false, false
		for _, x := range a.Edits {
			if x.Start != e.End && x.End != e.Start {
				continue
			}
			// The official lists the edits after e and those before it separately; an edit that
			// is both (an insertion next to an insertion at the same offset) counts once here,
			// which changes neither whether there is one nor whether one matches.
			t := scorer.Trim(x)
			if e.Start != e.End {
				if t.Start != t.End {
					continue
				}
			} else if !(t.Start < t.End && t.Correction == "") {
				continue
			}
			adjacent = true
			if !matched && matchesAny(t, a.Gold) {
				matched = true
			}
		}
		if !adjacent {
			continue
		}
		mark := byte('&')
		switch {
		case matched:
			mark = '!'
		case insertion:
			mark = '*'
		}
		dst = append(dst, mark, ' ')
		dst = appendEdit(dst, e)
		dst = append(dst, '\n')
	}
	return dst
}

// matchesAny reports whether e matches one of the gold edits (same span and original, its
// correction among the gold corrections), in any order.
func matchesAny(e scorer.Edit, gold []scorer.GoldEdit) bool {
	for i := range gold {
		g := &gold[i]
		if e.Start != g.Start || e.End != g.End || e.Original != g.Original {
			continue
		}
		for _, c := range g.Corrections {
			if c == e.Correction {
				return true
			}
		}
	}
	return false
}
