package scorer

import (
	"os"
	"path/filepath"
	"testing"
)

func loadCoNLL(b *testing.B, system string) ([]string, []byte) {
	data := sharedData(b)
	gdata, err := os.ReadFile(filepath.Join(data, "conll14", "gold", "official-2014.combined.m2"))
	if err != nil {
		b.Fatal(err)
	}
	sdata, err := os.ReadFile(filepath.Join(data, "conll14", "systems", system))
	if err != nil {
		b.Fatal(err)
	}
	hyps, err := ReadSystem(system, sdata)
	if err != nil {
		b.Fatal(err)
	}
	return hyps, gdata
}

// BenchmarkReadM2 parses the CoNLL-2014 combined gold file (1312 sentences).
func BenchmarkReadM2(b *testing.B) {
	_, gdata := loadCoNLL(b, "CAMB")
	b.SetBytes(int64(len(gdata)))
	for b.Loop() {
		if _, err := ReadM2("gold", gdata, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScore scores a CoNLL-2014 submission against the combined gold (parsed once).
func BenchmarkScore(b *testing.B) {
	for _, sys := range []string{"CAMB", "NTHU", "INPUT"} {
		b.Run(sys, func(b *testing.B) {
			hyps, gdata := loadCoNLL(b, sys)
			gold, err := ReadM2("gold", gdata, 0)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Score(hyps, gold, DefaultOptions(), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
