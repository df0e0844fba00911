package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// The version golden files need one build: a clone built with "go build" at a fixed commit.
func init() {
	readBuildInfo = func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{
			GoVersion: "go1.26.8",
			Main:      debug.Module{Path: "maxmatch", Version: "v0.0.0-20261123114127-971e567ced89+dirty"},
			Settings: []debug.BuildSetting{
				{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"},
				{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "971e567ced89aac45d0b957b5935c79a78d9653f"},
				{Key: "vcs.time", Value: "2026-11-23T11:41:27Z"}, {Key: "vcs.modified", Value: "true"},
			},
		}, true
	}
}

// TestGoldenHoo is the golden table of the HOO commands' handling of their directories and
// of bad input, of checked writes, and of the command shell (help, version). testdata/hoobad
// holds one directory per kind of bad input, beside the good fragment of testdata/hoo.
func TestGoldenHoo(t *testing.T) {
	const (
		raw, gold, systxt, sysxml = "testdata/hoo/raw", "testdata/hoo/gold", "testdata/hoo/systxt", "testdata/hoo/sys"
		bad                       = "testdata/hoobad/"
	)
	tests := []struct {
		name string
		args []string
		why  string
	}{
		// Names: only the four patterns are files of the data; a warning for each other name.
		{"hoo-names-extract-wdiff", []string{"hoo", "extract", "--orig", raw, "--system", bad + "names/sys", "--out", "$TMP/out"},
			"a .bak, a copy and a README are ignored with a warning each, a hidden file silently (official: the .bak overwrites 0001XX1.xml, the copy is a second system)"},
		{"hoo-names-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", gold, "--orig", raw, "--system", bad + "names/sys", "--out", "$TMP/out"}, "the same names, the same warnings"},
		{"hoo-names-compare", []string{"hoo", "compare", "--gold", gold, "--orig", raw, bad + "names/sys"}, "one system text, 0001XX1, scored; the others ignored"},
		{"hoo-names-eval", []string{"hoo", "eval", gold, bad + "names/sysxml"}, "one row (official: three, 0001XX1 twice and \"0001XX1 copy\")"},
		{"hoo-names-eval-2012", []string{"hoo", "eval", "--scheme", "2012", gold, bad + "names/sysxml"}, "ignored names do not count in evalrun.py's one-to-one check"},
		{"hoo-names-parent-dir", []string{"hoo", "extract", "--orig", raw, "--system", "testdata/hoo", "--out", "$TMP/out"}, "the directory above the system's: its subdirectories named as not read (was: \"4 other entries ignored\", none named)"},
		{"hoo-eval-file-for-dir", []string{"hoo", "eval", gold, sysxml + "/0001XX1.xml"}, "a file where a directory is expected: what was expected (was: \"open …: not a directory\")"},
		{"hoo-names-no-system", []string{"hoo", "eval", raw, gold}, "a directory of other kinds: what it holds is said"},

		// A system file without its raw text or its gold edits.
		{"hoo-noraw-extract-wdiff", []string{"hoo", "extract", "--orig", raw, "--system", bad + "noraw/sys", "--out", "$TMP/out"}, "0002XX1.txt has no 0002.txt (official: skipped silently); nothing written"},
		{"hoo-noraw-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", gold, "--orig", raw, "--system", bad + "noraw/sys", "--out", "$TMP/out"}, "the same error"},
		{"hoo-noraw-compare", []string{"hoo", "compare", "--gold", gold, "--orig", raw, bad + "noraw/sys"}, "the same error"},
		{"hoo-nogold-eval", []string{"hoo", "eval", gold, bad + "nogold/sysxml"}, "0002XX1.xml has no 0002GE.xml (official: left out of the table silently)"},
		{"hoo-nogold-compare", []string{"hoo", "compare", "--gold", "testdata/hoom2/gold-other", "--orig", "testdata/hoom2/raw", "testdata/hoom2/sys"}, "a system text without its gold edits"},

		// Gold offsets beyond the raw text.
		{"hoo-beyond-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", bad + "beyond/gold", "--orig", raw, "--system", systxt, "--out", "$TMP/out"}, "file, line, edit, both lengths"},
		{"hoo-beyond-compare", []string{"hoo", "compare", "--gold", bad + "beyond/gold", "--orig", raw, systxt}, "the same error (was: a warning, and the m2 extraction scored as no edits)"},
		{"hoo-beyond-synth", []string{"hoo", "synth", "--orig", raw, "--gold", bad + "beyond/gold", "--out", "$TMP/out"}, "the same error"},

		// Gold offsets inside a character of the raw text.
		{"hoo-splitchar-synth", []string{"hoo", "synth", "--orig", bad + "splitchar/raw", "--gold", bad + "splitchar/gold", "--out", "$TMP/out"}, "the character named (was: a system text that is not UTF-8 written, which extract then refused)"},
		{"hoo-splitchar-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", bad + "splitchar/gold", "--orig", bad + "splitchar/raw", "--system", systxt, "--out", "$TMP/out"}, "the same error (was: the edit silently widened to the whole word)"},

		// XML that expat, the official tools' parser, refuses and Go's decoder reads.
		{"hoo-xml-attribute-twice-eval", []string{"hoo", "eval", gold, bad + "xml/dupattr"}, "end given twice (was: the last value kept; official: duplicate attribute)"},
		{"hoo-xml-two-documents-eval", []string{"hoo", "eval", gold, bad + "xml/junk"}, "a file written twice over (was: every edit read twice; official: junk after document element)"},

		// Invalid UTF-8: file, line, column, byte offset.
		{"hoo-utf8-raw-extract-wdiff", []string{"hoo", "extract", "--orig", bad + "utf8/raw", "--system", systxt, "--out", "$TMP/out"}, "a raw text (official: written as Latin-1, mojibake)"},
		{"hoo-utf8-raw-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", gold, "--orig", bad + "utf8/raw", "--system", systxt, "--out", "$TMP/out"}, "the same error (was: an error about an edit's text)"},
		{"hoo-utf8-raw-compare", []string{"hoo", "compare", "--gold", gold, "--orig", bad + "utf8/raw", systxt}, "the same error (was: a warning, the m2 extraction scored as no edits)"},
		{"hoo-utf8-raw-synth", []string{"hoo", "synth", "--orig", bad + "utf8/raw", "--gold", gold, "--out", "$TMP/out"}, "the same error"},
		{"hoo-utf8-sys-extract-wdiff", []string{"hoo", "extract", "--orig", raw, "--system", bad + "utf8/sys", "--out", "$TMP/out"}, "a system text"},
		{"hoo-utf8-sys-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", gold, "--orig", raw, "--system", bad + "utf8/sys", "--out", "$TMP/out"}, "the same error"},
		{"hoo-markers-extract-wdiff", []string{"hoo", "extract", "--orig", bad + "markers/raw", "--system", bad + "markers/sys", "--out", "$TMP/out"},
			"texts holding wdiff's markers: a warning for each, by line and column (was: silent, and \"old\" reported deleted, as the official extractor does)"},
		{"hoo-markers-compare", []string{"hoo", "compare", "--gold", bad + "markers/gold", "--orig", bad + "markers/raw", bad + "markers/sys"},
			"the same warnings from compare, each file once (was: silent, the wdiff rows scoring a deletion the text does not make)"},
		{"hoo-control-sys-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", bad + "control/gold", "--orig", bad + "control/raw", "--system", bad + "control/sys", "--out", "$TMP/out"},
			"a control character in a correction, which XML cannot hold: its line and column in the system text, past the same character unchanged on line 1 (was: the files and the edit only)"},
		{"hoo-control-raw-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", bad + "control/gold", "--orig", bad + "control/raw", "--system", bad + "control/sys-original", "--out", "$TMP/out"},
			"the same in an edit's original: its line and column in the source"},
		{"hoo-utf8-sys-compare", []string{"hoo", "compare", "--gold", gold, "--orig", raw, bad + "utf8/sys"}, "the same error"},
		{"hoo-utf8-xml-eval", []string{"hoo", "eval", gold, bad + "utf8/sysxml"}, "an edit file (official: not well-formed (invalid token), then UnboundLocalError)"},

		// Empty edit files.
		{"hoo-empty-gold-eval", []string{"hoo", "eval", bad + "empty/gold", sysxml}, "an empty gold file is an error, not \"no edits\" (official: no element found, then UnboundLocalError, no CSV)"},
		{"hoo-empty-sys-eval", []string{"hoo", "eval", gold, bad + "empty/sysxml"}, "an empty system file"},
		{"hoo-empty-sys-eval-2012", []string{"hoo", "eval", "--scheme", "2012", gold, bad + "empty/sysxml"}, "the same under 2012 (official: ParseError: no element found)"},
		{"hoo-empty-gold-extract-m2", []string{"hoo", "extract", "--method", "m2", "--gold", bad + "empty/gold", "--orig", raw, "--system", systxt, "--out", "$TMP/out"}, "the same error"},
		{"hoo-empty-gold-compare", []string{"hoo", "compare", "--gold", bad + "empty/gold", "--orig", raw, systxt}, "the same error"},
		{"hoo-empty-gold-synth", []string{"hoo", "synth", "--orig", raw, "--gold", bad + "empty/gold", "--out", "$TMP/out"}, "the same error"},

		// The edit files of two runs under evalrun.py's scheme.
		{"hoo-eval-2012-two-runs", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012/gold", bad + "tworuns"}, "0001XX1 and 0002YY2 (was: summed as one run, reported as XX 1, as the official does)"},

		// --type naming nothing known (official: every count 0, every score 1).
		{"hoo-eval-2012-unknown-type", []string{"hoo", "eval", "--scheme", "2012", "--types", "Foo", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the types of the edits are listed"},
		{"hoo-eval-2012-unknown-type-config", []string{"hoo", "eval", "--scheme", "2012", "--types-file", "testdata/hoo2012/types.config", "--types", "Foo", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "and the aggregates and types of the types file"},
		{"hoo-eval-2012-unknown-type-list", []string{"hoo", "eval", "--scheme", "2012", "--types", "RT,Foo", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "one unknown part of a list"},
		{"hoo-eval-2012-aggregate-in-list", []string{"hoo", "eval", "--scheme", "2012", "--types-file", "testdata/hoo2012/types.config", "--types", "Prep,RN", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "an aggregate inside a list, which the official takes as a type"},
		{"hoo-eval-2012-listed-type", []string{"hoo", "eval", "--scheme", "2012", "--case-sensitive", "--types-file", "testdata/hoo2012/types.config", "--types", "MT", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "a type the types file lists and no edit has: known, scored (nothing to score: 1, as the official)"},

		// Files we write: errors name the path given.
		{"hoo-compare-csv-full", []string{"hoo", "compare", "--gold", gold, "--orig", raw, "--csv", "/dev/full", systxt}, "--csv to a full device: its name, the cause, nothing on stdout"},
		{"hoo-compare-html-full", []string{"hoo", "compare", "--gold", gold, "--orig", raw, "--html", "/dev/full", "--csv", "$TMP/t1.csv", systxt}, "--html to a full device: the CSV file is not written either"},
		{"hoo-compare-csv-dir", []string{"hoo", "compare", "--gold", gold, "--orig", raw, "--csv", "testdata", systxt}, "--csv naming a directory"},
		{"hoo-compare-csv-input", []string{"hoo", "compare", "--gold", gold, "--orig", raw, "--csv", systxt + "/0001XX1.txt", systxt}, "--csv naming a system text: refused before anything is read (was: replaced by the CSV, after the text was scored)"},
		{"hoo-compare-same-system", []string{"hoo", "compare", "--gold", gold, "--orig", raw, systxt, systxt + "/"}, "one directory twice (was: its rows twice)"},
		{"hoo-compare-same-name", []string{"hoo", "compare", "--gold", gold, "--orig", raw, systxt, bad + "samename/systxt"}, "two systems the tables would name alike (was: two rows of one name)"},
		{"hoo-compare-methods-twice", []string{"hoo", "compare", "--gold", gold, "--orig", raw, "--methods", "wdiff,wdiff", systxt}, "one extraction compared with itself (was: every row twice, no difference)"},
		{"hoo-extract-out-not-dir", []string{"hoo", "extract", "--orig", raw, "--system", systxt, "--out", raw + "/0001.txt/out"}, "--out under a file: the directory named"},

		// The command shell.
		{"version", []string{"version"}, "module version, commit, Go release (build information fixed by the test)"},
		{"version-flag", []string{"--version"}, "the same"},
		{"version-help", []string{"version", "-h"}, "what go build, go run and go test record"},
		{"version-extra", []string{"version", "x"}, "no arguments"},
		{"hoo-help", []string{"hoo", "--help"}, "the HOO usage on stdout, status 0"},
		{"hoo-help-command", []string{"hoo", "help"}, "the same"},
		{"hoo-help-h", []string{"hoo", "-h"}, "the same"},
		{"hoo-help-extract", []string{"hoo", "help", "extract"}, "a command's usage and flags"},
		{"hoo-help-two", []string{"hoo", "help", "extract", "eval"}, "one command at a time"},
		{"hoo-extract-help", []string{"hoo", "extract", "-h"}, "both methods described"},
		{"hoo-synth-help", []string{"hoo", "synth", "-h"}, "usage and flags"},
		{"help-hoo", []string{"help", "hoo"}, "maxmatch help COMMAND"},
		{"help-score", []string{"help", "score"}, "the same as score -h"},
		{"help-hoo-eval", []string{"help", "hoo", "eval"}, "help at every depth: a command under a group"},
		{"help-unknown", []string{"help", "hoo", "evaluate"}, "a command that does not exist: one line, exit 2"},
		{"hoo-synth-raw", []string{"hoo", "synth", "--raw", "testdata/hoo/raw", "--gold", "testdata/hoo/gold", "--out", "$TMP/out"}, "the old name of --orig still works, with a warning"},
		{"completion-unknown-shell", []string{"completion", "tcsh"}, "the shells listed"},
		{"demo-help", []string{"demo", "-h"}, "usage on stdout, status 0"},
		{"demo-argument", []string{"demo", "x"}, "no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkGolden(t, tt.name, tt.args, tt.why, nil) })
	}
}

// TestGoldenFullStdout runs commands whose standard output is /dev/full: one message naming
// standard output and the cause, exit status 2.
func TestGoldenFullStdout(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	tests := []struct {
		name string
		args []string
		why  string
	}{
		{"hoo-eval-stdout-full", []string{"hoo", "eval", "testdata/hoo/gold", "testdata/hoo/sys"}, "the CSV report (was: exit 0)"},
		{"hoo-eval-2012-stdout-full", []string{"hoo", "eval", "--scheme", "2012", "testdata/hoo2012/gold", "testdata/hoo2012/sys"}, "the XML report"},
		{"hoo-compare-stdout-full", []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"}, "the Markdown tables"},
		{"hoo-extract-stdout-full", []string{"hoo", "extract", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/systxt", "--out", "$TMP/out"}, "the summary, after the files are written"},
		{"hoo-synth-stdout-full", []string{"hoo", "synth", "--orig", "testdata/hoo/raw", "--gold", "testdata/hoo/gold", "--out", "$TMP/out"}, "the summary"},
		{"demo-stdout-full", []string{"demo"}, "the demo"},
		{"version-stdout-full", []string{"version"}, "the version"},
		{"help-stdout-full", []string{"help"}, "the usage"},
		{"score-help-stdout-full", []string{"score", "-h"}, "a command's help is checked as any output (it used to exit 0)"},
		{"completion-stdout-full", []string{"completion", "bash"}, "the completion script too"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkGolden(t, tt.name, tt.args, tt.why, full) })
	}
}
