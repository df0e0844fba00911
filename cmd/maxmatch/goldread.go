package main

import (
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

// maxReadWarnings is the number of warnings about one gold file printed one by one; the rest
// are counted in one last warning.
const maxReadWarnings = 10

// spanWarnings prints the warnings of a gold file's reading: one per A line (the gold file
// may be read more than once: by a checking pass, or once per system), up to maxReadWarnings,
// then, at finish, how many more there were.
type spanWarnings struct {
	path string
	prog *progress
	seen map[int]bool // the lines warned about
}

func (w *spanWarnings) warn(e *scorer.ParseError) {
	if w.seen[e.Line] {
		return
	}
	w.seen[e.Line] = true
	if len(w.seen) <= maxReadWarnings {
		w.prog.warn("%v", e)
	}
}

// finish prints the count of the warnings not printed one by one.
func (w *spanWarnings) finish() {
	if n := len(w.seen); n > maxReadWarnings {
		w.prog.warn("%s: %d more A lines with a span outside their sentence or reversed, read as the official scorer does and not listed (%d such lines in all)",
			w.path, n-maxReadWarnings, n)
	}
}

// readAll reads and parses the whole gold file path (standard input for "-") as the flags say,
// its warnings through prog: for the commands that keep the gold in memory (nbest, oracle,
// serve).
func (g goldReading) readAll(path string, fixes scorer.Fix, prog *progress) ([]scorer.Sentence, error) {
	gold, err := g.load(path, fixes, prog)
	if err != nil {
		return nil, err
	}
	return gold.sentences, nil
}

// load is readAll that keeps what a signature says of the file (goldFile.identity).
func (g goldReading) load(path string, fixes scorer.Fix, prog *progress) (*goldFile, error) {
	gold := &goldFile{in: newInput(path, "gold", prog)}
	defer gold.in.close()
	reader, spans := g.reader(gold.in.name, fixes, prog)
	gold.reader = reader
	if err := gold.load(); err != nil {
		return nil, err
	}
	spans.finish()
	return gold, nil
}

// check refuses flags that contradict each other.
func (g goldReading) check() error {
	if g.strict && g.acceptBadSpans {
		return usagef("--strict and --accept-bad-spans contradict each other: --strict refuses the spans that --accept-bad-spans (now the default) accepts")
	}
	return nil
}

// reader returns the reader of the gold file path as the flags say, which warns through prog
// about each A line read as the official reads it (see spanWarnings).
func (g goldReading) reader(path string, fixes scorer.Fix, prog *progress) (scorer.M2Reader, *spanWarnings) {
	w := &spanWarnings{path: path, prog: prog, seen: map[int]bool{}}
	return scorer.M2Reader{Fixes: fixes, Strict: g.strict, Warn: w.warn}, w
}
