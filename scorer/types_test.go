package scorer

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestRestrictTypes(t *testing.T) {
	const m2 = `S a b c d
A 0 1|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||bs|||REQUIRED|||-NONE-|||0
A 2 3|||Wci|||x|||REQUIRED|||-NONE-|||0
A 2 3|||Wci|||y|||REQUIRED|||-NONE-|||1

S e f
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 0 1|||Nn|||es|||REQUIRED|||-NONE-|||1

S g
`
	gold, err := ReadM2("gold.m2", []byte(m2), 0)
	if err != nil {
		t.Fatal(err)
	}
	before := withoutLines(gold)
	// edits lists, per sentence and annotator, the kept edits' types.
	tests := []struct {
		types []string
		edits [][][]string // sentence, annotator, types; or nil with err
		err   string
		why   string
	}{
		{[]string{"Nn"}, [][][]string{{{"Nn"}, {}}, {{}, {"Nn"}}, {{}}},
			"", "the edits of the type, every annotator kept (annotator 1 of the first sentence has none left)"},
		{[]string{"ArtOrDet", "Wci"}, [][][]string{{{"ArtOrDet", "Wci"}, {"Wci"}}, {{}, {}}, {{}}},
			"", "several types: edits in their order"},
		{[]string{"Nn", "Nn"}, [][][]string{{{"Nn"}, {}}, {{}, {"Nn"}}, {{}}}, "", "a type given twice is kept once"},
		{[]string{"noop"}, nil, `no gold edit has the error type "noop": the types present are ArtOrDet, Nn, Wci`, "noop lines are not edits"},
		{[]string{"Nn", "artordet", "Prep", "Prep"}, nil, `no gold edit has the error types "artordet", "Prep": the types present are ArtOrDet, Nn, Wci`,
			"unknown types are listed once each, in the order given, with the types present; case counts"},
		{nil, nil, "no error type to keep: expected at least one", "an empty list"},
	}
	for _, tt := range tests {
		got, err := RestrictTypes(gold, tt.types)
		if tt.err != "" {
			var ue *UnknownTypesError
			if err == nil || err.Error() != tt.err || (strings.HasPrefix(tt.err, "no gold edit") != errors.As(err, &ue)) {
				t.Errorf("%v (%s): error %v, want %q", tt.types, tt.why, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v (%s): %v", tt.types, tt.why, err)
			continue
		}
		var types [][][]string
		for _, s := range got {
			var perAnnotator [][]string
			for _, a := range s.Annotators {
				ts := []string{}
				for _, e := range a.Edits {
					ts = append(ts, e.Type)
				}
				perAnnotator = append(perAnnotator, ts)
			}
			types = append(types, perAnnotator)
		}
		if !reflect.DeepEqual(types, tt.edits) {
			t.Errorf("%v (%s): kept %v, want %v", tt.types, tt.why, types, tt.edits)
		}
		// A sentence at a time, from the file read as a stream: the same sentences.
		tr, err := NewTypeRestriction(tt.types, GoldTypes(gold))
		if err != nil {
			t.Fatal(err)
		}
		r := tr.Reader(M2Reader{}.Stream("gold.m2", strings.NewReader(m2)))
		for i := range got {
			s, err := r.Next()
			if err != nil || !reflect.DeepEqual(*s, got[i]) {
				t.Errorf("%v (%s): sentence %d restricted as it is read: %+v (%v)\nwhole: %+v", tt.types, tt.why, i+1, s, err, got[i])
			}
		}
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("%v: after the last sentence: %v, want io.EOF", tt.types, err)
		}
	}
	if !reflect.DeepEqual(withoutLines(gold), before) {
		t.Error("RestrictTypes changed its input")
	}
	empty, _ := ReadM2("empty.m2", []byte("S a\n"), 0)
	if _, err := RestrictTypes(empty, []string{"Nn"}); err == nil || err.Error() != `no gold edit has the error type "Nn": the gold standard has no edit at all` {
		t.Errorf("a gold standard without edits: %v", err)
	}
}

// TestGoldSummary counts sentences, distinct annotators and error types, noop lines not edits. A
// sentence without A lines is read with one annotator, 0, without edits, as the official reads it.
func TestGoldSummary(t *testing.T) {
	gold, err := ReadM2("gold.m2", []byte("S a b\nA 0 1|||Nn|||x|||REQUIRED|||-NONE-|||3\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||8\n\nS c\nA 0 1|||ArtOrDet|||y|||REQUIRED|||-NONE-|||3\n\nS d\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	var g GoldSummary
	for i := range gold {
		g.Add(&gold[i])
	}
	if g.Sentences != 3 || g.Annotators() != 3 || !reflect.DeepEqual(g.Types(), []string{"ArtOrDet", "Nn"}) {
		t.Errorf("%d sentences, %d annotators, types %q; want 3, 3 (ids 3, 8, and 0 of the last sentence), ArtOrDet and Nn", g.Sentences, g.Annotators(), g.Types())
	}
}
