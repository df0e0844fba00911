package worddiff

import (
	"bytes"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

func numbered(n int, tag string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = tag + strconv.Itoa(i)
	}
	return out
}

func repeated(n int, line string) []string {
	return strings.Fields(strings.Repeat(line+" ", n))
}

func join(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// diffCases hold GNU diff 3.8's hunks (the expected values were printed by it; the test also
// asks it again when it is installed).
var diffCases = []struct {
	name, reason string
	old, new     []string
	want         []Hunk
}{
	{"identical", "no hunk at all", strings.Fields("a b"), strings.Fields("a b"), nil},
	{"empty old", "everything inserted at line 0", nil, strings.Fields("a b"), []Hunk{{0, 0, 0, 2}}},
	{"empty new", "everything deleted", strings.Fields("a b"), nil, []Hunk{{0, 2, 0, 0}}},
	{"repeated word", "the common prefix is dropped first, so the second copy is the insertion",
		strings.Fields("the cat"), strings.Fields("the the cat"), []Hunk{{1, 1, 1, 2}}},
	{"repeat at end", "a change is never slid into the dropped common prefix",
		strings.Fields("x a"), strings.Fields("x a a"), []Hunk{{2, 2, 2, 3}}},
	{"move", "a moved block is a deletion and an insertion",
		strings.Fields("a b c d e"), strings.Fields("a d e b c"), []Hunk{{1, 3, 1, 1}, {5, 5, 3, 5}}},
	{"unmatched lines", "lines found only in one file are discarded and reported deleted",
		strings.Fields("a x b y c"), strings.Fields("a b c"), []Hunk{{1, 2, 1, 1}, {3, 4, 2, 2}}},
	{"slide down", "the inserted first 'b' equals the matched one below it and slides down to merge with the insertion at the end",
		strings.Fields("a b"), strings.Fields("b b a a"), []Hunk{{0, 1, 0, 0}, {2, 2, 1, 4}}},
	{"slide onto a change", "the slid run stops where it lies against the other file's change",
		strings.Fields("q a b c d"), strings.Fields("r a b a b c e"), []Hunk{{0, 1, 0, 3}, {4, 5, 6, 7}}},
	{"eight lines in", "provisional marks are dropped from a run's start up to an unmatched line at least eight lines in",
		join(strings.Fields("u0 u1 f u2 u3 f u4 u5 f"), numbered(10, "v")), repeated(7, "f"),
		[]Hunk{{0, 2, 0, 0}, {3, 5, 1, 1}, {6, 8, 2, 2}, {9, 19, 3, 7}}},
	{"unmatched eight lines in", "the scan from a run's start stops at an unmatched line eight lines in, so the provisional line after it stands",
		join(strings.Fields("u0 u1 f u2 u3 f u4 f u5 f"), numbered(8, "v")), repeated(7, "f"),
		[]Hunk{{0, 2, 0, 0}, {3, 5, 1, 1}, {6, 7, 2, 2}, {8, 18, 3, 7}}},
	{"many below 256", "in a file of 255 lines a line found 6 times in the other is provisionally discarded",
		join(numbered(127, "a"), strings.Fields("u f w"), numbered(125, "b")), repeated(6, "f"),
		[]Hunk{{0, 255, 0, 6}}},
	{"many at 256", "in a file of 256 lines the threshold doubles to 10",
		join(numbered(128, "a"), strings.Fields("u f w"), numbered(125, "b")), repeated(6, "f"),
		[]Hunk{{0, 129, 0, 0}, {130, 256, 1, 6}}},
	{"many exceeded at 256", "11 occurrences pass the doubled threshold",
		join(numbered(128, "a"), strings.Fields("u f w"), numbered(125, "b")), repeated(11, "f"),
		[]Hunk{{0, 256, 0, 11}}},
	{"block in a run of 15", "a block of two provisional lines is too long to stand in a run shorter than 16",
		join(numbered(6, "a"), repeated(2, "f"), numbered(7, "b")), repeated(6, "f"),
		[]Hunk{{0, 6, 0, 0}, {8, 15, 2, 6}}},
	{"block in a run of 16", "from 16 lines on, a block of two provisional lines stands",
		join(numbered(7, "a"), repeated(2, "f"), numbered(7, "b")), repeated(6, "f"),
		[]Hunk{{0, 16, 0, 6}}},
	{"exactly a quarter provisional", "a run exactly a quarter provisional keeps its provisional lines discarded",
		strings.Fields("u0 u1 u2 f u3 f u4 f u5 u6 u7 u8"), repeated(6, "f"),
		[]Hunk{{0, 12, 0, 6}}},
	{"a quarter provisional", "when more than a quarter of a run is provisional, none of it is discarded",
		strings.Fields("u0 f f u1 f u2 f u3 u4 u5 u6 u7"), repeated(6, "f"),
		[]Hunk{{0, 1, 0, 0}, {3, 4, 2, 2}, {5, 6, 3, 3}, {7, 12, 4, 6}}},
}

func TestDiffCases(t *testing.T) {
	_, err := exec.LookPath("diff")
	haveDiff := err == nil
	for _, c := range diffCases {
		t.Run(c.name, func(t *testing.T) {
			if got := Diff(c.old, c.new); !sameHunks(got, c.want) {
				t.Errorf("%s: got %v, want %v", c.reason, got, c.want)
			}
			if haveDiff {
				gnu, err := gnuDiff(t.TempDir(), c.old, c.new)
				if err != nil {
					t.Fatal(err)
				}
				if !sameHunks(gnu, c.want) {
					t.Errorf("the table disagrees with GNU diff, which says %v", gnu)
				}
			}
		})
	}
}

func TestSplit(t *testing.T) {
	cases := []struct {
		text, reason string
		want         []Span
	}{
		{"", "no words", nil},
		{" \t\n\v\f\r", "the six C white-space bytes", nil},
		{"a b", "one space", []Span{{0, 1}, {2, 3}}},
		{" ab\n\ncd ", "leading, trailing and line breaks", []Span{{1, 3}, {5, 7}}},
		{"a\xa0b c\x1cd", "no byte outside ASCII's six is white space, not even NBSP or a separator", []Span{{0, 3}, {4, 7}}},
		{"héllo wörld", "UTF-8 bytes are word bytes", []Span{{0, 6}, {7, 13}}},
	}
	for _, c := range cases {
		if got := Split([]byte(c.text)); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: Split(%q) = %v, want %v", c.reason, c.text, got, c.want)
		}
	}
}

