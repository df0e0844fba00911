package wdiff

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"maxmatch/internal/worddiff/wdifftest"
)

func needWdiff(t *testing.T) {
	t.Helper()
	out, err := exec.Command("wdiff", "--version").Output()
	if err != nil || !bytes.Contains(out, []byte("GNU wdiff")) {
		t.Skip("skipping: GNU wdiff is not on PATH (apt-get install -y wdiff)")
	}
}

// gnuWdiff runs GNU wdiff on old and new, written to files in dir, with the markers given
// explicitly.
func gnuWdiff(dir string, old, new []byte, m Markers) ([]byte, error) {
	a, b := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	if err := os.WriteFile(a, old, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(b, new, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("wdiff", "-w", m.DeleteStart, "-x", m.DeleteEnd, "-y", m.InsertStart, "-z", m.InsertEnd, a, b)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 {
		err = nil // differences found
	}
	if err != nil {
		return nil, fmt.Errorf("wdiff: %v", err)
	}
	return out, nil
}

// compareWithWdiff renders the n pairs given by pair with us and with GNU wdiff, two at a
// time, and returns how many outputs differ; the first few differences are reported.
func compareWithWdiff(t *testing.T, n int, pair func(i int) (old, new []byte), m Markers) int {
	t.Helper()
	return wdifftest.Compare(t, n, func(dir string, i int) (string, error) {
		old, new := pair(i)
		want, err := gnuWdiff(dir, old, new, m)
		if err != nil {
			return "", err
		}
		if got := Render(old, new, m); !bytes.Equal(got, want) {
			return fmt.Sprintf("\nold   %q\nnew   %q\nours  %q\nwdiff %q", old, new, got, want), nil
		}
		return "", nil
	})
}

var (
	update = flag.Bool("update", false, "rewrite "+wdiffRecord.Path+" with what GNU wdiff prints now")
	live   = flag.Bool("live", false, "compare every random HOO pair with GNU wdiff run now, not with what "+wdiffRecord.Path+" records")
)

// wdiffRecord is what GNU wdiff 1.2.2 prints for each of the random HOO pairs.
var wdiffRecord = wdifftest.Record{
	Path: "testdata/wdiff-hoo-pairs.tsv",
	Header: `# What GNU wdiff 1.2.2 prints (wdiff -w '[-' -x '-]' -y '{+' -z '+}' OLD NEW, LC_ALL=C) for each
# of the 1000 random edits of HOO 2011 sentences of wdifftest.Pairs(1, 1000, the paragraphs of
# ../shared/data/hoo2011/develop/Raw): its size in bytes and its SHA-256. Figures only: the pairs
# and the outputs are not kept. Rewritten by go test ./hoo/wdiff -run HOOPairs -update.
`,
	Update: "go test ./hoo/wdiff -run HOOPairs -update",
}

// TestRenderMatchesWdiffOnHOOPairs is the differential test against GNU wdiff: 1000 random
// edits of HOO 2011 sentences (seed 1), compared byte for byte with what GNU wdiff prints for
// them, as wdiffRecord records it (GNU wdiff, where it is installed, run on every 50th pair to
// check the record), or with -live run now.
func TestRenderMatchesWdiffOnHOOPairs(t *testing.T) {
	pairs := wdifftest.Pairs(1, 1000, wdifftest.Paragraphs(t))
	if *update || *live {
		needWdiff(t)
	}
	_, err := exec.LookPath("wdiff")
	check := wdifftest.RecordedCheck{Update: *update, Live: *live, Run: err == nil}
	differences := wdiffRecord.Compare(t, check, len(pairs), func(i int) []byte {
		return Render(pairs[i].Old, pairs[i].New, DefaultMarkers)
	}, func(dir string, i int) ([]byte, error) {
		return gnuWdiff(dir, pairs[i].Old, pairs[i].New, DefaultMarkers)
	}, func(i int) string {
		return fmt.Sprintf("\nold    %q\nnew    %q", pairs[i].Old, pairs[i].New)
	})
	t.Logf("%d pairs, %d differences from GNU wdiff (live: %v, run on every 50th: %v)", len(pairs), differences, check.Live, check.Run)
}

// TestRenderMatchesWdiffOnHOODocuments compares whole HOO 2011 documents with the reference
// systems made from their gold edits, as the official extraction does.
func TestRenderMatchesWdiffOnHOODocuments(t *testing.T) {
	needWdiff(t)
	data := wdifftest.SharedData(t)
	var pairs [][2]string
	for _, system := range []string{"sys_allgold", "sys_half"} {
		files, _ := filepath.Glob(filepath.Join(data, "hoo2011", "reference", system, "*.txt"))
		sort.Strings(files)
		for _, f := range files {
			id := filepath.Base(f)[:4]
			pairs = append(pairs, [2]string{filepath.Join(data, "hoo2011", "develop", "Raw", id+".txt"), f})
		}
	}
	if len(pairs) == 0 {
		t.Skip("skipping: no HOO 2011 reference systems")
	}
	differences := compareWithWdiff(t, len(pairs), func(i int) ([]byte, []byte) {
		old, err1 := os.ReadFile(pairs[i][0])
		new, err2 := os.ReadFile(pairs[i][1])
		if err1 != nil || err2 != nil {
			t.Errorf("reading %v: %v %v", pairs[i], err1, err2)
		}
		return old, new
	}, DefaultMarkers)
	t.Logf("%d documents, %d differences", len(pairs), differences)
}

var renderCases = []struct {
	name, reason string
	old, new     string
	want         string
}{
	{"replacement", "deletion first, each with its own side's white space",
		"the cat sat", "the dog sat", "the [-cat-] {+dog+} sat"},
	{"first word replaced", "no white space before either marker",
		"The cat", "A cat", "[-The-]{+A+} cat"},
	{"first word deleted", "the next common word follows with new's (empty) white space",
		"The cat\n", "cat\n", "[-The-]cat\n"},
	{"insertion", "white space before it from new", "the sat", "the  dog sat", "the  {+dog+} sat"},
	{"common white space from new", "old's line break is lost where words are common",
		"a\nb c", "a b d", "a b [-c-] {+d+}"},
	{"deletion keeps old white space", "inside a deleted run old's line break is kept",
		"a b\nc d", "a d", "a [-b\nc-] d"},
	{"trailing white space", "new's, after the last word", "a b  \n", "a c\n\n", "a [-b-] {+c+}\n\n"},
	{"identical", "the new text unchanged", " x  y\n", " x  y\n", " x  y\n"},
	{"empty old", "everything inserted", "", "a b", "{+a b+}"},
	{"empty new", "everything deleted; no new white space", "a b\n", "", "[-a b-]"},
}

func TestRenderCases(t *testing.T) {
	_, err := exec.LookPath("wdiff")
	haveWdiff := err == nil
	for _, c := range renderCases {
		t.Run(c.name, func(t *testing.T) {
			got := Render([]byte(c.old), []byte(c.new), DefaultMarkers)
			if string(got) != c.want {
				t.Errorf("%s: got %q, want %q", c.reason, got, c.want)
			}
			if haveWdiff {
				real, err := gnuWdiff(t.TempDir(), []byte(c.old), []byte(c.new), DefaultMarkers)
				if err != nil {
					t.Fatal(err)
				}
				if string(real) != c.want {
					t.Errorf("the table disagrees with GNU wdiff, which prints %q", real)
				}
			}
		})
	}
}

func ExampleRender() {
	fmt.Println(string(Render([]byte("The cat sat on the mat."), []byte("A cat sat on mat ."), DefaultMarkers)))
	// Output:
	// [-The-]{+A+} cat sat on [-the mat.-] {+mat .+}
}
