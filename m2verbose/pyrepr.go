package m2verbose

import (
	"fmt"
	"strconv"
	"strings"
)

// pyValue is a parsed Python 2 literal: int64, string, or []pyValue (list or tuple).
type pyValue any

// parsePyRepr parses the repr of a Python 2 list of tuples of ints, unicode strings and lists,
// as the official scorer's verbose output prints them.
func parsePyRepr(s string) (pyValue, error) {
	p := &reprParser{s: s}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("trailing text at %d in %q", p.i, s)
	}
	return v, nil
}

type reprParser struct {
	s string
	i int
}

func (p *reprParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *reprParser) value() (pyValue, error) {
	p.space()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unexpected end of %q", p.s)
	}
	switch c := p.s[p.i]; {
	case c == '[' || c == '(':
		closer := byte(']')
		if c == '(' {
			closer = ')'
		}
		p.i++
		var items []pyValue
		for {
			p.space()
			if p.i < len(p.s) && p.s[p.i] == closer {
				p.i++
				return items, nil
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			items = append(items, v)
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
			}
		}
	case c == 'u' || c == '\'' || c == '"':
		return p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		j := p.i + 1
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		n, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
		if j < len(p.s) && p.s[j] == 'L' {
			j++
		}
		p.i = j
		return n, err
	}
	return nil, fmt.Errorf("unexpected %q at %d in %q", p.s[p.i], p.i, p.s)
}

func (p *reprParser) str() (pyValue, error) {
	if p.s[p.i] == 'u' {
		p.i++
	}
	q := p.s[p.i]
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == q {
			p.i++
			return b.String(), nil
		}
		if c != '\\' {
			b.WriteByte(c)
			p.i++
			continue
		}
		p.i++
		e := p.s[p.i]
		p.i++
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			r, err := strconv.ParseUint(p.s[p.i:p.i+n], 16, 32)
			if err != nil {
				return nil, err
			}
			p.i += n
			b.WriteString(string(rune(r)))
		default:
			return nil, fmt.Errorf("unknown escape \\%c", e)
		}
	}
	return nil, fmt.Errorf("unterminated string in %q", p.s)
}
