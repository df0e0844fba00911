package cli

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// testValues are the values of testCommand's flags.
type testValues struct {
	n     int
	beta  float64
	seed  uint64
	mode  string
	items []string
	file  string
	on    bool
	size  int64
	share int64
}

// testCommand is a command with a flag of each kind; out collects what it prints.
func testCommand(out *strings.Builder) (*cobra.Command, *testValues) {
	v := &testValues{}
	cmd := New(Spec{
		Usage:  []Usage{{Args: "test [flags] FILE", What: "a command for the tests"}},
		Long:   "Tests the flags.",
		Run:    func(*cobra.Command, []string) error { return nil },
		Output: func(_ *cobra.Command, data []byte) { out.Write(data) },
	})
	fs := Flags(cmd)
	fs.Int(&v.n, "count", "n", 3, IntRange{Min: 0, Max: 10}, "a count")
	fs.Float(&v.beta, "beta", 0.5, FloatRange{Min: 0, Max: 1e100}, "β")
	fs.Uint64(&v.seed, "seed", 1, "a seed")
	fs.Choice(&v.mode, "mode", "a", []string{"a", "b"}, "a mode")
	fs.List("items", "item", []string{"x", "y"}, func(items []string) error { v.items = items; return nil }, "items")
	fs.String(&v.file, "out", "o", "", OutFileArg, "a file to write")
	fs.Bool(&v.on, "on", "", "a switch")
	fs.Size(&v.size, "memory", "1 GB", "", "a size")
	fs.Size(&v.share, "share", "1 MB", "the default", "a size that may be 0")
	return cmd, v
}

// TestValues sets each kind of flag to values in and out of its range: the value taken, or the
// problem said.
func TestValues(t *testing.T) {
	tests := []struct {
		flag, value string
		problem     string // "": accepted
		why         string
	}{
		{"count", "10", "", "the largest in range"},
		{"count", "11", "11 is too large", "beyond the range"},
		{"count", "-1", "-1 is too small", "below it"},
		{"count", "9223372036854775808", "9223372036854775808 is too large", "beyond int64"},
		{"count", "1.5", `"1.5" is not a whole number`, "a fraction"},
		{"count", "", "the value is empty", "nothing"},
		{"beta", "1e100", "", "the largest β"},
		{"beta", "NaN", "NaN is not a number", "NaN parses as a float"},
		{"beta", "-Inf", "-Inf is infinite", "an infinity"},
		{"beta", "0", "0 is too small", "the bound is excluded"},
		{"beta", "1e400", "1e400 is too large", "beyond float64"},
		{"beta", "1_0", `"1_0" is not a decimal number`, "Go's digit separator, which Python's float() refuses"},
		{"beta", "0x1p-1", `"0x1p-1" is not a decimal number`, "Go's hexadecimal float, which Python's float() refuses"},
		{"beta", "2.5E-1", "", "an exponent in capitals"},
		{"seed", "18446744073709551615", "", "the largest uint64"},
		{"seed", "-1", `"-1" is not a whole number from 0 up`, "a negative seed"},
		{"mode", "c", `"c" is not known`, "not a choice"},
		{"items", "x, y", "", "a list, spaces around its items"},
		{"items", "x,z", `"z" is an unknown item`, "an item not among the choices"},
		{"items", " , ", `" , " holds no item`, "an empty list"},
		{"out", "-", `"-" is standard output, which carries the command's report`, "an output file cannot be standard output"},
		{"on", "maybe", `"maybe" is not true or false`, "a boolean's value"},
		{"memory", "2G", "", "a size with a unit"},
		{"memory", "0", `"0" is not above 0`, "no memory"},
		{"memory", "1e3", `"1e3" is not a size`, "no exponent"},
		{"memory", "-1", `"-1" is not a size`, "a negative size"},
		{"share", "0", "", "0 where the flag says what it means"},
		{"share", "-1", `"-1" is not a size`, "a negative size, even where 0 is taken"},
		{"share", "-0", `"-0" is not a size`, "no sign at all"},
		{"share", "0.5", `"0.5" is less than one byte`, "a fraction of a byte is not 0"},
		{"memory", "8388608T", `"8388608T" is too large: at most 8388607T (9223370937343148032 bytes)`, "2⁶³ bytes and more: the largest said"},
		{"memory", "8388607T", "", "the largest size"},
	}
	for _, tt := range tests {
		var out strings.Builder
		cmd, _ := testCommand(&out)
		err := cmd.Flags().Set(tt.flag, tt.value)
		var ve valueError
		switch {
		case tt.problem == "" && err != nil:
			t.Errorf("--%s=%s (%s): %v", tt.flag, tt.value, tt.why, err)
		case tt.problem != "" && (!errors.As(err, &ve) || ve.problem != tt.problem):
			t.Errorf("--%s=%s (%s): %v, want %q", tt.flag, tt.value, tt.why, err, tt.problem)
		}
	}
	var out strings.Builder
	cmd, v := testCommand(&out)
	for flag, value := range map[string]string{"count": "7", "beta": "2", "seed": "9", "mode": "b", "items": "y,x", "out": "f.txt", "on": "true", "memory": "2G"} {
		if err := cmd.Flags().Set(flag, value); err != nil {
			t.Fatal(err)
		}
	}
	if v.n != 7 || v.beta != 2 || v.seed != 9 || v.mode != "b" || strings.Join(v.items, ",") != "y,x" || v.file != "f.txt" || !v.on || v.size != 2<<30 {
		t.Errorf("the values taken: %+v", *v)
	}
}

