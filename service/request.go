package service

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"maxmatch/internal/jsonline"
	"maxmatch/internal/pytext"
	"maxmatch/internal/wording"
	"maxmatch/nbest"
	"maxmatch/scorer"
)

// request is a request of the service, as decoded from its line.
type request struct {
	ID      json.RawMessage   `json:"id"`
	Hyp     *string           `json:"hyp"`
	Hyps    []string          `json:"hyps"`
	Corpus  []string          `json:"corpus"`
	IDs     []json.RawMessage `json:"ids"`
	Source  *string           `json:"source"`
	Gold    []json.RawMessage `json:"gold"`
	M2      *string           `json:"m2"`
	Batch   batch             `json:"batch"`
	Info    bool              `json:"info"`
	Edits   *bool             `json:"edits"`
	Compact bool              `json:"compact"`
	Split   bool              `json:"split"`
	Packed  bool              `json:"packed"`
}

// batchItem is an element of a "batch" request: gold sentence ID's hypotheses.
type batchItem struct {
	ID   json.RawMessage
	Hyps []string
}

// batch is the "batch" member: [[id, ["hypothesis", …]], …].
type batch []batchItem

// byteOrderMark is U+FEFF in UTF-8, which some editors and Windows tools write at the start of
// a text.
var byteOrderMark = []byte("\uFEFF")

// decode reads the request on a line. It returns the request's id as soon as it is known (even
// when the rest is wrong, so that the error answer carries it) and the error to answer.
func decode(line []byte) (req request, id json.RawMessage, err error) {
	if bytes.HasPrefix(line, byteOrderMark) {
		return req, nil, &jsonline.Error{Col: 1, Msg: "a byte order mark (U+FEFF) begins the request: expected one only before the first request of the input"}
	}
	if fast, ok := decodeBatch(line); ok {
		return fast, compactID(fast.ID), nil
	}
	err = jsonline.Decode(line, &req, "id")
	if err != nil && req.ID == nil {
		// The decoder may have stopped before the id: look for it alone.
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(line, &probe)
		req.ID = probe.ID
	}
	if req.ID != nil {
		id = compactID(req.ID)
	}
	return req, id, err
}

// compactID returns a request's id as it will be echoed: on one line.
func compactID(raw json.RawMessage) json.RawMessage {
	var c bytes.Buffer
	if err := json.Compact(&c, raw); err != nil {
		return json.RawMessage("null")
	}
	return c.Bytes()
}

// errBatchItem is the one message of a "batch" element of the wrong shape.
var errBatchItem = errors.New(`"batch": expected a list of [sentence index, ["hypothesis", …]]`)

// UnmarshalJSON reads [[id, ["hypothesis", …]], …] for a request that decodeBatch left to
// encoding/json, which has checked that data is valid JSON: what is wrong in it beyond the
// shape (a negative index, a lone surrogate) is found after, by the index's reading and by
// jsonline.Check, which name it.
func (b *batch) UnmarshalJSON(data []byte) error {
	r := plainReader{data: data, valid: true}
	var ok bool
	if *b, ok = r.batch(); !ok || !r.end() {
		return errBatchItem
	}
	return nil
}

