package report

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// encodingJSON is what encoding/json writes for v with HTML escaping off, as the command's JSON
// output always was.
func encodingJSON(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// FuzzAppendJSONString states that AppendJSONString writes what encoding/json's Encoder writes
// with HTML escaping off, and AppendJSONStringHTML what json.Marshal writes, for any string,
// valid UTF-8 or not.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "\"quoted\" \\ back", "<a&b>", "tab\tnew\nline\r\b\f\x00\x1f\x7f", "\u2028\u2029", "é中\U0001F600", "bad \xff\xfe utf8 \xe2\x80", "\ufffd"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(AppendJSONString(nil, s)), encodingJSON(t, s); got != want {
			t.Fatalf("AppendJSONString(%q) = %s, encoding/json %s", s, got, want)
		}
		want, err := json.Marshal(s) // HTML escaped
		if err != nil {
			t.Fatal(err)
		}
		if got := string(AppendJSONStringHTML(nil, s)); got != string(want) {
			t.Fatalf("AppendJSONStringHTML(%q) = %s, json.Marshal %s", s, got, want)
		}
	})
}

// FuzzAppendJSONFloat states the same for finite floats; non-finite ones, which encoding/json
// refuses, are null.
func FuzzAppendJSONFloat(f *testing.F) {
	for _, x := range []float64{0, 1, -1, 0.5, 2.0 / 3, 1e-6, 9.99e-7, 1e21, 1e20, 123456789012345678901234.0, 5e-324, math.MaxFloat64, math.Copysign(0, -1)} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		got := string(AppendJSONFloat(nil, x))
		if math.IsNaN(x) || math.IsInf(x, 0) {
			if got != "null" {
				t.Fatalf("AppendJSONFloat(%v) = %s, want null", x, got)
			}
			return
		}
		if want := encodingJSON(t, x); got != want {
			t.Fatalf("AppendJSONFloat(%v) = %s, encoding/json %s", x, got, want)
		}
	})
}

// TestCellJSON checks every kind of cell against encoding/json's rendering of the same value.
func TestCellJSON(t *testing.T) {
	tests := []struct {
		cell Cell
		want any
		why  string
	}{
		{Cell{}, nil, "an empty cell is null"},
		{Text("a\"b"), "a\"b", "strings escaped"},
		{Int(-3), -3, "integers"},
		{Uint(math.MaxUint64), uint64(math.MaxUint64), "seeds beyond int64"},
		{Float(2.0/3, 4), 2.0 / 3, "floats in full, whatever their decimals in text"},
		{Bool(true), true, "booleans"},
		{Interval(0.25, 0.75, 4), []float64{0.25, 0.75}, "intervals as pairs"},
		{Estimate(0.5, 0.25, 0.75, 0.1, 4), struct {
			Value  float64 `json:"value"`
			Lo     float64 `json:"lo"`
			Hi     float64 `json:"hi"`
			StdErr float64 `json:"stderr"`
		}{0.5, 0.25, 0.75, 0.1}, "estimates as objects"},
		{List(Int(1), Text("x"), List()), []any{1, "x", []any{}}, "lists, nested, empty"},
		{Object(Fields{{Key: "b", Value: Int(1)}, {Label: "text only", Value: Int(2)}, {Key: "a", Value: Text("x")}}), map[string]any{"b": 1, "a": "x"}, "objects in field order, fields without a key left out"},
	}
	for _, tt := range tests {
		got := string(tt.cell.AppendJSON(nil))
		want := encodingJSON(t, tt.want)
		if tt.cell.Kind == KindObject {
			want = `{"b":1,"a":"x"}` // encoding/json sorts map keys; fields keep their order
		}
		if got != want {
			t.Errorf("%s: %s, want %s", tt.why, got, want)
		}
	}
	if got := string(Estimate(math.NaN(), 0, 1, math.NaN(), 4).AppendJSON(nil)); got != `{"value":null,"lo":0,"hi":1,"stderr":null}` {
		t.Errorf("NaN in an estimate: %s, want null", got)
	}
}
