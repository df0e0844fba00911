package wdiff

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// extractCases: the expected edits are what the official extractor (diffextract.py 2.1 over
// GNU wdiff 1.2.2, Python 2.7.18) wrote for these texts; official_test.go can ask it again.
var extractCases = []struct {
	name, reason string
	old, new     string
	want         []Edit
	fixed        []Edit // when Options.Fixed gives something else
}{
	{"replacement", "adjacent deleted and inserted regions make one edit",
		"the cat sat", "the dog sat", []Edit{{Start: 4, End: 7, Original: "cat", Correction: "dog"}}, nil},
	{"punctuation replaced", "the word stays common, only the marks are edited",
		"I like cats.", "I like cats;", []Edit{{Start: 11, End: 12, Original: ".", Correction: ";"}}, nil},
	{"punctuation inserted", "a lone punctuation mark gets no trailing space",
		"a cat sat", "a cat, sat", []Edit{{Start: 5, End: 5, EmptyOriginal: true, Correction: ","}}, nil},
	{"punctuation inserted at the end", "the same at the end of the text",
		"the cat", "the cat.", []Edit{{Start: 7, End: 7, EmptyOriginal: true, Correction: "."}}, nil},
	{"quote inserted at the left", "opening marks move out to the left; the official then places the insertion one byte early",
		"he said hi", `he said "hi`, []Edit{{Start: 8, End: 8, EmptyOriginal: true, Correction: `"`}}, nil},
	{"bracket deleted at the left", "a deletion at the very start of the text",
		"(see this", "see this", []Edit{{Start: 0, End: 1, Original: "(", EmptyCorrection: true}}, nil},
	{"lone deletion", "its text and span take the following space",
		"the big cat", "the cat", []Edit{{Start: 4, End: 8, Original: "big ", EmptyCorrection: true}}, nil},
	{"lone deletion at the end", "the trailing space is added even past the end of the text",
		"a b c.", "a b", []Edit{{Start: 4, End: 7, Original: "c. ", EmptyCorrection: true}}, nil},
	{"lone insertion", "its text takes a trailing space",
		"the cat", "the big cat", []Edit{{Start: 4, End: 4, EmptyOriginal: true, Correction: "big "}}, nil},
	{"first word replaced", "no space between the regions at the start of the text",
		"The cat", "A cat", []Edit{{Start: 0, End: 3, Original: "The", Correction: "A"}}, nil},
	{"region across a line break", "the official drops both regions and shifts later offsets by their markers and insertion; Fixed keeps them",
		"one two\nthree four five six", "one 2\n3 four five 6",
		[]Edit{{Start: 36, End: 39, Original: "six", Correction: "6"}},
		[]Edit{{Start: 4, End: 13, Original: "two\nthree", Correction: "2\n3"}, {Start: 24, End: 27, Original: "six", Correction: "6"}}},
	{"sentinel word", `a replaced word "INSERT" reads as an empty original; Fixed keeps it`,
		"we INSERT it", "we put it",
		[]Edit{{Start: 3, End: 9, EmptyOriginal: true, Correction: "put"}},
		[]Edit{{Start: 3, End: 9, Original: "INSERT", Correction: "put"}}},
	{"tags", "<p> and </p> are removed from the whole output, so offsets leave them out",
		"<p>a b</p> c", "<p>a c</p> c", []Edit{{Start: 2, End: 3, Original: "b", Correction: "c"}}, nil},
	{"carriage return", "a CR is white space for wdiff but not a line break for the patterns",
		"a b\rc d", "a x\ry d", []Edit{{Start: 2, End: 5, Original: "b\rc", Correction: "x\ry"}}, nil},
}

func TestExtractCases(t *testing.T) {
	for _, c := range extractCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Extract([]byte(c.old), []byte(c.new), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if d := firstEditDifference(got, c.want); d != "" {
				t.Errorf("%s: %s", c.reason, d)
			}
			fixed := c.fixed
			if fixed == nil {
				fixed = c.want
			}
			got, err = Extract([]byte(c.old), []byte(c.new), Options{Fixed: true})
			if err != nil {
				t.Fatal(err)
			}
			if d := firstEditDifference(got, fixed); d != "" {
				t.Errorf("Fixed: %s: %s", c.reason, d)
			}
		})
	}
}

// TestExtractWdiffCases covers wdiff outputs that real texts seldom produce.
func TestExtractWdiffCases(t *testing.T) {
	// Two adjacent deletions (possible only when the texts hold the markers themselves).
	out := []byte("a [-b-] [-c-] d")
	if _, err := ExtractWdiff(out, Options{}); !errors.Is(err, ErrOfficialCrash) {
		t.Errorf("adjacent deletions: got %v, want the official's crash", err)
	}
	got, err := ExtractWdiff(out, Options{Fixed: true})
	want := []Edit{{Start: 2, End: 4, Original: "b ", EmptyCorrection: true}, {Start: 4, End: 6, Original: "c ", EmptyCorrection: true}}
	if err != nil || firstEditDifference(got, want) != "" {
		t.Errorf("adjacent deletions with Fixed: got %+v, %v; want %+v", got, err, want)
	}
	// Processing instructions go, like tags.
	got, err = ExtractWdiff([]byte("<?xml x?>a [-b-] {+c+}"), Options{})
	want = []Edit{{Start: 2, End: 3, Original: "b", Correction: "c"}}
	if err != nil || firstEditDifference(got, want) != "" {
		t.Errorf("processing instruction: got %+v, %v; want %+v", got, err, want)
	}
	// White space between a deletion and an insertion shrinks to one space, making them a pair.
	got, err = ExtractWdiff([]byte("a [-b-]\n\n{+c+} d"), Options{})
	if err != nil || len(got) != 1 || got[0].Original != "b" || got[0].Correction != "c" {
		t.Errorf("white space between regions: got %+v, %v", got, err)
	}
}

