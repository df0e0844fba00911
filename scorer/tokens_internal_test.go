package scorer

import (
	"slices"
	"strings"
	"testing"

	"maxmatch/levenshtein"
)

// TestAlignedIDs checks that the hypothesis's ids taken from the source's positions are the ids
// an interner gives every token: equal tokens equal ids, whatever the alignment.
func TestAlignedIDs(t *testing.T) {
	tests := []struct{ src, hyp, why string }{
		{"a b c d", "a b c d", "the source itself: every token from its position"},
		{"a b c d", "a x c d", "a substitution: x looked up, c from two on"},
		{"a b c d", "a c d", "a deletion: c from the position after the next"},
		{"a b c d e", "a d e", "two deleted: d and e looked up, still their source ids"},
		{"a b c d", "a x y b c d", "insertions: looked up, then b found again"},
		{"d c b a", "a b c d", "the source reversed"},
		{"the cat the dog the", "the the the cat", "repeated tokens: one id whichever position gives it"},
		{"a b", "", "an empty hypothesis"},
		{"", "x y x", "an empty source: every token looked up"},
	}
	for _, tt := range tests {
		src, hyp := strings.Fields(tt.src), strings.Fields(tt.hyp)
		var in levenshtein.SentenceInterner
		srcIDs := in.IDs(nil, src)
		got := alignedIDs(nil, src, srcIDs, hyp, in.ID)
		var fresh levenshtein.Interner
		want := fresh.IDs(nil, append(slices.Clone(src), hyp...))[len(src):]
		for i := range hyp {
			for j := range hyp {
				if (got[i] == got[j]) != (want[i] == want[j]) {
					t.Errorf("%s: hypothesis tokens %d and %d: ids %d and %d", tt.why, i, j, got[i], got[j])
				}
			}
			for j := range src {
				if (got[i] == srcIDs[j]) != (hyp[i] == src[j]) {
					t.Errorf("%s: hypothesis token %d (%q) and source token %d (%q): ids %d and %d", tt.why, i, hyp[i], j, src[j], got[i], srcIDs[j])
				}
			}
		}
	}
}

// TestEditsOfOneSentence checks the edits a sentence's result holds: the texts of multi-token
// edits with single spaces, whatever spaces the hypothesis has, and each annotator's lists its
// own, though they share one array (appending to one leaves the others as they were).
func TestEditsOfOneSentence(t *testing.T) {
	gold, err := ReadM2("gold", []byte("S a b c d\nA 1 3|||X|||x y|||REQUIRED|||-NONE-|||0\nA 1 2|||X|||x|||REQUIRED|||-NONE-|||1\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	ev := mustEvaluator(t, DefaultOptions())
	r := mustEvaluate(t, ev, "a  x \t y   d", &gold[0])
	// Each annotator's gold edits steer its path: annotator 1's replaces b alone.
	want := map[int][2][]Edit{
		0: {{{Start: 1, End: 3, Original: "b c", Correction: "x y"}}, {{Start: 1, End: 3, Original: "b c", Correction: "x y"}}},
		1: {{{Start: 1, End: 2, Original: "b", Correction: "x"}, {Start: 2, End: 4, Original: "c d", Correction: "y d"}}, {{Start: 1, End: 2, Original: "b", Correction: "x"}}},
	}
	for i := range r.Annotators {
		a := &r.Annotators[i]
		if w := want[a.Annotator]; !slices.Equal(a.Edits, w[0]) || !slices.Equal(a.Correct, w[1]) {
			t.Fatalf("annotator %d: edits %+v, correct %+v; want %+v", a.Annotator, a.Edits, a.Correct, w)
		}
	}
	// Appending to one list of the shared array must leave the lists after it as they were.
	for i := range r.Annotators {
		a := &r.Annotators[i]
		_ = append(a.Edits, Edit{Original: "appended"})
		_ = append(a.Correct, Edit{Original: "appended"})
	}
	for i := range r.Annotators {
		if a, w := &r.Annotators[i], want[r.Annotators[i].Annotator]; !slices.Equal(a.Edits, w[0]) || !slices.Equal(a.Correct, w[1]) {
			t.Errorf("after appending: annotator %d: edits %+v, correct %+v; want %+v", a.Annotator, a.Edits, a.Correct, w)
		}
	}
	if r := mustEvaluate(t, ev, "a b c d", &gold[0]); r.Annotators[0].Edits != nil || r.Annotators[1].Correct != nil {
		t.Errorf("the source itself: edits %+v", r.Annotators)
	}
}
