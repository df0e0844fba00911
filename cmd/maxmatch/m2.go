package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/input"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/internal/wording"
	"maxmatch/internal/writefile"
	"maxmatch/references"
	"maxmatch/scorer"
)

const m2Long = `Writes an M2 gold file from SOURCE and one or more corrected REFERENCEs of it (JFLEG-style
data), so that such data gets an M² score. Every file has one sentence per line, and the same
number of lines. Each reference is an annotator (ids 0, 1, … in the order given); its edits are
those the scorer extracts from it as a hypothesis against a gold standard without edits, of
type UNK: the fewest Levenshtein steps, then the fewest edits, an edit spanning at most
--max_unchanged_words unchanged tokens (default 0: every maximal run of changed tokens is one
edit). A reference equal to its source gets a noop line. Tokens are split on white space, or
with --tokenize on raw text. Any one file may be "-", standard input. Files ending in .gz are
decompressed.`

// newM2 returns "maxmatch m2".
func (a *app) newM2() *cobra.Command {
	var (
		out string
		opt references.Options
	)
	cmd := a.newCommand([]cli.Usage{{Args: "m2 [flags] SOURCE REFERENCE...", What: "write an M2 gold file from corrected references"}}, m2Long,
		func(cmd *cobra.Command, paths []string) error {
			if len(paths) < 2 {
				return cli.Usagef("expected a SOURCE file and at least one REFERENCE file after the flags; got %s", wording.Plural(len(paths), "argument"))
			}
			roles := make([]string, len(paths))
			for i := range roles {
				roles[i] = fmt.Sprintf("REFERENCE %d", i)
			}
			roles[0] = "SOURCE"
			if err := cli.OneStdin(roles, paths); err != nil {
				return err
			}
			if err := checkOutputs(map[string]string{"--out": out}, map[string]writefile.Kind{"--out": writefile.M2}, roles, paths); err != nil {
				return err
			}
			if err := (scorer.Options{MaxMemory: opt.MaxMemory}).CheckMemory(); err != nil {
				return cli.UsageError{Msg: err.Error()}
			}
			a.code = a.m2(opt, out, paths)
			return nil
		})
	fs := cli.Flags(cmd)
	fs.String(&out, "out", "", "", cli.OutFileArg, "write the M2 file to this file (replaced whole, or left as it was on an error; not one of the inputs) instead of standard output")
	fs.Bool(&opt.Tokenize, "tokenize", "", "tokenize every line first (Penn Treebank tokens, as NLTK's TreebankWordTokenizer): for raw text")
	fs.Int(&opt.MaxUnchangedWords, "max_unchanged_words", "u", 0, uRange, "most unchanged tokens inside one edit (u; 0 keeps edits apart wherever a token is unchanged)")
	memoryFlag(fs, &opt.MaxMemory, "a reference that does not fit even in the bounded search stops the run")
	return cmd
}

// m2 writes the M2 file of the source and references paths.
func (a *app) m2(opt references.Options, out string, paths []string) int {
	const cmd = "maxmatch m2"
	prog := progress.New(cmd, a.stderr)
	files := make([]references.File, len(paths))
	for i, p := range paths {
		role := "reference"
		if i == 0 {
			role = "source"
		}
		f, err := references.Read(input.New(p, role, readOptions(scorer.Options{MaxMemory: opt.MaxMemory})))
		if err != nil {
			return fail(prog, "%v", err)
		}
		files[i] = f
	}
	opt.Warn = prog.Warn
	m2, err := references.M2(files[0], files[1:], opt)
	if err != nil {
		return fail(prog, "%v", err)
	}
	if out == "" {
		return a.output(cmd, m2)
	}
	// writeFiles' errors name the path the user gave.
	if err := writefile.All(map[string][]byte{out: m2}); err != nil {
		return fail(prog, "%v", err)
	}
	return exitOK
}
