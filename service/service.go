// Package service is the serving protocol of "maxmatch serve": requests read from a stream,
// one JSON object per line, each answered with one line of JSON, in the order of the requests,
// against a gold standard loaded once. Its one specification is docs/serving-protocol.md (the
// requests, the answers and their fields, the errors).
//
// The protocol has a version, ProtocolVersion (1; the versions and what changed between them
// are listed at the end of docs/serving-protocol.md), which the "info" answer gives as
// "protocol" (with maxmatch's version and the signature of the figures): a client checks it
// before any other request, and refuses a service whose protocol it does not speak.
//
// A Server holds the gold, prepared once, and one state per worker; Serve reads the requests,
// answers them on the workers in parallel and writes the answers in order. No request can take
// the service down nor hold it long: a request line is at most Config.MaxRequestBytes, a
// request's scoring holds at most Config.RequestMemory of the memory budget (a sentence whose
// exact search needs more is scored by the bounded search and marked "bounded"; one that not
// even that fits is answered with an error), and whatever a request is, it gets one answer and
// the next one is served.
package service

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"maxmatch/internal/jsonline"
	"maxmatch/internal/pytext"
	"maxmatch/internal/wording"
	"maxmatch/membudget"
	"maxmatch/nbest"
	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/version"
)

// DefaultMaxRequestBytes is the longest request line a Server reads by default, 16 MiB: about
// thirty times the hypotheses of a whole test set (BEA-2019's 4,477 sentences are 0.5 MB) in
// one "corpus" request. A request's line and the strings decoded from it are held outside the
// memory budget, so this bounds them.
const DefaultMaxRequestBytes = 16 << 20

// DefaultRequestMemory is the most one request's scoring holds of the memory budget by
// default, 256 MiB: a service runs for long beside other work (a GPU trainer needs the host's
// memory for its data loaders), and every sentence of real systems fits in far less (the
// CoNLL-2014 systems, their sentences joined into essays, hold 7–16 MB a file), while 256 MiB
// of exact search is about a second of work (10 GB is 33 s), so that no request holds a
// worker for long. A sentence whose exact search needs more is scored by the bounded search.
const DefaultRequestMemory = 256 << 20

// Config is how a Server serves; its zero value is the defaults.
type Config struct {
	// Workers is how many requests are answered at once: 0 or more than the CPUs, one per CPU
	// (scorer.Workers).
	Workers int
	// MaxRequestBytes is the longest request line read (0: DefaultMaxRequestBytes); a longer
	// one is answered with an error, and the next one read.
	MaxRequestBytes int
	// RequestMemory is the most one request's scoring holds of the memory budget (0:
	// DefaultRequestMemory; negative: the whole budget); its answer may be at most an eighth
	// of it (or of the budget, when less) long.
	RequestMemory int64
}

// ProtocolVersion is the version of the protocol: the requests a Server reads and the answers
// it writes. It changes whenever a request or an answer changes in form or meaning, so that a
// client and a service of different releases never misread each other; the "info" request and
// its "protocol" field keep their form across versions, so that the check always works.
const ProtocolVersion = 1

// request is a request of the service.
type request struct {
	ID      json.RawMessage   `json:"id"`
	Hyp     *string           `json:"hyp"`
	Hyps    []string          `json:"hyps"`
	Corpus  []string          `json:"corpus"`
	IDs     []json.RawMessage `json:"ids"`
	Source  *string           `json:"source"`
	Gold    []json.RawMessage `json:"gold"`
	M2      *string           `json:"m2"`
	Info    bool              `json:"info"`
	Edits   *bool             `json:"edits"`
	Compact bool              `json:"compact"`
}

// item is a request line and its number, or what stopped its reading.
type item struct {
	line []byte
	no   int
	err  error
}

// worker is one worker's state.
type worker struct {
	json     report.JSONWriter
	prepared *scorer.PreparedEvaluator
	own      *scorer.Evaluator // for sentences that carry their own gold; made when first needed
	results  []scorer.SentenceResult
}

// Server answers requests against one gold standard, on a fixed number of workers.
type Server struct {
	// Signature, when not empty, is the signature of the corpus figures the server gives
	// (corpus.Signature of its gold file and options), which its "info" answer carries.
	Signature string

	p       *scorer.PreparedGold
	reader  scorer.M2Reader
	cfg     Config
	workers []worker
}

