package m2extract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hooData returns the HOO 2011 directory of ../shared/data, or skips the test.
func hooData(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data", "hoo2011")
	if _, err := os.Stat(filepath.Join(dir, "develop", "Gold")); err != nil {
		t.Skipf("HOO 2011 data not found in %s (../shared/data relative to the repository): %v", dir, err)
	}
	return dir
}

type hooFragment struct {
	id   string
	raw  string
	gold []GoldEdit
}

func readFragments(t *testing.T, dir string) []hooFragment {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "develop", "Gold", "*GE.xml"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no gold files in %s: %v", dir, err)
	}
	var out []hooFragment
	for _, name := range names {
		id := strings.TrimSuffix(filepath.Base(name), "GE.xml")
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		gold, err := ReadGold(name, f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(filepath.Join(dir, "develop", "Raw", id+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, hooFragment{id, string(raw), gold})
	}
	return out
}

// TestAllGoldOnHOO extracts the edits of the reference system that applies every gold
// correction (sys_allgold) and measures how many equal a gold edit byte for byte.
func TestAllGoldOnHOO(t *testing.T) {
	dir := hooData(t)
	var total Stats
	equal, edits := 0, 0
	for _, fr := range readFragments(t, dir) {
		sys, err := os.ReadFile(filepath.Join(dir, "reference", "sys_allgold", fr.id+"XX1.txt"))
		if err != nil {
			t.Fatal(err)
		}
		got, st, err := Extract(fr.raw, string(sys), fr.gold, DefaultOptions())
		if err != nil {
			t.Fatalf("%s: %v", fr.id, err)
		}
		total = total.Add(st)
		for _, e := range got {
			edits++
			if goldHas(fr.gold, e) {
				equal++
			} else {
				t.Logf("%s: edit %d–%d %q → %q equals no gold edit", fr.id, e.Start, e.End, e.Original, e.Correction)
			}
		}
		if _, err := XML(fr.id+"XX1", got); err != nil {
			t.Errorf("%s: %v", fr.id, err)
		}
	}
	frac := float64(equal) / float64(edits)
	t.Logf("sys_allgold: %d edits, %d (%.4f) equal a gold edit (start, end, correction); %+v", edits, equal, frac, total)
	// The command prints Stats: its counts are the ones measured here.
	if total.Edits != edits || total.GoldEqual != equal {
		t.Errorf("Stats count %d edits, %d equal to a gold edit; the edits returned are %d, %d of them equal to a gold edit", total.Edits, total.GoldEqual, edits, equal)
	}
	if frac < 0.97 {
		t.Errorf("only %.4f of the extracted edits equal a gold edit; expected at least 0.97", frac)
	}
}

func goldHas(gold []GoldEdit, e Edit) bool {
	for _, g := range gold {
		if g.Start != e.Start || g.End != e.End {
			continue
		}
		for _, c := range g.Corrections {
			if c == e.Correction {
				return true
			}
		}
	}
	return false
}
