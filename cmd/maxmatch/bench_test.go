package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkScoreCommand runs "maxmatch score" on CoNLL-2014 files, everything included but the
// process start: reading and parsing both files, scoring, printing.
func BenchmarkScoreCommand(b *testing.B) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "conll14"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(data); err != nil {
		b.Skipf("shared data not found at %s: %v", data, err)
	}
	gold := filepath.Join(data, "gold", "official-2014.combined.m2")
	for _, sys := range []string{"CAMB", "NTHU"} {
		for _, j := range []string{"1", "2"} {
			b.Run(sys+"/j"+j, func(b *testing.B) {
				args := []string{"score", "-j", j, filepath.Join(data, "systems", sys), gold}
				for b.Loop() {
					if code := run(args, io.Discard, io.Discard); code != 0 {
						b.Fatalf("exit %d", code)
					}
				}
			})
		}
	}
}
