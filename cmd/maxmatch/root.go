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
func (a *app) newRoot() *cobra.Command {
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
	root.AddCommand(a.newScore(), a.newCompare(), a.newNbest(), a.newOracle(), a.newServe(), a.newMerge(), a.newDemo(), a.newM2(),
		a.newHoo(), a.newVersion(), a.completion())
	return root
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
