package main

import (
	"fmt"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"

	"maxmatch/internal/benchcases"
	"maxmatch/membudget"
)

// The selection of the scale parts of a run: which long lines at which sizes, which joined
// CoNLL-2014 files the official scores, which target checks run. Defaults make the full run;
// the flags make a short one.

// defaultLongSizes are the long lines' sizes: 10³ to 10⁶ tokens in steps of √10.
var defaultLongSizes = []int{1_000, 3_162, 10_000, 31_623, 100_000, 316_228, 1_000_000}

// defaultLongMax caps the long families whose cost grows faster than their length: the
// heavily edited line's band is n·d cells for an edit distance d ≈ n/10 (1.2 GB at 10⁵
// tokens, 120 GB at 10⁶), and the unrelated line's bounded search holds the whole grid's
// vertices (84 MB at 10³ tokens, 7.6 GB at 10⁴).
var defaultLongMax = map[string]int{"edited": 100_000, "unrelated-line": 1_000}

// defaultLong are the long families run unless -families says otherwise.
var defaultLong = []string{"near-identical", "edited"}

// defaultGroups are the joined CoNLL-2014 files: paragraphs (5 sentences, about 120 tokens)
// and essays (26 sentences, about 600 tokens: the test set's 1,312 sentences are 50 essays).
var defaultGroups = []int{5, 26}

// defaultOfficialJoined keeps the full run's official share to about half an hour: about a
// minute per paragraph-level file (four for NTHU), ten minutes for CAMB's essays.
const defaultOfficialJoined = "5:all,26:CAMB"

// defaultFamilies names the families a run measures by default, short then long.
func defaultFamilies() []string {
	var names []string
	for _, f := range benchcases.Families {
		names = append(names, f.Name)
	}
	return append(names, defaultLong...)
}

// otherFamilies names the long families that run only when -families names them.
func otherFamilies() []string {
	var names []string
	for _, f := range benchcases.LongFamilies {
		if !slices.Contains(defaultLong, f.Name) {
			names = append(names, f.Name)
		}
	}
	return names
}

// selectFamilies resolves -families: "" for the defaults, "none" for none, or names of short
// and long families.
func selectFamilies(spec string) (short, long []benchcases.Family, err error) {
	var names []string
	switch spec {
	case "none":
		return nil, nil, nil
	case "":
		names = defaultFamilies()
	default:
		names = strings.Split(spec, ",")
	}
	for _, name := range names {
		name = strings.TrimSpace(name)
		if f, ok := benchcases.FamilyByName(name); ok {
			short = append(short, f)
		} else if f, ok := benchcases.LongFamilyByName(name); ok {
			long = append(long, f)
		} else {
			return nil, nil, fmt.Errorf("-families: unknown family %q (known: %s)", name, strings.Join(append(defaultFamilies(), otherFamilies()...), ", "))
		}
	}
	return short, long, nil
}

// selectRun reads the flags that select what a run measures into cfg.
func selectRun(cfg *Config, f configFlags) error {
	var err error
	switch f.systems {
	case "none":
	case "":
		if cfg.Systems, err = benchcases.CoNLLSystems(cfg.Data); err != nil {
			return err
		}
	default:
		cfg.Systems = strings.Split(f.systems, ",")
	}
	if cfg.Families, cfg.LongFamilies, err = selectFamilies(f.families); err != nil {
		return err
	}
	cfg.Sizes = benchcases.Sizes
	if f.sizes != "" {
		if cfg.Sizes, err = parseInts(f.sizes); err != nil {
			return fmt.Errorf("-sizes: %v", err)
		}
	}
	if cfg.LongSizes, err = parseInts(f.longSizes); err != nil {
		return fmt.Errorf("-long-sizes: %v", err)
	}
	if cfg.LongMax, err = parseLongMax(f.longMax); err != nil {
		return fmt.Errorf("-long-max: %v", err)
	}
	if f.groups != "none" {
		if cfg.Groups, err = parseInts(f.groups); err != nil {
			return fmt.Errorf("-groups: %v", err)
		}
		for _, g := range cfg.Groups {
			if g < 2 {
				return fmt.Errorf("-groups: %d: a group of one sentence is the sentence-level run, always measured", g)
			}
		}
	}
	if cfg.OfficialOn, err = parseJoinedChoice(f.officialJoined); err != nil {
		return fmt.Errorf("-official-joined: %v", err)
	}
	if f.officialMemory != "none" {
		if cfg.OfficialAS, err = membudget.ParseBytes(f.officialMemory); err != nil {
			return fmt.Errorf("-official-memory: %v", err)
		}
		if _, err := exec.LookPath("prlimit"); err != nil {
			return fmt.Errorf("-official-memory needs prlimit (util-linux), or \"none\": %v", err)
		}
	}
	if cfg.Checks, err = parseChecks(f.checks); err != nil {
		return fmt.Errorf("-checks: %v", err)
	}
	return nil
}

// parseLongMax reads "family=tokens,…"; every family must be a long one.
func parseLongMax(s string) (map[string]int, error) {
	m := map[string]int{}
	if s == "" || s == "none" {
		return m, nil
	}
	for _, item := range strings.Split(s, ",") {
		name, n, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return nil, fmt.Errorf("%q: expected family=tokens", item)
		}
		if _, known := benchcases.LongFamilyByName(name); !known {
			return nil, fmt.Errorf("%q: no long family %q", item, name)
		}
		v, err := strconv.Atoi(n)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("%q: %q is not a positive number of tokens", item, n)
		}
		m[name] = v
	}
	return m, nil
}

func formatLongMax(m map[string]int) string {
	var items []string
	for name, n := range m {
		items = append(items, fmt.Sprintf("%s=%d", name, n))
	}
	sort.Strings(items)
	return strings.Join(items, ",")
}

// longSizes returns the sizes of family name that a run measures, and those it leaves out
// (over the family's cap).
func longSizes(cfg *Config, name string) (run, capped []int) {
	limit, ok := cfg.LongMax[name]
	for _, n := range cfg.LongSizes {
		if ok && n > limit {
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
	if s == "none" || s == "" {
		return c, nil
	}
	for _, item := range strings.Split(s, ",") {
		g, who, ok := strings.Cut(strings.TrimSpace(item), ":")
		group, err := strconv.Atoi(g)
		if !ok || err != nil || group < 2 || who == "" {
			return nil, fmt.Errorf("%q: expected GROUP:all or GROUP:SYSTEM, GROUP at least 2", item)
		}
		c[group] = append(c[group], who)
	}
	return c, nil
}

// has reports whether the official scores system's file joined by group.
func (c joinedChoice) has(group int, system string) bool {
	return slices.Contains(c[group], "all") || slices.Contains(c[group], system)
}

// describe says it for the report: "groups of 5: every file; groups of 26: CAMB".
func (c joinedChoice) describe() string {
	var groups []int
	for g := range c {
		groups = append(groups, g)
	}
	if len(groups) == 0 {
		return "none"
	}
	slices.Sort(groups)
	var parts []string
	for _, g := range groups {
		who := strings.Join(c[g], ", ")
		if slices.Contains(c[g], "all") {
			who = "every file"
		}
		parts = append(parts, fmt.Sprintf("groups of %d: %s", g, who))
	}
	return strings.Join(parts, "; ")
}

func parseChecks(s string) ([]string, error) {
	if s == "none" || s == "" {
		return nil, nil
	}
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if !slices.Contains(checkNames, name) {
			return nil, fmt.Errorf("unknown check %q (known: %s)", name, strings.Join(checkNames, ", "))
		}
		out = append(out, name)
	}
	return out, nil
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
