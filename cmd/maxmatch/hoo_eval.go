package main

import (
	"bytes"
	"os"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/eval"
	"maxmatch/hoo/fragment"
)

const hooEvalLong = `Scores HOO system edit files (SYS_XML_DIR/NNNNxxN.xml) against gold edit files
(GOLD_DIR/NNNNGE.xml) as the official tools of a HOO shared task do.

--scheme 2011 (the default) follows evaluate.py and batch_evaluate.py: it prints
batch_evaluate.py's CSV file, one row per system file (detection, recognition and correction
precision, recall and score), then their Average, with CRLF line ends; the bonus is on unless
--no-bonus.

--scheme 2012 follows evalfrag.py and evalrun.py: the counts of every fragment are summed and
scored once, corrections are compared without case unless --case-sensitive, and it prints
evalrun.py's XML report; the bonus is off unless --bonus (evalrun.py's -r). --type T scores only
edits of type T, of the types in a comma-separated list T, or of the aggregate T that the types
file CONFIG defines ("aggregate Prep UT MT RT"; the official reads ./types.config).

Where the official tool crashes on a fragment, a warning says where, and the fragment is scored
on (see the hoo/eval package documentation).`

// now is the clock of the 2012 report's timestamp (tests fix it).
var now = time.Now

// hooEvalFlags are the flags of "maxmatch hoo eval".
type hooEvalFlags struct {
	scheme, typesFile, typ        string
	bonus, noBonus, caseSensitive bool
	fixed                         bool
}

// newHooEval returns "maxmatch hoo eval".
func (a *app) newHooEval() *cobra.Command {
	var f hooEvalFlags
	cmd := a.newCommand([]usageLine{{"eval [--scheme 2011|2012] [flags] GOLD_DIR SYS_XML_DIR", "score HOO edit files as the HOO 2011 or 2012 tools did"}}, hooEvalLong,
		func(cmd *cobra.Command, args []string) error {
			if err := exactArgs(args, "GOLD_DIR", "SYS_XML_DIR"); err != nil {
				return err
			}
			set := cmd.Flags().Changed
			if set("bonus") && set("no-bonus") {
				return usagef("--bonus and --no-bonus contradict each other: expected one of them")
			}
			if f.scheme == "2011" {
				for _, name := range []string{"types", "type", "case-sensitive"} {
					if set(name) {
						return usagef("--%s is for --scheme 2012; expected it with that scheme", name)
					}
				}
			}
			if f.typesFile != "" && f.typ == "" {
				return usagef("--types %s names a types file but no --type selects from it: expected --type T too", f.typesFile)
			}
			withBonus := f.scheme == "2011" // each tool's default
			switch {
			case set("no-bonus"):
				withBonus = !f.noBonus
			case set("bonus"):
				withBonus = f.bonus
			}
			a.code = a.newHooCommand(cmd.CommandPath()).eval(f, withBonus, args)
			return nil
		})
	fs := flagsOf(cmd)
	fs.choiceVar(&f.scheme, "scheme", "2011", []string{"2011", "2012"}, "the shared task whose scoring to follow")
	fs.boolVar(&f.bonus, "bonus", "", "count optional gold edits that no system edit touches as found (the default of 2011, not of 2012)")
	fs.boolVar(&f.noBonus, "no-bonus", "", "do not count them (2011: batch_evaluate.py's second, _nobonus file; the default of 2012)")
	fs.stringVar(&f.typesFile, "types", "", "", fileArg, "2012: the types file CONFIG that defines aggregate types for --type")
	fs.stringVar(&f.typ, "type", "", "", textArg, "2012: score only edits of T: a type, a comma-separated list, or an aggregate of --types (all when not given)")
	fs.boolVar(&f.caseSensitive, "case-sensitive", "", "2012: compare corrections with their case (evalfrag.py -c match)")
	fs.boolVar(&f.fixed, "fixed", "", "correct the official tools' quirks (see the hoo/eval package documentation)")
	return cmd
}

