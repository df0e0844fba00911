package m2extract

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"maxmatch/tokenize"
)

// convertGoldWhole is the conversion as it was before the window (up to commit 69b697b), the
// definition convertGoldText must keep: every sentence around the correction is tokenized
// again, whole, with the correction made, and the correction's tokens are what differs from
// the source's. It returns the token edit, the corrected sentences' tokens (offsets into the
// corrected text) and the correction's among them, [first, last).
func (src *Source) convertGoldWhole(g GoldEdit, corr string) (ge goldTokenEdit, C []tokenize.Token, first, last int) {
	s, e := g.Start, g.End
	delta := len(corr) - (e - s)
	ka := src.sentenceAt(s)
	kb := max(ka, src.sentenceAt(max(e-1, s)))
	lo, hi := max(ka-1, 0), min(kb+2, len(src.Sentences))
	p0, p1 := min(src.Sentences[lo].Start, s), max(src.Sentences[hi-1].End, e)
	piece := src.Text[p0:s] + corr + src.Text[e:p1]
	cuts := []int{0}
	for k := lo + 1; k < hi; k++ {
		cuts = append(cuts, correctedStart(src.Sentences[k].Start, s, e, len(corr))-p0)
	}
	cuts = append(cuts, p1+delta-p0)
	C, pieceFirst := tokenizePieces(piece, cuts, nil)
	for i := range C {
		C[i].Start += p0
		C[i].End += p0
	}
	T := src.Tokens[src.first[lo]:src.first[hi]]
	p := 0
	for p < len(T) && p < len(C) && T[p].End <= s && T[p].Start == C[p].Start && T[p].Text == C[p].Text {
		p++
	}
	q := 0
	for q < len(T)-p && q < len(C)-p {
		t, c := T[len(T)-1-q], C[len(C)-1-q]
		if t.Start < e || t.Start+delta != c.Start || t.Text != c.Text {
			break
		}
		q++
	}
	ge = goldTokenEdit{first: src.first[lo] + p, last: src.first[lo] + len(T) - q, start: s, end: e, byteCorrection: corr}
	for _, c := range C[p : len(C)-q] {
		ge.correction = append(ge.correction, c.Text)
	}
	ge.expressed = ge.first < ge.last || len(ge.correction) > 0
	cf, cl, exact := tokenize.Cover(src.Tokens, s, e)
	ge.exact = exact && cf == ge.first && cl == ge.last
	if ge.first < ge.last {
		ge.sentA, ge.sentB = src.sentenceOfToken(ge.first), src.sentenceOfToken(ge.last-1)
	} else {
		ge.sentA = lo + sort.Search(len(pieceFirst)-1, func(i int) bool { return pieceFirst[i+1] > p })
		ge.sentB = ge.sentA
	}
	return ge, C, p, len(C) - q
}

// sameAsWhole fails t unless convertGoldText converts the correction corr of g as
// convertGoldWhole does: the same token edit, and the correction's tokens at the same
// offsets of the corrected text.
func sameAsWhole(t *testing.T, src *Source, g GoldEdit, corr string) {
	t.Helper()
	want, C, first, last := src.convertGoldWhole(g, corr)
	got, ct := src.convertGoldText(g, corr)
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(goldTokenEdit{})); diff != "" {
		t.Fatalf("%q, bytes %d–%d %q → %q: the window's token edit differs from the whole sentences' (-whole +window):\n%s",
			src.Text, g.Start, g.End, src.Text[g.Start:g.End], corr, diff)
	}
	if diff := cmp.Diff(C[first:last], ct.tokens[ct.first:ct.last], cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("%q, bytes %d–%d %q → %q: the correction's tokens differ (-whole +window):\n%s",
			src.Text, g.Start, g.End, src.Text[g.Start:g.End], corr, diff)
	}
}

// hostile are pieces of text the tokenizer treats by their context: quotes and apostrophes,
// periods at a sentence's end, contractions, brackets, colons and commas before digits or
// not, words split by Treebank's rules, white space that is a space or not (a line break, a
// no-break space, an information separator), letters of many bytes. Capitalised words after a
// period make the segmenter cut sentences.
var hostile = []string{
	"the", "cat", "The", "He", "can", "not", "cannot", "gonna", "wanna", "gimme", "'tis", "'Twas",
	"don't", "it's", "I'm", "we'll", "they're", "d'ye", "more'n", "Mr.", "e.g.", "U.S.", "3,000",
	"1:2", "x", "é", "naïve", "😀", "e\u0301", "ß",
	".", ",", ":", ";", "?", "!", "...", "..", "--", "-", "(", ")", "[", "]", "{", "}", "<", ">",
	"\"", "''", "``", "'", "`", "&", "$", "%", "@", "#", "'s", "n't", "'ll", "s'",
	" ", " ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\x1c", "\r\n", "\u2028", "\u0085",
	". ", ". ", "? ", "\" ", " \"", " '", "' ",
}

// hostileText decodes code into a text of hostile pieces, one a byte.
func hostileText(code []byte) string {
	var b strings.Builder
	for _, c := range code {
		b.WriteString(hostile[int(c)%len(hostile)])
	}
	return b.String()
}

// runeStarts returns the offsets of text's characters and its end.
func runeStarts(text string) []int {
	var out []int
	for i := range text {
		out = append(out, i)
	}
	return append(out, len(text))
}

