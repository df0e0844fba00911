package synth

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/wdiff"
	"maxmatch/internal/worddiff/wdifftest"
)

func TestCandidates(t *testing.T) {
	source := []byte("abcdefghij")
	edit := func(index string, start, end int, corrections ...edits.Correction) edits.Edit {
		return edits.Edit{Index: index, Start: start, End: end, Corrections: corrections}
	}
	text := func(s string) edits.Correction { return edits.Correction{Text: s} }
	none, empty := edits.Correction{None: true}, edits.Correction{Empty: true}
	cases := []struct {
		name, reason string
		gold         []edits.Edit
		want         []string // indexes kept
	}{
		{"first usable correction", "<correction/> is skipped, <empty/> is a deletion",
			[]edits.Edit{edit("a", 0, 1, none, text("x")), edit("b", 2, 3, none, empty, text("y")), edit("c", 4, 5, none), edit("d", 6, 7)},
			[]string{"a", "b"}},
		{"overlap", "the second of two edits sharing a byte is dropped",
			[]edits.Edit{edit("a", 0, 3, text("x")), edit("b", 2, 4, text("y"))}, []string{"a"}},
		{"touching", "edits that only touch are both kept",
			[]edits.Edit{edit("a", 0, 2, text("x")), edit("b", 2, 4, text("y"))}, []string{"a", "b"}},
		{"insertion before a span", "an insertion at the start of a replaced span wins over it",
			[]edits.Edit{edit("a", 2, 4, empty), edit("b", 2, 2, text(","))}, []string{"b"}},
		{"insertion after a span", "an insertion at the end of a span is kept",
			[]edits.Edit{edit("a", 2, 4, empty), edit("b", 4, 4, text(","))}, []string{"a", "b"}},
		{"insertion inside a span", "dropped",
			[]edits.Edit{edit("a", 2, 6, empty), edit("b", 4, 4, text(","))}, []string{"a"}},
		{"two insertions", "both kept, in the order of their text",
			[]edits.Edit{edit("a", 3, 3, text("set")), edit("b", 3, 3, text(","))}, []string{"b", "a"}},
		{"file order does not matter", "sorted by offsets first",
			[]edits.Edit{edit("a", 5, 6, text("x")), edit("b", 1, 2, text("y"))}, []string{"b", "a"}},
	}
	for _, c := range cases {
		got, err := Candidates(source, c.gold)
		if err != nil {
			t.Fatal(err)
		}
		var indexes []string
		for _, g := range got {
			indexes = append(indexes, g.Index)
		}
		if !reflect.DeepEqual(indexes, c.want) {
			t.Errorf("%s (%s): kept %v, want %v", c.name, c.reason, indexes, c.want)
		}
	}
	if _, err := Candidates(source, []edits.Edit{{Index: "z", Start: 3, End: 11, Line: 7, Corrections: []edits.Correction{{Text: "x"}}}}); err == nil ||
		!strings.Contains(err.Error(), `line 7: edit "z": end 11 is past the end of the source`) {
		t.Errorf("edit past the end: got %v", err)
	}
}

func TestVariants(t *testing.T) {
	source := []byte("One cat, two dogs and (a bird) here\nNext line.")
	gold := []edits.Edit{
		{Index: "cat", Start: 4, End: 7, Corrections: []edits.Correction{{Text: "cats"}}},                    // before ","
		{Index: "two", Start: 9, End: 12, Corrections: []edits.Correction{{Text: "three"}}},                  // nothing special
		{Index: "and", Start: 18, End: 21, Corrections: []edits.Correction{{Text: "and also"}}},              // two words
		{Index: "a", Start: 23, End: 24, Corrections: []edits.Correction{{Text: "one"}}},                     // after "("
		{Index: "here", Start: 31, End: 35, Corrections: []edits.Correction{{Text: "there"}}},                // a line break from "Next"
		{Index: "Next", Start: 36, End: 40, Corrections: []edits.Correction{{Text: "The next"}}},             // two words, between two edits
		{Index: "line", Start: 41, End: 45, Corrections: []edits.Correction{{Empty: true}, {Text: "lines"}}}, // before "."
	}
	cases := []struct {
		variant Variant
		want    []string
	}{
		{Unchanged, nil},
		{AllGold, []string{"cat", "two", "and", "a", "here", "Next", "line"}},
		{HalfGold, []string{"cat", "and", "here", "line"}},
		{Adjacent, []string{"here", "Next", "line"}},
		{Punctuation, []string{"cat", "a", "line"}},
		{MultiWord, []string{"and", "Next"}},
	}
	for _, c := range cases {
		text, applied, err := Synthesize(source, gold, Options{Variant: c.variant})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range applied {
			got = append(got, a.Index)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: applied %v, want %v", c.variant, got, c.want)
		}
		if !bytes.Equal(text, Apply(source, applied)) {
			t.Errorf("%s: the text is not the source with the applied changes", c.variant)
		}
	}
	if _, _, err := Synthesize(source, gold, Options{Variant: "best"}); err == nil {
		t.Error("an unknown variant was accepted")
	}
}

