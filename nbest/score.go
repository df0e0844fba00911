package nbest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"unsafe"

	"maxmatch/input"
	"maxmatch/internal/ordered"
	"maxmatch/internal/scratch"
	"maxmatch/lattice"
	"maxmatch/membudget"
	"maxmatch/scorer"
)

// BatchHyps is about how many hypotheses a worker scores at a time: enough to make the hand-over
// cheap, few enough to keep every CPU busy on a small list.
const BatchHyps = 128

// A Batch is groups of a list scored together by one worker, and what was made of them.
type Batch struct {
	Groups []Group
	// Out is what the worker appended for the groups (their rows, formatted on the worker);
	// it is recycled once the batch is emitted.
	Out []byte
	// Candidates are, per group, its hypotheses' counts, for the oracle (see Candidates).
	Candidates [][]Candidate
	// Warnings are one line each for the hypotheses scored by the bounded search.
	Warnings []string
	// Hyps is the number of hypotheses of the groups.
	Hyps int
	err  error // scoring stopped at a sentence too large for the memory budget
}

// outBuffers recycles the batches' output buffers once emitted: fresh memory costs a page fault
// per page on first touch, which on some machines (virtual ones) is a large part of a run.
var outBuffers sync.Pool

// Score reads the groups of a list (next returns io.EOF at its end) in batches, scores every
// hypothesis on its own against its gold sentence of p on workers (scorer.Workers: at most one per CPU; one
// PreparedEvaluator each), calls each with every group's results on the worker, and hands the
// batches, in list order, to emit. A batch whose scoring failed (a sentence too large for the
// memory budget) stops the run with its error, before emit; so does an error of emit, and one
// of next, after the groups read before it have been scored and emitted.
func Score(next func() (Group, error), p *scorer.PreparedGold, workers int, each func(b *Batch, g *Group, rs []scorer.SentenceResult), emit func(*Batch) error) error {
	workers = scorer.Workers(workers)
	evs := make([]*scorer.PreparedEvaluator, workers)
	results := make([][]scorer.SentenceResult, workers)
	for w := range evs {
		evs[w] = p.Evaluator()
	}
	group := func() (Group, bool, error) {
		g, err := next()
		if err == io.EOF {
			return g, false, nil
		}
		return g, err == nil, err
	}
	hyps := func(g Group) int { return len(g.Hyps) }
	work := func(_ context.Context, w int, groups ordered.Batch[Group]) *Batch {
		b := &Batch{Groups: groups.Items}
		for _, g := range b.Groups {
			b.Hyps += hyps(g)
		}
		if out, ok := outBuffers.Get().(*[]byte); ok {
			b.Out = (*out)[:0]
		}
		for gi := range b.Groups {
			g := &b.Groups[gi]
			rs, err := evs[w].EvaluateAll(results[w][:0], g.Sentence, g.Hyps)
			results[w] = rs
			if err != nil {
				b.err = err
				return b
			}
			each(b, g, rs)
			for k := range rs {
				if rs[k].Bounded != lattice.Exact && (k == 0 || &rs[k].Annotators[0] != &rs[k-1].Annotators[0]) {
					b.Warnings = append(b.Warnings, fmt.Sprintf("sentence %d, hypothesis %d (its sentence starts at line %d): %s; scored with the bounded search, not the official's exact one (see docs/exactness.md#bounded-cost)",
						g.Sentence, k, g.Line, p.Options().FallbackReason(&rs[k])))
				}
			}
		}
		return b
	}
	return ordered.Map(workers, 4*workers, ordered.Batches(group, BatchHyps, hyps), work, func(b *Batch) error {
		if b.err != nil {
			return b.err
		}
		err := emit(b)
		outBuffers.Put(&b.Out)
		return err
	})
}

// Count reads the whole list once, so that malformed input is found before anything is
// scored, and counts its hypotheses.
func Count(rd *Reader) (hyps int, err error) {
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return hyps, nil
		}
		if err != nil {
			return 0, err
		}
		hyps += len(g.Hyps)
	}
}

// Candidates are the per-annotator counts of each hypothesis of a sentence, as the oracle
// reads them.
func Candidates(rs []scorer.SentenceResult) []Candidate {
	cs := make([]Candidate, len(rs))
	for k := range rs {
		cs[k] = make(Candidate, len(rs[k].Annotators))
		for a := range rs[k].Annotators {
			cs[k][a] = rs[k].Annotators[a].Counts()
		}
	}
	return cs
}

