package wdiff

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"maxmatch/internal/worddiff/wdifftest"
)

// referenceEdits reads an edit XML file of the official extractor.
func referenceEdits(t *testing.T, doc []byte) []Edit {
	t.Helper()
	type side struct {
		Empty *struct{} `xml:"empty"`
		Text  string    `xml:",chardata"`
	}
	var file struct {
		Edits []struct {
			Start       int    `xml:"start,attr"`
			End         int    `xml:"end,attr"`
			Index       string `xml:"index,attr"`
			Original    side   `xml:"original"`
			Corrections []side `xml:"corrections>correction"`
		} `xml:"edit"`
	}
	if err := xml.Unmarshal(doc, &file); err != nil {
		t.Fatal(err)
	}
	// The official writes each byte of the text as the Latin-1 character of that value.
	latin1 := func(s string) string {
		var b []byte
		for _, r := range s {
			if r > 0xFF {
				t.Fatalf("character U+%04X is not a Latin-1 reading of a byte", r)
			}
			b = append(b, byte(r))
		}
		return string(b)
	}
	var edits []Edit
	for _, e := range file.Edits {
		if len(e.Corrections) != 1 {
			t.Fatalf("edit %s: %d corrections", e.Index, len(e.Corrections))
		}
		c := e.Corrections[0]
		edit := Edit{Start: e.Start, End: e.End}
		if e.Original.Empty != nil {
			edit.EmptyOriginal = true
		} else {
			edit.Original = latin1(e.Original.Text)
		}
		if c.Empty != nil {
			edit.EmptyCorrection = true
		} else {
			edit.Correction = latin1(c.Text)
		}
		edits = append(edits, edit)
	}
	return edits
}

// TestExtractMatchesReferenceXML extracts the edits of the three HOO 2011 reference systems
// (the source unchanged, all gold edits, every second gold edit) and compares them with the
// XML the official extractor wrote for them: the same edits with the same offsets and texts
// (the official pretty-printer strips white space only at the start of a text that begins
// with a line break, which never happens here), and the very same bytes.
func TestExtractMatchesReferenceXML(t *testing.T) {
	data := wdifftest.SharedData(t)
	ref := filepath.Join(data, "hoo2011", "reference")
	files, _ := filepath.Glob(filepath.Join(ref, "xml_*", "*.xml"))
	if len(files) == 0 {
		t.Skipf("skipping: no reference XML in %s", ref)
	}
	sort.Strings(files)
	matched, edits := 0, 0
	for _, f := range files {
		system := filepath.Base(filepath.Dir(f))[len("xml_"):]
		id := strings.TrimSuffix(filepath.Base(f), ".xml")
		orig, err1 := os.ReadFile(filepath.Join(data, "hoo2011", "develop", "Raw", id[:4]+".txt"))
		sys, err2 := os.ReadFile(filepath.Join(ref, "sys_"+system, id+".txt"))
		want, err3 := os.ReadFile(f)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatal(err1, err2, err3)
		}
		got, err := Extract(orig, sys, Options{})
		if err != nil {
			t.Errorf("%s/%s: %v", system, id, err)
			continue
		}
		wantEdits := referenceEdits(t, want)
		if diff := firstEditDifference(got, wantEdits); diff != "" {
			t.Errorf("%s/%s: %s", system, id, diff)
			continue
		}
		doc, err := XML(id, got, Options{})
		if err != nil {
			t.Errorf("%s/%s: %v", system, id, err)
			continue
		}
		if !bytes.Equal(doc, want) {
			t.Errorf("%s/%s: same edits but different bytes:\n%s", system, id, firstLineDifference(doc, want))
			continue
		}
		matched++
		edits += len(got)
	}
	t.Logf("%d of %d reference files matched byte for byte (%d edits)", matched, len(files), edits)
}

func firstEditDifference(got, want []Edit) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("edit %d: got %+v, official %+v", i+1, got[i], want[i])
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("got %d edits, official %d", len(got), len(want))
	}
	return ""
}

func firstLineDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d: got %q, official %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("got %d lines, official %d", len(g), len(w))
}

// BenchmarkExtractHOODocuments extracts the edits of the 19 HOO 2011 development documents
// from the all-gold reference system (one iteration is all 19).
func BenchmarkExtractHOODocuments(b *testing.B) {
	data := wdifftest.SharedData(b)
	files, _ := filepath.Glob(filepath.Join(data, "hoo2011", "reference", "sys_allgold", "*.txt"))
	if len(files) == 0 {
		b.Skip("skipping: no HOO 2011 reference systems")
	}
	var pairs [][2][]byte
	for _, f := range files {
		id := filepath.Base(f)[:4]
		orig, err1 := os.ReadFile(filepath.Join(data, "hoo2011", "develop", "Raw", id+".txt"))
		sys, err2 := os.ReadFile(f)
		if err1 != nil || err2 != nil {
			b.Fatal(err1, err2)
		}
		pairs = append(pairs, [2][]byte{orig, sys})
	}
	b.ResetTimer()
	for range b.N {
		for _, p := range pairs {
			edits, err := Extract(p[0], p[1], Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := XML("B", edits, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
