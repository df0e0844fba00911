package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

const usage = `usage:
  maxmatch score [flags] SYSTEM GOLD   score a system output against an M2 gold file
  maxmatch compare [flags] SYSTEM_A SYSTEM_B GOLD
                                       test whether two systems' F differ (paired bootstrap)
  maxmatch nbest [flags] NBEST GOLD    score every hypothesis of an n-best list on its own
  maxmatch oracle [flags] NBEST GOLD   choose one hypothesis per sentence for the best corpus F
  maxmatch serve --gold GOLD [flags]   score JSON-lines requests from stdin, gold loaded once
  maxmatch demo                        score an embedded sample and explain the output
  maxmatch hoo extract --method wdiff --orig RAW_DIR --system SYS_DIR --out XML_DIR
                                       extract HOO edits from corrected texts as the HOO 2011 tools did
  maxmatch hoo extract --method m2 --gold GOLD_DIR --orig RAW_DIR --system SYS_DIR --out XML_DIR
                                       extract HOO edits with MaxMatch, matching the gold edits best
  maxmatch hoo synth --raw RAW_DIR --gold GOLD_DIR --out SYS_DIR
                                       make synthetic HOO systems from gold edits
  maxmatch hoo eval [--scheme 2011|2012] GOLD_DIR SYS_XML_DIR
                                       score HOO edit files as the HOO 2011 or 2012 tools did
  maxmatch hoo compare --gold GOLD_DIR --orig RAW_DIR SYS_DIR...
                                       two extractions of HOO systems, scored side by side
  maxmatch help                        show this help

Run "maxmatch score -h" or "maxmatch compare -h" for the scoring flags,
"maxmatch hoo COMMAND -h" for the others.
`

const hooUsage = `usage:
  maxmatch hoo extract --method wdiff --orig RAW_DIR --system SYS_DIR --out XML_DIR [--fixed]
  maxmatch hoo extract --method m2 --gold GOLD_DIR --orig RAW_DIR --system SYS_DIR --out XML_DIR [-u N]
  maxmatch hoo synth --raw RAW_DIR --gold GOLD_DIR --out SYS_DIR [--variant V --seed S]
  maxmatch hoo eval [--scheme 2011|2012] [--bonus|--no-bonus] [--types CONFIG --type T] [--case-sensitive] [--fixed] GOLD_DIR SYS_XML_DIR
  maxmatch hoo compare --gold GOLD_DIR --orig RAW_DIR [--methods A,B] [--csv F] [--html F] SYS_DIR...
`

// Exit statuses.
const (
	exitOK    = 0
	exitError = 2 // bad usage or bad input
)

// run is the whole command; main only passes the process's arguments and streams.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError
	}
	switch args[0] {
	case "score":
		return runScore(args[1:], stdout, stderr)
	case "compare":
		return runCompare(args[1:], stdout, stderr)
	case "nbest":
		return runNbest(args[1:], os.Stdin, stdout, stderr)
	case "oracle":
		return runOracle(args[1:], os.Stdin, stdout, stderr)
	case "serve":
		return runServe(args[1:], os.Stdin, stdout, stderr)
	case "demo":
		return runDemo(args[1:], stdout, stderr)
	case "hoo":
		return runHoo(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	if strings.HasPrefix(args[0], "-") || len(args) == 2 {
		fmt.Fprintf(stderr, "maxmatch: expected a command before %q (did you mean \"maxmatch score %s\"?)\n\n%s", args[0], strings.Join(args, " "), usage)
	} else {
		fmt.Fprintf(stderr, "maxmatch: unknown command %q\n\n%s", args[0], usage)
	}
	return exitError
}

// runHoo dispatches the HOO commands.
func runHoo(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, hooUsage)
		return exitError
	}
	switch args[0] {
	case "extract":
		return runHooExtract(args[1:], stdout, stderr)
	case "synth":
		return runHooSynth(args[1:], stdout, stderr)
	case "eval":
		return runHooEval(args[1:], stdout, stderr)
	case "compare":
		return runHooCompare(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "maxmatch hoo: unknown command %q\n\n%s", args[0], hooUsage)
	return exitError
}
