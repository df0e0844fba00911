package m2extract

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"maxmatch/tokenize"
)

// apply returns source with the edit made.
func apply(source string, start, end int, correction string) string {
	return source[:start] + correction + source[end:]
}

func TestByteEdit(t *testing.T) {
	tests := []struct {
		source, system string
		start, end     int // the bytes ByteEdit must give
		correction     string
		why            string
	}{
		{"the cat sat", "the dog sat", 4, 7, "dog", "a replacement spans the word only"},
		{"of the cat", "of cat", 3, 7, "", "a deleted word takes the space after it"},
		{"of the\nnext", "of\nnext", 2, 6, "", "at a line end, the space before it"},
		{"a cat, sat", "a cat sat", 5, 6, "", "a deleted comma takes no space"},
		{"of cat", "of the cat", 3, 3, "the ", "an inserted word goes before the next word with a space"},
		{"a cat sat", "a cat, sat", 5, 5, ",", "an inserted comma goes after the word before"},
		{"a cat", "a cat too", 5, 5, " too", "an inserted word at the end of a line"},
		{"a cat\nnext", "a cat too\nnext", 5, 5, " too", "an inserted word at a line end"},
		{"by (bigram methods)", "by (the bigram methods)", 4, 4, "the ", "after an opening bracket: a word of its own"},
		{"say hello", "say \"hello", 4, 4, "\"", "an opening quote attached to the word after"},
		{"a; the b", "a, a b", 1, 6, ", a", "two tokens replaced"},
		{"a!", "a 0", 1, 2, " 0", "a word replacing a mark attached to the word before takes the space before it (was \"a0\", one token)"},
		{"(a", "0 a", 0, 1, "0 ", "and one replacing a mark attached to the word after, the space after it"},
	}
	for _, tt := range tests {
		src, sys := tokenize.Words(tt.source), tokenize.Words(tt.system)
		srcW, sysW := tokenTexts(src), tokenTexts(sys)
		// The token edit: the common prefix and suffix are unchanged.
		p := 0
		for p < len(srcW) && p < len(sysW) && srcW[p] == sysW[p] {
			p++
		}
		q := 0
		for q < len(srcW)-p && q < len(sysW)-p && srcW[len(srcW)-1-q] == sysW[len(sysW)-1-q] {
			q++
		}
		start, end, corr := ByteEdit(tt.source, src, p, len(src)-q, tt.system, sys, p, len(sys)-q)
		if start != tt.start || end != tt.end || corr != tt.correction {
			t.Errorf("%q → %q: ByteEdit = %d–%d %q, want %d–%d %q (%s)", tt.source, tt.system, start, end, corr, tt.start, tt.end, tt.correction, tt.why)
			continue
		}
		if got := apply(tt.source, start, end, corr); got != tt.system {
			t.Errorf("%q → %q: the edit gives %q (%s)", tt.source, tt.system, got, tt.why)
		}
	}
}

func TestJoinIntoGold(t *testing.T) {
	hyp := strings.Fields("respectively , for sentiment classification .")
	// M² with u = 2 cannot propose the gold edit (three unchanged tokens inside): it proposes
	// an insertion and a deletion.
	edits := []tokenEdit{{0, 0, 0, 2}, {3, 4, 5, 5}}
	gold := strings.Fields("respectively , for sentiment classification")
	got, joined := joinIntoGold(edits, 0, 4, gold, hyp)
	if !joined {
		t.Fatalf("not joined: %v", got)
	}
	if diff := cmp.Diff([]tokenEdit{{0, 4, 0, 5}}, got, cmp.AllowUnexported(tokenEdit{})); diff != "" {
		t.Errorf("joined edits: -want +got\n%s", diff)
	}
	// The gold's other correction, the deletion alone, joins the deletion and the unchanged
	// tokens before it, leaving the insertion out.
	got, joined = joinIntoGold(edits, 0, 4, strings.Fields("for sentiment classification"), hyp)
	if diff := cmp.Diff([]tokenEdit{{0, 0, 0, 2}, {0, 4, 2, 5}}, got, cmp.AllowUnexported(tokenEdit{})); !joined || diff != "" {
		t.Errorf("joined %v: -want +got\n%s", joined, diff)
	}
	tests := []struct {
		edits       []tokenEdit
		first, last int
		correction  string
		why         string
	}{
		{[]tokenEdit{{0, 4, 0, 5}}, 0, 4, "respectively , for sentiment classification", "one edit equal to the gold already"},
		{[]tokenEdit{{0, 0, 0, 2}, {3, 4, 5, 5}}, 0, 4, "respectively for sentiment classification", "the hypothesis does not make the correction"},
		{[]tokenEdit{{0, 0, 0, 2}, {2, 5, 4, 6}}, 0, 4, "respectively , for sentiment classification", "an edit straddles the gold's end"},
	}
	for _, tt := range tests {
		got, joined := joinIntoGold(tt.edits, tt.first, tt.last, strings.Fields(tt.correction), hyp)
		if joined || !cmp.Equal(got, tt.edits, cmp.AllowUnexported(tokenEdit{})) {
			t.Errorf("%v joined into %v (%s)", tt.edits, got, tt.why)
		}
	}
}

