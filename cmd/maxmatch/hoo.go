package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"maxmatch/hoo/fragment"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
)

const hooLong = `The HOO shared tasks' tools: edits in byte offsets of raw texts, extracted from corrected texts
and scored as the HOO 2011 and 2012 tools did. Their data: raw texts NNNN.txt, gold edit files
NNNNGE.xml, system texts NNNNxxN.txt and system edit files NNNNxxN.xml (xx the team, N the run);
other names in their directories are ignored with a warning.`

// newHoo returns "maxmatch hoo", the group of the HOO commands.
func (a *app) newHoo() *cobra.Command {
	cmd := a.newCommand([]cli.Usage{{Args: "hoo COMMAND", What: "the HOO shared tasks' tools"}}, hooLong, func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			fmt.Fprint(a.stderr, cli.HelpText(cmd))
			a.code = exitError
			return nil
		}
		return cli.UnknownCommand(cmd, args[0])
	})
	cmd.AddCommand(a.newHooExtract(), a.newHooSynth(), a.newHooEval(), a.newHooCompare(), cli.NewHelp(a.spec()))
	return cmd
}

// hooCommand is what the HOO commands share: the name that starts their messages, their
// streams, the progress line on stderr, and the ignored files they have warned about.
type hooCommand struct {
	name           string
	stdout, stderr io.Writer
	progress       *progress.Line
	warned         map[string]bool
}

// newHooProgress is newProgress (tests show the progress line in a buffer).
var newHooProgress = progress.New

func (a *app) newHooCommand(name string) *hooCommand {
	return &hooCommand{name: name, stdout: a.stdout, stderr: a.stderr, progress: newHooProgress(name, a.stderr), warned: map[string]bool{}}
}

// fail prints one error and returns the exit status for it.
func (c *hooCommand) fail(format string, a ...any) int { return fail(c.progress, format, a...) }

// readDir lists the files of kind in dir (fragment.ReadDir), with one warning for each entry
// it ignores, once even when two flags name the same directory.
func (c *hooCommand) readDir(dir string, kind fragment.Kind) (*fragment.Dir, error) {
	d, err := fragment.ReadDir(dir, kind)
	if err != nil {
		return nil, err
	}
	for _, ig := range d.Ignored {
		if !c.warned[ig.Path] {
			c.warned[ig.Path] = true
			c.progress.Warn("%s", ig)
		}
	}
	return d, nil
}

// output writes the command's whole output to stdout and returns the exit status (see
// output).
func (c *hooCommand) output(data []byte) int {
	c.progress.Clear()
	return output(c.stdout, c.stderr, c.name, data)
}

// fileProgress returns a progress callback for the steps inside the work on file, the i-th
// (from 0) of n.
func (c *hooCommand) fileProgress(file string, i, n int) func(stage string, done, total int) {
	return func(stage string, done, total int) {
		c.progress.Update(fmt.Sprintf("%s (file %d/%d): %s", file, i+1, n, stage), done, total)
	}
}
