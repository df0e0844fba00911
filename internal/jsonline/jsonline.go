// Package jsonline decodes one JSON object from one line strictly: what encoding/json would
// take silently and a request or an n-best line cannot mean is an error with its byte column —
// unknown fields, text after the object, a key given twice (the last would win), an escaped
// lone UTF-16 surrogate (it would become U+FFFD), invalid UTF-8 (likewise) and null (it would
// leave the field as if it were missing, or a list element zero).
package jsonline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"maxmatch/internal/textcheck"
)

// Error is a line that is not the JSON object expected: Col is the 1-based byte column of the
// problem (1 when it is not known more precisely).
type Error struct {
	Col int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("byte %d: %s", e.Col, e.Msg) }

// Decode decodes data, one JSON object, into v (as encoding/json does, unknown fields refused),
// or returns an *Error. null is refused everywhere but in the values of the top-level members
// named in nullable (which a caller echoes, as a request's id).
func Decode(data []byte, v any, nullable ...string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorOf(err)
	}
	if rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return &Error{Col: len(data) - len(rest) + 1, Msg: "expected one JSON object on the line, found more text after it"}
	}
	return Check(data, nullable...)
}

// Check returns an *Error for the first of these in data, which must be valid JSON: invalid
// UTF-8, a key given twice in one object (compared as encoding/json matches keys to fields,
// ignoring case), an escaped lone surrogate, and null other than in the values of the top-level
// members named in nullable.
func Check(data []byte, nullable ...string) error {
	if !utf8.Valid(data) {
		off := textcheck.FirstInvalidUTF8(data)
		return &Error{Col: off + 1, Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x): expected UTF-8 text", data[off])}
	}
	c := checker{data: data, nullable: nullable}
	c.space()
	c.value(0, "", false)
	return c.err
}

// checker walks valid JSON.
type checker struct {
	data     []byte
	i        int
	nullable []string
	err      error
}

func (c *checker) fail(at int, format string, args ...any) {
	if c.err == nil {
		c.err = &Error{Col: at + 1, Msg: fmt.Sprintf(format, args...)}
	}
}

func (c *checker) space() {
	for c.i < len(c.data) && (c.data[c.i] == ' ' || c.data[c.i] == '\t' || c.data[c.i] == '\n' || c.data[c.i] == '\r') {
		c.i++
	}
}

// value checks the value at c.i: depth is its nesting (0 for the line's object), key the
// top-level member it belongs to, nullOK whether null may stand there.
func (c *checker) value(depth int, key string, nullOK bool) {
	if c.err != nil || c.i >= len(c.data) {
		return
	}
	switch c.data[c.i] {
	case '{':
		c.i++
		var keys []string // decoded; a few per object
		var seen map[string]int
		for c.space(); c.err == nil && c.i < len(c.data) && c.data[c.i] != '}'; c.space() {
			at := c.i
			k := c.str()
			c.space()
			c.i++ // ':'
			c.space()
			folded := strings.ToLower(k)
			if len(keys) < 16 {
				if slices.Contains(keys, folded) {
					c.fail(at, "key %s given twice in one object: expected each key once", strconv.Quote(k))
					return
				}
				keys = append(keys, folded)
			} else {
				if seen == nil {
					seen = make(map[string]int, 32)
					for _, x := range keys {
						seen[x] = 0
					}
				}
				if _, dup := seen[folded]; dup {
					c.fail(at, "key %s given twice in one object: expected each key once", strconv.Quote(k))
					return
				}
				seen[folded] = 0
			}
			member, ok := key, nullOK
			if depth == 0 {
				member, ok = k, slices.Contains(c.nullable, k)
			}
			c.value(depth+1, member, ok)
			c.space()
			if c.i < len(c.data) && c.data[c.i] == ',' {
				c.i++
			}
		}
		c.i++ // '}'
	case '[':
		c.i++
		for c.space(); c.err == nil && c.i < len(c.data) && c.data[c.i] != ']'; c.space() {
			c.value(depth+1, key, nullOK)
			c.space()
			if c.i < len(c.data) && c.data[c.i] == ',' {
				c.i++
			}
		}
		c.i++ // ']'
	case '"':
		c.str()
	case 'n':
		switch {
		case nullOK:
		case depth == 0: // encoding/json decodes null into an object as nothing, no error
			c.fail(c.i, "expected a JSON object, found null")
		case depth == 1:
			c.fail(c.i, "field %s: found null: expected a value (leave the field out instead)", strconv.Quote(key))
		default:
			c.fail(c.i, "found null in field %s: expected a value", strconv.Quote(key))
		}
		c.i += len("null")
	default: // a number, true or false
		for c.i < len(c.data) && !strings.ContainsRune(",]} \t\r\n", rune(c.data[c.i])) {
			c.i++
		}
	}
}

// str reads the string at c.i and returns its value, failing on an escaped lone surrogate.
func (c *checker) str() string {
	start := c.i
	c.i++ // '"'
	plain := true
	for c.i < len(c.data) && c.data[c.i] != '"' {
		if c.data[c.i] != '\\' {
			c.i++
			continue
		}
		plain = false
		if c.data[c.i+1] != 'u' {
			c.i += 2
			continue
		}
		r := hex4(c.data[c.i+2 : c.i+6])
		switch {
		case utf16.IsSurrogate(r) && r < 0xdc00 && c.i+12 <= len(c.data) && c.data[c.i+6] == '\\' && c.data[c.i+7] == 'u' &&
			utf16.DecodeRune(r, hex4(c.data[c.i+8:c.i+12])) != utf8.RuneError:
			c.i += 12 // a pair
		case utf16.IsSurrogate(r):
			c.fail(c.i, `lone UTF-16 surrogate %s in a string: expected a pair (as \ud83d\ude00) or another character`, c.data[c.i:c.i+6])
			c.i += 6
		default:
			c.i += 6
		}
	}
	c.i++ // '"'
	raw := c.data[start:c.i]
	if plain {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	json.Unmarshal(raw, &s)
	return s
}

func hex4(b []byte) rune {
	n, _ := strconv.ParseUint(string(b), 16, 32)
	return rune(n)
}

// errorOf turns an error of encoding/json into an *Error that says what was expected.
func errorOf(err error) *Error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &Error{Col: max(int(syn.Offset), 1), Msg: "invalid JSON: " + strings.TrimPrefix(syn.Error(), "json: ")}
	case errors.As(err, &typ):
		if typ.Field == "" {
			return &Error{Col: max(int(typ.Offset), 1), Msg: "expected a JSON object, found " + withArticle(typ.Value)}
		}
		return &Error{Col: max(int(typ.Offset), 1), Msg: fmt.Sprintf("field %q: expected %s, found a JSON %s", typ.Field, goTypeName(typ.Type.String()), typ.Value)}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{Col: 1, Msg: "invalid JSON: the object is not complete"}
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return &Error{Col: 1, Msg: "unknown field " + f}
	}
	return &Error{Col: 1, Msg: strings.TrimPrefix(err.Error(), "json: ")}
}

// withArticle puts "a" or "an" before a JSON value's kind: "an array", "a string".
func withArticle(kind string) string {
	if kind != "" && strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// goTypeName says in words what a Go type of the decoded structures holds.
func goTypeName(t string) string {
	switch t {
	case "string":
		return "a string"
	case "[]string":
		return "a list of strings"
	case "int", "int64":
		return "an integer"
	case "bool":
		return "true or false"
	case "float64":
		return "a number"
	}
	if strings.HasPrefix(t, "[]") {
		return "a list"
	}
	return "a " + t
}
