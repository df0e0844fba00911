package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"maxmatch/benchcases"
	"maxmatch/internal/gctarget"
)

// conllNbest writes the CoNLL-2014 files of the shared data as one n-best list (Moses format):
// for every gold sentence, the 13 files' lines in the order of their names (hypothesis k is
// file k). It returns the list's path, the combined gold's, and the files' names.
func conllNbest(tb testing.TB, dir string) (list, gold string, names []string) {
	tb.Helper()
	data, err := benchcases.SharedData(".")
	if err != nil {
		tb.Skip(err)
	}
	names, err = benchcases.CoNLLSystems(data)
	if err != nil {
		tb.Fatal(err)
	}
	var files [][]string
	for _, n := range names {
		text, err := os.ReadFile(filepath.Join(data, "conll14", "systems", n))
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, strings.Split(strings.TrimSuffix(string(text), "\n"), "\n"))
	}
	var b strings.Builder
	for i := range files[0] {
		for k := range files {
			fmt.Fprintf(&b, "%d ||| %s ||| system=%s ||| 0\n", i, files[k][i], names[k])
		}
	}
	list = filepath.Join(dir, "conll.nbest")
	if err := os.WriteFile(list, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return list, filepath.Join(data, benchcases.CoNLLGold), names
}

// BenchmarkNbestCommand runs "maxmatch nbest" in-process on the 13 CoNLL-2014 files as 13
// hypotheses per sentence (17,056): reading the gold, checking and reading the list, scoring,
// printing TSV (or JSON lines). hyps/s is the figure of the target.
func BenchmarkNbestCommand(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(gctarget.Percent)) // as the command runs
	list, gold, _ := conllNbest(b, b.TempDir())
	for _, format := range []string{"tsv", "jsonl"} {
		for _, j := range []string{"1", "2"} {
			b.Run(format+"/j"+j, func(b *testing.B) {
				args := []string{"nbest", "-j", j, list, gold}
				if format == "jsonl" {
					args = []string{"nbest", "--jsonl", "-j", j, list, gold}
				}
				b.ReportAllocs()
				cpu := benchcases.CPUTime()
				for b.Loop() {
					if code := run(args, io.Discard, io.Discard); code != 0 {
						b.Fatalf("exit %d", code)
					}
				}
				benchcases.ReportThroughput(b, 17056, cpu)
			})
		}
	}
}
