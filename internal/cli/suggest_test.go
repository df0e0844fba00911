package cli

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
		why  string
	}{
		{"score", "score", 0, "the same"},
		{"scroe", "score", 1, "two neighbours swapped: one edit"},
		{"fromat", "format", 1, "the same in a flag"},
		{"scor", "score", 1, "a letter missing"},
		{"scoore", "score", 1, "a letter too many"},
		{"sxorf", "score", 2, "two letters replaced"},
		{"serve", "score", 3, "three"},
		{"", "abc", 3, "from nothing"},
		{"évl", "eval", 2, "characters, not bytes"},
		{"ca", "abc", 3, "a swap is not followed by an insertion between its letters (optimal string alignment)"},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d (%s)", tt.a, tt.b, got, tt.want, tt.why)
		}
		if got := editDistance(tt.b, tt.a); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d: the distance is symmetric", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	commands := []string{"score", "compare", "nbest", "oracle", "serve", "demo", "m2", "hoo", "version", "help"}
	flags := []string{"beta", "bootstrap", "format", "max_unchanged_words", "max-memory", "max-work", "max-edges", "names"}
	tests := []struct {
		typed string
		known []string
		want  []string
		why   string
	}{
		{"scroe", commands, []string{"score"}, "a swap: the closest only, not serve two edits away"},
		{"sroce", commands, []string{"score"}, "two edits"},
		{"scxyz", commands, nil, "three edits: too far"},
		{"hep", commands, []string{"help"}, "a letter missing"},
		{"s", commands, nil, "one letter is close to nothing"},
		{"xy", commands, nil, "replacing the whole name is not a suggestion, m2 two edits away though it is"},
		{"fromat", flags, []string{"format"}, "a flag"},
		{"max_unchanged", flags, []string{"max_unchanged_words"}, "an abbreviation, as getopt takes"},
		{"max-unchanged", flags, []string{"max_unchanged_words"}, "dashes and underscores alike"},
		{"max", flags, []string{"max_unchanged_words", "max-memory", "max-work"}, "an abbreviation of several: at most three"},
		{"Format", flags, []string{"format"}, "case aside"},
		{"bta", flags, []string{"beta"}, "short names too"},
		{"format", flags, nil, "the name itself is no suggestion"},
	}
	for _, tt := range tests {
		if got := suggest(tt.typed, tt.known); !slices.Equal(got, tt.want) {
			t.Errorf("suggest(%q) = %q, want %q (%s)", tt.typed, got, tt.want, tt.why)
		}
	}
}

// suggestTree is a root with two commands, one a group of one command, for the messages that
// suggest commands.
func suggestTree() *cobra.Command {
	var out strings.Builder
	spec := Spec{Output: func(_ *cobra.Command, data []byte) { out.Write(data) }, Run: func(*cobra.Command, []string) error { return nil }}
	command := func(use string) *cobra.Command {
		s := spec
		s.Usage = []Usage{{Args: use, What: use}}
		return New(s)
	}
	root, group := command("prog"), command("group")
	group.AddCommand(command("eval"))
	root.AddCommand(command("score"), group)
	root.SetHelpCommand(NewHelp(spec))
	root.InitDefaultHelpCmd() // as Execute does before any command runs
	return root
}

// TestSuggestCommands: an unknown command, and an unknown one after help, get the commands close
// to it, with the path to type.
func TestSuggestCommands(t *testing.T) {
	root := suggestTree()
	group, _, _ := root.Find([]string{"group"})
	for _, tt := range []struct {
		err  error
		want string
	}{
		{UnknownCommand(root, "scroe"), `unknown command "scroe"; did you mean "prog score"?`},
		{UnknownCommand(group, "evl"), `unknown command "evl"; did you mean "prog group eval"?`},
		{UnknownCommand(root, "hlep"), `unknown command "hlep"; did you mean "prog help"?`},
		{UnknownCommand(root, "bogus"), `unknown command "bogus"`},
	} {
		if tt.err.Error() != tt.want {
			t.Errorf("%q, want %q", tt.err, tt.want)
		}
	}
	root.SetArgs([]string{"help", "group", "evl"})
	var ue UsageError
	if err := root.Execute(); !errors.As(err, &ue) || ue.Msg != `no command "group evl" under "prog"; did you mean "group eval"?` {
		t.Errorf("help group evl: %v", err)
	}
}

