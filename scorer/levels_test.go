package scorer

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// levelSource is the sentence of the level cases: tokens s0 … s9.
var levelSource = strings.Fields("s0 s1 s2 s3 s4 s5 s6 s7 s8 s9")

// levelEdits makes one sentence's gold and system edits from "g start end correction" (gold;
// alternatives separated by /) and "s start end correction" (system), the correction's tokens
// after the offsets ("start end" alone deletes); originals are the tokens of levelSource.
func levelEdits(specs ...string) (gold []GoldEdit, sys []Edit) {
	for _, s := range specs {
		f := strings.Fields(s[1:])
		start, _ := strconv.Atoi(f[0])
		end, _ := strconv.Atoi(f[1])
		orig := strings.Join(levelSource[start:max(start, end)], " ")
		corr := strings.Join(f[2:], " ")
		if s[0] == 'g' {
			gold = append(gold, GoldEdit{Start: start, End: end, Original: orig, Corrections: strings.Split(corr, "/")})
		} else {
			sys = append(sys, Edit{Start: start, End: end, Original: orig, Correction: corr})
		}
	}
	return gold, sys
}

func TestLevels(t *testing.T) {
	tests := []struct {
		edits []string
		// detection, recognition, correction: system hits, gold hits
		want [3][2]int
		why  string
	}{
		{nil, [3][2]int{}, "no edit: nothing counted"},
		{[]string{"g 1 2 x", "s 1 2 x"}, [3][2]int{{1, 1}, {1, 1}, {1, 1}}, "the same edit: found at every level"},
		{[]string{"g 1 2 x", "s 1 2 y"}, [3][2]int{{1, 1}, {1, 1}, {0, 0}}, "the same span, another correction: recognised, not corrected"},
		{[]string{"g 1 2 x/y", "s 1 2 y"}, [3][2]int{{1, 1}, {1, 1}, {1, 1}}, "an alternative correction corrects"},
		{[]string{"g 1 3 x", "s 2 4 x"}, [3][2]int{{1, 1}, {0, 0}, {0, 0}}, "spans sharing a token: detected only"},
		{[]string{"g 1 2 x", "s 2 3 x"}, [3][2]int{}, "adjacent spans share no token: nothing"},
		{[]string{"g 1 3 x y", "s 2 2 z"}, [3][2]int{{1, 1}, {0, 0}, {0, 0}}, "an insertion strictly inside a span overlaps it, seen from either side"},
		{[]string{"g 1 3 x y", "s 1 1 x"}, [3][2]int{{1, 0}, {0, 0}, {0, 0}},
			"an insertion at a span's start whose tokens start its correction: the system edit detects (seen from the insertion), the gold edit is not detected (a span does not overlap an insertion at its end)"},
		{[]string{"g 1 3 x y", "s 1 1 z"}, [3][2]int{}, "an insertion at a span's start that does not start its correction: nothing"},
		{[]string{"g 2 2 c", "s 1 2 b c"}, [3][2]int{{0, 1}, {0, 0}, {0, 0}}, "the other way round: a gold insertion at the end of a system replacement ending with it is detected, the system edit is not right"},
		{[]string{"g 0 0 x", "s 0 1 x"}, [3][2]int{{0, 1}, {0, 0}, {0, 0}}, "and at its start (the prefix rule)"},
		{[]string{"g 2 2 at", "s 1 2 cat"}, [3][2]int{}, "whole tokens only: \"at\" does not end \"cat\""},
		{[]string{"g 2 2 x", "s 2 2 y"}, [3][2]int{{1, 1}, {1, 1}, {0, 0}}, "two insertions at the same point: recognised"},
		{[]string{"g 2 2 x", "s 3 3 x"}, [3][2]int{}, "insertions at different points: nothing"},
		{[]string{"g 1 2 x", "g 2 3 y", "s 1 3 x y"}, [3][2]int{{1, 2}, {0, 0}, {0, 0}}, "one system edit over two gold edits detects both: precision counts it once, recall twice"},
		{[]string{"g 1 3 x", "s 1 2 a", "s 2 3 b"}, [3][2]int{{2, 1}, {0, 0}, {0, 0}}, "two system edits inside one gold edit: both right, one gold edit found"},
		{[]string{"g 1 2 x", "s 1 4 s1 s2 y"}, [3][2]int{}, "the system edit changes s3 only (its unchanged s1 s2 are trimmed): it does not detect the error at s1"},
		{[]string{"g 3 4 x", "s 1 4 s1 s2 y"}, [3][2]int{{1, 1}, {1, 1}, {0, 0}}, "trimmed to s3 → y, it recognises the gold edit of s3"},
		{[]string{"g 3 5 x s4", "s 3 5 x s4"}, [3][2]int{{1, 1}, {1, 1}, {1, 1}}, "a gold edit with an unchanged token, and the system edit equal to it: both trim to 3 4, found at every level"},
		{[]string{"g 3 5 x s4", "s 3 4 x"}, [3][2]int{{1, 1}, {1, 1}, {0, 0}}, "the same change without the unchanged token: recognised (the gold edit trims to its span), not corrected (M² compares edits as written)"},
		{[]string{"g 3 4 s3 x/y", "s 4 4 x"}, [3][2]int{{1, 1}, {1, 1}, {0, 0}}, "a gold edit trims once per correction: s3 → s3 x is the insertion of x at 4, which the system edit recognises"},
		{[]string{"g 1 2 x", "g 1 2 x", "s 1 2 x"}, [3][2]int{{1, 2}, {1, 2}, {2, 2}},
			"duplicate gold (release 3.2): the system edit counts twice as correct, once as recognised: precision rises from recognition to correction"},
		{[]string{"g 3 1 x", "s 1 3 x"}, [3][2]int{}, "a reversed gold span (read as the official reads it) is found at no level"},
	}
	for _, tt := range tests {
		gold, sys := levelEdits(tt.edits...)
		a := AnnotatorResult{Gold: gold, Edits: sys, Correct: appendMatches(nil, sys, gold, 0)}
		l := a.Levels()
		got := [3][2]int{
			{l.Detection.SystemHits, l.Detection.GoldHits},
			{l.Recognition.SystemHits, l.Recognition.GoldHits},
			{l.Correction.SystemHits, l.Correction.GoldHits},
		}
		if got != tt.want {
			t.Errorf("%v (%s): got %v, want %v", tt.edits, tt.why, got, tt.want)
		}
		for _, c := range []LevelCounts{l.Detection, l.Recognition, l.Correction} {
			if c.Proposed != len(sys) || c.Gold != len(gold) {
				t.Errorf("%v: proposed %d gold %d, want %d %d", tt.edits, c.Proposed, c.Gold, len(sys), len(gold))
			}
		}
	}
}

