package lattice_test

import (
	"bufio"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"maxmatch/benchcases"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
	"maxmatch/membudget"
)

var update = flag.Bool("update", false, "rewrite testdata/cost.golden with the costs measured now")

const costGolden = "testdata/cost.golden"

// costBudget is the memory budget the costs are measured under: its 2048th, 256 kB, is the
// largest buffer kept between sentences without being reserved (package scratch), so that
// Cost.Reserved sees every buffer of a case of some size. Every case fits in it.
const costBudget = 512 << 20

// costCase is a set of sentence pairs whose costs are summed: a generated case, or a corpus.
type costCase struct {
	name  string
	pairs []benchcases.Pair
}

// generatedCostCases are the benchmark families at a few sizes each: the harness's short
// families, the long lines, and the degenerate cases of BenchmarkDegenerate (unrelated 20, 40,
// 200, a clause repeated to 160).
var generatedCostCases = []struct {
	family string
	sizes  []int
}{
	{"unrelated", []int{20, 40, 80, 200}},
	{"repeated-clause", []int{40, 160}},
	{"many-gold", []int{80, 320}},
	{"rewrite", []int{80, 320}},
	{"near-identical", []int{1_000, 10_000, 100_000}},
	{"edited", []int{1_000, 10_000}},
	{"unrelated-line", []int{100}},
}

// costCases returns the cases: the generated ones, and with the shared data the 13 CoNLL-2014
// submissions at sentence level and joined into essays (26 sentences a line). What is left
// out, and why, is in skipped.
func costCases(t *testing.T) (cs []costCase, skipped []string) {
	var in levenshtein.Interner
	data, dataErr := benchcases.SharedData(".")
	for _, g := range generatedCostCases {
		f, ok := benchcases.FamilyByName(g.family)
		if !ok {
			f, ok = benchcases.LongFamilyByName(g.family)
		}
		if !ok {
			t.Fatalf("no family %q", g.family)
		}
		if g.family == "rewrite" && dataErr != nil {
			skipped = append(skipped, "rewrite (its paragraphs are CoNLL-2014's)")
			continue
		}
		for _, n := range g.sizes {
			c := f.Case(n, 1)
			cs = append(cs, costCase{fmt.Sprintf("%s-n=%d", g.family, n), []benchcases.Pair{benchcases.CasePair(&in, &c)}})
		}
	}
	if dataErr != nil {
		return cs, append(skipped, "CoNLL-2014 ("+dataErr.Error()+")")
	}
	systems, err := benchcases.CoNLLSystems(data)
	if err != nil {
		t.Fatal(err)
	}
	gold, err := os.ReadFile(filepath.Join(data, benchcases.CoNLLGold))
	if err != nil {
		t.Fatal(err)
	}
	essays, err := benchcases.JoinM2(string(gold), 26)
	if err != nil {
		t.Fatal(err)
	}
	for _, sys := range systems {
		path := filepath.Join(data, "conll14", "systems", sys)
		c, err := benchcases.ReadCorpus(sys, path, filepath.Join(data, benchcases.CoNLLGold))
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, costCase{"conll-" + sys, c.Pairs(&in)})
		joined, err := benchcases.ParseCorpus(sys, []byte(benchcases.JoinLines(string(c.SystemData), 26)), []byte(essays))
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, costCase{"conll-essays-" + sys, joined.Pairs(&in)})
	}
	return cs, skipped
}

// costCounts measures a case: each pair's lattice built and searched for every annotator (a
// hypothesis equal to its source is not, as the scorer does not), under the options of release
// 3.2 and costBudget, its Cost after the last annotator; the counts summed over the pairs,
// Reserved their most, and the pairs answered by each search.
func costCounts(t *testing.T, c costCase) map[string]int64 {
	var l lattice.Lattice
	counts := map[string]int64{}
	for i, p := range c.pairs {
		if slices.Equal(p.Src, p.Hyp) {
			counts[searchKey(lattice.SearchNone)]++
			continue
		}
		if err := l.Build(p.Src, p.Hyp, costOptions(p)); err != nil {
			t.Fatalf("%s, pair %d: %v", c.name, i, err)
		}
		for _, g := range p.Gold {
			if _, err := l.BestPath(g); err != nil {
				t.Fatalf("%s, pair %d: %v", c.name, i, err)
			}
		}
		cost := l.Cost()
		l.Release()
		counts[searchKey(cost.Search)]++
		for _, f := range []struct {
			name string
			n    int64
		}{
			{"band", int64(cost.BandCells)}, {"vertices", int64(cost.Vertices)}, {"edges", int64(cost.Edges)},
			{"relaxations", cost.Relaxations}, {"statevisits", cost.StateVisits}, {"scanned", cost.Scanned},
			{"simulated", cost.Simulated}, {"counted", cost.Counted}, {"bounded", cost.Bounded},
		} {
			counts[f.name] += f.n
		}
		counts["reserved"] = max(counts["reserved"], cost.Reserved)
	}
	return counts
}

