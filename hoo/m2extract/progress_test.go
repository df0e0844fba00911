package m2extract

import (
	"reflect"
	"strings"
	"testing"

	"maxmatch/tokenize"
)

// TestProgressChangesNothing extracts with and without a Progress callback: the same edits
// and statistics (the source and system texts are then tokenized line by line, which must cut
// them as tokenize.Sentences does), and every stage reported up to its total.
func TestProgressChangesNothing(t *testing.T) {
	cases := []struct{ source, system, why string }{
		{"Cats sit in the garden .\nThey is happy; the dog too\n", "Cats sat in the garden .\nThey are happy. The dog too\n", "two lines, a final line break"},
		{"One. Two sentences on one line\r\n\r\nand a CRLF blank line", "One. Two sentences in one line\r\n\r\nand a CRLF blank line", "CR stays in its line; empty lines"},
		{"\n\nA text after blank lines", "\n\nThe text after blank lines", "leading line breaks shift every offset"},
	}
	for _, c := range cases {
		gold := []GoldEdit{{Index: "g1", Start: 0, End: 0, Corrections: []string{"x "}}}
		want, wantSt, err := Extract(c.source, c.system, gold, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string][2]int{}
		opt := DefaultOptions()
		opt.Progress = func(stage string, done, total int) {
			if done > total || done < seen[stage][0] {
				t.Errorf("%s: %s %d/%d after %d", c.why, stage, done, total, seen[stage][0])
			}
			seen[stage] = [2]int{done, total}
		}
		got, gotSt, err := Extract(c.source, c.system, gold, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || gotSt != wantSt {
			t.Errorf("%s: with progress %v %+v, without %v %+v", c.why, got, gotSt, want, wantSt)
		}
		if !reflect.DeepEqual(sentences(c.system, "x", opt), tokenize.Sentences(c.system)) {
			t.Errorf("%s: line by line, the sentences differ from tokenize.Sentences", c.why)
		}
		lines := strings.Count(c.source, "\n") + 1
		if seen["tokenizing source line"] != [2]int{lines, lines} {
			t.Errorf("%s: source lines reported %v, want %d/%d", c.why, seen["tokenizing source line"], lines, lines)
		}
		for _, stage := range []string{"tokenizing system line", "aligning sentence", "converting gold edit", "scoring sentence"} {
			if got := seen[stage]; got[0] != got[1] || got[1] == 0 {
				t.Errorf("%s: stage %q ended at %d/%d, want its total", c.why, stage, got[0], got[1])
			}
		}
	}
}
