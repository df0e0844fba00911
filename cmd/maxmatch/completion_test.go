package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCompletionScripts prints the script of each shell: exit 0, a script that completes
// maxmatch through its hidden __complete command.
func TestCompletionScripts(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"completion", shell}, &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
			t.Fatalf("%s: exit %d, stderr %q", shell, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "__complete") || !strings.Contains(stdout.String(), "maxmatch") {
			t.Errorf("%s: the script does not call maxmatch __complete:\n%.300s", shell, stdout.String())
		}
	}
}

// TestCompletions asks what the shell would offer (the hidden __complete command the scripts
// call): commands, flags, and each flag's values from its definition.
func TestCompletions(t *testing.T) {
	tests := []struct {
		args []string
		want []string // among the completions
		not  []string // not among them
		why  string
	}{
		{[]string{""}, []string{"score", "compare", "nbest", "hoo", "completion", "version"}, nil, "the commands"},
		{[]string{"hoo", ""}, []string{"extract", "synth", "eval", "compare"}, nil, "the HOO commands"},
		{[]string{"help", "hoo", ""}, []string{"eval", "extract"}, nil, "help completes the commands it can explain"},
		{[]string{"score", "--"}, []string{"--beta", "--max_unchanged_words", "--bootstrap", "--jobs"}, []string{"--raw"}, "a command's flags"},
		{[]string{"hoo", "synth", "--"}, []string{"--orig"}, []string{"--raw"}, "a hidden old name is not offered"},
		{[]string{"score", "--format", ""}, []string{"text", "markdown", "latex", "tsv", "csv", "json"}, nil, "a choice's values"},
		{[]string{"nbest", "--format", ""}, []string{"tsv", "csv", "markdown", "latex", ":4"}, []string{"moses", "jsonl", "text"}, "nbest's formats, not --format's old values (--nbest-format's), and no file names"},
		{[]string{"hoo", "eval", "--types", ""}, []string{":4"}, nil, "free text: no file names offered (directive 4, no file completion)"},
		{[]string{"score", "--compat", ""}, []string{"3.2", "master", "fixed"}, nil, "the compatibility modes"},
		{[]string{"score", "--fix", ""}, []string{"duplicate-gold", "all"}, nil, "the fixes"},
		{[]string{"hoo", "eval", "--scheme", ""}, []string{"2011", "2012"}, nil, "the HOO schemes"},
		{[]string{"completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, nil, "the shells"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"__complete"}, tt.args...), &stdout, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", tt.why, code, stderr.String())
		}
		got := map[string]bool{}
		for _, line := range strings.Split(stdout.String(), "\n") {
			word, _, _ := strings.Cut(line, "\t")
			got[word] = true
		}
		for _, w := range tt.want {
			if !got[w] {
				t.Errorf("%s: %q does not offer %q:\n%s", tt.why, tt.args, w, stdout.String())
			}
		}
		for _, w := range tt.not {
			if got[w] {
				t.Errorf("%s: %q offers %q", tt.why, tt.args, w)
			}
		}
	}
}
