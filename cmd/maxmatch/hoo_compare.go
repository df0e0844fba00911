package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"maxmatch/hoo/compare"
	"maxmatch/hoo/fragment"
	"maxmatch/internal/cli"
	"maxmatch/internal/writefile"
	"maxmatch/report"
)

const hooCompareLong = `Extracts each system's edits (SYS_DIR holds its corrected texts NNNNxxN.txt) in two ways, scores
both with the HOO 2011 scheme, with and without the bonus, and prints Table 1 (mean scores per
system and extraction) and Table 2 (per fragment and segment, the edits only one extraction
found, ✓ when it is a gold edit, with the gold edits around them), as Markdown or in the format
--format names.`

// hooCompareFlags are the flags of "maxmatch hoo compare".
type hooCompareFlags struct {
	goldDir, origDir, csv, html string
	methods                     []string
	fixedEval                   bool
	format                      string // --format, "" when not given
}

// hooCompareFormats are the formats of hoo compare's two tables: every one but CSV, which
// holds one table (--csv writes Table 1).
var hooCompareFormats = []report.Format{report.FormatMarkdown, report.FormatText, report.FormatLaTeX, report.FormatTSV, report.FormatJSON}

// table1CSV is what --csv writes: an existing file that is not, a system text or a gold file
// named by mistake, is not replaced.
var table1CSV = writefile.Headed("a CSV file of Table 1 (hoo compare --csv)", compare.Table1CSVHeader())

// newHooCompare returns "maxmatch hoo compare".
func (a *app) newHooCompare() *cobra.Command {
	f := hooCompareFlags{methods: []string{"wdiff", "m2"}}
	cmd := a.newCommand([]cli.Usage{{Args: "compare --gold GOLD_DIR --orig RAW_DIR [flags] SYS_DIR...", What: "two extractions of HOO systems, scored side by side"}}, hooCompareLong,
		func(cmd *cobra.Command, args []string) error {
			switch {
			case f.goldDir == "" || f.origDir == "":
				return cli.Usagef("--gold and --orig are required")
			case len(args) == 0:
				return cli.Usagef("expected at least one system directory after the flags")
			}
			if err := checkOutputs(map[string]string{"--csv": f.csv, "--html": f.html}, map[string]writefile.Kind{"--html": writefile.HTML, "--csv": table1CSV}, nil, nil); err != nil {
				return err
			}
			a.code = a.newHooCommand(cmd.CommandPath()).compare(f, args)
			return nil
		})
	fs := cli.Flags(cmd)
	fs.String(&f.goldDir, "gold", "", "", cli.DirArg, "directory of gold edit files NNNNGE.xml")
	fs.String(&f.origDir, "orig", "", "", cli.DirArg, "directory of original texts NNNN.txt")
	fs.Add(&cli.ListValue{What: "extraction", N: 2, Choices: compare.ExtractorNames(), Apply: func(names []string) error {
		if names[0] == names[1] {
			return fmt.Errorf("%q names %s twice", strings.Join(names, ","), names[0])
		}
		f.methods = names
		return nil
	}}, "methods", "", "the two extractions to compare (default wdiff,m2)")
	fs.String(&f.csv, "csv", "", "", cli.OutFileArg, "also write Table 1 as CSV to this file")
	fs.String(&f.html, "html", "", "", cli.OutFileArg, "also write both tables as a web page to this file")
	fs.Bool(&f.fixedEval, "fixed-eval", "", "score with the HOO 2011 scheme's quirks corrected (hoo eval --fixed)")
	formatFlag(fs, &f.format, hooCompareFormats, "print both tables in this format (markdown when not given; CSV holds one table: --csv writes Table 1)")
	return cmd
}

// compare extracts and scores the systems of the directories sysDirs and prints the tables.
func (c *hooCommand) compare(f hooCompareFlags, sysDirs []string) int {
	extractors := compare.Extractors()
	var xs []compare.Extractor
	for _, name := range f.methods {
		xs = append(xs, extractors[name])
	}
	gold, err := c.readDir(f.goldDir, fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	raw, err := c.readDir(f.origDir, fragment.Raw)
	if err != nil {
		return c.fail("%v", err)
	}
	sys := make([]*fragment.Dir, len(sysDirs))
	for i, dir := range sysDirs {
		if sys[i], err = c.readDir(dir, fragment.SystemText); err != nil {
			return c.fail("%v", err)
		}
	}
	systems, err := compare.CompareAll(gold, raw, sys, xs, compare.Options{FixedEval: f.fixedEval, Progress: c.progress.Update},
		func(w string) { c.progress.Warn("%s", w) })
	if err != nil {
		return c.fail("%v", err)
	}
	files := map[string][]byte{}
	if f.csv != "" {
		var b bytes.Buffer
		compare.WriteTable1CSV(&b, systems)
		files[f.csv] = b.Bytes()
	}
	if f.html != "" {
		var b bytes.Buffer
		compare.WriteHTML(&b, systems)
		files[f.html] = b.Bytes()
	}
	if err := writefile.All(files); err != nil {
		return c.fail("%v", err)
	}
	var out bytes.Buffer
	report.HOOCompareDocument(systems).Write(&out, tableFormat(f.format, report.FormatMarkdown)) // to a buffer, it cannot fail
	return c.output(out.Bytes())
}
