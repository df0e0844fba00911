package main

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"

	"maxmatch/scorer"
)

// Tokens come from a small vocabulary, so that repeats (and hence ties between alignments) are
// common; a few are non-ASCII or differ only in case, for --ignore_whitespace_casing; then ones
// printed by Python 2's repr with escapes (quotes, a backslash, control characters that are
// neither white space nor line breaks, Latin-1, the BMP, beyond it); the last ones are case
// pairs where Python 2's lower() (Unicode 5.2, one code point for one) is not Go's strings.ToLower
// or matters: a title-case letter, the capital sharp s, Cherokee and Georgian capitals that
// Unicode 5.2 does not lower, Deseret beyond the BMP, the Kelvin sign, final sigma, a combining
// accent.
var vocab = []string{"a", "b", "c", "a", "b", "the", "The", "cat", "sat", ".", ",", "x", "on", "é", "ß", "中", "İ", "A", "B",
	"'s", "\"", "it's\"", "\\", "a\x01", "\x7f", "\u0099", "\U0001F600", "\u2019",
	"\u01c5", "\u01c6", "\u1e9e", "\u13a0", "\uab70", "\u1c90", "\u10d0", "\U00010400", "\U00010428", "\u212a", "k", "\u03a3", "\u03c2", "e\u0301"}

// Separators that are white space for Python 2 but do not break a line in an M2 file (where
// Python's splitlines also breaks at \x0b, \x0c, \x1c–\x1e, \x85, U+2028 and U+2029).
var srcSeps = []string{" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\x1f", "\u2002", "\u180e"}

// The system file is split at "\n" only, so any Python white space may separate its tokens.
var hypSeps = []string{" ", " ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\x1c", "\x1f", "\u0085", "\u2028", "\u202f", "\r", "\x0b"}

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.Intn(len(xs))] }

