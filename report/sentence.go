package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"maxmatch/lattice"
	"maxmatch/membudget"
	"maxmatch/scorer"
)

// A Sentence is one scored sentence as a report sees it, when its annotator has been chosen.
type Sentence struct {
	Result *scorer.SentenceResult // its gold sentence is Result.Gold
	// Before are the totals of the sentences before this one: what the annotator choice
	// compared each annotator's counts against.
	Before scorer.Totals
}

// A SentenceWriter writes scored sentences one at a time, in order, as the scorer chooses them:
// Begin before the first, Sentence for each, End after the last (and before what follows).
type SentenceWriter interface {
	Begin(w io.Writer) error
	Sentence(w io.Writer, s Sentence) error
	End(w io.Writer) error
}

// SentenceColumns are the columns of the per-sentence table: each sentence's chosen annotator
// on its own, with its P, R and F_β (P = 1 with nothing proposed, R = 1 with no gold edit, as
// the official scorer's totals).
func SentenceColumns(beta float64) []Column {
	return []Column{
		{Name: "sentence", Key: "line"}, {Name: "gold_line"}, {Name: "annotator"},
		{Name: "tp"}, {Name: "fp"}, {Name: "fn"},
		{Name: "p"}, {Name: "r"}, {Name: strings.ToLower(FBetaLabel(beta)), Key: "f"},
	}
}

// SentenceRow is a sentence's row of the per-sentence table (SentenceColumns).
func SentenceRow(r *scorer.SentenceResult, beta float64) []Cell {
	a := r.ChosenResult()
	n := a.Counts()
	p, rr, f := n.PRF(beta)
	return []Cell{
		Int(r.Index + 1), Int(r.Gold.Line), Int(a.Annotator),
		Int(n.Correct), Int(n.Proposed - n.Correct), Int(n.Gold - n.Correct),
		Float(p, 4), Float(rr, 4), Float(f, 4),
	}
}

// FBetaLabel is the official's name of F_β, e.g. "F_0.5".
func FBetaLabel(beta float64) string { return fmt.Sprintf("F_%.1f", beta) }

// SentenceTable writes the per-sentence table as TSV, an empty line after it.
type SentenceTable struct {
	Beta  float64
	table Table
	buf   []byte
}

func (t *SentenceTable) Begin(w io.Writer) error {
	t.table.Columns = SentenceColumns(t.Beta)
	_, err := w.Write(t.table.AppendTSVHeader(nil))
	return err
}

func (t *SentenceTable) Sentence(w io.Writer, s Sentence) error {
	t.buf = t.table.AppendTSVRow(t.buf[:0], SentenceRow(s.Result, t.Beta))
	_, err := w.Write(t.buf)
	return err
}

func (t *SentenceTable) End(w io.Writer) error {
	_, err := io.WriteString(w, "\n")
	return err
}

// JSONLines writes one JSON object per sentence: "line" (its number, from 1) and "gold_line"
// (the line of its S in the gold file), then the members of its result (WriteSentenceResult,
// with its edits).
type JSONLines struct {
	Beta float64
	j    JSONWriter
}

func (j *JSONLines) Begin(w io.Writer) error { return nil }
func (j *JSONLines) End(w io.Writer) error   { return nil }

// Sentence writes the sentence's object.
func (j *JSONLines) Sentence(w io.Writer, s Sentence) error {
	j.j.Reset(j.j.Bytes()[:0])
	j.j.Object()
	j.j.Key("line").Int(s.Result.Index + 1)
	j.j.Key("gold_line").Int(s.Result.Gold.Line)
	WriteSentenceResult(&j.j, s.Result, j.Beta, true)
	j.j.End()
	j.j.Reset(append(j.j.Bytes(), '\n'))
	_, err := w.Write(j.j.Bytes())
	return err
}

