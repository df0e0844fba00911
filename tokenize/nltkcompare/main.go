// Command nltkcompare compares package tokenize with NLTK's TreebankWordTokenizer, which it
// runs through python3 (Debian: apt-get install -y python3-nltk).
//
//	go run ./tokenize/nltkcompare RAW_FILE...          # agreement on the sentences of texts
//	go run ./tokenize/nltkcompare -lines FILE -out F   # NLTK's tokens of one sentence per line
//
// The first form segments each text with tokenize.Sentences, gives every sentence to both
// tokenizers, and reports the share of sentences tokenized identically, with each
// disagreement. The second writes tokenize/testdata/nltk.jsonl, the expectation file of
// TestWordsAgreeWithNLTK, from sentences we wrote (never from third-party data).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"

	"maxmatch/tokenize"
)

// nltkScript reads one JSON string per line and prints NLTK's tokens as a JSON list.
const nltkScript = `
import json, sys
import nltk
from nltk.tokenize import TreebankWordTokenizer
tk = TreebankWordTokenizer()
sys.stderr.write("NLTK %s\n" % nltk.__version__)
for line in sys.stdin:
    print(json.dumps(tk.tokenize(json.loads(line))))
`

func main() {
	lines := flag.String("lines", "", "a file of sentences, one per line, to write NLTK's tokens of")
	out := flag.String("out", "", "with -lines: the expectation file to write")
	python := flag.String("python", "python3", "the Python 3 interpreter that has nltk")
	flag.Parse()
	if err := run(*lines, *out, *python, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "nltkcompare:", err)
		os.Exit(2)
	}
}

func run(lines, out, python string, files []string) error {
	if lines != "" {
		if out == "" || len(files) > 0 {
			return fmt.Errorf("-lines needs -out and no other argument")
		}
		data, err := os.ReadFile(lines)
		if err != nil {
			return err
		}
		sentences := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		ref, err := nltk(python, sentences)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b) // as json.Marshal writes, a line each
		for i, s := range sentences {
			enc.Encode(struct {
				Sentence string   `json:"sentence"`
				Tokens   []string `json:"tokens"`
			}{s, ref[i]})
		}
		return os.WriteFile(out, b.Bytes(), 0o644)
	}
	if len(files) == 0 {
		return fmt.Errorf("expected text files to compare on (e.g. .../hoo2011/develop/Raw/*.txt)")
	}
	var sentences []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		for _, s := range tokenize.Sentences(string(data)) {
			sentences = append(sentences, string(data[s.Start:s.End]))
		}
	}
	ref, err := nltk(python, sentences)
	if err != nil {
		return err
	}
	differ := 0
	for i, s := range sentences {
		var ours []string
		for _, t := range tokenize.Words(s) {
			ours = append(ours, t.Text)
		}
		if !slices.Equal(ours, ref[i]) {
			differ++
			fmt.Printf("differ: %q\n  ours: %q\n  nltk: %q\n", s, ours, ref[i])
		}
	}
	n := len(sentences)
	fmt.Printf("%d sentences from %d files, %d tokenized identically (%.2f%%), %d differ\n",
		n, len(files), n-differ, 100*float64(n-differ)/float64(max(n, 1)), differ)
	return nil
}

// nltk returns NLTK's tokens of each sentence.
func nltk(python string, sentences []string) ([][]string, error) {
	var in bytes.Buffer
	for _, s := range sentences {
		json.NewEncoder(&in).Encode(s)
	}
	cmd := exec.Command(python, "-c", nltkScript)
	cmd.Stdin = &in
	cmd.Stderr = os.Stderr
	outp, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("running NLTK with %s: %v (is python3-nltk installed?)", python, err)
	}
	var ref [][]string
	for dec := json.NewDecoder(bytes.NewReader(outp)); dec.More(); {
		var toks []string
		if err := dec.Decode(&toks); err != nil {
			return nil, err
		}
		ref = append(ref, toks)
	}
	if len(ref) != len(sentences) {
		return nil, fmt.Errorf("NLTK returned %d results for %d sentences", len(ref), len(sentences))
	}
	return ref, nil
}
