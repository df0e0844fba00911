package corpus

import (
	"errors"

	"maxmatch/input"
	"maxmatch/scorer"
)

// Reading says how to read a gold file.
type Reading struct {
	// Strict refuses A lines whose span the official accepts but cannot use; by default they
	// are read as the official reads them, with a warning.
	Strict bool
	// AcceptBadSpans has no effect: it was the way to get the official's reading, now the
	// default, and is kept for scripts that pass it.
	AcceptBadSpans bool
}

// Check refuses a reading that contradicts itself.
func (r Reading) Check() error {
	if r.Strict && r.AcceptBadSpans {
		return errors.New("--strict and --accept-bad-spans contradict each other: --strict refuses the spans that --accept-bad-spans (now the default) accepts")
	}
	return nil
}

// maxReadWarnings is the number of warnings about one gold file given one by one; the rest are
// counted in one last warning.
const maxReadWarnings = 10

// spanWarnings gives the warnings of a gold file's reading: one per A line (the gold file may
// be read more than once: by a checking pass, or once per system), up to maxReadWarnings, then,
// at finish, how many more there were.
type spanWarnings struct {
	path string
	warn func(format string, args ...any)
	seen map[int]bool // the lines warned about
}

func (w *spanWarnings) add(e *scorer.ParseError) {
	if w.seen[e.Line] {
		return
	}
	w.seen[e.Line] = true
	if len(w.seen) <= maxReadWarnings {
		w.warn("%v", e)
	}
}

// finish gives the count of the warnings not given one by one.
func (w *spanWarnings) finish() {
	if n := len(w.seen); n > maxReadWarnings {
		w.warn("%s: %d more A lines with a span outside their sentence or reversed, read as the official scorer does and not listed (%d such lines in all)",
			w.path, n-maxReadWarnings, n)
	}
}

// reader returns the reader of the gold file path as r says, which warns through warn about
// each A line read as the official reads it (see spanWarnings).
func (r Reading) reader(path string, fixes scorer.Fix, warn func(format string, args ...any)) (scorer.M2Reader, *spanWarnings) {
	w := &spanWarnings{path: path, warn: warn, seen: map[int]bool{}}
	return scorer.M2Reader{Fixes: fixes, Strict: r.Strict, Warn: w.add}, w
}

// ReadGold reads and parses the whole gold file arg ("-": standard input) as r says, with the
// fixes of the scoring options, for the commands that keep it in memory (nbest, oracle,
// serve). It warns through progress (nil: silently) about the A lines it reads as the official
// does, and returns the file's sentences and identity.
func (r Reading) ReadGold(arg string, fixes scorer.Fix, in input.Options, progress Progress) ([]scorer.Sentence, Identity, error) {
	p := progressOf(progress)
	if in.Progress == nil {
		in.Progress = p.Reading
	}
	f := input.New(arg, "gold", in)
	defer f.Close()
	text, err := f.ReadAll()
	if err != nil {
		return nil, Identity{}, err
	}
	reader, spans := r.reader(f.Name(), fixes, p.Warn)
	gold, err := reader.ReadString(f.Name(), text)
	if err != nil {
		return nil, Identity{}, err
	}
	spans.finish()
	var summary scorer.GoldSummary
	for i := range gold {
		summary.Add(&gold[i])
	}
	return gold, Identity{Sentences: summary.Sentences, Annotators: summary.Annotators(), Hash: hashString(text)}, nil
}
