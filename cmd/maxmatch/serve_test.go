package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"maxmatch/scorer"
	"maxmatch/version"
)

// serve runs the service on the given stdin and returns its answers, one per line.
func serve(t *testing.T, stdin string, args ...string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := runStdin(append([]string{"serve"}, args...), strings.NewReader(stdin), &stdout, &stderr); code != 0 {
		t.Fatalf("serve %v: exit %d\n%s", args, code, stderr.String())
	}
	if stderr.Len() > 0 {
		t.Errorf("serve %v: stderr %q", args, stderr.String())
	}
	out := strings.TrimSuffix(stdout.String(), "\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}

// TestServeRequests sends every kind of request, good and bad, each followed by a good one:
// every request gets exactly one answer, in order, with its own id; a bad one gets an error
// saying what was wrong, and the service goes on.
func TestServeRequests(t *testing.T) {
	// The signature of the corpus figures is score's (it reads the gold file only).
	signature := strings.TrimSuffix(runOK(t, "score", "--signature-only", "testdata/small.txt", "testdata/small.m2"), "\n")
	tests := []struct {
		request string
		answer  string // the whole answer, or, for errors, the start of the error's message
		why     string
	}{
		{`{"id": 0, "hyp": "The cat sat on the mat ."}`, `{"id":0,"annotator":0,"correct":1,"proposed":1,"gold":1,"tp":1,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":1,"proposed":1,"gold":1},{"annotator":1,"correct":0,"proposed":1,"gold":1}],"edits":[[4,4,"","the"]],"correct_edits":[[4,4,"","the"]]}`, "one hypothesis of a gold sentence"},
		{`{"id": 2, "hyps": ["They were happy .", "They was happy ."]}`, `{"id":2,"results":[{"annotator":0,"correct":1,"proposed":1,"gold":1,"tp":1,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":1,"proposed":1,"gold":1}],"edits":[[1,2,"was","were"]],"correct_edits":[[1,2,"was","were"]]},{"annotator":0,"correct":0,"proposed":0,"gold":1,"tp":0,"fp":0,"fn":1,"p":1,"r":0,"f":0,"annotators":[{"annotator":0,"correct":0,"proposed":0,"gold":1}],"edits":[],"correct_edits":[]}]}`, "an n-best list of a gold sentence"},
		{`{"id": "run 1", "corpus": ["The cat sat on the mat .", "A dog barked .", "They were happy ."]}`, `{"id":"run 1","sentences":3,"correct":2,"proposed":3,"gold":2,"tp":2,"fp":1,"fn":0,"p":0.6666666666666666,"r":1,"f":0.7142857142857142}`, "the official corpus score (maxmatch score: 0.6667 1.0000 0.7143)"},
		{`{"id": 7, "corpus": ["They were happy .", "The cat sat on the mat ."], "ids": [2, 0]}`, `{"id":7,"sentences":2,"correct":2,"proposed":2,"gold":2,"tp":2,"fp":0,"fn":0,"p":1,"r":1,"f":1}`, "a corpus of chosen sentences"},
		{`{"id": {"a": [1, 2]}, "source": "a b c", "gold": [[1, 2, "x"], [0, 1, ["y", "z"], 1, "T"]], "hyp": "z b c"}`, `{"id":{"a":[1,2]},"annotator":1,"correct":1,"proposed":1,"gold":1,"tp":1,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":0,"proposed":1,"gold":1},{"annotator":1,"correct":1,"proposed":1,"gold":1}],"edits":[[0,1,"a","z"]],"correct_edits":[[0,1,"a","z"]]}`, "a sentence with its own gold: alternatives, annotators, any id echoed"},
		{`{"id": 4, "source": "a b c", "gold": [[1, 2, ""]], "hyp": "a c"}`, `{"id":4,"annotator":0,"correct":1,"proposed":1,"gold":1,"tp":1,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":1,"proposed":1,"gold":1}],"edits":[[1,2,"b",""]],"correct_edits":[[1,2,"b",""]]}`, "a deletion as the empty correction"},
		{`{"id": 5, "source": "a b", "gold": [], "hyps": ["a b"]}`, `{"id":5,"results":[{"annotator":0,"correct":0,"proposed":0,"gold":0,"tp":0,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":0,"proposed":0,"gold":0}],"edits":[],"correct_edits":[]}]}`, "no gold edit: 0/0 is perfect"},
		{`{"id": 6, "m2": "S a b\nA 0 1|||X|||c|||REQUIRED|||-NONE-|||0\n", "hyp": "c b"}`, `{"id":6,"annotator":0,"correct":1,"proposed":1,"gold":1,"tp":1,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":1,"proposed":1,"gold":1}],"edits":[[0,1,"a","c"]],"correct_edits":[[0,1,"a","c"]]}`, "an M2 block"},
		{`{"id": 2, "hyps": ["They were happy ."], "edits": false}`, `{"id":2,"results":[{"annotator":0,"correct":1,"proposed":1,"gold":1,"tp":1,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":1,"proposed":1,"gold":1}]}]}`, "counts only"},
		{`{"id": 0, "hyp": "The cats sat on mat .", "compact": true}`, `{"id":0,"results":[[1,1,1,1,1,1,1,[0,0,1,1,1,1,1,1],[[1,2,"cat","cats"]],[[1,2,"cat","cats"]],0]]}`, "the compact form: arrays, every annotator's counts flat"},
		{`{"info": true}`, `{"id":null,"protocol":5,"version":"` + version.String() + `","sentences":3,"beta":0.5,"max_unchanged_words":2,"compat":"3.2","fixes":"","ignore_whitespace_casing":false,"workers":` + strconv.Itoa(scorer.Workers(3)) + `,"signature":"` + signature + `"}`,
			"the protocol's version, the binary's, what the service scores with (-j 3, at most the CPUs), and the signature score --signature-only gives"},

		{`{"id": 3, "hyp": "x"}`, `{"id":3,"error":{"line":0,"message":"\"id\": sentence 3 is out of range: the gold file has 3 sentences (ids 0 to 2)`, "unknown sentence id"},
		{`{"id": -1, "hyp": "x"}`, `{"id":-1,"error":{"line":0,"message":"\"id\": expected a sentence index (a non-negative integer, digits with no sign), found -1`, "negative id"},
		{`{"id": -0, "hyp": "x"}`, `{"id":-0,"error":{"line":0,"message":"\"id\": expected a sentence index (a non-negative integer, digits with no sign), found -0`, "minus zero: no sign, as in an n-best list (it was sentence 0)"},
		{`{"id": 1.5, "hyp": "x"}`, `{"id":1.5,"error":{"line":0,"message":"\"id\": expected a sentence index`, "fractional id"},
		{`{"id": "0", "hyp": "x"}`, `{"id":"0","error":{"line":0,"message":"\"id\": expected a sentence index`, "a string id for a gold sentence"},
		{`{"hyp": "x"}`, `{"id":null,"error":{"line":0,"message":"expected \"id\", the 0-based index of a gold sentence`, "no id"},
		{`{"id": 1, "hyp": 3}`, `{"id":1,"error":{"line":0,"byte":18,"message":"field \"hyp\": expected a string, found a JSON number`, "wrong type"},
		{`{"id": 1, "hyps": "A dog ."}`, `{"id":1,"error":{"line":0,"byte":27,"message":"field \"hyps\": expected a list of strings, found a JSON string`, "a string for a list"},
		{`{"id": 1, "hyps": ["a", null, 2]}`, `{"id":1,"error":{"line":0,"byte":31,"message":"field \"hyps\": expected a string, found a JSON number`, "a number in the list"},
		{`{"id": 1, "hyp": "a", "hyps": ["b"]}`, `{"id":1,"error":{"line":0,"message":"expected \"hyp\" or \"hyps\", found both`, "both"},
		{`{"id": 1, "hpy": "a"}`, `{"id":1,"error":{"line":0,"byte":1,"message":"unknown field \"hpy\"`, "a misspelt field"},
		{`{"id": 1}`, `{"id":1,"error":{"line":0,"message":"expected \"hyp\" (a hypothesis), \"hyps\" (a list of them), \"batch\", \"corpus\" or \"info\"`, "nothing to score"},
		{`{"id": 1, "hyp": "a"`, `{"id":null,"error":{"line":0,"byte":1,"message":"invalid JSON: the object is not complete`, "cut short"},
		{`{"id": 1, "hyp": "a"} {"id": 2}`, `{"id":1,"error":{"line":0,"byte":23,"message":"expected one JSON object on the line, found more text after it`, "two objects on a line"},
		{`[1, 2]`, `{"id":null,"error":{"line":0,"byte":1,"message":"expected a JSON object, found an array`, "not an object"},
		{`hello`, `{"id":null,"error":{"line":0,"byte":1,"message":"invalid JSON: invalid character 'h'`, "not JSON"},
		{"{\"id\": 8, \"hyp\": \"The \xff cat\"}", `{"id":8,"error":{"line":0,"byte":23,"message":"invalid UTF-8 (byte 0xff): expected UTF-8 text`, "invalid UTF-8, with the id still echoed"},
		{`{"id": 9, "corpus": ["a", "b"]}`, `{"id":9,"error":{"line":0,"message":"\"corpus\" has 2 hypotheses and the gold file 3 sentences`, "a corpus of the wrong length"},
		{`{"id": 9, "corpus": ["a"], "ids": [5]}`, `{"id":9,"error":{"line":0,"message":"\"ids\"[0]: sentence 5 is out of range`, "a corpus with an unknown sentence"},
		{`{"id": 9, "corpus": ["a"], "ids": [0, 1]}`, `{"id":9,"error":{"line":0,"message":"\"ids\" has 2 sentences and \"corpus\" 1`, "ids and corpus of different lengths"},
		{`{"id": 9, "corpus": ["a"], "hyp": "b"}`, `{"id":9,"error":{"line":0,"message":"a \"corpus\" request carries its hypotheses in \"corpus\" only`, "a corpus with a hypothesis"},
		{`{"id": 9, "ids": [0], "hyp": "b"}`, `{"id":9,"error":{"line":0,"message":"\"ids\" belongs to a \"corpus\" request`, "ids without a corpus"},
		{`{"id": 9, "source": "a b", "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"source\" needs \"gold\"`, "a source without gold"},
		{`{"id": 9, "source": "a b", "gold": [[0, 5, "x"]], "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"gold\"[0]: span (field 1) \"0 5\" is outside the sentence's 2 tokens`, "a gold span past the sentence"},
		{`{"id": 9, "source": "a b", "gold": [[0, 1]], "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"gold\"[0]: expected [start, end, correction] or [start, end, [corrections…], annotator, type], found [0, 1]`, "a gold edit without a correction"},
		{`{"id": 9, "source": "a b", "gold": [[0, "1", "x"]], "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"gold\"[0]: expected an integer token offset as element 1, found \"1\"`, "a string offset"},
		{`{"id": 9, "source": "a b", "gold": [[0, 1, "x||y"]], "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"gold\"[0]: correction \"x||y\" contains \"||\" or a line break`, "a correction M2 cannot hold"},
		{`{"id": 9, "source": "a\nb", "gold": [], "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"source\" contains a line break`, "a source on two lines"},
		{`{"id": 9, "m2": "S a\n\nS b\n", "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"m2\" has 2 sentences`, "two M2 blocks"},
		{`{"id": 9, "m2": "A 0 1|||X|||c|||REQUIRED|||-NONE-|||0", "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"\"m2\": request:1:1: an \"A \" line before any \"S \" line`, "an M2 block without its S line"},
		{`{"id": 9, "m2": "S a", "source": "a", "gold": [], "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"expected \"m2\" or \"source\" and \"gold\", found both`, "both kinds of gold"},
		{`{"id": 9, "info": true, "hyp": "a"}`, `{"id":9,"error":{"line":0,"message":"an \"info\" request carries nothing else`, "info with more"},
	}
	good := `{"id": 1, "hyp": "A dog barks ."}`
	goodAnswer := `{"id":1,"annotator":0,"correct":0,"proposed":0,"gold":0,"tp":0,"fp":0,"fn":0,"p":1,"r":1,"f":1,"annotators":[{"annotator":0,"correct":0,"proposed":0,"gold":0}],"edits":[],"correct_edits":[]}`
	var in strings.Builder
	for _, tt := range tests {
		in.WriteString(tt.request + "\n\n" + good + "\n")
	}
	answers := serve(t, in.String(), "--gold", "testdata/small.m2", "-j", "3")
	if len(answers) != 2*len(tests) {
		t.Fatalf("%d answers to %d requests", len(answers), 2*len(tests))
	}
	for i, tt := range tests {
		// Request i is on line 3i+1 (each is followed by a blank line and the good request).
		want := strings.Replace(tt.answer, `"line":0`, fmt.Sprintf(`"line":%d`, 3*i+1), 1)
		got := answers[2*i]
		if strings.Contains(want, `"error":`) {
			if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, `"}}`) {
				t.Errorf("%s: %s\ngot  %s\nwant %s…", tt.why, tt.request, got, want)
			}
		} else if got != want {
			t.Errorf("%s: %s\ngot  %s\nwant %s", tt.why, tt.request, got, want)
		}
		if !json.Valid([]byte(got)) {
			t.Errorf("%s: the answer is not JSON: %s", tt.why, got)
		}
		if answers[2*i+1] != goodAnswer {
			t.Errorf("after %s: the next request got %s", tt.why, answers[2*i+1])
		}
	}
}

// TestServeLongLines sends lines over --max-request-bytes between good ones: each gets one error
// and is skipped whole, whatever its length relative to the read buffer.
func TestServeLongLines(t *testing.T) {
	good := `{"id": 1, "hyp": "A dog barks ."}`
	var in strings.Builder
	sizes := []int{1001, 70_000, 3 << 20}
	for _, n := range sizes {
		in.WriteString(good + "\n")
		in.WriteString(`{"id": 0, "hyp": "` + strings.Repeat("x ", n/2) + "\"}\n")
	}
	in.WriteString(good) // no final line break
	answers := serve(t, in.String(), "--gold", "testdata/small.m2", "--max-request-bytes", "1000")
	if len(answers) != 2*len(sizes)+1 {
		t.Fatalf("%d answers, want %d", len(answers), 2*len(sizes)+1)
	}
	for i := range sizes {
		if !strings.HasPrefix(answers[2*i], `{"id":1,"annotator":0`) {
			t.Errorf("answer %d: %s", 2*i, answers[2*i])
		}
		want := fmt.Sprintf(`{"id":null,"error":{"line":%d,"message":"request longer than --max-request-bytes=1000`, 2*i+2)
		if !strings.HasPrefix(answers[2*i+1], want) {
			t.Errorf("answer %d: %.200s, want %s…", 2*i+1, answers[2*i+1], want)
		}
	}
	if !strings.HasPrefix(answers[len(answers)-1], `{"id":1,"annotator":0`) {
		t.Errorf("last answer: %s", answers[len(answers)-1])
	}
}

// TestServeOrderAndWorkers sends many requests of very different costs: with 1 and with 4
// workers, the answers are the same, in the order of the requests.
func TestServeOrderAndWorkers(t *testing.T) {
	var in strings.Builder
	hyps := []string{"The cat sat on the mat .", "A dog barked .", "They were happy .", "x y z w v u t s r q p o n m l k j i h g f e d c b a"}
	for k := range 2000 {
		fmt.Fprintf(&in, `{"id": %d, "hyp": %q}`+"\n", k%3, hyps[(k*7)%len(hyps)])
		if k%100 == 0 {
			fmt.Fprintf(&in, `{"id": "c%d", "corpus": [%q, %q, %q]}`+"\n", k, hyps[0], hyps[k%4], hyps[2])
		}
	}
	one := serve(t, in.String(), "--gold", "testdata/small.m2", "-j", "1")
	four := serve(t, in.String(), "--gold", "testdata/small.m2", "-j", "4")
	if strings.Join(one, "\n") != strings.Join(four, "\n") {
		t.Fatal("-j 1 and -j 4 answer differently")
	}
	n := 0
	for k := range 2000 {
		if want := fmt.Sprintf(`{"id":%d,`, k%3); !strings.HasPrefix(one[n], want) {
			t.Fatalf("answer %d: %s, want %s…", n, one[n], want)
		}
		n++
		if k%100 == 0 {
			if want := fmt.Sprintf(`{"id":"c%d",`, k); !strings.HasPrefix(one[n], want) {
				t.Fatalf("answer %d: %s, want %s…", n, one[n], want)
			}
			n++
		}
	}
}

// interactiveStdin gives the service one request at a time and, after each, waits for its
// answer before giving the next, as a client that sends a request and reads the answer does.
type interactiveStdin struct {
	requests []string
	answered chan struct{}
	started  bool
}

func (r *interactiveStdin) Read(p []byte) (int, error) {
	if r.started {
		<-r.answered // the service must answer before it gets more
	}
	r.started = true
	if len(r.requests) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.requests[0]+"\n")
	r.requests = r.requests[1:]
	return n, nil
}

