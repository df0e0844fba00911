package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/internal/cli"
)

// TestCommandNamed checks which command lines build one command rather than the whole tree.
func TestCommandNamed(t *testing.T) {
	tests := []struct {
		args []string
		want string
		why  string
	}{
		{[]string{"score", "sys", "gold"}, "score", "a command by its name"},
		{[]string{"hoo", "score", "-h"}, "hoo", "a command with commands of its own"},
		{[]string{"version"}, "version", "the shortest run"},
		{nil, "", "the root's help"},
		{[]string{"sys", "gold"}, "", "the official's command line: the root's run"},
		{[]string{"scroe", "sys", "gold"}, "", "a mistyped name: the suggestion needs every name"},
		{[]string{"help", "score"}, "", "the help command"},
		{[]string{"completion", "bash"}, "", "the completion script names every command"},
		{[]string{cobra.ShellCompRequestCmd, "score", ""}, "", "completing a command line"},
		{[]string{"--version"}, "", "a flag of the root"},
	}
	for _, tt := range tests {
		if got := (&app{}).commandNamed(tt.args); got != tt.want {
			t.Errorf("%s: commandNamed(%q) = %q, want %q", tt.why, tt.args, got, tt.want)
		}
	}
}

// TestTreeOfOneCommand checks that a tree built for one command holds that command as the whole
// tree has it: the same help, flags and commands of its own, at every depth.
func TestTreeOfOneCommand(t *testing.T) {
	full := (&app{}).newRoot()
	for _, c := range (&app{}).commands() {
		tree := (&app{}).newTree(c.name)
		if n := len(tree.Commands()); n != 1 {
			t.Errorf("the tree for %s has %d commands, want 1", c.name, n)
			continue
		}
		want, _, err := full.Find([]string{c.name})
		if err != nil {
			t.Fatal(err)
		}
		compareCommands(t, tree.Commands()[0], want)
	}
}

func compareCommands(t *testing.T, got, want *cobra.Command) {
	t.Helper()
	if g, w := cli.HelpText(got), cli.HelpText(want); g != w {
		t.Errorf("%s: help differs from the whole tree's:\n%s\nwant:\n%s", want.CommandPath(), g, w)
	}
	if g, w := flagNames(got), flagNames(want); g != w {
		t.Errorf("%s: flags %s, want %s", want.CommandPath(), g, w)
	}
	if len(got.Commands()) != len(want.Commands()) {
		t.Errorf("%s: %d commands, want %d", want.CommandPath(), len(got.Commands()), len(want.Commands()))
		return
	}
	for i := range want.Commands() {
		compareCommands(t, got.Commands()[i], want.Commands()[i])
	}
}

func flagNames(cmd *cobra.Command) string {
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name+"="+f.DefValue) })
	return strings.Join(names, " ")
}
