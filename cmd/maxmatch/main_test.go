package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// machineMemory matches the default memory budget in the help, which depends on the machine.
var machineMemory = regexp.MustCompile(`\(default [0-9.]+ [kMGTP]?B: [^()]*\)`)

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
		{"hoo-extract-m2-no-gold", []string{"hoo", "extract", "--method", "m2", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "m2 needs the gold"},
		{"hoo-extract-m2-missing-gold", []string{"hoo", "extract", "--method=m2", "--gold", "testdata/hoom2/sys", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "a gold file that is not there: which one, for which source"},
		{"hoo-extract-m2-bad-gold", []string{"hoo", "extract", "--method", "m2", "--gold", "testdata/hoom2/badgold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "a bad offset in a gold file: file, line, edit"},
		{"hoo-extract-m2-negative-u", []string{"hoo", "extract", "--method", "m2", "-u", "-1", "--gold", "testdata/hoom2/gold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "u must be non-negative"},
		{"hoo-extract-bad-method", []string{"hoo", "extract", "--method", "m3", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "an unknown method names both"},
		{"hoo-extract-m2-help", []string{"hoo", "extract", "--method", "m2", "-h"}, "the m2 flags"},
		{"bounded-work", []string{"score", "--max-work", "1000", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "over the work budget: a warning naming the sentence and the budget, the bounded search's score"},
		{"bounded-edges-verbose", []string{"score", "-v", "--max-work", "-1", "--max-edges", "100", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "over the edge budget: the warning, and -v says which search scored the sentence"},
		{"unbounded", []string{"score", "--jsonl", "--max-work", "-1", "--max-edges", "-1", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "the same sentence within both budgets: exact, no warning"},
		{"hoo-eval", []string{"hoo", "eval", "testdata/hoo/gold", "testdata/hoo/sys"}, "batch_evaluate.py's CSV (row 0001XX2 as the official gives it); 0001XX1 crashes the official: a warning, scored on"},
		{"hoo-eval-no-bonus", []string{"hoo", "eval", "--no-bonus", "testdata/hoo/gold", "testdata/hoo/sys"}, "the _nobonus file: the untouched optional edit no longer counts"},
		{"hoo-eval-fixed", []string{"hoo", "eval", "--fixed", "testdata/hoo/gold", "testdata/hoo/sys"}, "no crash to report with the quirks corrected"},
		{"hoo-eval-help", []string{"hoo", "eval", "-h"}, "usage and flags on stdout"},
		{"hoo-eval-2012-no-parts", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012/gold", "testdata/hoo2012/sys-noparts"}, "system files without part attributes (HOO 2011 style) match nothing under 2012: a warning per file says why"},
		{"hoo-eval-2012", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "evalrun.py's report, nobonus; fragment 0002 crashes the official (an optional gold edit under case folding): a warning, scored on"},
		{"hoo-eval-2012-case-bonus", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--bonus", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the official's report with -c match -r bonus (checked against it): no crash, the untouched optional edit counts"},
		{"hoo-eval-2012-types", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--types", "testdata/hoo2012/types.config", "--type", "Prep", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the aggregate Prep, defined twice: a warning, the first used; the official's report with -c match -t Prep"},
		{"hoo-eval-2012-type-list", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--type", "RT,UD", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "a comma list of types; the official's report with -c match -t RT,UD"},
		{"hoo-eval-2012-fixed", []string{"hoo", "eval", "--scheme", "2012", "--fixed", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "no crash with the quirks corrected; precisions from system edits, whose counts are added"},
		{"hoo-eval-2012-unpaired", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo/gold", "testdata/hoo/sys"}, "two system files for one gold file: evalrun.py pairs one to one"},
		{"hoo-eval-2012-types-only", []string{"hoo", "eval", "--scheme", "2012", "--types", "testdata/hoo2012/types.config", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "a types file without --type"},
		{"hoo-eval-2012-bad-types", []string{"hoo", "eval", "--scheme", "2012", "--types", "testdata/hoo2012bad/types.config", "--type", "Prep", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "an aggregate line without a name: file and line"},
		{"hoo-eval-2012-bad-xml", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012bad/gold", "testdata/hoo2012bad/sys"}, "a malformed system file: file, line, column, nothing on stdout"},
		{"hoo-eval-2011-type", []string{"hoo", "eval", "--type", "RT", "testdata/hoo/gold", "testdata/hoo/sys"}, "--type is for the 2012 scheme"},
		{"hoo-eval-both-bonus", []string{"hoo", "eval", "--bonus", "--no-bonus", "testdata/hoo/gold", "testdata/hoo/sys"}, "contradictory flags"},
		{"hoo-eval-bad-scheme", []string{"hoo", "eval", "--scheme", "2013", "testdata/hoo/gold", "testdata/hoo/sys"}, "a scheme that does not exist: one error"},
		{"hoo-eval-no-pairs", []string{"hoo", "eval", "testdata/hoo/sys", "testdata/hoo/gold"}, "directories swapped: no system file matches a gold file"},
		{"hoo-eval-one-dir", []string{"hoo", "eval", "testdata/hoo/gold"}, "both directories are needed"},
		{"hoo-compare", []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"}, "Table 1 and Table 2 as Markdown"},
		{"hoo-compare-help", []string{"hoo", "compare", "-h"}, "usage and flags on stdout"},
		{"hoo-compare-bad-method", []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "--methods", "wdiff,diff", "testdata/hoo/systxt"}, "an unknown extraction: the known ones listed"},
		{"hoo-compare-no-system", []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw"}, "no system directory"},
		{"verbose-and-jsonl", []string{"score", "-v", "--jsonl", "testdata/small.txt", "testdata/small.m2"}, "two outputs at once"},

		// Bad input: one error naming the file, line and column where they apply, exit 2, no score.
		{"bad-annotator", []string{"score", "testdata/one.txt", "testdata/badannotator.m2"}, "non-integer annotator id: the column of the sixth field (official: ValueError)"},
		{"one-offset", []string{"score", "testdata/one.txt", "testdata/oneoffset.m2"}, "a span with one offset (official: IndexError)"},
		{"reversed-span", []string{"score", "testdata/one.txt", "testdata/reversed.m2"}, "start after end (official: keeps an edit nothing can match, recall 0)"},
		{"span-beyond", []string{"score", "testdata/one.txt", "testdata/beyond.m2"}, "a span past the last token (official: drops the edit silently)"},
		{"negative-offset", []string{"score", "testdata/one.txt", "testdata/negative.m2"}, "a negative offset in an edit that is not a noop (official: drops it silently)"},
		{"accept-bad-spans-beyond", []string{"score", "--accept-bad-spans", "testdata/one.txt", "testdata/beyond.m2"}, "the official's reading: the edit dropped, 1.0/1.0/1.0 as it prints"},
		{"accept-bad-spans-reversed", []string{"score", "--accept-bad-spans", "testdata/one.txt", "testdata/reversed.m2"}, "the official's reading: an unmatchable gold edit, 1.0/0.0/0.0 as it prints"},
		{"a-before-s", []string{"score", "testdata/one.txt", "testdata/a-before-s.m2"}, "an A line before any S line (official: ignores the block's first line silently)"},
		{"empty-gold", []string{"score", "testdata/one.txt", "testdata/empty.m2"}, "an empty gold file (official: AssertionError on the counts)"},
		{"invalid-utf8-gold", []string{"score", "testdata/one.txt", "testdata/badutf8.m2"}, "line, column and byte offset of the first bad byte (official: UnicodeDecodeError with a position in the whole file)"},
		{"invalid-utf8-system", []string{"score", "testdata/badutf8.txt", "testdata/small.m2"}, "the same in the system file"},
		{"directory", []string{"score", "testdata", "testdata/small.m2"}, "a directory given as the system file"},
		{"not-gzip", []string{"score", "testdata/small.txt", "testdata/notgzip.m2.gz"}, "a .gz name on a plain file"},

		// Input the official rejects or misreads, and we read: the scores are those of small.
		{"crlf-gold", []string{"score", "testdata/small.txt", "testdata/crlf.m2"}, "CRLF gold file (official: AssertionError)"},
		{"bom-gold", []string{"score", "testdata/small.txt", "testdata/bom.m2"}, "byte order mark in the gold file (official: AssertionError)"},
		{"bom-system", []string{"score", "testdata/bom.txt", "testdata/small.m2"}, "byte order mark in the system file (official: glued to the first token, P 0.5000)"},
		{"gzip", []string{"score", "testdata/small.txt.gz", "testdata/small.m2.gz"}, "both files gzipped (official: the same)"},
		{"space-line", []string{"score", "testdata/two.txt", "testdata/spaceline.m2"}, "a line of white space between blocks separates them (official: AssertionError)"},

		// Reports.
		{"score-counts", []string{"score", "--counts", "testdata/report.txt", "testdata/report.m2"}, "the official three lines, then TP, FP, FN (official -v: 4 correct, 6 proposed, 6 gold)"},
		{"score-per-sentence", []string{"score", "--per-sentence", "testdata/report.txt", "testdata/report.m2"}, "a TSV row per sentence, then the totals"},
		{"score-per-type", []string{"score", "--per-type", "testdata/report.txt", "testdata/report.m2"}, "gold edits by type: ArtOrDet 2/2, Nn 0/1, SVA 2/3; FP over all types"},
		{"score-bootstrap", []string{"score", "--bootstrap", "200", "--seed", "7", "testdata/report.txt", "testdata/report.m2"}, "intervals after the three lines, with resamples and seed"},
		{"score-reports", []string{"score", "--counts", "--per-sentence", "--per-type", "--bootstrap", "100", "testdata/report.txt", "testdata/report.m2"}, "every report at once, in order: sentences, types, totals"},
		{"score-jsonl-reports", []string{"score", "--jsonl", "--counts", "--per-sentence", "--per-type", "--bootstrap", "100", "testdata/report.txt", "testdata/report.m2"}, "the same in JSON: extra fields per sentence, per_type and bootstrap lines, the total last"},
		{"score-verbose-per-type", []string{"score", "-v", "--per-type", "--counts", "testdata/report.txt", "testdata/report.m2"}, "-v combines with the corpus reports"},
		{"verbose-and-per-sentence", []string{"score", "-v", "--per-sentence", "testdata/report.txt", "testdata/report.m2"}, "two per-sentence outputs at once"},
		{"negative-bootstrap", []string{"score", "--bootstrap", "-5", "testdata/report.txt", "testdata/report.m2"}, "a negative number of resamples"},

		// compare.
		{"compare", []string{"compare", "--resamples", "500", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "both scores, the difference with its interval, wins, p-value, resamples and seed"},
		{"compare-self", []string{"compare", "--resamples", "500", "testdata/report.txt", "testdata/report.txt", "testdata/report.m2"}, "a system against itself: difference 0, p = 1"},
		{"compare-jsonl", []string{"compare", "--jsonl", "--resamples", "500", "--seed", "3", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "the same as one JSON object"},
		{"compare-help", []string{"compare", "-h"}, "usage, the test's definition and flags on stdout, status 0"},
		{"compare-two-files", []string{"compare", "testdata/report.txt", "testdata/report.m2"}, "wrong number of arguments"},
		{"compare-mismatch", []string{"compare", "testdata/report.txt", "testdata/small.txt", "testdata/report.m2"}, "system B's line count is checked before anything is scored"},
		{"compare-bad-resamples", []string{"compare", "--resamples", "0", "testdata/report.txt", "testdata/report.txt", "testdata/report.m2"}, "at least one resample"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			got := fmt.Sprintf("$ maxmatch %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(tt.args, " "), code, stdout.String(), stderr.String())
			got = machineMemory.ReplaceAllString(got, "(default MACHINE_MEMORY)")
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
