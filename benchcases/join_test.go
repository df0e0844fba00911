package benchcases

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"maxmatch/scorer"
)

// conllData returns the shared data, skipping the test when it is absent.
func conllData(t *testing.T) string {
	t.Helper()
	data, err := SharedData(".")
	if err != nil {
		t.Skipf("CoNLL-2014 data absent: %v", err)
	}
	return data
}

func readData(t *testing.T, path ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(path...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// corrected applies one annotator's gold edits to every sentence of an M2 file (the first
// correction of each; an edit that overlaps the one before is left out): the system output of
// a system that makes exactly those edits.
func corrected(t *testing.T, m2 string) string {
	t.Helper()
	gold, err := scorer.ReadM2("gold.m2", []byte(m2), 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, s := range gold {
		var out []string
		at := 0
		if len(s.Annotators) > 0 {
			for _, e := range s.Annotators[0].Edits {
				if e.Start < at || e.Start < 0 || e.End > len(s.Tokens) {
					continue
				}
				out = append(out, s.Tokens[at:e.Start]...)
				if c := e.Corrections[0]; c != "" {
					out = append(out, strings.Fields(c)...)
				}
				at = e.End
			}
		}
		out = append(out, s.Tokens[at:]...)
		b.WriteString(strings.Join(out, " ") + "\n")
	}
	return b.String()
}

func scoreTexts(t *testing.T, name, system, gold string) scorer.Counts {
	t.Helper()
	c, err := ParseCorpus(name, []byte(system), []byte(gold))
	if err != nil {
		t.Fatal(err)
	}
	tot, err := scorer.Score(c.Hyps, c.Gold, scorer.DefaultOptions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if tot.BoundedSentences != 0 {
		t.Errorf("%s: %d sentences by the bounded search", name, tot.BoundedSentences)
	}
	return tot.Counts()
}

// TestJoinedCoNLLKeepsTheCounts: with one annotator there is no choice between annotators to
// change, so a file joined into paragraphs or essays must give exactly the sentence-level
// totals — the source (INPUT: every gold edit missed) and a system making each gold edit (most
// of them correct: a wrong offset would make them wrong). Every annotator's edits are kept:
// the joined combined gold has as many A lines per annotator, noops aside.
func TestJoinedCoNLLKeepsTheCounts(t *testing.T) {
	data := conllData(t)
	for _, goldName := range []string{"official-2014.0.m2", "official-2014.1.m2"} {
		gold := readData(t, data, "conll14", "gold", goldName)
		systems := map[string]string{
			"INPUT":     readData(t, data, "conll14", "systems", "INPUT"),
			"corrected": corrected(t, gold),
		}
		for name, system := range systems {
			want := scoreTexts(t, name, system, gold)
			if name == "corrected" && want.Correct < want.Gold*9/10 {
				t.Fatalf("%s, %s: %d of %d gold edits correct at sentence level; the corrected system is wrong", goldName, name, want.Correct, want.Gold)
			}
			for _, g := range []int{5, 26} {
				joined, err := JoinM2(gold, g)
				if err != nil {
					t.Fatal(err)
				}
				got := scoreTexts(t, name, JoinLines(system, g), joined)
				if got != want {
					t.Errorf("%s, %s joined by %d: counts %+v, sentence level %+v", goldName, name, g, got, want)
				}
			}
		}
	}
	combined := readData(t, data, CoNLLGold)
	joined, err := JoinM2(combined, 26)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := editLines(combined), editLines(joined); !slices.Equal(a, b) {
		t.Errorf("edit lines per annotator: %v, joined by 26 %v", a, b)
	}
}

// editLines counts the A lines of each annotator (0 and 1) that are not noops.
func editLines(m2 string) []int {
	n := make([]int, 2)
	for _, line := range strings.Split(m2, "\n") {
		if strings.HasPrefix(line, "A ") && !strings.Contains(line, "|||noop|||") {
			if strings.HasSuffix(line, "|||0") {
				n[0]++
			} else if strings.HasSuffix(line, "|||1") {
				n[1]++
			}
		}
	}
	return n
}
