// Package page writes the error-analysis page of one or more systems scored against the same
// gold file: one self-contained HTML file (no network, no external script, font or image) with
// the report's tables (a report.Document, as the command prints it) and a bar chart of F_β,
// then every sentence with its source and, for each system side by side, the system's edits marked matched (✓) or not in gold (✗) and the gold
// edits it missed, with their error type and annotator (systems with the same result on a
// sentence share one row); the reader filters by outcome, error type, annotator and system,
// and pages through the sentences, and the URL's fragment keeps the view
// (#outcome=fn&type=Nn&sys=A).
//
// A Page is fed incrementally, one scored sentence of one system at a time (Add), so that a
// streaming scorer can fill it as it goes; it keeps only what the page shows. Write renders
// it: the tables and the chart as HTML and inline SVG, the sentences as a JSON block that the
// page's own script renders one page of sentences at a time: for 13 systems × 1,312
// CoNLL-2014 sentences, 0.8 MB that Chromium opens in a few hundred milliseconds, where every
// sentence rendered in advance would be 9 MB and take it seconds (docs/speed.md, The error-analysis page).
//
// Everything from the input is escaped: HTML text by html.EscapeString, the JSON block as
// json.Marshal escapes strings (report.AppendJSONStringHTML: <, >, &, U+2028 and U+2029 as \u
// escapes, so no token can close the script element or open a comment), and the script puts text into the page with
// textContent only, never as markup.
package page

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"maxmatch/internal/pytext"
	"maxmatch/internal/scratch"
	"maxmatch/internal/wording"
	"maxmatch/membudget"
	"maxmatch/report"
	"maxmatch/scorer"
)

// Options describe the page.
type Options struct {
	Title string // the page's heading and title (default "maxmatch: error analysis")
	Gold  string // the gold file's name, shown under the title
	// Notes are lines shown under the title: the signature of the scores, the options.
	Notes []string
	// Scoring are the options the results were scored with: their matching rules decide which
	// system edit matched which gold edit (see scorer.AnnotatorResult.EachMatch).
	Scoring scorer.Options
	// PageSize is the number of sentences the page shows at a time (default 20); the reader
	// can change it.
	PageSize int
}

// Page is the data of an error-analysis page, filled by Add and rendered by Write. Add and
// SetSummary may be called from several goroutines at once (one per system, say).
type Page struct {
	opt     Options
	systems []string

	mu        sync.Mutex
	sentences []sentence // by sentence index
	kept      int64      // bytes the sentences and rows keep (keptBytes), against the budget
	summary   report.Document
	chart     Chart
}

// sentence is one gold sentence and every system's result on it.
type sentence struct {
	added      bool // by some system
	line       int  // of the S line in the gold file
	source     string
	tokens     []string
	annotators []scorer.AnnotatorResult // only Annotator and Gold are kept
	rows       []row                    // by system
}

// row is one system's result on one sentence, against the annotator chosen for it.
type row struct {
	added     bool
	annotator int // index into the sentence's annotators
	edits     []edit
	// hypothesis is the system's line, kept only when the edits applied to the source tokens
	// do not give it (edits dropped by --ignore_whitespace_casing, the offsets of release 3.2's
	// insertions before the first token): otherwise the page shows it as the source and edits.
	hypothesis string
	keepHyp    bool
}

// edit is a system edit and the gold edits it matched.
type edit struct {
	start, end int
	correction string
	// original is kept only when it is not the source tokens [start:end] joined by spaces.
	original string
	keepOrig bool
	gold     []int // indices into the chosen annotator's gold edits; none: not in gold
}

// New returns an empty page for the named systems, in the order their columns and rows appear
// (the first is the baseline of the summary table, if it has one).
func New(systems []string, opt Options) *Page {
	if opt.Title == "" {
		opt.Title = "maxmatch: error analysis"
	}
	if opt.PageSize <= 0 {
		opt.PageSize = 20
	}
	return &Page{opt: opt, systems: slices.Clone(systems)}
}

