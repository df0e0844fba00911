package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"maxmatch/input"
	"maxmatch/internal/jsonline"
	"maxmatch/internal/wording"
	"maxmatch/report"
	"maxmatch/scorer"
)

// Merged is a corpus scored in parts, read back from its sentence results (ReadResults): each
// gold sentence's annotators' counts, in gold order, all that the official corpus score needs
// (scorer.Merge).
type Merged struct {
	Counts  [][]scorer.Counts
	Bounded int // sentences the bounded search scored
	// Unsigned are the parts of score --jsonl whose total line carries no signature (an earlier
	// version's): how they were scored could not be checked.
	Unsigned []string
}

// byteOrderMark is U+FEFF in UTF-8, skipped at the start of a results file.
var byteOrderMark = []byte("\uFEFF")

// maxResultLine is the longest line of a results file read: a sentence result holds its edits,
// and a line longer than this is not one a scoring writes.
const maxResultLine = 64 << 20

// ReadResults reads the sentence results of a corpus scored in parts, the results files given
// by args (paths, "-" for standard input) in order, and checks them against gold (the gold
// file's sentences, as opt reads and scores them) before anything is merged. Two kinds of
// files are read, one kind per run:
//
//   - rows naming their gold sentence by its 0-based "id": "maxmatch nbest --jsonl" (one
//     hypothesis per sentence) and the answers of "maxmatch serve" to {"id", "hyp"}. Over all
//     the files, in the order given, the ids must be 0, 1, 2, …, each once.
//   - "maxmatch score --jsonl" of each part against its part of the gold file: lines numbered
//     from 1 in each file, which ends with its total line; the parts follow one another in
//     gold order. Each part's lines must merge to its total.
//
// Every sentence's annotators (ids, in visiting order) and their gold counts must be those
// of its gold sentence; there must be one result per gold sentence; a part's total line that
// carries a signature must have the scoring fields of signature, the merge's own (see
// scoringKeys; "" checks none). Any other line is an error naming its file and line.
func ReadResults(args []string, gold []scorer.Sentence, opt scorer.Options, signature string, in input.Options) (Merged, error) {
	m := &merging{gold: gold, opt: opt, signature: signature, at: make([]position, 0, len(gold))}
	for i, arg := range args {
		if err := m.readFile(input.New(arg, "results", in), i); err != nil {
			return Merged{}, err
		}
	}
	if n := len(m.counts); n != len(gold) {
		missing := fmt.Sprintf("sentence ids %d to %d are missing", n, len(gold)-1)
		if n == len(gold)-1 {
			missing = fmt.Sprintf("sentence id %d is missing", n)
		}
		return Merged{}, fmt.Errorf("the results hold %s and the gold file %d: %s, after %s",
			wording.Plural(n, "sentence"), len(gold), missing, m.lastRead())
	}
	return Merged{Counts: m.counts, Bounded: m.bounded, Unsigned: m.unsigned}, nil
}

// merging is a ReadResults in progress.
type merging struct {
	gold      []scorer.Sentence
	opt       scorer.Options
	signature string     // the merge's, which a part's must match in its scoring fields
	unsigned  []string   // the parts whose total line has no signature
	kind      resultKind // of the first sentence result read
	counts    [][]scorer.Counts
	at        []position // where each sentence's result was read
	bounded   int
	names     []string // the files read, by index
}

// position is where a result was read: a file (its index) and a line.
type position struct{ file, line int }

type resultKind uint8

const (
	kindUnknown resultKind = iota
	kindIDs                // rows with "id"
	kindParts              // score --jsonl: "line", then the total
)

func (m *merging) where(p position) string { return fmt.Sprintf("%s:%d", m.names[p.file], p.line) }

// lastRead says where the last sentence result was read.
func (m *merging) lastRead() string {
	if len(m.at) == 0 {
		return "none read"
	}
	return "the last read at " + m.where(m.at[len(m.at)-1])
}

