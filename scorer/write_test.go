package scorer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func conllGold(t *testing.T, name string, fixes Fix) []Sentence {
	t.Helper()
	gdata, err := os.ReadFile(filepath.Join(sharedData(t), "conll14", "gold", name+".m2"))
	if err != nil {
		t.Fatal(err)
	}
	gold, err := ReadM2(name+".m2", gdata, fixes)
	if err != nil {
		t.Fatal(err)
	}
	return gold
}

// TestWriteM2RoundTrip writes the CoNLL-2014 gold files back as M2 and reads them again: the
// same sentences, in release 3.2's reading and with every fix.
func TestWriteM2RoundTrip(t *testing.T) {
	for _, name := range []string{"official-2014.combined", "official-2014.combined-withalt", "official-2014.0", "official-2014.1"} {
		for _, fixes := range []Fix{0, allFixes} {
			gold := conllGold(t, name, fixes)
			var buf bytes.Buffer
			if err := WriteM2(&buf, gold); err != nil {
				t.Fatal(err)
			}
			again, err := ReadM2("written.m2", buf.Bytes(), fixes)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := withoutLines(gold), withoutLines(again); !reflect.DeepEqual(a, b) {
				for i := range a {
					if !reflect.DeepEqual(a[i], b[i]) {
						t.Fatalf("%s (fixes %v): sentence %d differs:\n%+v\n%+v", name, fixes, i+1, a[i], b[i])
					}
				}
				t.Fatalf("%s: %d sentences read back, %d written", name, len(b), len(a))
			}
		}
	}
}

// TestWriteM2AnnotatorOrder writes sentences whose annotators the reader visits in an order
// that writing them in that order would not give back (CPython 2 dict order is not idempotent
// for these ids): WriteM2 finds an order of appearance that does.
func TestWriteM2AnnotatorOrder(t *testing.T) {
	tests := []struct {
		ids []int
		why string
	}{
		{[]int{6, 0, -3, 31, 21}, "visited as 0 31 21 6 -3; written so, it would be read as 0 31 -3 6 21"},
		{[]int{0, 1}, "the usual case: ascending"},
		{[]int{16, 8, 0}, "ids that share a slot of the 8-slot table"},
	}
	for _, tt := range tests {
		var m2 strings.Builder
		m2.WriteString("S a b\n")
		for _, id := range tt.ids {
			fmt.Fprintf(&m2, "A 0 1|||X|||c%d|||REQUIRED|||-NONE-|||%d\n", id, id)
		}
		first, err := ReadM2("gold.m2", []byte(m2.String()), 0)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteM2(&buf, first); err != nil {
			t.Fatal(err)
		}
		second, err := ReadM2("written.m2", buf.Bytes(), 0)
		if err != nil {
			t.Fatal(err)
		}
		var visit, again []int
		for _, a := range first[0].Annotators {
			visit = append(visit, a.ID)
		}
		for _, a := range second[0].Annotators {
			again = append(again, a.ID)
		}
		if !reflect.DeepEqual(withoutLines(first), withoutLines(second)) {
			t.Errorf("ids %v in the file: visited %v, after writing %v (%s)", tt.ids, visit, again, tt.why)
		}
	}
}
