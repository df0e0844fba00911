package tokenize

import (
	"strings"
	"testing"
)

func TestSentences(t *testing.T) {
	tests := []struct {
		text string
		want []string // the sentences' bytes
		why  string
	}{
		{"The cat sat. The dog ran.", []string{"The cat sat.", "The dog ran."}, "two sentences on a line"},
		{"A heading\nThe text follows.", []string{"A heading", "The text follows."}, "never across a line break"},
		{"Mr. Smith came. He left.", []string{"Mr. Smith came.", "He left."}, "an abbreviation does not end a sentence"},
		{"\n\n  Indented.  \n", []string{"Indented."}, "blank lines and white space around are dropped"},
		{"", nil, "nothing"},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range Sentences(tt.text) {
			got = append(got, tt.text[s.Start:s.End])
			for _, tok := range s.Tokens {
				if tok.Start < s.Start || tok.End > s.End {
					t.Errorf("%q: token %+v outside its sentence [%d, %d)", tt.text, tok, s.Start, s.End)
				}
			}
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Sentences(%q) = %q, want %q (%s)", tt.text, got, tt.want, tt.why)
		}
	}
}

func TestSentencesCoverText(t *testing.T) {
	text := "First line. Second sentence!\n\"Quoted.\" Then (a bracket). And... more?\nlast line without a period"
	var toks []Token
	at := 0
	for _, s := range Sentences(text) {
		if strings.TrimFunc(text[at:s.Start], IsSpace) != "" {
			t.Fatalf("%q between sentences is not white space", text[at:s.Start])
		}
		if strings.Contains(text[s.Start:s.End], "\n") {
			t.Fatalf("sentence %q crosses a line break", text[s.Start:s.End])
		}
		toks = append(toks, s.Tokens...)
		at = s.End
	}
	checkInvariant(t, text, toks)
}

func TestCover(t *testing.T) {
	//            0123456789012345678901
	const text = "The cats sat. on mats"
	toks := Words(text) // The cats sat. on mats (the period is not final)
	tests := []struct {
		start, end  int
		first, last int
		exact       bool
		why         string
	}{
		{4, 8, 1, 2, true, "one word"},
		{4, 9, 1, 2, true, "a word with its trailing space (HOO's deletions)"},
		{3, 8, 1, 2, true, "a word with its leading space"},
		{4, 7, 1, 2, false, "part of a word widens to the word"},
		{4, 4, 1, 1, true, "an insertion point before a word"},
		{6, 6, 1, 2, false, "an insertion point inside a word covers it"},
		{8, 8, 2, 2, true, "an insertion point after a word: before the next one"},
		{8, 9, 2, 2, false, "white space alone cannot be expressed in tokens"},
		{0, 21, 0, 5, true, "everything"},
		{21, 21, 5, 5, true, "the end of the text"},
	}
	for _, tt := range tests {
		first, last, exact := Cover(toks, tt.start, tt.end)
		if first != tt.first || last != tt.last || exact != tt.exact {
			t.Errorf("Cover(%d, %d) = %d, %d, %v; want %d, %d, %v (%s)", tt.start, tt.end, first, last, exact, tt.first, tt.last, tt.exact, tt.why)
		}
	}
	spans := []struct{ first, last, start, end int }{
		{1, 2, 4, 8}, {0, 5, 0, 21}, {2, 2, 9, 9}, {5, 5, 21, 21},
	}
	for _, s := range spans {
		if start, end := Span(toks, s.first, s.last); start != s.start || end != s.end {
			t.Errorf("Span(%d, %d) = %d, %d; want %d, %d", s.first, s.last, start, end, s.start, s.end)
		}
	}
}

func TestRuneOffsets(t *testing.T) {
	const text = "café au lait"
	for _, c := range []struct{ bytes, runes int }{{0, 0}, {3, 3}, {5, 4}, {6, 5}, {13, 12}} {
		if got := RuneOffset(text, c.bytes); got != c.runes {
			t.Errorf("RuneOffset(%d) = %d, want %d", c.bytes, got, c.runes)
		}
		if got := ByteOffset(text, c.runes); got != c.bytes {
			t.Errorf("ByteOffset(%d) = %d, want %d", c.runes, got, c.bytes)
		}
	}
}