func join(rng *rand.Rand, toks []string, seps []string, fancy bool) string {
	var b strings.Builder
	if fancy && rng.Intn(4) == 0 {
		b.WriteString(pick(rng, seps))
	}
	for i, t := range toks {
		if i > 0 {
			if fancy {
				b.WriteString(pick(rng, seps))
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t)
	}
	if fancy && rng.Intn(4) == 0 {
		b.WriteString(pick(rng, seps))
	}
	return b.String()
}

// mutate applies a few random edits to src: insertions (often at either end), deletions,
// substitutions, swaps, duplicated spans, case changes and merged tokens.
func mutate(rng *rand.Rand, src []string) []string {
	h := append([]string(nil), src...)
	unrelated, maxUnrelated, ops := 20, 7, 5
	if *hard {
		unrelated, maxUnrelated, ops = 6, 10, 9
	}
	if rng.Intn(unrelated) == 0 {
		// A hypothesis unrelated to its source (kept short: the official's cost explodes).
		h = h[:0]
		for range rng.Intn(maxUnrelated) {
			h = append(h, pick(rng, vocab))
		}
		return h
	}
	for range rng.Intn(ops) {
		switch op := rng.Intn(9); {
		case op <= 1: // insert, at an end half of the time
			pos := rng.Intn(len(h) + 1)
			if rng.Intn(2) == 0 {
				pos = []int{0, len(h)}[rng.Intn(2)]
			}
			ins := []string{pick(rng, vocab)}
			if rng.Intn(3) == 0 {
				ins = append(ins, pick(rng, vocab))
			}
			h = append(h[:pos], append(ins, h[pos:]...)...)
		case op == 2 && len(h) > 0: // delete
			pos := rng.Intn(len(h))
			h = append(h[:pos], h[pos+1:]...)
		case op == 3 && len(h) > 0: // substitute
			h[rng.Intn(len(h))] = pick(rng, vocab)
		case op == 4 && len(h) > 1: // swap neighbours
			i := rng.Intn(len(h) - 1)
			h[i], h[i+1] = h[i+1], h[i]
		case op == 5 && len(h) > 0: // duplicate a span
			i := rng.Intn(len(h))
			j := min(len(h), i+1+rng.Intn(2))
			dup := append([]string(nil), h[i:j]...)
			h = append(h[:j], append(dup, h[j:]...)...)
		case op == 6 && len(h) > 0: // change case
			i := rng.Intn(len(h))
			if u := strings.ToUpper(h[i]); u != h[i] {
				h[i] = u
			} else {
				h[i] = strings.ToLower(h[i])
			}
		case op == 7 && len(h) > 1: // merge two tokens
			i := rng.Intn(len(h) - 1)
			h = append(h[:i], append([]string{h[i] + h[i+1]}, h[i+2:]...)...)
		case op == 8 && rng.Intn(3) == 0: // a long run before the first token: 3.2 reports
			// insertion j before the source at (j-1, j-1), beyond a short source's end
			run := make([]string, 3+rng.Intn(4))
			for i := range run {
				run[i] = pick(rng, vocab)
			}
			h = append(run, h...)
		}
	}
	return h
}

type goldLine struct {
	start, end int
	typ        string
	corr       string
	annotator  int
}

func (g goldLine) String() string {
	return fmt.Sprintf("A %d %d|||%s|||%s|||REQUIRED|||-NONE-|||%d", g.start, g.end, g.typ, g.corr, g.annotator)
}

// Digits of other scripts (full-width, Arabic-Indic, Thai, mathematical bold), which the
// official's int() reads in a gold line's offsets and annotator id.
var digitZeros = []rune{0xff10, 0x660, 0xe50, 0x1d7ce}

// render writes the line as String does, or, one time in twenty, with its numbers written as
// the official's int() also reads them: digits of other scripts, a plus sign, leading zeros,
// and in the annotator's field white space around the number and after its sign.
func (g goldLine) render(rng *rand.Rand) string {
	if rng.Intn(20) != 0 {
		return g.String()
	}
	number := func(n int, spaces bool) string {
		sign, digits := "", strconv.Itoa(n)
		if n < 0 {
			sign, digits = "-", digits[1:]
		} else if rng.Intn(3) == 0 {
			sign = "+"
		}
		if rng.Intn(4) == 0 {
			digits = "0" + digits
		}
		var b strings.Builder
		for _, d := range digits {
			if rng.Intn(2) == 0 {
				d = pick(rng, digitZeros) + d - '0'
			}
			b.WriteRune(d)
		}
		if spaces && rng.Intn(2) == 0 {
			return pick(rng, srcSeps) + sign + pick(rng, srcSeps) + b.String() + pick(rng, srcSeps)
		}
		return sign + b.String()
	}
	return fmt.Sprintf("A %s %s|||%s|||%s|||REQUIRED|||-NONE-|||%s", number(g.start, false), number(g.end, false), g.typ, g.corr, number(g.annotator, true))
}

// generate returns blocks of an M2 file (each ending in "\n") with n sentences in all.
func generate(rng *rand.Rand, n int, cfg config) (blocks []genBlock) {
	// Our own edit extraction with no gold gives realistic gold edits to start from.
	ev, err := scorer.NewEvaluator(cfg.opt)
	if err != nil {
		panic(err) // a budget of half the machine for sentences of a few tokens
	}
	for range n {
		maxLen, words := 10, vocab
		if *hard {
			maxLen, words = 18, vocab[:3+rng.Intn(len(vocab)-3)]
		}
		src := make([]string, rng.Intn(maxLen))
		for i := range src {
			src[i] = pick(rng, words)
		}
		hyp := mutate(rng, src)
		fancy := rng.Intn(3) == 0
		hypText := join(rng, hyp, hypSeps, fancy)
		srcText := join(rng, src, srcSeps, fancy)
		sent := scorer.Sentence{Source: strings.Join(src, " "), Tokens: src, Annotators: []scorer.Annotator{{ID: 0}}}
		res, err := ev.Evaluate(strings.Join(hyp, " "), &sent)
		if err != nil {
			panic(err)
		}
		found := res.Annotators[0].Edits

		ids := []int{0}
		switch r := rng.Intn(10); {
		case r < 3:
			ids = []int{0, 1}
		case r < 5:
			ids = []int{0, 1, 2}
		case r < 6:
			ids = nil
			for range 1 + rng.Intn(4) {
				ids = append(ids, pick(rng, []int{0, 1, 2, 3, 5, 8, 9, 12, 16, -1, 100}))
			}
		}
		var lines []goldLine
		for _, id := range ids {
			if rng.Intn(6) == 0 {
				lines = append(lines, goldLine{-1, -1, "noop", "-NONE-", id})
				continue
			}
			var mine []goldLine
			for _, e := range found {
				if rng.Intn(10) < 6 {
					mine = append(mine, fromEdit(rng, e, src, id))
				}
			}
			for range rng.Intn(3) {
				mine = append(mine, randomGold(rng, src, hyp, id))
			}
			if len(mine) > 1 && rng.Intn(5) == 0 {
				mine = append(mine, mine[rng.Intn(len(mine))]) // a duplicate
			}
			if len(mine) > 1 && rng.Intn(5) == 0 {
				rng.Shuffle(len(mine), func(i, j int) { mine[i], mine[j] = mine[j], mine[i] })
			}
			if len(mine) == 0 && rng.Intn(2) == 0 {
				mine = append(mine, goldLine{-1, -1, "noop", "-NONE-", id})
			}
			lines = append(lines, mine...)
		}
		if rng.Intn(8) == 0 {
			rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		}
		blocks = appendBlock(rng, blocks, "S "+srcText, hypText, lines)
	}
	return blocks
}

// appendBlock appends the block of a sentence (its S line, its hypothesis and its gold lines)
// to blocks. In hard mode, one time in 25, the previous block's sentences (up to three) join
// it: several S lines in one block, whose edit offsets are not re-based for the later ones,
// and whose S lines the official takes from anywhere in the block, between A lines too.
func appendBlock(rng *rand.Rand, blocks []genBlock, sLine, hypText string, lines []goldLine) []genBlock {
	var b strings.Builder
	blk := genBlock{hyps: []string{hypText}}
	texts := []string{sLine}
	for _, l := range lines {
		texts = append(texts, l.render(rng))
	}
	if *hard && rng.Intn(25) == 0 && len(blocks) > 0 && len(blocks[len(blocks)-1].hyps) <= 3 {
		prev := blocks[len(blocks)-1]
		for _, l := range strings.Split(prev.text, "\n") {
			if strings.HasPrefix(l, "S ") {
				b.WriteString(l + "\n")
			}
		}
		blk.hyps = append(prev.hyps, hypText)
		blocks = blocks[:len(blocks)-1]
		if at := rng.Intn(len(texts)); rng.Intn(3) == 0 { // this S line after some of its A lines
			copy(texts, texts[1:at+1])
			texts[at] = sLine
		}
	}
	for _, t := range texts {
		b.WriteString(t + "\n")
	}
	blk.text = b.String()
	return append(blocks, blk)
}

// genBlock is one block of the gold file and the hypotheses of its sentences.
type genBlock struct {
	text string
	hyps []string
}

func corrText(rng *rand.Rand, c string) string {
	if c == "" {
		return pick(rng, []string{"-NONE-", "-NONE-", "", "-NONE- "})
	}
	if rng.Intn(15) == 0 {
		return strings.Replace(c, " ", "  ", 1) // an inner double space: can never match
	}
	return c
}

// fromEdit turns a system edit into a gold line, often perturbed: alternatives, a wrong
// correction, a widened span, a split insertion.
func fromEdit(rng *rand.Rand, e scorer.Edit, src []string, id int) goldLine {
	g := goldLine{e.Start, e.End, "X", corrText(rng, e.Correction), id}
	switch rng.Intn(8) {
	case 0:
		g.corr = pick(rng, vocab) + "||" + g.corr
	case 1:
		g.corr = pick(rng, vocab)
	case 2:
		if g.end < len(src) {
			g.end++
			g.corr = strings.TrimSpace(e.Correction + " " + src[g.end-1])
		}
	case 3:
		t := scorer.Trim(e)
		g.start, g.end, g.corr = t.Start, t.End, corrText(rng, t.Correction)
	}
	return g
}

func randomGold(rng *rand.Rand, src, hyp []string, id int) goldLine {
	s := rng.Intn(len(src) + 1)
	e := s
	if rng.Intn(2) == 0 && s < len(src) {
		e = s + 1 + rng.Intn(min(2, len(src)-s))
	}
	var corr []string
	for range rng.Intn(3) {
		if len(hyp) > 0 && rng.Intn(2) == 0 {
			corr = append(corr, pick(rng, hyp))
		} else {
			corr = append(corr, pick(rng, vocab))
		}
	}
	if rng.Intn(6) == 0 {
		corr = append([]string(nil), src[s:e]...) // a no-op gold edit
	}
	if rng.Intn(6) == 0 && len(hyp) > 0 {
		// An insertion at the offset where 3.2 reports a first-row insertion.
		j := rng.Intn(len(hyp))
		s, e = min(j, len(src)), min(j, len(src))
		corr = []string{hyp[j]}
	}
	return goldLine{s, e, "R", corrText(rng, strings.Join(corr, " ")), id}
}
