package report

import (
	"io"
	"strconv"
)

// A JSONWriter appends JSON to a byte slice: objects and arrays opened and closed, members
// given by their key then their value. It writes the commas between members and elements and
// quotes the keys itself, so that no caller does either. Strings are written as encoding/json
// writes them with HTML escaping off (AppendJSONString), floats as it writes them, with null
// for what JSON cannot represent (AppendJSONFloat). The zero value appends to a nil slice.
//
// It is a writer by hand rather than encoding/json's reflection because a scored corpus has
// millions of edits and a served request is answered in microseconds.
type JSONWriter struct {
	// EscapeHTML escapes '<', '>' and '&' in strings too (AppendJSONStringHTML), for JSON
	// inside an HTML script element.
	EscapeHTML bool

	b        []byte
	more     []bool // for each open object or array, whether it has a member or element already
	afterKey bool   // a key has just been written: its value follows without a comma
}

// Reset starts anew, appending to b (which may be a buffer's b[:0], to reuse it).
func (j *JSONWriter) Reset(b []byte) {
	j.b, j.more, j.afterKey = b, j.more[:0], false
}

// Bytes returns what has been appended (and what b held at Reset).
func (j *JSONWriter) Bytes() []byte { return j.b }

// WriteTo writes what has been appended to w and empties the buffer, keeping the objects and
// arrays open: a large document is written piece by piece.
func (j *JSONWriter) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(j.b)
	j.b = j.b[:0]
	return int64(n), err
}

// LineBreak writes a line break before the next value (after the comma that precedes it), for
// output that people may read a line at a time.
func (j *JSONWriter) LineBreak() {
	j.value()
	j.b = append(j.b, '\n')
	j.afterKey = true
}

// value writes the comma that goes before a value in an array.
func (j *JSONWriter) value() {
	if j.afterKey {
		j.afterKey = false
		return
	}
	if n := len(j.more); n > 0 {
		if j.more[n-1] {
			j.b = append(j.b, ',')
		}
		j.more[n-1] = true
	}
}

// Key writes a member's key (the comma before it when the object has members already); its
// value comes next.
func (j *JSONWriter) Key(key string) *JSONWriter {
	j.value()
	j.b = AppendJSONString(j.b, key)
	j.b = append(j.b, ':')
	j.afterKey = true
	return j
}

// Object opens an object; End closes it.
func (j *JSONWriter) Object() {
	j.value()
	j.b = append(j.b, '{')
	j.more = append(j.more, false)
}

// Array opens an array; EndArray closes it.
func (j *JSONWriter) Array() {
	j.value()
	j.b = append(j.b, '[')
	j.more = append(j.more, false)
}

// End closes the object opened last.
func (j *JSONWriter) End() {
	j.more = j.more[:len(j.more)-1]
	j.b = append(j.b, '}')
}

// EndArray closes the array opened last.
func (j *JSONWriter) EndArray() {
	j.more = j.more[:len(j.more)-1]
	j.b = append(j.b, ']')
}

// Int writes an integer.
func (j *JSONWriter) Int(v int) {
	j.value()
	j.b = strconv.AppendInt(j.b, int64(v), 10)
}

// Float writes a float as encoding/json does (AppendJSONFloat): null when not finite.
func (j *JSONWriter) Float(v float64) {
	j.value()
	j.b = AppendJSONFloat(j.b, v)
}

// String writes a string (AppendJSONString, or AppendJSONStringHTML with EscapeHTML).
func (j *JSONWriter) String(s string) {
	j.value()
	j.b = appendJSONString(j.b, s, j.EscapeHTML)
}

// Strings writes an array of strings.
func (j *JSONWriter) Strings(ss []string) {
	j.Array()
	for _, s := range ss {
		j.String(s)
	}
	j.EndArray()
}

// Bool writes true or false.
func (j *JSONWriter) Bool(v bool) {
	j.value()
	j.b = strconv.AppendBool(j.b, v)
}

// Null writes null.
func (j *JSONWriter) Null() {
	j.value()
	j.b = append(j.b, "null"...)
}

// Raw writes v, which must be one JSON value (as a request's id is echoed).
func (j *JSONWriter) Raw(v []byte) {
	j.value()
	j.b = append(j.b, v...)
}

// Cell writes a cell's value (see Cell.AppendJSON).
func (j *JSONWriter) Cell(c Cell) {
	switch c.Kind {
	case KindText:
		j.String(c.Text)
	case KindInt:
		j.value()
		j.b = strconv.AppendInt(j.b, c.Int, 10)
	case KindUint:
		j.value()
		j.b = strconv.AppendUint(j.b, c.Uint, 10)
	case KindFloat:
		j.Float(c.Float)
	case KindBool:
		j.Bool(c.Bool)
	case KindInterval:
		j.Array()
		j.Float(c.Lo)
		j.Float(c.Hi)
		j.EndArray()
	case KindEstimate:
		j.Object()
		j.Key("value").Float(c.Float)
		j.Key("lo").Float(c.Lo)
		j.Key("hi").Float(c.Hi)
		j.Key("stderr").Float(c.StdErr)
		j.End()
	case KindList:
		j.Array()
		for _, it := range c.Items {
			j.Cell(it)
		}
		j.EndArray()
	case KindObject:
		j.Fields(c.Fields)
	default:
		j.Null()
	}
}

// Fields writes the fields that have a key as an object.
func (j *JSONWriter) Fields(fs Fields) {
	j.Object()
	j.Members(fs)
	j.End()
}

// Members writes the fields that have a key as members of the object open.
func (j *JSONWriter) Members(fs Fields) {
	for _, f := range fs {
		if f.Key != "" {
			j.Key(f.Key).Cell(f.Value)
		}
	}
}