// WriteSentenceResult writes the members of a sentence's result, the one schema of a sentence
// scored (the lines of --jsonl, nbest's and the service's answers), into the object open in j:
//
//	"annotator", "correct", "proposed", "gold", "tp", "fp", "fn", "p", "r", "f",
//	"annotators": [{"annotator", "correct", "proposed", "gold"}, …],
//	"edits": [[start, end, original, correction], …], "correct_edits": […],
//	"bounded": true
//
// of its chosen annotator (P = 1 with nothing proposed, R = 1 with no gold edit, as the
// official's totals; F_β of beta); "annotators" every annotator visited, in the visiting
// order; the edits as counted (scorer.AnnotatorResult.Edits and Correct), left out without
// edits; "bounded" only when the bounded search scored the sentence.
func WriteSentenceResult(j *JSONWriter, r *scorer.SentenceResult, beta float64, edits bool) {
	a := r.ChosenResult()
	j.Key("annotator").Int(a.Annotator)
	WriteScore(j, a.Counts(), beta)
	j.Key("annotators").Array()
	for i := range r.Annotators {
		x := &r.Annotators[i]
		c := x.Counts()
		j.Object()
		j.Key("annotator").Int(x.Annotator)
		j.Key("correct").Int(c.Correct)
		j.Key("proposed").Int(c.Proposed)
		j.Key("gold").Int(c.Gold)
		j.End()
	}
	j.EndArray()
	if edits {
		j.Key("edits")
		WriteEdits(j, a.Edits)
		j.Key("correct_edits")
		WriteEdits(j, a.Correct)
	}
	if r.Bounded != lattice.Exact {
		j.Key("bounded").Bool(true)
	}
}

// WriteScore writes the members of a score, a sentence's or a corpus's: "correct", "proposed",
// "gold", "tp", "fp", "fn", "p", "r", "f" (F_β of beta).
func WriteScore(j *JSONWriter, n scorer.Counts, beta float64) {
	p, r, f := n.PRF(beta)
	j.Key("correct").Int(n.Correct)
	j.Key("proposed").Int(n.Proposed)
	j.Key("gold").Int(n.Gold)
	j.Key("tp").Int(n.Correct)
	j.Key("fp").Int(n.Proposed - n.Correct)
	j.Key("fn").Int(n.Gold - n.Correct)
	j.Key("p").Float(p)
	j.Key("r").Float(r)
	j.Key("f").Float(f)
}

// WriteEdits writes edits as an array of [start, end, original, correction].
func WriteEdits(j *JSONWriter, edits []scorer.Edit) {
	j.Array()
	for _, e := range edits {
		j.Array()
		j.Int(e.Start)
		j.Int(e.End)
		j.String(e.Original)
		j.String(e.Correction)
		j.EndArray()
	}
	j.EndArray()
}

// Readable writes each sentence for reading: source, hypothesis, every annotator's edits (as
// the official -v shows them, trimmed of unchanged words, and as counted), gold edits, matches
// and counts with the running P, R and F_β the choice compared, and the chosen annotator.
type Readable struct {
	Options scorer.Options
}

func (v *Readable) Begin(w io.Writer) error { return nil }
func (v *Readable) End(w io.Writer) error   { return nil }

func editText(e scorer.Edit) string {
	return fmt.Sprintf("%d-%d %s → %s", e.Start, e.End, strconv.Quote(e.Original), strconv.Quote(e.Correction))
}

// systemEditText shows an edit as the official -v does, without the unchanged words at its ends,
// and, when it has some, also as it is counted and matched.
func systemEditText(e scorer.Edit) string {
	t := scorer.Trim(e)
	if t == e {
		return editText(e)
	}
	return fmt.Sprintf("%s   (counted as %s)", editText(t), editText(e))
}

func goldText(g scorer.GoldEdit) string {
	cs := make([]string, len(g.Corrections))
	for i, c := range g.Corrections {
		cs[i] = strconv.Quote(c)
	}
	return fmt.Sprintf("%d-%d %s → %s (%s)", g.Start, g.End, strconv.Quote(g.Original), strings.Join(cs, " | "), g.Type)
}

