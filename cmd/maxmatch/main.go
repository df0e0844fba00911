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
	"os"
	"runtime/debug"
)

func main() {
	// A run holds a few tens of megabytes (a few hundred on a degenerate sentence): collecting
	// garbage less eagerly than the default (100%) saves a third of a typical run's time.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
