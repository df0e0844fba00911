package main

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/membudget"
)

// Every flag of every command is defined once, here or by a command through a flagSet: its
// names, its value's type and range, its meaning. The help (-h), the messages of a value out
// of its range, the shell completion and the command reference (docs/reference) are all made
// from these definitions.

// A flagValue is the value of one of our flags: it parses and checks what is given (Set), and
// says what it accepts (expect), for the help and for the message of a value it refuses.
type flagValue interface {
	pflag.Value
	// expect says which values are accepted, as a noun phrase ("a number above 0 and at most
	// 1e100"); "" when any text is.
	expect() string
}

// valueError is a value a flag refuses: what is wrong with it. The command's message adds the
// flag's name and what it expects (see flagMessage).
type valueError struct{ problem string }

func (e valueError) Error() string { return e.problem }

// A flagSet defines the flags of one command.
type flagSet struct {
	cmd *cobra.Command
	fs  *pflag.FlagSet
}

func flagsOf(cmd *cobra.Command) flagSet { return flagSet{cmd, cmd.Flags()} }

// add defines a flag with value v; short is its one-letter name, or "".
func (f flagSet) add(v flagValue, name, short, usage string) *pflag.Flag {
	fl := f.fs.VarPF(v, name, short, usage)
	if b, ok := v.(*boolValue); ok && b != nil {
		fl.NoOptDefVal = "true"
	}
	if c, ok := v.(interface{ completions() []string }); ok && c.completions() != nil {
		f.cmd.RegisterFlagCompletionFunc(name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return c.completions(), cobra.ShellCompDirectiveNoFileComp
		})
	}
	return fl
}

// boolVar defines a boolean flag: given alone it is true; "--name=false" is accepted too.
func (f flagSet) boolVar(p *bool, name, short, usage string) {
	f.add(&boolValue{p}, name, short, usage)
}

// intVar defines an integer flag with the range r.
func (f flagSet) intVar(p *int, name, short string, def int, r intRange, usage string) {
	*p = def
	f.add(&intValue{p: p, r: r}, name, short, usage)
}

// uint64Var defines a flag of any unsigned 64-bit integer (a seed).
func (f flagSet) uint64Var(p *uint64, name string, def uint64, usage string) {
	*p = def
	f.add(&uint64Value{p}, name, "", usage)
}

// floatVar defines a number flag with the range r.
func (f flagSet) floatVar(p *float64, name string, def float64, r floatRange, usage string) {
	*p = def
	f.add(&floatValue{p: p, r: r}, name, "", usage)
}

// stringVar defines a text flag: a file (kind fileArg) or a directory (dirArg), which the
// shell completes, or any text (textArg).
func (f flagSet) stringVar(p *string, name, short, def string, kind argKind, usage string) {
	*p = def
	f.add(&stringValue{p: p, kind: kind}, name, short, usage)
	switch kind {
	case dirArg, outDirArg:
		f.cmd.MarkFlagDirname(name)
	case fileArg, outFileArg:
		f.cmd.MarkFlagFilename(name)
	case textArg:
		f.cmd.RegisterFlagCompletionFunc(name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		})
	}
}

// choiceVar defines a flag whose value is one of choices.
func (f flagSet) choiceVar(p *string, name, def string, choices []string, usage string) {
	*p = def
	f.add(&choiceValue{p: p, choices: choices}, name, "", usage)
}

// listVar defines a flag of comma-separated items, each one of choices (nil: any text but
// an empty one); set receives the items, in order, once they are checked.
func (f flagSet) listVar(name, what string, choices []string, set func([]string) error, usage string) {
	f.add(&listValue{what: what, choices: choices, set: set}, name, "", usage)
}

// sizeVar defines a memory size flag (a number of bytes, or with a unit), above 0.
func (f flagSet) sizeVar(p *int64, name, def, usage string) {
	v := &sizeValue{p: p}
	fl := f.add(v, name, "", usage)
	fl.DefValue = def
}

// alias defines old, a hidden second name of the flag name (same value), kept for scripts;
// the command warns when it is used (see warnAliases).
func (f flagSet) alias(old, name string) {
	fl := f.fs.Lookup(name)
	a := f.fs.VarPF(fl.Value, old, "", "the old name of --"+name)
	a.NoOptDefVal = fl.NoOptDefVal
	a.Hidden = true
	if a.Annotations == nil {
		a.Annotations = map[string][]string{}
	}
	a.Annotations[aliasOf] = []string{name}
}

// aliasOf marks a hidden flag that is an old name of another (its value).
const aliasOf = "maxmatch_alias_of"

// argKind is what a text flag or argument names, for the shell's completion.
type argKind int

const (
	fileArg    argKind = iota // a file the command reads
	outFileArg                // a file the command writes: not "-"
	dirArg
	outDirArg // a directory the command writes into: not "-"
	textArg
)

// boolValue is a boolean flag.
type boolValue struct{ p *bool }

