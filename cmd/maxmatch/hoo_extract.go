package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/hoo/fragment"
	"maxmatch/hoo/m2extract"
	"maxmatch/hoo/wdiff"
	"maxmatch/internal/cli"
	"maxmatch/internal/writefile"
)

const hooExtractLong = `Writes, for each system text SYS_DIR/NNNNxxN.txt, the edit file XML_DIR/NNNNxxN.xml: the edits
(byte offsets into the raw text RAW_DIR/NNNN.txt) that turn the raw text into the system's.

--method wdiff (the default) finds them as the official HOO 2011 tools did (batch_extract.py:
GNU wdiff, then diffextract.py); unlike them, every system text must have its raw text, and
other names are ignored with a warning. --method m2 lets MaxMatch choose, sentence by sentence,
the edits that match the gold edits GOLD_DIR/NNNNGE.xml best. All files are extracted before any
is written; on any error nothing is written and the exit status is 2.`

// hooExtractFlags are the flags of "maxmatch hoo extract".
type hooExtractFlags struct {
	method                        string
	goldDir, origDir, sysDir, dir string
	fixed                         bool
	u                             int
}

// newHooExtract returns "maxmatch hoo extract".
func (a *app) newHooExtract() *cobra.Command {
	var f hooExtractFlags
	cmd := a.newCommand([]cli.Usage{
		{Args: "extract --method wdiff --orig RAW_DIR --system SYS_DIR --out XML_DIR [--fixed]", What: "extract HOO edits from corrected texts as the HOO 2011 tools did"},
		{Args: "extract --method m2 --gold GOLD_DIR --orig RAW_DIR --system SYS_DIR --out XML_DIR [-u N]", What: "extract HOO edits with MaxMatch, matching the gold edits best"},
	}, hooExtractLong, func(cmd *cobra.Command, args []string) error {
		set := cmd.Flags().Changed
		switch {
		case len(args) > 0:
			return cli.Usagef("unexpected argument %q: everything is given by flags", args[0])
		case f.method == "wdiff" && set("gold"):
			return cli.Usagef("--gold is for --method m2: the wdiff extraction does not read the gold edits")
		case f.method == "wdiff" && set("max_unchanged_words"):
			return cli.Usagef("-u/--max_unchanged_words is for --method m2")
		case f.method == "m2" && set("fixed"):
			return cli.Usagef("--fixed is for --method wdiff")
		case f.method == "m2" && (f.goldDir == "" || f.origDir == "" || f.sysDir == "" || f.dir == ""):
			return cli.Usagef("--gold, --orig, --system and --out are all required with --method m2")
		case f.origDir == "" || f.sysDir == "" || f.dir == "":
			return cli.Usagef("--orig, --system and --out are all required")
		}
		c := a.newHooCommand(cmd.CommandPath())
		if f.method == "m2" {
			a.code = c.extractM2(f)
		} else {
			a.code = c.extractWdiff(f)
		}
		return nil
	})
	fs := cli.Flags(cmd)
	fs.Choice(&f.method, "method", "wdiff", []string{"wdiff", "m2"}, "extraction method: wdiff (the official HOO 2011 extractor) or m2 (MaxMatch against the gold edits)")
	fs.String(&f.goldDir, "gold", "", "", cli.DirArg, "m2: directory of gold edit files NNNNGE.xml")
	fs.String(&f.origDir, "orig", "", "", cli.DirArg, "directory of raw texts NNNN.txt")
	fs.String(&f.sysDir, "system", "", "", cli.DirArg, "directory of system texts NNNNxxN.txt")
	fs.String(&f.dir, "out", "", "", cli.OutDirArg, "directory to write the edit files NNNNxxN.xml into (created if missing)")
	fs.Bool(&f.fixed, "fixed", "", "wdiff: repair the official extractor's defects (keep regions across line breaks, UTF-8 text, …)")
	fs.Int(&f.u, "max_unchanged_words", "u", 2, uRange, "m2: the most unchanged tokens one M² edit may hold")
	return cmd
}

// extractWdiff is "maxmatch hoo extract --method wdiff": for each system text NNNNxxN.txt,
// NNNNxxN.xml with the edits the official extractor finds against the raw text NNNN.txt.
func (c *hooCommand) extractWdiff(f hooExtractFlags) int {
	pairs, err := c.pairTexts(f.origDir, f.sysDir)
	if err != nil {
		return c.fail("%v", err)
	}
	progress := func(done, total int) { c.progress.Update("extracting file", done, total) }
	outputs, err := wdiff.ExtractFiles(pairs, wdiff.Options{Fixed: f.fixed}, progress, func(w string) { c.progress.Warn("%s", w) })
	if err == nil {
		err = writefile.InDir(f.dir, outputs, ".xml")
	}
	if err != nil {
		return c.fail("%v", err)
	}
	return c.output(fmt.Appendf(nil, "maxmatch hoo extract: %s written to %s\n", fragment.SystemEdits.Count(len(outputs)), f.dir))
}

// extractM2 is "maxmatch hoo extract --method m2": for every system text, the edits M² chooses
// against the gold (package hoo/m2extract).
func (c *hooCommand) extractM2(f hooExtractFlags) int {
	pairs, err := c.pairTexts(f.origDir, f.sysDir)
	if err != nil {
		return c.fail("%v", err)
	}
	golds, err := c.readDir(f.goldDir, fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	outputs, total, err := m2extract.ExtractFiles(pairs, golds, m2extract.Options{MaxUnchangedWords: f.u}, c.fileProgress)
	if err == nil {
		err = writefile.InDir(f.dir, outputs, ".xml")
	}
	if err != nil {
		return c.fail("%v", err)
	}
	return c.output(fmt.Appendf(nil, "maxmatch hoo extract: %s written to %s\n%s", fragment.SystemEdits.Count(len(outputs)), f.dir, total.Summary(f.u)))
}

// pairTexts pairs each system text of sysDir with its raw text in rawDir, which it must have.
func (c *hooCommand) pairTexts(rawDir, sysDir string) ([]fragment.TextPair, error) {
	raw, err := c.readDir(rawDir, fragment.Raw)
	if err != nil {
		return nil, err
	}
	sys, err := c.readDir(sysDir, fragment.SystemText)
	if err != nil {
		return nil, err
	}
	return fragment.PairTexts(raw, sys)
}