// TestSuggestFlags: an unknown flag, with two dashes or one, gets the flags close to it; an old
// name (Alias, Replaced) is suggested as the flag it stands for.
func TestSuggestFlags(t *testing.T) {
	var out strings.Builder
	cmd, _ := testCommand(&out)
	fs := Flags(cmd)
	fs.Alias("number", "count", "")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--cuont", "1"}, "unknown flag --cuont; did you mean --count?"},
		{[]string{"-cuont", "1"}, "unknown flag -cuont; did you mean --count?"},
		{[]string{"--nubmer", "1"}, "unknown flag --nubmer; did you mean --count?"},
		{[]string{"--memroy", "1G"}, "unknown flag --memroy; did you mean --memory?"},
		{[]string{"--xyz"}, "unknown flag --xyz"},
		{[]string{"-x"}, "unknown flag -x"},
	}
	for _, tt := range tests {
		cmd.SetArgs(tt.args)
		err := CheckDashes(cmd, tt.args)
		if err == nil {
			err = cmd.Execute()
		}
		var ue UsageError
		if !errors.As(err, &ue) || ue.Msg != tt.want {
			t.Errorf("%q: %v, want %q", tt.args, err, tt.want)
		}
	}
}

// TestOldNames: an old name sets the flag's value and makes the command warn, Changed sees it
// under the flag's name (not a flag whose value another name stands for), the help leaves it
// out and the reference lists it.
func TestOldNames(t *testing.T) {
	var out, stderr strings.Builder
	cmd, v := testCommand(&out)
	cmd.SetErr(&stderr)
	fs := Flags(cmd)
	fs.Alias("number", "count", "as the tests name it")
	var jsonl bool
	fs.Bool(&jsonl, "json", "", "JSON")
	fs.Replaced("json", "mode b", "")
	cmd.SetArgs([]string{"--number", "7", "--json", "file"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if v.n != 7 || !jsonl {
		t.Errorf("count %d, json %v: want 7 and true", v.n, jsonl)
	}
	want := "test: warning: --json is the old name of --mode b\ntest: warning: --number is the old name of --count, as the tests name it\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	// --json stands for a value of --mode, which it does not set: --mode is not given.
	if !Changed(cmd, "count") || Changed(cmd, "mode") || Changed(cmd, "beta") {
		t.Errorf("Changed: count %v, mode %v, beta %v: want true, false, false", Changed(cmd, "count"), Changed(cmd, "mode"), Changed(cmd, "beta"))
	}
	help := HelpText(cmd)
	if strings.Contains(help, "--number") || strings.Contains(help, "--json") {
		t.Errorf("the help lists an old name:\n%s", help)
	}
	count := cmd.Flags().Lookup("count")
	if listed, old := Spellings(cmd.Flags(), count); !slices.Equal(listed, []string{"-n", "--count"}) || !slices.Equal(old, []string{"--number"}) {
		t.Errorf("Spellings(count) = %q, %q", listed, old)
	}
	if _, old := Spellings(cmd.Flags(), cmd.Flags().Lookup("mode")); !slices.Equal(old, []string{"--json (--mode b)"}) {
		t.Errorf("Spellings(mode): old %q", old)
	}
}

// TestOldValues: a flag that takes another's old values (OldValues) gives them to it, with a
// warning, and keeps its own; the other flag given too with another value is a contradiction;
// the reference lists the old values under the flag they stand for, the help does not.
func TestOldValues(t *testing.T) {
	tests := []struct {
		args         []string
		mode, output string // the values taken
		warning      string // on stderr
		problem      string // the UsageError; "": none
	}{
		{[]string{"--output", "b", "file"}, "b", "", "test: warning: --output b is the old name of --mode b, as the tests name it\n", ""},
		{[]string{"--output", "csv", "file"}, "a", "csv", "", ""},
		{[]string{"--output", "b", "--output", "json", "file"}, "b", "json", "test: warning: --output b is the old name of --mode b, as the tests name it\n", ""},
		{[]string{"--output", "b", "--mode", "b", "file"}, "b", "", "test: warning: --output b is the old name of --mode b, as the tests name it\n", ""},
		{[]string{"--mode", "a", "--output", "b", "file"}, "a", "", "", "--output b (the old name of --mode b) and --mode a contradict each other: expected one of them"},
		{[]string{"--output", "d", "file"}, "a", "", "", `--output: "d" is not known, expected one of csv, json`},
	}
	for _, tt := range tests {
		var out, stderr strings.Builder
		cmd, v := testCommand(&out)
		cmd.SetErr(&stderr)
		fs := Flags(cmd)
		var output string
		fs.Choice(&output, "output", "", []string{"csv", "json"}, "the output's format")
		fs.OldValues("output", "mode", []string{"b", "c"}, "as the tests name it")
		cmd.SetArgs(tt.args)
		err := cmd.Execute()
		var ue UsageError
		switch {
		case tt.problem != "" && (!errors.As(err, &ue) || ue.Msg != tt.problem):
			t.Errorf("%q: error %v, want %q", tt.args, err, tt.problem)
		case tt.problem == "" && err != nil:
			t.Errorf("%q: %v", tt.args, err)
		case tt.problem == "" && (v.mode != tt.mode || output != tt.output || stderr.String() != tt.warning):
			t.Errorf("%q: mode %q, output %q, stderr %q; want %q, %q, %q", tt.args, v.mode, output, stderr.String(), tt.mode, tt.output, tt.warning)
		}
		if tt.problem == "" && Changed(cmd, "mode") != slices.Contains(tt.args, "--mode") {
			t.Errorf("%q: Changed(mode) %v: an old value does not give --mode", tt.args, Changed(cmd, "mode"))
		}
		if _, old := Spellings(cmd.Flags(), cmd.Flags().Lookup("mode")); !slices.Equal(old, []string{"--output b", "--output c"}) {
			t.Errorf("Spellings(mode): old %q", old)
		}
		if help := HelpText(cmd); strings.Contains(help, "old name") || !strings.Contains(help, "one of csv, json)") {
			t.Errorf("the help lists the old values, or not the flag's own:\n%s", help)
		}
	}
}

// TestOtherSpellings: an underscored flag is listed with its dashed spelling too, when the
// command's normalization takes it; a dashed flag is listed once.
func TestOtherSpellings(t *testing.T) {
	var out strings.Builder
	spec := Spec{Usage: []Usage{{Args: "t", What: "t"}}, Output: func(_ *cobra.Command, d []byte) { out.Write(d) },
		Run: func(*cobra.Command, []string) error { return nil },
		Normalize: func(_ *pflag.FlagSet, name string) pflag.NormalizedName {
			if name == "max-words" {
				name = "max_words"
			}
			return pflag.NormalizedName(name)
		}}
	cmd := New(spec)
	var n, m int
	Flags(cmd).Int(&n, "max_words", "u", 2, NonNegative, "words")
	Flags(cmd).Int(&m, "max-lines", "", 2, NonNegative, "lines")
	fs := cmd.Flags()
	if got := FlagNames(fs, fs.Lookup("max_words")); got != "-u, --max_words, --max-words INT" {
		t.Errorf("FlagNames = %q", got)
	}
	if got := FlagNames(fs, fs.Lookup("max-lines")); got != "--max-lines INT" {
		t.Errorf("FlagNames = %q", got)
	}
	without := New(Spec{Usage: spec.Usage, Output: spec.Output, Run: spec.Run})
	Flags(without).Int(&n, "max_words", "", 2, NonNegative, "words")
	if got := FlagNames(without.Flags(), without.Flags().Lookup("max_words")); got != "--max_words INT" {
		t.Errorf("without a normalization that takes it, the dashed spelling is not listed: %q", got)
	}
}

// TestChoiceSynonyms: a choice's other spellings are taken and said in what it expects.
func TestChoiceSynonyms(t *testing.T) {
	var s string
	v := &ChoiceValue{P: &s, Choices: []string{"text", "markdown"}, Synonyms: map[string]string{"md": "markdown"}}
	if err := v.Set("md"); err != nil || s != "md" {
		t.Errorf("md: %q, %v", s, err)
	}
	if err := v.Set("mkd"); err == nil {
		t.Error("mkd taken")
	}
	if got := v.Expect(); got != "one of text, markdown (or md)" {
		t.Errorf("Expect() = %q", got)
	}
}