// resultLine is one line of a results file: the members of the sentence-result schema
// (docs/serving-protocol.md#sentence-answers) with those of nbest's and score's lines, and the
// report lines of score --jsonl. Only what the merge needs is decoded; the other members are
// known, so that a member this version does not know is an error, not ignored.
type resultLine struct {
	ID         json.RawMessage    `json:"id"`
	K          *int               `json:"k"`
	Line       *int               `json:"line"`
	GoldLine   *int               `json:"gold_line"`
	Annotators *[]annotatorCounts `json:"annotators"`
	Bounded    *bool              `json:"bounded"`
	Total      *scoreMembers      `json:"total"`
	Error      json.RawMessage    `json:"error"`
	Annotator  json.RawMessage    `json:"annotator"`
	scoreMembers
	Edits        json.RawMessage `json:"edits"`
	CorrectEdits json.RawMessage `json:"correct_edits"`
	PerType      json.RawMessage `json:"per_type"`
	Levels       json.RawMessage `json:"levels"`
	Bootstrap    json.RawMessage `json:"bootstrap"`
}

// scoreMembers are the members of a score (report.WriteScore), a sentence's or a total's.
type scoreMembers struct {
	Correct   *int            `json:"correct"`
	Proposed  *int            `json:"proposed"`
	Gold      *int            `json:"gold"`
	TP        json.RawMessage `json:"tp"`
	FP        json.RawMessage `json:"fp"`
	FN        json.RawMessage `json:"fn"`
	P         json.RawMessage `json:"p"`
	R         json.RawMessage `json:"r"`
	F         json.RawMessage `json:"f"`
	Signature *string         `json:"signature"` // a total line's (score --jsonl)
}

// annotatorCounts is an element of "annotators".
type annotatorCounts struct {
	Annotator *int64 `json:"annotator"`
	Correct   *int   `json:"correct"`
	Proposed  *int   `json:"proposed"`
	Gold      *int   `json:"gold"`
}

// readFile reads one results file, the index-th given.
func (m *merging) readFile(f *input.File, index int) error {
	m.names = append(m.names, f.Name())
	r := f.Reader()
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxResultLine)
	part := filePart{first: len(m.counts)}
	line := 0
	for sc.Scan() {
		line++
		data := bytes.TrimRight(sc.Bytes(), "\r")
		if line == 1 {
			data = bytes.TrimPrefix(data, byteOrderMark) // an editor's or a Windows tool's, as the other readers skip it
		}
		if len(bytes.TrimSpace(data)) == 0 {
			continue
		}
		at := position{index, line}
		if err := m.readLine(data, at, &part); err != nil {
			if readErr := sc.Err(); readErr != nil {
				return readErr // the line was cut by the read error (a truncated gzip): that is the cause
			}
			return fmt.Errorf("%s: %w", m.where(at), err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s:%d: a line longer than %d MiB: expected sentence results, one JSON object per line", f.Name(), line+1, maxResultLine>>20)
		}
		return err
	}
	if m.kind == kindParts && !part.total && part.n > 0 {
		return fmt.Errorf("%s: ends after line %d without the total line of maxmatch score --jsonl: the part is incomplete (its scoring stopped, or the file was cut)", f.Name(), line)
	}
	if part.n == 0 && !part.total {
		return fmt.Errorf("%s: holds no sentence result: expected the JSON lines of maxmatch score --jsonl or nbest --jsonl", f.Name())
	}
	return nil
}

// filePart is what a file of score --jsonl has given so far: its first sentence's index in the
// corpus, its sentences, and whether its total line was read.
type filePart struct {
	first, n int
	total    bool
}

// readLine reads one line of a results file.
func (m *merging) readLine(data []byte, at position, part *filePart) error {
	var l resultLine
	if err := jsonline.Decode(data, &l, "id"); err != nil {
		return err
	}
	switch {
	case l.Error != nil:
		return fmt.Errorf("an error answer, not a sentence result: %s", data)
	case l.Total != nil:
		return m.readTotal(&l, part)
	case l.Line != nil:
		if err := m.setKind(kindParts, "score --jsonl lines (\"line\")"); err != nil {
			return err
		}
		if part.total {
			return fmt.Errorf("a sentence after the part's total line: expected one part per file")
		}
		if *l.Line != part.n+1 {
			return fmt.Errorf("line %d of the system output follows line %d: expected the lines of maxmatch score --jsonl of one part, in order, from 1", *l.Line, part.n)
		}
		part.n++
		return m.add(&l, at)
	case l.ID != nil:
		if err := m.setKind(kindIDs, "rows with an \"id\""); err != nil {
			return err
		}
		id, err := sentenceID(l.ID)
		if err != nil {
			return err
		}
		if err := m.checkOrder(id); err != nil {
			return err
		}
		part.n++
		return m.add(&l, at)
	case l.PerType != nil || l.Levels != nil || l.Bootstrap != nil:
		return nil // the reports score --jsonl prints before the total: not the merge's
	}
	return fmt.Errorf(`expected a sentence result (with "id", or "line" and "annotators") or score --jsonl's total line`)
}

