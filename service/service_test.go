package service

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"maxmatch/internal/jsonline"
	"maxmatch/scorer"
	"maxmatch/version"
)

// newTestServer serves a gold standard of two sentences.
func newTestServer(t testing.TB) *Server {
	t.Helper()
	gold, err := scorer.ReadM2("gold.m2", []byte("S He go home .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\nS I like it .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	return New(gold, scorer.DefaultOptions(), Config{Workers: 1})
}

// TestStrictRequests: what encoding/json would take silently and a request cannot mean is one
// error answer each, with the column, and the next request is served.
func TestStrictRequests(t *testing.T) {
	srv := newTestServer(t)
	for _, c := range []struct {
		why, request, answer string
	}{
		{"a key twice (the last would win)", `{"id": 0, "hyp": "He goes home .", "hyp": "x"}`,
			`{"id":0,"error":{"line":1,"byte":36,"message":"key \"hyp\" given twice in one object: expected each key once"}}`},
		{"a key twice in another case (encoding/json matches keys ignoring case)", `{"id": 0, "hyp": "a", "HYP": "b"}`,
			`{"id":0,"error":{"line":1,"byte":23,"message":"key \"HYP\" given twice in one object: expected each key once"}}`},
		{"a lone surrogate (would become U+FFFD)", `{"id": 0, "hyp": "He \ud800 home ."}`,
			`{"id":0,"error":{"line":1,"byte":22,"message":"lone UTF-16 surrogate \\ud800 in a string: expected a pair (as \\ud83d\\ude00) or another character"}}`},
		{"a lone low surrogate", `{"id": 0, "hyp": "\udc00"}`,
			`{"id":0,"error":{"line":1,"byte":19,"message":"lone UTF-16 surrogate \\udc00 in a string: expected a pair (as \\ud83d\\ude00) or another character"}}`},
		{"null for a string field (would read as missing)", `{"id": 0, "hyp": null}`,
			`{"id":0,"error":{"line":1,"byte":18,"message":"field \"hyp\": found null: expected a value (leave the field out instead)"}}`},
		{"null in a list (would read as an empty hypothesis)", `{"id": 0, "hyps": ["He goes home .", null]}`,
			`{"id":0,"error":{"line":1,"byte":38,"message":"found null in field \"hyps\": expected a value"}}`},
		{"null in an edit of one's own gold (would read as offset 0)", `{"id": "x", "source": "a b", "gold": [[null, 1, "c"]], "hyp": "c b"}`,
			`{"id":"x","error":{"line":1,"byte":40,"message":"found null in field \"gold\": expected a value"}}`},
		{"invalid UTF-8", "{\"id\": 0, \"hyp\": \"He \xff home .\"}",
			`{"id":0,"error":{"line":1,"byte":22,"message":"invalid UTF-8 (byte 0xff): expected UTF-8 text"}}`},
		{"not an object", `[1, 2]`,
			`{"id":null,"error":{"line":1,"byte":1,"message":"expected a JSON object, found an array"}}`},
		{"a valid pair of surrogates is a character", `{"id": 0, "hyp": "He goes home \ud83d\ude00"}`,
			`{"id":0,"annotator":0,"correct":1,"proposed":2,"gold":1,"tp":1,"fp":1,"fn":0,"p":0.5,"r":1,"f":0.5555555555555556,"annotators":[{"annotator":0,"correct":1,"proposed":2,"gold":1}],"edits":[[1,2,"go","goes"],[2,4,"home .","home 😀"]],"correct_edits":[[1,2,"go","goes"]]}`},
		{"a gold span outside the request's sentence: refused, and said so",
			`{"id": "x", "source": "a b", "gold": [[3, 4, "c"]], "hyp": "a b"}`,
			`{"id":"x","error":{"line":1,"message":"\"gold\"[0]: span (field 1) \"3 4\" is outside the sentence's 2 tokens: expected 0 ≤ start ≤ end ≤ 2; the official scorer silently ignores such an edit (the service refuses it: the gold edits of a request must lie within its sentence)"}}`},
		{"null as the id is echoed", `{"id": null, "info": true}`,
			`{"id":null,"protocol":5,"version":"` + version.String() + `","sentences":2,"beta":0.5,"max_unchanged_words":2,"compat":"3.2","fixes":"","ignore_whitespace_casing":false,"workers":1}`},
	} {
		got := strings.TrimSuffix(string(srv.Answer(0, []byte(c.request), 1)), "\n")
		if got != c.answer {
			t.Errorf("%s: %s\n got  %s\n want %s", c.why, c.request, got, c.answer)
		}
		next := string(srv.Answer(0, []byte(`{"id": 1, "hyp": "I like it ."}`), 2))
		if !strings.HasPrefix(next, `{"id":1,"annotator":0,"correct":0`) {
			t.Errorf("%s: the next request got %s", c.why, next)
		}
	}
}

// TestWorkersClamped: more workers than CPUs are the CPUs (each costs memory and none runs
// faster for it).
func TestWorkersClamped(t *testing.T) {
	gold, err := scorer.ReadM2("gold.m2", []byte("S a b\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, asked := range []int{0, -5, 1 << 40} {
		if got := New(gold, scorer.DefaultOptions(), Config{Workers: asked}).Workers(); got != runtime.GOMAXPROCS(0) {
			t.Errorf("Workers %d: %d workers, want one per CPU (%d)", asked, got, runtime.GOMAXPROCS(0))
		}
	}
}

// TestRequestOverItsShare: a request whose scoring needs more than its share of the budget is
// scored by the bounded search or answered with an error, and the next request is served
// exactly; neither takes the budget from the other.
func TestRequestOverItsShare(t *testing.T) {
	words := func(prefix string, n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return strings.Join(w, " ")
	}
	src := words("s", 400) // 160,000 lattice vertices: more than the share holds, whichever search
	gold, err := scorer.ReadM2("gold.m2", []byte("S "+src+"\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n\nS a b c\nA 1 2|||X|||d|||REQUIRED|||-NONE-|||0\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	in := fmt.Sprintf(`{"id": 0, "hyp": %q}`+"\n"+`{"id": 1, "hyp": "a d c"}`+"\n"+`{"id": 2, "source": %q, "gold": [], "hyp": %q}`+"\n"+`{"id": 1, "hyp": "a d c"}`+"\n",
		words("h", 400), src, words("h", 400))
	var out strings.Builder
	srv := New(gold, scorer.DefaultOptions(), Config{Workers: 2, RequestMemory: 256 << 10})
	if err := srv.Serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	answers := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(answers) != 4 {
		t.Fatalf("%d answers to 4 requests:\n%s", len(answers), out.String())
	}
	for _, k := range []int{0, 2} {
		if !strings.Contains(answers[k], `"bounded":true`) && !strings.Contains(answers[k], `"error":`) {
			t.Errorf("request %d, 400 unrelated tokens in a 256 kB share: neither bounded nor refused: %.200s", k+1, answers[k])
		}
	}
	for _, k := range []int{1, 3} {
		if want := `{"id":1,"annotator":0,"correct":1,"proposed":1,"gold":1`; !strings.HasPrefix(answers[k], want) || strings.Contains(answers[k], "bounded") {
			t.Errorf("request %d after a heavy one: %s, want an exact %s…", k+1, answers[k], want)
		}
	}
	t.Logf("the heavy requests' answers: %.160s… / %.160s…", answers[0], answers[2])
}

// TestServeLineLimitAtMaxInt: the largest limit reads a request as any other (a limit of
// the largest int once overflowed into refusing every line, forever).
func TestServeLineLimitAtMaxInt(t *testing.T) {
	srv := newTestServer(t)
	srv.cfg.MaxRequestBytes = math.MaxInt
	var out strings.Builder
	if err := srv.Serve(strings.NewReader(`{"id": 1, "hyp": "I like it ."}`+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, `{"id":1,"annotator":0`) || strings.Count(got, "\n") != 1 {
		t.Errorf("got %q, want one answer", got)
	}
}

// FuzzAnswer states what the service guarantees of any request line: no panic, and one answer
// on one line, a JSON object whose "id" is the request's (or null), with either a result or
// an "error".
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{
		`{"id": 0, "hyp": "He goes home ."}`, `{"id": 1, "hyps": ["I like it .", "I like it"]}`,
		`{"id": "c", "corpus": ["He goes home .", "I like it ."]}`, `{"id": [1], "source": "a b", "gold": [[0, 1, ["c", ""], 3, "T"]], "hyp": "c b"}`,
		`{"id": 2, "m2": "S a\nA 0 1|||X|||b|||REQUIRED|||-NONE-|||0", "hyps": ["b"], "compact": true}`, `{"info": true}`, `{"id": "b", "batch": [[0, ["He goes home .", "x"]], [1, []]], "edits": false}`,
		`{"id": 0, "hyp": "\ud800"}`, `{"id": 0, "hyp": null, "hyp": 1}`, `[`,
	} {
		f.Add([]byte(s))
	}
	srv := newTestServer(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		a := srv.Answer(0, line, 1)
		if len(a) == 0 || a[len(a)-1] != '\n' || bytes.Count(a, []byte("\n")) != 1 {
			t.Fatalf("%q: answer %q is not one line", line, a)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(a, &m); err != nil {
			t.Fatalf("%q: answer %s is not a JSON object: %v", line, a, err)
		}
		if _, ok := m["id"]; !ok {
			t.Fatalf("%q: answer %s has no id", line, a)
		}
	})
}

// TestAnswerOverItsShare: a request whose answer would be longer than an eighth of its share
// of the memory budget (here 8 kB of 64 kB) is answered with an error once its answer passes
// that, whatever the number of hypotheses; one within it is answered whole; the next request
// is served.
func TestAnswerOverItsShare(t *testing.T) {
	gold, err := scorer.ReadM2("gold.m2", []byte("S He go home .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\nS I like it .\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	srv := New(gold, scorer.DefaultOptions(), Config{Workers: 1, RequestMemory: 64 << 10})
	hyps := func(n int) string {
		return `{"id": 0, "compact": true, "hyps": [` + strings.Repeat(`"He goes home .", "He go home .", `, n/2) + `"x"]}`
	}
	for _, c := range []struct {
		n    int
		want string
	}{
		{41, `{"id":0,"results":[[0,1,1,1,`},
		{2001, `{"id":0,"error":{"line":1,"message":"the answer to these 2,001 hypotheses would be longer than an eighth of the request's share of the memory budget (64.0 kB, --max-request-memory): `},
	} {
		got := string(srv.Answer(0, []byte(hyps(c.n)), 1))
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%d hypotheses: %.300s\nwant %s…", c.n, got, c.want)
		}
		var answer struct{ Results []json.RawMessage }
		if err := json.Unmarshal([]byte(got), &answer); err != nil || c.n < 100 && len(answer.Results) != c.n {
			t.Errorf("%d hypotheses: %d results (%v)", c.n, len(answer.Results), err)
		}
		next := string(srv.Answer(0, []byte(`{"id": 1, "hyp": "I like it ."}`), 2))
		if !strings.HasPrefix(next, `{"id":1,"annotator":0,"correct":0`) {
			t.Errorf("after %d hypotheses, the next request got %s", c.n, next)
		}
	}
	// One hypothesis over a share of 1 byte: the share as given, the hypothesis as one.
	tiny := New(gold, scorer.DefaultOptions(), Config{Workers: 1, RequestMemory: 1})
	if got, want := string(tiny.Answer(0, []byte(`{"id": 1, "hyp": "I like it ."}`), 1)), `{"id":1,"error":{"line":1,"message":"the answer to this 1 hypothesis would be longer than an eighth of the request's share of the memory budget (1 B, --max-request-memory): `; !strings.HasPrefix(got, want) {
		t.Errorf("one hypothesis over a share of 1 byte: %.300s\nwant %s…", got, want)
	}
	// A split batch of 301 hypotheses: its rows are 5 kB, its texts 11 kB more; a packed one's
	// numbers are 26 kB in base64, written last as its texts are.
	for _, form := range []string{"split", "packed"} {
		batch := `{"id": 0, "` + form + `": true, "batch": [[0, [` + strings.Repeat(`"He goes home .", "He go home .", `, 150) + `"x"]]]}`
		got := string(srv.Answer(0, []byte(batch), 1))
		if want := `{"id":0,"error":{"line":1,"item":0,"message":"the answer to these 301 hypotheses would be longer than an eighth`; !strings.HasPrefix(got, want) {
			t.Errorf("%s: %.300s\nwant %s…", form, got, want)
		}
		if next := string(srv.Answer(0, []byte(`{"id": 1, "batch": [[0, ["x"]]], "`+form+`": true}`), 2)); !strings.HasSuffix(next, `"annotators":"[[0,0,1,1]]","edits":"[[[0,4,\"He go home .\",\"x\"]]]","correct_edits":"[[]]"}`+"\n") {
			t.Errorf("after the %s batch over its share, the next request got %s", form, next)
		}
	}
}

// TestBatch: a "batch" request's rows are, hypothesis by hypothesis, the compact results of the
// same hypotheses asked one sentence at a time, with the annotators' counts and the edits as
// strings; with "edits": false the edits are null; a batch that cannot be answered is one
// error answer, and the next request is served.
func TestBatch(t *testing.T) {
	srv := newTestServer(t)
	items := []struct {
		id   int
		hyps []string
	}{{0, []string{"He goes home .", "He go home .", "He goes home .", `He "goes" \ home é`}}, {1, []string{"I like it ."}}, {0, nil}}
	var batch []any
	var want []any
	for _, it := range items {
		batch = append(batch, []any{it.id, it.hyps})
		if it.hyps == nil {
			batch[len(batch)-1] = []any{it.id, []string{}}
			continue
		}
		req, _ := json.Marshal(map[string]any{"id": it.id, "hyps": it.hyps, "compact": true})
		var compact struct{ Results [][]json.RawMessage }
		if err := json.Unmarshal(srv.Answer(0, req, 1), &compact); err != nil {
			t.Fatal(err)
		}
		for _, r := range compact.Results {
			var counts []int
			json.Unmarshal(r[7], &counts)
			words := make([]string, len(counts))
			for k, c := range counts {
				words[k] = strconv.Itoa(c)
			}
			want = append(want, r[0], r[1], r[2], r[3], r[4], r[5], r[6], strings.Join(words, " "), string(r[8]), string(r[9]), r[10])
		}
	}
	for _, edits := range []bool{true, false} {
		req, _ := json.Marshal(map[string]any{"id": "b", "batch": batch, "edits": edits})
		answer := srv.Answer(0, req, 1)
		var got struct {
			ID   string
			Rows []any
		}
		if err := json.Unmarshal(answer, &got); err != nil || got.ID != "b" {
			t.Fatalf("%s: %v", answer, err)
		}
		wantJSON, _ := json.Marshal(want)
		var w []any
		json.Unmarshal(wantJSON, &w)
		if !edits {
			for k := 8; k < len(w); k += 11 {
				w[k], w[k+1] = nil, nil
			}
		}
		if g, _ := json.Marshal(got.Rows); string(g) != string(mustJSON(w)) {
			t.Errorf("edits %v: rows\n%s\nwant\n%s", edits, g, mustJSON(w))
		}
	}
	for _, c := range []struct{ request, answer string }{
		{`{"id": 1, "batch": [[0, "x"]]}`, `{"id":1,"error":{"line":1,"byte":1,"message":"\"batch\": expected a list of [sentence index, [\"hypothesis\", …]]"}}`},
		{`{"id": 1, "batch": [[0, ["x"], 3]]}`, `{"id":1,"error":{"line":1,"byte":1,"message":"\"batch\": expected a list of [sentence index, [\"hypothesis\", …]]"}}`},
		{`{"id": 1, "batch": [[0, [null]]]}`, `{"id":1,"error":{"line":1,"byte":1,"message":"\"batch\": expected a list of [sentence index, [\"hypothesis\", …]]"}}`},
		{`{"id": 1, "batch": [[0, ["\ud800"]]]}`, `{"id":1,"error":{"line":1,"byte":27,"message":"lone UTF-16 surrogate \\ud800 in a string: expected a pair (as \\ud83d\\ude00) or another character"}}`},
		{`{"id": 1, "batch": [[0, ["x"]], [2, ["y"]]]}`, `{"id":1,"error":{"line":1,"item":1,"message":"sentence 2 is out of range: the gold file has 2 sentences (ids 0 to 1)"}}`},
		{`{"id": 1, "batch": [["0", ["x"]]]}`, `{"id":1,"error":{"line":1,"byte":1,"message":"\"batch\": expected a list of [sentence index, [\"hypothesis\", …]]"}}`},
		{`{"id": 1, "batch": [[-1, ["x"]]]}`, `{"id":1,"error":{"line":1,"item":0,"message":"expected a sentence index (a non-negative integer, digits with no sign), found -1"}}`},
		{`{"id": 1, "batch": [[-0, ["x"]]]}`, `{"id":1,"error":{"line":1,"item":0,"message":"expected a sentence index (a non-negative integer, digits with no sign), found -0"}}`},
		{`{"id": 1, "batch": [], "hyp": "x"}`, `{"id":1,"error":{"line":1,"message":"a \"batch\" request carries \"id\" (any value), \"batch\" and optionally \"edits\" and \"split\" or \"packed\", nothing else: its answer is the flat form, the split form or the packed form"}}`},
		{`{"batch": []}`, `{"id":null,"error":{"line":1,"message":"a \"batch\" request carries \"id\" (any value), \"batch\" and optionally \"edits\" and \"split\" or \"packed\", nothing else: its answer is the flat form, the split form or the packed form"}}`},
		{`{"id": 1, "batch": [], "compact": true}`, `{"id":1,"error":{"line":1,"message":"a \"batch\" request carries \"id\" (any value), \"batch\" and optionally \"edits\" and \"split\" or \"packed\", nothing else: its answer is the flat form, the split form or the packed form"}}`},
		{`{"id": 1, "batch": []}`, `{"id":1,"rows":[]}`},
	} {
		if got := strings.TrimSuffix(string(srv.Answer(0, []byte(c.request), 1)), "\n"); got != c.answer {
			t.Errorf("%s:\n got  %s\n want %s", c.request, got, c.answer)
		}
		if next := string(srv.Answer(0, []byte(`{"id": 1, "hyp": "I like it ."}`), 2)); !strings.HasPrefix(next, `{"id":1,"annotator":0,"correct":0`) {
			t.Errorf("after %s, the next request got %s", c.request, next)
		}
	}
}

// TestBatchSplit: a split "batch" request's answer holds, hypothesis by hypothesis, the flat
// form's values of the same request: its eight numbers in "rows", its lists in three texts (the
// edits null with "edits": false); "split" on any other request is an error, and so is one
// given twice; a split answer over its share counts its texts.
func TestBatchSplit(t *testing.T) {
	srv := newTestServer(t)
	batch := `[[0, ["He goes home .", "He go home .", "He goes home .", "He \"goes\" \\ home é"]], [1, ["I like it ."]], [0, []]]`
	for _, edits := range []bool{true, false} {
		var flat struct{ Rows []json.RawMessage }
		var split struct {
			ID                              string
			Rows                            []json.RawMessage
			Annotators, Edits, CorrectEdits *string `json:",omitempty"`
		}
		req := fmt.Sprintf(`{"id": "b", "batch": %s, "edits": %v`, batch, edits)
		if err := json.Unmarshal(srv.Answer(0, []byte(req+"}"), 1), &flat); err != nil {
			t.Fatal(err)
		}
		answer := srv.Answer(0, []byte(req+`, "split": true}`), 1)
		var members map[string]json.RawMessage
		if err := json.Unmarshal(answer, &members); err != nil {
			t.Fatalf("%s: %v", answer, err)
		}
		json.Unmarshal(answer, &split)
		split.CorrectEdits = nil
		json.Unmarshal(members["correct_edits"], &split.CorrectEdits)
		if n := len(flat.Rows) / 11; split.ID != "b" || n != 5 || len(split.Rows) != 8*n || split.Annotators == nil {
			t.Fatalf("edits %v: %s", edits, answer)
		}
		var texts [3][]json.RawMessage
		for k, text := range []*string{split.Annotators, split.Edits, split.CorrectEdits} {
			if text == nil {
				if k == 0 || edits {
					t.Fatalf("edits %v: text %d is null: %s", edits, k, answer)
				}
				continue
			}
			if err := json.Unmarshal([]byte(*text), &texts[k]); err != nil || len(texts[k]) != 5 {
				t.Fatalf("edits %v: text %d: %q: %v", edits, k, *text, err)
			}
		}
		for h := range 5 {
			f, r := flat.Rows[11*h:11*h+11], split.Rows[8*h:8*h+8]
			var counts string
			json.Unmarshal(f[7], &counts)
			var ints []int
			json.Unmarshal(texts[0][h], &ints)
			words := strings.Fields(counts)
			if fmt.Sprint(ints) != "["+strings.Join(words, " ")+"]" {
				t.Errorf("edits %v, hypothesis %d: annotators %s, flat %s", edits, h, texts[0][h], f[7])
			}
			if string(mustJSON(r[:7])) != string(mustJSON(f[:7])) || string(r[7]) != string(f[10]) {
				t.Errorf("edits %v, hypothesis %d: rows %s, flat %s", edits, h, mustJSON(r), mustJSON(f))
			}
			for k := 1; k < 3 && edits; k++ {
				var e string
				json.Unmarshal(f[7+k], &e)
				if e != string(texts[k][h]) {
					t.Errorf("edits %v, hypothesis %d: list %d %s, flat %s", edits, h, k, texts[k][h], e)
				}
			}
		}
	}
	for _, c := range []struct{ request, answer string }{
		{`{"id": 1, "hyp": "x", "split": true}`, `{"id":1,"error":{"line":1,"message":"\"split\" belongs to a \"batch\" request"}}`},
		{`{"id": 1, "corpus": ["x", "y"], "split": false}`, `{"id":1,"sentences":2,"correct":0,"proposed":2,"gold":1,"tp":0,"fp":2,"fn":1,"p":0,"r":0,"f":0}`},
		{`{"id": 1, "batch": [], "split": true, "split": true}`, `{"id":1,"error":{"line":1,"byte":39,"message":"key \"split\" given twice in one object: expected each key once"}}`},
		{`{"id": 1, "batch": [], "split": true}`, `{"id":1,"rows":[],"annotators":"[]","edits":"[]","correct_edits":"[]"}`},
		{`{"id": 1, "batch": [[1, ["x"]]], "split": true, "edits": false}`, `{"id":1,"rows":[0,0,1,0,0,1,0,0],"annotators":"[[0,0,1,0]]","edits":null,"correct_edits":null}`},
	} {
		if got := strings.TrimSuffix(string(srv.Answer(0, []byte(c.request), 1)), "\n"); got != c.answer {
			t.Errorf("%s:\n got  %s\n want %s", c.request, got, c.answer)
		}
	}
}

// TestBatchPacked: a packed "batch" request's answer holds, hypothesis by hypothesis, the split
// form's values of the same request: its eight numbers, five integers in "counts" and three
// floats in "scores" (base64 of little-endian 64-bit values), and the same three texts; "packed"
// on any other request, beside "split" or given twice is an error.
func TestBatchPacked(t *testing.T) {
	srv := newTestServer(t)
	batch := `[[0, ["He goes home .", "He go home .", "He goes home .", "He \"goes\" \\ home é"]], [1, ["I like it ."]], [0, []]]`
	for _, edits := range []bool{true, false} {
		req := fmt.Sprintf(`{"id": "b", "batch": %s, "edits": %v`, batch, edits)
		var split, packed map[string]json.RawMessage
		if err := json.Unmarshal(srv.Answer(0, []byte(req+`, "split": true}`), 1), &split); err != nil {
			t.Fatal(err)
		}
		answer := srv.Answer(0, []byte(req+`, "packed": true}`), 1)
		if err := json.Unmarshal(answer, &packed); err != nil {
			t.Fatalf("%s: %v", answer, err)
		}
		var rows []json.RawMessage
		json.Unmarshal(split["rows"], &rows)
		counts, scores := unpack(t, packed["counts"]), unpack(t, packed["scores"])
		if len(packed) != 6 || string(packed["id"]) != `"b"` || len(rows) != 8*5 || len(counts) != 5*5 || len(scores) != 3*5 {
			t.Fatalf("edits %v: %s", edits, answer)
		}
		for h := range 5 {
			var got []any
			for _, c := range counts[5*h : 5*h+4] {
				got = append(got, int64(c))
			}
			for _, f := range scores[3*h : 3*h+3] {
				got = append(got, math.Float64frombits(f))
			}
			got = append(got, int64(counts[5*h+4]))
			if want := mustJSON(rows[8*h : 8*h+8]); string(mustJSON(got)) != string(want) {
				t.Errorf("edits %v, hypothesis %d: packed %s, split %s", edits, h, mustJSON(got), want)
			}
		}
		for _, key := range []string{"annotators", "edits", "correct_edits"} {
			if string(packed[key]) != string(split[key]) {
				t.Errorf("edits %v: %s %s, split %s", edits, key, packed[key], split[key])
			}
		}
	}
	for _, c := range []struct{ request, answer string }{
		{`{"id": 1, "hyps": ["x"], "packed": true}`, `{"id":1,"error":{"line":1,"message":"\"packed\" belongs to a \"batch\" request, without \"split\" (two forms of its answer: choose one)"}}`},
		{`{"id": 1, "batch": [], "split": true, "packed": true}`, `{"id":1,"error":{"line":1,"message":"\"packed\" belongs to a \"batch\" request, without \"split\" (two forms of its answer: choose one)"}}`},
		{`{"id": 1, "batch": [], "packed": true, "packed": false}`, `{"id":1,"error":{"line":1,"byte":40,"message":"key \"packed\" given twice in one object: expected each key once"}}`},
		{`{"id": 1, "batch": [], "split": false, "packed": true}`, `{"id":1,"counts":"","scores":"","annotators":"[]","edits":"[]","correct_edits":"[]"}`},
		{`{"id": 1, "batch": [[1, ["x"]]], "packed": true, "edits": false}`, `{"id":1,"counts":"AAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==","scores":"AAAAAAAAAAAAAAAAAADwPwAAAAAAAAAA","annotators":"[[0,0,1,0]]","edits":null,"correct_edits":null}`},
	} {
		if got := strings.TrimSuffix(string(srv.Answer(0, []byte(c.request), 1)), "\n"); got != c.answer {
			t.Errorf("%s:\n got  %s\n want %s", c.request, got, c.answer)
		}
	}
}

// unpack decodes a packed answer's member: a JSON string, base64 of little-endian 64-bit values.
func unpack(t *testing.T, member json.RawMessage) []uint64 {
	t.Helper()
	var text string
	if err := json.Unmarshal(member, &text); err != nil {
		t.Fatalf("%s: %v", member, err)
	}
	b, err := base64.StdEncoding.DecodeString(text)
	if err != nil || len(b)%8 != 0 {
		t.Fatalf("%q: %d bytes, %v", text, len(b), err)
	}
	var values []uint64
	for ; len(b) > 0; b = b[8:] {
		values = append(values, binary.LittleEndian.Uint64(b))
	}
	return values
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestErrorAnswers: an error answer says where the request was (its line; the byte when known)
// in members of its own, not in its message; a request's own gold needs its source; a request's
// own sentence too large for its share is named as such, not as a gold file's "sentence 1 (gold
// line 1)".
func TestErrorAnswers(t *testing.T) {
	srv := newTestServer(t)
	for _, c := range []struct{ request, answer string }{
		{`{"id": 3, "hyp": 5}`, `{"id":3,"error":{"line":7,"byte":18,"message":"field \"hyp\": expected a string, found a JSON number"}}`},
		{`{"id": 0, "gold": [[0, 1, "x"]], "hyp": "x"}`, `{"id":0,"error":{"line":7,"message":"\"gold\" needs \"source\", the tokenised sentence its edits refer to"}}`},
		{"\uFEFF" + `{"id": 0, "hyp": "x"}`, `{"id":null,"error":{"line":7,"byte":1,"message":"a byte order mark (U+FEFF) begins the request: expected one only before the first request of the input"}}`},
	} {
		if got := strings.TrimSuffix(string(srv.Answer(0, []byte(c.request), 7)), "\n"); got != c.answer {
			t.Errorf("%s:\n got  %s\n want %s", c.request, got, c.answer)
		}
	}
	if got := string(srv.Error(0, "x")); got != `{"id":null,"error":{"message":"x"}}`+"\n" {
		t.Errorf("an error of no line: %s", got)
	}
	words := func(prefix string, n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = prefix + strconv.Itoa(i)
		}
		return strings.Join(w, " ")
	}
	gold, _ := scorer.ReadM2("gold.m2", []byte("S a\n"), 0)
	small := New(gold, scorer.DefaultOptions(), Config{Workers: 1, RequestMemory: 64 << 10})
	req := fmt.Sprintf(`{"id": "own", "source": %q, "gold": [], "hyp": %q}`, words("s", 400), words("h", 400))
	got := string(small.Answer(0, []byte(req), 1))
	if want := `{"id":"own","error":{"line":1,"message":"the request's sentence is too large for one sentence's share of the memory budget: `; !strings.HasPrefix(got, want) {
		t.Errorf("an own sentence too large: %.300s\nwant %s…", got, want)
	}
	// A gold sentence too large is named by its id, 0-based as the requests count them (the
	// scorer's "sentence 2" is the second, id 1), alone and in a batch.
	gold, _ = scorer.ReadM2("gold.m2", []byte("S a\n\nS "+words("s", 400)+"\n"), 0)
	small = New(gold, scorer.DefaultOptions(), Config{Workers: 1, RequestMemory: 64 << 10})
	want := `"message":"sentence 1 (gold line 3) is too large for one sentence's share of the memory budget: `
	for _, req := range []string{fmt.Sprintf(`{"id": 1, "hyp": %q}`, words("h", 400)), fmt.Sprintf(`{"id": "b", "batch": [[0, ["a"]], [1, [%q]]]}`, words("h", 400))} {
		if got := string(small.Answer(0, []byte(req), 1)); !strings.Contains(got, want) {
			t.Errorf("a gold sentence too large: %.300s\nwant %s…", got, want)
		}
	}
}

// TestServeByteOrderMark: a byte order mark before the first request is skipped (an editor's
// or a Windows tool's); one before a later request is that request's error.
func TestServeByteOrderMark(t *testing.T) {
	srv := newTestServer(t)
	var out strings.Builder
	in := "\uFEFF" + `{"id": 1, "hyp": "I like it ."}` + "\n\uFEFF" + `{"id": 1, "hyp": "I like it ."}` + "\n"
	if err := srv.Serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"id":1,"annotator":0,`) || !strings.HasPrefix(lines[1], `{"id":null,"error":{"line":2,"byte":1,"message":"a byte order mark`) {
		t.Errorf("answers:\n%s", out.String())
	}
}

// FuzzDecodeBatch states what decodeBatch, the fast reading of a batch request, guarantees of
// any line: what it takes, jsonline.Decode (the strict reading every other request goes
// through) takes too, and decodes to the same request; what it leaves, the strict reading
// decides.
func FuzzDecodeBatch(f *testing.F) {
	for _, s := range []string{
		`{"id": 0, "batch": [[0, ["He goes home .", "x"]], [1, []]], "edits": false}`,
		`{"batch":[[12,["a \"quoted\" \\ word","\u00e9\ud83d\ude00\/\b\f\n\r\t"]]],"id":"s\"id"}`,
		`{"id": -3, "batch": []}`, `{"id": 1.5, "batch": []}`, `{"ID": 1, "batch": []}`, `{"id": 1, "batch": [], "batch": []}`,
		`{"id": 1, "batch": [[01, ["a"]]]}`, `{"id": 1, "batch": [[1e2, ["a"]]]}`, `{"id": 1, "batch": [[0, ["\ud800"]]]}`,
		`{"id": 1, "batch": [[0, ["\udc00\ud800"]]]}`, `{"id": 1, "batch": [[0, ["a` + "\x01" + `"]]]}`, "{\"id\": 1, \"batch\": [[0, [\"\xff\"]]]}",
		`{"id": 1, "batch": [[0, ["a"]]]} x`, `{"id": 1, "batch": [[0, ["a"]]], "edits": null}`, `{"id": 1, "batch": [[0, [null]]]}`,
		`{"id": 1, "batch": [[0, ["a"]]], "edits": true, "split": true}`, `{"id": 1, "split": false, "batch": []}`, `{"id": 1, "batch": [], "split": 1}`,
		`{"id": 1, "batch": [[0, ["a"]]], "packed": true}`, `{"id": 1, "packed": true, "packed": true, "batch": []}`, `{"id": 1, "batch": [], "packed": "true"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		fast, ok := decodeBatch(line)
		if !ok {
			return
		}
		var strict request
		if err := jsonline.Decode(line, &strict, "id"); err != nil {
			t.Fatalf("%q: the fast reading takes it, the strict one refuses it: %v", line, err)
		}
		if a, b := mustJSON([]any{string(compactID(fast.ID)), fast.Batch, fast.Edits, fast.Split, fast.Packed}), mustJSON([]any{string(compactID(strict.ID)), strict.Batch, strict.Edits, strict.Split, strict.Packed}); string(a) != string(b) {
			t.Fatalf("%q: the fast reading gives %s, the strict one %s", line, a, b)
		}
	})
}

// TestDecodeBatchTakesTheCommonForms: the fast reading takes the batches a client writes,
// escapes included (a tenth of the CoNLL-2014 hypotheses hold a quote); the rest is decided by
// the strict one.
func TestDecodeBatchTakesTheCommonForms(t *testing.T) {
	for _, c := range []struct {
		line string
		fast bool
	}{
		{`{"id":0,"batch":[[0,["He goes home ."]]],"edits":true}`, true},
		{`{"id":0,"batch":[[0,["He goes home ."]]],"edits":true,"split":true}`, true},
		{`{"id":0,"batch":[],"split":true,"split":false}`, false},
		{`{"id":0,"batch":[[0,["He goes home ."]]],"edits":false,"packed":true}`, true},
		{`{ "edits" : false , "batch" : [ [ 3 , [ "a \"b\" \\ \u00e9 \ud83d\ude00" ] ] ] , "id" : "x" }`, true},
		{`{"id":0,"batch":[]}`, true},
		{`{"id":0,"batch":[[0,["\ud800"]]]}`, false},
		{`{"ID":0,"batch":[]}`, false},
		{`{"id":0,"hyp":"x"}`, false},
		{`{"id":0.5,"batch":[]}`, false},
	} {
		if _, ok := decodeBatch([]byte(c.line)); ok != c.fast {
			t.Errorf("%s: taken by the fast reading %v, want %v", c.line, ok, c.fast)
		}
	}
}
