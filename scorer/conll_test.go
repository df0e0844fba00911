package scorer

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// sharedData returns the path of the shared evaluation data, or skips the test.
func sharedData(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "data"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not found at %s (it lives beside the repository as ../shared/data): %v", dir, err)
	}
	return dir
}

// conllSystems are the CoNLL-2014 outputs of the shared data: the 12 submissions and INPUT,
// the source.
var conllSystems = []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"}

// readCoNLLGold reads the CoNLL-2014 gold file name (without ".m2") from the shared data's
// conll14 directory.
func readCoNLLGold(t testing.TB, conll, name string) []Sentence {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(conll, "gold", name+".m2"))
	if err != nil {
		t.Fatal(err)
	}
	gold, err := ReadM2(name+".m2", data, 0)
	if err != nil {
		t.Fatal(err)
	}
	return gold
}

// readCoNLLSystem reads a CoNLL-2014 output from the shared data's conll14 directory.
func readCoNLLSystem(t testing.TB, conll, sys string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(conll, "systems", sys))
	if err != nil {
		t.Fatal(err)
	}
	hyps, err := ReadSystem(sys, data)
	if err != nil {
		t.Fatal(err)
	}
	return hyps
}

type expectedSentence struct {
	Line         int     `json:"line"`
	Annotator    int     `json:"annotator"`
	Correct      int     `json:"correct"`
	Proposed     int     `json:"proposed"`
	Gold         int     `json:"gold"`
	Edits        [][]any `json:"edits"`
	CorrectEdits [][]any `json:"correct_edits"`
	Total        *struct {
		Correct, Proposed, Gold int
	} `json:"total"`
}

func readExpected(t *testing.T, path string) []expectedSentence {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []expectedSentence
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e expectedSentence
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, e)
	}
	return out
}

func editJSON(e Edit) string {
	return fmt.Sprintf("[%d, %d, %q, %q]", e.Start, e.End, e.Original, e.Correction)
}

func expectedEditJSON(e []any) string {
	return fmt.Sprintf("[%v, %v, %q, %q]", e[0], e[1], e[2], e[3])
}

// TestCoNLL2014MatchesOfficial checks every sentence of every CoNLL-2014 submission against
// every gold file: annotator, counts and (trimmed) edit sequence as the official 3.2 gives them.
func TestCoNLL2014MatchesOfficial(t *testing.T) {
	data := sharedData(t)
	conll := filepath.Join(data, "conll14")
	golds := []string{"official-2014.combined", "official-2014.combined-withalt", "official-2014.0", "official-2014.1"}
	systems := conllSystems
	if testing.Short() {
		golds, systems = golds[:1], []string{"CAMB", "NTHU", "IITB"}
	}
	for _, g := range golds {
		gold := readCoNLLGold(t, conll, g)
		for _, sys := range systems {
			t.Run(g+"/"+sys, func(t *testing.T) {
				hyps := readCoNLLSystem(t, conll, sys)
				want := readExpected(t, filepath.Join(conll, "expected", g+"."+sys+".jsonl.gz"))
				mismatches := 0
				totals, err := Score(hyps, gold, DefaultOptions(), func(r *SentenceResult) error {
					w := want[r.Index]
					a := r.ChosenResult()
					n := a.Counts()
					var got, exp []string
					for _, e := range a.Edits {
						got = append(got, editJSON(Trim(e)))
					}
					for _, e := range w.Edits {
						exp = append(exp, expectedEditJSON(e))
					}
					var gotC, expC []string
					for _, e := range a.Correct {
						gotC = append(gotC, editJSON(e))
					}
					for _, e := range w.CorrectEdits {
						expC = append(expC, expectedEditJSON(e))
					}
					if a.Annotator != w.Annotator || n.Correct != w.Correct || n.Proposed != w.Proposed || n.Gold != w.Gold ||
						fmt.Sprint(got) != fmt.Sprint(exp) || fmt.Sprint(gotC) != fmt.Sprint(expC) {
						mismatches++
						if mismatches <= 5 {
							t.Errorf("line %d: got annotator %d counts %+v edits %v correct %v\n\twant annotator %d counts {%d %d %d} edits %v correct %v",
								w.Line, a.Annotator, n, got, gotC, w.Annotator, w.Correct, w.Proposed, w.Gold, exp, expC)
						}
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				last := want[len(want)-1]
				if last.Total == nil {
					t.Fatal("expected file has no total line")
				}
				if c := totals.Counts(); c != (Counts{last.Total.Correct, last.Total.Proposed, last.Total.Gold}) {
					t.Errorf("totals %+v, want %+v", c, *last.Total)
				}
				if mismatches > 0 {
					t.Errorf("%d of %d sentences differ", mismatches, len(gold))
				}
			})
		}
	}
}

// TestWorkersDoNotChangeResults scores CoNLL-2014 submissions with one worker and with eight:
// every sentence's result must be identical.
func TestWorkersDoNotChangeResults(t *testing.T) {
	data := sharedData(t)
	gold := readCoNLLGold(t, filepath.Join(data, "conll14"), "official-2014.combined-withalt")
	for _, sys := range []string{"CAMB", "NTHU", "UFC"} {
		hyps := readCoNLLSystem(t, filepath.Join(data, "conll14"), sys)
		var runs [2][]string
		for i, workers := range []int{1, 8} {
			opt := DefaultOptions()
			opt.Workers = workers
			tot, err := Score(hyps, gold, opt, func(r *SentenceResult) error {
				runs[i] = append(runs[i], fmt.Sprintf("%+v", *r))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			runs[i] = append(runs[i], fmt.Sprintf("%+v", tot))
		}
		if len(runs[0]) != len(runs[1]) {
			t.Fatalf("%s: %d results with 1 worker, %d with 8", sys, len(runs[0]), len(runs[1]))
		}
		for i := range runs[0] {
			if runs[0][i] != runs[1][i] {
				t.Fatalf("%s: result %d differs:\n 1 worker: %s\n8 workers: %s", sys, i, runs[0][i], runs[1][i])
			}
		}
	}
}
