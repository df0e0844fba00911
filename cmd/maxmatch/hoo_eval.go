package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"slices"
	"time"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/eval"
	"maxmatch/hoo/fragment"
)

const hooEvalUsage = `usage: maxmatch hoo eval [--scheme 2011|2012] [--bonus|--no-bonus] [--types CONFIG --type T] [--case-sensitive] [--fixed] GOLD_DIR SYS_XML_DIR

Scores HOO system edit files (SYS_XML_DIR/NNNNxxN.xml) against gold edit files
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
on (see the hoo/eval package documentation). Flags:

`

// now is the clock of the 2012 report's timestamp (tests fix it).
var now = time.Now

// runHooEval is "maxmatch hoo eval".
func runHooEval(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scheme := fs.String("scheme", "2011", "the shared task whose scoring to follow: 2011 or 2012")
	bonus := fs.Bool("bonus", false, "count optional gold edits that no system edit touches as found (the default of 2011, not of 2012)")
	noBonus := fs.Bool("no-bonus", false, "do not count them (2011: batch_evaluate.py's second, _nobonus file; the default of 2012)")
	typesFile := fs.String("types", "", "2012: the types file `CONFIG` that defines aggregate types for --type")
	typ := fs.String("type", "", "2012: score only edits of `T`: a type, a comma-separated list, or an aggregate of --types (default all)")
	caseSensitive := fs.Bool("case-sensitive", false, "2012: compare corrections with their case (evalfrag.py -c match)")
	fixed := fs.Bool("fixed", false, "correct the official tools' quirks (see the hoo/eval package documentation)")
	if code, done := parseArgs(fs, args, hooEvalUsage, []string{"GOLD_DIR", "SYS_XML_DIR"}, stdout, stderr); done {
		return code
	}
	c := newHooCommand("maxmatch hoo eval", stdout, stderr)
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["bonus"] && set["no-bonus"] {
		return c.fail("--bonus and --no-bonus contradict each other: expected one of them")
	}
	var withBonus bool
	switch {
	case set["no-bonus"]:
		withBonus = !*noBonus
	case set["bonus"]:
		withBonus = *bonus
	default:
		withBonus = *scheme == "2011" // each tool's default
	}
	var cfg *eval.TypesConfig
	switch *scheme {
	case "2011":
		for _, name := range []string{"types", "type", "case-sensitive"} {
			if set[name] {
				return c.fail("--%s is for --scheme 2012; expected it with that scheme", name)
			}
		}
	case "2012":
		if *typesFile != "" && *typ == "" {
			return c.fail("--types %s names a types file but no --type selects from it: expected --type T too", *typesFile)
		}
		if *typesFile != "" {
			f, err := os.Open(*typesFile)
			if err != nil {
				return c.fail("cannot read the types file: %v", err)
			}
			cfg, err = eval.ReadTypesConfig(*typesFile, f)
			f.Close()
			if err != nil {
				return c.fail("%v", err)
			}
		}
	default:
		return c.fail("--scheme %q is not a HOO scheme: expected 2011 or 2012", *scheme)
	}
	gold, err := c.readDir(fs.Arg(0), fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	sys, err := c.readDir(fs.Arg(1), fragment.SystemEdits)
	if err != nil {
		return c.fail("%v", err)
	}
	pair := eval.Pairs
	if *scheme == "2012" {
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
	if *scheme == "2011" {
		return c.eval2011(frags, eval.Options2011{Bonus: withBonus, Fixed: *fixed}, scoring)
	}
	if err := eval.CheckTypes(*typ, cfg, *typesFile, frags); err != nil {
		return c.fail("--type: %v", err)
	}
	types, note := eval.DecomposeTypes(*typ, cfg)
	if note != "" {
		c.warn("%s", note)
	}
	opt := eval.Options2012{Bonus: withBonus, CaseSensitive: *caseSensitive, Types: types, Fixed: *fixed}
	shown := *typ
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