// Add records system's result r on the gold sentence gold (the sentence r was scored against;
// r.Index is its 0-based index in the gold file), once the annotator has been chosen (in
// scorer.Score's callback, say). It keeps the chosen annotator's edits and which of them
// matched, and, from the first system's result on the sentence, every annotator's gold edits
// and the source tokens; it copies the slices it keeps, so the caller may reuse r and gold
// (a streaming reader may recycle them). It fails on a system number out of range, a sentence
// added twice for one system, or a sentence whose gold differs from another system's result
// on it (results scored against different gold files or options).
func (p *Page) Add(system int, r *scorer.SentenceResult, gold *scorer.Sentence) error {
	if system < 0 || system >= len(p.systems) {
		return fmt.Errorf("page: system %d out of range: the page has %s", system, wording.Plural(len(p.systems), "system"))
	}
	if r == nil || gold == nil {
		return errors.New("page: Add needs a result and its gold sentence")
	}
	if r.Index < 0 {
		return fmt.Errorf("page: negative sentence index %d", r.Index)
	}
	if r.Chosen < 0 || r.Chosen >= len(r.Annotators) {
		return fmt.Errorf("page: %s, sentence %d: no chosen annotator (%d of %d)", p.systems[system], r.Index+1, r.Chosen, len(r.Annotators))
	}
	rw := p.row(r, gold)

	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.keep(rw.keptBytes(), r.Index, gold); err != nil {
		return err
	}
	if n := r.Index + 1; n > len(p.sentences) {
		p.sentences = slices.Grow(p.sentences, n-len(p.sentences))[:n]
	}
	s := &p.sentences[r.Index]
	if !s.added {
		if err := p.keep(sentenceBytes(r, gold), r.Index, gold); err != nil {
			return err
		}
		*s = sentence{added: true, line: gold.Line, source: r.Source, tokens: slices.Clone(gold.Tokens), rows: make([]row, len(p.systems))}
		s.annotators = make([]scorer.AnnotatorResult, len(r.Annotators))
		for i, a := range r.Annotators {
			g := slices.Clone(a.Gold)
			for j := range g {
				g[j].Corrections = slices.Clone(g[j].Corrections)
			}
			s.annotators[i] = scorer.AnnotatorResult{Annotator: a.Annotator, Gold: g}
		}
	} else if err := s.sameGold(r); err != nil {
		return fmt.Errorf("page: %s, sentence %d: %v than the other systems' results on it: were they scored against the same gold file with the same options?", p.systems[system], r.Index+1, err)
	}
	if s.rows[system].added {
		return fmt.Errorf("page: %s, sentence %d added twice", p.systems[system], r.Index+1)
	}
	s.rows[system] = rw
	return nil
}

// A TooLargeError is a page whose sentences take more than the memory budget: the page keeps
// every sentence of every system until it is written, so kept unaccounted, 10 million
// one-token sentences took 3.8 GB under --max-memory 256M, and under prlimit --as ended in the
// Go runtime's "out of memory".
type TooLargeError struct {
	Gold      string // the gold file in messages
	Line      int    // of the S line of the sentence that passed the budget
	Sentences int    // the sentences up to it
	Bytes     int64  // what the page keeps of them (keptBytes)
	Budget    int64  // the memory budget (scorer.Options.Memory)
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s:%d: the error-analysis page (--html) keeps every sentence of every system until it is written, and the %s up to this one take %s, more than the memory budget, %s; a larger --max-memory would hold them, or write the page of a part of the gold file",
		e.Gold, e.Line, membudget.Count(e.Sentences)+" "+wording.Noun(e.Sentences, "sentence"), membudget.Bytes(e.Bytes), membudget.Bytes(e.Budget))
}

// keep counts n more bytes kept for sentence index of gold, and fails once the page keeps more
// than the memory budget (it is rendered whole too, to a text smaller than what it keeps).
func (p *Page) keep(n int64, index int, gold *scorer.Sentence) error {
	p.kept += n
	if budget := p.opt.Scoring.Memory(); p.kept > budget {
		return &TooLargeError{Gold: p.opt.Gold, Line: gold.Line, Sentences: max(index+1, len(p.sentences)), Bytes: p.kept, Budget: budget}
	}
	return nil
}

// keptBytes is what the page keeps of a row: the row (in its sentence's rows), its edits, and
// the strings and gold indices they copy.
func (rw *row) keptBytes() int64 {
	n := int64(unsafe.Sizeof(*rw)) + int64(len(rw.hypothesis)) + scratch.Bytes(rw.edits, len(rw.edits))
	for _, e := range rw.edits {
		n += int64(len(e.correction)+len(e.original)) + scratch.Bytes(e.gold, len(e.gold))
	}
	return n
}

