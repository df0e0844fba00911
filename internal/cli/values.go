package cli

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/membudget"
)

// Every flag of every command is defined once, here or by a command through a FlagSet: its
// names, its value's type and range, its meaning. The help (-h), the messages of a value out
// of its range, the shell completion and the command reference (docs/reference) are all made
// from these definitions.

// A Value is the value of one of our flags: it parses and checks what is given (Set), and
// says what it accepts (expect), for the help and for the message of a value it refuses.
type Value interface {
	pflag.Value
	// expect says which values are accepted, as a noun phrase ("a number above 0 and at most
	// 1e100"); "" when any text is.
	Expect() string
}

// valueError is a value a flag refuses: what is wrong with it. The command's message adds the
// flag's name and what it expects (see flagMessage).
type valueError struct{ problem string }

func (e valueError) Error() string { return e.problem }

// A FlagSet defines the flags of one command.
type FlagSet struct {
	cmd *cobra.Command
	fs  *pflag.FlagSet
}

func Flags(cmd *cobra.Command) FlagSet { return FlagSet{cmd, cmd.Flags()} }

// add defines a flag with value v; short is its one-letter name, or "".
func (f FlagSet) Add(v Value, name, short, usage string) *pflag.Flag {
	fl := f.fs.VarPF(v, name, short, usage)
	if b, ok := v.(*BoolValue); ok && b != nil {
		fl.NoOptDefVal = "true"
	}
	return fl
}

