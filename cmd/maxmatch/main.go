// Command maxmatch scores grammatical error correction with the MaxMatch (M²) method: the
// numbers of the official NUS M² scorer (release 3.2), sentence for sentence, much faster.
//
// Usage:
//
//	maxmatch score [flags] SYSTEM GOLD        score a system output against an M2 gold file
//	maxmatch score [flags] SYSTEM... GOLD     several systems: one table, tests against the first
//	maxmatch compare [flags] SYSTEM_A SYSTEM_B GOLD
//	                                          test whether two systems' F differ (paired bootstrap)
//	maxmatch nbest [flags] NBEST GOLD         score every hypothesis of an n-best list on its own
//	maxmatch oracle [flags] NBEST GOLD        choose one hypothesis per sentence for the best corpus F
//	maxmatch serve --gold GOLD [flags]        score JSON-lines requests from stdin, gold loaded once
//	maxmatch demo                             score an embedded sample and explain the output
//	maxmatch m2 [flags] SOURCE REFERENCE...   write an M2 gold file from corrected references
//	maxmatch hoo extract [flags]              extract HOO edits from corrected texts (wdiff or M²)
//	maxmatch hoo synth [flags]                make synthetic HOO systems from gold edits
//	maxmatch hoo eval [flags] GOLD_DIR SYS_XML_DIR
//	                                          score HOO edit files as the HOO 2011 or 2012 tools did
//	maxmatch hoo compare [flags] SYS_DIR...   two extractions of HOO systems, scored side by side
//	maxmatch completion SHELL                 the shell completion script (bash, zsh, fish, powershell)
//	maxmatch version                          the version and the commit it was built from
//	maxmatch help [COMMAND]                   the usage of maxmatch, or of a command
//
// "maxmatch COMMAND -h" prints a command's usage and flags; docs/reference holds them all,
// generated from the same definitions ("go generate ./cmd/maxmatch" rewrites it).
package main

//go:generate go test -run ^TestReference$ -update

import (
	"os"

	"maxmatch/internal/gctarget"
	"maxmatch/internal/writefile"
)

func main() {
	gctarget.Set() // the tests' TestMain too, so that they collect as the command does
	os.Exit(runProcess(os.Args[1:]))
}

// runProcess runs the command with the process's streams; SIGINT, SIGTERM and SIGHUP remove the
// temporary files of the outputs being written before they end it.
func runProcess(args []string) int {
	stop := writefile.CleanUpOnSignals()
	defer stop()
	return run(args, os.Stdout, os.Stderr)
}
