package m2extract

import (
	"sort"
	"unicode/utf8"

	"maxmatch/tokenize"
)

// goldTokenEdit is a gold correction as a token edit of the source.
type goldTokenEdit struct {
	first, last      int      // source tokens
	correction       []string // the correction's tokens
	sentA, sentB     int      // the sentences it touches, [sentA, sentB]
	start, end       int      // the gold's bytes
	byteCorrection   string
	exact, expressed bool
}

// convertGold turns one correction of a gold edit into a token edit (see the package
// documentation, step 2), and returns it with the number of bytes of corrected text it
// tokenized.
func (src *Source) convertGold(g GoldEdit, corr string) (goldTokenEdit, int) {
	ge, ct := src.convertGoldText(g, corr)
	return ge, ct.tokenized
}

// correctedText is tokens of a source with one gold correction made, around the correction,
// with offsets into that corrected text; the correction's tokens are tokens[first:last].
// tokenized is the number of bytes of corrected text that were tokenized to find them.
type correctedText struct {
	tokens      []tokenize.Token
	first, last int
	tokenized   int
}

// convertGoldText converts the correction corr of g. The corrected text is the source's
// sentences around the correction, each tokenized on its own as Words tokenizes a sentence,
// with the correction made: the gold's sentence (or sentences, which the correction then
// joins into the first) and one on either side, as the sentence boundaries of the system text
// are drawn (step 3). Its tokens that differ from the source's are the correction's.
//
// Only the words around the correction are tokenized again, not its sentences, which would
// make a long sentence's gold edits cost its length each: Words is local (see the package
// documentation of tokenize), each word's tokens depending on its own bytes and the character
// on either side of it, or on being first or last in the sentence. So the words beyond the
// second whole word on either side of the correction have their source tokens in the
// corrected text: their bytes, their neighbours and their place in their sentence are the
// same there. (The first whole word on either side may have become first or last in its
// sentence, or ceased to be: it is tokenized again.) The window tokenized runs from one
// character of the word beyond, its margin, whose own tokens are dropped.
func (src *Source) convertGoldText(g GoldEdit, corr string) (goldTokenEdit, correctedText) {
	s, e := g.Start, g.End
	delta := len(corr) - (e - s)
	ka := src.sentenceAt(s)
	kb := max(ka, src.sentenceAt(max(e-1, s)))
	kz := max(ka, src.sentenceAt(e)) // the sentence whose piece holds the source from e on
	lo, hi := max(ka-1, 0), min(kb+2, len(src.Sentences))
	// The pieces of the corrected text are those of sentences lo to hi-1, from p0 to p1. The
	// sentences that start after s and up to e start right after the correction, their
	// pieces empty but that of the last, kz, which holds the source from e on. The window is
	// in the pieces of sentences ka to kz, or of all where the segmenter left white space at
	// a sentence's start or end (a separator, U+001C–U+001F, is white space to the tokenizer,
	// not to the segmenter): that sentence's tokens are not its piece's then.
	p0, p1 := min(src.Sentences[lo].Start, s), max(src.Sentences[hi-1].End, e)
	kFrom, kTo, local := ka, kz, src.trimmed(lo, hi)
	if !local {
		kFrom, kTo = lo, hi-1
	}
	from, to := src.Sentences[kFrom].Start, p1
	if kFrom == lo {
		from = p0
	}
	if kTo+1 < hi {
		to = src.Sentences[kTo+1].Start
	}
	w := src.window(s, e, corr, kFrom, kTo, from, to, local)

	// The corrected text's tokens, C: those of the source before w.keepFrom, the window's,
	// and those of the source from w.keepTo on, moved by delta.
	f0, f1 := src.first[lo], src.first[hi]
	T := src.Tokens[f0:f1]
	before := sort.Search(len(T), func(i int) bool { return T[i].Start >= w.keepFrom })
	after := len(T) - sort.Search(len(T), func(i int) bool { return T[i].Start >= w.keepTo })
	nC := before + len(w.tokens) + after
	C := func(i int) tokenize.Token {
		switch {
		case i < before:
			return T[i]
		case i < before+len(w.tokens):
			return w.tokens[i-before]
		}
		t := T[len(T)-(nC-i)]
		t.Start += delta
		t.End += delta
		return t
	}
	// The source's tokens before the window are C's, and so are those after it: the common
	// prefix and suffix start there.
	p := before
	for p < len(T) && p < nC && T[p].End <= s && T[p].Start == C(p).Start && T[p].Text == C(p).Text {
		p++
	}
	q := after
	for q < len(T)-p && q < nC-p {
		t, c := T[len(T)-1-q], C(nC-1-q)
		if t.Start < e || t.Start+delta != c.Start || t.Text != c.Text {
			break
		}
		q++
	}
	ge := goldTokenEdit{
		first: f0 + p, last: f0 + len(T) - q,
		start: s, end: e, byteCorrection: corr,
	}
	for i := p; i < nC-q; i++ {
		ge.correction = append(ge.correction, C(i).Text)
	}
	ge.expressed = ge.first < ge.last || len(ge.correction) > 0
	cf, cl, exact := tokenize.Cover(src.Tokens, s, e)
	ge.exact = exact && cf == ge.first && cl == ge.last
	// The sentences it touches: those of its source tokens, or, for an insertion, the
	// sentence whose piece received the correction (that of C's token p).
	switch {
	case ge.first < ge.last:
		ge.sentA, ge.sentB = src.sentenceOfToken(ge.first), src.sentenceOfToken(ge.last-1)
	case p < before+len(w.tokens):
		ge.sentA = kFrom + w.piece[p-before]
	case p < nC:
		ge.sentA = src.sentenceOfToken(f0 + len(T) - (nC - p))
	default:
		ge.sentA = hi
	}
	if ge.first == ge.last {
		ge.sentB = ge.sentA
	}
	return ge, correctedText{w.tokens, p - before, nC - q - before, w.tokenized}
}