// RegisterCompletions gives cobra the completions of the values of cmd's flags and those of
// the commands under it: a choice's values, nothing for a flag of free text (files and
// directories are marked as the flags are defined). Cobra keeps them in a map of its package,
// never emptied, that holds every flag registered: a program registers them when the shell
// asks for completions (cobra.ShellCompRequestCmd), not each time it builds its commands, which
// the tests do for every command line they run.
func RegisterCompletions(cmd *cobra.Command) {
	cmd.Flags().VisitAll(func(fl *pflag.Flag) {
		v := fl.Value
		if o, ok := v.(*WithOldValues); ok {
			v = o.Value // its old values are not offered
		}
		switch v := v.(type) {
		case interface{ completions() []string }:
			if values := v.completions(); values != nil {
				cmd.RegisterFlagCompletionFunc(fl.Name, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
			}
		case *StringValue:
			if v.Kind == TextArg {
				cmd.RegisterFlagCompletionFunc(fl.Name, cobra.NoFileCompletions)
			}
		}
	})
	for _, sub := range cmd.Commands() {
		RegisterCompletions(sub)
	}
}

// Bool defines a boolean flag: given alone it is true; "--name=false" is accepted too.
func (f FlagSet) Bool(p *bool, name, short, usage string) {
	f.Add(&BoolValue{p}, name, short, usage)
}

// Int defines an integer flag with the range r.
func (f FlagSet) Int(p *int, name, short string, def int, r IntRange, usage string) {
	*p = def
	f.Add(&IntValue{P: p, R: r}, name, short, usage)
}

// Uint64 defines a flag of any unsigned 64-bit integer (a seed).
func (f FlagSet) Uint64(p *uint64, name string, def uint64, usage string) {
	*p = def
	f.Add(&Uint64Value{p}, name, "", usage)
}

// Float defines a number flag with the range r.
func (f FlagSet) Float(p *float64, name string, def float64, r FloatRange, usage string) {
	*p = def
	f.Add(&FloatValue{P: p, R: r}, name, "", usage)
}

// String defines a text flag: a file (kind FileArg) or a directory (DirArg), which the
// shell completes, or any text (TextArg).
func (f FlagSet) String(p *string, name, short, def string, kind ArgKind, usage string) {
	*p = def
	f.Add(&StringValue{P: p, Kind: kind}, name, short, usage)
	switch kind {
	case DirArg, OutDirArg:
		f.cmd.MarkFlagDirname(name)
	case FileArg, OutFileArg:
		f.cmd.MarkFlagFilename(name)
	}
}

// Choice defines a flag whose value is one of choices.
func (f FlagSet) Choice(p *string, name, def string, choices []string, usage string) {
	*p = def
	f.Add(&ChoiceValue{P: p, Choices: choices}, name, "", usage)
}

// List defines a flag of comma-separated items, each one of choices (nil: any text but
// an empty one); set receives the items, in order, once they are checked.
func (f FlagSet) List(name, what string, choices []string, set func([]string) error, usage string) {
	f.Add(&ListValue{What: what, Choices: choices, Apply: set}, name, "", usage)
}

// Size defines a memory size flag (a number of bytes, or with a unit), above 0, or also 0 when
// zero says what 0 means ("" : 0 is refused); def is the default as the help shows it.
func (f FlagSet) Size(p *int64, name, def, zero, usage string) {
	v := &SizeValue{P: p, Zero: zero}
	fl := f.Add(v, name, "", usage)
	fl.DefValue = def
}

// Alias defines old, a hidden second name of the flag name (the same value), kept for
// scripts: the command warns when it is given (why, when not "", says why the name changed),
// and the reference lists it (Spellings).
func (f FlagSet) Alias(old, name, why string) {
	fl := f.fs.Lookup(name)
	a := f.fs.VarPF(fl.Value, old, "", "the old name of --"+name)
	a.NoOptDefVal = fl.NoOptDefVal
	f.Replaced(old, name, why)
}

// Replaced hides the flag old, kept for scripts, which stands for means now ("format json":
// what the command does with it is its own): the command warns when it is given, as for an
// Alias, and the reference lists it.
func (f FlagSet) Replaced(old, means, why string) {
	a := f.fs.Lookup(old)
	a.Hidden = true
	if a.Annotations == nil {
		a.Annotations = map[string][]string{}
	}
	a.Annotations[AliasOf] = []string{means}
	a.Annotations[aliasWhy] = []string{why}
}

// OldValues makes the flag name take also, kept for scripts, the values of the flag target that
// name stood for before target had a name of its own ("--format moses", now "--nbest-format
// moses"): once the flags are read, such a value is given to target, unless target is given
// another (a UsageError), and the command warns as for an old name (why, when not "", says
// why); the reference lists them with target's old names. name's own values, in its help and
// its completion, are unchanged.
func (f FlagSet) OldValues(name, target string, values []string, why string) {
	fl := f.fs.Lookup(name)
	fl.Value = &WithOldValues{Value: fl.Value.(Value), Old: values, target: f.fs.Lookup(target), why: why}
}

// WithOldValues is the Value of a flag that takes the old values of another too (OldValues).
type WithOldValues struct {
	Value           // the flag's own
	Old    []string // the other flag's values it takes
	target *pflag.Flag
	why    string
	given  string // the last old value given, "" when none
}

func (v *WithOldValues) Set(s string) error {
	if slices.Contains(v.Old, s) {
		v.given = s
		return nil
	}
	return v.Value.Set(s)
}

// applyOldValues gives the old values given to cmd's flags (OldValues) to the flags they stand
// for, and returns the warnings they call for: "--format moses is the old name of
// --nbest-format moses, as …".
func applyOldValues(cmd *cobra.Command) (warnings []string, err error) {
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		v, ok := fl.Value.(*WithOldValues)
		if !ok || v.given == "" || err != nil {
			return
		}
		now := "--" + v.target.Name + " " + v.given
		if v.target.Changed && v.target.Value.String() != v.given {
			err = Usagef("--%s %s (the old name of %s) and --%s %s contradict each other: expected one of them", fl.Name, v.given, now, v.target.Name, v.target.Value)
			return
		}
		if err = v.target.Value.Set(v.given); err != nil {
			return
		}
		w := "--" + fl.Name + " " + v.given + " is the old name of " + now
		if v.why != "" {
			w += ", " + v.why
		}
		warnings = append(warnings, w)
	})
	return warnings, err
}

// AliasOf marks a hidden flag that is an old name of another (its value): what it stands for,
// the flag's name, and a value when it stands for one ("format json").
const AliasOf = "cli_alias_of"

// aliasWhy says why an old name was changed, for its warning.
const aliasWhy = "cli_alias_why"

// oldNamesGiven are the warnings for the old names given to cmd: "--raw is the old name of
// --orig, as every HOO command names the raw texts' directory".
func oldNamesGiven(cmd *cobra.Command) []string {
	var ws []string
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		to, ok := fl.Annotations[AliasOf]
		if !ok {
			return
		}
		w := "--" + fl.Name + " is the old name of --" + to[0]
		if why := fl.Annotations[aliasWhy]; len(why) > 0 && why[0] != "" {
			w += ", " + why[0]
		}
		ws = append(ws, w)
	})
	return ws
}

