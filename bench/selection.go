package main

import (
	"cmp"
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"maxmatch/benchcases"
	"maxmatch/membudget"
)

// The command line: what a run measures and how. Defaults make the full run; the flags make a
// short one.

// defaultLongSizes are the long lines' sizes: 10³ to 10⁶ tokens in steps of √10.
const defaultLongSizes = "1000,3162,10000,31623,100000,316228,1000000"

// defaultLongMax caps the long families whose cost grows faster than their length: the
// heavily edited line's band is n·d cells for an edit distance d ≈ n/10 (1.2 GB at 10⁵
// tokens, 120 GB at 10⁶), and the unrelated line's bounded search holds the whole grid's
// vertices (84 MB at 10³ tokens, 7.6 GB at 10⁴).
const defaultLongMax = "edited=100000,unrelated-line=1000"

// defaultLong are the long families run unless -families says otherwise (unrelated-line to
// 1,000 tokens: issue 28 asks the page for it).
var defaultLong = []string{"near-identical", "edited", "unrelated-line"}

// defaultGroups are the joined CoNLL-2014 files: paragraphs (5 sentences, about 120 tokens)
// and essays (26 sentences, about 600 tokens: the test set's 1,312 sentences are 50 essays).
const defaultGroups = "5,26"

// defaultOfficialJoined keeps the full run's official share to about half an hour: about a
// minute per paragraph-level file (four for NTHU), ten minutes for CAMB's essays.
const defaultOfficialJoined = "5:all,26:CAMB"

