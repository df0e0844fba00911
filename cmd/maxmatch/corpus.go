package main

import (
	"errors"
	"iter"

	"maxmatch/scorer"
)

// corpus is a gold file and a system's output for it, ready to be scored. Small files (up to
// keepLimit together) are read whole and parsed once, before anything is scored, and kept;
// larger ones, and standard input, are read again as they are scored, sentence by sentence,
// in memory that does not depend on their length. Either way, every error in the files is
// found before anything is scored when the command asks for it (check): one reading checks
// them (the same parser, the same messages, in the same order), the next one scores.
type corpus struct {
	reader    scorer.M2Reader
	gold, sys *input
	prog      *progress

	kept   bool
	pairs  []scorer.Pair // when kept
	n      int           // number of sentences, once known (-1 before)
	warned bool          // the warning about an ignored last line was printed
}

func newCorpus(reader scorer.M2Reader, gold, sys *input, prog *progress) *corpus {
	return &corpus{reader: reader, gold: gold, sys: sys, prog: prog, n: -1}
}

// prepare reads the files once when they are small (and keeps them) or when check asks that
// every error be found before scoring begins; the gold file of a corpus scored against
// several systems is read once per system (goldTwice). It returns the first error in the
// files.
func (c *corpus) prepare(check, goldTwice bool) error {
	if g, s := c.gold.textSize(), c.sys.textSize(); g >= 0 && s >= 0 && g+s <= keepLimit {
		return c.keep()
	}
	c.gold.twice = c.gold.twice || check || goldTwice
	c.sys.twice = c.sys.twice || check
	if !check {
		return nil
	}
	gr, sr := c.gold.reader(), c.sys.reader()
	defer gr.Close()
	defer sr.Close()
	c.prog.doing("checking the files")
	n, err := scorer.CheckPairs(c.reader.Stream(c.gold.name, gr), scorer.NewSystemStream(c.sys.name, sr), c.skipped)
	c.n = n
	return err
}

// keep reads both files whole and pairs their sentences, in memory.
func (c *corpus) keep() error {
	goldText, err := c.gold.readAll()
	if err != nil {
		return err
	}
	sysText, sysErr := c.sys.readAll()
	if sysErr != nil {
		// An error in the gold file comes first, as when it is read as the files are scored.
		if _, err := c.reader.ReadString(c.gold.name, goldText); err != nil {
			return err
		}
		return sysErr
	}
	pairs := scorer.Pairs(c.reader.StreamString(c.gold.name, goldText), scorer.NewSystemStreamString(c.sys.name, sysText), c.skipped)
	for p, err := range pairs {
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
	c.prog.printf("maxmatch: warning: %s:%d: ignoring an empty last line (the gold file has %s)\n", c.sys.name, line, plural(line-1, "sentence"))
}

// streamPairs reads both files, sentence by sentence.
func (c *corpus) streamPairs() iter.Seq2[scorer.Pair, error] {
	return func(yield func(scorer.Pair, error) bool) {
		gr, sr := c.gold.reader(), c.sys.reader()
		defer gr.Close()
		defer sr.Close()
		for p, err := range scorer.Pairs(c.reader.Stream(c.gold.name, gr), scorer.NewSystemStream(c.sys.name, sr), c.skipped) {
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
