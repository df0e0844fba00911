package worddiff

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"maxmatch/internal/worddiff/wdifftest"
)

// gnuDiff runs GNU diff, as wdiff does, on two files in dir holding old and new one line
// each, and returns the hunks of its normal output.
func gnuDiff(dir string, old, new []string) ([]Hunk, error) {
	a, b := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	for _, f := range []struct {
		name  string
		lines []string
	}{{a, old}, {b, new}} {
		var buf bytes.Buffer
		for _, l := range f.lines {
			buf.WriteString(l)
			buf.WriteByte('\n')
		}
		if err := os.WriteFile(f.name, buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command("diff", a, b)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 {
		err = nil // differences found
	}
	if err != nil {
		return nil, fmt.Errorf("diff: %v", err)
	}
	return parseNormalDiff(out)
}

// parseNormalDiff reads the command lines ("3a4,5", "5,7c8", "4d3") of diff's normal output.
func parseNormalDiff(out []byte) ([]Hunk, error) {
	var hunks []Hunk
	for _, line := range strings.Split(string(out), "\n") {
		if line == "" || line[0] < '0' || line[0] > '9' {
			continue
		}
		k := strings.IndexAny(line, "acd")
		if k < 0 {
			return nil, fmt.Errorf("diff: unexpected line %q", line)
		}
		l1, l2, err1 := parseRange(line[:k])
		r1, r2, err2 := parseRange(line[k+1:])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("diff: bad command line %q", line)
		}
		switch line[k] {
		case 'a':
			hunks = append(hunks, Hunk{l1, l1, r1 - 1, r2})
		case 'd':
			hunks = append(hunks, Hunk{l1 - 1, l2, r1, r1})
		case 'c':
			hunks = append(hunks, Hunk{l1 - 1, l2, r1 - 1, r2})
		}
	}
	return hunks, nil
}

func parseRange(s string) (int, int, error) {
	first, last, found := strings.Cut(s, ",")
	a, err := strconv.Atoi(first)
	if err != nil || !found {
		return a, a, err
	}
	b, err := strconv.Atoi(last)
	return a, b, err
}

var (
	update = flag.Bool("update", false, "rewrite the records of testdata/ with what GNU diff gives now")
	live   = flag.Bool("live", false, "compare with GNU diff run now, not with what the records of testdata/ say it gives")
)

// gnuDiffRecord is what GNU diff gives for each case of the test t, as the hunks %v prints, in
// testdata/NAME.tsv.
func gnuDiffRecord(t *testing.T, name, cases string) wdifftest.Record {
	update := "go test ./internal/worddiff -run " + t.Name() + " -update"
	return wdifftest.Record{
		Path: "testdata/" + name + ".tsv",
		Header: "# What GNU diff (diffutils 3.8) gives (diff OLD NEW, LC_ALL=C, one word or line of the case a line)\n" +
			"# for each of " + cases + ": its hunks, as %v prints\n" +
			"# a []Hunk, their size in bytes and SHA-256. Figures only. Rewritten by " + update + ".\n",
		Update: update,
	}
}

// compareWithGNUDiff diffs the n cases given by gen with us, and compares the hunks with GNU
// diff's, as record says them (GNU diff, where it is installed, run on every 50th case to check
// the record), or with -live run now; it returns how many differ, the first few reported.
func compareWithGNUDiff(t *testing.T, record wdifftest.Record, n int, gen func(i int) (old, new []string)) int {
	t.Helper()
	if *update || *live {
		needDiff(t)
	}
	printed := func(h []Hunk) []byte { return []byte(fmt.Sprint(h)) }
	check := wdifftest.RecordedCheck{Update: *update, Live: *live, Run: haveGNUDiff()}
	return record.Compare(t, check, n, func(i int) []byte {
		return printed(Diff(gen(i)))
	}, func(dir string, i int) ([]byte, error) {
		old, new := gen(i)
		hunks, err := gnuDiff(dir, old, new)
		return printed(hunks), err
	}, func(i int) string {
		old, new := gen(i)
		return fmt.Sprintf("\nold %q\nnew %q", old, new)
	})
}

// haveGNUDiff says whether diff on PATH is GNU diff.
func haveGNUDiff() bool {
	out, err := exec.Command("diff", "--version").Output()
	return err == nil && bytes.Contains(out, []byte("GNU diffutils"))
}

func needDiff(t *testing.T) {
	t.Helper()
	if !haveGNUDiff() {
		t.Skip("skipping: GNU diff is not on PATH (apt-get install -y diffutils)")
	}
}

func words(text []byte) []string {
	fields := bytes.Fields(text)
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = string(f)
	}
	return out
}

