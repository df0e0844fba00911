package scorer

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// readOnce is ReadString without the parts: one parser given the whole file, and the warnings
// it gives, in order.
func readOnce(r M2Reader, text string) ([]Sentence, []*ParseError, error) {
	var warns []*ParseError
	r.Warn = func(e *ParseError) { warns = append(warns, e) }
	p := r.parser("gold.m2")
	err := p.feed(text, true)
	if err == nil {
		err = p.end()
	}
	if err != nil {
		return nil, warns, err
	}
	return p.out, warns, nil
}

// readInParts is readParts on text cut for n parts (one parse when there is no cut).
func readInParts(r M2Reader, text string, n int) ([]Sentence, []*ParseError, error) {
	var warns []*ParseError
	r.Warn = func(e *ParseError) { warns = append(warns, e) }
	cuts := splitAtBlankLines(text, n)
	if len(cuts) == 0 {
		return readOnce(r, text)
	}
	out, err := r.readParts("gold.m2", text, cuts)
	return out, warns, err
}

// FuzzReadM2Parts states the invariant of the parallel reader: on any input, cut into any
// number of parts after blank lines, it gives the sentences, the warnings (in order) and the
// error of one parser reading the whole file.
func FuzzReadM2Parts(f *testing.F) {
	addSeeds(f, "*.m2", func(b []byte) { f.Add(b, uint16(0), false, uint8(2)) })
	f.Add([]byte("\ufeffS a\r\nA 0 1|||T|||b|||REQUIRED|||-NONE-|||1\r\n\r\n\n\nS b\n\n"), uint16(FixNoneCorrection), false, uint8(3))
	f.Add([]byte("S a b\u2028A 0 1|||X|||c|||R|||-|||0\x85\n\nS c\r\r\nA 0 1|||X|||d|||R|||-|||0\r\r\r\n\nS d"), uint16(0), false, uint8(5))
	f.Add([]byte("S a\n\nS b\nA 9 9|||X|||c|||R|||-|||0\n\nS c\nA 0 x|||X|||c|||R|||-|||0\n\nS d\nA 7 1|||X|||c|||R|||-|||0\n\nS \xff\n"), uint16(0), false, uint8(4))
	f.Add([]byte("S a\nA -1 0|||X|||c|||R|||-|||0\n\nS b\nA 5 6|||X|||c|||R|||-|||0\n\n\n"), uint16(0), true, uint8(2))
	f.Add([]byte("\n\n\n\n"), uint16(0), false, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, fixBits uint16, strict bool, n uint8) {
		r := M2Reader{Fixes: Fix(fixBits) & allFixes, Strict: strict}
		text := string(data)
		want, wantWarns, wantErr := readOnce(r, text)
		got, gotWarns, gotErr := readInParts(r, text, int(n%8))
		if !reflect.DeepEqual(gotErr, wantErr) {
			t.Fatalf("in %d parts (cut at %v): error %v; one parse: %v", n%8, splitAtBlankLines(text, int(n%8)), gotErr, wantErr)
		}
		if !reflect.DeepEqual(gotWarns, wantWarns) {
			t.Fatalf("in %d parts: warnings %v; one parse: %v", n%8, gotWarns, wantWarns)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("in %d parts: %#v\none parse: %#v", n%8, got, want)
		}
	})
}

// TestSplitAtBlankLines checks where a file is cut: after a blank line that follows another
// line, never at an end, in increasing order.
func TestSplitAtBlankLines(t *testing.T) {
	tests := []struct {
		text string
		n    int
		want []int
		why  string
	}{
		{"S a\n\nS b\n\nS c\n", 2, []int{10}, "the first blank line after the middle"},
		{"S a\n\nS b\n\nS c\n", 3, []int{10}, "one cut: the blank line after the first third is the only one after the second"},
		{"S a\n\nS b\n\nS c\n\nS d\n", 3, []int{10, 15}, "a blank line after each third"},
		{"S a\n\nS b\n\n", 2, nil, "the only later blank line ends the file"},
		{"S a\nS b\nS c\n", 4, nil, "no blank line"},
		{"S a\n\n\n\nS b\n\n", 3, []int{6}, "in a run of blank lines, after the second"},
		{"S a\n\nS b\n", 1, nil, "one part"},
	}
	for _, tt := range tests {
		if got := splitAtBlankLines(tt.text, tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: splitAtBlankLines(%q, %d) = %v, want %v", tt.why, tt.text, tt.n, got, tt.want)
		}
	}
}

// TestReadStringInParts reads files large enough to be parsed in parts as ReadString does and
// compares them with one parse: a repeated small corpus, and the CoNLL-2014 gold when
// ../shared/data is there.
func TestReadStringInParts(t *testing.T) {
	gold, _ := repeatCorpus(4000)
	texts := map[string]string{"repeated": gold}
	path := filepath.Join("..", "..", "shared", "data", "conll14", "gold", "official-2014.combined.m2")
	if data, err := os.ReadFile(path); err == nil {
		texts["conll14"] = string(data)
	} else {
		t.Logf("the CoNLL-2014 gold is not read (%v): ../shared/data is absent", err)
	}
	for name, text := range texts {
		if len(text) < 4*partSize {
			t.Fatalf("%s: %d bytes, too short to be parsed in parts", name, len(text))
		}
		want, _, err := readOnce(M2Reader{}, text)
		if err != nil {
			t.Fatal(err)
		}
		for n := 2; n <= 5; n++ {
			got, _, err := readInParts(M2Reader{}, text, n)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s in %d parts: %d sentences, error %v; one parse: %d sentences", name, n, len(got), err, len(want))
			}
		}
		got, err := M2Reader{}.ReadString("gold.m2", text)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: ReadString gives %d sentences, error %v; one parse: %d", name, len(got), err, len(want))
		}
		// An error in the second half is the error of one parse, at the same line.
		bad := text[:len(text)*3/4] + "\nA x y|||X|||c|||R|||-|||0\n" + text[len(text)*3/4:]
		_, _, wantErr := readOnce(M2Reader{}, bad)
		_, gotErr := M2Reader{}.ReadString("gold.m2", bad)
		if wantErr == nil || !reflect.DeepEqual(gotErr, wantErr) {
			t.Fatalf("%s with a bad A line: ReadString: %v; one parse: %v", name, gotErr, wantErr)
		}
	}
}