// ArgKind is what a text flag or argument names, for the shell's completion.
type ArgKind int

const (
	FileArg    ArgKind = iota // a file the command reads
	OutFileArg                // a file the command writes: not "-"
	DirArg
	OutDirArg // a directory the command writes into: not "-"
	TextArg
)

// BoolValue is a boolean flag.
type BoolValue struct{ P *bool }

func (v *BoolValue) String() string {
	if v == nil || v.P == nil {
		return "false"
	}
	return strconv.FormatBool(*v.P)
}

func (v *BoolValue) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return valueError{fmt.Sprintf("%q is not true or false", s)}
	}
	*v.P = b
	return nil
}

func (v *BoolValue) Type() string     { return "bool" }
func (v *BoolValue) IsBoolFlag() bool { return true }
func (v *BoolValue) Expect() string   { return "true or false (or the flag alone, for true)" }

// An IntRange is the values an integer flag accepts: from min to max; when clampNote is not
// "", larger values than max are accepted and taken as max (they mean the same: clampNote says
// why), otherwise refused.
type IntRange struct {
	Min, Max  int64
	ClampNote string
}

// Ranges of the integer flags.
var (
	// NonNegative is a count, or a limit, that may be 0.
	NonNegative = IntRange{Min: 0, Max: math.MaxInt64}
	// Positive is a count of at least one.
	Positive = IntRange{Min: 1, Max: math.MaxInt64}
	// CapRange is an optional cap: 0 and -1 both mean none.
	CapRange = IntRange{Min: -1, Max: math.MaxInt64}
)

// IntValue is an integer flag with a range. The value is kept in an int: on a machine whose
// int is narrower than 64 bits, a value beyond it is refused, or taken as the largest int when
// the range clamps.
type IntValue struct {
	P *int
	R IntRange
}

func (v *IntValue) String() string {
	if v == nil || v.P == nil {
		return "0"
	}
	return strconv.Itoa(*v.P)
}

func (v *IntValue) Type() string { return "int" }

func (v *IntValue) Expect() string {
	switch {
	case v.R.Max == math.MaxInt64 && v.R.Min == -1:
		return "a whole number, -1 or more"
	case v.R.Max == math.MaxInt64:
		return fmt.Sprintf("a whole number, %d or more", v.R.Min)
	}
	return fmt.Sprintf("a whole number from %d to %d", v.R.Min, v.R.Max)
}

func (v *IntValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	var ne *strconv.NumError
	switch {
	case err == nil:
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange && !strings.HasPrefix(s, "-") && v.R.ClampNote != "":
		n = math.MaxInt64 // beyond int64, and clamped below
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange && strings.HasPrefix(s, "-"):
		return valueError{fmt.Sprintf("%s is too small", s)}
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange:
		return valueError{fmt.Sprintf("%s is too large", s)}
	case s == "":
		return valueError{"the value is empty"}
	default:
		return valueError{fmt.Sprintf("%q is not a whole number", s)}
	}
	if n < v.R.Min {
		return valueError{fmt.Sprintf("%d is too small", n)}
	}
	if n > v.R.Max {
		if v.R.ClampNote == "" {
			return valueError{fmt.Sprintf("%d is too large", n)}
		}
		n = v.R.Max
	}
	if n > math.MaxInt {
		if v.R.ClampNote == "" {
			return valueError{fmt.Sprintf("%d is too large for this machine's integers", n)}
		}
		n = math.MaxInt
	}
	*v.P = int(n)
	return nil
}

// Uint64Value is any unsigned 64-bit integer.
type Uint64Value struct{ P *uint64 }

func (v *Uint64Value) String() string {
	if v == nil || v.P == nil {
		return "0"
	}
	return strconv.FormatUint(*v.P, 10)
}

func (v *Uint64Value) Type() string   { return "uint" }
func (v *Uint64Value) Expect() string { return "a whole number from 0 to 18446744073709551615" }

func (v *Uint64Value) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	var ne *strconv.NumError
	switch {
	case err == nil:
		*v.P = n
		return nil
	case s == "":
		return valueError{"the value is empty"}
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange:
		return valueError{fmt.Sprintf("%s is too large", s)}
	}
	return valueError{fmt.Sprintf("%q is not a whole number from 0 up", s)}
}

