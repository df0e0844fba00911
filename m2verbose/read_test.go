package m2verbose

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOfficialCases scores every case of testdata/official and compares each sentence with the
// official scorer's own -v output stored beside it (see testdata/official/README.md).
func TestOfficialCases(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "testdata", "official", "*", "official.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 10 {
		t.Fatalf("found %d cases in testdata/official; expected the committed ones", len(dirs))
	}
	for _, f := range dirs {
		dir := filepath.Dir(f)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			opt, err := ReadOptions(filepath.Join(dir, "options"))
			if err != nil {
				t.Fatal(err)
			}
			read := func(name string) []byte {
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			official, err := ParseVerbose(read("official.txt"))
			if err != nil {
				t.Fatal(err)
			}
			ours, err := Ours(opt, read("gold.m2"), read("system.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if d := Diff(official, ours); d != "" {
				t.Error(d)
			}
		})
	}
}
