package corpus_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"maxmatch/corpus"
	"maxmatch/input"
	"maxmatch/scorer"
)

const (
	goldM2 = "S He go home .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\nA 1 2|||Vt|||went|||REQUIRED|||-NONE-|||1\n\n" +
		"S I likes it .\nA 1 2|||SVA|||like|||REQUIRED|||-NONE-|||0\nA 1 2|||SVA|||like|||REQUIRED|||-NONE-|||1\n\n" +
		"S She have a cats .\nA 1 2|||SVA|||has|||REQUIRED|||-NONE-|||0\nA 3 4|||Nn|||cat|||REQUIRED|||-NONE-|||0\nA 1 2|||SVA|||has|||REQUIRED|||-NONE-|||1\n"
	systemA = "He goes home .\nI like it .\nShe have a cats .\n"
	systemB = "He went home .\nI likes it .\nShe have a cat .\n"
)

// files writes the gold file and two systems into a temporary directory.
func files(t testing.TB) (gold string, systems []string) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("gold.m2", goldM2), []string{write("a.txt", systemA), write("b.txt", systemB)}
}

// TestKeptAndStreamed scores the same files kept in memory and read as they are scored: the same
// report, intervals and tests included, and the same signature.
func TestKeptAndStreamed(t *testing.T) {
	gold, systems := files(t)
	var reports []any
	var signatures []string
	for _, limit := range []int64{0, -1} {
		run := corpus.New(gold, systems, corpus.Options{Scoring: scorer.DefaultOptions(), Bootstrap: 50, Seed: 3, Levels: true, PerType: true, KeepLimit: limit, Version: "test"})
		err := run.Survey(true)
		if err == nil {
			err = run.Check(true)
		}
		if err == nil {
			err = run.Score(nil)
		}
		if err != nil {
			t.Fatalf("keep limit %d: %v", limit, err)
		}
		rep, err := run.Report()
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, rep)
		signatures = append(signatures, run.Signature())
		run.Close()
	}
	if !reflect.DeepEqual(reports[0], reports[1]) {
		t.Errorf("kept and streamed reports differ:\n%+v\n%+v", reports[0], reports[1])
	}
	if signatures[0] != signatures[1] {
		t.Errorf("signatures differ: %s and %s", signatures[0], signatures[1])
	}
}

// TestReadGoldIdentity: a gold file read whole (nbest, oracle, serve) has the identity a run
// signs with.
func TestReadGoldIdentity(t *testing.T) {
	gold, systems := files(t)
	sentences, id, err := corpus.Reading{}.ReadGold(gold, 0, input.Options{}, nil)
	if err != nil || len(sentences) != 3 {
		t.Fatalf("%d sentences, %v", len(sentences), err)
	}
	for _, limit := range []int64{0, -1} {
		run := corpus.New(gold, systems[:1], corpus.Options{Scoring: scorer.DefaultOptions(), KeepLimit: limit})
		if err := run.Survey(true); err != nil {
			t.Fatal(err)
		}
		if got := run.Gold().Identity(); got != id {
			t.Errorf("keep limit %d: the run's identity %+v, ReadGold's %+v", limit, got, id)
		}
		run.Close()
	}
	if id.Sentences != 3 || id.Annotators != 2 || len(id.Hash) != 8 {
		t.Errorf("identity %+v", id)
	}
}

func ExampleRun() {
	dir, _ := os.MkdirTemp("", "corpus")
	defer os.RemoveAll(dir)
	gold, sys := filepath.Join(dir, "gold.m2"), filepath.Join(dir, "system.txt")
	os.WriteFile(gold, []byte(goldM2), 0o644)
	os.WriteFile(sys, []byte(systemA), 0o644)

	run := corpus.New(gold, []string{sys}, corpus.Options{Scoring: scorer.DefaultOptions()})
	defer run.Close()
	if err := run.Survey(false); err != nil {
		fmt.Println(err)
		return
	}
	if err := run.Check(false); err != nil {
		fmt.Println(err)
		return
	}
	if err := run.Score(nil); err != nil {
		fmt.Println(err)
		return
	}
	rep, err := run.Report()
	if err != nil {
		fmt.Println(err)
		return
	}
	s := rep.Systems[0] // the official scorer prints the same three figures
	p, r, f := s.Totals.PRF()
	fmt.Printf("%s: P %.4f R %.4f F_0.5 %.4f\n", s.Name, p, r, f)
	// Output: system.txt: P 1.0000 R 0.6667 F_0.5 0.9091
}