// TestCostGoldens pins the work of the searches, in their deterministic units (lattice.Cost),
// on the benchmark families at a few sizes, the degenerate cases, and CoNLL-2014's 13
// submissions by sentence and by essay: a count that grows by more than a tenth of its golden
// value fails, with the case and both numbers. This is the guard a timing on a shared machine
// cannot be. An intended growth is accepted by rewriting testdata/cost.golden with -update, in
// the commit that makes it, with its reason; a count that fell by more than a tenth is logged,
// for the next -update to record.
func TestCostGoldens(t *testing.T) {
	// The closure's count runs one range of sources per processor, each with its arrays.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	cs, skipped := costCases(t)
	if len(skipped) > 0 {
		t.Logf("left out without the shared data: %s", strings.Join(skipped, "; "))
	}
	got := map[string]map[string]int64{}
	for _, c := range cs {
		got[c.name] = costCounts(t, c)
	}
	if *update {
		writeCostGolden(t, cs, got)
		return
	}
	want := readCostGolden(t)
	for _, c := range cs {
		w, ok := want[c.name]
		if !ok {
			t.Errorf("%s: not in %s (go test ./lattice -run TestCostGoldens -update)", c.name, costGolden)
			continue
		}
		compareCosts(t, c.name, w, got[c.name])
	}
}

// compareCosts fails for each count of a case that grew by more than a tenth of want (a count
// missing from want is 0 there), and logs those that fell by as much.
func compareCosts(t *testing.T, name string, want, got map[string]int64) {
	for _, k := range slices.Sorted(maps.Keys(got)) {
		g, w := got[k], want[k]
		switch {
		case g > w+w/10:
			t.Errorf("%s: %s grew from %d to %d, more than 10%% (an intended growth: -update, with its reason)", name, k, w, g)
		case g < w-w/10:
			t.Logf("%s: %s fell from %d to %d (-update records it)", name, k, w, g)
		}
	}
}

func writeCostGolden(t *testing.T, cs []costCase, got map[string]map[string]int64) {
	var b strings.Builder
	b.WriteString("# lattice.Cost of each case, summed over its sentence pairs (reserved: the most), under\n")
	b.WriteString("# release 3.2's options and a 512 MB budget: TestCostGoldens (go test ./lattice -update).\n")
	for _, c := range cs {
		b.WriteString(c.name)
		counts := got[c.name]
		for _, k := range slices.Sorted(maps.Keys(counts)) {
			fmt.Fprintf(&b, " %s=%d", k, counts[k])
		}
		b.WriteString("\n")
	}
	if err := os.WriteFile(costGolden, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readCostGolden(t *testing.T) map[string]map[string]int64 {
	f, err := os.Open(costGolden)
	if err != nil {
		t.Fatalf("%v (go test ./lattice -run TestCostGoldens -update writes it)", err)
	}
	defer f.Close()
	want := map[string]map[string]int64{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		counts := map[string]int64{}
		for _, kv := range fields[1:] {
			k, v, ok := strings.Cut(kv, "=")
			n, err := strconv.ParseInt(v, 10, 64)
			if !ok || err != nil {
				t.Fatalf("%s:%d: %q is not count=number", costGolden, line, kv)
			}
			counts[k] = n
		}
		want[fields[0]] = counts
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return want
}

// costOptions are the options a pair is measured under: release 3.2's, costBudget, and its
// gold edits' number for the plan, as the scorer gives it.
func costOptions(p benchcases.Pair) lattice.Options {
	opt := lattice.Options{MaxUnchanged: 2, Memory: membudget.New(costBudget).Account()}
	for _, g := range p.Gold {
		opt.GoldEdits = max(opt.GoldEdits, len(g))
	}
	return opt
}

// searchKey is the count of the pairs answered by search s.
func searchKey(s lattice.Search) string { return "search." + strings.ReplaceAll(s.String(), " ", "-") }
