package corpus

import (
	"iter"

	"maxmatch/input"
	"maxmatch/internal/wording"
	"maxmatch/scorer"
)

// DefaultKeepLimit is the size up to which a run's files are read whole, parsed once and kept:
// small files are scored at once, and the memory this takes, about five times the files' size,
// stays bounded. Larger files, and standard input, are read as they are scored.
const DefaultKeepLimit = 16 << 20

// pairs is a system's output and the gold file it is scored against, ready to be scored. Small
// files are read whole, parsed once and kept, before anything is scored: the gold file once for
// every system (Gold.load); larger ones, and standard input, are read again as they are scored,
// sentence by sentence, in memory that does not depend on their length. Either way, every
// error in the files is found before anything is scored when the run asks for it (check): one
// reading checks them (the same parser, the same messages, in the same order), the next one
// scores.
type pairs struct {
	gold     *Gold
	sys      *input.File
	progress Progress

	kept   bool
	pairs  []scorer.Pair // when kept
	n      int           // number of sentences, once known (-1 before)
	warned bool          // the warning about an ignored last line was given
}

// keepFiles reports whether a run's files are small enough to be read whole and kept: all
// regular files, the gold and the largest system output together at most limit.
func keepFiles(gold *input.File, systems []*input.File, limit int64) bool {
	g := gold.TextSize()
	largest := int64(0)
	for _, s := range systems {
		size := s.TextSize()
		if g < 0 || size < 0 {
			return false
		}
		largest = max(largest, size)
	}
	return g >= 0 && g+largest <= limit
}

// prepare reads the system's output whole and pairs it with the gold's sentences when the gold
// file is kept (loaded); otherwise, when check asks that every error be found before scoring
// begins, it reads both files once to check them. It returns the first error in the files.
func (c *pairs) prepare(check bool) error {
	if c.gold.kept {
		return c.keep()
	}
	if check {
		c.gold.in.ReadTwice()
		c.sys.ReadTwice()
	} else {
		return nil
	}
	gr, sr := c.gold.in.Reader(), c.sys.Reader()
	defer gr.Close()
	defer sr.Close()
	c.progress.Doing("checking the files")
	n, err := scorer.CheckPairs(c.gold.reader.Stream(c.gold.in.Name(), gr), scorer.NewSystemStream(c.sys.Name(), sr), c.skipped)
	c.n = n
	return err
}

// keep reads the system's output whole and pairs it with the kept gold sentences.
func (c *pairs) keep() error {
	sysText, err := c.sys.ReadAll()
	if err != nil {
		return err
	}
	gold, _ := c.gold.stream()
	for p, err := range scorer.Pairs(gold, scorer.NewSystemStreamString(c.sys.Name(), sysText), c.skipped) {
		if err != nil {
			return err
		}
		c.pairs = append(c.pairs, p)
	}
	c.kept, c.n = true, len(c.pairs)
	return nil
}

// skipped warns about an empty last line of the system file, which is ignored.
func (c *pairs) skipped(line int) {
	if c.warned {
		return
	}
	c.warned = true
	c.progress.Warn("%s:%d: ignoring an empty last line (the gold file has %s)", c.sys.Name(), line, wording.Plural(line-1, "sentence"))
}

// stream reads both files, sentence by sentence.
func (c *pairs) stream() iter.Seq2[scorer.Pair, error] {
	return func(yield func(scorer.Pair, error) bool) {
		gold, gc := c.gold.stream()
		sr := c.sys.Reader()
		defer gc.Close()
		defer sr.Close()
		for p, err := range scorer.Pairs(gold, scorer.NewSystemStream(c.sys.Name(), sr), c.skipped) {
			if !yield(p, err) {
				return
			}
		}
	}
}

// score scores the pairs, passing every sentence to each as its annotator is chosen.
func (c *pairs) score(opt scorer.Options, each func(*scorer.SentenceResult) error) (scorer.Totals, error) {
	if c.kept {
		return scorer.ScorePairs(c.pairs, opt, each)
	}
	return scorer.ScoreStream(c.stream(), opt, each)
}

// release lets the kept pairs (and the system's text they refer to) go, once scored.
func (c *pairs) release() { c.pairs = nil }
