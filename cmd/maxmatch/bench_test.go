package main

import (
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkScoreCommand runs "maxmatch score" on CoNLL-2014 files, everything included but the
// process start: reading and parsing both files, scoring, printing.
func BenchmarkScoreCommand(b *testing.B) {
	data := conllData(b)
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

// BenchmarkScoreSystems runs "maxmatch score" on the 13 CoNLL-2014 files in one call, INPUT
// first (the baseline), with the default 1,000 bootstrap resamples and the 12 paired tests
// (the target: under 2 s on 2 CPUs); then with the levels and types, and with the page.
func BenchmarkScoreSystems(b *testing.B) {
	files := conllFiles(conllData(b))
	page := filepath.Join(b.TempDir(), "page.html")
	for _, c := range []struct {
		name  string
		flags []string
	}{
		{"table", nil},
		{"table+levels+per-type", []string{"--levels", "--per-type"}},
		{"table+html", []string{"--html", page}},
	} {
		b.Run(c.name, func(b *testing.B) {
			args := append(append([]string{"score"}, c.flags...), files...)
			for b.Loop() {
				if code := run(args, io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