func TestLevelCountsPRF(t *testing.T) {
	tests := []struct {
		c       LevelCounts
		p, r, f float64
		why     string
	}{
		{LevelCounts{}, 1, 1, 1, "nothing proposed, no gold: P = R = 1, as the official"},
		{LevelCounts{Proposed: 2, Gold: 4, SystemHits: 2, GoldHits: 1}, 1, 0.25, 1.25 * 0.25 / (0.25 + 0.25), "precision and recall from their own numerators"},
		{LevelCounts{Proposed: 3, Gold: 2}, 0, 0, 0, "nothing right: F = 0, not a division by zero"},
	}
	for _, tt := range tests {
		p, r, f := tt.c.PRF(0.5)
		if p != tt.p || r != tt.r || math.Abs(f-tt.f) > 1e-15 {
			t.Errorf("%+v (%s): %v %v %v, want %v %v %v", tt.c, tt.why, p, r, f, tt.p, tt.r, tt.f)
		}
	}
}

// TestLevelsCoNLL2014 scores the CoNLL-2014 submissions against the combined gold files: the
// correction level must be the official count (expected totals), and the levels must be
// ordered, sentence by sentence, as Levels says, precision from recognition to correction
// excepted in sentences where a system edit matches duplicate gold edits.
func TestLevelsCoNLL2014(t *testing.T) {
	conll := filepath.Join(sharedData(t), "conll14")
	systems := conllSystems
	if testing.Short() {
		systems = []string{"CAMB", "IITB"}
	}
	for _, g := range []string{"official-2014.combined", "official-2014.combined-withalt"} {
		gold := readCoNLLGold(t, conll, g)
		for _, sys := range systems {
			hyps := readCoNLLSystem(t, conll, sys)
			var total Levels
			duplicates := 0
			_, err := Score(hyps, gold, DefaultOptions(), func(r *SentenceResult) error {
				a := r.ChosenResult()
				l := a.Levels()
				total = total.Add(l)
				d, rc, c := l.Detection, l.Recognition, l.Correction
				if d.GoldHits < rc.GoldHits || rc.GoldHits < c.GoldHits || d.SystemHits < rc.SystemHits {
					t.Errorf("%s %s line %d: levels out of order: %+v", g, sys, gold[r.Index].Line, l)
				}
				if rc.SystemHits < c.SystemHits {
					if !matchesDuplicateGold(a) {
						t.Errorf("%s %s line %d: more correct than recognised system edits without duplicate gold: %+v", g, sys, gold[r.Index].Line, l)
					}
					duplicates++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			want := readExpected(t, filepath.Join(conll, "expected", g+"."+sys+".jsonl.gz"))
			last := want[len(want)-1].Total
			c := total.Correction
			if c.SystemHits != last.Correct || c.GoldHits != last.Correct || c.Proposed != last.Proposed || c.Gold != last.Gold {
				t.Errorf("%s %s: correction level %+v, official totals %+v", g, sys, c, *last)
			}
			dp, dr, df := total.Detection.PRF(0.5)
			rp, rr, rf := total.Recognition.PRF(0.5)
			cp, cr, cf := total.Correction.PRF(0.5)
			t.Logf("%s %-5s detection %.4f %.4f %.4f  recognition %.4f %.4f %.4f  correction %.4f %.4f %.4f  (%d sentences with duplicate gold matched)",
				g, sys, dp, dr, df, rp, rr, rf, cp, cr, cf, duplicates)
		}
	}
}

// matchesDuplicateGold reports whether one of a's system edits matches two gold edits.
func matchesDuplicateGold(a *AnnotatorResult) bool {
	for i := range a.Edits {
		n := 0
		for j := range a.Gold {
			if editMatches(&a.Edits[i], &a.Gold[j]) {
				n++
			}
		}
		if n > 1 {
			return true
		}
	}
	return false
}