// TestClamp: a range with a note takes a larger value as its largest.
func TestClamp(t *testing.T) {
	var n int
	v := &IntValue{P: &n, R: IntRange{Min: 0, Max: math.MaxInt64, ClampNote: "as many as there are"}}
	if err := v.Set("99999999999999999999"); err != nil || n != math.MaxInt {
		t.Errorf("%d, %v: want the largest int", n, err)
	}
}

// TestCommandLine runs the command on command lines with mistakes: one UsageError each, naming
// the flag with its "--" form and what it expects.
func TestCommandLine(t *testing.T) {
	tests := []struct {
		args []string
		want string // the UsageError's message; "": none
		why  string
	}{
		{[]string{"--count", "4", "file", "-o", "out.txt"}, "", "flags among the arguments"},
		{[]string{"-n4", "file"}, "", "a letter with its value"},
		{[]string{"-count", "4", "file"}, "-count: a long flag takes two dashes: --count", "a long flag with one dash"},
		{[]string{"-bogus", "file"}, "unknown flag -bogus", "an unknown flag with one dash"},
		{[]string{"--bogus", "file"}, "unknown flag --bogus", "an unknown flag"},
		{[]string{"file", "--count"}, "-n/--count: no value given, expected a whole number from 0 to 10", "a flag without its value"},
		{[]string{"--count=x"}, `-n/--count: "x" is not a whole number, expected a whole number from 0 to 10`, "a value of the wrong type"},
		{[]string{"--beta", "-1", "file"}, "--beta: -1 is too small, expected a number above 0 and at most 1e100", "a negative value taken as the flag's"},
		{[]string{"--", "-count"}, "", "after --, an argument"},
	}
	for _, tt := range tests {
		var out strings.Builder
		cmd, _ := testCommand(&out)
		cmd.SetArgs(tt.args)
		err := CheckDashes(cmd, tt.args)
		if err == nil {
			err = cmd.Execute()
		}
		var ue UsageError
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q (%s): %v", tt.args, tt.why, err)
		case tt.want != "" && (!errors.As(err, &ue) || ue.Msg != tt.want):
			t.Errorf("%q (%s): %v\nwant %s", tt.args, tt.why, err, tt.want)
		}
	}
}

// TestHelpText: the usage, what the command does, and every flag with its range and default.
func TestHelpText(t *testing.T) {
	var out strings.Builder
	cmd, _ := testCommand(&out)
	cmd.SetArgs([]string{"-h"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	help := out.String()
	for _, want := range []string{
		"usage: test [flags] FILE\n\nTests the flags.\n\nFlags:\n",
		"  -n, --count INT\n        a count (a whole number from 0 to 10; default 3)\n",
		"  --beta NUMBER\n        β (a number above 0 and at most 1e100; default 0.5)\n",
		"  --mode NAME\n        a mode (one of a, b; default a)\n",
		"  -o, --out FILE\n        a file to write\n",
		"  --on\n        a switch\n",
	} {
		if !strings.Contains(help, want) {
			t.Errorf("the help lacks %q:\n%s", want, help)
		}
	}
}

func TestExactArgs(t *testing.T) {
	if err := ExactArgs([]string{"a"}, "SYSTEM", "GOLD"); err == nil || err.Error() != "expected two files, SYSTEM and GOLD, besides the flags; got 1 argument" {
		t.Errorf("%v", err)
	}
	if err := ExactArgs([]string{"x"}); err == nil || err.Error() != `takes no arguments (got ["x"])` {
		t.Errorf("%v", err)
	}
	if err := ExactArgs([]string{"a", "b"}, "SYSTEM", "GOLD"); err != nil {
		t.Error(err)
	}
}
