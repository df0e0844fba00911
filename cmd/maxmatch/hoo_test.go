package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"maxmatch/internal/progress"
)

// TestHooProgress runs the HOO commands with the progress line on (as on a terminal, at
// once): each says how far it is on stderr, clears the line before a warning and at the end,
// and never writes it to stdout.
func TestHooProgress(t *testing.T) {
	saved := newHooProgress
	defer func() { newHooProgress = saved }()
	newHooProgress = func(name string, stderr io.Writer) *progress.Line {
		return progress.Shown(name, stderr)
	}
	tests := []struct {
		args []string
		want []string // in stderr, in this order
		why  string
	}{
		{[]string{"hoo", "extract", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/systxt", "--out", "$TMP"},
			[]string{"maxmatch: extracting file 0/2", "maxmatch: extracting file 2/2"}, "wdiff: file by file"},
		{[]string{"hoo", "extract", "--method", "m2", "--gold", "testdata/hoom2/gold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "$TMP"},
			[]string{"maxmatch: 0001AB1.txt (file 1/1): tokenizing source line 1/3", "0001AB1.txt (file 1/1): tokenizing system line 3/3",
				"0001AB1.txt (file 1/1): aligning sentence 3/3", "0001AB1.txt (file 1/1): converting gold edit 4/4", "0001AB1.txt (file 1/1): scoring sentence 3/3"},
			"m2: the steps inside a file, each to its end (the line is rewritten at most every 100 ms, and at each end)"},
		{[]string{"hoo", "eval", "testdata/hoo/gold", "testdata/hoo/sys"},
			[]string{"maxmatch: reading file 1/2", "maxmatch: reading file 2/2", "maxmatch: scoring file 2/2", "\r\033[Kmaxmatch hoo eval: warning: 0001XX1: the official evaluate.py stops"},
			"eval: reading, scoring, then the warning on a cleared line"},
		{[]string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"},
			[]string{"maxmatch: system 1/1, systxt: wdiff extraction, fragment 0/2", "system 1/1, systxt: m2 extraction, 0001XX1 (fragment 1/2): scoring sentence 2/2",
				"system 1/1, systxt: m2 extraction, 0001XX2 (fragment 2/2): scoring sentence 2/2"}, "compare: by system, extraction and fragment"},
	}
	for _, tt := range tests {
		tmp := t.TempDir()
		for i := range tt.args {
			tt.args[i] = strings.ReplaceAll(tt.args[i], "$TMP", tmp)
		}
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: status %d: %s", tt.why, code, stderr.String())
		}
		got := stderr.String()
		at := 0
		for _, w := range tt.want {
			i := strings.Index(got[at:], w)
			if i < 0 {
				t.Errorf("%s: stderr %q lacks %q (after byte %d)", tt.why, got, w, at)
				break
			}
			at += i + len(w)
		}
		if last := strings.LastIndex(got, "\r\033[Kmaxmatch: "); !strings.Contains(got[last+1:], "\r\033[K") {
			t.Errorf("%s: the last progress line is not cleared: %q", tt.why, got)
		}
		if strings.Contains(stdout.String(), "\033") {
			t.Errorf("%s: progress in stdout: %q", tt.why, stdout.String())
		}
	}
}