// apply rebuilds new from old and the hunks, checking that lines outside hunks are equal.
func apply(old, new []string, hunks []Hunk) ([]string, error) {
	var out []string
	i, j := 0, 0
	for _, h := range hunks {
		if h.OldStart < i || h.NewStart < j || h.OldEnd < h.OldStart || h.NewEnd < h.NewStart ||
			h.OldEnd > len(old) || h.NewEnd > len(new) || h.OldStart == h.OldEnd && h.NewStart == h.NewEnd {
			return nil, fmt.Errorf("malformed hunk %v after (%d, %d)", h, i, j)
		}
		if h.OldStart-i != h.NewStart-j {
			return nil, fmt.Errorf("hunk %v: %d unchanged old lines against %d new", h, h.OldStart-i, h.NewStart-j)
		}
		if len(out) > 0 && h.OldStart == i {
			return nil, fmt.Errorf("hunk %v touches the previous one", h)
		}
		for ; i < h.OldStart; i, j = i+1, j+1 {
			if old[i] != new[j] {
				return nil, fmt.Errorf("unchanged lines differ: old %d %q, new %d %q", i, old[i], j, new[j])
			}
			out = append(out, old[i])
		}
		out = append(out, new[h.NewStart:h.NewEnd]...)
		i, j = h.OldEnd, h.NewEnd
	}
	if len(old)-i != len(new)-j {
		return nil, fmt.Errorf("%d unchanged old lines at the end against %d new", len(old)-i, len(new)-j)
	}
	for ; i < len(old); i, j = i+1, j+1 {
		if old[i] != new[j] {
			return nil, fmt.Errorf("unchanged lines differ: old %d %q, new %d %q", i, old[i], j, new[j])
		}
		out = append(out, old[i])
	}
	return out, nil
}

// FuzzWords states the invariant of the word diff: its hunks are ordered, separated by at
// least one matched word, match only equal words, and turn the old words into the new ones;
// a hunk never starts or ends with a word pair that could simply be matched instead.
func FuzzWords(f *testing.F) {
	f.Add([]byte("the cat sat on the mat"), []byte("the dog sat on mat ."))
	f.Add([]byte("a a a b a"), []byte("b a a b b a"))
	f.Add([]byte(""), []byte("x"))
	f.Add([]byte("a\nb  c\td"), []byte("d c b a"))
	f.Fuzz(func(t *testing.T, old, new []byte) {
		ow, nw, hunks := Words(old, new)
		a, b := texts(old, ow), texts(new, nw)
		got, err := apply(a, b, hunks)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "\n") != strings.Join(b, "\n") {
			t.Fatalf("applying %v gives %q, want %q", hunks, got, b)
		}
		for _, h := range hunks {
			if h.OldStart < h.OldEnd && h.NewStart < h.NewEnd &&
				a[h.OldStart] == b[h.NewStart] && a[h.OldEnd-1] == b[h.NewEnd-1] && h.OldEnd-h.OldStart == 1 && h.NewEnd-h.NewStart == 1 {
				t.Fatalf("hunk %v replaces %q by itself", h, a[h.OldStart])
			}
		}
		if len(old) == len(new) && bytes.Equal(old, new) && len(hunks) != 0 {
			t.Fatalf("equal texts gave hunks %v", hunks)
		}
	})
}

func ExampleWords() {
	old := []byte("the cat sat on the mat.")
	new := []byte("the dog sat on mat .")
	ow, nw, hunks := Words(old, new)
	for _, h := range hunks {
		var deleted, inserted []string
		for _, w := range ow[h.OldStart:h.OldEnd] {
			deleted = append(deleted, string(old[w.Start:w.End]))
		}
		for _, w := range nw[h.NewStart:h.NewEnd] {
			inserted = append(inserted, string(new[w.Start:w.End]))
		}
		fmt.Printf("%q -> %q\n", deleted, inserted)
	}
	// Output:
	// ["cat"] -> ["dog"]
	// ["the" "mat."] -> ["mat" "."]
}
