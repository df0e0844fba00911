package levenshtein

import (
	"fmt"
	"strings"
	"testing"
)

// checkNumbering checks that in numbers tokens as an Interner made afresh would: 0, 1, … in the
// order of first sight, equal tokens equal ids.
func checkNumbering(t *testing.T, in *SentenceInterner, tokens []string) {
	t.Helper()
	want := map[string]int32{}
	for _, tok := range tokens {
		id, ok := want[tok]
		if !ok {
			id = int32(len(want))
			want[tok] = id
		}
		if got := in.ID(tok); got != id {
			t.Fatalf("ID(%q) = %d, want %d (tokens %q)", tok, got, id, tokens)
		}
	}
	if in.Len() != len(want) {
		t.Fatalf("Len() = %d, want %d", in.Len(), len(want))
	}
}

func TestSentenceInterner(t *testing.T) {
	var in SentenceInterner
	long := make([]string, 10_000)
	for i := range long {
		long[i] = fmt.Sprintf("t%d", i%7_000) // 7,000 distinct, some twice
	}
	sentences := []struct {
		tokens []string
		why    string
	}{
		{strings.Fields("the cat sat on the mat"), "a repeated token: one id"},
		{strings.Fields("mat the on"), "after Reset, numbered from 0 again: nothing of the sentence before"},
		{nil, "an empty sentence"},
		{long, "a long sentence: the table grows while tokens keep their ids"},
		{strings.Fields("a b a"), "after a long sentence: a small table again"},
		{[]string{"", " ", "", "é"}, "the empty token and white space are tokens like any other"},
	}
	for _, s := range sentences {
		checkNumbering(t, &in, s.tokens)
		in.Reset()
		if in.Len() != 0 {
			t.Fatalf("%s: Len() = %d after Reset", s.why, in.Len())
		}
	}
	if len(in.slots) > maxKeptInternSlots {
		t.Errorf("after small sentences, a table of %d slots is kept (at most %d)", len(in.slots), maxKeptInternSlots)
	}
	// The generation counter wraps: the slots of the last generation must not read as
	// occupied by the first.
	checkNumbering(t, &in, strings.Fields("x y z"))
	in.gen = ^uint32(0)
	in.Reset()
	checkNumbering(t, &in, strings.Fields("z y x w"))
}

// FuzzSentenceInterner states SentenceInterner's invariant: sentence after sentence (lines of
// space-separated tokens), it numbers tokens as an Interner made afresh for each would.
func FuzzSentenceInterner(f *testing.F) {
	f.Add("a b a\nb a\n\nc c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c")
	f.Add(strings.Repeat("a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii\n", 3))
	f.Fuzz(func(t *testing.T, text string) {
		var in SentenceInterner
		for line := range strings.SplitSeq(text, "\n") {
			checkNumbering(t, &in, strings.Split(line, " "))
			in.Reset()
		}
	})
}
