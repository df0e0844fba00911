package report

import (
	"encoding/json"
	"testing"

	"maxmatch/scorer"
)

// TestWriteSentenceResult checks a result's fields against encoding/json's reading of them.
func TestWriteSentenceResult(t *testing.T) {
	gold, err := scorer.ReadM2("gold", []byte("S a \"b\" c\nA 1 2|||X|||x|||REQUIRED|||-NONE-|||0\nA 0 1|||X|||z|||REQUIRED|||-NONE-|||3\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := scorer.ScoreSentence("a x c d", &gold[0], scorer.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, edits := range []bool{true, false} {
		var j JSONWriter
		j.Object()
		WriteSentenceResult(&j, &r, 0.5, edits)
		j.End()
		b := j.Bytes()
		var got struct {
			Annotator, Correct, Proposed, Gold, TP, FP, FN int
			P, R, F                                        float64
			Annotators                                     []struct{ Annotator, Correct, Proposed, Gold int }
			Edits                                          *[][]any
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		a := r.ChosenResult()
		n := a.Counts()
		p, rec, f := n.PRF(0.5)
		if got.Annotator != a.Annotator || got.Correct != n.Correct || got.Proposed != n.Proposed || got.Gold != n.Gold ||
			got.TP != n.Correct || got.FP != n.Proposed-n.Correct || got.FN != n.Gold-n.Correct || got.P != p || got.R != rec || got.F != f ||
			len(got.Annotators) != 2 || got.Annotators[1].Annotator != 3 {
			t.Errorf("%s does not say %+v", b, r)
		}
		if (got.Edits != nil) != edits || (edits && len(*got.Edits) != len(a.Edits)) {
			t.Errorf("edits %v: %s", edits, b)
		}
	}
}

func TestJSONWriter(t *testing.T) {
	var j JSONWriter
	j.Object()
	j.Key("a").Int(1)
	j.Key("b\"c").Array()
	j.Float(0.5)
	j.Object()
	j.End()
	j.Array()
	j.EndArray()
	j.String("<&>")
	j.EndArray()
	j.Key("d").Fields(Fields{{Key: "x", Value: Int(2)}, {Label: "text only", Value: Int(3)}, {Key: "y", Value: Bool(true)}})
	j.Key("e").Null()
	j.End()
	const want = `{"a":1,"b\"c":[0.5,{},[],"<&>"],"d":{"x":2,"y":true},"e":null}`
	if got := string(j.Bytes()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !json.Valid(j.Bytes()) {
		t.Errorf("%s is not valid JSON", j.Bytes())
	}
	j.Reset(j.Bytes()[:0])
	j.Array()
	j.Int(1)
	j.EndArray()
	if got := string(j.Bytes()); got != "[1]" {
		t.Errorf("after Reset: %s, want [1]", got)
	}
}