// decodeBatch decodes a "batch" request of the plain form — the members "id" (an integer or a
// string), "batch", "edits", "split" and "packed", each once, in any order — without encoding/json, whose
// scanning of every byte of the hypotheses was a quarter of the service's work on an n-best
// list (BenchmarkServeNbest). ok is false for any other line, and for anything it does not take
// as jsonline.Decode would (which then decodes the line, and names what is wrong): FuzzDecodeBatch
// checks that what it takes, jsonline.Decode decodes the same.
func decodeBatch(line []byte) (req request, ok bool) {
	if !utf8.Valid(line) {
		return req, false
	}
	r := plainReader{data: line}
	if !r.next('{') {
		return req, false
	}
	split, packed := false, false // "split" and "packed" were read
	for k := 0; !r.next('}'); k++ {
		if k > 0 && !r.next(',') {
			return req, false
		}
		key, ok := r.key()
		if !ok || !r.next(':') {
			return req, false
		}
		switch {
		case key == "id" && req.ID == nil:
			req.ID, ok = r.id()
		case key == "batch" && req.Batch == nil:
			req.Batch, ok = r.batch()
		case key == "edits" && req.Edits == nil:
			var edits bool
			edits, ok = r.boolean()
			req.Edits = &edits
		case key == "split" && !split:
			req.Split, ok = r.boolean()
			split = true
		case key == "packed" && !packed:
			req.Packed, ok = r.boolean()
			packed = true
		default:
			ok = false
		}
		if !ok {
			return req, false
		}
	}
	return req, req.Batch != nil && r.end()
}

// plainReader reads JSON by hand, taking only what it can read as encoding/json and
// jsonline.Decode do.
type plainReader struct {
	data  []byte
	i     int
	valid bool // data is valid JSON: take any number as an index, and any string
	// text is data as a string, made when the first string without escapes is read: such
	// strings (nearly every hypothesis) are cut from it, one allocation a request rather than
	// one a hypothesis (17,056 fewer on the CoNLL-2014 n-best list).
	text string
}

func (r *plainReader) space() {
	for r.i < len(r.data) && (r.data[r.i] == ' ' || r.data[r.i] == '\t' || r.data[r.i] == '\n' || r.data[r.i] == '\r') {
		r.i++
	}
}

// next reads c when it comes next (after white space).
func (r *plainReader) next(c byte) bool {
	r.space()
	if r.i < len(r.data) && r.data[r.i] == c {
		r.i++
		return true
	}
	return false
}

// end reports whether nothing but white space is left.
func (r *plainReader) end() bool {
	r.space()
	return r.i == len(r.data)
}

// batch reads [[index, ["hypothesis", …]], …]; an empty one is not nil.
func (r *plainReader) batch() (batch, bool) {
	b := batch{}
	if !r.next('[') {
		return nil, false
	}
	for k := 0; !r.next(']'); k++ {
		var it batchItem
		if k > 0 && !r.next(',') || !r.next('[') {
			return nil, false
		}
		if it.ID = r.integer(r.valid); it.ID == nil || !r.next(',') || !r.next('[') {
			return nil, false
		}
		for n := 0; !r.next(']'); n++ {
			if n > 0 && !r.next(',') {
				return nil, false
			}
			s, ok := r.str()
			if !ok {
				return nil, false
			}
			it.Hyps = append(it.Hyps, s)
		}
		if !r.next(']') {
			return nil, false
		}
		b = append(b, it)
	}
	return b, true
}

// integer reads an integer (negative too when signed), as its JSON text, or returns nil.
func (r *plainReader) integer(signed bool) json.RawMessage {
	r.space()
	start := r.i
	if signed && r.i < len(r.data) && r.data[r.i] == '-' {
		r.i++
	}
	digits := r.i
	for r.i < len(r.data) && '0' <= r.data[r.i] && r.data[r.i] <= '9' {
		r.i++
	}
	n := r.i - digits
	if r.valid { // any number: its reading as an index says what is wrong with it
		for r.i < len(r.data) && strings.IndexByte("+-.0123456789eE", r.data[r.i]) >= 0 {
			r.i++
		}
	} else if n == 0 || n > 1 && r.data[digits] == '0' || r.i < len(r.data) && strings.IndexByte(".eE", r.data[r.i]) >= 0 {
		return nil
	}
	if r.i == start {
		return nil
	}
	return json.RawMessage(r.data[start:r.i])
}

// id reads a request's id: an integer or a string, as its JSON text.
func (r *plainReader) id() (json.RawMessage, bool) {
	r.space()
	if r.i < len(r.data) && r.data[r.i] == '"' {
		start := r.i
		_, ok := r.str()
		return json.RawMessage(r.data[start:r.i]), ok
	}
	raw := r.integer(true)
	return raw, raw != nil
}

