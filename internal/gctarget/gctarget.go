// Package gctarget is the garbage collector's target the maxmatch command runs with, in one
// place for the command and for the tests and benchmarks that score as it does.
package gctarget

import (
	"os"
	"runtime/debug"
)

// Percent is the target (runtime/debug.SetGCPercent) the command runs with, unless GOGC says
// otherwise: a run holds a few tens of megabytes (a few hundred on a degenerate sentence), and
// collecting less eagerly than the default 100% saves a third of a typical run's time.
// In-process work is measured under it too, or the share of a sample the collections take
// would vary with where they fall (NTHU's degenerate sentence allocated enough for its samples
// to spread over a factor of two).
const Percent = 400

// Set sets the target to Percent, unless GOGC says otherwise.
func Set() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(Percent)
	}
}
