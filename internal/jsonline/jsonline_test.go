package jsonline

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

type line struct {
	ID   json.RawMessage `json:"id"`
	Hyp  *string         `json:"hyp"`
	Hyps []string        `json:"hyps"`
	N    *int            `json:"n"`
}

func TestDecode(t *testing.T) {
	for _, c := range []struct {
		why, in, err string // err empty: decoded
	}{
		{"a plain object", `{"id": 1, "hyp": "a"}`, ""},
		{"null where nullable", `{"id": null, "hyp": "a"}`, ""},
		{"null nested in a nullable value", `{"id": [null, {"a": null}]}`, ""},
		{"escapes in keys and a surrogate pair", `{"\u0069d": 1, "hyp": "\ud83d\ude00 \n"}`, ""},
		{"a key twice", `{"id": 1, "id": 2}`, `byte 11: key "id" given twice in one object: expected each key once`},
		{"a key twice, spelt with an escape", `{"id": 1, "\u0069d": 2}`, `byte 11: key "id" given twice in one object: expected each key once`},
		{"a key twice inside the id", `{"id": {"a": 1, "A": 2}}`, `byte 17: key "A" given twice in one object: expected each key once`},
		{"null where not nullable", `{"n": null}`, `byte 7: field "n": found null: expected a value (leave the field out instead)`},
		{"a high surrogate before another high one", `{"hyp": "\ud800\ud800"}`, `byte 10: lone UTF-16 surrogate \ud800 in a string: expected a pair (as \ud83d\ude00) or another character`},
		{"a surrogate at the end of a string", `{"hyp": "a\ud83d"}`, `byte 11: lone UTF-16 surrogate \ud83d in a string: expected a pair (as \ud83d\ude00) or another character`},
		{"text after the object", `{"id": 1} x`, `byte 11: expected one JSON object on the line, found more text after it`},
		{"an unknown field", `{"hpy": "a"}`, `byte 1: unknown field "hpy"`},
		{"a number for a string", `{"hyp": 3}`, `byte 9: field "hyp": expected a string, found a JSON number`},
		{"an object for the line", `"a"`, `byte 3: expected a JSON object, found a string`},
		{"null for the line", ` null`, `byte 2: expected a JSON object, found null`},
		{"truncated", `{"id": 1`, `byte 1: invalid JSON: the object is not complete`},
	} {
		var v line
		err := Decode([]byte(c.in), &v, "id")
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err {
			t.Errorf("%s: %s: error %q, want %q", c.why, c.in, got, c.err)
		}
	}
}

// FuzzDecode states what Decode guarantees of any line: no panic; an error is an *Error whose
// column lies within the line (or just past it); a line it accepts is valid JSON in valid
// UTF-8, which encoding/json decodes to the same value.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"id": 1, "hyp": "a"}`, `{"id": [null], "hyps": ["\ud83d\ude00"]}`, `{"n": 1, "N": 2}`, `{"hyp": "\udc00"}`, "{\"hyp\": \"\xff\"}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v line
		err := Decode([]byte(s), &v, "id")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: %T %v is not an *Error", s, err, err)
			}
			if e.Col < 1 || e.Col > len(s)+1 {
				t.Fatalf("%q: column %d outside the line", s, e.Col)
			}
			return
		}
		if !json.Valid([]byte(s)) || !utf8.ValidString(s) {
			t.Fatalf("%q accepted, but it is not valid JSON in UTF-8", s)
		}
		var w line
		if err := json.Unmarshal([]byte(s), &w); err != nil {
			t.Fatalf("%q accepted, but encoding/json fails: %v", s, err)
		}
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(w)
		if string(a) != string(b) || strings.Contains(string(a), `\ufffd`) {
			t.Fatalf("%q: decoded %s, encoding/json %s", s, a, b)
		}
	})
}
