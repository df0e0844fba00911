package m2extract

import (
	"strings"
	"testing"
	"unicode/utf8"

	"maxmatch/tokenize"
)

// FuzzExtract states what extracting any UTF-8 system text against any UTF-8 source and gold
// edits within it guarantees: no panic; edits in source order, apart, each within the source
// with its offsets between characters and its original the source's bytes there; and the
// edits made turn the source into a text of the system text's tokens (quotesAlike).
func FuzzExtract(f *testing.F) {
	f.Add("The cat sit on the mat.\nHe go home.\n", "The cat sat on a mat.\nHe goes home.\n", uint16(8), uint16(3), "sat")
	f.Add("Thé café , naïve 😀 e\u0301 .", "The cafe, naive 😀 é.", uint16(0), uint16(4), "The")
	f.Add("a  b\tc\u00a0d", "a b c d e", uint16(2), uint16(0), "")
	f.Add("\"Hi,\" he said -- it's well-known: http://x.y/a?b=c.", "``Hi,'' he said - it is well known : http://x.y/a?b=c .", uint16(20), uint16(10), "is")
	f.Fuzz(func(t *testing.T, source, system string, start, length uint16, correction string) {
		if !utf8.ValidString(source) || !utf8.ValidString(system) || !utf8.ValidString(correction) || len(source) > 2000 || len(system) > 2000 {
			return
		}
		var gold []GoldEdit
		if s, e := int(start), int(start)+int(length); e <= len(source) && utf8.RuneStart(at(source, s)) && utf8.RuneStart(at(source, e)) {
			gold = append(gold, GoldEdit{Index: "g", Start: s, End: e, Corrections: []string{correction}})
		}
		es, _, err := Extract(source, system, gold, DefaultOptions())
		if err != nil {
			return // a source without text and a system text with some, or an alignment too large
		}
		var b strings.Builder
		prev := 0
		for _, e := range es {
			if e.Start < prev || e.End < e.Start || e.End > len(source) || !utf8.RuneStart(at(source, e.Start)) || !utf8.RuneStart(at(source, e.End)) {
				t.Fatalf("edit %+v after byte %d of a source of %d bytes: %q", e, prev, len(source), source)
			}
			if e.Original != source[e.Start:e.End] {
				t.Fatalf("edit %+v: the source holds %q there", e, source[e.Start:e.End])
			}
			b.WriteString(source[prev:e.Start])
			b.WriteString(e.Correction)
			prev = e.End
		}
		b.WriteString(source[prev:])
		if got, want := quotesAlike(b.String()), quotesAlike(system); got != want {
			t.Fatalf("the edits %+v make %q of %q: tokens %q, want those of %q, %q", es, b.String(), source, got, system, want)
		}
	})
}

// at is s[i], or a byte that starts a character past its end.
func at(s string, i int) byte {
	if i >= len(s) {
		return 0
	}
	return s[i]
}

// quotesAlike is the tokens of text, its white space made spaces, with both tokens of a double
// quote written ": the tokens of quotes and apostrophes depend on what is around them (a
// space, not other white space, ends a quotation), which the edits keep only as tokens.
func quotesAlike(text string) string {
	text = strings.Map(func(r rune) rune {
		if tokenize.IsSpace(r) {
			return ' '
		}
		return r
	}, text)
	return strings.NewReplacer("``", `"`, "''", `"`).Replace(strings.Join(tokenTexts(tokenize.Words(text)), " "))
}
