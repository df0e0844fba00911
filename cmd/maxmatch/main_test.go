package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden runs the command as a user would and compares everything it prints, and its exit
// status, with testdata/golden/NAME.golden. Run "go test ./cmd/maxmatch -update" after an
// intended change and review the diff.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
		why  string
	}{
		{"demo", []string{"demo"}, "the README's first command"},
		{"help", []string{"help"}, "usage on request goes to stdout, status 0"},
		{"no-command", nil, "no command: usage on stderr, status 2"},
		{"missing-command", []string{"testdata/small.txt", "testdata/small.m2"}, "m2scorer-style arguments without the score command get a hint"},
		{"score", []string{"score", "testdata/small.txt", "testdata/small.m2"}, "the official three lines"},
		{"score-verbose", []string{"score", "-v", "testdata/small.txt", "testdata/small.m2"}, "every sentence, every annotator, the chosen one"},
		{"score-jsonl", []string{"score", "--jsonl", "testdata/small.txt", "testdata/small.m2"}, "one JSON object per sentence, then the totals"},
		{"score-beta", []string{"score", "--beta", "1", "--max_unchanged_words", "0", "testdata/small.txt", "testdata/small.m2"}, "β printed with one decimal; u = 0"},
		{"score-dashes", []string{"score", "--max-unchanged-words", "3", "--ignore-whitespace-casing", "testdata/small.txt", "testdata/small.m2"}, "dashed spellings of the flags"},
		{"trailing-empty-line", []string{"score", "testdata/trailing.txt", "testdata/small.m2"}, "an extra empty last line is dropped with a warning (the official dies)"},
		{"too-few-lines", []string{"score", "testdata/short.txt", "testdata/small.m2"}, "both counts and the first sentence without a line"},
		{"too-many-lines", []string{"score", "testdata/long.txt", "testdata/small.m2"}, "both counts and the first extra system line"},
		{"gold-not-m2", []string{"score", "testdata/small.txt", "testdata/short.txt"}, "a gold file that is not M2"},
		{"score-help", []string{"score", "-h"}, "the flags, on stdout, status 0"},
		{"bad-flag", []string{"score", "--max_unchanged_words", "two", "testdata/small.txt", "testdata/small.m2"}, "a flag value of the wrong type: one error and a pointer to -h"},
		{"bad-offset", []string{"score", "testdata/small.txt", "testdata/badoffset.m2"}, "non-integer offset: file, line, column"},
		{"few-fields", []string{"score", "testdata/small.txt", "testdata/fewfields.m2"}, "an A line with too few fields"},
		{"bad-line", []string{"score", "testdata/small.txt", "testdata/badline.m2"}, "a line that is neither S nor A"},
		{"missing-file", []string{"score", "testdata/nonexistent.txt", "testdata/small.m2"}, "unreadable file"},
		{"one-file", []string{"score", "testdata/small.txt"}, "wrong number of arguments"},
		{"bad-compat", []string{"score", "--compat", "4.0", "testdata/small.txt", "testdata/small.m2"}, "unknown compatibility mode"},
		{"negative-u", []string{"score", "--max_unchanged_words", "-1", "testdata/small.txt", "testdata/small.m2"}, "u must be non-negative"},
		{"hoo-no-command", []string{"hoo"}, "the HOO commands are listed"},
		{"hoo-unknown", []string{"hoo", "evaluate"}, "an unknown HOO command"},
		{"hoo-extract-m2-no-gold", []string{"hoo", "extract", "--method", "m2", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/sys", "--out", "testdata/hoo/never"}, "m2 needs the gold"},
		{"hoo-extract-m2-missing-gold", []string{"hoo", "extract", "--method=m2", "--gold", "testdata/hoo/sys", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/sys", "--out", "testdata/hoo/never"}, "a gold file that is not there: which one, for which source"},
		{"hoo-extract-m2-bad-gold", []string{"hoo", "extract", "--method", "m2", "--gold", "testdata/hoo/badgold", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/sys", "--out", "testdata/hoo/never"}, "a bad offset in a gold file: file, line, edit"},
		{"hoo-extract-m2-negative-u", []string{"hoo", "extract", "--method", "m2", "-u", "-1", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/sys", "--out", "testdata/hoo/never"}, "u must be non-negative"},
		{"hoo-extract-bad-method", []string{"hoo", "extract", "--method", "m3", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/sys", "--out", "testdata/hoo/never"}, "an unknown method names both"},
		{"hoo-extract-m2-help", []string{"hoo", "extract", "--method", "m2", "-h"}, "the m2 flags"},
		{"verbose-and-jsonl", []string{"score", "-v", "--jsonl", "testdata/small.txt", "testdata/small.m2"}, "two outputs at once"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			got := fmt.Sprintf("$ maxmatch %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(tt.args, " "), code, stdout.String(), stderr.String())
			path := filepath.Join("testdata", "golden", tt.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s (%s): output differs from %s\n--- got ---\n%s\n--- want ---\n%s", tt.name, tt.why, path, got, want)
			}
		})
	}
}