// New returns a Server of gold scored with opt. reader reads the gold edits that a request
// carries for a sentence of its own: its Fixes are opt's, and it is Strict (a span outside its
// sentence is an error answered to that request, not a warning on the service's stderr).
func New(gold []scorer.Sentence, opt scorer.Options, cfg Config) *Server {
	cfg.Workers = scorer.Workers(cfg.Workers)
	if cfg.MaxRequestBytes <= 0 {
		cfg.MaxRequestBytes = DefaultMaxRequestBytes
	}
	switch {
	case cfg.RequestMemory == 0:
		cfg.RequestMemory = DefaultRequestMemory
	case cfg.RequestMemory < 0:
		cfg.RequestMemory = 0 // the whole budget
	}
	opt.SentenceMemory = cfg.RequestMemory
	reader := scorer.M2Reader{Fixes: opt.Effective(), Strict: true,
		StrictNote: "(the service refuses it: the gold edits of a request must lie within its sentence)"}
	s := &Server{p: scorer.Prepare(gold, opt), reader: reader, cfg: cfg, workers: make([]worker, cfg.Workers)}
	for w := range s.workers {
		s.workers[w].prepared = s.p.Evaluator()
	}
	return s
}

// Workers returns the number of workers.
func (s *Server) Workers() int { return len(s.workers) }

// Answer answers the request on line no (1-based, for messages), on worker w (0 ≤ w <
// Workers(); a worker answers one request at a time), with one line of JSON ending in "\n".
func (s *Server) Answer(w int, line []byte, no int) []byte {
	return s.answerItem(w, item{line: line, no: no})
}

// Error returns the answer to a request that could not be read: {"id":null,"error":msg}. It
// uses no worker's state: any goroutine may call it.
func (s *Server) Error(msg string) []byte {
	return errorAnswer(nil, nil, errors.New(msg))
}

// answerItem answers one request on worker w.
func (s *Server) answerItem(w int, item item) []byte {
	var id json.RawMessage
	j := &s.workers[w].json
	j.Reset(nil) // a new buffer: the answer is written out after the worker has gone on
	if err := s.respond(w, item, &id); err != nil {
		return errorAnswer(j, id, err)
	}
	return append(j.Bytes(), '\n')
}

// errorAnswer writes {"id": id or null, "error": err's message} and a line break with j (a new
// JSONWriter when nil).
func errorAnswer(j *report.JSONWriter, id json.RawMessage, err error) []byte {
	if j == nil {
		j = new(report.JSONWriter)
	}
	j.Reset(nil)
	j.Object()
	if id == nil {
		id = json.RawMessage("null")
	}
	j.Key("id").Raw(id)
	j.Key("error").String(err.Error())
	j.End()
	return append(j.Bytes(), '\n')
}