// setKind records the kind of results read, refusing a second kind.
func (m *merging) setKind(k resultKind, what string) error {
	if m.kind == kindUnknown {
		m.kind = k
	}
	if m.kind != k {
		first := "rows with an \"id\" (nbest --jsonl, serve's answers)"
		if m.kind == kindParts {
			first = "score --jsonl lines"
		}
		return fmt.Errorf("%s after %s (from %s): expected results of one kind", what, first, m.where(m.at[0]))
	}
	return nil
}

// sentenceID reads an "id", a gold sentence's 0-based index.
func sentenceID(raw json.RawMessage) (int, error) {
	id, err := strconv.Atoi(string(raw))
	if err != nil || id < 0 {
		return 0, fmt.Errorf("\"id\" is %s: expected the 0-based index of a gold sentence", raw)
	}
	return id, nil
}

// checkOrder checks that the sentence whose id is read next is the next of the gold file.
func (m *merging) checkOrder(id int) error {
	next := len(m.counts)
	switch {
	case id < next:
		return fmt.Errorf("sentence id %d again, first read at %s: expected one result per gold sentence (of an n-best list, choose one hypothesis per sentence first)", id, m.where(m.at[id]))
	case id > next && next == 0:
		return fmt.Errorf("sentence id %d first: expected sentence id 0 first, the results in gold order (give the parts in order)", id)
	case id > next:
		return fmt.Errorf("sentence id %d follows sentence id %d (%s): sentence id %d is missing, or the results are not in gold order (give the parts in order, each in the order of its sentences)", id, next-1, m.where(m.at[next-1]), next)
	}
	return nil
}

// add adds the sentence result l, read at at, as the next sentence of the corpus, after
// checking it against its gold sentence.
func (m *merging) add(l *resultLine, at position) error {
	i := len(m.counts)
	if i >= len(m.gold) {
		return fmt.Errorf("a result for sentence id %d, beyond the gold file's %d sentences: expected one result per gold sentence", i, len(m.gold))
	}
	if l.Annotators == nil {
		return fmt.Errorf(`no "annotators": expected each annotator's counts, as maxmatch score --jsonl and nbest --jsonl write them`)
	}
	counts := make([]scorer.Counts, len(*l.Annotators))
	ids := make([]int64, len(*l.Annotators))
	for k, a := range *l.Annotators {
		if a.Annotator == nil || a.Correct == nil || a.Proposed == nil || a.Gold == nil {
			return fmt.Errorf(`"annotators"[%d]: expected "annotator", "correct", "proposed" and "gold"`, k)
		}
		ids[k], counts[k] = *a.Annotator, scorer.Counts{Correct: *a.Correct, Proposed: *a.Proposed, Gold: *a.Gold}
	}
	if err := scorer.CheckCounts(counts); err != nil {
		return fmt.Errorf("\"annotators\": %v", err)
	}
	if err := m.checkGold(i, ids, counts); err != nil {
		return err
	}
	m.counts = append(m.counts, counts)
	m.at = append(m.at, at)
	if l.Bounded != nil && *l.Bounded {
		m.bounded++
	}
	return nil
}

