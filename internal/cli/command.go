// Package cli builds commands on cobra and pflag whose every flag is defined once, with a
// typed value that checks its range (values.go): the help (HelpText), the message of a value
// refused, the shell's completion of the flag's values and the command reference are made from
// that definition. Mistakes in a command line are a UsageError, one line in the command's
// voice; a long flag written with one dash ("-beta") is refused naming its "--" form
// (CheckDashes); an unknown command or flag gets the known ones close to it ("did you mean",
// suggest.go). An old name of a flag, kept for scripts (Alias, Replaced), is hidden from the
// help, listed by the reference, and warned about when given; so are the old values a flag
// takes for another (OldValues).
package cli

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
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
	// Output writes what a command prints on standard output (its help, for -h).
	Output func(cmd *cobra.Command, data []byte)
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
		Use:   spec.Usage[0].Args,
		Short: spec.Usage[0].What,
		Long:  spec.Long,
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			old, err := applyOldValues(cmd)
			if err != nil {
				return err
			}
			for _, w := range append(oldNamesGiven(cmd), old...) {
				fmt.Fprintf(cmd.ErrOrStderr(), "%s: warning: %s\n", cmd.CommandPath(), w)
			}
			return spec.Run(cmd, args)
		},
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
	cmd.SetHelpFunc(func(c *cobra.Command, _ []string) { spec.Output(c, []byte(HelpText(c))) })
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
		if cmd.Parent() == nil && cmd.HasSubCommands() {
			return UsageError{fmt.Sprintf("expected a command first, got the flag %q", notExistArg(notExist))}
		}
		name := notExist.GetSpecifiedName()
		if notExist.GetSpecifiedShortnames() != "" {
			name = "" // one letter: nothing is close enough to suggest
		}
		return UsageError{unknownFlag(cmd.Flags(), notExistArg(notExist), name)}
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
				return UsageError{unknownFlag(fs, a, name)}
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

// NewHelp returns "help [COMMAND]", with the Normalize and Output of base: the help of the
// command it is under, or of the command named after it, at any depth ("maxmatch help hoo
// eval", "maxmatch hoo help eval").
func NewHelp(base Spec) *cobra.Command {
	base.Usage = []Usage{{Args: "help [COMMAND]", What: "print this help, or a command's (also COMMAND -h)"}}
	base.Long = "Prints the help of a command: its usage, what it does and its flags. Commands under another\n" +
		"are named in order (\"help hoo eval\")."
	base.Run = func(cmd *cobra.Command, args []string) error {
		parent := cmd.Parent()
		target, rest, err := parent.Find(args)
		if err != nil || len(rest) > 0 {
			var quoted []string
			if len(rest) > 0 {
				found := slices.Clip(args[:len(args)-len(rest)]) // the commands found, before the unknown one
				for _, s := range SuggestCommands(target, rest[0]) {
					quoted = append(quoted, fmt.Sprintf("%q", strings.Join(append(found, s), " ")))
				}
			}
			return UsageError{fmt.Sprintf("no command %q under %q", strings.Join(args, " "), parent.CommandPath()) + didYouMean(quoted)}
		}
		base.Output(cmd, []byte(HelpText(target)))
		return nil
	}
	cmd := New(base)
	cmd.ValidArgsFunction = func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		target, _, err := cmd.Parent().Find(args)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var names []string
		for _, c := range target.Commands() {
			if c.IsAvailableCommand() {
				names = append(names, c.Name()+"\t"+c.Short)
			}
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
	return cmd
}

// NewCompletion returns "completion SHELL", with the Normalize and Output of base: the script
// that makes bash, zsh, fish or powershell complete the program's commands, flags, flag values
// and file names (through cobra's hidden __complete command).
func NewCompletion(base Spec) *cobra.Command {
	shells := []string{"bash", "zsh", "fish", "powershell"}
	base.Usage = []Usage{{Args: "completion SHELL", What: "print the shell completion script for bash, zsh, fish or powershell"}}
	base.Long = `Prints a script that makes SHELL (bash, zsh, fish or powershell) complete the commands,
flags, flag values and file names. For bash (with the bash-completion package):

    source <(PROGRAM completion bash)

or, for every session, "PROGRAM completion bash > /etc/bash_completion.d/PROGRAM"; for zsh,
"PROGRAM completion zsh > "${fpath[1]}/_PROGRAM"" (compinit enabled); for fish,
"PROGRAM completion fish > ~/.config/fish/completions/PROGRAM.fish".`
	base.Run = func(cmd *cobra.Command, args []string) error {
		if len(args) != 1 || !slices.Contains(shells, args[0]) {
			return Usagef("expected one shell, %s; got %q", wording.JoinOr(shells), args)
		}
		var b bytes.Buffer
		root := cmd.Root()
		switch args[0] {
		case "bash":
			root.GenBashCompletionV2(&b, true)
		case "zsh":
			root.GenZshCompletion(&b)
		case "fish":
			root.GenFishCompletion(&b, true)
		case "powershell":
			root.GenPowerShellCompletionWithDesc(&b)
		}
		base.Output(cmd, b.Bytes()) // written to a buffer, the scripts cannot fail
		return nil
	}
	cmd := New(base)
	cmd.ValidArgs = shells
	cmd.ValidArgsFunction = cobra.FixedCompletions(shells, cobra.ShellCompDirectiveNoFileComp)
	return cmd
}

// OneStdin returns a UsageError when standard input ("-") is given for more than one of the
// files args (roles names them, in order).
func OneStdin(roles, args []string) error {
	var which []string
	for i, a := range args {
		if a == "-" {
			which = append(which, roles[i])
		}
	}
	if len(which) > 1 {
		return Usagef("\"-\" (standard input) given for %s: only one file can be read from standard input", wording.JoinAnd(which))
	}
	return nil
}
