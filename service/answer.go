package service

import (
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"maxmatch/internal/pytext"
	"maxmatch/internal/wording"
	"maxmatch/membudget"
	"maxmatch/nbest"
	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/version"
)

// info writes the members of the answer to an "info" request.
func (s *Server) info(j *report.JSONWriter) {
	opt := s.p.Options()
	j.Key("protocol").Int(ProtocolVersion)
	j.Key("version").String(version.String())
	j.Key("sentences").Int(s.p.Len())
	j.Key("beta").Float(opt.Beta)
	j.Key("max_unchanged_words").Int(opt.MaxUnchangedWords)
	j.Key("compat").String(opt.Compat.String())
	j.Key("fixes").String(opt.Fixes.String())
	j.Key("ignore_whitespace_casing").Bool(opt.IgnoreWhitespaceCasing)
	j.Key("workers").Int(len(s.workers))
	if s.Signature != "" {
		j.Key("signature").String(s.Signature)
	}
}

// evaluateFunc scores hypotheses of one sentence, each on its own, appending their results to
// dst.
type evaluateFunc func(dst []scorer.SentenceResult, hyps []string) ([]scorer.SentenceResult, error)

// evaluator returns how worker w scores the hypotheses of req's sentence: gold sentence "id",
// or the sentence the request carries.
func (s *Server) evaluator(w int, req *request) (evaluateFunc, error) {
	wk := &s.workers[w]
	if req.Source == nil && req.Gold == nil && req.M2 == nil {
		i, err := s.sentenceID(req.ID)
		if err != nil {
			return nil, fmt.Errorf(`"id": %v`, err)
		}
		return wk.goldSentence(i), nil
	}
	sentence, err := s.ownGold(req)
	if err != nil {
		return nil, err
	}
	if wk.own == nil {
		if wk.own, err = s.p.NewEvaluator(); err != nil {
			return nil, err
		}
	}
	beta := s.p.Options().Beta
	return func(dst []scorer.SentenceResult, hyps []string) ([]scorer.SentenceResult, error) {
		for _, h := range hyps {
			r, err := wk.own.Evaluate(h, sentence)
			var tooLarge *scorer.TooLargeError
			if errors.As(err, &tooLarge) {
				tooLarge.Sentence = "the request's sentence" // not "sentence 1 (gold line 1)"
			}
			if err != nil {
				return dst, err
			}
			r.ChooseAlone(beta)
			dst = append(dst, r)
		}
		return dst, nil
	}, nil
}

// goldSentence returns how worker wk scores hypotheses of gold sentence i. One too large for the
// request's share is named by its id, as the requests count them from 0 ("sentence 3 (gold line
// 12)"), not by the scorer's count from 1 of a system file's lines ("sentence 4").
func (wk *worker) goldSentence(i int) evaluateFunc {
	return func(dst []scorer.SentenceResult, hyps []string) ([]scorer.SentenceResult, error) {
		dst, err := wk.prepared.EvaluateAll(dst, i, hyps)
		var tooLarge *scorer.TooLargeError
		if errors.As(err, &tooLarge) {
			tooLarge.Sentence = fmt.Sprintf("sentence %d (gold line %d)", i, tooLarge.Line)
		}
		return dst, err
	}
}

// answerLimit checks, as an answer's hypotheses are written, that it stays within an eighth of
// the request's share of the memory budget: the answer is held whole until it is written,
// outside the budget, and its buffer's growth and the garbage collector's headroom make it
// cost up to four times its length.
type answerLimit struct {
	share, max  int64 // the request's share of the budget, and an eighth of it
	total, done int   // the request's hypotheses, and those written so far
}

func (s *Server) answerLimit(total int) answerLimit {
	share := s.p.Options().Memory()
	if s.cfg.RequestMemory > 0 {
		share = min(s.cfg.RequestMemory, share)
	}
	return answerLimit{share: share, max: share / 8, total: total}
}