func TestExtract(t *testing.T) {
	const source = "The cats sat on mat. He go home; the dog stay.\nA heading\n"
	gold := []GoldEdit{
		{Index: "1", Start: 16, End: 16, Corrections: []string{"the "}},
		{Index: "2", Start: 24, End: 26, Corrections: []string{"goes"}},
		{Index: "3", Start: 31, End: 36, Corrections: []string{". The"}},
		{Index: "4", Start: 41, End: 45, Corrections: []string{"stays"}},
	}
	tests := []struct {
		system string
		want   []Edit
		why    string
	}{
		{source, nil, "an unchanged text has no edit"},
		{"The cats sat on the mat. He goes home. The dog stays.\nA heading\n", []Edit{
			{16, 16, "", "the ", true}, {24, 26, "go", "goes", true}, {31, 36, "; the", ". The", true}, {41, 45, "stay", "stays", true},
		}, "every gold correction, with the gold's bytes"},
		{"The cat sat on mat. He went home; the dog stay.\nA big heading\n", []Edit{
			{4, 8, "cats", "cat", false}, {24, 26, "go", "went", false}, {49, 49, "", "big ", false},
		}, "edits the gold does not have, in HOO's conventions"},
	}
	for _, tt := range tests {
		got, _, err := Extract(source, tt.system, gold, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: -want +got\n%s", tt.why, diff)
		}
	}
	if _, _, err := Extract(source, source, []GoldEdit{{Index: "9", Start: 50, End: 70, Line: 3}}, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("a gold edit outside the source: error %v, want one naming line 3", err)
	}
}

func TestXML(t *testing.T) {
	got, err := XML("0001AB1", []Edit{{Start: 3, End: 3, Correction: "the "}, {Start: 5, End: 9, Original: "a<b", Correction: ""}})
	if err != nil {
		t.Fatal(err)
	}
	want := `<?xml version="1.0" ?>
<edits>
  <edit end="3" index="0001AB1-0001" start="3">
    <original>
      <empty/>
    </original>
    <corrections>
      <correction>the </correction>
    </corrections>
  </edit>
  <edit end="9" index="0001AB1-0002" start="5">
    <original>a&lt;b</original>
    <corrections>
      <correction>
        <empty/>
      </correction>
    </corrections>
  </edit>
</edits>
`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("-want +got\n%s", diff)
	}
	if _, err := XML("x", []Edit{{Original: "a\x01"}}); err == nil {
		t.Error("a control character: no error")
	}
	if _, err := XML("x", []Edit{{Original: "a\xff"}}); err == nil {
		t.Error("invalid UTF-8: no error")
	}
}

// TestInsertionInsideGoldSpan: a system word in place of a word the gold deletes with the
// space before it is a deletion (the gold's bytes, wider than the word) and an insertion,
// which was written inside the deleted span, overlapping it ("of " at 9 in [8,13)); it comes
// before the span, apart from the words around it. Two deletions that each took the space
// between them along (one of them the gold's bytes) give it to one.
func TestInsertionInsideGoldSpan(t *testing.T) {
	for _, c := range []struct {
		source, system string
		gold           GoldEdit
		want           []Edit
	}{
		{"It comes from the sea.", "It comes of the sea.", GoldEdit{Index: "g", Start: 8, End: 13, Corrections: []string{""}},
			[]Edit{{Start: 8, End: 8, Correction: " of"}, {Start: 8, End: 13, Original: " from", Gold: true}}},
		{" 0", "1", GoldEdit{Index: "g", Start: 0, End: 2, Corrections: []string{""}},
			[]Edit{{Start: 0, End: 0, Correction: "1"}, {Start: 0, End: 2, Original: " 0", Gold: true}}},
		{" 0é", "0 1", GoldEdit{Index: "g", Start: 0, End: 4, Corrections: []string{"1"}}, // before the gold's word, not after it
			[]Edit{{Start: 0, End: 0, Correction: "0 "}, {Start: 0, End: 4, Original: " 0é", Correction: "1", Gold: true}}},
		{"é !", "", GoldEdit{Index: "g", Start: 0, End: 3, Corrections: []string{""}}, // two deletions take the space between them
			[]Edit{{Start: 0, End: 3, Original: "é ", Gold: true}, {Start: 3, End: 4, Original: "!"}}},
	} {
		es, _, err := Extract(c.source, c.system, []GoldEdit{c.gold}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c.want, es); diff != "" {
			t.Errorf("%q → %q (-want +got):\n%s", c.source, c.system, diff)
		}
	}
}