func list(w io.Writer, label string, items []string) {
	if len(items) == 0 {
		fmt.Fprintf(w, "    %-9s none\n", label)
		return
	}
	for i, it := range items {
		if i == 0 {
			fmt.Fprintf(w, "    %-9s %s\n", label, it)
		} else {
			fmt.Fprintf(w, "    %-9s %s\n", "", it)
		}
	}
}

// stickyWriter keeps the first error of its writer; later writes do nothing.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// Sentence prints one sentence. The running figures are those of the totals before it plus
// each annotator's counts, which is what the choice compares.
func (v *Readable) Sentence(out io.Writer, s Sentence) error {
	w := &stickyWriter{w: out}
	r := s.Result
	fmt.Fprintf(w, "Sentence %d (gold line %d)\n", r.Index+1, r.Gold.Line)
	// Control characters as Go escapes, as the edits below quote them: a carriage return or
	// a terminal's escape sequence printed raw would overwrite or restyle the lines.
	fmt.Fprintf(w, "  source     : %s\n", oneLine(r.Source))
	fmt.Fprintf(w, "  hypothesis : %s\n", oneLine(r.Hypothesis))
	if work := CostText(r.Cost); work != "" {
		fmt.Fprintf(w, "  search     : %s; cost: %s\n", v.Options.SearchReason(r), work)
	} else {
		fmt.Fprintf(w, "  search     : %s\n", v.Options.SearchReason(r))
	}
	for i := range r.Annotators {
		a := &r.Annotators[i]
		fmt.Fprintf(w, "  annotator %d:\n", a.Annotator)
		var edits, gold, correct []string
		for _, e := range a.Edits {
			edits = append(edits, systemEditText(e))
		}
		for _, g := range a.Gold {
			gold = append(gold, goldText(g))
		}
		for _, e := range a.Correct {
			correct = append(correct, editText(e))
		}
		list(w, "edits", edits)
		list(w, "gold", gold)
		list(w, "correct", correct)
		n := a.Counts()
		t := s.Before
		t.Correct += float64(n.Correct)
		t.Proposed += float64(n.Proposed)
		t.Gold += float64(n.Gold)
		p, rr, f := t.PRF()
		fmt.Fprintf(w, "    counts    correct %d, proposed %d, gold %d; with the totals so far P %.4f R %.4f F_%.1f %.4f\n",
			n.Correct, n.Proposed, n.Gold, p, rr, s.Before.Beta, f)
	}
	fmt.Fprintf(w, "  chosen annotator: %d\n\n", r.ChosenResult().Annotator)
	return w.err
}

// CostText lists a sentence's cost in its deterministic units (see lattice.Cost), those that
// are not zero, or "" for a sentence not searched.
func CostText(c lattice.Cost) string {
	var parts []string
	for _, f := range []struct {
		n           int64
		one, plural string
	}{
		{int64(c.BandCells), "band cell", "band cells"}, {int64(c.Vertices), "vertex", "vertices"},
		{int64(c.Edges), "edge", "edges"}, {c.Relaxations, "relaxation", "relaxations"},
		{c.StateVisits, "state visit", "state visits"}, {c.Scanned, "pair scanned", "pairs scanned"},
		{c.Simulated, "tie relaxation", "tie relaxations"}, {c.Counted, "pair counted", "pairs counted"},
		{c.Bounded, "bounded state", "bounded states"},
	} {
		switch {
		case f.n == 1:
			parts = append(parts, "1 "+f.one)
		case f.n > 1:
			parts = append(parts, membudget.Count(int(f.n))+" "+f.plural)
		}
	}
	if c.Reserved > 0 {
		parts = append(parts, membudget.Bytes(c.Reserved)+" reserved")
	}
	return strings.Join(parts, ", ")
}

// SentenceFunc is a SentenceWriter that writes nothing before or after the sentences: a
// function of the sentence (its result, gold sentence and the totals before it) is enough.
type SentenceFunc func(w io.Writer, s Sentence) error

func (f SentenceFunc) Begin(w io.Writer) error                { return nil }
func (f SentenceFunc) Sentence(w io.Writer, s Sentence) error { return f(w, s) }
func (f SentenceFunc) End(w io.Writer) error                  { return nil }
