package benchcases

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"maxmatch/levenshtein"
)

// StageCase is a named set of sentence pairs for the stage benchmarks (go test -bench in
// levenshtein, lattice and scorer): one operation of a benchmark processes every pair.
type StageCase struct {
	Name   string // "conll-CAMB", "unrelated-n=40", …: benchstat reads case=NAME
	Pairs  []Pair
	Corpus *Corpus // the files, read and parsed (for generated cases, SystemPath and GoldPath are empty)
}

// StageGenerated are the generated cases of the stage benchmarks: family and size.
var StageGenerated = []struct {
	Family string
	N      int
}{
	{"unrelated", 20}, {"unrelated", 40}, {"repeated-clause", 56}, {"many-gold", 80}, {"many-gold", 320},
}

// StageSystems are the CoNLL-2014 submissions of the stage benchmarks: a typical one, the one with
// a degenerate sentence, and the unchanged source.
var StageSystems = []string{"CAMB", "NTHU", "INPUT"}

// StageCases returns the stage benchmarks' cases, interned with in. The CoNLL cases need the
// shared data beside the module that governs dir; without it they are left out and skipped says
// why.
func StageCases(in *levenshtein.Interner, dir string) (cs []StageCase, skipped string, err error) {
	data, err := SharedData(dir)
	if err == nil {
		for _, sys := range StageSystems {
			c, err := ReadCorpus(sys, filepath.Join(data, "conll14", "systems", sys), filepath.Join(data, CoNLLGold))
			if err != nil {
				return nil, "", err
			}
			cs = append(cs, StageCase{Name: "conll-" + sys, Pairs: c.Pairs(in), Corpus: c})
		}
	} else {
		skipped = "CoNLL-2014 cases left out: " + err.Error()
	}
	for _, g := range StageGenerated {
		f, ok := FamilyByName(g.Family)
		if !ok {
			panic("unknown family " + g.Family)
		}
		c := f.Case(g.N, 1)
		name := fmt.Sprintf("%s-n=%d", g.Family, g.N)
		corpus, err := ParseCorpus(name, []byte(c.System()), []byte(c.M2()))
		if err != nil {
			return nil, "", err
		}
		cs = append(cs, StageCase{Name: name, Pairs: []Pair{CasePair(in, &c)}, Corpus: corpus})
	}
	return cs, skipped, nil
}

// Stages returns the stage benchmarks' cases for a go test benchmark run from a package
// directory of the module, logging which were left out; it fails the benchmark on an error.
func Stages(b testing.TB) []StageCase {
	var in levenshtein.Interner
	cs, skipped, err := StageCases(&in, ".")
	if err != nil {
		b.Fatal(err)
	}
	if skipped != "" {
		b.Log(skipped)
	}
	return cs
}

// ReportThroughput reports items per second of wall time ("hyps/s") and the CPU time per
// operation since cpu (a CPUTime taken before the loop).
func ReportThroughput(b *testing.B, items int, cpu time.Duration) {
	b.ReportMetric(float64(items*b.N)/b.Elapsed().Seconds(), "hyps/s")
	b.ReportMetric(float64((CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