func (v *boolValue) String() string {
	if v == nil || v.p == nil {
		return "false"
	}
	return strconv.FormatBool(*v.p)
}

func (v *boolValue) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return valueError{fmt.Sprintf("%q is not true or false", s)}
	}
	*v.p = b
	return nil
}

func (v *boolValue) Type() string     { return "bool" }
func (v *boolValue) IsBoolFlag() bool { return true }
func (v *boolValue) expect() string   { return "true or false (or the flag alone, for true)" }

// An intRange is the values an integer flag accepts: from min to max; when clampNote is not
// "", larger values than max are accepted and taken as max (they mean the same: clampNote says
// why), otherwise refused.
type intRange struct {
	min, max  int64
	clampNote string
}

// Ranges of the integer flags.
var (
	// nonNegative is a count, or a limit, that may be 0.
	nonNegative = intRange{min: 0, max: math.MaxInt64}
	// positive is a count of at least one.
	positive = intRange{min: 1, max: math.MaxInt64}
	// capRange is an optional cap: 0 and -1 both mean none.
	capRange = intRange{min: -1, max: math.MaxInt64}
)

// intValue is an integer flag with a range. The value is kept in an int: on a machine whose
// int is narrower than 64 bits, a value beyond it is refused, or taken as the largest int when
// the range clamps.
type intValue struct {
	p *int
	r intRange
}

func (v *intValue) String() string {
	if v == nil || v.p == nil {
		return "0"
	}
	return strconv.Itoa(*v.p)
}

func (v *intValue) Type() string { return "int" }

func (v *intValue) expect() string {
	switch {
	case v.r.max == math.MaxInt64 && v.r.min == -1:
		return "a whole number, -1 or more"
	case v.r.max == math.MaxInt64:
		return fmt.Sprintf("a whole number, %d or more", v.r.min)
	}
	return fmt.Sprintf("a whole number from %d to %d", v.r.min, v.r.max)
}

func (v *intValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	var ne *strconv.NumError
	switch {
	case err == nil:
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange && !strings.HasPrefix(s, "-") && v.r.clampNote != "":
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
	if n < v.r.min {
		return valueError{fmt.Sprintf("%d is too small", n)}
	}
	if n > v.r.max {
		if v.r.clampNote == "" {
			return valueError{fmt.Sprintf("%d is too large", n)}
		}
		n = v.r.max
	}
	if n > math.MaxInt {
		if v.r.clampNote == "" {
			return valueError{fmt.Sprintf("%d is too large for this machine's integers", n)}
		}
		n = math.MaxInt
	}
	*v.p = int(n)
	return nil
}

// uint64Value is any unsigned 64-bit integer.
type uint64Value struct{ p *uint64 }

func (v *uint64Value) String() string {
	if v == nil || v.p == nil {
		return "0"
	}
	return strconv.FormatUint(*v.p, 10)
}

func (v *uint64Value) Type() string   { return "uint" }
func (v *uint64Value) expect() string { return "a whole number from 0 to 18446744073709551615" }

func (v *uint64Value) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	var ne *strconv.NumError
	switch {
	case err == nil:
		*v.p = n
		return nil
	case s == "":
		return valueError{"the value is empty"}
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange:
		return valueError{fmt.Sprintf("%s is too large", s)}
	}
	return valueError{fmt.Sprintf("%q is not a whole number from 0 up", s)}
}

// A floatRange is the numbers a flag accepts: above min (or from min, when minIncluded) and at
// most max. Neither NaN nor an infinity is ever accepted.
type floatRange struct {
	min, max    float64
	minIncluded bool
}

// floatValue is a number flag with a range.
type floatValue struct {
	p *float64
	r floatRange
}

func (v *floatValue) String() string {
	if v == nil || v.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

func (v *floatValue) Type() string { return "number" }

func (v *floatValue) expect() string {
	if v.r.minIncluded {
		return fmt.Sprintf("a number from %s to %s", formatNumber(v.r.min), formatNumber(v.r.max))
	}
	return fmt.Sprintf("a number above %s and at most %s", formatNumber(v.r.min), formatNumber(v.r.max))
}

// formatNumber writes x as one types it: 0.5, 1e100.
func formatNumber(x float64) string {
	return strings.Replace(strconv.FormatFloat(x, 'g', -1, 64), "e+", "e", 1)
}

func (v *floatValue) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	var ne *strconv.NumError
	switch {
	case s == "":
		return valueError{"the value is empty"}
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
	case x < v.r.min || x == v.r.min && !v.r.minIncluded:
		return valueError{fmt.Sprintf("%s is too small", s)}
	case x > v.r.max:
		return valueError{fmt.Sprintf("%s is too large", s)}
	}
	*v.p = x
	return nil
}

// stringValue is a text flag: a path, or any text.
type stringValue struct {
	p    *string
	kind argKind
}

