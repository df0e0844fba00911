package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// machineMemory matches the default memory budget in the help, which depends on the machine.
var machineMemory = regexp.MustCompile(`\(default [0-9.]+ [kMGTP]?B: [^()]*\)`)

// checkGolden runs the command with args as a user would and compares everything it prints,
// and its exit status, with testdata/golden/NAME.golden (-update rewrites it). "$TMP" in args
// is a new temporary directory, written back as "$TMP" in the output. stdout, when not nil, is
// the command's standard output (a file such as /dev/full); the golden file then records
// nothing written to it.
func checkGolden(t *testing.T, name string, args []string, why string, stdout io.Writer) {
	t.Helper()
	checkGoldenCase(t, goldenCase{name: name, args: args, why: why, out: stdout})
}

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
		{"score-verbose", []string{"score", "-v", "testdata/small.txt", "testdata/small.m2"}, "the official -v output, byte for byte (checked against it): every sentence, every annotator, the chosen one, the totals"},
		{"score-verbose-format", []string{"score", "-v", "../../testdata/official/verbose-format/system.txt", "../../testdata/official/verbose-format/gold.m2"}, "the official's reprs (u'…', '' for -NONE- and empty texts, \\x, \\u and \\U escapes, quotes), its !, & and * lines, a gold span it drops (warned); the case's official.txt is the official's output"},
		{"score-verbose-master", []string{"score", "-v", "--compat", "master", "--max_unchanged_words", "1", "../../testdata/official/master-first-row/system.txt", "../../testdata/official/master-first-row/gold.m2"}, "master's -v output (its first-row insertions at offset 0); the case's official.txt is master's output"},
		{"score-verbose-fixed", []string{"score", "-v", "--compat", "fixed", "../../testdata/official/quirk-duplicate-gold/system.txt", "../../testdata/official/quirk-duplicate-gold/gold.m2"}, "with the fixes: the official's format, our values (one correct edit where 3.2 counts two)"},
		{"score-very-verbose", []string{"score", "--very_verbose", "testdata/small.txt", "testdata/small.m2"}, "the -v output, and a note on stderr of what is not reproduced"},
		{"score-explain", []string{"score", "--explain", "testdata/small.txt", "testdata/small.m2"}, "our readable report: every sentence, every annotator, the chosen one"},
		{"explain-and-verbose", []string{"score", "--explain", "-v", "testdata/small.txt", "testdata/small.m2"}, "two per-sentence outputs at once"},
		{"score-jsonl", []string{"score", "--jsonl", "testdata/small.txt", "testdata/small.m2"}, "one JSON object per sentence, then the totals"},
		{"score-beta", []string{"score", "--beta", "1", "--max_unchanged_words", "0", "testdata/small.txt", "testdata/small.m2"}, "β printed with one decimal; u = 0"},
		{"score-dashes", []string{"score", "--max-unchanged-words", "3", "--ignore-whitespace-casing", "testdata/small.txt", "testdata/small.m2"}, "dashed spellings of the flags"},
		{"trailing-empty-line", []string{"score", "testdata/trailing.txt", "testdata/small.m2"}, "an extra empty last line is dropped with a warning (the official dies)"},
		{"too-few-lines", []string{"score", "testdata/short.txt", "testdata/small.m2"}, "both counts and the first sentence without a line"},
		{"too-many-lines", []string{"score", "testdata/long.txt", "testdata/small.m2"}, "both counts and the first extra system line"},
		{"gold-not-m2", []string{"score", "testdata/small.txt", "testdata/short.txt"}, "a gold file that is not M2"},
		{"score-help", []string{"score", "-h"}, "the flags, on stdout, status 0"},
		{"bad-flag", []string{"score", "--max_unchanged_words", "two", "testdata/small.txt", "testdata/small.m2"}, "a flag value of the wrong type: one error and a pointer to -h"},
		{"single-dash-flag", []string{"score", "-beta", "1", "testdata/small.txt", "testdata/small.m2"}, "a long flag with one dash, which Go's flag package took and the official never did: its -- form named"},
		{"unknown-flag", []string{"score", "--bogus", "testdata/small.txt", "testdata/small.m2"}, "a flag that does not exist: ours, not the flag package's message"},
		{"unknown-flag-one-dash", []string{"score", "-bogus", "testdata/small.txt", "testdata/small.m2"}, "the same with one dash"},
		{"unknown-flag-suggest", []string{"score", "--fromat", "text", "testdata/small.txt", "testdata/small.m2"}, "a flag mistyped: the flag one edit away suggested"},
		{"unknown-flag-one-dash-suggest", []string{"score", "-bootstarp", "10", "testdata/small.txt", "testdata/small.m2"}, "a flag mistyped with one dash: the flag suggested, with its two dashes"},
		{"unknown-flag-abbreviated", []string{"score", "--max_unchanged", "1", "testdata/small.txt", "testdata/small.m2"}, "an abbreviation the official's getopt took: the whole flag suggested"},
		{"unknown-flag-old-name-suggest", []string{"compare", "--resample", "10", "testdata/small.txt", "testdata/small.txt", "testdata/small.m2"}, "a mistyped old name: the flag it stands for suggested"},
		{"unknown-command-suggest", []string{"scroe", "testdata/small.txt", "testdata/small.m2"}, "a command mistyped (two letters swapped): the command suggested, not the official's argument order"},
		{"unknown-command-suggest-more", []string{"scroe", "testdata/small.txt", "testdata/small.txt", "testdata/small.m2"}, "the same with three files"},
		{"hoo-unknown-suggest", []string{"hoo", "evl", "testdata/hoo/gold", "testdata/hoo/sys"}, "a HOO command mistyped: suggested"},
		{"help-unknown-suggest", []string{"help", "hoo", "evl"}, "help of a command mistyped: the command suggested"},
		{"score-swapped", []string{"score", "testdata/small.m2", "testdata/small.txt"}, "SYSTEM and GOLD swapped: the gold's error, and a hint that the M2 file given before it should come last"},
		{"score-swapped-several", []string{"score", "testdata/small.txt", "testdata/small.m2", "testdata/small.txt"}, "the M2 file among several systems"},
		{"score-not-swapped", []string{"score", "testdata/small.txt", "testdata/two.txt"}, "neither file is M2: no hint"},
		{"compare-swapped", []string{"compare", "testdata/small.txt", "testdata/small.m2", "testdata/small.txt"}, "compare: the same hint"},
		{"nbest-swapped", []string{"nbest", "testdata/small.m2", "testdata/nbest/small.nbest"}, "nbest: NBEST and GOLD swapped"},
		{"oracle-swapped", []string{"oracle", "testdata/small.m2", "testdata/nbest/small.nbest"}, "oracle: NBEST and GOLD swapped"},
		{"merge-swapped", []string{"merge", "testdata/small.m2", "testdata/small.txt"}, "merge: RESULTS and GOLD swapped (it gave no hint)"},
		{"score-u", []string{"score", "-u", "0", "testdata/small.txt", "testdata/small.m2"}, "-u is --max_unchanged_words in every command, as in hoo extract: score-beta's u = 0 figures at β 0.5"},
		{"flag-without-value", []string{"score", "testdata/small.txt", "testdata/small.m2", "--beta"}, "a flag's value missing at the end"},
		{"score-html-not-a-page", []string{"score", "testdata/report.txt", "--html", "testdata/report-partial.txt", "testdata/report-source.txt", "testdata/report.m2"}, "--html took the next file, a system's, as its value (a slip with flags between files): a file that is not a page is not replaced"},
		{"score-html-is-input", []string{"score", "--html", "testdata/report.m2", "testdata/report.txt", "testdata/report.m2"}, "--html naming the gold file: refused before anything is read or written"},
		{"score-system-twice", []string{"score", "testdata/report.txt", "testdata/report.txt", "testdata/report.m2"}, "one system file given twice: refused (it made two rows of the same name)"},
		{"score-bootstrap-over-budget", []string{"score", "--max-memory", "1M", "--bootstrap", "1000000", "testdata/report.txt", "testdata/report.m2"}, "resamples whose arrays do not fit the memory budget: refused before any work"},
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
		{"hoo-extract-m2-missing-gold", []string{"hoo", "extract", "--method=m2", "--gold", "testdata/hoom2/gold-other", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "a gold file that is not there: which one, for which system text"},
		{"hoo-extract-m2-bad-gold", []string{"hoo", "extract", "--method", "m2", "--gold", "testdata/hoom2/badgold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "a bad offset in a gold file: file, line, edit"},
		{"hoo-extract-m2-negative-u", []string{"hoo", "extract", "--method", "m2", "-u", "-1", "--gold", "testdata/hoom2/gold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "u must be non-negative"},
		{"hoo-extract-bad-method", []string{"hoo", "extract", "--method", "m3", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "testdata/hoom2/never"}, "an unknown method names both"},
		{"hoo-extract-m2-help", []string{"hoo", "extract", "--method", "m2", "-h"}, "the m2 flags"},
		{"bounded-work", []string{"score", "--max-work", "1000", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "over the work budget: a warning naming the sentence and the budget, the bounded search's score"},
		{"bounded-edges-verbose", []string{"score", "-v", "--max-work", "-1", "--max-edges", "100", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "over the edge budget: the warning, and the official -v format with the bounded search's edits"},
		{"bounded-edges-explain", []string{"score", "--explain", "--max-work", "-1", "--max-edges", "100", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "over the edge budget: the warning, and --explain says which search scored the sentence"},
		{"unbounded", []string{"score", "--jsonl", "--max-work", "-1", "--max-edges", "-1", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "the same sentence within both budgets: exact, no warning"},
		{"explain-without-closure", []string{"score", "--explain", "testdata/unrelated.txt", "testdata/unrelated.m2"}, "the same sentence at the default flags: exact, no warning, found by the search without the closure, which --explain says"},
		{"unrelated-200-exact", []string{"score", "--counts", "testdata/unrelated200.txt", "testdata/unrelated200.m2"}, "a line of 200 tokens unrelated to its source (bounded by the work cap before the search without the closure): exact at the default flags, no warning; 2 of 3 edits correct"},
		{"hoo-eval", []string{"hoo", "eval", "testdata/hoo/gold", "testdata/hoo/sys"}, "batch_evaluate.py's CSV (row 0001XX2 as the official gives it); 0001XX1 crashes the official: a warning, scored on"},
		{"hoo-eval-no-bonus", []string{"hoo", "eval", "--no-bonus", "testdata/hoo/gold", "testdata/hoo/sys"}, "the _nobonus file: the untouched optional edit no longer counts"},
		{"hoo-eval-fixed", []string{"hoo", "eval", "--fixed", "testdata/hoo/gold", "testdata/hoo/sys"}, "no crash to report with the quirks corrected"},
		{"hoo-eval-text", []string{"hoo", "eval", "--format", "text", "testdata/hoo/gold", "testdata/hoo/sys"}, "hoo-eval's rows aligned, four decimals, the average set apart; the warning as without --format"},
		{"hoo-eval-tsv", []string{"hoo", "eval", "--format", "tsv", "--no-bonus", "testdata/hoo/gold", "testdata/hoo/sys"}, "hoo-eval-no-bonus's figures as TSV under their heading"},
		{"hoo-eval-csv", []string{"hoo", "eval", "--format", "csv", "testdata/hoo/gold", "testdata/hoo/sys"}, "the report's CSV (four decimals, LF), not batch_evaluate.py's, which is the default"},
		{"hoo-eval-markdown", []string{"hoo", "eval", "--format", "md", "--fixed", "testdata/hoo/gold", "testdata/hoo/sys"}, "hoo-eval-fixed's figures as a Markdown table, the heading saying the quirks are corrected"},
		{"hoo-eval-latex", []string{"hoo", "eval", "--format", "latex", "testdata/hoo/gold", "testdata/hoo/sys"}, "a LaTeX tabular, the heading a comment"},
		{"hoo-eval-json", []string{"hoo", "eval", "--format", "json", "testdata/hoo/gold", "testdata/hoo/sys"}, "one JSON object: the scheme, bonus and fixed, each file's scores in full and their average"},
		{"hoo-eval-bad-format", []string{"hoo", "eval", "--format", "xml", "testdata/hoo/gold", "testdata/hoo/sys"}, "xml is the 2012 default, not a format to name: the formats listed"},
		{"hoo-eval-2012-text", []string{"hoo", "eval", "--scheme", "2012", "--format", "text", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "hoo-eval-2012's figures: P, R and F of each level, then the counts"},
		{"hoo-eval-2012-tsv", []string{"hoo", "eval", "--scheme", "2012", "--format", "tsv", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the same as TSV"},
		{"hoo-eval-2012-csv", []string{"hoo", "eval", "--scheme", "2012", "--format", "csv", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "CSV holds one table: the levels (the counts are fields)"},
		{"hoo-eval-2012-markdown", []string{"hoo", "eval", "--scheme", "2012", "--format", "markdown", "--fixed", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "hoo-eval-2012-fixed's figures, the system edits' counts with them"},
		{"hoo-eval-2012-latex", []string{"hoo", "eval", "--scheme", "2012", "--format", "latex", "--case-sensitive", "--bonus", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "hoo-eval-2012-case-bonus's figures as LaTeX, the heading and counts as comments"},
		{"hoo-eval-2012-json", []string{"hoo", "eval", "--scheme", "2012", "--format", "json", "--case-sensitive", "--types-file", "testdata/hoo2012/types.config", "--types", "Prep", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "hoo-eval-2012-types's figures as one JSON object: how they were made, the levels, the counts"},
		{"hoo-eval-help", []string{"hoo", "eval", "-h"}, "usage and flags on stdout"},
		{"hoo-eval-2012-no-parts", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012/gold", "testdata/hoo2012/sys-noparts"}, "system files without part attributes (HOO 2011 style) match nothing under 2012: a warning per file says why"},
		{"hoo-eval-2012", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "evalrun.py's report, nobonus; fragment 0002 crashes the official (an optional gold edit under case folding): a warning, scored on"},
		{"hoo-eval-2012-case-bonus", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--bonus", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the official's report with -c match -r bonus (checked against it): no crash, the untouched optional edit counts"},
		{"hoo-eval-2012-types", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--types-file", "testdata/hoo2012/types.config", "--types", "Prep", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the aggregate Prep, defined twice: a warning, the first used; the official's report with -c match -t Prep"},
		{"hoo-eval-2012-old-types", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--types", "testdata/hoo2012/types.config", "--type", "Prep", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the old names (--types CONFIG --type T, kept for scripts): hoo-eval-2012-types's report, and a warning"},
		{"hoo-eval-2012-types-is-file", []string{"hoo", "eval", "--scheme", "2012", "--types", "testdata/hoo2012/types.config", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "--types naming a file, its old meaning: the types file is --types-file now"},
		{"hoo-eval-2012-type-list", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--types", "RT,UD", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "a comma list of types; the official's report with -c match -t RT,UD"},
		{"hoo-eval-2012-fixed", []string{"hoo", "eval", "--scheme", "2012", "--fixed", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "no crash with the quirks corrected; precisions from system edits, whose counts are added"},
		{"hoo-eval-2012-unpaired", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo/gold", "testdata/hoo/sys"}, "two system files for one gold file: evalrun.py pairs one to one"},
		{"hoo-eval-2012-types-only", []string{"hoo", "eval", "--scheme", "2012", "--types-file", "testdata/hoo2012/types.config", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "a types file without --types"},
		{"hoo-eval-2012-bad-types", []string{"hoo", "eval", "--scheme", "2012", "--types-file", "testdata/hoo2012bad/types.config", "--types", "Prep", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "an aggregate line without a name: file and line"},
		{"hoo-eval-2012-bad-xml", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012bad/gold", "testdata/hoo2012bad/sys"}, "a malformed system file: file, line, column, nothing on stdout"},
		{"hoo-eval-2011-type", []string{"hoo", "eval", "--types", "RT", "testdata/hoo/gold", "testdata/hoo/sys"}, "--types is for the 2012 scheme"},
		{"hoo-eval-both-bonus", []string{"hoo", "eval", "--bonus", "--no-bonus", "testdata/hoo/gold", "testdata/hoo/sys"}, "contradictory flags"},
		{"hoo-eval-bad-scheme", []string{"hoo", "eval", "--scheme", "2013", "testdata/hoo/gold", "testdata/hoo/sys"}, "a scheme that does not exist: one error"},
		{"hoo-eval-no-pairs", []string{"hoo", "eval", "testdata/hoo/sys", "testdata/hoo/gold"}, "directories swapped: no system file matches a gold file"},
		{"hoo-eval-one-dir", []string{"hoo", "eval", "testdata/hoo/gold"}, "both directories are needed"},
		{"hoo-eval-texts", []string{"hoo", "eval", "testdata/hoo/gold", "testdata/hoo/systxt"}, "a directory of system texts, not edit files: hoo extract suggested"},
		{"hoo-eval-old-type-new-file", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--type", "Prep", "--types-file", "testdata/hoo2012/types.config", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the old --type with the new --types-file: hoo-eval-2012-types's report, and the warning"},
		{"hoo-eval-old-type", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--type", "RT,UD", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "--type alone, the old name of --types: hoo-eval-2012-type-list's report, and a warning"},
		{"hoo-compare", []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"}, "Table 1 and Table 2 as Markdown"},
		{"hoo-compare-text", []string{"hoo", "compare", "--format", "text", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"}, "both tables aligned as text, from the same model as the Markdown"},
		{"hoo-compare-json", []string{"hoo", "compare", "--format", "json", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"}, "both tables as one JSON object, the scores in full"},
		{"hoo-compare-tsv", []string{"hoo", "compare", "--format", "tsv", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"}, "both tables as TSV under their headings, from the same model"},
		{"hoo-compare-csv", []string{"hoo", "compare", "--format", "csv", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"}, "CSV holds one table and is not among its formats (--csv FILE writes Table 1): refused, the formats listed"},
		{"hoo-compare-help", []string{"hoo", "compare", "-h"}, "usage and flags on stdout"},
		{"hoo-compare-bad-method", []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "--methods", "wdiff,diff", "testdata/hoo/systxt"}, "an unknown extraction: the known ones listed"},
		{"hoo-compare-no-system", []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw"}, "no system directory"},
		{"verbose-and-jsonl", []string{"score", "-v", "--jsonl", "testdata/small.txt", "testdata/small.m2"}, "two outputs at once"},

		// Bad input: one error naming the file, line and column where they apply, exit 2, no score.
		{"bad-annotator", []string{"score", "testdata/one.txt", "testdata/badannotator.m2"}, "non-integer annotator id: the column of the sixth field (official: ValueError)"},
		{"one-offset", []string{"score", "testdata/one.txt", "testdata/oneoffset.m2"}, "a span with one offset (official: IndexError)"},
		{"strict-reversed-span", []string{"score", "--strict", "testdata/one.txt", "testdata/reversed.m2"}, "--strict: start after end is an error (official: keeps an edit nothing can match, recall 0)"},
		{"strict-span-beyond", []string{"score", "--strict", "testdata/one.txt", "testdata/beyond.m2"}, "--strict: a span past the last token is an error (official: drops the edit silently)"},
		{"strict-negative-offset", []string{"score", "--strict", "testdata/one.txt", "testdata/negative.m2"}, "--strict: a negative offset in an edit that is not a noop is an error (official: drops it silently)"},
		{"strict-and-accept-bad-spans", []string{"score", "--strict", "--accept-bad-spans", "testdata/one.txt", "testdata/beyond.m2"}, "contradictory flags"},
		{"a-before-s", []string{"score", "testdata/one.txt", "testdata/a-before-s.m2"}, "an A line before any S line (official: ignores the block's first line silently)"},
		{"empty-gold", []string{"score", "testdata/one.txt", "testdata/empty.m2"}, "an empty gold file (official: AssertionError on the counts)"},
		{"invalid-utf8-gold", []string{"score", "testdata/one.txt", "testdata/badutf8.m2"}, "line, column and byte offset of the first bad byte (official: UnicodeDecodeError with a position in the whole file)"},
		{"invalid-utf8-system", []string{"score", "testdata/badutf8.txt", "testdata/small.m2"}, "the same in the system file"},
		{"directory", []string{"score", "testdata", "testdata/small.m2"}, "a directory given as the system file"},
		{"not-gzip", []string{"score", "testdata/small.txt", "testdata/notgzip.m2.gz"}, "a .gz name on a plain file"},

		// Input the official rejects or misreads, and we read: the scores are those of small.
		{"span-beyond", []string{"score", "testdata/one.txt", "testdata/beyond.m2"}, "a span past the last token: dropped as the official does, 1.0/1.0/1.0 as it prints, a warning naming the line"},
		{"reversed-span", []string{"score", "testdata/one.txt", "testdata/reversed.m2"}, "start after end: an unmatchable gold edit as the official reads it, 1.0/0.0/0.0 as it prints, a warning"},
		{"negative-offset", []string{"score", "testdata/one.txt", "testdata/negative.m2"}, "a negative offset in an edit that is not a noop: dropped as the official does, with a warning"},
		{"accept-bad-spans-beyond", []string{"score", "--accept-bad-spans", "testdata/one.txt", "testdata/beyond.m2"}, "the old flag still works: the default reading"},
		{"accept-bad-spans-reversed", []string{"score", "--accept-bad-spans", "testdata/one.txt", "testdata/reversed.m2"}, "the old flag still works: the default reading"},
		{"many-bad-spans", []string{"score", "testdata/one.txt", "testdata/manyspans.m2"}, "13 spans beyond the sentence: ten warnings, then the count of the others"},
		{"compare-bad-spans", []string{"compare", "--bootstrap", "10", "testdata/one.txt", "testdata/one-other.txt", "testdata/beyond.m2"}, "compare reads gold files as score does: the warning, the scores"},
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

		// Several systems in one table, formats, the signature, types, levels.
		{"score-systems", []string{"score", "testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "three systems, the first the baseline: one aligned table, 1,000 resamples by default, p-values adjusted (Holm), notes and signature"},
		{"score-systems-markdown", []string{"score", "--format", "markdown", "--bootstrap", "200", "--seed", "3", "testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "Markdown, the signature in a code span; the resamples and seed asked for"},
		{"score-systems-latex", []string{"score", "--format", "latex", "--levels", "testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "LaTeX booktabs tables, ΔF in math mode, notes and signature as comments"},
		{"score-systems-csv", []string{"score", "--format", "csv", "testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "one CSV table, the signature a last column"},
		{"score-systems-tsv", []string{"score", "--format", "tsv", "--per-type", "testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "each table as TSV (the per-sentence tables' format), its notes and signature on lines after it"},
		{"score-systems-json", []string{"score", "--format", "json", "--levels", "--per-type", "testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "one JSON object: the run, the systems with every interval and test, levels, recall by type"},
		{"score-systems-levels-types", []string{"score", "--levels", "--per-type", "--types", "SVA,ArtOrDet", "testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "gold restricted to two types (the signature says which), the levels and recall by type tables"},
		{"score-systems-no-bootstrap", []string{"score", "--bootstrap", "0", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "no resamples: no intervals, no tests, none in the signature"},
		{"score-systems-same-names", []string{"score", "--bootstrap", "0", "testdata/report.txt", "testdata/other/report.txt", "testdata/report.m2"}, "two files with one base name: the systems are named by their paths"},
		{"score-format-one", []string{"score", "--format", "text", "--levels", "testdata/report.txt", "testdata/report.m2"}, "one system with -format: its table row, no comparison, the signature"},
		{"score-format-one-bootstrap", []string{"score", "--format", "md", "--bootstrap", "100", "testdata/report.txt", "testdata/report.m2"}, "one system, its interval, in Markdown"},
		{"score-bad-format", []string{"score", "--format", "html", "testdata/report.txt", "testdata/report.m2"}, "an unknown format: the formats listed"},
		{"score-systems-wrong-lines", []string{"score", "testdata/report.txt", "testdata/short.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "the second system has 2 lines: the error names its file, before anything is scored"},
		{"score-systems-missing", []string{"score", "testdata/report.txt", "testdata/report-partial.txt", "testdata/nonexistent.txt", "testdata/report.m2"}, "the third system's file is not there"},
		{"score-systems-verbose", []string{"score", "-v", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "-v prints one system's sentences: refused with several"},
		{"score-systems-jsonl", []string{"score", "--jsonl", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "--jsonl too; -format json is the table's JSON"},
		{"score-format-per-sentence", []string{"score", "--per-sentence", "--format", "csv", "testdata/report.txt", "testdata/report.m2"}, "a table format does not print sentences, even for one system"},
		{"score-systems-csv-levels", []string{"score", "--format", "csv", "--levels", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "CSV holds one table: -levels adds one"},
		{"score-systems-stdin-twice", []string{"score", "-", "testdata/report.txt", "-", "testdata/report.m2"}, "standard input for two files: the message names them by position"},
		{"score-types", []string{"score", "--types", "ArtOrDet,Nn", "--per-type", "testdata/report.txt", "testdata/report.m2"}, "one system, gold restricted to two types: the official lines of the restricted gold, recall of the two"},
		{"score-types-unknown", []string{"score", "--types", "ArtOrDet,artordet,Prep", "testdata/report.txt", "testdata/report.m2"}, "types no gold edit has: named, with the types present"},
		{"score-types-empty", []string{"score", "--types", " , ", "testdata/report.txt", "testdata/report.m2"}, "no type in the list"},
		{"score-levels", []string{"score", "--levels", "--counts", "testdata/report-partial.txt", "testdata/report.m2"}, "one system: its levels as a table before the official lines, which stay the correction figures"},
		{"score-levels-jsonl", []string{"score", "--levels", "--jsonl", "testdata/report-partial.txt", "testdata/report.m2"}, "the levels as a JSON line, the total last"},
		{"score-signature-only", []string{"score", "--signature-only", "testdata/report.txt", "testdata/report.m2"}, "the signature of the official lines: no bootstrap"},
		{"score-signature-max-memory", []string{"score", "--signature-only", "--max-memory", "2G", "testdata/report.txt", "testdata/report.m2"}, "a memory budget set by hand is in the signature (it decides which sentences the bounded search scores)"},
		{"score-signature-only-html", []string{"score", "--signature-only", "--html", "$TMP/page.html", "testdata/report.txt", "testdata/report.m2"}, "--signature-only scores nothing, and the page shows the systems scored: refused, where it said 0 and wrote no page"},
		{"score-signature-only-systems", []string{"score", "--signature-only", "--types", "Nn", "--compat", "master", "--fix", "duplicate-gold", "--max_unchanged_words", "1", "testdata/report.txt", "testdata/nonexistent.txt", "testdata/report.m2"}, "the signature of a table: resamples and seed; the system files are not read"},
		{"score-html", []string{"score", "--html", "$TMP/page.html", "--bootstrap", "100", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "the page written (TestScoreHTML checks it), the table printed as without it"},
		{"score-html-unwritable", []string{"score", "--html", "testdata/nonexistent/page.html", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "the page cannot be written: the path named, nothing on stdout"},

		// nbest, oracle, serve.
		{"nbest", []string{"nbest", "testdata/nbest/small.nbest", "testdata/small.m2"}, "a TSV row per hypothesis in list order; sentence 1 has none, and no row"},
		{"nbest-jsonl", []string{"nbest", "--jsonl", "testdata/nbest/small.jsonl", "testdata/small.m2"}, "the same list as JSON lines in, JSON lines out, with the chosen annotator's edits"},
		{"nbest-stats", []string{"nbest", "--stats", "testdata/nbest/small.nbest", "testdata/small.m2"}, "Moses' scores format: a block per sentence, correct proposed gold source-length"},
		{"nbest-beta", []string{"nbest", "--beta", "2", "--nbest-format", "moses", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the F column is named after β; an explicit format"},
		{"nbest-help", []string{"nbest", "-h"}, "usage, the sentence-level rule and the flags, on stdout"},
		{"nbest-bounded", []string{"nbest", "--jsonl", "--max-work", "1000", "testdata/nbest/unrelated.nbest", "testdata/unrelated.m2"}, "over the work budget: one warning for the hypothesis and its duplicate, \"bounded\": true in both rows"},
		{"nbest-bad-id", []string{"nbest", "testdata/nbest/badid.nbest", "testdata/small.m2"}, "a sentence id that is not an integer: file, line, column; nothing on stdout"},
		{"nbest-no-separator", []string{"nbest", "testdata/nbest/nosep.nbest", "testdata/small.m2"}, "a Moses line without |||"},
		{"nbest-out-of-range", []string{"nbest", "testdata/nbest/range.nbest", "testdata/small.m2"}, "a sentence id past the gold file's sentences"},
		{"nbest-split", []string{"nbest", "testdata/nbest/split.nbest", "testdata/small.m2"}, "a sentence whose hypotheses are in two places: both lines named"},
		{"nbest-empty", []string{"nbest", "testdata/nbest/empty.nbest", "testdata/small.m2"}, "an empty list: the header alone, exit 0, and a warning (it said nothing)"},
		{"nbest-bad-type", []string{"nbest", "testdata/nbest/badtype.jsonl", "testdata/small.m2"}, "a number among the hypotheses: the field and what was expected"},
		{"nbest-bad-json", []string{"nbest", "testdata/nbest/badjson.jsonl", "testdata/small.m2"}, "JSON cut short"},
		{"nbest-unknown-field", []string{"nbest", "testdata/nbest/unknown.jsonl", "testdata/small.m2"}, "a misspelt field is named, not ignored"},
		{"nbest-negative", []string{"nbest", "testdata/nbest/negative.jsonl", "testdata/small.m2"}, "a negative sentence id"},
		{"nbest-bad-utf8", []string{"nbest", "testdata/nbest/badutf8.nbest", "testdata/small.m2"}, "invalid UTF-8: line and column"},
		{"nbest-missing", []string{"nbest", "testdata/nbest/nonexistent", "testdata/small.m2"}, "a list that is not there"},
		{"nbest-jsonl-stats", []string{"nbest", "--jsonl", "--stats", "testdata/nbest/small.nbest", "testdata/small.m2"}, "two outputs at once"},
		{"nbest-old-format", []string{"nbest", "--format", "moses", "testdata/nbest/small.nbest", "testdata/small.m2"}, "--format moses, the old name of --nbest-format moses: the list read as before, nbest's TSV, and a warning"},
		{"nbest-bad-format", []string{"nbest", "--nbest-format", "xml", "testdata/nbest/small.nbest", "testdata/small.m2"}, "an unknown format"},
		{"nbest-tsv", []string{"nbest", "--format", "tsv", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the default format named: nbest's bytes"},
		{"nbest-csv", []string{"nbest", "--format", "csv", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the same rows as CSV: the annotators' cell quoted (it holds commas)"},
		{"nbest-markdown", []string{"nbest", "--format", "md", "--nbest-format", "moses", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the same rows as a Markdown table, numbers on the right; the list's format named too"},
		{"nbest-latex", []string{"nbest", "--format", "latex", "--beta", "2", "testdata/nbest/small.nbest", "testdata/small.m2"}, "a LaTeX tabular, ended after the last row; F's column named after β"},
		{"nbest-empty-csv", []string{"nbest", "--format", "csv", "testdata/nbest/empty.jsonl", "testdata/small.m2"}, "a sentence with an empty list of hypotheses has no row (its rows made with none panicked)"},
		{"nbest-format-text", []string{"nbest", "--format", "text", "testdata/nbest/small.nbest", "testdata/small.m2"}, "aligned text needs every row before the first: not among nbest's formats, which are listed"},
		{"nbest-jsonl-and-format", []string{"nbest", "--jsonl", "--format", "csv", "testdata/nbest/small.nbest", "testdata/small.m2"}, "two outputs at once"},
		{"nbest-stats-and-format", []string{"nbest", "--stats", "--format", "markdown", "testdata/nbest/small.nbest", "testdata/small.m2"}, "two outputs at once"},
		{"nbest-old-format-jsonl", []string{"nbest", "--format", "jsonl", "testdata/nbest/small.jsonl", "testdata/small.m2"}, "--format jsonl, the old name of --nbest-format jsonl (not an output format): the list read as JSON lines, nbest's TSV, a warning"},
		{"nbest-old-format-and-new", []string{"nbest", "--format", "moses", "--nbest-format", "jsonl", "testdata/nbest/small.nbest", "testdata/small.m2"}, "an old --format and --nbest-format naming another list format: contradictory"},
		{"nbest-old-format-and-output", []string{"nbest", "--format", "moses", "--format", "csv", "testdata/nbest/small.nbest", "testdata/small.m2"}, "--format's old value and an output format, both taken: CSV, and the warning"},
		{"oracle", []string{"oracle", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the best choice by enumeration; sentence 1 keeps its source, with a warning"},
		{"oracle-jsonl", []string{"oracle", "--jsonl", "testdata/nbest/small.jsonl", "testdata/small.m2"}, "every sentence's choice (k -1 for the source), then the total"},
		{"oracle-text", []string{"oracle", "--format", "text", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the default format named: oracle's bytes"},
		{"oracle-markdown", []string{"oracle", "--format", "markdown", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the report's fields as Markdown lines"},
		{"oracle-json", []string{"oracle", "--format", "json", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the report as one JSON object: oracle-jsonl's total"},
		{"oracle-format-csv", []string{"oracle", "--format", "csv", "testdata/nbest/small.nbest", "testdata/small.m2"}, "the report is fields, not a table: its formats listed"},
		{"oracle-jsonl-and-format", []string{"oracle", "--jsonl", "--format", "json", "testdata/nbest/small.nbest", "testdata/small.m2"}, "two outputs at once"},
		{"oracle-old-format", []string{"oracle", "--format", "auto", "testdata/nbest/small.jsonl", "testdata/small.m2"}, "--format auto, the old name of --nbest-format auto: oracle's report, a warning"},
		{"oracle-help", []string{"oracle", "-h"}, "usage and flags on stdout"},
		{"oracle-empty", []string{"oracle", "--jsonl", "testdata/nbest/empty.jsonl", "testdata/small.m2"}, "an empty list of hypotheses is a sentence without any: its source"},
		{"oracle-bad", []string{"oracle", "testdata/nbest/split.nbest", "testdata/small.m2"}, "bad input: one error, nothing on stdout"},
		{"serve-help", []string{"serve", "-h"}, "the request kinds and the flags on stdout"},
		{"serve-no-gold", []string{"serve"}, "--gold is required"},
		{"serve-bad-gold", []string{"serve", "--gold", "testdata/badoffset.m2"}, "a bad gold file stops the service before it starts"},
		{"serve-extra-argument", []string{"serve", "--gold", "testdata/small.m2", "extra"}, "an argument serve does not take: the message demo and version give, exit 2 (it used to panic)"},
		{"serve-gold-stdin", []string{"serve", "--gold", "-"}, "standard input carries the requests: it cannot be the gold file (it swallowed them, exit 0)"},

		// compare.
		{"compare", []string{"compare", "--bootstrap", "500", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "both scores, the difference with its interval, wins, p-value, resamples and seed"},
		{"compare-self", []string{"compare", "--bootstrap", "500", "testdata/report.txt", "testdata/report.txt", "testdata/report.m2"}, "a system against itself: refused, as score refuses a system twice (it printed difference 0, p = 1, a test that says nothing)"},
		{"compare-jsonl", []string{"compare", "--format", "json", "--bootstrap", "500", "--seed", "3", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "the same as one JSON object"},
		{"compare-help", []string{"compare", "-h"}, "usage, the test's definition and flags on stdout, status 0"},
		{"compare-two-files", []string{"compare", "testdata/report.txt", "testdata/report.m2"}, "wrong number of arguments"},
		{"compare-mismatch", []string{"compare", "testdata/report.txt", "testdata/small.txt", "testdata/report.m2"}, "system B's line count is checked before anything is scored"},
		{"compare-old-names", []string{"compare", "--jsonl", "--resamples", "500", "--seed", "3", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "the old names --jsonl and --resamples, kept for scripts: compare-jsonl's output, and a warning for each"},
		{"compare-markdown", []string{"compare", "--format", "markdown", "--bootstrap", "500", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "compare's fields as Markdown"},
		{"compare-bad-format", []string{"compare", "--format", "latex", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "compare prints fields, not a table: its formats listed"},
		{"compare-jsonl-and-format", []string{"compare", "--jsonl", "--format", "text", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "the old --jsonl against another format: contradictory"},
		{"compare-names", []string{"compare", "--names", "full,partial", "--bootstrap", "500", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "names beside the files; compare's figures and signature unchanged"},
		{"compare-names-json", []string{"compare", "--names", "full,partial", "--format", "json", "--bootstrap", "500", "--seed", "3", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "the names in the JSON: compare-jsonl's object with a name for each system"},
		{"compare-names-count", []string{"compare", "--names", "full", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "one name for two systems: refused before any work"},
		{"score-names", []string{"score", "--names", "full,source,partial", "--bootstrap", "100", "testdata/report.txt", "testdata/report-source.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "the table's rows and the baseline named by --names; the signature is the files' table's"},
		{"score-names-duplicate", []string{"score", "--names", "a,b,a", "testdata/report.txt", "testdata/report-source.txt", "testdata/report-partial.txt", "testdata/report.m2"}, "a name given twice: refused"},
		{"score-names-count", []string{"score", "--names", "a,b,c", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "three names for two systems: refused"},
		{"score-resamples-alias", []string{"score", "--resamples", "100", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, "compare's old name works in score too, with its warning"},
		{"compare-bad-resamples", []string{"compare", "--bootstrap", "0", "testdata/report.txt", "testdata/report.txt", "testdata/report.m2"}, "at least one resample"},

		// m2.
		{"m2", []string{"m2", "testdata/m2/source.txt", "testdata/m2/ref0.txt", "testdata/m2/ref1.txt"}, "two references, annotators 0 and 1: edits of type UNK, a noop line for a reference equal to its source"},
		{"m2-u2", []string{"m2", "--max_unchanged_words", "2", "testdata/m2/source.txt", "testdata/m2/ref1.txt"}, "u = 2: changes up to two unchanged tokens apart become one edit (went to the, result was surprising)"},
		{"m2-tokenize", []string{"m2", "--tokenize", "testdata/m2/raw-source.txt", "testdata/m2/raw-ref.txt"}, "raw text: Treebank tokens (do n't, quotes as `` and '')"},
		{"m2-short-reference", []string{"m2", "testdata/m2/source.txt", "testdata/m2/ref0.txt", "testdata/m2/short.txt"}, "fewer reference lines: both counts and the first source line without one; nothing on stdout"},
		{"m2-stdin-twice", []string{"m2", "testdata/m2/source.txt", "-", "-"}, "standard input for two references: one error, as score and compare give, before anything is read"},
		{"nbest-stdin-twice", []string{"nbest", "-", "-"}, "standard input for the list and the gold (it used to read the gold as the list and print only a header, exit 0)"},
		{"oracle-stdin-twice", []string{"oracle", "-", "-"}, "the same for oracle (it used to say that no gold sentence had a hypothesis)"},
		{"m2-long-reference", []string{"m2", "testdata/m2/source.txt", "testdata/m2/long.txt"}, "more reference lines: the first without a source line"},
		{"m2-empty-source", []string{"m2", "testdata/m2/empty.txt", "testdata/m2/ref0.txt"}, "an empty source file"},
		{"m2-empty-reference", []string{"m2", "testdata/m2/source.txt", "testdata/m2/empty.txt"}, "an empty reference file"},
		{"m2-invalid-utf8", []string{"m2", "testdata/m2/source.txt", "testdata/badutf8.txt"}, "invalid UTF-8 in a reference: file, line, column, byte offset"},
		{"m2-unwritable", []string{"m2", "testdata/m2/source.txt", "testdata/m2/ref0.txt", "testdata/m2/pipes.txt"}, "a correction with || cannot be written in M2: the reference file and line, the edit"},
		{"m2-one-file", []string{"m2", "testdata/m2/source.txt"}, "a source without references"},
		{"m2-missing-file", []string{"m2", "testdata/m2/source.txt", "testdata/m2/nonexistent.txt"}, "an unreadable reference"},
		{"m2-negative-u", []string{"m2", "--max_unchanged_words", "-1", "testdata/m2/source.txt", "testdata/m2/ref0.txt"}, "u must be non-negative"},
		{"m2-out-no-directory", []string{"m2", "--out", "testdata/m2/nonexistent/out.m2", "testdata/m2/source.txt", "testdata/m2/ref0.txt"}, "an output file that cannot be created"},
		{"m2-help", []string{"m2", "-h"}, "usage and flags on stdout, status 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkGoldenCase(t, goldenCase{name: tt.name, args: tt.args, why: tt.why}) })
	}
	for _, tt := range ioTests {
		t.Run(tt.name, func(t *testing.T) { checkGoldenCase(t, tt) })
	}
	if *update {
		return
	}
	// Every case of score and compare again, with the files read as they are scored, as files
	// too large to keep are: the same output, byte for byte.
	saved := keepLimit
	keepLimit = -1
	defer func() { keepLimit = saved }()
	n := 0
	for _, tt := range append(ioTests, func() (cs []goldenCase) {
		for _, tt := range tests {
			cs = append(cs, goldenCase{name: tt.name, args: tt.args, why: tt.why})
		}
		return cs
	}()...) {
		if len(tt.args) > 0 && (tt.args[0] == "score" || tt.args[0] == "compare") {
			n++
			t.Run("streaming/"+tt.name, func(t *testing.T) { checkGoldenCase(t, tt) })
		}
	}
	if n < 50 {
		t.Errorf("only %d cases of score and compare", n)
	}
}

// goldenCase is a run of the command: its arguments, and where its standard input and output
// are, when not the usual (nothing, and a buffer).
type goldenCase struct {
	name string
	args []string
	why  string
	// stdin, when not empty, is a file whose content standard input gives, through a pipe.
	stdin string
	// stdout is "" (a buffer), "full" (/dev/full, every write fails with ENOSPC) or
	// "closed-pipe" (a pipe whose reader has gone: writes fail with EPIPE).
	stdout string
	// out, when not nil, is where standard output goes instead, not said in the command line.
	out io.Writer
}

// ioTests are the golden cases of standard input and output, and of arguments in other places.
var ioTests = []goldenCase{
	{name: "flags-after-files", args: []string{"score", "testdata/report.txt", "testdata/report.m2", "--counts", "-v"}, why: "flags after the file names, as the official scorer accepts -v there"},
	{name: "flags-interleaved", args: []string{"score", "--beta", "1", "testdata/report.txt", "--per-type", "testdata/report.m2", "--counts"}, why: "flags before, between and after the files"},
	{name: "flags-double-dash", args: []string{"score", "--counts", "--", "testdata/report.txt", "testdata/report.m2"}, why: "\"--\" ends the flags"},
	{name: "double-dash-then-flag", args: []string{"score", "testdata/report.txt", "--", "-v", "testdata/report.m2"}, why: "after \"--\", -v is a file name: a second system file, which is not there"},
	{name: "compare-flags-after", args: []string{"compare", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2", "--bootstrap", "500", "--format", "json"}, why: "compare takes flags after the files too"},
	{name: "stdin-system", args: []string{"score", "--counts", "-", "testdata/report.m2"}, stdin: "testdata/report.txt", why: "the system output on standard input"},
	{name: "stdin-gold", args: []string{"score", "--jsonl", "testdata/report.txt", "-"}, stdin: "testdata/report.m2", why: "the gold file on standard input, read twice (checked, then scored) from a copy"},
	{name: "stdin-gzip", args: []string{"score", "testdata/small.txt", "-"}, stdin: "testdata/small.m2.gz", why: "gzip recognised by its content on standard input"},
	{name: "gzip-without-suffix", args: []string{"score", "testdata/small.txt", "testdata/gzipped-without-suffix.m2"}, why: "gzip recognised by its content in a file whose name does not say so"},
	{name: "stdin-both", args: []string{"score", "-", "-"}, stdin: "testdata/report.txt", why: "only one file can be standard input"},
	{name: "stdin-bad-gold", args: []string{"score", "-v", "testdata/one.txt", "-"}, stdin: "testdata/badoffset.m2", why: "errors name standard input"},
	{name: "compare-stdin-gold", args: []string{"compare", "--bootstrap", "500", "testdata/report.txt", "testdata/report-source.txt", "-"}, stdin: "testdata/report.m2", why: "compare reads the gold file once per system: standard input from a copy"},
	{name: "score-systems-stdin-gold", args: []string{"score", "--bootstrap", "100", "testdata/report-source.txt", "testdata/report.txt", "-"}, stdin: "testdata/report.m2", why: "several systems, the gold file on standard input: surveyed, then read once per system, from a copy"},
	{name: "score-systems-stdin-system", args: []string{"score", "--bootstrap", "100", "testdata/report-source.txt", "-", "testdata/report.m2"}, stdin: "testdata/report.txt", why: "one of several systems on standard input: named so in the table"},
	{name: "stdout-full", args: []string{"score", "-v", "testdata/report.txt", "testdata/report.m2"}, stdout: "full", why: "a full disk: one message, exit 2 (the official: IOError, exit 1)"},
	{name: "stdout-full-default", args: []string{"score", "testdata/report.txt", "testdata/report.m2"}, stdout: "full", why: "the three lines cannot be written either"},
	{name: "compare-stdout-full", args: []string{"compare", "--bootstrap", "500", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, stdout: "full", why: "compare checks its writes too"},
	{name: "stdout-closed-pipe", args: []string{"score", "--jsonl", "testdata/report.txt", "testdata/report.m2"}, stdout: "closed-pipe", why: "the reader went away: no message, exit 2 (a real process is killed by SIGPIPE)"},
	{name: "beta-huge", args: []string{"score", "--beta", "1e308", "--jsonl", "testdata/report.txt", "testdata/report.m2"}, why: "β² overflows: rejected (it ended without its total line, exit 0)"},
	{name: "beta-zero", args: []string{"score", "--beta", "0", "testdata/report.txt", "testdata/report.m2"}, why: "F_0 is precision: not a β to ask for"},
	{name: "beta-negative", args: []string{"score", "--beta", "-0.5", "testdata/report.txt", "testdata/report.m2"}, why: "a negative β"},
	{name: "beta-nan", args: []string{"score", "--beta", "NaN", "testdata/report.txt", "testdata/report.m2"}, why: "NaN parses as a float: rejected"},
	{name: "beta-inf", args: []string{"score", "--beta", "Inf", "testdata/report.txt", "testdata/report.m2"}, why: "infinity parses as a float: rejected"},
	{name: "compare-beta-nan", args: []string{"compare", "--beta", "nan", "testdata/report.txt", "testdata/report.txt", "testdata/report.m2"}, why: "compare checks β the same way"},
	{name: "beta-large", args: []string{"score", "--beta", "1e100", "--counts", "testdata/report.txt", "testdata/report.m2"}, why: "the largest β accepted: F is recall, no NaN"},
	{name: "score-jsonl-escaping", args: []string{"score", "--jsonl", "--per-type", "testdata/escape.txt", "testdata/escape.m2"}, why: "edits' strings escape &, < and > (\\u0026…) as json.Marshal always wrote them, error types do not (as the encoder did): byte for byte the output of before"},
	{name: "bootstrap-one", args: []string{"score", "--jsonl", "--bootstrap", "1", "testdata/report.txt", "testdata/report.m2"}, why: "one resample has no standard error: null (the bootstrap line was missing)"},
	{name: "compare-one-resample", args: []string{"compare", "--format", "json", "--bootstrap", "1", "testdata/report.txt", "testdata/report-source.txt", "testdata/report.m2"}, why: "the same in compare (it printed nothing, exit 0)"},
}

// checkGoldenCase runs a case and compares everything it prints, and its exit status, with
// testdata/golden/NAME.golden.
func checkGoldenCase(t *testing.T, tt goldenCase) {
	t.Helper()
	got := runCase(t, tt)
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
}

// runCase runs the command in-process and returns what the golden file holds.
func runCase(t *testing.T, tt goldenCase) string {
	t.Helper()
	// "$TMP" in an argument is a temporary directory, written "$TMP" in the golden file.
	tmp := t.TempDir()
	tt.args = slices.Clone(tt.args)
	for i := range tt.args {
		tt.args[i] = strings.ReplaceAll(tt.args[i], "$TMP", tmp)
	}
	command := "$ maxmatch " + strings.Join(tt.args, " ")
	if tt.stdin != "" {
		data, err := os.ReadFile(tt.stdin)
		if err != nil {
			t.Fatal(err)
		}
		r := pipeOf(t, data)
		defer r.Close()
		saved := stdin
		stdin = r
		defer func() { stdin = saved }()
		command += " < " + tt.stdin + " (through a pipe)"
	}
	var stdout bytes.Buffer
	var out io.Writer = &stdout
	switch tt.stdout {
	case "full":
		f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Skipf("no /dev/full: %v", err)
		}
		defer f.Close()
		out = f
		command += " > /dev/full"
	case "closed-pipe":
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		defer w.Close()
		out = w
		command += " | (a reader that has gone)"
	}
	if tt.out != nil {
		out = tt.out
	}
	var stderr bytes.Buffer
	code := run(tt.args, out, &stderr)
	got := fmt.Sprintf("%s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", command, code, stdout.String(), stderr.String())
	got = machineMemory.ReplaceAllString(got, "(default MACHINE_MEMORY)")
	return strings.ReplaceAll(got, tmp, "$TMP")
}
