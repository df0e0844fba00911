package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"

	"maxmatch/hoo/eval"
)

const hooEvalUsage = `usage: maxmatch hoo eval [--scheme 2011] [--no-bonus] [--fixed] GOLD_DIR SYS_XML_DIR

Scores HOO system edit files (SYS_XML_DIR/NNNNxxN.xml) against gold edit files
(GOLD_DIR/NNNNGE.xml) as the HOO 2011 evaluate.py and batch_evaluate.py do, and prints
batch_evaluate.py's CSV file: one row per system file (detection, recognition and correction
precision, recall and score), then their Average, with CRLF line ends. Where the official tool
crashes on a fragment, a warning says where, and the fragment is scored on (see the hoo/eval
package documentation). Flags:

`

// runHooEval is "maxmatch hoo eval".
func runHooEval(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scheme := fs.String("scheme", "2011", "the shared task whose scoring to follow: 2011")
	bonus := fs.Bool("bonus", true, "count optional gold edits that no system edit touches as found (the official default)")
	noBonus := fs.Bool("no-bonus", false, "do not count them (batch_evaluate.py's second, _nobonus file)")
	fixed := fs.Bool("fixed", false, "correct evaluate.py's quirks (see the hoo/eval package documentation)")
	if code, done := parseArgs(fs, args, hooEvalUsage, []string{"GOLD_DIR", "SYS_XML_DIR"}, stdout, stderr); done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "maxmatch hoo eval: "+format+"\n", a...)
		return exitError
	}
	if *scheme != "2011" {
		return fail("--scheme %q is not available; expected 2011 (the HOO 2012 scheme is not implemented yet)", *scheme)
	}
	pairs, err := eval.Pairs(fs.Arg(0), fs.Arg(1))
	if err != nil {
		return fail("%v", err)
	}
	if len(pairs) == 0 {
		return fail("no system file in %s starts with the number of a gold file NNNNGE.xml in %s", fs.Arg(1), fs.Arg(0))
	}
	rows, err := eval.Batch2011(pairs, eval.Options2011{Bonus: *bonus && !*noBonus, Fixed: *fixed})
	if err != nil {
		return fail("%v", err)
	}
	for _, r := range rows {
		if c := r.Scores.Crash; c != nil {
			fmt.Fprintf(stderr, "maxmatch hoo eval: warning: %s: the official evaluate.py stops on this fragment (%s); scored on, counting that comparison as no match\n", r.Name, c)
		}
	}
	var out bytes.Buffer
	eval.WriteCSV(&out, rows)
	stdout.Write(out.Bytes())
	return exitOK
}
