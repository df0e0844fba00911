package m2verbose

import (
	"bytes"
	"strings"
	"testing"

	"maxmatch/scorer"
)

// score reads gold and scores the hypotheses, returning the official -v output of the run (the
// totals block included, the three lines not).
func score(t *testing.T, gold string, hyps []string, opt scorer.Options) string {
	t.Helper()
	g, err := scorer.M2Reader{Fixes: opt.Effective()}.Read("gold.m2", []byte(gold))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	before := scorer.Totals{Beta: opt.Beta}
	totals, err := scorer.Score(hyps, g, opt, func(r *scorer.SentenceResult) error {
		err := WriteSentence(&out, r, before, opt)
		n := r.ChosenResult().Counts()
		before.Correct += float64(n.Correct)
		before.Proposed += float64(n.Proposed)
		before.Gold += float64(n.Gold)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteTotals(&out, totals); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestLines checks single lines of the output; each is what the official scorer (release 3.2,
// -v) printed for the same files, except in the --compat fixed case, which it has not.
func TestLines(t *testing.T) {
	tests := []struct {
		gold  string
		hyp   string
		opt   func(*scorer.Options)
		lines []string // lines the output must contain
		not   []string // line prefixes it must not contain
		why   string
	}{
		{"S the cat\nA 0 1|||X|||-NONE-|||R|||-|||0\nA 1 1|||X|||a|||R|||-|||0\n", "a cat", nil,
			[]string{"! (0, 1, u'the', '')", "! (1, 1, '', u'a')", "GOLD EDITS    : [(0, 1, u'the', ['']), (1, 1, '', [u'a'])]"}, nil,
			"a deletion and an insertion side by side, both matched: ! for each; -NONE- is the byte string ''"},
		{"S the cat\nA 0 1|||X|||-NONE-|||R|||-|||0\n", "a cat", nil,
			[]string{"& (0, 1, u'the', '')"}, []string{"!", "*"}, "a matched deletion next to an unmatched insertion: &"},
		{"S the dog\nA 0 0|||X|||a|||R|||-|||0\n", "a dog", nil,
			[]string{"* (0, 0, '', u'a')"}, []string{"!", "&"}, "a matched insertion next to an unmatched deletion: *"},
		{"S the dog\nA 0 1|||X|||a|||R|||-|||0\n", "a dog", nil,
			nil, []string{"!", "&", "*"}, "a substitution: no marker"},
		{"S a b\nA 0 1|||X||||||R|||-|||0\n", "b", nil,
			[]string{"GOLD EDITS    : [(0, 1, u'a', [u''])]"}, nil, "an empty correction written empty is the unicode string u''"},
		{"S a b\nA 0 1|||X|||c||-NONE- |||R|||-|||0\n", "b", nil,
			[]string{"GOLD EDITS    : [(0, 1, u'a', [u'c', u'-NONE-'])]"}, nil, "-NONE- with a space is the text -NONE- in 3.2"},
		{"S a b\nA 0 1|||X|||c||-NONE- |||R|||-|||0\n", "b", func(o *scorer.Options) { o.Compat = scorer.CompatFixed },
			[]string{"GOLD EDITS    : [(0, 1, u'a', [u'c', ''])]"}, nil, "with none-correction it is -NONE-, the byte string ''"},
		{"S a\n", "a", nil,
			[]string{"EDIT SEQ      : []", "GOLD EDITS    : []", "precision     : 1.0", "recall        : 1.0", "f_0.5         : 1.0", "P = 1.0", "R = 1.0", "F_0.5 = 1.0"}, nil,
			"nothing proposed, no gold edit: 1.0 everywhere, F of the totals included"},
		{"S a\nA 0 1|||X|||b|||R|||-|||0\n", "c", func(o *scorer.Options) { o.Beta = 2 },
			[]string{"f_2.0         : 0.0", "P = 0.0", "R = 0.0", "F_2.0 = 0.0"}, nil, "nothing correct: 0.0; β in both labels"},
		{"S a\nA 0 1|||X|||b|||R|||-|||0\n", "c", func(o *scorer.Options) { o.Beta = 0 },
			[]string{"f_0.0         : 0.0"}, nil, "β = 0: F is precision"},
		{"S a b c\nA 0 3|||X|||a x c|||R|||-|||3\nA 1 2|||X|||y|||R|||-|||1\n", "a x c", nil,
			[]string{">> Annotator: 1", ">> Annotator: 3", "EDIT SEQ      : [(1, 2, u'b', u'x')]", "CORRECT EDITS : [(0, 3, u'a b c', u'a x c')]", ">> Chosen Annotator for line 1 : 3"}, nil,
			"EDIT SEQ without the unchanged tokens, CORRECT EDITS as counted"},
	}
	for _, tt := range tests {
		opt := scorer.DefaultOptions()
		if tt.opt != nil {
			tt.opt(&opt)
		}
		out := score(t, tt.gold, []string{tt.hyp}, opt)
		lines := strings.Split(out, "\n")
		for _, want := range tt.lines {
			found := false
			for _, l := range lines {
				found = found || l == want
			}
			if !found {
				t.Errorf("%s: no line %q in\n%s", tt.why, want, out)
			}
		}
		for _, prefix := range tt.not {
			for _, l := range lines {
				if strings.HasPrefix(l, prefix+" ") {
					t.Errorf("%s: unexpected line %q", tt.why, l)
				}
			}
		}
	}
}

// TestGoldNotReadFromAFile: an empty correction of a gold edit made by a program (no
// corrections as written) is the deletion "-NONE-" stands for.
func TestGoldNotReadFromAFile(t *testing.T) {
	g := scorer.GoldEdit{Start: 0, End: 1, Original: "a", Corrections: []string{"", "b"}}
	if got, want := string(appendGold(nil, &g, 0)), "(0, 1, u'a', ['', u'b'])"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestChosenAndRunningCounts: the counts are running totals with each annotator's, the chosen
// annotator is the one the totals carry on with, and the blank line ends each sentence (pieces of
// what the official printed for the same files).
func TestChosenAndRunningCounts(t *testing.T) {
	gold := "S a b\nA 0 1|||X|||c|||R|||-|||0\nA 1 2|||X|||d|||R|||-|||1\n\nS e\nA 0 1|||X|||f|||R|||-|||0\n"
	out := score(t, gold, []string{"a d", "f"}, scorer.DefaultOptions())
	for _, want := range []string{
		"# correct     : 0\n# proposed    : 1\n# gold        : 1\nprecision     : 0.0\nrecall        : 0.0\nf_0.5         : 0.0\n",
		"# correct     : 1\n# proposed    : 1\n# gold        : 1\nprecision     : 1.0\n",
		">> Chosen Annotator for line 1 : 1\n\n>> Annotator: 0\n",
		"# correct     : 2\n# proposed    : 2\n# gold        : 2\n",
		">> Chosen Annotator for line 2 : 0\n\nCORRECT EDITS  : 2\nPROPOSED EDITS : 2\nGOLD EDITS     : 2\nP = 1.0\nR = 1.0\nF_0.5 = 1.0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "F_0.5 = 1.0\n") {
		t.Errorf("the output does not end with the totals block:\n%s", out)
	}
}