func (v *stringValue) String() string {
	if v == nil || v.p == nil {
		return ""
	}
	return *v.p
}

func (v *stringValue) Type() string {
	switch v.kind {
	case fileArg, outFileArg:
		return "file"
	case dirArg, outDirArg:
		return "dir"
	}
	return "text"
}

func (v *stringValue) expect() string {
	switch v.kind {
	case fileArg:
		return "a file name"
	case outFileArg:
		return "the name of a file to write"
	case dirArg:
		return "a directory name"
	case outDirArg:
		return "the name of a directory to write into"
	}
	return "some text"
}

func (v *stringValue) Set(s string) error {
	if s == "" {
		return valueError{"the value is empty"}
	}
	if s == "-" && (v.kind == outFileArg || v.kind == outDirArg) {
		return valueError{"\"-\" is standard output, which carries the command's report"}
	}
	*v.p = s
	return nil
}

// choiceValue is one of a few names (choices), or of the other spellings accept takes (nil:
// none).
type choiceValue struct {
	p       *string
	choices []string
	accept  func(string) bool
}

func (v *choiceValue) String() string {
	if v == nil || v.p == nil {
		return ""
	}
	return *v.p
}

func (v *choiceValue) Type() string          { return "name" }
func (v *choiceValue) completions() []string { return v.choices }
func (v *choiceValue) expect() string        { return "one of " + strings.Join(v.choices, ", ") }

func (v *choiceValue) Set(s string) error {
	if contains(v.choices, s) || v.accept != nil && v.accept(s) {
		*v.p = s
		return nil
	}
	if s == "" {
		return valueError{"the value is empty"}
	}
	return valueError{fmt.Sprintf("%q is not known", s)}
}

// listValue is a comma-separated list of items (white space around them ignored), each one of
// choices when there are choices; the list may not be empty.
type listValue struct {
	what    string // an item, in messages ("error type")
	n       int    // the number of items expected; 0: any
	choices []string
	set     func([]string) error
	given   string
}

func (v *listValue) String() string        { return v.given }
func (v *listValue) Type() string          { return "list" }
func (v *listValue) completions() []string { return v.choices }

func (v *listValue) expect() string {
	if v.n == 2 {
		return "two of " + strings.Join(v.choices, ", ") + ", separated by a comma"
	}
	if v.choices == nil {
		return "one or more " + v.what + "s separated by commas"
	}
	return "one or more of " + strings.Join(v.choices, ", ") + ", separated by commas"
}

func (v *listValue) Set(s string) error {
	var items []string
	for _, it := range strings.Split(s, ",") {
		if it = strings.TrimSpace(it); it == "" {
			continue
		}
		if v.choices != nil && !contains(v.choices, it) {
			return valueError{fmt.Sprintf("%q is an unknown %s", it, v.what)}
		}
		items = append(items, it)
	}
	if items == nil {
		return valueError{fmt.Sprintf("%q holds no %s", s, v.what)}
	}
	if v.n > 0 && len(items) != v.n {
		return valueError{fmt.Sprintf("%q holds %d", s, len(items))}
	}
	if err := v.set(items); err != nil {
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

// sizeValue is a memory size above 0: a number of bytes, or a number with a unit.
type sizeValue struct{ p *int64 }

func (v *sizeValue) String() string {
	if v == nil || v.p == nil || *v.p == 0 {
		return ""
	}
	return membudget.Bytes(*v.p)
}

func (v *sizeValue) Type() string { return "size" }
func (v *sizeValue) expect() string {
	return "a size above 0: a number of bytes, or a number followed by K, M, G or T (500M, 2G)"
}

func (v *sizeValue) Set(s string) error {
	n, err := membudget.ParseBytes(s)
	switch {
	case s == "":
		return valueError{"the value is empty"}
	case err != nil:
		return valueError{fmt.Sprintf("%q is not a size", s)}
	case n <= 0:
		return valueError{fmt.Sprintf("%q is not above 0", s)}
	}
	*v.p = n
	return nil
}

// workers is the number of workers -j asks for: 0 is one per CPU, and more than the CPUs
// counts as the CPUs (more would only wait for a CPU, each holding its own memory).
func workers(j int) int {
	n := runtime.GOMAXPROCS(0)
	if j <= 0 || j > n {
		return n
	}
	return j
}

// flagName names a flag in messages: "--beta", or "-j/--jobs" for one with a letter.
func flagName(fl *pflag.Flag) string {
	if fl.Shorthand != "" {
		return "-" + fl.Shorthand + "/--" + fl.Name
	}
	return "--" + fl.Name
}

// flagMessage is the message of a value a flag refused: the flag, what is wrong with the
// value, and what the flag expects.
func flagMessage(fl *pflag.Flag, problem string) string {
	msg := flagName(fl) + ": " + problem
	if v, ok := fl.Value.(flagValue); ok && v.expect() != "" {
		msg += ", expected " + v.expect()
	}
	return msg
}