// answerWatcher signals each line written.
type answerWatcher struct {
	answered chan struct{}
	lines    int
}

func (w *answerWatcher) Write(p []byte) (int, error) {
	for range bytes.Count(p, []byte("\n")) {
		w.lines++
		w.answered <- struct{}{}
	}
	return len(p), nil
}

// TestServeAnswersEachRequestAtOnce checks that an answer is flushed as soon as nothing more is
// waiting on stdin: a client that waits for each answer must not wait forever.
func TestServeAnswersEachRequestAtOnce(t *testing.T) {
	answered := make(chan struct{}, 1)
	in := &interactiveStdin{answered: answered}
	for k := range 20 {
		in.requests = append(in.requests, fmt.Sprintf(`{"id": %d, "hyp": "They were happy ."}`, k%3))
	}
	out := &answerWatcher{answered: answered}
	var stderr bytes.Buffer
	if code := runStdin([]string{"serve", "--gold", "testdata/small.m2"}, in, out, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if out.lines != 20 {
		t.Errorf("%d answers to 20 requests", out.lines)
	}
}

// The "info" answer's signature is what "maxmatch score --signature-only" prints for the same
// options and gold, whatever the options.
func TestServeSignatureIsScores(t *testing.T) {
	for _, flags := range [][]string{
		nil,
		{"--beta", "1", "--max_unchanged_words", "3", "--ignore_whitespace_casing"},
		{"--compat", "master", "--fix", "gold-order", "--max-memory", "2G", "--max-edges", "1000", "--max-work", "5000"},
	} {
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"score", "--signature-only"}, flags...), "testdata/small.txt", "testdata/small.m2")
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr.String())
		}
		want := strings.TrimSuffix(stdout.String(), "\n")
		answers := serve(t, `{"info": true}`+"\n", append([]string{"--gold", "testdata/small.m2"}, flags...)...)
		var info struct{ Signature string }
		if err := json.Unmarshal([]byte(answers[0]), &info); err != nil {
			t.Fatal(err)
		}
		if info.Signature != want {
			t.Errorf("%v: info's signature %q, score --signature-only %q", flags, info.Signature, want)
		}
	}
}