// AppendMertStats appends the scores of one sentence's hypotheses as Moses' mert tools read and
// write them (ScoreArray's text format): a header "SCORES_TXT_BEGIN_0 sentence hypotheses 4
// M2Scorer", one line per hypothesis, "correct proposed gold source_tokens" (the chosen
// annotator's counts, and the length of the source, as Moses' M2Scorer gives them), and
// "SCORES_TXT_END_0".
func AppendMertStats(b []byte, sentence int, rs []scorer.SentenceResult, sourceTokens int) []byte {
	b = fmt.Appendf(b, "SCORES_TXT_BEGIN_0 %d %d 4 M2Scorer\n", sentence, len(rs))
	for k := range rs {
		n := rs[k].ChosenResult().Counts()
		b = fmt.Appendf(b, "%d %d %d %d\n", n.Correct, n.Proposed, n.Gold, sourceTokens)
	}
	return append(b, "SCORES_TXT_END_0\n"...)
}

// ListOracle is the oracle of an n-best list: the best choice of one hypothesis per gold
// sentence (OracleResult), with the hypotheses it chose from.
type ListOracle struct {
	OracleResult
	// Hyps are each sentence's hypotheses; nil for a sentence without one in the list, which
	// keeps its source (Choice 0).
	Hyps [][]string
	// Candidates are each sentence's hypotheses' counts (the source's alone when it has none).
	Candidates [][]Candidate
	// Missing is the number of sentences without a hypothesis, FirstMissing the first (-1:
	// none).
	Missing, FirstMissing int
}

// Chosen is the text chosen for sentence i of gold.
func (o *ListOracle) Chosen(gold []scorer.Sentence, i int) string {
	if o.Hyps[i] == nil {
		return gold[i].Source
	}
	return o.Hyps[i][o.Choice[i]]
}

// ScoreList scores every hypothesis of a list (next returns its groups, io.EOF at its end)
// against gold as Score does, emitted called with each batch once scored (nil: none), for the
// oracle's choice (Search); a sentence without a hypothesis keeps its source, which proposes
// nothing.
func ScoreList(next func() (Group, error), gold []scorer.Sentence, opt scorer.Options, emitted func(*Batch)) (ListOracle, error) {
	p := scorer.Prepare(gold, opt)
	o := ListOracle{Hyps: make([][]string, len(gold)), Candidates: make([][]Candidate, len(gold)), FirstMissing: -1}
	kept := KeptError{Budget: opt.Memory()}
	err := Score(next, p, opt.Workers, func(b *Batch, g *Group, rs []scorer.SentenceResult) {
		b.Candidates = append(b.Candidates, Candidates(rs))
	}, func(b *Batch) error {
		if emitted != nil {
			emitted(b)
		}
		for gi := range b.Groups {
			g := &b.Groups[gi]
			kept.Hyps += len(g.Hyps)
			for k, h := range g.Hyps {
				kept.Bytes += keptBytes(h, b.Candidates[gi][k])
			}
			if kept.Bytes > kept.Budget {
				kept.Line = g.Line
				return &kept
			}
			o.Candidates[g.Sentence] = b.Candidates[gi]
			o.Hyps[g.Sentence] = make([]string, len(g.Hyps))
			for k, h := range g.Hyps {
				o.Hyps[g.Sentence][k] = strings.Clone(h) // not the whole line it was cut from
			}
		}
		return nil
	})
	if err != nil {
		return o, err
	}
	ev := p.Evaluator()
	for i := range gold {
		if len(o.Candidates[i]) > 0 {
			continue
		}
		o.Hyps[i] = nil
		if o.Missing++; o.FirstMissing < 0 {
			o.FirstMissing = i
		}
		r, err := ev.Evaluate(i, gold[i].Source)
		if err != nil { // the source proposes nothing: only a budget too small to start with
			return o, err
		}
		o.Candidates[i] = Candidates([]scorer.SentenceResult{r})
	}
	return o, nil
}