// wrote counts n more hypotheses written into worker wk's answer, and fails when it has grown
// past the limit (the split and packed forms' texts and the packed numbers, written last,
// included).
func (a *answerLimit) wrote(wk *worker, n int) error {
	a.done += n
	size := int64(len(wk.json.Bytes()) + base64.StdEncoding.EncodedLen(len(wk.counts)) + base64.StdEncoding.EncodedLen(len(wk.scores)))
	for k := range wk.split {
		size += int64(len(wk.split[k].Bytes()))
	}
	if size > a.max {
		these := "these"
		if a.total == 1 {
			these = "this"
		}
		return fmt.Errorf("the answer to %s %s %s would be longer than an eighth of the request's share of the memory budget (%s, --max-request-memory): %s for the first %s; expected fewer hypotheses in one request",
			these, membudget.Count(a.total), wording.Noun(a.total, "hypothesis"), membudget.Bytes(a.share), membudget.Bytes(size), membudget.Count(a.done))
	}
	return nil
}

// scoreHyps scores hyps with evaluate on worker w and writes each result with write, a batch
// (nbest.BatchHyps) at a time, so that what the request holds beside its answer stays small.
func (s *Server) scoreHyps(w int, hyps []string, evaluate evaluateFunc, limit *answerLimit, write func(*scorer.SentenceResult)) error {
	wk := &s.workers[w]
	for start := 0; start < len(hyps); start += nbest.BatchHyps {
		batch := hyps[start:min(start+nbest.BatchHyps, len(hyps))]
		rs, err := evaluate(wk.results[:0], batch)
		wk.results = rs
		if err != nil {
			return err
		}
		for k := range rs {
			write(&rs[k])
		}
		if err := limit.wrote(wk, len(batch)); err != nil {
			return err
		}
	}
	return nil
}

// sentences writes the members of the answer to a "hyp" or "hyps" request: one result alone,
// unless compact; more, or compact ones, in "results".
func (s *Server) sentences(w int, req *request) error {
	hyps := req.Hyps
	if req.Hyp != nil {
		hyps = []string{*req.Hyp}
	}
	trimAll(hyps)
	evaluate, err := s.evaluator(w, req)
	if err != nil {
		return err
	}
	beta := s.p.Options().Beta
	edits := req.Edits == nil || *req.Edits
	j := &s.workers[w].json
	inArray := req.Compact || req.Hyp == nil
	if inArray {
		j.Key("results").Array()
	}
	limit := s.answerLimit(len(hyps))
	err = s.scoreHyps(w, hyps, evaluate, &limit, func(r *scorer.SentenceResult) {
		switch {
		case req.Compact:
			WriteCompactResult(j, r, beta, edits)
		case req.Hyp != nil:
			report.WriteSentenceResult(j, r, beta, edits)
		default:
			j.Object()
			report.WriteSentenceResult(j, r, beta, edits)
			j.End()
		}
	})
	if err != nil {
		return err
	}
	if inArray {
		j.EndArray()
	}
	return nil
}

// itemError is what went wrong with item Item (0-based) of a "batch" request: its answer names
// the item as a member, "item", beside "line", so that a client names it in its own terms without
// parsing the message.
type itemError struct {
	Item int
	Err  error
}

func (e *itemError) Error() string { return fmt.Sprintf(`"batch"[%d]: %v`, e.Item, e.Err) }
func (e *itemError) Unwrap() error { return e.Err }