// A FloatRange is the numbers a flag accepts: above min (or from min, when minIncluded) and at
// most max. Neither NaN nor an infinity is ever accepted.
type FloatRange struct {
	Min, Max    float64
	MinIncluded bool
}

// FloatValue is a number flag with a range.
type FloatValue struct {
	P *float64
	R FloatRange
}

func (v *FloatValue) String() string {
	if v == nil || v.P == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.P, 'g', -1, 64)
}

func (v *FloatValue) Type() string { return "number" }

func (v *FloatValue) Expect() string {
	if v.R.MinIncluded {
		return fmt.Sprintf("a number from %s to %s", formatNumber(v.R.Min), formatNumber(v.R.Max))
	}
	return fmt.Sprintf("a number above %s and at most %s", formatNumber(v.R.Min), formatNumber(v.R.Max))
}

// formatNumber writes x as one types it: 0.5, 1e100.
func formatNumber(x float64) string {
	return strings.Replace(strconv.FormatFloat(x, 'g', -1, 64), "e+", "e", 1)
}

func (v *FloatValue) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	var ne *strconv.NumError
	switch {
	case s == "":
		return valueError{"the value is empty"}
	case strings.ContainsAny(s, "_xX"):
		// Go's syntax (1_000, 0x1p-1), which Python's float() refuses: the official
		// scorer stops on --beta 1_0, and maxmatch read 10.
		return valueError{fmt.Sprintf("%q is not a decimal number", s)}
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange && math.Abs(x) > 1:
		return valueError{fmt.Sprintf("%s is too large", s)}
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange:
		return valueError{fmt.Sprintf("%s is too close to 0", s)}
	case err != nil:
		return valueError{fmt.Sprintf("%q is not a number", s)}
	case math.IsNaN(x):
		return valueError{"NaN is not a number"}
	case math.IsInf(x, 0):
		return valueError{fmt.Sprintf("%s is infinite", s)}
	case x < v.R.Min || x == v.R.Min && !v.R.MinIncluded:
		return valueError{fmt.Sprintf("%s is too small", s)}
	case x > v.R.Max:
		return valueError{fmt.Sprintf("%s is too large", s)}
	}
	*v.P = x
	return nil
}

// StringValue is a text flag: a path, or any text.
type StringValue struct {
	P    *string
	Kind ArgKind
}

func (v *StringValue) String() string {
	if v == nil || v.P == nil {
		return ""
	}
	return *v.P
}

func (v *StringValue) Type() string {
	switch v.Kind {
	case FileArg, OutFileArg:
		return "file"
	case DirArg, OutDirArg:
		return "dir"
	}
	return "text"
}

func (v *StringValue) Expect() string {
	switch v.Kind {
	case FileArg:
		return "a file name"
	case OutFileArg:
		return "the name of a file to write"
	case DirArg:
		return "a directory name"
	case OutDirArg:
		return "the name of a directory to write into"
	}
	return "some text"
}

func (v *StringValue) Set(s string) error {
	if s == "" {
		return valueError{"the value is empty"}
	}
	if s == "-" && (v.Kind == OutFileArg || v.Kind == OutDirArg) {
		return valueError{"\"-\" is standard output, which carries the command's report"}
	}
	*v.P = s
	return nil
}

// ChoiceValue is one of a few names (choices), or of their other spellings (Synonyms: each
// spelling and the choice it stands for; nil: none). P receives the value as given.
type ChoiceValue struct {
	P        *string
	Choices  []string
	Synonyms map[string]string
}

func (v *ChoiceValue) String() string {
	if v == nil || v.P == nil {
		return ""
	}
	return *v.P
}

func (v *ChoiceValue) Type() string          { return "name" }
func (v *ChoiceValue) completions() []string { return v.Choices }

// Expect lists the choices, each with its other spellings: "one of text, markdown (or md), …".
func (v *ChoiceValue) Expect() string {
	names := make([]string, len(v.Choices))
	for i, c := range v.Choices {
		names[i] = c
		var also []string
		for s, to := range v.Synonyms {
			if to == c {
				also = append(also, s)
			}
		}
		slices.Sort(also)
		if len(also) > 0 {
			names[i] += " (or " + strings.Join(also, ", ") + ")"
		}
	}
	return "one of " + strings.Join(names, ", ")
}