// checkGold checks a result's annotators, ids and counts, against gold sentence i: the same
// annotators in the same order, each with the number of gold edits the scoring counts.
func (m *merging) checkGold(i int, ids []int64, counts []scorer.Counts) error {
	s := &m.gold[i]
	same := len(ids) == len(s.Annotators)
	for k := 0; same && k < len(ids); k++ {
		same = ids[k] == int64(s.Annotators[k].ID) && counts[k].Gold == len(m.opt.ScoredGold(&s.Annotators[k]))
	}
	if same {
		return nil
	}
	var got, want []string
	for k := range ids {
		got = append(got, fmt.Sprintf("%d with %d gold edits", ids[k], counts[k].Gold))
	}
	for k := range s.Annotators {
		want = append(want, fmt.Sprintf("%d with %d gold edits", s.Annotators[k].ID, len(m.opt.ScoredGold(&s.Annotators[k]))))
	}
	return fmt.Errorf("sentence id %d (gold line %d): the result's annotators are %s, the gold file's %s: the result is another sentence's, or was scored against another gold file or with other --types or --fix",
		i, s.Line, wording.JoinAnd(got), wording.JoinAnd(want))
}

// readTotal reads the total line of a part of score --jsonl: its sentences must merge to it.
func (m *merging) readTotal(l *resultLine, part *filePart) error {
	if err := m.setKind(kindParts, "a total line of score --jsonl"); err != nil {
		return err
	}
	if part.total {
		return fmt.Errorf("a second total line: expected one part per file")
	}
	part.total = true
	t := l.Total
	if t.Correct == nil || t.Proposed == nil || t.Gold == nil {
		return fmt.Errorf(`the total has no "correct", "proposed" or "gold"`)
	}
	merged, _ := scorer.Merge(m.counts[part.first:], m.opt.Beta) // checked as added
	got, want := merged.Counts(), scorer.Counts{Correct: *t.Correct, Proposed: *t.Proposed, Gold: *t.Gold}
	if got != want {
		return fmt.Errorf("the part's %s merge to correct %d, proposed %d, gold %d, and its total line says %d, %d, %d: the part's lines are not those of its scoring",
			wording.Plural(part.n, "sentence"), got.Correct, got.Proposed, got.Gold, want.Correct, want.Proposed, want.Gold)
	}
	if t.Signature == nil {
		m.unsigned = append(m.unsigned, m.names[len(m.names)-1])
		return nil
	}
	return m.checkSignature(*t.Signature)
}

// scoringKeys are the fields of a signature (report.Signature) that say how a part was scored,
// which the merge's must equal: the parts' counts are merged as they are, so counts of another
// u, compatibility or casing rule, other types or another version's scoring would make figures
// of no one run. The others are left out: beta (the merge applies its own to the counts), the
// gold's sentences, annotators and hash (a part's are its part of the gold file's), the
// budgets (a sentence they sent to the bounded search says so itself) and the resamples.
var scoringKeys = []string{"compat", "u", "ws-case", "types", "version"}

// checkSignature checks a part's signature against the merge's.
func (m *merging) checkSignature(sig string) error {
	if m.signature == "" {
		return nil
	}
	part, merge := report.SignatureFields(sig), report.SignatureFields(m.signature)
	var differ []string
	for _, k := range scoringKeys {
		if part[k] != merge[k] {
			differ = append(differ, fmt.Sprintf("%s:%s (merge: %s:%s)", k, part[k], k, merge[k]))
		}
	}
	if differ == nil {
		return nil
	}
	return fmt.Errorf("the part was scored with %s; its signature is %s: give merge the flags the parts were scored with (-u, --compat, --fix, --ignore-whitespace-casing, --types), or score every part with the same flags and version",
		wording.JoinAnd(differ), sig)
}

// RestrictTypes restricts the gold sentences of the file named gold to the gold edits of
// types (nil: every type, nothing done), as a run with Options.Types does; a type the file
// does not have is an error.
func RestrictTypes(sentences []scorer.Sentence, types []string, gold string) error {
	if types == nil {
		return nil
	}
	var summary scorer.GoldSummary
	for i := range sentences {
		summary.Add(&sentences[i])
	}
	restrict, err := scorer.NewTypeRestriction(types, summary.Types())
	if err != nil {
		return typesError{gold, err}
	}
	for i := range sentences {
		sentences[i] = restrict.Sentence(&sentences[i])
	}
	return nil
}
