package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

const rootLong = `Scores grammatical error correction with the MaxMatch (M²) method: the numbers of the official
NUS M² scorer (release 3.2), sentence for sentence, much faster, with bounded cost; n-best lists,
an oracle and a scoring service for tuning; M2 files from corrected references; the HOO shared
tasks' tools.`

// newRoot returns the command tree.
func (a *app) newRoot() *cobra.Command {
	var version bool
	root := a.newCommand([]usageLine{{"maxmatch COMMAND [flags] [ARGUMENTS]", ""}}, rootLong, func(cmd *cobra.Command, args []string) error {
		switch {
		case version:
			if len(args) > 0 {
				return usagef("--version takes no arguments (got %q)", args)
			}
			return a.runVersion(cmd, nil)
		case len(args) == 0:
			fmt.Fprint(a.stderr, helpText(cmd))
			a.code = exitError
			return nil
		case len(args) == 2:
			return usagef("expected a command before %q (did you mean \"maxmatch score %s\"?)", args[0], strings.Join(args, " "))
		}
		return usagef("unknown command %q", args[0])
	})
	flagsOf(root).boolVar(&version, "version", "", "print the version and the commit it was built from (as maxmatch version)")
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetHelpCommand(a.newHelp())
	root.AddCommand(a.newScore(), a.newCompare(), a.newNbest(), a.newOracle(), a.newServe(), a.newDemo(), a.newM2(),
		a.newHoo(), a.newVersion(), a.newCompletion())
	return root
}

// newHelp returns "help [COMMAND...]": the help of the command it is under, or of the command
// named below it ("maxmatch help hoo eval", "maxmatch hoo help eval").
func (a *app) newHelp() *cobra.Command {
	cmd := a.newCommand([]usageLine{{"help [COMMAND]", "print this help, or a command's (also COMMAND -h)"}},
		"Prints the help of a command: its usage, what it does and its flags. Commands under another\n"+
			"are named in order (\"maxmatch help hoo eval\").",
		func(cmd *cobra.Command, args []string) error {
			parent := cmd.Parent()
			target, rest, err := parent.Find(args)
			if err != nil || len(rest) > 0 {
				return usagef("no command %q under %q", strings.Join(args, " "), parent.CommandPath())
			}
			a.code = a.output(cmd.CommandPath(), []byte(helpText(target)))
			return nil
		})
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

// newCompletion returns "completion SHELL": the script that makes a shell complete maxmatch's
// commands, flags and their values.
func (a *app) newCompletion() *cobra.Command {
	shells := []string{"bash", "zsh", "fish", "powershell"}
	cmd := a.newCommand([]usageLine{{"completion SHELL", "print the shell completion script for bash, zsh, fish or powershell"}},
		`Prints a script that makes SHELL (bash, zsh, fish or powershell) complete maxmatch's commands,
flags, flag values and file names. For bash (with the bash-completion package):

    source <(maxmatch completion bash)

or, for every session, "maxmatch completion bash > /etc/bash_completion.d/maxmatch"; for zsh,
"maxmatch completion zsh > "${fpath[1]}/_maxmatch"" (compinit enabled); for fish,
"maxmatch completion fish > ~/.config/fish/completions/maxmatch.fish".`,
		func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || !contains(shells, args[0]) {
				return usagef("expected one shell, %s; got %q", joinOr(shells), args)
			}
			var b bytes.Buffer
			var err error
			root := cmd.Root()
			switch args[0] {
			case "bash":
				err = root.GenBashCompletionV2(&b, true)
			case "zsh":
				err = root.GenZshCompletion(&b)
			case "fish":
				err = root.GenFishCompletion(&b, true)
			case "powershell":
				err = root.GenPowerShellCompletionWithDesc(&b)
			}
			if err != nil { // a buffer: never
				return err
			}
			a.code = a.output(cmd.CommandPath(), b.Bytes())
			return nil
		})
	cmd.ValidArgs = shells
	cmd.ValidArgsFunction = cobra.FixedCompletions(shells, cobra.ShellCompDirectiveNoFileComp)
	return cmd
}

// joinOr joins names as a list in prose: "A", "A or B", "A, B or C".
func joinOr(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
