// Command gencases writes the long-line benchmark inputs as files: a generated long family
// (bench/benchcases.LongFamilies) at one size, or CoNLL-2014 with consecutive sentences joined into
// one line (the gold file and every system of the shared data, joined the same way).
//
//	go run ./bench/gencases -family near-identical -n 100000 -out DIR   → DIR/near-identical-100000.{m2,txt}
//	go run ./bench/gencases -conll-group 5 -out DIR                     → DIR/conll-5/{official-2014.combined.m2, SYSTEM…}
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"maxmatch/benchcases"
)

func main() {
	family := flag.String("family", "", "a long family: near-identical, edited, unrelated-line (or a short one: unrelated, …)")
	n := flag.Int("n", 10_000, "source tokens of the generated line")
	seed := flag.Int64("seed", 1, "seed of the generated line")
	group := flag.Int("conll-group", 0, "join this many consecutive CoNLL-2014 sentences into one line")
	out := flag.String("out", ".", "directory to write to")
	flag.Parse()
	if err := run(*family, *n, *seed, *group, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gencases:", err)
		os.Exit(2)
	}
}

func run(family string, n int, seed int64, group int, out string) error {
	switch {
	case family != "" && group == 0:
		f, ok := benchcases.LongFamilyByName(family)
		if !ok {
			if f, ok = benchcases.FamilyByName(family); !ok {
				return fmt.Errorf("no family %q", family)
			}
		}
		c := f.Case(n, seed)
		base := filepath.Join(out, fmt.Sprintf("%s-%d", family, n))
		if err := os.WriteFile(base+".m2", []byte(c.M2()), 0o644); err != nil {
			return err
		}
		return os.WriteFile(base+".txt", []byte(c.System()), 0o644)
	case group > 0 && family == "":
		data, err := benchcases.SharedData(".")
		if err != nil {
			return err
		}
		dir := filepath.Join(out, fmt.Sprintf("conll-%d", group))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		gold, err := os.ReadFile(filepath.Join(data, benchcases.CoNLLGold))
		if err != nil {
			return err
		}
		joined, err := benchcases.JoinM2(string(gold), group)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(benchcases.CoNLLGold)), []byte(joined), 0o644); err != nil {
			return err
		}
		systems, err := benchcases.CoNLLSystems(data)
		if err != nil {
			return err
		}
		for _, s := range systems {
			text, err := os.ReadFile(filepath.Join(data, "conll14", "systems", s))
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, s), []byte(benchcases.JoinLines(string(text), group)), 0o644); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("give either -family (with -n) or -conll-group")
}