// parseFlags reads the command line into a Config (but for what needs the shared data: nil
// Systems is all of them) and -render's path; false, with a message, when it cannot.
func parseFlags(args []string) (cfg *Config, render string, ok bool) {
	cfg = &Config{}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.StringVar(&cfg.Data, "data", "", "shared data directory (default: ../shared/data beside the repository)")
	fs.StringVar(&cfg.Gold, "gold", "", "CoNLL-2014 gold file (default: DATA/"+benchcases.CoNLLGold+")")
	fs.StringVar(&cfg.Official, "official", "", "the official scorer's m2scorer.py (release 3.2); not run when empty")
	fs.StringVar(&cfg.Mirror, "mirror", "", "git directory of nusnlp/m2scorer: release 3.2 is extracted from it (instead of -official)")
	fs.StringVar(&cfg.Python, "python", "python2", "Python 2.7 interpreter (PYENV_VERSION=2.7.18 is set unless already set)")
	fs.StringVar(&cfg.Maxmatch, "maxmatch", "", "maxmatch binary to measure (default: built from this repository)")
	fs.IntVar(&cfg.Rounds, "rounds", 5, "A/B pairs per system and per family case")
	fs.IntVar(&cfg.Reps, "reps", 5, "maxmatch runs per A slot; the slot counts their median")
	fs.DurationVar(&cfg.Slow, "slow", 60*time.Second, "an official system run longer than this ends that system's rounds after the first")
	fs.DurationVar(&cfg.Timeout, "timeout", 60*time.Second, "time limit of the official scorer on one family case")
	fs.DurationVar(&cfg.SystemTimeout, "system-timeout", 30*time.Minute, "time limit of the official scorer on one system")
	fs.DurationVar(&cfg.JoinedTimeout, "joined-timeout", 15*time.Minute, "time limit of the official scorer on one joined file")
	fs.IntVar(&cfg.LargeGoldMB, "large-gold", 200, "size in MB of the large gold file of the checks (CoNLL-2014's gold repeated)")
	fs.StringVar(&cfg.LargeSystem, "large-system", "CAMB", "the system repeated alike beside the large gold file")
	fs.IntVar(&cfg.Samples, "samples", 15, "in-process samples per measurement")
	fs.DurationVar(&cfg.MinSample, "min-sample", 100*time.Millisecond, "least duration of one in-process sample")
	fs.StringVar(&cfg.Out, "out", "bench/out", "directory for the page, its CSV, JSON and plots, and the benchmarks' output")
	fs.StringVar(&cfg.Docs, "docs", "", "also write benchmarks.md, its plots, CSV and JSON into this directory (e.g. docs)")
	fs.StringVar(&cfg.Compare, "compare", "", "a benchmarks.csv of an earlier run to compare the ratios with")
	fs.StringVar(&render, "render", "", "write the page of a run's benchmarks.json again, without measuring")
	// The selection's flags, each set to its default as the command line would set it.
	list := func(name, value, usage string, set func(string) error) {
		if value != "" {
			usage = fmt.Sprintf("%s (default %q)", usage, value)
		}
		fs.Func(name, usage, set)
		if err := set(value); err != nil {
			panic(fmt.Sprintf("-%s's default %q: %v", name, value, err))
		}
	}
	list("systems", "", "comma-separated system names in DATA/conll14/systems (default: all; \"none\" for none)", func(s string) error {
		cfg.Systems = nil // all, once the data is found
		if s == "none" {
			cfg.Systems = []string{}
		} else if s != "" {
			cfg.Systems = strings.Split(s, ",")
		}
		return nil
	})
	defaults, others := familyNames()
	also := ""
	if len(others) > 0 {
		also = "also " + strings.Join(others, ",") + "; "
	}
	list("families", strings.Join(defaults, ","), "comma-separated families, generated sentences and long lines ("+also+"\"none\" for none)",
		func(s string) (err error) { cfg.Families, cfg.LongFamilies, err = selectFamilies(s); return err })
	list("sizes", joinInts(benchcases.Sizes), "comma-separated family sizes in tokens", ints(&cfg.Sizes, 1))
	list("long-sizes", defaultLongSizes, "comma-separated sizes of the long lines in tokens", ints(&cfg.LongSizes, 1))
	list("long-max", defaultLongMax, "per long family, the largest size run (family=tokens,…): the heavily edited line's band grows as n·d, 1.2 GB at 10⁵ tokens, 120 GB at 10⁶",
		func(s string) (err error) { cfg.LongMax, err = parseLongMax(s); return err })
	list("groups", defaultGroups, "CoNLL-2014 joined into lines of this many sentences, comma-separated (\"none\" for none; a group of one sentence is the sentence-level run, always measured)", ints(&cfg.Groups, 2))
	list("official-joined", defaultOfficialJoined, "joined files the official scores: GROUP:all or GROUP:SYSTEM, comma-separated (\"none\" for none)",
		func(s string) (err error) { cfg.OfficialOn, err = parseJoinedChoice(s); return err })
	list("official-memory", "4G", "address-space limit of the official scorer on joined files and long lines (prlimit --as; \"none\" for none): it needs 1.2 GB at 1,000 tokens, more than 4 GB at 3,162",
		func(s string) (err error) {
			cfg.OfficialAS = 0
			if s != "none" {
				cfg.OfficialAS, err = membudget.ParseBytes(s)
			}
			return err
		})
	list("checks", strings.Join(checkNames, ","), "target checks to run, comma-separated (\"none\" for none)", func(s string) (err error) { cfg.Checks, err = parseChecks(s); return err })
	if err := fs.Parse(args); err != nil {
		return nil, "", false // the flag package said why
	}
	if fs.NArg() != 0 || cfg.Rounds < 1 || cfg.Reps < 1 || cfg.Samples < 1 || cfg.LargeGoldMB < 1 {
		fmt.Fprintln(os.Stderr, "bench: unexpected arguments; see go run ./bench -h")
		return nil, "", false
	}
	var err error
	if cfg.Root, err = benchcases.ModuleRoot("."); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return nil, "", false
	}
	cfg.CommandLine = "go run ./bench " + strings.Join(args, " ")
	return cfg, render, true
}

// familyNames names the families a run measures by default, short then long, and the long ones
// that run only when -families names them.
func familyNames() (defaults, others []string) {
	for _, f := range benchcases.Families {
		defaults = append(defaults, f.Name)
	}
	for _, f := range benchcases.LongFamilies {
		if !slices.Contains(defaultLong, f.Name) {
			others = append(others, f.Name)
		}
	}
	return append(defaults, defaultLong...), others
}

