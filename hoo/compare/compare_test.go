package compare

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/fragment"
	"maxmatch/hoo/wdiff"
)

func text(s string) []edits.Correction { return []edits.Correction{{Text: s}} }

// ed is a system edit replacing [start, end) by correction.
func ed(start, end int, correction string) edits.Edit {
	return edits.Edit{Start: start, End: end, Corrections: text(correction), HasCorrections: true}
}

// fixedExtractor returns the same edits for every fragment: a stand-in for an extraction.
func fixedExtractor(name string, es []edits.Edit) Extractor {
	return Extractor{Name: name, Extract: func(string, []byte, []byte, []edits.Edit, func(string, int, int)) ([]edits.Edit, error) {
		return es, nil
	}}
}

// differencesSystem is one system compared on one fragment of two lines by two fixed
// extractions, A and B (TestDifferences; TestDocument through export_test.go).
func differencesSystem(t *testing.T) *System {
	t.Helper()
	orig := []byte("The cat sit on mat.\nIt were happy.\n")
	gold := []edits.Edit{
		{Index: "g1", Start: 8, End: 11, Corrections: text("sits"), HasCorrections: true},
		{Index: "g2", Start: 15, End: 15, Corrections: text("the "), HasCorrections: true},
		{Index: "g3", Start: 23, End: 27, Corrections: text("was"), HasCorrections: true},
	}
	both := ed(8, 11, "sits")
	a := []edits.Edit{both, ed(15, 18, "the mat"), ed(23, 27, "are")}
	b := []edits.Edit{both, ed(15, 15, "the "), ed(20, 27, "It was")}
	f := Fragment{Name: "0001XX1", Original: orig, Gold: gold}
	s, err := Compare("sys", []Fragment{f}, []Extractor{fixedExtractor("A", a), fixedExtractor("B", b)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Differences) != 2 {
		t.Fatalf("%d differences, want one per line: %+v", len(s.Differences), s.Differences)
	}
	return s
}

// TestDifferences checks Table 2 on one fragment of two lines: an edit both extractions found
// is not listed, each one-sided edit is listed in the line its start is in, marked by whether
// it is a gold edit, with the gold edits it touches.
func TestDifferences(t *testing.T) {
	s := differencesSystem(t)
	d1, d2 := s.Differences[0], s.Differences[1]
	if d1.Segment != 1 || len(d1.Only[0]) != 1 || d1.Only[0][0].Gold || len(d1.Only[1]) != 1 || !d1.Only[1][0].Gold || len(d1.Gold) != 1 || d1.Gold[0].Index != "g2" {
		t.Errorf("line 1: %+v; want A's replacement (not gold) against B's gold insertion, with g2", d1)
	}
	if d2.Segment != 2 || d2.Only[0][0].Gold || d2.Only[1][0].Gold || len(d2.Gold) != 1 || d2.Gold[0].Index != "g3" {
		t.Errorf("line 2: %+v; want A's wrong correction against B's wider edit, neither gold, with g3", d2)
	}
	// B has two gold edits of three, A one: Table 1 says so.
	if pa, pb := s.Scores[0].Average[true][6].V, s.Scores[1].Average[true][6].V; !(pb > pa) {
		t.Errorf("correction precision A %v, B %v; want B higher", pa, pb)
	}
	var html bytes.Buffer
	WriteHTML(&html, []*System{s})
	if !strings.Contains(html.String(), `<span class="b">[the ]</span>`) {
		t.Errorf("HTML does not show B's insertion:\n%s", html.String())
	}
}

// TestWdiffOnReference compares the official wdiff extraction with its --fixed variant on the
// HOO 2011 all-gold reference system: the official one is what reference/xml_allgold holds.
func TestWdiffOnReference(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "hoo2011"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(data); err != nil {
		t.Skipf("shared data not found at %s: %v", data, err)
	}
	var dirs [3]*fragment.Dir
	for i, d := range []struct {
		path string
		kind fragment.Kind
	}{{"develop/Gold", fragment.Gold}, {"develop/Raw", fragment.Raw}, {"reference/sys_allgold", fragment.SystemText}} {
		if dirs[i], err = fragment.ReadDir(filepath.Join(data, d.path), d.kind); err != nil {
			t.Fatal(err)
		}
	}
	frags, err := ReadSystem(dirs[0], dirs[1], dirs[2])
	if err != nil {
		t.Fatal(err)
	}
	s, err := Compare("sys_allgold", frags, []Extractor{Wdiff(wdiff.Options{}), Wdiff(wdiff.Options{Fixed: true})}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range frags {
		want, err := os.ReadFile(filepath.Join(data, "reference", "xml_allgold", f.Name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		ref, err := edits.Read(f.Name, bytes.NewReader(want))
		if err != nil {
			t.Fatal(err)
		}
		if len(ref) != len(s.Edits[0][i]) {
			t.Errorf("%s: %d edits extracted, the reference XML has %d", f.Name, len(s.Edits[0][i]), len(ref))
		}
	}
	avg := s.Scores[0].Average[true]
	t.Logf("sys_allgold, official wdiff extraction: correction P %.4f R %.4f (bonus); %d fragments the official scorer would stop on; %d segments differ from --fixed",
		avg[6].V, avg[7].V, s.Scores[0].Crashes, len(s.Differences))
}

// TestSystemNames: a system is named by its directory's base name, that of the directory "."
// is; two systems the tables would name alike are an error (they were two rows of one name).
func TestSystemNames(t *testing.T) {
	dirs := func(paths ...string) []*fragment.Dir {
		ds := make([]*fragment.Dir, len(paths))
		for i, p := range paths {
			ds[i] = &fragment.Dir{Path: p}
		}
		return ds
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		paths []string
		want  string // the names, or the error
	}{
		{[]string{"a/sys1", "b/sys2/"}, "sys1 sys2"},
		{[]string{"."}, filepath.Base(wd)},
		{[]string{"a/sys", "a/sys"}, "a/sys: the system directory is given twice, expected each system once"},
		{[]string{"a/sys", "a/./sys/"}, "a/./sys/: the system directory is given twice"},
		{[]string{"a/sys", "b/sys"}, "a/sys and b/sys: two systems named sys (the tables name a system by its directory's base name), expected directories of different names"},
	} {
		names, err := SystemNames(dirs(c.paths...))
		got := strings.Join(names, " ")
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: %s, want %s", c.paths, got, c.want)
		}
	}
}

// TestTextWarnings: a raw text shared by two systems' fragments is warned of once, and a
// warning that both wdiff extractions give (the same text, the same markers) is said once; an
// extractor without TextWarning (m2) adds none.
func TestTextWarnings(t *testing.T) {
	raw := []byte("a [- b\n")
	frags := [][]Fragment{
		{{Name: "0001XX1", RawPath: "raw/0001.txt", Original: raw, SystemPath: "x/0001XX1.txt", System: []byte("a b\n")}},
		{{Name: "0001YY1", RawPath: "raw/0001.txt", Original: raw, SystemPath: "y/0001YY1.txt", System: []byte("a {+ b\n")}},
	}
	x := Extractors()
	var got []string
	textWarnings(frags, []Extractor{x["m2"], x["wdiff"], x["wdiff-fixed"]}, func(w string) { got = append(got, w) })
	want := []string{wdiff.MarkerWarning("raw/0001.txt", string(raw)), wdiff.MarkerWarning("y/0001YY1.txt", "a {+ b\n")}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