// batch writes the members of the answer to a "batch" request: "rows", every hypothesis's
// result in the flat form, in order; or in the split form, the eight numbers of each in "rows",
// and its lists in three texts; or in the packed form, its numbers in "counts" and "scores"
// (base64) and its lists as the split form's.
func (s *Server) batch(w int, req *request) error {
	total := 0
	ids := make([]int, len(req.Batch))
	for k := range req.Batch {
		i, err := s.sentenceID(req.Batch[k].ID)
		if err != nil {
			return &itemError{Item: k, Err: err}
		}
		ids[k] = i
		total += len(req.Batch[k].Hyps)
	}
	wk := &s.workers[w]
	beta := s.p.Options().Beta
	edits := req.Edits == nil || *req.Edits
	j := &wk.json
	lists := req.Split || req.Packed // the lists go into the worker's three texts
	if lists {
		defer wk.startLists()()
	}
	var write func(r *scorer.SentenceResult)
	switch {
	case req.Packed:
		write = func(r *scorer.SentenceResult) {
			wk.counts, wk.scores = AppendPackedResult(wk.counts, wk.scores, &wk.split, r, beta, edits)
		}
	case req.Split:
		write = func(r *scorer.SentenceResult) { WriteSplitResult(j, &wk.split, r, beta, edits) }
	default:
		write = func(r *scorer.SentenceResult) { WriteFlatResult(j, r, beta, edits, &wk.scratch) }
	}
	if !req.Packed {
		j.Key("rows").Array()
	}
	limit := s.answerLimit(total)
	for k, it := range req.Batch {
		i := ids[k]
		trimAll(it.Hyps)
		if err := s.scoreHyps(w, it.Hyps, wk.goldSentence(i), &limit, write); err != nil {
			return &itemError{Item: k, Err: err}
		}
		// The goroutines that read the requests and write the answers wait for a processor
		// while the workers score; a worker that never yielded would hold them off until the
		// scheduler's preemption, 10 ms later, and the client would get its answers late, in
		// bursts. Between two sentences of a batch the worker lets them run.
		runtime.Gosched()
	}
	if req.Packed {
		j.Key("counts")
		writeBase64(j, wk.counts, &wk.base64)
		j.Key("scores")
		writeBase64(j, wk.scores, &wk.base64)
	} else {
		j.EndArray()
	}
	if lists {
		for k, key := range [3]string{"annotators", "edits", "correct_edits"} {
			if k > 0 && !edits {
				j.Key(key).Null()
				continue
			}
			wk.split[k].EndArray()
			// The text is quoted from the worker's buffer as it is, not copied to a string
			// first: String only reads it, during the call.
			text := wk.split[k].Bytes()
			j.Key(key).String(unsafe.String(unsafe.SliceData(text), len(text)))
		}
	}
	return nil
}

// startLists starts the texts of the split and packed forms' lists, and the packed form's
// numbers, in the worker's buffers; the function it returns empties them, as they are kept
// between requests.
func (wk *worker) startLists() func() {
	empty := func() {
		for k := range wk.split {
			wk.split[k].Reset(wk.split[k].Bytes()[:0])
		}
		wk.counts, wk.scores = wk.counts[:0], wk.scores[:0]
	}
	empty()
	for k := range wk.split {
		wk.split[k].Array()
	}
	return empty
}

// corpus writes the members of the answer to a "corpus" request: the official corpus score of
// its hypotheses.
func (s *Server) corpus(w int, req *request) error {
	ids := make([]int, len(req.Corpus))
	if req.IDs != nil {
		if len(req.IDs) != len(req.Corpus) {
			return fmt.Errorf(`"ids" has %s and "corpus" %d: expected one hypothesis per sentence`, wording.Plural(len(req.IDs), "sentence"), len(req.Corpus))
		}
		for k, raw := range req.IDs {
			i, err := s.sentenceID(raw)
			if err != nil {
				return fmt.Errorf(`"ids"[%d]: %v`, k, err)
			}
			ids[k] = i
		}
	} else {
		if len(req.Corpus) != s.p.Len() {
			return fmt.Errorf(`"corpus" has %s and the gold file %s: expected one per sentence (or "ids" to say which)`, wording.Plural(len(req.Corpus), "hypothesis"), wording.Plural(s.p.Len(), "sentence"))
		}
		for k := range ids {
			ids[k] = k
		}
	}
	t := scorer.Totals{Beta: s.p.Options().Beta}
	ev := s.workers[w].prepared
	for k, i := range ids {
		r, err := ev.Evaluate(i, pytext.TrimSpace(req.Corpus[k]))
		if err != nil {
			return fmt.Errorf(`"corpus"[%d]: %v`, k, err)
		}
		t.Choose(&r)
	}
	j := &s.workers[w].json
	j.Key("sentences").Int(len(ids))
	report.WriteScore(j, t.Counts(), t.Beta)
	if t.BoundedSentences > 0 {
		j.Key("bounded").Int(t.BoundedSentences)
	}
	return nil
}
