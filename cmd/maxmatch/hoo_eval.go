package main

import (
	"bytes"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"maxmatch/hoo/eval"
	"maxmatch/hoo/fragment"
	"maxmatch/input"
	"maxmatch/internal/cli"
	"maxmatch/report"
	"maxmatch/scorer"
)

const hooEvalLong = `Scores HOO system edit files (SYS_XML_DIR/NNNNxxN.xml) against gold edit files
(GOLD_DIR/NNNNGE.xml) as the official tools of a HOO shared task do.

--scheme 2011 (the default) follows evaluate.py and batch_evaluate.py: it prints
batch_evaluate.py's CSV file, one row per system file (detection, recognition and correction
precision, recall and score), then their Average, with CRLF line ends; the bonus is on unless
--no-bonus.

--scheme 2012 follows evalfrag.py and evalrun.py: the counts of every fragment are summed and
scored once, corrections are compared without case unless --case-sensitive, and it prints
evalrun.py's XML report; the bonus is off unless --bonus (evalrun.py's -r). --types T scores
only edits of type T, of the types in a comma-separated list T, or of the aggregate T that the
types file --types-file CONFIG defines ("aggregate Prep UT MT RT"; the official reads
./types.config).

Without --format, the official tool's own report is printed, byte for byte; --format prints the
same figures in one of maxmatch's formats (four decimals, in full in JSON). Where the official
tool crashes on a fragment, a warning says where, and the fragment is scored on (see the
hoo/eval package documentation).`

// now is the clock of the 2012 report's timestamp (tests fix it).
var now = time.Now

// hooEvalFlags are the flags of "maxmatch hoo eval".
type hooEvalFlags struct {
	scheme, typesFile, typ        string
	oldType                       string // --type, the old name of --types
	bonus, noBonus, caseSensitive bool
	fixed                         bool
	format                        string // --format, "" when not given: the official's report
}

// newHooEval returns "maxmatch hoo eval".
func (a *app) newHooEval() *cobra.Command {
	var f hooEvalFlags
	cmd := a.newCommand([]cli.Usage{{Args: "eval [--scheme 2011|2012] [flags] GOLD_DIR SYS_XML_DIR", What: "score HOO edit files as the HOO 2011 or 2012 tools did"}}, hooEvalLong,
		func(cmd *cobra.Command, args []string) error {
			if err := cli.ExactArgs(args, "GOLD_DIR", "SYS_XML_DIR"); err != nil {
				return err
			}
			withBonus, err := f.check(cmd.Flags().Changed)
			if err != nil {
				return err
			}
			a.code = a.newHooCommand(cmd.CommandPath()).eval(f, withBonus, args)
			return nil
		})
	fs := cli.Flags(cmd)
	fs.Choice(&f.scheme, "scheme", "2011", []string{"2011", "2012"}, "the shared task whose scoring to follow")
	fs.Bool(&f.bonus, "bonus", "", "count optional gold edits that no system edit touches as found (the default of 2011, not of 2012)")
	fs.Bool(&f.noBonus, "no-bonus", "", "do not count them (2011: batch_evaluate.py's second, _nobonus file; the default of 2012)")
	fs.String(&f.typ, "types", "", "", cli.TextArg, "2012: score only edits of T: a type, a comma-separated list, or an aggregate of --types-file (all when not given; evalrun.py's -t)")
	fs.String(&f.oldType, "type", "", "", cli.TextArg, "the old name of --types")
	fs.Replaced("type", "types", "as maxmatch score names the error types to score; given with --type, --types is read as before, as --types-file")
	fs.String(&f.typesFile, "types-file", "", "", cli.FileArg, "2012: the types file CONFIG that defines aggregate types for --types")
	fs.Bool(&f.caseSensitive, "case-sensitive", "", "2012: compare corrections with their case (evalfrag.py -c match)")
	fs.Bool(&f.fixed, "fixed", "", "correct the official tools' quirks (see the hoo/eval package documentation)")
	formatFlag(fs, &f.format, nil, "print the scores in this format (when not given, the official tool's report: batch_evaluate.py's CSV, with CRLF line ends, or evalrun.py's XML)")
	return cmd
}

// check checks the flags, set saying which were given (under their own names, not their old
// ones), and returns whether the bonus is on.
// The old command line "--types CONFIG --type T" is read as "--types-file CONFIG --types T".
func (f *hooEvalFlags) check(set func(name string) bool) (withBonus bool, err error) {
	if set("bonus") && set("no-bonus") {
		return false, cli.Usagef("--bonus and --no-bonus contradict each other: expected one of them")
	}
	if f.scheme == "2011" {
		for _, name := range []string{"types", "type", "types-file", "case-sensitive"} {
			if set(name) {
				return false, cli.Usagef("--%s is for --scheme 2012; expected it with that scheme", name)
			}
		}
	}
	if set("type") {
		if set("types") && set("types-file") {
			return false, cli.Usagef("--type is the old name of --types, and --types-file is given: expected --types T --types-file CONFIG")
		}
		if set("types") {
			f.typesFile = f.typ // the old "--types CONFIG --type T"
		}
		f.typ = f.oldType
	}
	if fi, err := os.Stat(f.typ); err == nil && fi.Mode().IsRegular() {
		return false, cli.Usagef("--types: %s is a file, expected the types to score: a types file is given by --types-file, and --types names the types, as in maxmatch score", f.typ)
	}
	if f.typesFile != "" && f.typ == "" {
		return false, cli.Usagef("--types-file %s names a types file but no --types selects from it: expected --types T too", f.typesFile)
	}
	withBonus = f.scheme == "2011" // each tool's default
	switch {
	case set("no-bonus"):
		withBonus = !f.noBonus
	case set("bonus"):
		withBonus = f.bonus
	}
	return withBonus, nil
}

// eval scores the system edit files of the directories args against the gold files.
func (c *hooCommand) eval(f hooEvalFlags, withBonus bool, args []string) int {
	var cfg *eval.TypesConfig
	if f.scheme == "2012" && f.typesFile != "" {
		// Its lines are bounded by the default memory budget (hoo eval has no --max-memory).
		in := input.New(f.typesFile, "types", budgetedReading(scorer.Options{}, ""))
		r := in.Reader()
		var err error
		cfg, err = eval.ReadTypesConfig(in.Name(), r)
		r.Close()
		if err != nil {
			return c.fail("%v", err)
		}
	}
	gold, err := c.readDir(args[0], fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	sys, err := c.readDir(args[1], fragment.SystemEdits)
	if err != nil {
		if texts, terr := fragment.ReadDir(args[1], fragment.SystemText); terr == nil && len(texts.Files) > 0 {
			err = fmt.Errorf("%w: hoo eval scores edit files; a system's texts are turned into them first by \"maxmatch hoo extract --orig RAW_DIR --system %s --out XML_DIR\"", err, args[1])
		}
		return c.fail("%v", err)
	}
	e := eval.Evaluation{Scheme2012: f.scheme == "2012", Bonus: withBonus, Fixed: f.fixed, CaseSensitive: f.caseSensitive,
		Type: f.typ, Types: cfg, TypesFile: f.typesFile, Time: now(), Progress: c.progress.Update}
	res, warnings, err := e.Run(gold, sys)
	if err != nil {
		return c.fail("%v", err)
	}
	for _, w := range warnings {
		c.progress.Warn("%s", w)
	}
	if f.format == "" {
		return c.output(res.Report)
	}
	var out bytes.Buffer
	report.HOOEvalDocument(e, res).Write(&out, tableFormat(f.format, report.FormatText)) // to a buffer, with one table: it cannot fail
	return c.output(out.Bytes())
}
