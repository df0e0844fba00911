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
