package wdiff

import "bytes"

// diffextract.py moves punctuation out of replaced words with regular expressions that refer
// back to a group ("the same word again"), which Go's regexp package does not support. The
// few shapes they use are matched here the way Python's re module matches them: leftmost
// match first, lazy repetitions trying the shortest length first, backtracking on failure,
// and re.sub's scan that resumes after each replaced match. Patterns are built from items,
// not parsed from text.

// byteClass is a set of bytes.
type byteClass [256]bool

func classOf(members string) *byteClass {
	var c byteClass
	for i := 0; i < len(members); i++ {
		c[members[i]] = true
	}
	return &c
}

func (c *byteClass) complement() *byteClass {
	var d byteClass
	for i := range d {
		d[i] = !c[i]
	}
	return &d
}

var (
	// Python 2's \s and \S on byte strings.
	spaceClass    = classOf(" \t\n\r\f\v")
	nonSpaceClass = spaceClass.complement()
)

// An item is one element of a pattern: exactly one of literal text, one byte of a class, a
// lazy repetition of a class, or a back-reference to an earlier group.
type item struct {
	literal string
	class   *byteClass
	lazy    bool // repeat class as few times as possible, at least min times
	min     int
	ref     int // 1-based group to repeat
	group   int // 1-based group this item's text is captured as (class or lazy items only)
}

func lit(s string) item                  { return item{literal: s} }
func oneOf(c *byteClass, group int) item { return item{class: c, group: group} }
func lazyRun(c *byteClass, min, group int) item {
	return item{class: c, lazy: true, min: min, group: group}
}
func backref(group int) item { return item{ref: group} }

// A pattern is a sequence of items with groups numbered from 1.
type pattern struct {
	items  []item
	groups int
}

// matchAt matches p at text[pos:] and returns the end of the match and the group spans.
func (p *pattern) matchAt(text []byte, pos int) (end int, groups [][2]int, ok bool) {
	groups = make([][2]int, p.groups+1)
	end, ok = p.match(text, pos, 0, groups)
	return end, groups, ok
}

func (p *pattern) match(text []byte, pos, k int, groups [][2]int) (int, bool) {
	if k == len(p.items) {
		return pos, true
	}
	it := p.items[k]
	switch {
	case it.literal != "":
		if !bytes.HasPrefix(text[pos:], []byte(it.literal)) {
			return 0, false
		}
		return p.match(text, pos+len(it.literal), k+1, groups)
	case it.ref != 0:
		g := groups[it.ref]
		ref := text[g[0]:g[1]]
		if !bytes.HasPrefix(text[pos:], ref) {
			return 0, false
		}
		return p.match(text, pos+len(ref), k+1, groups)
	case it.lazy:
		n := 0
		for n < it.min {
			if pos+n >= len(text) || !it.class[text[pos+n]] {
				return 0, false
			}
			n++
		}
		for {
			if it.group != 0 {
				groups[it.group] = [2]int{pos, pos + n}
			}
			if end, ok := p.match(text, pos+n, k+1, groups); ok {
				return end, true
			}
			if pos+n >= len(text) || !it.class[text[pos+n]] {
				return 0, false
			}
			n++
		}
	default:
		if pos >= len(text) || !it.class[text[pos]] {
			return 0, false
		}
		if it.group != 0 {
			groups[it.group] = [2]int{pos, pos + 1}
		}
		return p.match(text, pos+1, k+1, groups)
	}
}

// A template part is literal text or, when group is not 0, a group of the match.
type part struct {
	text  string
	group int
}

// sub replaces every match of p in text by the template, scanning as re.sub does. Every
// pattern here starts with a literal, which is used to skip to candidate positions.
func (p *pattern) sub(text []byte, template []part) []byte {
	first := []byte(p.items[0].literal)
	var out []byte
	copied := 0
	for pos := 0; pos < len(text); {
		at := bytes.Index(text[pos:], first)
		if at < 0 {
			break
		}
		pos += at
		end, groups, ok := p.matchAt(text, pos)
		if !ok {
			pos++
			continue
		}
		out = append(out, text[copied:pos]...)
		for _, t := range template {
			if t.group != 0 {
				out = append(out, text[groups[t.group][0]:groups[t.group][1]]...)
			} else {
				out = append(out, t.text...)
			}
		}
		copied, pos = end, end
	}
	if out == nil {
		return text
	}
	return append(out, text[copied:]...)
}