// key reads a member's key, a string without escapes.
func (r *plainReader) key() (string, bool) {
	r.space()
	start := r.i
	s, ok := r.str()
	return s, ok && bytes.IndexByte(r.data[start:r.i], '\\') < 0
}

func (r *plainReader) boolean() (bool, bool) {
	r.space()
	for _, v := range []bool{true, false} {
		lit := strconv.FormatBool(v)
		if bytes.HasPrefix(r.data[r.i:], []byte(lit)) {
			r.i += len(lit)
			return v, true
		}
	}
	return false, false
}

// str reads a string: no control character, valid escapes, no lone surrogate (the line is
// valid UTF-8); of valid JSON, any string, as encoding/json reads it.
func (r *plainReader) str() (string, bool) {
	r.space()
	at := r.i
	s, ok := r.plainStr()
	if !ok && r.valid && at < len(r.data) && r.data[at] == '"' {
		for r.i = at + 1; r.data[r.i] != '"'; r.i++ {
			if r.data[r.i] == '\\' {
				r.i++
			}
		}
		r.i++
		ok = json.Unmarshal(r.data[at:r.i], &s) == nil
	}
	return s, ok
}

func (r *plainReader) plainStr() (string, bool) {
	if !r.next('"') {
		return "", false
	}
	start := r.i
	for r.i < len(r.data) && r.data[r.i] != '"' && r.data[r.i] != '\\' && r.data[r.i] >= 0x20 {
		r.i++
	}
	if r.i < len(r.data) && r.data[r.i] == '"' {
		r.i++
		if len(r.text) != len(r.data) {
			r.text = string(r.data)
		}
		return r.text[start : r.i-1], true
	}
	buf := append([]byte(nil), r.data[start:r.i]...)
	for r.i < len(r.data) {
		c := r.data[r.i]
		switch {
		case c == '"':
			r.i++
			return string(buf), true
		case c < 0x20:
			return "", false
		case c != '\\':
			buf = append(buf, c)
			r.i++
			continue
		}
		if r.i+1 >= len(r.data) {
			return "", false
		}
		e := r.data[r.i+1]
		r.i += 2
		if k := strings.IndexByte(`"\/bfnrt`, e); k >= 0 {
			buf = append(buf, "\"\\/\b\f\n\r\t"[k])
			continue
		}
		x, ok := r.hex4(e)
		if ok && utf16.IsSurrogate(x) {
			// A pair, \ud800-\udbff then \udc00-\udfff; a lone half is left to jsonline.
			var y rune
			ok = x < 0xdc00 && r.i+1 < len(r.data) && r.data[r.i] == '\\' && r.data[r.i+1] == 'u'
			if ok {
				r.i += 2
				y, ok = r.hex4('u')
			}
			x = utf16.DecodeRune(x, y)
			ok = ok && x != utf8.RuneError
		}
		if !ok {
			return "", false
		}
		buf = utf8.AppendRune(buf, x)
	}
	return "", false
}

// hex4 reads the four hexadecimal digits of a \u escape (e is the escape's letter).
func (r *plainReader) hex4(e byte) (rune, bool) {
	if e != 'u' || r.i+4 > len(r.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(r.data[r.i:r.i+4]), 16, 32)
	r.i += 4
	return rune(n), err == nil
}

// kind is what a request asks for.
type kind int

const (
	kindInfo      kind = iota // the options and the protocol's version
	kindCorpus                // the official corpus score of one hypothesis per sentence
	kindBatch                 // many gold sentences' hypotheses, in the flat, the split or the packed form
	kindSentences             // hypotheses of one sentence, a gold one or the request's own
)