// sentenceBytes is what the page keeps of a sentence when its first row is added: the source,
// its tokens (sharing the gold text), every annotator's gold edits and their corrections.
func sentenceBytes(r *scorer.SentenceResult, gold *scorer.Sentence) int64 {
	n := int64(unsafe.Sizeof(sentence{})) + scratch.Bytes(gold.Tokens, len(gold.Tokens)) + scratch.Bytes(r.Annotators, len(r.Annotators))
	for _, a := range r.Annotators {
		n += scratch.Bytes(a.Gold, len(a.Gold))
		for _, g := range a.Gold {
			n += int64(unsafe.Sizeof(g.Corrections)) + scratch.Bytes(g.Corrections, len(g.Corrections))
		}
	}
	return n
}

// sameGold reports how r's gold differs from the sentence's, or nil.
func (s *sentence) sameGold(r *scorer.SentenceResult) error {
	if r.Source != s.source {
		return errors.New("another source sentence")
	}
	if len(r.Annotators) != len(s.annotators) {
		return fmt.Errorf("%s rather", wording.Plural(len(r.Annotators), "annotator"))
	}
	for i, a := range r.Annotators {
		if a.Annotator != s.annotators[i].Annotator || len(a.Gold) != len(s.annotators[i].Gold) {
			return fmt.Errorf("annotator %d with %d gold edits rather", a.Annotator, len(a.Gold))
		}
	}
	return nil
}

// row keeps what the page shows of r: its chosen annotator's edits, which gold edits each
// matched, and the hypothesis when the edits do not give it.
func (p *Page) row(r *scorer.SentenceResult, gold *scorer.Sentence) row {
	a := r.ChosenResult()
	rw := row{added: true, annotator: r.Chosen, edits: make([]edit, len(a.Edits))}
	// The strings kept are copied too: a system's edits and hypothesis are pieces of its file,
	// which would otherwise stay in memory whole. (Gold strings are shared: the page shows the
	// gold whole.)
	for i, e := range a.Edits {
		rw.edits[i] = edit{start: e.Start, end: e.End, correction: strings.Clone(e.Correction)}
		if !spanIs(gold.Tokens, e.Start, e.End, e.Original) {
			rw.edits[i].original, rw.edits[i].keepOrig = strings.Clone(e.Original), true
		}
	}
	a.EachMatch(p.opt.Scoring, func(i, j int) { rw.edits[i].gold = append(rw.edits[i].gold, j) })
	if !applies(gold.Tokens, a.Edits, r.Hypothesis) {
		rw.hypothesis, rw.keepHyp = strings.Clone(r.Hypothesis), true
	}
	return rw
}

// spanIs reports whether tokens[start:end] joined by single spaces is text (without building
// the join: Add calls it for every edit).
func spanIs(tokens []string, start, end int, text string) bool {
	if start < 0 || start > end || end > len(tokens) {
		return false
	}
	for i, t := range tokens[start:end] {
		ok := true
		if i > 0 {
			text, ok = strings.CutPrefix(text, " ")
		}
		if !ok {
			return false
		}
		if text, ok = strings.CutPrefix(text, t); !ok {
			return false
		}
	}
	return text == ""
}

// applies reports whether the edits, applied in order to the tokens at their offsets (as the
// page's script shows them), give the hypothesis's tokens.
func applies(tokens []string, edits []scorer.Edit, hypothesis string) bool {
	buf := tokenBuffers.Get().(*[2][]string)
	defer tokenBuffers.Put(buf)
	out := buf[0][:0]
	at := 0
	for _, e := range edits {
		if e.Start < at || !spanIs(tokens, e.Start, e.End, e.Original) {
			return false
		}
		out = append(out, tokens[at:e.Start]...)
		out = pytext.AppendFields(out, e.Correction)
		at = e.End
	}
	out = append(out, tokens[at:]...)
	hyp := pytext.AppendFields(buf[1][:0], hypothesis)
	buf[0], buf[1] = out, hyp
	return slices.Equal(out, hyp)
}

// tokenBuffers are applies's buffers, reused: Add is called once per sentence and system.
var tokenBuffers = sync.Pool{New: func() any { return new([2][]string) }}

// SetSummary sets what the page shows above the sentences: a report of the systems' scores,
// the document the command prints (its tables, their headings, notes and signatures; labelled
// fields as notes), rendered as HTML, and a bar chart beside its first table.
func (p *Page) SetSummary(doc report.Document, chart Chart) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.summary, p.chart = doc, chart
}
