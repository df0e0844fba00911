package tokenize

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func texts(toks []Token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Text
	}
	return out
}

func TestWords(t *testing.T) {
	tests := []struct {
		sentence string
		want     string // tokens separated by single spaces
		why      string
	}{
		{"The cat sat on the mat.", "The cat sat on the mat .", "only the final period is split"},
		{"Mr. Smith lives in New York.", "Mr. Smith lives in New York .", "inner periods stay attached"},
		{"I don't know.", "I do n't know .", "n't is split off"},
		{"It's John's cat.", "It 's John 's cat .", "'s is split off"},
		{`"Hi," she said.`, "`` Hi , '' she said .", "straight quotes become `` and ''"},
		{"See (this) and [that].", "See ( this ) and [ that ] .", "brackets are split, not converted"},
		{"1,000 and 3:45, then: x", "1,000 and 3:45 , then : x", "commas and colons before digits stay"},
		{"I cannot gonna wanna go.", "I can not gon na wan na go .", "MacIntyre's contractions"},
		{"'Tis true.", "'T is true .", "'tis at the start after the padding space"},
		{"wait... what?!", "wait ... what ? !", "ellipsis, ? and ! split"},
		{"a--b", "a -- b", "double dashes"},
		{"the students' books", "the students ' books", "a closing single quote before a space"},
		{"He said \"no.\"", "He said `` no . ''", "the final period before a closing quote"},
		{"", "", "nothing"},
		{"  \t ", "", "white space only"},
		{"a\u00a0b", "a b", "a no-break space is Python white space"},
		{"a\x1cb", "a b", "U+001C is Python white space, not Go's"},
	}
	for _, tt := range tests {
		got := strings.Join(texts(Words(tt.sentence)), " ")
		if got != tt.want {
			t.Errorf("Words(%q) = %q, want %q (%s)", tt.sentence, got, tt.want, tt.why)
		}
	}
}

func TestWordsOffsets(t *testing.T) {
	tests := []struct {
		sentence string
		want     []Token
		why      string
	}{
		{`He said "no."`, []Token{{0, 2, "He"}, {3, 7, "said"}, {8, 9, "``"}, {9, 11, "no"}, {11, 12, "."}, {12, 13, "''"}},
			"a normalised quote keeps the span of the quote it replaces"},
		{"don't", []Token{{0, 2, "do"}, {2, 5, "n't"}}, "a split word gives adjacent spans"},
		{"café's", []Token{{0, 5, "café"}, {5, 7, "'s"}}, "byte offsets, multi-byte letters"},
		{"'' x", []Token{{0, 2, "''"}, {3, 4, "x"}}, "two quotes, one token"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Words(tt.sentence)); diff != "" {
			t.Errorf("Words(%q) (%s): -want +got\n%s", tt.sentence, tt.why, diff)
		}
	}
}

// TestWordsAgreeWithNLTK compares Words with NLTK 3.8's TreebankWordTokenizer on sentences we
// wrote (testdata/sentences.txt); testdata/nltk.jsonl holds NLTK's tokens, written by
// "go run ./tokenize/nltkcompare -lines tokenize/testdata/sentences.txt -out tokenize/testdata/nltk.jsonl".
func TestWordsAgreeWithNLTK(t *testing.T) {
	f, err := os.Open("testdata/nltk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var c struct {
			Sentence string   `json:"sentence"`
			Tokens   []string `json:"tokens"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		got := Words(c.Sentence)
		if diff := cmp.Diff(c.Tokens, texts(got)); diff != "" {
			t.Errorf("Words(%q) differs from NLTK: -nltk +ours\n%s", c.Sentence, diff)
		}
		checkInvariant(t, c.Sentence, got)
	}
	if n < 20 {
		t.Fatalf("only %d cases in testdata/nltk.jsonl", n)
	}
}

// checkInvariant checks the package's invariant: tokens in order, not empty, not
// overlapping, white space only between them, and the normalised text equal to the source
// except for double quotes (a straight one or two apostrophes, normalised to two backquotes
// or two apostrophes).
func checkInvariant(t *testing.T, s string, toks []Token) {
	t.Helper()
	at := 0
	for _, tok := range toks {
		if tok.Start < at || tok.End <= tok.Start || tok.End > len(s) {
			t.Fatalf("%q: token %+v out of order, empty or outside the text (previous end %d)", s, tok, at)
		}
		if gap := s[at:tok.Start]; strings.TrimFunc(gap, IsSpace) != "" {
			t.Fatalf("%q: %q between tokens is not white space", s, gap)
		}
		src := s[tok.Start:tok.End]
		quote := (src == `"` || src == "''") && (tok.Text == "``" || tok.Text == "''")
		if tok.Text != src && !quote {
			t.Fatalf("%q: token %q has source %q", s, tok.Text, src)
		}
		at = tok.End
	}
	if rest := s[at:]; strings.TrimFunc(rest, IsSpace) != "" {
		t.Fatalf("%q: %q after the last token is not white space", s, rest)
	}
}