func TestXML(t *testing.T) {
	cases := []struct {
		name, reason string
		edits        []Edit
		opt          Options
		want         string
		crash        bool
	}{
		{"no edits", "an empty element", nil, Options{}, "<?xml version=\"1.0\" ?>\n<edits/>\n", false},
		{"layout", "minidom's pretty printer: empty sides as <empty/>, quotes escaped",
			[]Edit{{Start: 4, End: 4, EmptyOriginal: true, Correction: `"a" & b `}, {Start: 5, End: 7, Original: "<c>", EmptyCorrection: true}}, Options{},
			`<?xml version="1.0" ?>
<edits>
  <edit end="4" index="T-0001" start="4">
    <original>
      <empty/>
    </original>
    <corrections>
      <correction>&quot;a&quot; &amp; b </correction>
    </corrections>
  </edit>
  <edit end="7" index="T-0002" start="5">
    <original>&lt;c&gt;</original>
    <corrections>
      <correction>
        <empty/>
      </correction>
    </corrections>
  </edit>
</edits>
`, false},
		{"latin-1", "the official writes each UTF-8 byte as a character of its own",
			[]Edit{{Start: 0, End: 6, Original: "naïve", Correction: "naive"}}, Options{},
			"    <original>na\u00c3\u00afve</original>\n", false},
		{"utf-8 when fixed", "Fixed writes the text itself",
			[]Edit{{Start: 0, End: 6, Original: "naïve", Correction: "naive"}}, Options{Fixed: true},
			"    <original>naïve</original>\n", false},
		{"carriage return", "the official's XML parser turns it into a line feed",
			[]Edit{{Start: 2, End: 5, Original: "b\rc", Correction: "x\r\ny"}}, Options{},
			"    <original>b\nc</original>\n    <corrections>\n      <correction>x\ny</correction>\n", false},
		{"carriage return when fixed", "Fixed keeps it as a character reference",
			[]Edit{{Start: 2, End: 5, Original: "b\rc", Correction: "x"}}, Options{Fixed: true},
			"    <original>b&#13;c</original>\n", false},
		{"control character", "the official's XML parser rejects it and the extractor stops",
			[]Edit{{Start: 2, End: 3, Original: "b", Correction: "\x01b"}}, Options{}, "", true},
		{"pretty-printing pattern", "text that starts with a line break loses its leading white space",
			[]Edit{{Start: 0, End: 4, Original: "\n  ab\n ", Correction: "x"}}, Options{},
			"    <original>ab</original>\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := XML("T", c.edits, c.opt)
			if c.crash {
				if !errors.Is(err, ErrOfficialCrash) {
					t.Errorf("%s: got %v, want the official's crash", c.reason, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(got), c.want) {
				t.Errorf("%s: got\n%s\nwant it to contain\n%s", c.reason, got, c.want)
			}
		})
	}
}

// FuzzExtract: extraction never panics, and on texts of plain words separated by single
// spaces, without markers, tags or punctuation, every edit's original is the original text
// at its offsets (with the trailing space a lone edit gets).
func FuzzExtract(f *testing.F) {
	f.Add([]byte("the cat sat on the mat"), []byte("the dog sat on mat"), false)
	f.Add([]byte("a [-b-] {+c+}\n"), []byte("<p>x\ry.</p>"), true)
	f.Fuzz(func(t *testing.T, old, new []byte, fixed bool) {
		edits, err := Extract(old, new, Options{Fixed: fixed})
		if err == nil {
			_, _ = XML("F", edits, Options{Fixed: fixed})
		}
		if !plainWords(old) || !plainWords(new) {
			return
		}
		if err != nil {
			t.Fatalf("plain words: %v", err)
		}
		padded := string(old) + " "
		for _, e := range edits {
			if e.Start < 0 || e.End < e.Start || e.End > len(padded) {
				t.Fatalf("edit %+v out of range of %q", e, old)
			}
			if want := padded[e.Start:e.End]; e.Original != want && !(e.EmptyOriginal && want == "") {
				t.Fatalf("edit %+v: the original there is %q\nold %q\nnew %q", e, want, old, new)
			}
		}
	})
}

// plainWords: lower-case ASCII letters in words separated by single spaces, nothing else.
func plainWords(s []byte) bool {
	if len(s) == 0 || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i, c := range s {
		if c == ' ' && s[i-1] == ' ' || c != ' ' && (c < 'a' || c > 'z') {
			return false
		}
	}
	return true
}

// Two neighbouring changed words are one region for wdiff, so the punctuation is not moved
// out and the edit spans both words.
func ExampleExtract() {
	edits, _ := Extract([]byte("I like cats. They are nice"), []byte("I like cats; they are very nice"), Options{})
	for _, e := range edits {
		fmt.Printf("%d-%d %q -> %q\n", e.Start, e.End, e.Original, e.Correction)
	}
	// Output:
	// 7-17 "cats. They" -> "cats; they"
	// 22-22 "" -> "very "
}