// TestConvertGoldIsWhole converts random corrections of random hostile texts, and every gold
// correction of the HOO 2011 develop set, the window's way and the whole sentences' way.
func TestConvertGoldIsWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1))
	cases := 0
	for range 300 {
		code := make([]byte, 1+rng.IntN(40))
		for i := range code {
			code[i] = byte(rng.IntN(256))
		}
		text := hostileText(code)
		src := NewSource(text, Options{})
		if len(src.Sentences) == 0 {
			continue
		}
		at := runeStarts(text)
		for range 20 {
			i := rng.IntN(len(at))
			j := min(i+rng.IntN(4), len(at)-1)
			corr := make([]byte, rng.IntN(4))
			for k := range corr {
				corr[k] = byte(rng.IntN(256))
			}
			sameAsWhole(t, src, GoldEdit{Start: at[i], End: at[j]}, hostileText(corr))
			cases++
		}
	}
	t.Logf("%d random corrections", cases)
	dir := hooData(t)
	for _, fr := range readFragments(t, dir) {
		src := NewSource(fr.raw, Options{})
		for _, g := range fr.gold {
			for _, c := range g.Corrections {
				sameAsWhole(t, src, g, c)
			}
		}
	}
}

// FuzzConvertGold converts, the window's way and the whole sentences' way, a correction
// (code corr) of length bytes at every character of a hostile text (code text).
func FuzzConvertGold(f *testing.F) {
	f.Add([]byte{0, 1, 2, 81, 3, 81, 4}, uint8(3), []byte{5})
	f.Add([]byte{84, 57, 84, 1, 0, 84, 94, 84, 2, 0, 84}, uint8(0), []byte{84, 57})
	f.Add([]byte{60, 3, 84, 14, 84, 15, 84, 20, 90, 6, 91}, uint8(5), []byte{})
	f.Fuzz(func(t *testing.T, textCode []byte, length uint8, corrCode []byte) {
		if len(textCode) > 200 || len(corrCode) > 8 {
			return
		}
		text, corr := hostileText(textCode), hostileText(corrCode)
		src := NewSource(text, Options{})
		if len(src.Sentences) == 0 {
			return
		}
		for _, s := range runeStarts(text) {
			e := min(s+int(length)%16, len(text))
			for !utf8.RuneStart(at(text, e)) {
				e++
			}
			sameAsWhole(t, src, GoldEdit{Start: s, End: e}, corr)
		}
	})
}

// longSentence is one sentence of n words, and a gold edit at each word, over one to three
// words, with two corrections: the shape of a long unsegmented text with many overlapping
// gold edits.
func longSentence(n int) (string, []GoldEdit) {
	rng := rand.New(rand.NewPCG(uint64(n), 2))
	words := []string{"a", "cat", "sat", "on", "the", "mat"}
	var b strings.Builder
	var starts, ends []int
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		starts = append(starts, b.Len())
		b.WriteString(words[rng.IntN(len(words))])
		ends = append(ends, b.Len())
	}
	b.WriteByte('.')
	var gold []GoldEdit
	for i := range n {
		last := min(i+rng.IntN(3), n-1)
		gold = append(gold, GoldEdit{Start: starts[i], End: ends[last], Corrections: []string{"on", "the mat"}})
	}
	return b.String(), gold
}

// TestGoldConversionCost pins the bytes tokenized to convert gold corrections
// (Stats.GoldBytesTokenized), a count no load on the machine moves: on one sentence of n
// words with a gold edit at each word, they must not grow with n per correction (they did,
// as n: each correction tokenized its whole sentence again, 35 s for 3,000 words), and on the
// longest the count may not grow by more than a tenth of its value here.
func TestGoldConversionCost(t *testing.T) {
	const n, want = 4000, 123_858 // bytes tokenized for the 8,000 corrections of 4,000 words
	var perCorrection []float64
	for _, words := range []int{250, 1000, n} {
		text, gold := longSentence(words)
		src := NewSource(text, Options{})
		if len(src.Sentences) != 1 {
			t.Fatalf("%d words: %d sentences, want 1", words, len(src.Sentences))
		}
		var st Stats
		src.convertGolds(gold, make([]bool, 1), &st, Options{})
		per := float64(st.GoldBytesTokenized) / float64(st.GoldCorrections)
		t.Logf("%d words, %d bytes: %d bytes tokenized for %d corrections, %.1f each", words, len(text), st.GoldBytesTokenized, st.GoldCorrections, per)
		perCorrection = append(perCorrection, per)
		if words == n && st.GoldBytesTokenized > want+want/10 {
			t.Errorf("%d words: %d bytes tokenized to convert the gold corrections, more than a tenth over %d", words, st.GoldBytesTokenized, want)
		}
	}
	if perCorrection[len(perCorrection)-1] > 1.1*perCorrection[0] {
		t.Errorf("bytes tokenized per gold correction grow with the sentence's length: %.1f", perCorrection)
	}
}

// BenchmarkConvertGold converts the gold corrections of one sentence of 250 words with a
// gold edit at each word, the window's way and the whole sentences' way.
func BenchmarkConvertGold(b *testing.B) {
	text, gold := longSentence(250)
	src := NewSource(text, Options{})
	b.Run("window", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gold {
				for _, c := range g.Corrections {
					src.convertGoldText(g, c)
				}
			}
		}
	})
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gold {
				for _, c := range g.Corrections {
					src.convertGoldWhole(g, c)
				}
			}
		}
	})
}