// correctionWindow is the part of a corrected text tokenized again: the tokens of its bytes
// [keepFrom, keepTo + delta) (keepTo is an offset into the source), with offsets into the
// corrected text, and the piece of each, counted from the window's first.
type correctionWindow struct {
	tokens           []tokenize.Token
	piece            []int
	keepFrom, keepTo int
	tokenized        int // bytes
}

// trimmed reports whether sentences [lo, hi) start and end with a character that is not white
// space.
func (src *Source) trimmed(lo, hi int) bool {
	for _, s := range src.Sentences[lo:hi] {
		first, _ := utf8.DecodeRuneInString(src.Text[s.Start:s.End])
		last, _ := utf8.DecodeLastRuneInString(src.Text[s.Start:s.End])
		if tokenize.IsSpace(first) || tokenize.IsSpace(last) {
			return false
		}
	}
	return true
}

// window tokenizes the corrected text around the correction of bytes [s, e) into corr: the
// pieces of sentences kFrom to kTo, the source's bytes [from, to) with the correction made,
// or, with margins, only the words around the correction in them.
func (src *Source) window(s, e int, corr string, kFrom, kTo, from, to int, margins bool) correctionWindow {
	keepFrom, keepTo := from, to
	if margins {
		from, keepFrom = marginBefore(src.Text, from, s)
		to, keepTo = marginAfter(src.Text, e, to)
	}
	delta := len(corr) - (e - s)
	text := src.Text[from:s] + corr + src.Text[e:to]
	cuts := []int{0}
	for k := kFrom + 1; k <= kTo; k++ {
		cuts = append(cuts, correctedStart(src.Sentences[k].Start, s, e, len(corr))-from)
	}
	cuts = append(cuts, len(text))
	toks, firsts := tokenizePieces(text, cuts, nil)
	w := correctionWindow{keepFrom: keepFrom, keepTo: keepTo, tokenized: len(text)}
	piece := 0
	for i, t := range toks {
		for firsts[piece+1] <= i {
			piece++
		}
		t.Start += from
		t.End += from
		if t.Start >= keepFrom && t.Start < keepTo+delta {
			w.tokens = append(w.tokens, t)
			w.piece = append(w.piece, piece)
		}
	}
	return w
}

// correctedStart is where a sentence starting at byte c of the source starts in the text with
// bytes [s, e) replaced by n bytes: after them if it started among the bytes replaced.
func correctedStart(c, s, e, n int) int {
	switch {
	case c <= s:
		return c
	case c >= e:
		return c + n - (e - s)
	}
	return s + n
}

// marginBefore returns where the window of a correction at byte s of text starts, looking
// back no further than the piece's start lo: at the last character of the second whole word
// before s, the margin, whose tokens are the source's from keep back, or at lo.
func marginBefore(text string, lo, s int) (from, keep int) {
	x := s
	// Back over the word s is in or after, the white space before it, the first whole word
	// and the white space before that.
	for _, space := range []bool{false, true, false, true} {
		for x > lo {
			r, size := utf8.DecodeLastRuneInString(text[lo:x])
			if tokenize.IsSpace(r) != space {
				break
			}
			x -= size
		}
	}
	if x == lo {
		return lo, lo
	}
	_, size := utf8.DecodeLastRuneInString(text[lo:x])
	return x - size, x
}

// marginAfter is marginBefore after a correction ending at byte e of text, looking no further
// than the piece's end hi: the window ends after the first character of the second whole word
// after e, from whose start (keep) the tokens are the source's, or at hi.
func marginAfter(text string, e, hi int) (to, keep int) {
	x := e
	for _, space := range []bool{false, true, false, true} {
		for x < hi {
			r, size := utf8.DecodeRuneInString(text[x:hi])
			if tokenize.IsSpace(r) != space {
				break
			}
			x += size
		}
	}
	if x == hi {
		return hi, hi
	}
	_, size := utf8.DecodeRuneInString(text[x:hi])
	return x + size, x
}
