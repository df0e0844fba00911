package report

import (
	"strconv"
	"strings"
)

// Kind is the type of a cell's value.
type Kind uint8

const (
	KindEmpty    Kind = iota // no value: an empty cell, JSON null
	KindText                 // a string
	KindInt                  // an integer
	KindUint                 // an unsigned integer (a seed)
	KindFloat                // a float, shown with Decimals decimals in text, in full in JSON
	KindBool                 // true or false
	KindInterval             // [Lo, Hi], both with Decimals decimals; JSON [lo, hi]
	KindEstimate             // a value, its interval and standard error: text "[Lo, Hi]", JSON {"value", "lo", "hi", "stderr"}
	KindList                 // cells: JSON array; text: the cells' texts separated by ", "
	KindObject               // fields: JSON object; text: "label value" pairs separated by "  "
)

// A Cell is one typed value of a report. Build cells with the functions below; the zero Cell is
// empty.
type Cell struct {
	Kind     Kind
	Text     string
	Int      int64
	Uint     uint64
	Float    float64 // the value (KindFloat, KindEstimate)
	Lo, Hi   float64 // the interval (KindInterval, KindEstimate)
	StdErr   float64 // KindEstimate
	Decimals int     // decimals of floats in text
	// Positive: a KindFloat above 0 that Decimals would show as 0 (0.0000) is shown by its
	// first two digits (3.3e-05): a p-value, which a bootstrap test never makes 0.
	Positive bool
	Bool     bool
	Items    []Cell // KindList
	Fields   Fields // KindObject
}

// Text returns a text cell.
func Text(s string) Cell { return Cell{Kind: KindText, Text: s} }

// Int returns an integer cell.
func Int(n int) Cell { return Cell{Kind: KindInt, Int: int64(n)} }

// Uint returns an unsigned integer cell.
func Uint(n uint64) Cell { return Cell{Kind: KindUint, Uint: n} }

// Float returns a float cell shown with the given decimals in text.
func Float(f float64, decimals int) Cell { return Cell{Kind: KindFloat, Float: f, Decimals: decimals} }

// PValue returns a p-value's cell: four decimals, or the first two digits of a value they
// would show as 0.0000 (more than 19,999 resamples: 1/30,001 is 3.3e-05).
func PValue(p float64) Cell { return Cell{Kind: KindFloat, Float: p, Decimals: 4, Positive: true} }

// Bool returns a boolean cell.
func Bool(v bool) Cell { return Cell{Kind: KindBool, Bool: v} }

// Interval returns an interval cell [lo, hi].
func Interval(lo, hi float64, decimals int) Cell {
	return Cell{Kind: KindInterval, Lo: lo, Hi: hi, Decimals: decimals}
}

// Estimate returns a bootstrap estimate: a value, its interval and its standard error.
func Estimate(value, lo, hi, stderr float64, decimals int) Cell {
	return Cell{Kind: KindEstimate, Float: value, Lo: lo, Hi: hi, StdErr: stderr, Decimals: decimals}
}

// List returns a list cell.
func List(items ...Cell) Cell { return Cell{Kind: KindList, Items: items} }

// Object returns an object cell.
func Object(fields Fields) Cell { return Cell{Kind: KindObject, Fields: fields} }

// IsNumber reports whether the cell holds a number, which tables align on the right.
func (c Cell) IsNumber() bool {
	switch c.Kind {
	case KindInt, KindUint, KindFloat, KindInterval, KindEstimate:
		return true
	}
	return false
}

// String returns the cell as text renderings show it: integers in decimal, floats with their
// decimals ("NaN" and "±Inf" spelled out: a report never has them), intervals as "[lo, hi]".
func (c Cell) String() string {
	return string(c.AppendText(nil))
}

// AppendText appends the cell's text rendering to b.
func (c Cell) AppendText(b []byte) []byte {
	switch c.Kind {
	case KindText:
		return append(b, c.Text...)
	case KindInt:
		return strconv.AppendInt(b, c.Int, 10)
	case KindUint:
		return strconv.AppendUint(b, c.Uint, 10)
	case KindFloat:
		fixed := strconv.AppendFloat(b, c.Float, 'f', c.Decimals, 64)
		if c.Positive && c.Float > 0 && strings.Trim(string(fixed[len(b):]), "0.") == "" {
			return strconv.AppendFloat(b, c.Float, 'e', 1, 64)
		}
		return fixed
	case KindBool:
		return strconv.AppendBool(b, c.Bool)
	case KindInterval, KindEstimate:
		b = append(b, '[')
		b = strconv.AppendFloat(b, c.Lo, 'f', c.Decimals, 64)
		b = append(b, ", "...)
		b = strconv.AppendFloat(b, c.Hi, 'f', c.Decimals, 64)
		return append(b, ']')
	case KindList:
		for i, it := range c.Items {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = it.AppendText(b)
		}
		return b
	case KindObject:
		first := true
		for _, f := range c.Fields {
			if f.Label == "" {
				continue
			}
			if !first {
				b = append(b, "  "...)
			}
			first = false
			b = append(b, f.Label...)
			b = append(b, ' ')
			b = f.Value.AppendText(b)
		}
		return b
	}
	return b
}

// AppendJSON appends the cell as a JSON value to b: floats in full (encoding/json's format),
// non-finite floats as null (see JSONWriter.Cell).
func (c Cell) AppendJSON(b []byte) []byte {
	var j JSONWriter
	j.Reset(b)
	j.Cell(c)
	return j.Bytes()
}
