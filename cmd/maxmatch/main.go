// Command maxmatch scores grammatical error correction with the MaxMatch (M²) method: the
// numbers of the official NUS M² scorer (release 3.2), sentence for sentence, much faster.
//
// Usage:
//
//	maxmatch score [flags] SYSTEM GOLD   score a system output against an M2 gold file
//	maxmatch demo                        score an embedded sample and explain the output
//
// Run "maxmatch score -h" for the flags.
package main

import (
	"maxmatch/scorer"
	"os"
	"runtime/debug"
)

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(scorer.GCPercent)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
