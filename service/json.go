package service

import (
	"encoding/base64"
	"encoding/binary"
	"math"
	"strconv"

	"maxmatch/lattice"
	"maxmatch/report"
	"maxmatch/scorer"
)

// The answers are written by report.JSONWriter: a worker formats its own results, and
// encoding/json's reflection would cost more than scoring a typical hypothesis. A sentence's
// result has report.WriteSentenceResult's members, the schema --jsonl writes too.

// WriteCompactResult writes a sentence-level result as one JSON array, the figures of
// report.WriteSentenceResult without the names, for clients that read many (the Python
// package):
//
//	[annotator, correct, proposed, gold, p, r, f, [annotator, correct, proposed, gold, …],
//	 edits, correct_edits, bounded]
//
// with every annotator's four numbers in one flat list, the edits null without edits, and
// bounded 0 or 1.
func WriteCompactResult(j *report.JSONWriter, r *scorer.SentenceResult, beta float64, edits bool) {
	j.Array()
	a := writeChosen(j, r, beta)
	writeAnnotatorCounts(j, r)
	if edits {
		report.WriteEdits(j, a.Edits)
		report.WriteEdits(j, a.Correct)
	} else {
		j.Null()
		j.Null()
	}
	j.Int(bounded(r))
	j.EndArray()
}

// WriteFlatResult writes a sentence-level result as the eleven values of the compact form,
// without the array around them, for a "batch" request's "rows" (the flat form):
//
//	annotator, correct, proposed, gold, p, r, f, "annotator correct proposed gold …",
//	"[edits]", "[correct_edits]", bounded
//
// every annotator's counts in one string of integers separated by spaces, and the edits as the
// JSON text of their arrays (null without edits), strings so that a client decodes a row
// without building a list for each of its parts: in Python, that halves the decoding of a
// batch (docs/serving-protocol.md). scratch is a buffer for the edits.
func WriteFlatResult(j *report.JSONWriter, r *scorer.SentenceResult, beta float64, edits bool, scratch *report.JSONWriter) {
	a := writeChosen(j, r, beta)
	counts := scratch.Bytes()[:0]
	for i := range r.Annotators {
		x := &r.Annotators[i]
		c := x.Counts()
		if i > 0 {
			counts = append(counts, ' ')
		}
		counts = strconv.AppendInt(counts, int64(x.Annotator), 10)
		for _, v := range [3]int{c.Correct, c.Proposed, c.Gold} {
			counts = append(counts, ' ')
			counts = strconv.AppendInt(counts, int64(v), 10)
		}
	}
	j.String(string(counts))
	for _, es := range [2][]scorer.Edit{a.Edits, a.Correct} {
		if !edits {
			j.Null()
			continue
		}
		scratch.Reset(counts[:0])
		report.WriteEdits(scratch, es)
		counts = scratch.Bytes()
		j.String(string(counts))
	}
	j.Int(bounded(r))
	scratch.Reset(counts[:0])
}

// WriteSplitResult writes a sentence-level result in the split form of a "batch" request's
// answer: into j, its eight numbers (the compact form's without the lists)
//
//	annotator, correct, proposed, gold, p, r, f, bounded
//
// and its lists, as elements of three arrays that the answer gives as texts: every annotator's
// counts (flat, as in the compact form) into texts[0], and with edits, the edits and the correct
// edits into texts[1] and texts[2]. A client decodes a batch's numbers, and its lists only when
// it needs them, in one piece for the batch: a decoder builds no string for each hypothesis
// (docs/serving-protocol.md).
func WriteSplitResult(j *report.JSONWriter, texts *[3]report.JSONWriter, r *scorer.SentenceResult, beta float64, edits bool) {
	a := writeChosen(j, r, beta)
	j.Int(bounded(r))
	writeLists(texts, r, a, edits)
}

// AppendPackedResult appends a sentence-level result in the packed form of a "batch" request's
// answer: the split form's numbers as little-endian binary, five 64-bit integers to counts
//
//	annotator, correct, proposed, gold, bounded
//
// and three 64-bit floats (IEEE 754) to scores, p, r, f; its lists as WriteSplitResult writes
// them. The answer gives counts and scores in base64, which a client decodes in one piece for a
// batch: no number to parse (docs/serving-protocol.md).
func AppendPackedResult(counts, scores []byte, texts *[3]report.JSONWriter, r *scorer.SentenceResult, beta float64, edits bool) ([]byte, []byte) {
	a := r.ChosenResult()
	n := a.Counts()
	p, rec, f := n.PRF(beta)
	for _, v := range [5]int{a.Annotator, n.Correct, n.Proposed, n.Gold, bounded(r)} {
		counts = binary.LittleEndian.AppendUint64(counts, uint64(int64(v)))
	}
	for _, v := range [3]float64{p, rec, f} {
		scores = binary.LittleEndian.AppendUint64(scores, math.Float64bits(v))
	}
	writeLists(texts, r, a, edits)
	return counts, scores
}

// writeLists writes the lists of the split and packed forms (see WriteSplitResult) of r, whose
// chosen annotator's result is a.
func writeLists(texts *[3]report.JSONWriter, r *scorer.SentenceResult, a *scorer.AnnotatorResult, edits bool) {
	writeAnnotatorCounts(&texts[0], r)
	if edits {
		report.WriteEdits(&texts[1], a.Edits)
		report.WriteEdits(&texts[2], a.Correct)
	}
}

// writeBase64 writes b as a JSON string of its standard base64 encoding, made in *text (a
// buffer kept for it).
func writeBase64(j *report.JSONWriter, b []byte, text *[]byte) {
	*text = append(base64.StdEncoding.AppendEncode(append((*text)[:0], '"'), b), '"')
	j.Raw(*text)
}

// writeAnnotatorCounts writes every annotator's counts as one flat array, [annotator,
// correct, proposed, gold, …], in the official's visiting order.
func writeAnnotatorCounts(j *report.JSONWriter, r *scorer.SentenceResult) {
	j.Array()
	for i := range r.Annotators {
		x := &r.Annotators[i]
		c := x.Counts()
		j.Int(x.Annotator)
		j.Int(c.Correct)
		j.Int(c.Proposed)
		j.Int(c.Gold)
	}
	j.EndArray()
}

// bounded is the compact form's bounded: 1 when the bounded search scored the sentence, else 0.
func bounded(r *scorer.SentenceResult) int {
	if r.Bounded != lattice.Exact {
		return 1
	}
	return 0
}

// writeChosen writes the first seven values of both forms, the chosen annotator's id, counts
// and P, R, F_β, and returns its result.
func writeChosen(j *report.JSONWriter, r *scorer.SentenceResult, beta float64) *scorer.AnnotatorResult {
	a := r.ChosenResult()
	n := a.Counts()
	p, rec, f := n.PRF(beta)
	j.Int(a.Annotator)
	j.Int(n.Correct)
	j.Int(n.Proposed)
	j.Int(n.Gold)
	j.Float(p)
	j.Float(rec)
	j.Float(f)
	return a
}