func FuzzWords(f *testing.F) {
	for _, s := range []string{"The cat sat.", `"Don't," he said -- "can't".`, "a\u00a0b\x1cc", "(x)...'' ``y''", "\xff\"."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := Words(s)
		if utf8.ValidString(s) {
			checkInvariant(t, s, toks)
			return
		}
		// Invalid UTF-8: the spans still keep the invariant, but a token may cut a byte
		// sequence that is not a character differently from its source, so only order
		// and coverage are checked.
		at := 0
		for _, tok := range toks {
			if tok.Start < at || tok.End <= tok.Start || tok.End > len(s) {
				t.Fatalf("%q: token %+v out of order (previous end %d)", s, tok, at)
			}
			if strings.TrimFunc(s[at:tok.Start], IsSpace) != "" {
				t.Fatalf("%q: non-space bytes outside tokens before %+v", s, tok)
			}
			at = tok.End
		}
	})
}

// FuzzWordsLocal states that Words is local (see the package documentation): the tokens of
// each word of a sentence (a run of characters that are not white space; the sentence starts
// and ends with one) are those of the word between stand-ins, "a" and the character before
// it, the character after it and "a", or none at the sentence's start and end.
func FuzzWordsLocal(f *testing.F) {
	for _, s := range []string{"The cat sat.", `"Don't," he said -- "can't".`, "a' ' ' b", "x\t\"y\" ''z '' 'tis", "end.'' )", "1 , 2 ,3 :\u00a0.", "wanna\tgo. \"Hi\"\x1c'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.TrimFunc(s, IsSpace)
		if !utf8.ValidString(s) {
			return
		}
		toks := Words(s)
		for _, w := range wordSpans(s) {
			var in []Token // the word's tokens in the sentence, offsets into the word
			for _, tok := range toks {
				if w[0] <= tok.Start && tok.Start < w[1] {
					in = append(in, Token{tok.Start - w[0], tok.End - w[0], tok.Text})
				}
			}
			before, after := "", ""
			if r, size := utf8.DecodeLastRuneInString(s[:w[0]]); size > 0 {
				before = "a" + string(r)
			}
			if r, size := utf8.DecodeRuneInString(s[w[1]:]); size > 0 {
				after = string(r) + "a"
			}
			var alone []Token
			for _, tok := range Words(before + s[w[0]:w[1]] + after) {
				if tok.Start -= len(before); tok.Start >= 0 && tok.Start < w[1]-w[0] {
					alone = append(alone, Token{tok.Start, tok.End - len(before), tok.Text})
				}
			}
			if diff := cmp.Diff(in, alone); diff != "" {
				t.Fatalf("%q: the tokens of %q differ between stand-ins %q and %q (-in the sentence +alone):\n%s", s, s[w[0]:w[1]], before, after, diff)
			}
		}
	})
}

// wordSpans returns the spans of the runs of s that are not white space.
func wordSpans(s string) [][2]int {
	var spans [][2]int
	start := -1
	for i, r := range s {
		switch {
		case IsSpace(r) && start >= 0:
			spans = append(spans, [2]int{start, i})
			start = -1
		case !IsSpace(r) && start < 0:
			start = i
		}
	}
	if start >= 0 {
		spans = append(spans, [2]int{start, len(s)})
	}
	return spans
}