// A KeptError is a list whose hypotheses and their counts, which ScoreList keeps for the
// oracle's search, take more than the memory budget: kept unaccounted, 10 million hypotheses
// took 3.7 GB under --max-memory 256M, and under prlimit --as ended in the Go runtime's "out of
// memory".
type KeptError struct {
	List  string // the list in messages ("": not named)
	Line  int    // the line of the first hypothesis of the sentence that passed the budget
	Hyps  int    // the hypotheses kept up to that sentence's last
	Bytes int64  // what they take (keptBytes)
	// Budget is the memory budget (scorer.Options.Memory).
	Budget int64
}

func (e *KeptError) Error() string {
	return fmt.Sprintf("%s:%d: the oracle keeps every hypothesis of the list and its counts for its search, and the %s hypotheses up to this line's sentence take %s, more than the memory budget, %s; a larger --max-memory would hold them",
		e.List, e.Line, membudget.Count(e.Hyps), membudget.Bytes(e.Bytes), membudget.Bytes(e.Budget))
}

// keptBytes is what ScoreList keeps of a hypothesis h with counts c: its text and header, and
// its counts and their header.
func keptBytes(h string, c Candidate) int64 {
	return int64(len(h)) + int64(unsafe.Sizeof(h)) + int64(unsafe.Sizeof(c)) + scratch.Bytes(c, len(c))
}

// Search chooses one hypothesis per sentence for the best corpus F_β (Oracle).
func (o *ListOracle) Search(beta float64) { o.OracleResult = Oracle(o.Candidates, beta) }

// DefaultOnePassBytes is the size of text up to which Rows.Write reads a list once.
const DefaultOnePassBytes = 16 << 20

// Rows says how Rows.Write writes the rows of a list's hypotheses.
type Rows struct {
	Format Format // the list's
	Header string // written first ("": none)
	// Append appends the rows of a group's hypotheses, on the worker that scored them.
	Append func(b []byte, g *Group, rs []scorer.SentenceResult) []byte
	// OnePassBytes is the size of text up to which a list is read once (0:
	// DefaultOnePassBytes; negative: never).
	OnePassBytes int64
	// Progress, when not nil, is told how many hypotheses are scored, of how many (0:
	// unknown); Warn, when not nil, is given each warning of the scoring, one line.
	Progress func(done, total int)
	Warn     func(msg string)
}

// Write scores every hypothesis of the list against gold with opt and writes their rows to w.
// A list of at most OnePassBytes of text is read once, its rows held until it has all been
// read without error; a larger one, or one of unknown size, is read twice, checked first (its
// every error found before anything is written), then scored, its rows written batch by batch,
// flush (when not nil) called after each. It returns the number of hypotheses whose rows were
// written and the first error, of the list, of w or flush (passed on as they are), or of a
// sentence too large for the memory budget (after the rows of the hypotheses before it, when
// the list was read twice).
func (o Rows) Write(list *input.File, gold []scorer.Sentence, opt scorer.Options, w io.Writer, flush func() error) (int, error) {
	limit := o.OnePassBytes
	if limit == 0 {
		limit = DefaultOnePassBytes
	}
	size := list.TextSize()
	onePass, total := size >= 0 && size <= limit, 0 // limit < 0: never
	if !onePass {
		list.ReadTwice()
		r := list.Reader()
		var err error
		total, err = Count(NewReader(r, list.Name(), o.Format, len(gold)))
		r.Close()
		if err != nil {
			return 0, err
		}
	}
	r := list.Reader()
	defer r.Close()
	rd := NewReader(r, list.Name(), o.Format, len(gold))
	out := w
	var held bytes.Buffer
	if onePass {
		held.Grow(int(size)) // about the size of the list for TSV; less for other rows
		out = &held
	}
	if _, err := io.WriteString(out, o.Header); err != nil {
		return 0, err
	}
	done := 0
	each := func(b *Batch, g *Group, rs []scorer.SentenceResult) { b.Out = o.Append(b.Out, g, rs) }
	err := Score(rd.Next, scorer.Prepare(gold, opt), opt.Workers, each, func(b *Batch) error {
		done += b.Hyps
		if o.Progress != nil {
			o.Progress(done, total)
		}
		for _, msg := range b.Warnings {
			if o.Warn != nil {
				o.Warn(msg)
			}
		}
		if _, err := out.Write(b.Out); err != nil {
			return err
		}
		if flush != nil && !onePass {
			return flush()
		}
		return nil
	})
	switch {
	case err != nil && onePass:
		return 0, err
	case err != nil:
		return done, err
	case onePass:
		_, err = w.Write(held.Bytes())
	}
	return done, err
}
