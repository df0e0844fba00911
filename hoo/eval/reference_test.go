package eval

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"maxmatch/hoo/fragment"
)

// hoo2011 returns the shared HOO 2011 data directory, or skips the test.
func hoo2011(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "hoo2011"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not found at %s (it lives beside the repository as ../shared/data): %v", dir, err)
	}
	return dir
}

// readDirs reads the fragments of a gold and a system directory, paired by pair.
func readDirs(t *testing.T, goldDir, sysDir string, pair func(gold, sys *fragment.Dir) ([]Pair, error)) []Fragment {
	t.Helper()
	gold, err := fragment.ReadDir(goldDir, fragment.Gold)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := fragment.ReadDir(sysDir, fragment.SystemEdits)
	if err != nil {
		t.Fatal(err)
	}
	pairs, err := pair(gold, sys)
	if err != nil {
		t.Fatal(err)
	}
	frags, err := Read(pairs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return frags
}

// TestReferenceResults2011 scores the official extractions of the three reference systems
// (reference/xml_*) against the develop gold and compares every fragment with what the
// official batch_evaluate.py gave (reference/results_*.txt, four decimals, with and without
// bonus). Where the official crashed, we must have found the comparison it crashes on.
func TestReferenceResults2011(t *testing.T) {
	data := hoo2011(t)
	for _, sys := range []string{"allgold", "half", "unchanged"} {
		t.Run(sys, func(t *testing.T) {
			f, err := os.Open(filepath.Join(data, "reference", "results_"+sys+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			frags := readDirs(t, filepath.Join(data, "develop", "Gold"), filepath.Join(data, "reference", "xml_"+sys), Pairs)
			rows := map[bool]map[string]Row{}
			for _, bonus := range []bool{true, false} {
				rs := Batch2011(frags, Options2011{Bonus: bonus}, nil)
				rows[bonus] = map[string]Row{}
				for _, r := range rs {
					rows[bonus][r.Name[:4]] = r
				}
			}
			checked, crashed := 0, 0
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				fields := strings.Fields(sc.Text())
				if len(fields) < 3 {
					continue
				}
				frag, bonus := fields[0], fields[1] == "bonus"
				r, ok := rows[bonus][frag]
				if !ok {
					t.Errorf("fragment %s: no system file scored", frag)
					continue
				}
				if fields[2] == "CRASH" {
					crashed++
					if r.Scores.Crash == nil {
						t.Errorf("fragment %s: the official crashed (%s), we found no comparison that raises", frag, strings.Join(fields[3:], " "))
					}
					continue
				}
				if r.Scores.Crash != nil {
					t.Errorf("fragment %s: the official did not crash, we say it does: %v", frag, r.Scores.Crash)
				}
				var got []string
				for _, v := range r.Scores.Columns() {
					got = append(got, Format4(v))
				}
				if strings.Join(got, " ") != strings.Join(fields[2:], " ") {
					t.Errorf("fragment %s %s:\n got  %s\n want %s", frag, fields[1], strings.Join(got, " "), strings.Join(fields[2:], " "))
				}
				checked++
			}
			t.Logf("%s: %d fragment scores equal to 4 decimals, %d official crashes recognised", sys, checked, crashed)
		})
	}
}

// TestReferenceCSV2011 writes batch_evaluate.py's CSV files for the unchanged system and
// compares them byte for byte with the official ones.
func TestReferenceCSV2011(t *testing.T) {
	data := hoo2011(t)
	frags := readDirs(t, filepath.Join(data, "develop", "Gold"), filepath.Join(data, "reference", "xml_unchanged"), Pairs)
	for file, bonus := range map[string]bool{"scores_unchanged.csv": true, "scores_unchanged_nobonus.csv": false} {
		want, err := os.ReadFile(filepath.Join(data, "reference", file))
		if err != nil {
			t.Fatal(err)
		}
		rows := Batch2011(frags, Options2011{Bonus: bonus}, nil)
		var got bytes.Buffer
		if err := WriteCSV(&got, rows); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s differs:\n got\n%s\n want\n%s", file, got.String(), want)
		}
	}
}
