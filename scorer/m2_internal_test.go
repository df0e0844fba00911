package scorer

import (
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"maxmatch/internal/pydict"
	"maxmatch/internal/pytext"
)

func TestAnnotatorVisitOrderShortcut(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 5000; iter++ {
		ids := make([]int64, 1+rng.Intn(9))
		for i := range ids {
			ids[i] = int64(rng.Intn(12)) - 1
		}
		if got, want := annotatorVisitOrder(ids), pydict.Order(pydict.Order(ids)); !reflect.DeepEqual(got, want) {
			t.Fatalf("ids %v: order %v, want %v", ids, got, want)
		}
	}
}

func TestJoinTokens(t *testing.T) {
	tests := []struct {
		text string
		from int // tokens of text's Fields from this index
		n    int
		why  string
	}{
		{"a b c", 0, 3, "single spaces: a piece of the text"},
		{"a  b c", 0, 2, "double space: must be joined with one space"},
		{"a \tb c", 0, 2, "space then tab"},
		{"a\u00a0b c", 0, 2, "no-break space"},
		{"x a b", 1, 2, "not from the start"},
		{"a b", 0, 0, "no tokens"},
	}
	for _, tt := range tests {
		toks := pytext.Fields(tt.text)[tt.from : tt.from+tt.n]
		if got, want := joinTokens(tt.text, toks), strings.Join(toks, " "); got != want {
			t.Errorf("joinTokens(%q, %q) = %q, want %q (%s)", tt.text, toks, got, want, tt.why)
		}
	}
	if got := joinTokens("a b", []string{"a", "b"}); got != "a b" {
		t.Errorf("tokens that are not pieces of the text: %q", got)
	}
}

func TestM2ReaderBadSpans(t *testing.T) {
	tests := []struct {
		gold      string
		kept      string // the spans of the edits read, without Strict
		warnLines []int  // the lines warned about, without Strict
		why       string
	}{
		{"S a b\nA 2 3|||X|||c|||R|||-|||0\nA 0 1|||X|||c|||R|||-|||0\n", "0-1", []int{2}, "beyond the sentence: dropped"},
		{"S a b\nA -1 1|||X|||c|||R|||-|||0\n", "", []int{2}, "a negative offset: dropped"},
		{"S a b\nA 2 1|||X|||c|||R|||-|||0\n", "2-1", []int{2}, "reversed: kept, never matched"},
		{"S a b\nA -1 -1|||noop|||-NONE-|||R|||-|||0\n", "", nil, "noop: exempt, its offsets are -1 anyway"},
		{"S a\nS b c\nA 2 3|||X|||d|||R|||-|||0\nA 3 4|||X|||d|||R|||-|||0\n", "2-3", []int{4}, "two sentences: a span within the block's tokens is fine, and belongs to the sentences whose tokens so far contain it (not re-based); warned once per A line"},
		{"S \nA 0 1|||X|||d|||R|||-|||0\n", "", []int{2}, "an empty sentence: every span but 0 0 is outside"},
	}
	for _, tt := range tests {
		var warned []int
		r := M2Reader{Warn: func(pe *ParseError) { warned = append(warned, pe.Line) }}
		sentences, err := r.Read("gold.m2", []byte(tt.gold))
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		var kept []string
		for _, s := range sentences {
			for _, a := range s.Annotators {
				for _, e := range a.Edits {
					kept = append(kept, fmt.Sprintf("%d-%d", e.Start, e.End))
				}
			}
		}
		if got := strings.Join(kept, " "); got != tt.kept || !slices.Equal(warned, tt.warnLines) {
			t.Errorf("%s: kept %q, warned about lines %v; want %q, %v", tt.why, got, warned, tt.kept, tt.warnLines)
		}
		_, err = M2Reader{Strict: true, Warn: func(pe *ParseError) { t.Errorf("%s: a warning under Strict: %v", tt.why, pe) }}.Read("gold.m2", []byte(tt.gold))
		var pe *ParseError
		if len(tt.warnLines) == 0 && err != nil {
			t.Errorf("%s: Strict: %v", tt.why, err)
		} else if len(tt.warnLines) > 0 && (!errors.As(err, &pe) || pe.Line != tt.warnLines[0]) {
			t.Errorf("%s: Strict gave %v, want an error at line %d", tt.why, err, tt.warnLines[0])
		}
	}
}