// items reads a comma-separated flag ("none" for none), item by item.
func items[T any](s string, item func(string) (T, error)) ([]T, error) {
	if s == "none" {
		return nil, nil
	}
	var out []T
	for _, f := range strings.Split(s, ",") {
		v, err := item(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// selectFamilies resolves -families: names of short and long families, or "none".
func selectFamilies(spec string) (short, long []benchcases.Family, err error) {
	_, err = items(spec, func(name string) (any, error) {
		if f, ok := benchcases.FamilyByName(name); ok {
			short = append(short, f)
		} else if f, ok := benchcases.LongFamilyByName(name); ok {
			long = append(long, f)
		} else {
			defaults, others := familyNames()
			return nil, fmt.Errorf("unknown family %q (known: %s)", name, strings.Join(append(defaults, others...), ", "))
		}
		return nil, nil
	})
	if err != nil {
		return nil, nil, err
	}
	return short, long, nil
}

// parseLongMax reads "family=tokens,…" ("none" for none); every family must be a long one.
func parseLongMax(s string) (map[string]int, error) {
	m := map[string]int{}
	_, err := items(s, func(item string) (any, error) {
		name, n, _ := strings.Cut(item, "=")
		v, err := strconv.Atoi(n)
		if _, long := benchcases.LongFamilyByName(name); !long || err != nil || v <= 0 {
			return nil, fmt.Errorf("%q: expected family=tokens, a long family and a positive number of tokens", item)
		}
		m[name] = v
		return nil, nil
	})
	return m, err
}

// longSizes returns the sizes of family name that a run measures, and those it leaves out
// (over the family's cap).
func longSizes(cfg *Config, name string) (run, capped []int) {
	for _, n := range cfg.LongSizes {
		if limit, ok := cfg.LongMax[name]; ok && n > limit {
			capped = append(capped, n)
		} else {
			run = append(run, n)
		}
	}
	return run, capped
}

// joinedChoice says which joined files the official scores: per group, the systems ("all":
// every one).
type joinedChoice map[int][]string

// parseJoinedChoice reads "GROUP:all" and "GROUP:SYSTEM" items, comma-separated, or "none".
func parseJoinedChoice(s string) (joinedChoice, error) {
	c := joinedChoice{}
	_, err := items(s, func(item string) (any, error) {
		g, who, _ := strings.Cut(item, ":")
		group, err := strconv.Atoi(g)
		if err != nil || group < 2 || who == "" {
			return nil, fmt.Errorf("%q: expected GROUP:all or GROUP:SYSTEM, GROUP at least 2", item)
		}
		c[group] = append(c[group], who)
		return nil, nil
	})
	return c, err
}

// has reports whether the official scores system's file joined by group.
func (c joinedChoice) has(group int, system string) bool {
	return slices.Contains(c[group], "all") || slices.Contains(c[group], system)
}

// String says it for the report: "groups of 5: every file; groups of 26: CAMB".
func (c joinedChoice) String() string {
	parts := []string{}
	for _, g := range slices.Sorted(maps.Keys(c)) {
		who := strings.Join(c[g], ", ")
		if slices.Contains(c[g], "all") {
			who = "every file"
		}
		parts = append(parts, fmt.Sprintf("groups of %d: %s", g, who))
	}
	return cmp.Or(strings.Join(parts, "; "), "none")
}

func parseChecks(s string) ([]string, error) {
	return items(s, func(name string) (string, error) {
		if !slices.Contains(checkNames, name) {
			return "", fmt.Errorf("unknown check %q (known: %s)", name, strings.Join(checkNames, ", "))
		}
		return name, nil
	})
}

// ints is the setter of a flag of integers of at least least.
func ints(to *[]int, least int) func(string) error {
	return func(s string) (err error) {
		*to, err = items(s, func(f string) (int, error) {
			n, err := strconv.Atoi(f)
			if err != nil || n < least {
				return 0, fmt.Errorf("%q is not an integer of at least %d", f, least)
			}
			return n, nil
		})
		return err
	}
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