func TestRandomIsDeterministic(t *testing.T) {
	source := []byte(strings.Repeat("word ", 200))
	var gold []edits.Edit
	for i := 0; i < 200; i++ {
		gold = append(gold, edits.Edit{Index: fmt.Sprint(i), Start: 5 * i, End: 5*i + 4, Corrections: []edits.Correction{{Text: "WORD"}}})
	}
	half := Options{Variant: Random, Seed: 1, Fraction: DefaultFraction}
	a, _, _ := Synthesize(source, gold, half)
	b, _, _ := Synthesize(source, gold, half)
	half.Seed = 2
	c, _, _ := Synthesize(source, gold, half)
	d, applied, _ := Synthesize(source, gold, Options{Variant: Random, Seed: 1, Fraction: 0.1})
	if !bytes.Equal(a, b) {
		t.Error("the same seed gave different systems")
	}
	if bytes.Equal(a, c) {
		t.Error("different seeds gave the same system")
	}
	if bytes.Equal(a, d) || len(applied) < 5 || len(applied) > 40 {
		t.Errorf("fraction 0.1 applied %d of 200", len(applied))
	}
	if _, _, err := Synthesize(source, gold, Options{Variant: Random, Fraction: 2}); err == nil {
		t.Error("fraction 2 was accepted")
	}
	// The ends: 0 applies nothing (it applied half, as if 0 were not given), 1 everything.
	for _, c := range []struct {
		fraction float64
		want     int
	}{{0, 0}, {1, 200}} {
		if _, applied, err := Synthesize(source, gold, Options{Variant: Random, Seed: 1, Fraction: c.fraction}); err != nil || len(applied) != c.want {
			t.Errorf("fraction %g: %d of 200 applied (%v), want %d", c.fraction, len(applied), err, c.want)
		}
	}
}

type document struct {
	id     string
	source []byte
	gold   []edits.Edit
}

func hooDocuments(t *testing.T) (string, []document) {
	t.Helper()
	data := wdifftest.SharedData(t)
	files, _ := filepath.Glob(filepath.Join(data, "hoo2011", "develop", "Gold", "*GE.xml"))
	if len(files) == 0 {
		t.Skip("skipping: no HOO 2011 gold files")
	}
	sort.Strings(files)
	var docs []document
	for _, f := range files {
		id := strings.TrimSuffix(filepath.Base(f), "GE.xml")
		source, err := os.ReadFile(filepath.Join(data, "hoo2011", "develop", "Raw", id+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		gold, err := edits.Read(f, r)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		docs = append(docs, document{id, source, gold})
	}
	return data, docs
}

// TestSynthesizeMatchesReferenceSystems rebuilds the three HOO 2011 reference systems.
func TestSynthesizeMatchesReferenceSystems(t *testing.T) {
	data, docs := hooDocuments(t)
	for _, v := range []struct {
		variant Variant
		dir     string
	}{{Unchanged, "sys_unchanged"}, {AllGold, "sys_allgold"}, {HalfGold, "sys_half"}} {
		matched := 0
		for _, d := range docs {
			want, err := os.ReadFile(filepath.Join(data, "hoo2011", "reference", v.dir, d.id+"XX1.txt"))
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := Synthesize(d.source, d.gold, Options{Variant: v.variant})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s: differs from the reference system", v.variant, d.id)
				continue
			}
			matched++
		}
		t.Logf("%s: %d of %d documents identical to %s", v.variant, matched, len(docs), v.dir)
	}
}

// TestExtractionOfVariants measures how many applied gold corrections the official wdiff
// extraction recovers exactly (same span, same correction), per variant, on the HOO 2011
// development documents. It checks what must hold (nothing for Unchanged; no crash) and
// logs the rest.
func TestExtractionOfVariants(t *testing.T) {
	_, docs := hooDocuments(t)
	for _, v := range Variants {
		applied, recovered, extracted := 0, 0, 0
		for _, d := range docs {
			text, changes, err := Synthesize(d.source, d.gold, Options{Variant: v, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			edits, err := wdiff.Extract(d.source, text, wdiff.Options{})
			if err != nil {
				t.Fatalf("%s %s: %v", v, d.id, err)
			}
			found := map[Change]bool{}
			for _, e := range edits {
				found[Change{Start: e.Start, End: e.End, Text: e.Correction}] = true
			}
			for _, c := range changes {
				if found[Change{Start: c.Start, End: c.End, Text: c.Text}] {
					recovered++
				}
			}
			applied += len(changes)
			extracted += len(edits)
		}
		if v == Unchanged && (applied != 0 || extracted != 0) {
			t.Errorf("unchanged: %d applied, %d extracted", applied, extracted)
		}
		t.Logf("%-11s applied %4d, extracted %4d, recovered exactly %4d", v, applied, extracted, recovered)
	}
}
