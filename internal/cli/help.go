package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpWidth is the width the help's flag descriptions are wrapped to.
const helpWidth = 100

// HelpText is what -h, "help" and "maxmatch help COMMAND" print for cmd: its usage, what it
// does, the commands under it, and its flags.
func HelpText(cmd *cobra.Command) string {
	var b strings.Builder
	for i, u := range UsageOf(cmd) {
		if i == 0 {
			b.WriteString("usage: ")
		} else {
			b.WriteString("       ")
		}
		b.WriteString(UsageLine(cmd, u) + "\n")
	}
	if cmd.Long != "" {
		b.WriteString("\n" + strings.TrimSuffix(cmd.Long, "\n") + "\n")
	}
	if cmd.HasAvailableSubCommands() {
		b.WriteString("\nCommands:\n")
		b.WriteString(commandList(cmd))
	}
	b.WriteString("\nFlags:\n")
	for _, fl := range VisibleFlags(cmd) {
		b.WriteString(flagHelp(cmd.Flags(), fl))
	}
	if cmd.HasAvailableSubCommands() {
		fmt.Fprintf(&b, "\nRun \"%s help COMMAND\" or \"%s COMMAND -h\" for a command's usage and flags.\n", cmd.CommandPath(), cmd.CommandPath())
	}
	return b.String()
}

// UsageLine is a form of cmd as one types it: "maxmatch hoo eval [flags] GOLD_DIR …".
func UsageLine(cmd *cobra.Command, u Usage) string {
	if cmd.HasParent() {
		return cmd.Parent().CommandPath() + " " + u.Args
	}
	return u.Args
}

// commandList lists the forms of every command under cmd, each with what it does, aligned
// where the form is short enough.
func commandList(cmd *cobra.Command) string {
	const column = 39
	var b strings.Builder
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Name() == "help" && c != cmd || sub.Name() != "help" && !sub.IsAvailableCommand() {
				continue // the help of a group is listed in the group's help
			}
			if sub.HasAvailableSubCommands() {
				walk(sub)
				continue
			}
			for _, u := range UsageOf(sub) {
				line := "  " + UsageLine(sub, u)
				if len([]rune(line)) < column-1 {
					fmt.Fprintf(&b, "%-*s%s\n", column+len(line)-len([]rune(line)), line, u.What)
				} else {
					fmt.Fprintf(&b, "%s\n%s%s\n", line, strings.Repeat(" ", column), u.What)
				}
			}
		}
	}
	walk(cmd)
	return b.String()
}

// VisibleFlags are cmd's flags that its help lists, in order of their names.
func VisibleFlags(cmd *cobra.Command) []*pflag.Flag {
	var fls []*pflag.Flag
	cmd.Flags().VisitAll(func(fl *pflag.Flag) {
		if !fl.Hidden {
			fls = append(fls, fl)
		}
	})
	return fls
}

// FlagNames is how a flag of fs is written in the help, every spelling it is listed under:
// "-v, --verbose", "--beta NUMBER", "-u, --max_unchanged_words, --max-unchanged-words INT".
// Its old names (Alias) are left to the reference.
func FlagNames(fs *pflag.FlagSet, fl *pflag.Flag) string {
	s := strings.Join(listedNames(fs, fl), ", ")
	if fl.NoOptDefVal == "" {
		s += " " + strings.ToUpper(fl.Value.Type())
	}
	return s
}

// listedNames are the names the help lists for fl: its letter, its name, and the dashed
// spelling of an underscored name (--max-unchanged-words for the official scorer's
// --max_unchanged_words) when fs's normalization takes it.
func listedNames(fs *pflag.FlagSet, fl *pflag.Flag) []string {
	var names []string
	if fl.Shorthand != "" {
		names = append(names, "-"+fl.Shorthand)
	}
	names = append(names, "--"+fl.Name)
	return append(names, otherSpellings(fs, fl)...)
}

// otherSpellings are the long names, with their dashes, besides fl.Name under which fs takes fl
// and the help lists it (see listedNames).
func otherSpellings(fs *pflag.FlagSet, fl *pflag.Flag) []string {
	dashed := strings.ReplaceAll(fl.Name, "_", "-")
	if dashed == fl.Name || fs.GetNormalizeFunc()(fs, dashed) != pflag.NormalizedName(fl.Name) {
		return nil
	}
	return []string{"--" + dashed}
}

// OldNames are the hidden old names of fl in fs (Alias, Replaced), kept for scripts, each as
// it is written and with what it stands for when that is more than the flag: "--resamples",
// "--jsonl (--format json)"; and the flags that take its old values (OldValues), with each:
// "--format moses".
func OldNames(fs *pflag.FlagSet, fl *pflag.Flag) []string {
	var names []string
	fs.VisitAll(func(a *pflag.Flag) {
		if v, ok := a.Value.(*WithOldValues); ok && v.target == fl {
			for _, value := range v.Old {
				names = append(names, "--"+a.Name+" "+value)
			}
		}
		to, ok := a.Annotations[AliasOf]
		switch {
		case !ok || strings.Fields(to[0])[0] != fl.Name:
		case to[0] == fl.Name:
			names = append(names, "--"+a.Name)
		default:
			names = append(names, "--"+a.Name+" (--"+to[0]+")")
		}
	})
	return names
}

// Spellings is every name fl of fs is taken under, for the reference: the names the help
// lists, then its old names (OldNames).
func Spellings(fs *pflag.FlagSet, fl *pflag.Flag) (listed, old []string) {
	return listedNames(fs, fl), OldNames(fs, fl)
}

// FlagDescription is what a flag means, the values it accepts and its default. For the
// reference, forReference describes a default that depends on the machine instead of giving
// this machine's.
func FlagDescription(fl *pflag.Flag, forReference bool) string {
	text := fl.Usage
	if fl.NoOptDefVal != "" { // a boolean
		return text
	}
	var notes []string
	if _, text := fl.Value.(*StringValue); !text {
		if v, ok := fl.Value.(Value); ok && v.Expect() != "" {
			notes = append(notes, v.Expect())
		}
	}
	if iv, ok := fl.Value.(*IntValue); ok && iv.R.ClampNote != "" {
		notes = append(notes, iv.R.ClampNote)
	}
	def := fl.DefValue
	if d, ok := fl.Annotations[ReferenceDefault]; ok {
		def = "" // this machine's: on a line of its own in the help (see flagHelp)
		if forReference {
			def = d[0]
		}
	}
	if def != "" {
		notes = append(notes, "default "+def)
	}
	if len(notes) > 0 {
		text += " (" + strings.Join(notes, "; ") + ")"
	}
	return text
}

// ReferenceDefault annotates a flag whose default depends on the machine with a description
// of it, which the reference gives instead of a figure.
const ReferenceDefault = "cli_reference_default"

// flagHelp is a flag's entry in the help: its names on a line, its description below, wrapped.
// A default that depends on the machine has a line of its own, unwrapped.
func flagHelp(fs *pflag.FlagSet, fl *pflag.Flag) string {
	text := "  " + FlagNames(fs, fl) + "\n" + wrap(FlagDescription(fl, false), "        ", helpWidth)
	if _, ok := fl.Annotations[ReferenceDefault]; ok {
		text += "        (default " + fl.DefValue + ")\n"
	}
	return text
}

// wrap breaks text into lines of at most width columns (a word longer stands alone), each
// starting with indent.
func wrap(text, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, w := range strings.Fields(text) {
		if line != indent && len([]rune(line))+1+len([]rune(w)) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	if line != indent {
		b.WriteString(line + "\n")
	}
	return b.String()
}