// respond writes the answer to a request, without its line break, into worker w's JSONWriter,
// or returns the error to answer; it sets *id to the request's id as soon as it is known.
func (s *Server) respond(w int, item item, id *json.RawMessage) error {
	if item.err != nil {
		return item.err
	}
	var req request
	decodeErr := jsonline.Decode(item.line, &req, "id")
	if decodeErr != nil && req.ID == nil {
		// The decoder may have stopped before the id: look for it alone.
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(item.line, &probe)
		req.ID = probe.ID
	}
	if req.ID != nil {
		*id = compactID(req.ID)
	}
	if decodeErr != nil {
		return fmt.Errorf("line %d, %v", item.no, decodeErr)
	}
	j := &s.workers[w].json
	j.Object()
	if req.ID != nil {
		j.Key("id").Raw(*id)
	} else {
		j.Key("id").Null()
	}
	switch {
	case req.Info:
		if req.Hyp != nil || req.Hyps != nil || req.Corpus != nil || req.Source != nil || req.M2 != nil {
			return fmt.Errorf(`line %d: an "info" request carries nothing else`, item.no)
		}
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
		j.End()
		return nil
	case req.Corpus != nil:
		if req.Hyp != nil || req.Hyps != nil || req.Source != nil || req.M2 != nil {
			return fmt.Errorf(`line %d: a "corpus" request carries its hypotheses in "corpus" only (and the sentences in "ids")`, item.no)
		}
		return s.corpus(w, item.no, req)
	case req.IDs != nil:
		return fmt.Errorf(`line %d: "ids" belongs to a "corpus" request`, item.no)
	case req.Hyp == nil && req.Hyps == nil:
		return fmt.Errorf(`line %d: expected "hyp" (a hypothesis), "hyps" (a list of them), "corpus" or "info"`, item.no)
	case req.Hyp != nil && req.Hyps != nil:
		return fmt.Errorf(`line %d: expected "hyp" or "hyps", found both`, item.no)
	}
	hyps := req.Hyps
	if req.Hyp != nil {
		hyps = []string{*req.Hyp}
	}
	for k, h := range hyps {
		hyps[k] = pytext.TrimSpace(h)
	}
	wk := &s.workers[w]
	var evaluate func(dst []scorer.SentenceResult, hyps []string) ([]scorer.SentenceResult, error)
	if req.Source != nil || req.M2 != nil {
		sentence, err := s.ownGold(item.no, req)
		if err != nil {
			return err
		}
		if wk.own == nil {
			if wk.own, err = s.p.NewEvaluator(); err != nil {
				return fmt.Errorf("line %d: %v", item.no, err)
			}
		}
		evaluate = func(dst []scorer.SentenceResult, hyps []string) ([]scorer.SentenceResult, error) {
			for _, h := range hyps {
				r, err := wk.own.Evaluate(h, sentence)
				if err != nil {
					return dst, err
				}
				r.ChooseAlone(s.p.Options().Beta)
				dst = append(dst, r)
			}
			return dst, nil
		}
	} else {
		if req.ID == nil {
			return fmt.Errorf(`line %d: expected "id", the 0-based index of a gold sentence (or "source" and "gold" for a sentence of your own)`, item.no)
		}
		i, err := s.sentenceID(req.ID)
		if err != nil {
			return fmt.Errorf(`line %d: "id": %v`, item.no, err)
		}
		evaluate = func(dst []scorer.SentenceResult, hyps []string) ([]scorer.SentenceResult, error) {
			return wk.prepared.EvaluateAll(dst, i, hyps)
		}
	}
	beta := s.p.Options().Beta
	edits := req.Edits == nil || *req.Edits
	// One result is written alone, unless compact; more, or compact ones, in "results".
	inArray := req.Compact || req.Hyp == nil
	if inArray {
		j.Key("results").Array()
	}
	// The hypotheses are scored and written a batch at a time, so that what the request holds
	// beside its answer stays small; the answer, held whole until it is written, outside the
	// budget, may be at most an eighth of the request's share of the budget long (its
	// buffer's growth and the garbage collector's headroom make it cost up to four times its
	// length).
	limit := s.answerLimit()
	for start := 0; start < len(hyps); start += nbest.BatchHyps {
		batch := hyps[start:min(start+nbest.BatchHyps, len(hyps))]
		rs, err := evaluate(wk.results[:0], batch)
		wk.results = rs
		if err != nil {
			return fmt.Errorf("line %d: %v", item.no, err)
		}
		for k := range rs {
			switch {
			case req.Compact:
				WriteCompactResult(j, &rs[k], beta, edits)
			case req.Hyp != nil:
				report.WriteSentenceResult(j, &rs[k], beta, edits)
			default:
				j.Object()
				report.WriteSentenceResult(j, &rs[k], beta, edits)
				j.End()
			}
		}
		if n := int64(len(j.Bytes())); n > limit {
			return fmt.Errorf("line %d: the answer to these %s hypotheses would be longer than an eighth of the request's share of the memory budget (%s, --max-request-memory): %s for the first %s; expected fewer hypotheses in one request",
				item.no, membudget.Count(len(hyps)), membudget.Bytes(8*limit), membudget.Bytes(n), membudget.Count(start+len(batch)))
		}
	}
	if inArray {
		j.EndArray()
	}
	j.End()
	return nil
}

// answerLimit is the longest answer a request may have: an eighth of its share of the memory
// budget.
func (s *Server) answerLimit() int64 {
	share := s.p.Options().Memory()
	if s.cfg.RequestMemory > 0 {
		share = min(s.cfg.RequestMemory, share)
	}
	return share / 8
}

// compactID returns a request's id as it will be echoed: on one line.
func compactID(raw json.RawMessage) json.RawMessage {
	var c bytes.Buffer
	if err := json.Compact(&c, raw); err != nil {
		return json.RawMessage("null")
	}
	return c.Bytes()
}

// sentenceID reads the index of a gold sentence.
func (s *Server) sentenceID(raw json.RawMessage) (int, error) {
	i, err := nbest.SentenceID(raw)
	if err != nil {
		return 0, err
	}
	if i >= s.p.Len() {
		return 0, fmt.Errorf("sentence %d is out of range: the gold file has %s (ids 0 to %d)", i, wording.Plural(s.p.Len(), "sentence"), s.p.Len()-1)
	}
	return i, nil
}

// corpus answers a corpus request: the official corpus score of its hypotheses.
func (s *Server) corpus(w, no int, req request) error {
	ids := make([]int, len(req.Corpus))
	if req.IDs != nil {
		if len(req.IDs) != len(req.Corpus) {
			return fmt.Errorf(`line %d: "ids" has %s and "corpus" %d: expected one hypothesis per sentence`, no, wording.Plural(len(req.IDs), "sentence"), len(req.Corpus))
		}
		for k, raw := range req.IDs {
			i, err := s.sentenceID(raw)
			if err != nil {
				return fmt.Errorf(`line %d: "ids"[%d]: %v`, no, k, err)
			}
			ids[k] = i
		}
	} else {
		if len(req.Corpus) != s.p.Len() {
			return fmt.Errorf(`line %d: "corpus" has %s and the gold file %s: expected one per sentence (or "ids" to say which)`, no, wording.Plural(len(req.Corpus), "hypothesis"), wording.Plural(s.p.Len(), "sentence"))
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
			return fmt.Errorf(`line %d: "corpus"[%d]: %v`, no, k, err)
		}
		t.Choose(&r)
	}
	j := &s.workers[w].json
	j.Key("sentences").Int(len(ids))
	report.WriteScore(j, t.Counts(), t.Beta)
	if t.BoundedSentences > 0 {
		j.Key("bounded").Int(t.BoundedSentences)
	}
	j.End()
	return nil
}

