package scorer

import (
	"flag"
	"fmt"
	"strings"

	"maxmatch/membudget"
)

// RegisterFlags defines the scoring flags on fs, with o's current values as defaults: the
// official scorer's (--max_unchanged_words, --beta, --ignore_whitespace_casing, also with dashes)
// and ours (--compat, --fix, --max-memory, --max-edges, --max-work, -j).
func (o *Options) RegisterFlags(fs *flag.FlagSet) {
	fs.IntVar(&o.MaxUnchangedWords, "max_unchanged_words", o.MaxUnchangedWords, "most unchanged tokens inside one edit (u)")
	fs.IntVar(&o.MaxUnchangedWords, "max-unchanged-words", o.MaxUnchangedWords, "same as -max_unchanged_words")
	fs.Float64Var(&o.Beta, "beta", o.Beta, "β of F_β")
	fs.BoolVar(&o.IgnoreWhitespaceCasing, "ignore_whitespace_casing", o.IgnoreWhitespaceCasing, "ignore system edits that only change white space or case")
	fs.BoolVar(&o.IgnoreWhitespaceCasing, "ignore-whitespace-casing", o.IgnoreWhitespaceCasing, "same as -ignore_whitespace_casing")
	fs.Func("compat", "behaviour to reproduce: 3.2 (release 3.2, the default), master (GitHub master), fixed (no quirks)", func(s string) error {
		c, err := ParseCompat(s)
		o.Compat = c
		return err
	})
	fs.Func("fix", "comma-separated quirks of 3.2 to correct on top of -compat ("+strings.Join(FixNames(), ", ")+", or all); see the README", func(s string) error {
		f, err := ParseFixes(s)
		o.Fixes |= f
		return err
	})
	def, source := DefaultMaxMemory()
	fs.Func("max-memory", fmt.Sprintf("memory budget of the whole run, all workers together: a `size` in bytes or with a unit (500M, 2G); a sentence whose exact search does not fit is scored by the bounded search, with a warning, and one that does not fit at all stops the run (default %s: %s)", membudget.Bytes(def), source), func(s string) error {
		n, err := membudget.ParseBytes(s)
		if err == nil && n <= 0 {
			err = fmt.Errorf("%q: the memory budget must be positive", s)
		}
		o.MaxMemory = n
		return err
	})
	fs.IntVar(&o.MaxEdges, "max-edges", o.MaxEdges, "optional cap on one sentence's lattice closure (edges); larger ones use the bounded search (0 or -1: no cap but the memory budget)")
	fs.IntVar(&o.MaxWork, "max-work", o.MaxWork, "optional cap on the official scorer's predicted work on one sentence (vertices × closure pairs, about 1 µs each); sentences over it use the bounded search (0 or -1: no cap)")
	fs.IntVar(&o.Workers, "j", o.Workers, "sentences scored in parallel by this many workers (0: one per CPU); the output does not depend on it")
}