// kindOf returns what req asks for, or the error to answer when its members do not make one
// request.
func kindOf(req *request) (kind, error) {
	hyps := req.Hyp != nil || req.Hyps != nil
	own := req.Source != nil || req.Gold != nil || req.M2 != nil
	if req.Split && req.Batch == nil {
		return 0, errors.New(`"split" belongs to a "batch" request`)
	}
	if req.Packed && (req.Batch == nil || req.Split) {
		return 0, errors.New(`"packed" belongs to a "batch" request, without "split" (two forms of its answer: choose one)`)
	}
	switch {
	case req.Info:
		if hyps || own || req.Corpus != nil || req.Batch != nil || req.IDs != nil {
			return 0, errors.New(`an "info" request carries nothing else`)
		}
		return kindInfo, nil
	case req.Corpus != nil:
		if hyps || own || req.Batch != nil {
			return 0, errors.New(`a "corpus" request carries its hypotheses in "corpus" only (and the sentences in "ids")`)
		}
		return kindCorpus, nil
	case req.IDs != nil:
		return 0, errors.New(`"ids" belongs to a "corpus" request`)
	case req.Batch != nil:
		if hyps || own || req.Compact || req.ID == nil {
			return 0, errors.New(`a "batch" request carries "id" (any value), "batch" and optionally "edits" and "split" or "packed", nothing else: its answer is the flat form, the split form or the packed form`)
		}
		return kindBatch, nil
	case !hyps:
		return 0, errors.New(`expected "hyp" (a hypothesis), "hyps" (a list of them), "batch", "corpus" or "info"`)
	case req.Hyp != nil && req.Hyps != nil:
		return 0, errors.New(`expected "hyp" or "hyps", found both`)
	case !own && req.ID == nil:
		return 0, errors.New(`expected "id", the 0-based index of a gold sentence (or "source" and "gold" for a sentence of your own)`)
	}
	return kindSentences, nil
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

// trimAll trims every hypothesis of the white space around it, as a system file's line is.
func trimAll(hyps []string) {
	for k, h := range hyps {
		hyps[k] = pytext.TrimSpace(h)
	}
}

// ownGold reads the gold sentence a request carries: "m2", one M2 block, or "source" and
// "gold", edits [start, end, correction or [corrections…], annotator, type] (the last two
// optional: annotator 0, type "-"), written as an M2 block and read as one.
func (s *Server) ownGold(req *request) (*scorer.Sentence, error) {
	var block string
	switch {
	case req.M2 != nil && (req.Source != nil || req.Gold != nil):
		return nil, errors.New(`expected "m2" or "source" and "gold", found both`)
	case req.M2 != nil:
		block = *req.M2
	case req.Source == nil:
		return nil, errors.New(`"gold" needs "source", the tokenised sentence its edits refer to`)
	default:
		if req.Gold == nil {
			return nil, errors.New(`"source" needs "gold", the list of its gold edits ([] for none)`)
		}
		if strings.ContainsFunc(*req.Source, pytext.IsLineBreak) {
			return nil, errors.New(`"source" contains a line break: expected one tokenised sentence`)
		}
		var m2 strings.Builder
		m2.WriteString("S " + *req.Source + "\n")
		for k, raw := range req.Gold {
			line, err := goldEditLine(raw)
			if err != nil {
				return nil, fmt.Errorf(`"gold"[%d]: %v`, k, err)
			}
			m2.WriteString(line)
		}
		block = m2.String()
	}
	sentences, err := s.reader.ReadString("request", block)
	if err != nil {
		var pe *scorer.ParseError
		if errors.As(err, &pe) && req.M2 == nil && pe.Line >= 2 {
			return nil, fmt.Errorf(`"gold"[%d]: %s`, pe.Line-2, pe.Msg)
		}
		if errors.As(err, &pe) && req.M2 == nil {
			return nil, fmt.Errorf(`"source": %s`, pe.Msg)
		}
		return nil, fmt.Errorf(`"m2": %v`, err)
	}
	if len(sentences) != 1 {
		return nil, fmt.Errorf(`"m2" has %d sentences: expected one block, an "S" line and its "A" lines`, len(sentences))
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