// ownGold reads the gold sentence a request carries: "m2", one M2 block, or "source" and
// "gold", edits [start, end, correction or [corrections…], annotator, type] (the last two
// optional: annotator 0, type "-"), written as an M2 block and read as one.
func (s *Server) ownGold(no int, req request) (*scorer.Sentence, error) {
	var block string
	switch {
	case req.M2 != nil && (req.Source != nil || req.Gold != nil):
		return nil, fmt.Errorf(`line %d: expected "m2" or "source" and "gold", found both`, no)
	case req.M2 != nil:
		block = *req.M2
	default:
		if req.Gold == nil {
			return nil, fmt.Errorf(`line %d: "source" needs "gold", the list of its gold edits ([] for none)`, no)
		}
		if strings.ContainsFunc(*req.Source, pytext.IsLineBreak) {
			return nil, fmt.Errorf(`line %d: "source" contains a line break: expected one tokenised sentence`, no)
		}
		var m2 strings.Builder
		m2.WriteString("S " + *req.Source + "\n")
		for k, raw := range req.Gold {
			line, err := goldEditLine(raw)
			if err != nil {
				return nil, fmt.Errorf(`line %d: "gold"[%d]: %v`, no, k, err)
			}
			m2.WriteString(line)
		}
		block = m2.String()
	}
	sentences, err := s.reader.ReadString("request", block)
	if err != nil {
		var pe *scorer.ParseError
		if errors.As(err, &pe) && req.M2 == nil && pe.Line >= 2 {
			return nil, fmt.Errorf(`line %d: "gold"[%d]: %s`, no, pe.Line-2, pe.Msg)
		}
		if errors.As(err, &pe) && req.M2 == nil {
			return nil, fmt.Errorf(`line %d: "source": %s`, no, pe.Msg)
		}
		return nil, fmt.Errorf(`line %d: "m2": %v`, no, err)
	}
	if len(sentences) != 1 {
		return nil, fmt.Errorf(`line %d: "m2" has %d sentences: expected one block, an "S" line and its "A" lines`, no, len(sentences))
	}
	return &sentences[0], nil
}

// goldEditLine turns a gold edit of a request into the A line of an M2 block.
func goldEditLine(raw json.RawMessage) (string, error) {
	var fields []json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || len(fields) < 3 || len(fields) > 5 {
		return "", fmt.Errorf("expected [start, end, correction] or [start, end, [corrections…], annotator, type], found %s", raw)
	}
	var start, end, annotator int
	for k, dst := range []*int{&start, &end} {
		if err := json.Unmarshal(fields[k], dst); err != nil {
			return "", fmt.Errorf("expected an integer token offset as element %d, found %s", k, fields[k])
		}
	}
	var corrections []string
	var one string
	if err := json.Unmarshal(fields[2], &one); err == nil {
		corrections = []string{one}
	} else if err := json.Unmarshal(fields[2], &corrections); err != nil || len(corrections) == 0 {
		return "", fmt.Errorf("expected a correction or a list of them as element 2, found %s", fields[2])
	}
	for _, c := range corrections {
		if strings.Contains(c, "||") || strings.ContainsFunc(c, pytext.IsLineBreak) {
			return "", fmt.Errorf("correction %q contains \"||\" or a line break, which M2 cannot hold", c)
		}
	}
	typ := "-"
	if len(fields) > 3 {
		if err := json.Unmarshal(fields[3], &annotator); err != nil {
			return "", fmt.Errorf("expected an integer annotator id as element 3, found %s", fields[3])
		}
	}
	if len(fields) > 4 {
		if err := json.Unmarshal(fields[4], &typ); err != nil || typ == "" || strings.Contains(typ, "|||") || strings.ContainsFunc(typ, pytext.IsLineBreak) {
			return "", fmt.Errorf("expected an error type (a string without \"|||\" or line breaks) as element 4, found %s", fields[4])
		}
	}
	for k := range corrections {
		if corrections[k] == "" {
			corrections[k] = "-NONE-"
		}
	}
	return "A " + strconv.Itoa(start) + " " + strconv.Itoa(end) + "|||" + typ + "|||" + strings.Join(corrections, "||") +
		"|||REQUIRED|||-NONE-|||" + strconv.Itoa(annotator) + "\n", nil
}
