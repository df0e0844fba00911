// Package cli builds commands on cobra and pflag whose every flag is defined once, with a
// typed value that checks its range (values.go): the help (HelpText), the message of a value
// refused, the shell's completion of the flag's values and the command reference are made from
// that definition. Mistakes in a command line are a UsageError, one line in the command's
// voice; a long flag written with one dash ("-beta") is refused naming its "--" form
// (CheckDashes).
package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/internal/wording"
)

// UsageError is a mistake in how a command was called (a flag, an argument), said in one line
// before any work.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError.
func Usagef(format string, a ...any) error { return UsageError{fmt.Sprintf(format, a...)} }

// A Usage is one form of a command: its name and arguments ("score [flags] SYSTEM GOLD"), and
// what that form does.
type Usage struct{ Args, What string }

// A Spec is what a command is made of.
type Spec struct {
	// Usage are its forms; the first names it (cobra's Use) and says what it does (Short).
	Usage []Usage
	// Long says what it does in full, in the help and the reference.
	Long string
	// Run runs it with the arguments left once the flags are read.
	Run func(cmd *cobra.Command, args []string) error
	// Help prints its help (HelpText), for -h and "help COMMAND".
	Help func(cmd *cobra.Command)
	// Normalize makes several spellings of a flag one (nil: none).
	Normalize func(*pflag.FlagSet, string) pflag.NormalizedName
}

const usageAnnotation = "cli_usage"

// New returns the command of spec, with its -h/--help flag and flag errors turned into
// UsageErrors (FlagError); cobra's own messages and usage are silenced.
func New(spec Spec) *cobra.Command {
	var usage strings.Builder
	for _, u := range spec.Usage {
		usage.WriteString(u.Args + "\t" + u.What + "\n")
	}
	cmd := &cobra.Command{
		Use:               spec.Usage[0].Args,
		Short:             spec.Usage[0].What,
		Long:              spec.Long,
		Args:              cobra.ArbitraryArgs,
		RunE:              spec.Run,
		SilenceErrors:     true,
		SilenceUsage:      true,
		Annotations:       map[string]string{usageAnnotation: usage.String()},
		ValidArgsFunction: cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault),
	}
	if spec.Normalize != nil {
		cmd.Flags().SetNormalizeFunc(spec.Normalize)
	}
	cmd.SetFlagErrorFunc(FlagError)
	var help bool
	Flags(cmd).Bool(&help, "help", "h", "print this help: the usage and the flags, on standard output")
	cmd.SetHelpFunc(func(c *cobra.Command, _ []string) { spec.Help(c) })
	return cmd
}

// UsageOf returns the forms of cmd.
func UsageOf(cmd *cobra.Command) []Usage {
	var u []Usage
	for _, line := range strings.Split(strings.TrimSuffix(cmd.Annotations[usageAnnotation], "\n"), "\n") {
		if args, what, ok := strings.Cut(line, "\t"); ok {
			u = append(u, Usage{args, what})
		}
	}
	return u
}

// FlagError turns the flag package's errors into UsageErrors: the flag named with "--", what
// was given, what is expected.
func FlagError(cmd *cobra.Command, err error) error {
	var (
		notExist *pflag.NotExistError
		required *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &invalid):
		var ve valueError
		problem := fmt.Sprintf("%q is not accepted", invalid.GetValue())
		if errors.As(err, &ve) {
			problem = ve.problem
		}
		return UsageError{flagMessage(invalid.GetFlag(), problem)}
	case errors.As(err, &required):
		return UsageError{flagMessage(required.GetFlag(), "no value given")}
	case errors.As(err, &notExist):
		if cmd.Parent() == nil {
			return UsageError{fmt.Sprintf("expected a command first, got the flag %q", notExistArg(notExist))}
		}
		return UsageError{fmt.Sprintf("unknown flag %s", notExistArg(notExist))}
	case errors.As(err, &syntax):
		return UsageError{fmt.Sprintf("%q is not a flag: a flag is -LETTER or --NAME", syntax.GetSpecifiedFlag())}
	}
	return UsageError{err.Error()}
}

// notExistArg is the unknown flag as it was given: "--bogus", "-x", "-x in -vx".
func notExistArg(e *pflag.NotExistError) string {
	if s := e.GetSpecifiedShortnames(); s != "" {
		if len(s) == 1 {
			return "-" + s
		}
		return fmt.Sprintf("-%s in -%s", e.GetSpecifiedName(), s)
	}
	return "--" + e.GetSpecifiedName()
}

// CheckDashes refuses a long flag written with one dash ("-beta 1"), which Go's flag package
// took, naming its "--" form; letters after one dash are the one-letter flags ("-v", "-j 4",
// "-j4"). args are the command's, after its name.
func CheckDashes(cmd *cobra.Command, args []string) error {
	fs := cmd.Flags()
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return nil
		case len(a) < 2 || a[0] != '-':
			continue
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			if fl := fs.Lookup(name); fl != nil && fl.NoOptDefVal == "" && !hasValue {
				i++ // its value, whatever it looks like
			}
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if len(name) > 1 {
			if fl := fs.Lookup(name); fl != nil {
				return UsageError{fmt.Sprintf("%s: a long flag takes two dashes: --%s", a, fl.Name)}
			}
			if fs.ShorthandLookup(a[1:2]) == nil {
				return UsageError{fmt.Sprintf("unknown flag %s", a)}
			}
		}
		if fl := fs.ShorthandLookup(a[1:2]); fl != nil && fl.NoOptDefVal == "" && len(a) == 2 {
			i++ // "-j 4"
		}
	}
	return nil
}

// ExactArgs returns a UsageError unless args has one file for each of names (their roles, in
// order: "SYSTEM", "GOLD"); names empty: no argument.
func ExactArgs(args []string, names ...string) error {
	if len(args) == len(names) {
		return nil
	}
	if len(names) == 0 {
		return Usagef("takes no arguments (got %q)", args)
	}
	count := [...]string{"no", "one", "two", "three", "four"}[min(len(names), 4)]
	return Usagef("expected %s files, %s, besides the flags; got %s", count, wording.JoinAnd(names), wording.Plural(len(args), "argument"))
}