// TestManyAnnotatorsGrouped reads one sentence whose edits come from many annotators, their ids
// interleaved and scattered over the int64 range: each annotator has its own edits in file
// order, and the annotators come in the official's visiting order.
func TestManyAnnotatorsGrouped(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	ids := make([]int64, 3000)
	for i := range ids {
		ids[i] = rng.Int63n(1<<40) - 1<<39
	}
	var b strings.Builder
	b.WriteString("S a b c d\n")
	var fileIDs []int64
	want := map[int64][]int{} // an annotator's edits, by their start offsets
	for i := 0; i < 20000; i++ {
		id := ids[rng.Intn(len(ids))]
		start := rng.Intn(4)
		fmt.Fprintf(&b, "A %d %d|||X|||x|||REQUIRED|||-NONE-|||%d\n", start, start+1, id)
		fileIDs = append(fileIDs, id)
		want[id] = append(want[id], start)
	}
	gold, err := ReadM2("many.m2", []byte(b.String()), 0)
	if err != nil {
		t.Fatal(err)
	}
	var order []int64
	for _, a := range gold[0].Annotators {
		order = append(order, int64(a.ID))
		var starts []int
		for _, e := range a.Edits {
			starts = append(starts, e.Start)
		}
		if !slices.Equal(starts, want[int64(a.ID)]) {
			t.Fatalf("annotator %d: edits starting at %v, want %v (file order)", a.ID, starts, want[int64(a.ID)])
		}
	}
	if wantOrder := pydict.Order(pydict.Order(fileIDs)); !slices.Equal(order, wantOrder) {
		t.Errorf("visiting order differs from CPython 2's dict order (%d annotators, %d expected)", len(order), len(wantOrder))
	}
}

func TestAnnotatorIDRange(t *testing.T) {
	for _, c := range []struct {
		why, id string
		wantErr string // empty: read
	}{
		{"the largest int64 (a Python 2 int on a 64-bit machine)", "9223372036854775807", ""},
		{"the smallest int64", "-9223372036854775808", ""},
		{"beyond int64 (a Python long): refused with the range", "9223372036854775808",
			`many.m2:2:37: annotator (field 6): expected an integer id from -9223372036854775808 to 9223372036854775807, found "9223372036854775808"`},
	} {
		_, err := ReadM2("many.m2", []byte("S a b\nA 0 1|||X|||x|||REQUIRED|||-NONE-|||"+c.id+"\n"), 0)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.wantErr {
			t.Errorf("%s: error %q, want %q", c.why, got, c.wantErr)
		}
	}
}

// TestColumnAfterACarriageReturn: a line that Python's line breaks start inside a line of the
// file ("\r" alone) has its errors placed in that line of the file, at their own column.
func TestColumnAfterACarriageReturn(t *testing.T) {
	var warned []string
	r := M2Reader{Warn: func(pe *ParseError) { warned = append(warned, fmt.Sprintf("%d:%d", pe.Line, pe.Column)) }}
	if _, err := r.Read("gold.m2", []byte("S a\nA 0 2|||X|||b|||R|||-|||0\rA 0 2|||X|||b|||R|||-|||0\n")); err != nil {
		t.Fatal(err)
	}
	if want := []string{"2:3", "2:29"}; !slices.Equal(warned, want) {
		t.Errorf("warnings at %q, want %q", warned, want)
	}
}

// TestIntegersReadAsPythonDoes: offsets and annotator ids are read as the official's int()
// reads them (pytext.Int): decimal digits of any script of Unicode 5.2, white space between the
// sign and the digits; and only those (a second sign was read, silently, before).
func TestIntegersReadAsPythonDoes(t *testing.T) {
	for _, c := range []struct {
		span, id   string
		start, end int
		annotator  int
		wantErr    string // empty: read
	}{
		{"0 1", "\uff11", 0, 1, 1, ""},
		{"\uff10 \uff11", "\u0661\u0660", 0, 1, 10, ""},
		{"+0 \u0e51", " - 1 ", 0, 1, -1, ""},
		{"0 1", "++1", 0, 0, 0, `d.m2:2:37: annotator (field 6): expected an integer id, found "++1"`},
		{"0 1", "+-1", 0, 0, 0, `d.m2:2:37: annotator (field 6): expected an integer id, found "+-1"`},
		{"++0 1", "0", 0, 0, 0, `d.m2:2:3: span (field 1): expected an integer start offset, found "++0"`},
		{"0 \U00011067", "0", 0, 0, 0, `d.m2:2:5: span (field 1): expected an integer end offset, found "𑁧"`}, // Unicode 6.0
	} {
		gold, err := ReadM2("d.m2", []byte("S a b\nA "+c.span+"|||X|||x|||REQUIRED|||-NONE-|||"+c.id+"\n"), 0)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.wantErr {
			t.Errorf("span %q, annotator %q: error %q, want %q", c.span, c.id, got, c.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		a := gold[0].Annotators[0]
		if e := a.Edits[0]; a.ID != c.annotator || e.Start != c.start || e.End != c.end {
			t.Errorf("span %q, annotator %q: annotator %d, span %d %d; want %d, %d %d", c.span, c.id, a.ID, e.Start, e.End, c.annotator, c.start, c.end)
		}
	}
}
