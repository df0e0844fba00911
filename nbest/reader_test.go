package nbest

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"maxmatch/scorer"
)

// readAll reads every group of a list.
func readAll(r io.Reader, format Format, n int) ([]Group, error) {
	rd := NewReader(r, "list", format, n)
	var gs []Group
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return gs, nil
		}
		if err != nil {
			return gs, err
		}
		gs = append(gs, g)
	}
}

// TestReaderAcrossChunks reads a list of several megabytes, given one byte at a time and whole:
// lines that cross the reader's chunks must come out whole, grouped as a line-by-line reading
// of the same text groups them.
func TestReaderAcrossChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	var want []Group
	for i := 0; b.Len() < 3*chunkBytes; i++ {
		g := Group{Sentence: i, Line: strings.Count(b.String(), "\n") + 1}
		for range 1 + rng.IntN(20) {
			h := strings.Repeat(fmt.Sprintf("w%d ", rng.IntN(1000)), 1+rng.IntN(40))
			g.Hyps = append(g.Hyps, strings.TrimSpace(h))
			fmt.Fprintf(&b, "%d ||| %s ||| f=%d ||| 0\n", i, h, rng.IntN(9))
		}
		want = append(want, g)
	}
	for name, r := range map[string]io.Reader{
		"whole":       strings.NewReader(b.String()),
		"byte a time": iotest.OneByteReader(strings.NewReader(b.String())),
	} {
		got, err := readAll(r, Auto, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.EqualFunc(got, want, func(a, b Group) bool {
			return a.Sentence == b.Sentence && a.Line == b.Line && slices.Equal(a.Hyps, b.Hyps)
		}) {
			t.Fatalf("%s: %d groups differ from the %d expected", name, len(got), len(want))
		}
	}
}

// TestReaderLines covers the details of a line: a byte order mark, CRLF, blank lines, a last
// line without a line break, "|||" without spaces, extra fields.
func TestReaderLines(t *testing.T) {
	tests := []struct {
		text string
		want []Group
		why  string
	}{
		{"\ufeff0 ||| a b\r\n0 ||| c\r\n", []Group{{0, []string{"a b", "c"}, 1}}, "BOM, CRLF"},
		{"\n  \n1|||x|||y|||z|||w\n\n1 ||| y", []Group{{1, []string{"x", "y"}, 3}}, "blank lines, no spaces, five fields, no final line break"},
		{"2 |||   \n", []Group{{2, []string{""}, 1}}, "an empty hypothesis"},
		{`{"id": 0, "hyps": []}` + "\n" + `{"id": 1, "hyp": " a "}`, []Group{{0, nil, 1}, {1, []string{"a"}, 2}}, "an empty list, a single hypothesis trimmed"},
	}
	for _, tt := range tests {
		got, err := readAll(strings.NewReader(tt.text), Auto, 0)
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.why, got, tt.want)
		}
	}
}

// FuzzReader states what reading any list guarantees: no panic, and either groups whose
// sentences are in range, each read once, or a *scorer.ParseError inside the list.
func FuzzReader(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "cmd", "maxmatch", "testdata", "nbest", "*"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const n = 5
		gs, err := readAll(strings.NewReader(string(data)), Auto, n)
		if err != nil {
			var pe *scorer.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Line > strings.Count(string(data), "\n")+1 {
				t.Fatalf("error %v: expected a ParseError with a line in the list", err)
			}
			return
		}
		seen := map[int]bool{}
		for _, g := range gs {
			if g.Sentence < 0 || g.Sentence >= n || seen[g.Sentence] {
				t.Fatalf("group %+v: sentence out of range or read twice", g)
			}
			seen[g.Sentence] = true
		}
	})
}

// TestReaderStrictJSON: a JSON line that encoding/json would read otherwise than it says is an
// error at its column.
func TestReaderStrictJSON(t *testing.T) {
	for _, c := range []struct {
		why, line, want string
	}{
		{"a key twice", `{"id": 0, "hyp": "a", "hyp": "b"}`, `list:1:23: key "hyp" given twice in one object: expected each key once`},
		{"null for the hypothesis", `{"id": 0, "hyp": null}`, `list:1:18: field "hyp": found null: expected a value (leave the field out instead)`},
		{"a lone surrogate", `{"id": 0, "hyp": "\ud800"}`, `list:1:19: lone UTF-16 surrogate \ud800 in a string: expected a pair (as \ud83d\ude00) or another character`},
		{"not an object", `[0]`, `list:1:1: expected a JSON object, found an array`},
	} {
		_, err := readAll(strings.NewReader(c.line+"\n"), JSONLines, 0)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.why, err, c.want)
		}
	}
}

// TestReaderIDs: a sentence id is digits with no sign, in either format (Moses took "-0" and
// refused "+1"; JSON took -0).
func TestReaderIDs(t *testing.T) {
	for _, c := range []struct {
		why, line, want string // want: the error, or "" for sentence 1 read
	}{
		{"Moses: digits", "1 ||| a", ""},
		{"Moses: leading zeros are digits", "01 ||| a", ""},
		{"Moses: a plus sign", "+1 ||| a", `list:1:1: sentence id (field 1): expected a non-negative integer (digits with no sign), found "+1"`},
		{"Moses: minus zero", "-0 ||| a", `list:1:1: sentence id (field 1): expected a non-negative integer (digits with no sign), found "-0"`},
		{"Moses: a negative id", "-1 ||| a", `list:1:1: sentence id (field 1): expected a non-negative integer (digits with no sign), found "-1"`},
		{"Moses: beyond int", "99999999999999999999 ||| a", `list:1:1: sentence id (field 1): expected a non-negative integer (digits with no sign), found "99999999999999999999"`},
		{"JSON: an integer", `{"id": 1, "hyp": "a"}`, ""},
		{"JSON: minus zero", `{"id": -0, "hyp": "a"}`, `list:1:1: "id": expected a sentence index (a non-negative integer, digits with no sign), found -0`},
		{"JSON: a negative id", `{"id": -1, "hyp": "a"}`, `list:1:1: "id": expected a sentence index (a non-negative integer, digits with no sign), found -1`},
		{"JSON: a fraction", `{"id": 1.0, "hyp": "a"}`, `list:1:1: "id": expected a sentence index (a non-negative integer, digits with no sign), found 1.0`},
	} {
		gs, err := readAll(strings.NewReader(c.line+"\n"), Auto, 2)
		switch {
		case c.want == "" && (err != nil || len(gs) != 1 || gs[0].Sentence != 1):
			t.Errorf("%s: %+v, %v; want sentence 1", c.why, gs, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%s: %v, want %s", c.why, err, c.want)
		}
	}
}
