package main

import (
	"flag"
	"fmt"

	"maxmatch/scorer"
)

// goldReading holds the flags that say how to read a gold file (score and compare share them).
type goldReading struct {
	// strict refuses A lines whose span the official accepts but cannot use; by default they are
	// read as the official reads them, with a warning.
	strict bool
	// acceptBadSpans has no effect: it was the way to get the official's reading, now the
	// default, and is kept for scripts that pass it.
	acceptBadSpans bool
}

// registerReadingFlags defines the flags score and compare share: the scoring options and how
// to read the gold file.
func registerReadingFlags(fs *flag.FlagSet, opt *scorer.Options, g *goldReading) {
	fs.BoolVar(&g.strict, "strict", false, "fail on a gold edit whose span is outside its sentence (the official drops it) or reversed (the official keeps it, never matched), instead of reading it as the official does with a warning")
	fs.BoolVar(&g.acceptBadSpans, "accept-bad-spans", false, "no effect, kept for scripts: reading such spans as the official does is the default (see -strict)")
	opt.RegisterFlags(fs)
}

// maxReadWarnings is the number of warnings about one gold file printed one by one; the rest
// are counted in one last warning.
const maxReadWarnings = 10

// read reads and parses the gold file as the flags say, printing a warning through prog for
// each A line read as the official reads it (up to maxReadWarnings, then their count).
func (g goldReading) read(path string, fixes scorer.Fix, prog *progress) ([]scorer.Sentence, error) {
	if g.strict && g.acceptBadSpans {
		return nil, fmt.Errorf("-strict and -accept-bad-spans contradict each other: -strict refuses the spans that -accept-bad-spans (now the default) accepts")
	}
	warned := 0
	reader := scorer.M2Reader{Fixes: fixes, Strict: g.strict, Warn: func(e *scorer.ParseError) {
		warned++
		if warned <= maxReadWarnings {
			prog.printf("maxmatch: warning: %v\n", e)
		}
	}}
	gold, err := readGold(path, reader)
	if err == nil && warned > maxReadWarnings {
		prog.printf("maxmatch: warning: %s: %d more A lines with a span outside their sentence or reversed, read as the official scorer does and not listed (%d such lines in all)\n",
			path, warned-maxReadWarnings, warned)
	}
	return gold, err
}
