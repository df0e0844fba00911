package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 2 // bad usage or bad input
)

// app is one run of the command: its streams and the exit status its command set.
type app struct {
	stdout, stderr io.Writer
	code           int
}

// usageError is a mistake in how a command was called (a flag, an argument): one line on
// stderr, "maxmatch COMMAND: MESSAGE", with a pointer to the command's help, exit status 2,
// before any work.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// usagef returns a usageError.
func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

func init() {
	// The commands are listed in the order they are added: the order of the help.
	cobra.EnableCommandSorting = false
}

// run is the whole command; main only passes the process's arguments and streams.
func run(args []string, stdout, stderr io.Writer) int {
	a := &app{stdout: stdout, stderr: stderr}
	root := a.newRoot()
	if args == nil {
		args = []string{} // not the process's: cobra reads os.Args for nil
	}
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// A long flag written with one dash is refused before cobra reads it as letters.
	cmd, rest, err := root.Find(args)
	if err == nil {
		err = checkDashes(cmd, rest)
	}
	if err == nil {
		cmd, err = root.ExecuteC()
	}
	if err == nil {
		return a.code
	}
	var ue usageError
	if !errors.As(err, &ue) {
		ue = usageError{err.Error()}
	}
	path := cmd.CommandPath()
	hint := path + " -h"
	if cmd == root {
		hint = "maxmatch help"
	}
	fmt.Fprintf(stderr, "%s: %s (see %q)\n", path, ue.msg, hint)
	return exitError
}

// newCommand returns a command; usage gives its forms, the first with its name as cobra's Use,
// each with what it does, as the help and the reference show them.
func (a *app) newCommand(usage []usageLine, long string, run func(cmd *cobra.Command, args []string) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:               usage[0].args,
		Short:             usage[0].what,
		Long:              long,
		Args:              cobra.ArbitraryArgs,
		RunE:              run,
		SilenceErrors:     true,
		SilenceUsage:      true,
		Annotations:       map[string]string{usageAnnotation: encodeUsage(usage)},
		ValidArgsFunction: cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault),
	}
	cmd.Flags().SetNormalizeFunc(normalizeFlag)
	cmd.Flags().SortFlags = true
	cmd.SetFlagErrorFunc(flagError)
	var help bool
	flagsOf(cmd).boolVar(&help, "help", "h", "print this help: the usage and the flags, on standard output")
	cmd.SetHelpFunc(func(c *cobra.Command, _ []string) { a.code = a.output(c.CommandPath(), []byte(helpText(c))) })
	return cmd
}

// A usageLine is one form of a command: its arguments after "maxmatch" (the command's name
// first), and what that form does.
type usageLine struct{ args, what string }

const usageAnnotation = "maxmatch_usage"

func encodeUsage(u []usageLine) string {
	var b strings.Builder
	for _, l := range u {
		b.WriteString(l.args + "\t" + l.what + "\n")
	}
	return b.String()
}

// usageOf returns the forms of cmd.
func usageOf(cmd *cobra.Command) []usageLine {
	var u []usageLine
	for _, line := range strings.Split(strings.TrimSuffix(cmd.Annotations[usageAnnotation], "\n"), "\n") {
		if args, what, ok := strings.Cut(line, "\t"); ok {
			u = append(u, usageLine{args, what})
		}
	}
	return u
}

// underscored are the flags the official scorer spells with underscores: they keep its
// spelling; every other flag is spelled with dashes. Either spelling is accepted for any flag.
var underscored = map[string]string{
	"max-unchanged-words":      "max_unchanged_words",
	"ignore-whitespace-casing": "ignore_whitespace_casing",
	"very-verbose":             "very_verbose",
}

// normalizeFlag makes "max-unchanged-words" and "max_unchanged_words" one flag.
func normalizeFlag(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	key := strings.ReplaceAll(name, "_", "-")
	if canonical, ok := underscored[key]; ok {
		return pflag.NormalizedName(canonical)
	}
	return pflag.NormalizedName(key)
}

// flagError turns the flag package's errors into ours: the flag named with "--", what was
// given, what is expected.
func flagError(cmd *cobra.Command, err error) error {
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
		return usageError{flagMessage(invalid.GetFlag(), problem)}
	case errors.As(err, &required):
		return usageError{flagMessage(required.GetFlag(), "no value given")}
	case errors.As(err, &notExist):
		if cmd.Parent() == nil {
			return usageError{fmt.Sprintf("expected a command first, got the flag %q", notExistArg(notExist))}
		}
		return usageError{fmt.Sprintf("unknown flag %s", notExistArg(notExist))}
	case errors.As(err, &syntax):
		return usageError{fmt.Sprintf("%q is not a flag: a flag is -LETTER or --NAME", syntax.GetSpecifiedFlag())}
	}
	return usageError{err.Error()}
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

// checkDashes refuses a long flag written with one dash ("-beta 1"), which Go's flag package
// took and the official scorer never did, naming its "--" form; letters after one dash are
// the one-letter flags ("-v", "-j 4", "-j4"). args are the command's, after its name.
func checkDashes(cmd *cobra.Command, args []string) error {
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
				return usageError{fmt.Sprintf("%s: a long flag takes two dashes: --%s", a, fl.Name)}
			}
			if fs.ShorthandLookup(a[1:2]) == nil {
				return usageError{fmt.Sprintf("unknown flag %s", a)}
			}
		}
		if fl := fs.ShorthandLookup(a[1:2]); fl != nil && fl.NoOptDefVal == "" && len(a) == 2 {
			i++ // "-j 4"
		}
	}
	return nil
}

// output writes a command's whole output to stdout and returns the exit status: 2 with one
// message when it cannot be written, 2 and nothing said for a closed pipe.
func (a *app) output(cmd string, data []byte) int {
	return output(a.stdout, a.stderr, cmd, data)
}

// output writes data to stdout and returns the exit status (see app.output).
func output(stdout, stderr io.Writer, cmd string, data []byte) int {
	if _, err := stdout.Write(data); err != nil {
		return writeFailure(cmd, err, stderr)
	}
	return exitOK
}

// exactArgs returns an error unless args has one file for each of names (their roles, in
// order: "SYSTEM", "GOLD").
func exactArgs(args []string, names ...string) error {
	if len(args) == len(names) {
		return nil
	}
	if len(names) == 0 {
		return usagef("takes no arguments (got %q)", args)
	}
	count := [...]string{"no", "one", "two", "three", "four"}[min(len(names), 4)]
	return usagef("expected %s files, %s, besides the flags; got %s", count, joinAnd(names), plural(len(args), "argument"))
}