func sameHunks(a, b []Hunk) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDiffMatchesGNUDiffOnHOOPairs compares our hunks with GNU diff's on one-word-per-line
// files made from random edits of HOO 2011 sentences. (hoo/wdiff compares 1000 more such
// pairs with GNU wdiff, which runs GNU diff.)
func TestDiffMatchesGNUDiffOnHOOPairs(t *testing.T) {
	pairs := wdifftest.Pairs(1, 300, wdifftest.Paragraphs(t))
	record := gnuDiffRecord(t, "gnudiff-hoo-pairs", "the 300 random edits of HOO 2011 sentences of wdifftest.Pairs(1, 300, the\n# paragraphs of ../shared/data/hoo2011/develop/Raw)")
	differences := compareWithGNUDiff(t, record, len(pairs), func(i int) ([]string, []string) {
		return words(pairs[i].Old), words(pairs[i].New)
	})
	t.Logf("%d pairs, %d differences", len(pairs), differences)
}

// TestDiffMatchesGNUDiffOnSmallAlphabets compares with GNU diff on random sequences over few
// distinct lines, where many scripts are equally short, lines occur often enough to be
// provisionally discarded and lines that occur in one file only are discarded. Lengths reach
// past 256 and 1024 lines, where the thresholds change.
func TestDiffMatchesGNUDiffOnSmallAlphabets(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	type sequences struct{ old, new []string }
	var cases []sequences
	for i := range 400 {
		size := 1 + r.IntN(40)
		switch i % 8 {
		case 0:
			size = 200 + r.IntN(900)
		case 1:
			size = 1000 + r.IntN(400)
		}
		alphabet := 2 + r.IntN(12)
		unique := r.IntN(4) // how often, in tenths, a line is one of a kind
		gen := func(n int) []string {
			out := make([]string, n)
			for k := range out {
				if r.IntN(10) < unique {
					out[k] = "u" + strconv.Itoa(r.IntN(1<<30))
				} else {
					out[k] = strconv.Itoa(r.IntN(alphabet))
				}
			}
			return out
		}
		old := gen(size)
		var new []string
		if i%4 == 2 {
			// Long runs of lines found only here, with short blocks of a line that is
			// frequent in the other file inside them: the blocks are provisionally
			// discarded, and how many of them stand depends on the run's length.
			old = old[:0]
			every, longest := 3+r.IntN(6), 1+r.IntN(4)
			for len(old) < 40+r.IntN(700) {
				if r.IntN(every) == 0 {
					for k := 1 + r.IntN(longest); k > 0; k-- {
						old = append(old, "f")
					}
				} else {
					old = append(old, "u"+strconv.Itoa(r.IntN(1<<30)))
				}
			}
			new = gen(20 + r.IntN(200))
			for k := 6 + r.IntN(30); k > 0; k-- {
				at := r.IntN(len(new) + 1)
				new = append(new[:at], append([]string{"f"}, new[at:]...)...)
			}
		} else if r.IntN(2) == 0 {
			new = gen(size/2 + r.IntN(size+1))
		} else {
			// An edited copy: mostly the same, as real texts are.
			for _, l := range old {
				switch r.IntN(10) {
				case 0:
				case 1:
					new = append(new, gen(1)[0], l)
				case 2:
					new = append(new, gen(1)[0])
				default:
					new = append(new, l)
				}
			}
		}
		cases = append(cases, sequences{old, new})
	}
	record := gnuDiffRecord(t, "gnudiff-small-alphabets", "the 400 random sequences of TestDiffMatchesGNUDiffOnSmallAlphabets")
	differences := compareWithGNUDiff(t, record, len(cases), func(i int) ([]string, []string) {
		return cases[i].old, cases[i].new
	})
	t.Logf("%d sequences, %d differences", len(cases), differences)
}

// TestDiffTooExpensive compares with GNU diff on two long unrelated sequences, whose first
// search reaches the cost at which GNU diff gives up looking for the shortest script.
func TestDiffTooExpensive(t *testing.T) {
	needDiff(t)
	if testing.Short() {
		t.Skip("skipping the long comparison in short mode")
	}
	r := rand.New(rand.NewPCG(3, 3))
	gen := func(n int) []string {
		out := make([]string, n)
		for k := range out {
			out[k] = strconv.Itoa(r.IntN(20))
		}
		return out
	}
	old, new := gen(12000), gen(12000)
	want, err := gnuDiff(t.TempDir(), old, new)
	if err != nil {
		t.Fatal(err)
	}
	got := Diff(old, new)
	if !sameHunks(got, want) {
		t.Fatalf("got %d hunks, GNU diff %d; first difference %s", len(got), len(want), firstDifference(got, want))
	}
	if cost := scriptCost(got); cost <= minimalCost(old, new) {
		t.Fatalf("script of cost %d is minimal: the cut-off was not exercised", cost)
	}
}

func firstDifference(a, b []Hunk) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("at hunk %d: %v vs %v", i, a[i], b[i])
		}
	}
	return "in length"
}

func scriptCost(hunks []Hunk) int {
	cost := 0
	for _, h := range hunks {
		cost += h.OldEnd - h.OldStart + h.NewEnd - h.NewStart
	}
	return cost
}

// minimalCost is the length of a shortest edit script (insertions and deletions), by the
// textbook dynamic programme over the longest common subsequence.
func minimalCost(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	return len(a) + len(b) - 2*prev[len(b)]
}
