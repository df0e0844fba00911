package scorer

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
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
