package benchcases

import (
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"maxmatch/internal/pytext"
)

// The rewrite family: a learner's paragraph rewritten at length by a fluent writer — the shape
// of a large language model's output for an essay-level test set, which shares few of its
// source's tokens. Its paragraphs are CoNLL-2014's source sentences, read from the shared data
// when a case is made (they never enter the repository).
var rewriteFamily = Family{
	Name: "rewrite",
	Description: "a paragraph of consecutive CoNLL-2014 source sentences of at least n tokens " +
		"(annotator 0's edits, most of them applied), rewritten at 2.2 times its length: 85% of " +
		"its words replaced by words it does not use, others dropped, words inserted — few " +
		"tokens in common, as in a model's rewrite of an essay",
	Generate: rewriteCase,
}

// conllBlocks are the M2 blocks of CoNLL-2014's gold file, read once from the shared data (nil
// when it is absent).
var conllBlocks = sync.OnceValue(func() []string {
	data, err := SharedData(".")
	if err != nil {
		return nil
	}
	gold, err := os.ReadFile(filepath.Join(data, CoNLLGold))
	if err != nil {
		return nil
	}
	return m2Blocks(string(gold))
})

// rewriteCase joins sentences from a random block on until there are n source tokens (the last
// one cut), and rewrites the paragraph. Without the shared data, the paragraph is drawn from the plain
// vocabulary (and has no gold edit).
func rewriteCase(rng *rand.Rand, n int) Case {
	var c Case
	var gold []Edit
	blocks := conllBlocks()
	if len(blocks) == 0 {
		for range n {
			c.Source = append(c.Source, pick(rng, words))
		}
	}
	for b := 0; len(blocks) > 0 && len(c.Source) < n; b++ {
		if b == 0 {
			b = rng.Intn(len(blocks))
		}
		if b >= len(blocks) {
			b = 0
		}
		lines := strings.Split(blocks[b], "\n")
		offset := len(c.Source)
		toks := pytext.Fields(strings.TrimPrefix(lines[0], "S"))
		c.Source = append(c.Source, toks...)
		for _, line := range lines[1:] {
			if e, ok := annotatorZeroEdit(line); ok && e.End <= len(toks) {
				e.Start, e.End = e.Start+offset, e.End+offset
				gold = append(gold, e)
			}
		}
	}
	// Exactly n tokens: the last sentence cut, and the edits in order, none overlapping or past
	// the cut.
	c.Source = c.Source[:min(n, len(c.Source))]
	slices.SortStableFunc(gold, func(x, y Edit) int { return x.Start - y.Start })
	kept := gold[:0]
	end := 0
	for _, e := range gold {
		if e.Start >= end && e.End <= n {
			kept = append(kept, e)
			end = e.End
		}
	}
	gold = kept
	c.Annotators = [][]Edit{gold}
	c.Hypothesis = Rewrite(rng, c.Source, gold, 2.2)
	return c
}

// annotatorZeroEdit reads an A line of annotator 0 that is not a noop.
func annotatorZeroEdit(line string) (Edit, bool) {
	f := strings.Split(line, "|||")
	if !strings.HasPrefix(line, "A ") || len(f) < 6 || f[1] == "noop" || strings.TrimSpace(f[5]) != "0" {
		return Edit{}, false
	}
	span := strings.Fields(strings.TrimPrefix(f[0], "A "))
	if len(span) != 2 {
		return Edit{}, false
	}
	s, err1 := strconv.Atoi(span[0])
	e, err2 := strconv.Atoi(span[1])
	if err1 != nil || err2 != nil || s < 0 || e < s {
		return Edit{}, false
	}
	corr := strings.Split(f[2], "||")[0]
	if corr == "-NONE-" {
		corr = ""
	}
	return Edit{Start: s, End: e, Correction: strings.Fields(corr)}, true
}

// Rewrite rewrites src to about ratio times its length: each gold correction is applied with
// probability 0.7 (overlapping ones skipped); then each word is replaced, with probability 0.85,
// by a word of the vocabulary that src does not use, or dropped (0.04), or kept; words of that
// vocabulary are inserted after some words, and at random places until the rewrite has the
// length asked.
func Rewrite(rng *rand.Rand, src []string, gold []Edit, ratio float64) []string {
	var fixed []string
	pos := 0
	for _, e := range gold {
		if e.Start < pos || rng.Float64() >= 0.7 {
			continue
		}
		fixed = append(fixed, src[pos:e.Start]...)
		fixed = append(fixed, e.Correction...)
		pos = e.End
	}
	fixed = append(fixed, src[pos:]...)
	used := map[string]bool{}
	for _, w := range src {
		used[w] = true
	}
	var pool []string
	for _, w := range words {
		if !used[w] {
			pool = append(pool, w)
		}
	}
	if len(pool) == 0 {
		pool = []string{"—"}
	}
	target := int(ratio * float64(len(src)))
	insertRate := max(0.0, (float64(target)/float64(max(1, len(fixed)))-1.05)/2.2)
	var out []string
	for _, tok := range fixed {
		switch r := rng.Float64(); {
		case r < 0.85:
			out = append(out, pick(rng, pool))
		case r < 0.89:
			// dropped
		default:
			out = append(out, tok)
		}
		if rng.Float64() < insertRate {
			for range 1 + rng.Intn(3) {
				out = append(out, pick(rng, pool))
			}
		}
	}
	for len(out) < target {
		at := rng.Intn(len(out) + 1)
		out = append(out[:at], append([]string{pick(rng, pool)}, out[at:]...)...)
	}
	return out
}