// eval scores the system edit files of the directories args against the gold files.
func (c *hooCommand) eval(f hooEvalFlags, withBonus bool, args []string) int {
	var cfg *eval.TypesConfig
	if f.scheme == "2012" && f.typesFile != "" {
		file, err := os.Open(f.typesFile)
		if err != nil {
			return c.fail("cannot read the types file: %v", err)
		}
		cfg, err = eval.ReadTypesConfig(f.typesFile, file)
		file.Close()
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
		return c.fail("%v", err)
	}
	pair := eval.Pairs
	if f.scheme == "2012" {
		pair = eval.Pairs2012
	}
	pairs, err := pair(gold, sys)
	if err != nil {
		return c.fail("%v", err)
	}
	frags, err := eval.Read(pairs, func(done, total int) { c.progress.update("reading file", done, total) })
	if err != nil {
		return c.fail("%v", err)
	}
	scoring := func(done, total int) { c.progress.update("scoring file", done, total) }
	if f.scheme == "2011" {
		return c.eval2011(frags, eval.Options2011{Bonus: withBonus, Fixed: f.fixed}, scoring)
	}
	if err := eval.CheckTypes(f.typ, cfg, f.typesFile, frags); err != nil {
		return c.fail("--type: %v", err)
	}
	types, note := eval.DecomposeTypes(f.typ, cfg)
	if note != "" {
		c.warn("%s", note)
	}
	opt := eval.Options2012{Bonus: withBonus, CaseSensitive: f.caseSensitive, Types: types, Fixed: f.fixed}
	shown := f.typ
	if shown == "" {
		shown = "all"
	}
	return c.eval2012(gold.Path, sys.Path, shown, frags, opt, scoring)
}

func (c *hooCommand) eval2011(frags []eval.Fragment, opt eval.Options2011, progress func(done, total int)) int {
	rows := eval.Batch2011(frags, opt, progress)
	for _, r := range rows {
		if crash := r.Scores.Crash; crash != nil {
			c.warn("%s: the official evaluate.py stops on this fragment (%s); scored on, counting that comparison as no match", r.Name, crash)
		}
	}
	var out bytes.Buffer
	eval.WriteCSV(&out, rows)
	return c.output(out.Bytes())
}

func (c *hooCommand) eval2012(goldDir, sysDir, types string, frags []eval.Fragment, opt eval.Options2012, progress func(done, total int)) int {
	counts, crashes := eval.Batch2012(frags, opt, progress)
	if opt.Types != nil && counts.Gold == 0 && counts.System == 0 {
		c.warn("--type %s selects no edit: every count is 0 and every score 1, as the official gives", types)
	}
	for _, f := range frags {
		if partless(f) {
			c.warn("%s: no edit has a part attribute, while the gold edits of %s have one; under the 2012 scheme an edit matches only edits of its own part, so these match nothing (as in the official)", f.System, f.Gold)
		}
	}
	for _, crash := range crashes {
		c.warn("%s: the official evalrun.py dies on this fragment (%s) and reports nothing; scored on, counting that comparison as no match", crash.Pair.System, crash.Crash)
	}
	first := frags[0].System
	for _, f := range frags {
		first = min(first, f.System)
	}
	team, run := eval.TeamAndRun(first)
	var out bytes.Buffer
	eval.WriteRun2012(&out, &eval.Run2012{
		GoldPath: goldDir, SysPath: sysDir, Types: types, Bonus: opt.Bonus, Fixed: opt.Fixed,
		Counts: counts, SysID: team, RunID: run, Time: now(),
	})
	return c.output(out.Bytes())
}

// partless reports whether a fragment's system file has edits, none with a part attribute,
// while its gold edits have parts: a HOO 2011-style file scored under the 2012 scheme.
func partless(f eval.Fragment) bool {
	hasPart := func(es []edits.Edit) bool {
		return slices.ContainsFunc(es, func(e edits.Edit) bool { return e.Part != "" })
	}
	return len(f.SystemEdits) > 0 && hasPart(f.GoldEdits) && !hasPart(f.SystemEdits)
}
