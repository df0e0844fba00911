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
	"encoding/json"
	"errors"

	"maxmatch/internal/jsonline"
	"maxmatch/report"
	"maxmatch/scorer"
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
const ProtocolVersion = 5

// worker is one worker's state.
type worker struct {
	json     report.JSONWriter
	prepared *scorer.PreparedEvaluator
	own      *scorer.Evaluator // for sentences that carry their own gold; made when first needed
	results  []scorer.SentenceResult
	scratch  report.JSONWriter // the flat form's edits, written before they are quoted
	// split holds the split form's three texts, the annotators' counts, the edits and the
	// correct edits of a batch's hypotheses, until its rows are written and they are quoted.
	split [3]report.JSONWriter
	// counts and scores hold the packed form's numbers of a batch's hypotheses until they are
	// written (see AppendPackedResult).
	counts, scores []byte
	base64         []byte // the packed form's numbers encoded, one at a time
	// lastAnswer is the length of the worker's last answer, which its next one's buffer is
	// made to hold: answers to a client's batches are of a size, and a buffer grown from
	// nothing by doubling allocates and copies twice the answer.
	lastAnswer int
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
	// lines and answers keep the buffers of the request lines Serve has answered and of the
	// answers it has written, for the next ones.
	lines, answers freeList
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
	s := &Server{p: scorer.Prepare(gold, opt), reader: reader, cfg: cfg, workers: make([]worker, cfg.Workers), lines: newFreeList(), answers: newFreeList()}
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
	return s.answer(w, line, no, func(n int) []byte { return make([]byte, 0, n) })
}

// answer is Answer, writing the answer into buffer(n), a buffer of n bytes' room or more that
// nothing else uses: the answer is written out after the worker has gone on.
func (s *Server) answer(w int, line []byte, no int, buffer func(n int) []byte) []byte {
	wk := &s.workers[w]
	j := &wk.json
	j.Reset(buffer(wk.lastAnswer))
	req, id, err := decode(line)
	if err == nil {
		err = s.respond(w, &req, id)
	}
	if err != nil {
		return errorAnswer(j, id, no, err)
	}
	a := append(j.Bytes(), '\n')
	wk.lastAnswer = len(a)
	return a
}

// Error returns the answer to the request on line no (1-based; 0 when not known) that could
// not be read: {"id": null, "error": {"line": no, "message": msg}}. It uses no worker's state:
// any goroutine may call it.
func (s *Server) Error(no int, msg string) []byte {
	return errorAnswer(nil, nil, no, errors.New(msg))
}

// errorAnswer writes, with j (a new JSONWriter when nil), the answer to the request of id (nil:
// null) on line no that failed with err, and a line break: {"id": id, "error": {"line": no,
// "byte": column, "item": k, "message": what was wrong}}, "line" left out when no is 0, "byte"
// when err does not say where in the line it was (a *jsonline.Error does), and "item" unless
// it was item k of a batch (an *itemError); the message does not repeat what the members say.
func errorAnswer(j *report.JSONWriter, id json.RawMessage, no int, err error) []byte {
	if j == nil {
		j = new(report.JSONWriter)
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	msg, col, item := err.Error(), 0, -1
	var je *jsonline.Error
	var ie *itemError
	switch {
	case errors.As(err, &je):
		msg, col = je.Msg, je.Col
	case errors.As(err, &ie):
		msg, item = ie.Err.Error(), ie.Item
	}
	j.Reset(nil)
	j.Object()
	j.Key("id").Raw(id)
	j.Key("error").Object()
	if no > 0 {
		j.Key("line").Int(no)
	}
	if col > 0 {
		j.Key("byte").Int(col)
	}
	if item >= 0 {
		j.Key("item").Int(item)
	}
	j.Key("message").String(msg)
	j.End()
	j.End()
	return append(j.Bytes(), '\n')
}

// respond writes the answer to req (whose id, on one line, is id), without its line break,
// into worker w's JSONWriter, or returns the error to answer.
func (s *Server) respond(w int, req *request, id json.RawMessage) error {
	k, err := kindOf(req)
	if err != nil {
		return err
	}
	j := &s.workers[w].json
	j.Object()
	if id != nil {
		j.Key("id").Raw(id)
	} else {
		j.Key("id").Null()
	}
	switch k {
	case kindInfo:
		s.info(j)
	case kindCorpus:
		err = s.corpus(w, req)
	case kindBatch:
		err = s.batch(w, req)
	default:
		err = s.sentences(w, req)
	}
	if err != nil {
		return err
	}
	j.End()
	return nil
}
