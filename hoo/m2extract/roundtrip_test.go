package m2extract

import (
	"fmt"
	"sort"
	"testing"
)

// TestRoundTripOnHOO converts every HOO 2011 develop gold correction to a token edit and back
// to bytes with ByteEdit (no snapping to the gold), and counts how often the gold's own span
// and correction come back, among the corrections on token boundaries.
func TestRoundTripOnHOO(t *testing.T) {
	dir := hooData(t)
	total, onBoundaries, back := 0, 0, 0
	misses := map[string]int{}
	for _, fr := range readFragments(t, dir) {
		src := NewSource(fr.raw, DefaultOptions())
		for _, g := range fr.gold {
			for _, c := range g.Corrections {
				total++
				ge, ct := src.convertGoldText(g, c)
				if !ge.exact || !ge.expressed {
					continue
				}
				onBoundaries++
				corrected := src.Text[:g.Start] + c + src.Text[g.End:]
				s, e, corr := ByteEdit(src.Text, src.Tokens, ge.first, ge.last, corrected, ct.tokens, ct.first, ct.last)
				if s == g.Start && e == g.End && corr == c {
					back++
					continue
				}
				kind := "replacement"
				switch {
				case g.Start == g.End:
					kind = "insertion"
				case c == "":
					kind = "deletion"
				}
				misses[kind]++
				t.Logf("%s %s: gold %d–%d %q → %q, back %d–%d %q → %q", fr.id, g.Index, g.Start, g.End, fr.raw[g.Start:g.End], c, s, e, fr.raw[s:e], corr)
			}
		}
	}
	var kinds []string
	for k, n := range misses {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	frac := float64(back) / float64(onBoundaries)
	t.Logf("round trip: %d gold corrections, %d on token boundaries, %d (%.4f) back to the same bytes; misses: %v", total, onBoundaries, back, frac, kinds)
	if frac < 0.95 {
		t.Errorf("round trip gives back only %.4f of the gold spans on token boundaries; expected at least 0.95", frac)
	}
}