func (v *ChoiceValue) Set(s string) error {
	if _, synonym := v.Synonyms[s]; contains(v.Choices, s) || synonym {
		*v.P = s
		return nil
	}
	if s == "" {
		return valueError{"the value is empty"}
	}
	return valueError{fmt.Sprintf("%q is not known", s)}
}

// ListValue is a comma-separated list of items (white space around them ignored), each one of
// choices when there are choices; the list may not be empty.
type ListValue struct {
	What    string // an item, in messages ("error type")
	N       int    // the number of items expected; 0: any
	Choices []string
	Apply   func([]string) error // receives the items, checked
	given   string
}

func (v *ListValue) String() string        { return v.given }
func (v *ListValue) Type() string          { return "list" }
func (v *ListValue) completions() []string { return v.Choices }

func (v *ListValue) Expect() string {
	if v.N == 2 {
		return "two of " + strings.Join(v.Choices, ", ") + ", separated by a comma"
	}
	if v.Choices == nil {
		return "one or more " + v.What + "s separated by commas"
	}
	return "one or more of " + strings.Join(v.Choices, ", ") + ", separated by commas"
}

func (v *ListValue) Set(s string) error {
	var items []string
	for _, it := range strings.Split(s, ",") {
		if it = strings.TrimSpace(it); it == "" {
			continue
		}
		if v.Choices != nil && !contains(v.Choices, it) {
			return valueError{fmt.Sprintf("%q is an unknown %s", it, v.What)}
		}
		items = append(items, it)
	}
	if items == nil {
		return valueError{fmt.Sprintf("%q holds no %s", s, v.What)}
	}
	if v.N > 0 && len(items) != v.N {
		return valueError{fmt.Sprintf("%q holds %d", s, len(items))}
	}
	if err := v.Apply(items); err != nil {
		return valueError{err.Error()}
	}
	v.given = s
	return nil
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// SizeValue is a memory size: a number of bytes, or a number with a unit; above 0, or also 0
// when Zero says what 0 means. A size is never negative.
type SizeValue struct {
	P    *int64
	Zero string // what 0 means, as a noun phrase ("the default"); "": 0 is refused
}

func (v *SizeValue) String() string {
	if v == nil || v.P == nil || *v.P == 0 {
		return ""
	}
	return membudget.Bytes(*v.P)
}

func (v *SizeValue) Type() string { return "size" }
func (v *SizeValue) Expect() string {
	const size = "a number of bytes, or a number followed by K, M, G or T (500M, 2G)"
	if v.Zero != "" {
		return "a size: " + size + "; 0: " + v.Zero
	}
	return "a size above 0: " + size
}

func (v *SizeValue) Set(s string) error {
	n, err := membudget.ParseBytes(s)
	var re *membudget.SizeRangeError
	switch {
	case s == "":
		return valueError{"the value is empty"}
	case errors.As(err, &re):
		return valueError{re.Error()}
	case err != nil:
		return valueError{fmt.Sprintf("%q is not a size", s)}
	case n < 0 || n == 0 && v.Zero == "":
		return valueError{fmt.Sprintf("%q is not above 0", s)}
	}
	*v.P = n
	return nil
}

// FlagName names a flag in messages: "--beta", or "-j/--jobs" for one with a letter.
func FlagName(fl *pflag.Flag) string {
	if fl.Shorthand != "" {
		return "-" + fl.Shorthand + "/--" + fl.Name
	}
	return "--" + fl.Name
}

// flagMessage is the message of a value a flag refused: the flag, what is wrong with the
// value, and what the flag expects.
func flagMessage(fl *pflag.Flag, problem string) string {
	msg := FlagName(fl) + ": " + problem
	if v, ok := fl.Value.(Value); ok && v.Expect() != "" {
		msg += ", expected " + v.Expect()
	}
	return msg
}

// Lookup returns the flag name (nil: none).
func (f FlagSet) Lookup(name string) *pflag.Flag { return f.fs.Lookup(name) }

// Changed says whether the flag name of cmd was given, under its name or an old one (Alias).
func Changed(cmd *cobra.Command, name string) bool {
	given := false
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		to, ok := fl.Annotations[AliasOf]
		given = given || fl.Name == name || ok && to[0] == name
	})
	return given
}
