package main

import (
	"errors"
	"iter"

	"maxmatch/scorer"
)

// corpus is a system's output and the gold file it is scored against, ready to be scored.
// Small files (see keepFiles) are read whole, parsed once and kept, before anything is scored:
// the gold file once for every system (goldFile.load); larger ones, and standard input, are
// read again as they are scored, sentence by sentence, in memory that does not depend on their
// length. Either way, every error in the files is found before anything is scored when the
// command asks for it (check): one reading checks them (the same parser, the same messages, in
// the same order), the next one scores.
type corpus struct {
	gold *goldFile
	sys  *input
	prog *progress

	kept   bool
	pairs  []scorer.Pair // when kept
	n      int           // number of sentences, once known (-1 before)
	warned bool          // the warning about an ignored last line was printed
}

func newCorpus(gold *goldFile, sys *input, prog *progress) *corpus {
	return &corpus{gold: gold, sys: sys, prog: prog, n: -1}
}

// keepFiles reports whether a run's files are small enough to be read whole and kept: all
// regular files, the gold and the largest system output together at most keepLimit.
func keepFiles(gold *input, systems []*input) bool {
	g := gold.textSize()
	largest := int64(0)
	for _, s := range systems {
		size := s.textSize()
		if g < 0 || size < 0 {
			return false
		}
		largest = max(largest, size)
	}
	return g >= 0 && g+largest <= keepLimit
}

// prepare reads the system's output whole and pairs it with the gold's sentences when the gold
// file is kept (loaded); otherwise, when check asks that every error be found before scoring
// begins, it reads both files once to check them. It returns the first error in the files.
func (c *corpus) prepare(check bool) error {
	if c.gold.kept {
		return c.keep()
	}
	c.gold.in.twice = c.gold.in.twice || check
	c.sys.twice = c.sys.twice || check
	if !check {
		return nil
	}
	gr, sr := c.gold.in.reader(), c.sys.reader()
	defer gr.Close()
	defer sr.Close()
	c.prog.doing("checking the files")
	n, err := scorer.CheckPairs(c.gold.reader.Stream(c.gold.in.name, gr), scorer.NewSystemStream(c.sys.name, sr), c.skipped)
	c.n = n
	return err
}

// keep reads the system's output whole and pairs it with the kept gold sentences.
func (c *corpus) keep() error {
	sysText, err := c.sys.readAll()
	if err != nil {
		return err
	}
	gold, _ := c.gold.stream()
	for p, err := range scorer.Pairs(gold, scorer.NewSystemStreamString(c.sys.name, sysText), c.skipped) {
		if err != nil {
			return err
		}
		c.pairs = append(c.pairs, p)
	}
	c.kept, c.n = true, len(c.pairs)
	return nil
}

// skipped warns about an empty last line of the system file, which is ignored.
func (c *corpus) skipped(line int) {
	if c.warned {
		return
	}
	c.warned = true
	c.prog.warn("%s:%d: ignoring an empty last line (the gold file has %s)", c.sys.name, line, plural(line-1, "sentence"))
}

// streamPairs reads both files, sentence by sentence.
func (c *corpus) streamPairs() iter.Seq2[scorer.Pair, error] {
	return func(yield func(scorer.Pair, error) bool) {
		gold, gc := c.gold.stream()
		sr := c.sys.reader()
		defer gc.Close()
		defer sr.Close()
		for p, err := range scorer.Pairs(gold, scorer.NewSystemStream(c.sys.name, sr), c.skipped) {
			if !yield(p, err) {
				return
			}
		}
	}
}

// score scores the corpus, passing every sentence to each as its annotator is chosen.
func (c *corpus) score(opt scorer.Options, each func(*scorer.SentenceResult) error) (scorer.Totals, error) {
	if c.kept {
		return scorer.ScorePairs(c.pairs, opt, each)
	}
	return scorer.ScoreStream(c.streamPairs(), opt, each)
}

// release lets the kept pairs (and the system's text they refer to) go, once scored.
func (c *corpus) release() { c.pairs = nil }

// errWrite marks an error of the callback (writing the report), as opposed to one of the input.
type errWrite struct{ err error }

func (e errWrite) Error() string { return e.err.Error() }
func (e errWrite) Unwrap() error { return e.err }

// isWriteError returns the write error inside err, if it is one.
func isWriteError(err error) (error, bool) {
	var we errWrite
	if errors.As(err, &we) {
		return we.err, true
	}
	return nil, false
}
