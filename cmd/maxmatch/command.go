package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/internal/cli"
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

func init() {
	// The commands are listed in the order they are added: the order of the help.
	cobra.EnableCommandSorting = false
}

// run is the whole command; main only passes the process's arguments and streams. A mistake
// in the command line is one line on stderr, "maxmatch COMMAND: MESSAGE (see …)", exit status
// 2, before any work.
func run(args []string, stdout, stderr io.Writer) int {
	a := &app{stdout: stdout, stderr: stderr}
	root := a.newTree(a.commandNamed(args))
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		cli.RegisterCompletions(root)
	}
	if args == nil {
		args = []string{} // not the process's: cobra reads os.Args for nil
	}
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// A long flag written with one dash is refused before cobra reads it as letters.
	cmd, rest, err := root.Find(args)
	if err == nil {
		err = cli.CheckDashes(cmd, rest)
	}
	if err == nil {
		cmd, err = root.ExecuteC()
	}
	if err == nil {
		return a.code
	}
	var ue cli.UsageError
	if !errors.As(err, &ue) {
		ue = cli.UsageError{Msg: err.Error()}
	}
	path := cmd.CommandPath()
	hint := path + " -h"
	if cmd == root {
		hint = "maxmatch help"
	}
	fmt.Fprintf(stderr, "%s: %s (see %q)\n", path, ue.Msg, hint)
	return exitError
}

// newCommand returns a command of maxmatch (see cli.Spec).
func (a *app) newCommand(usage []cli.Usage, long string, run func(cmd *cobra.Command, args []string) error) *cobra.Command {
	spec := a.spec()
	spec.Usage, spec.Long, spec.Run = usage, long, run
	return cli.New(spec)
}

// spec is what every command of maxmatch shares: its flags' spellings, and its output checked.
func (a *app) spec() cli.Spec {
	return cli.Spec{Normalize: normalizeFlag, Output: func(c *cobra.Command, data []byte) { a.code = a.output(c.CommandPath(), data) }}
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
