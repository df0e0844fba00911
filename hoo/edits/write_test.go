package edits

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	cases := []struct {
		name, reason string
		edits        []Edit
		want         string // a part of the output
		err          string
	}{
		{"no edits", "an empty element", nil, "<?xml version=\"1.0\" ?>\n<edits/>\n", ""},
		{"layout", "minidom's layout: attributes sorted, empty sides as <empty/>, quotes escaped, indexes from the file id",
			[]Edit{{Start: 4, End: 4, Corrections: []Correction{{Text: `"a" & b `}}}, {Start: 5, End: 7, Original: "<c>", Corrections: []Correction{{Empty: true}}}},
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
`, ""},
		{"gold attributes", "part and type in alphabetical place; an Index of its own is kept",
			[]Edit{{Index: "0002-0001", Type: "RT", Part: "1", Start: 170, End: 172, Original: "on", Corrections: []Correction{{Text: "in"}}}},
			`  <edit end="172" index="0002-0001" part="1" start="170" type="RT">` + "\n", ""},
		{"optional", "<correction/> for None, several corrections in order",
			[]Edit{{Start: 0, End: 1, Original: "a", Corrections: []Correction{{None: true}, {Text: "the"}}}},
			"    <corrections>\n      <correction/>\n      <correction>the</correction>\n    </corrections>\n", ""},
		{"unspecified", "no corrections and not HasCorrections: no <corrections> element",
			[]Edit{{Start: 0, End: 1, Original: "a"}}, "    <original>a</original>\n  </edit>\n", ""},
		{"carriage return", "kept as a character reference, which readers give back",
			[]Edit{{Start: 0, End: 3, Original: "a\rb", Corrections: []Correction{{Text: "ab"}}}}, "<original>a&#13;b</original>", ""},
		{"utf-8", "text is written as it is",
			[]Edit{{Start: 0, End: 6, Original: "naïve", Corrections: []Correction{{Text: "naive"}}}}, "<original>naïve</original>", ""},
		{"control character", "XML 1.0 cannot hold it: an error naming the edit",
			[]Edit{{Start: 0, End: 1, Original: "a", Corrections: []Correction{{Text: "\x01a"}}}}, "",
			`edit T-0001: text "\x01a" holds the character U+0001, which XML 1.0 does not allow`},
		{"invalid utf-8", "not text: an error",
			[]Edit{{Start: 0, End: 1, Original: "\xff"}}, "", `edit T-0001: text "\xff" is not valid UTF-8`},
	}
	for _, c := range cases {
		var b bytes.Buffer
		err := Write(&b, "T", c.edits)
		if c.err != "" {
			var te *TextError
			if err == nil || err.Error() != c.err || !errors.As(err, &te) {
				t.Errorf("%s: got error %v, want %s (%s)", c.name, err, c.err, c.reason)
			}
			if b.Len() != 0 {
				t.Errorf("%s: %d bytes written before the error", c.name, b.Len())
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("%s (%s): got\n%s\nwant it to contain\n%s", c.name, c.reason, b.String(), c.want)
		}
	}
}

// TestWriteReferenceFiles reads the official extractor's system files for the three HOO 2011
// reference systems and writes them back: the bytes must be the same.
func TestWriteReferenceFiles(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "hoo2011", "reference"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not found at %s (it lives beside the repository as ../shared/data): %v", dir, err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "xml_*", "*.xml"))
	if len(files) == 0 {
		t.Fatal("no reference files")
	}
	for _, path := range files {
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		es, err := Read(path, bytes.NewReader(want))
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := Write(&got, "", es); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: written back differently:\n%s", path, got.String())
		}
	}
	t.Logf("%d reference files written back byte for byte", len(files))
}

// FuzzWriteRead: whatever Write accepts, Read gives back, normalised as Write documents.
func FuzzWriteRead(f *testing.F) {
	f.Add("a b", "the", "RT", "1", 3, 6, byte(0))
	f.Add("", "", "", "", 0, 0, byte(3))
	f.Add(" x\r\n<&>\"", "\n y ", "a\tb", "", 1, 1, byte(6))
	f.Fuzz(func(t *testing.T, original, correction, typ, part string, start, end int, shape byte) {
		if start < 0 || end < start {
			return
		}
		e := Edit{Type: typ, Part: part, Start: start, End: end, Original: original}
		switch shape % 4 {
		case 0:
			e.Corrections = []Correction{{Text: correction}}
		case 1:
			e.Corrections = []Correction{{None: true}, {Text: correction}, {Empty: true}}
		case 2:
			e.HasCorrections = true
		}
		var b bytes.Buffer
		if err := Write(&b, "F", []Edit{e}); err != nil {
			var te *TextError
			if !errors.As(err, &te) {
				t.Fatalf("not a TextError: %v", err)
			}
			return
		}
		got, err := Read("f.xml", &b)
		if err != nil {
			t.Fatalf("reading what Write wrote: %v\n%s", err, b.String())
		}
		want := e
		want.Index = "F-0001"
		want.EmptyOriginal = e.Original == ""
		want.HasCorrections = len(e.Corrections) > 0
		want.Corrections = nil
		for _, c := range e.Corrections {
			switch {
			case c.None:
				want.Corrections = append(want.Corrections, Correction{None: true})
			case c.Empty || c.Text == "":
				want.Corrections = append(want.Corrections, Correction{Empty: true})
			default:
				want.Corrections = append(want.Corrections, Correction{Text: c.Text})
			}
		}
		if len(got) != 1 {
			t.Fatalf("read %d edits", len(got))
		}
		got[0].Line = 0
		if !reflect.DeepEqual(got[0], want) {
			t.Fatalf("round trip:\n got  %+v\n want %+v\n%s", got[0], want, b.String())
		}
	})
}

func TestPullTextInline(t *testing.T) {
	for _, c := range []struct {
		reason, in, want string
	}{
		{"text already inline is left alone", "<a>\n  <b>x</b>\n</a>\n", "<a>\n  <b>x</b>\n</a>\n"},
		{"text on its own lines is pulled up, its surrounding white space lost",
			"<a>\n  <b>\n    x y\n  </b>\n</a>\n", "<a>\n  <b>x y</b>\n</a>\n"},
		{"the pattern's . crosses line breaks: text of two lines is pulled up whole",
			"<b>\n  x\ny\n  </b>", "<b>x\ny</b>"},
		{"an element holding only elements is left alone", "<a>\n  <b/>\n</a>", "<a>\n  <b/>\n</a>"},
	} {
		if got := string(PullTextInline([]byte(c.in))); got != c.want {
			t.Errorf("%s:\nPullTextInline(%q)\n = %q\nwant %q", c.reason, c.in, got, c.want)
		}
	}
}
