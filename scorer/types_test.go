package scorer

import (
	"errors"
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
	}
	if !reflect.DeepEqual(withoutLines(gold), before) {
		t.Error("RestrictTypes changed its input")
	}
	empty, _ := ReadM2("empty.m2", []byte("S a\n"), 0)
	if _, err := RestrictTypes(empty, []string{"Nn"}); err == nil || err.Error() != `no gold edit has the error type "Nn": the gold standard has no edit at all` {
		t.Errorf("a gold standard without edits: %v", err)
	}
}
