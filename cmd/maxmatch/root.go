package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"maxmatch/internal/cli"
)

const rootLong = `Scores grammatical error correction with the MaxMatch (M²) method: the numbers of the official
NUS M² scorer (release 3.2), sentence for sentence, much faster, with bounded cost; n-best lists,
an oracle and a scoring service for tuning; M2 files from corrected references; the HOO shared
tasks' tools.`

// newRoot returns the command tree.
func (a *app) newRoot() *cobra.Command { return a.newTree("") }

// newTree returns the command tree with every command, or with only the one named (see
// commandNamed): building every command's flags and help was a quarter of the start-up of
// "maxmatch score".
func (a *app) newTree(only string) *cobra.Command {
	var version bool
	root := a.newCommand([]cli.Usage{{Args: "maxmatch COMMAND [flags] [ARGUMENTS]", What: ""}}, rootLong, func(cmd *cobra.Command, args []string) error {
		switch {
		case version:
			if len(args) > 0 {
				return cli.Usagef("--version takes no arguments (got %q)", args)
			}
			return a.runVersion(cmd, nil)
		case len(args) == 0:
			fmt.Fprint(a.stderr, cli.HelpText(cmd))
			a.code = exitError
			return nil
		case len(args) == 2 && !mistypedCommand(cmd, args[0]):
			return cli.Usagef("expected a command before %q (did you mean \"maxmatch score %s\"?)", args[0], strings.Join(args, " "))
		}
		return cli.UnknownCommand(cmd, args[0])
	})
	cli.Flags(root).Bool(&version, "version", "", "print the version and the commit it was built from (as maxmatch version)")
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetHelpCommand(cli.NewHelp(a.spec()))
	for _, c := range a.commands() {
		if only == "" || c.name == only {
			root.AddCommand(c.build())
		}
	}
	return root
}

// namedCommand is one of maxmatch's commands: its name and how to build it.
type namedCommand struct {
	name  string
	build func() *cobra.Command
}

// commands returns maxmatch's commands, in the order of the help.
func (a *app) commands() []namedCommand {
	return []namedCommand{{"score", a.newScore}, {"compare", a.newCompare}, {"nbest", a.newNbest}, {"oracle", a.newOracle},
		{"serve", a.newServe}, {"merge", a.newMerge}, {"demo", a.newDemo}, {"m2", a.newM2}, {"hoo", a.newHoo},
		{"version", a.newVersion}, {"completion", a.completion}}
}

// commandNamed returns the command that args run when it is given by its name, as in nearly
// every run ("maxmatch score SYSTEM GOLD"), or "" when args need the whole tree: the root's own
// run, help, completion, or a name that is not a command's.
func (a *app) commandNamed(args []string) string {
	if len(args) == 0 {
		return ""
	}
	for _, c := range a.commands() {
		if c.name == args[0] && c.name != "completion" {
			return c.name
		}
	}
	return ""
}

// mistypedCommand says whether arg, where a command was expected, is a command mistyped
// rather than the first file of the official scorer's command line ("maxmatch SYSTEM GOLD"):
// close to a command's name and not a file.
func mistypedCommand(root *cobra.Command, arg string) bool {
	if len(cli.SuggestCommands(root, arg)) == 0 {
		return false
	}
	_, err := os.Stat(arg)
	return err != nil
}

// completion returns "completion SHELL", its help naming maxmatch.
func (a *app) completion() *cobra.Command {
	cmd := cli.NewCompletion(a.spec())
	cmd.Long = strings.ReplaceAll(cmd.Long, "PROGRAM", "maxmatch")
	return cmd
}
