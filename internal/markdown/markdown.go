// Package markdown reads the structure of GitHub-flavoured Markdown pages: fenced code blocks,
// headings and the anchors GitHub gives them, and writes a page's table of contents.
package markdown

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Fence returns the fence a line opens or closes (its run of three or more backquotes or
// tildes) and the info string after it, or "" when the line is not a fence.
func Fence(line string) (fence, info string) {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(line) && line[n] == c {
			n++
		}
		if n >= 3 {
			return line[:n], strings.TrimSpace(line[n:])
		}
	}
	return "", ""
}

// Closes says whether line closes the block that fence opened: the same character, at least as
// many, and nothing after it.
func Closes(fence, line string) bool {
	f, info := Fence(line)
	return f != "" && f[0] == fence[0] && len(f) >= len(fence) && info == ""
}

// Anchor is the anchor GitHub gives a heading of this text: lower case, without punctuation and
// symbols but hyphens and underscores, spaces made hyphens. Inline code and emphasis marks are
// punctuation, so they go too.
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Nd, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A Heading is an ATX heading of a page.
type Heading struct {
	Level  int    // the number of #
	Text   string // as written
	Anchor string // GitHub's, numbered when an earlier heading has the same (-1, -2, …)
	Line   int    // from 0
}

var headingRE = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*#*\s*$`)

// Headings returns the headings of a page, outside fenced code blocks.
func Headings(page string) []Heading {
	var hs []Heading
	seen := map[string]int{}
	open := ""
	for i, l := range strings.Split(page, "\n") {
		if open != "" {
			if Closes(open, l) {
				open = ""
			}
			continue
		}
		if f, _ := Fence(l); f != "" {
			open = f
			continue
		}
		m := headingRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		a := Anchor(m[2])
		if n := seen[a]; n > 0 {
			seen[a] = n + 1
			a = fmt.Sprintf("%s-%d", a, n)
		} else {
			seen[a] = 1
		}
		hs = append(hs, Heading{Level: len(m[1]), Text: m[2], Anchor: a, Line: i})
	}
	return hs
}

// WithContents returns the page with a table of contents, a list of links to its second-level
// headings, inserted before the first of them (the page unchanged when it has none).
func WithContents(page string) string {
	var list strings.Builder
	first := -1
	for _, h := range Headings(page) {
		if h.Level != 2 {
			continue
		}
		if first < 0 {
			first = h.Line
		}
		fmt.Fprintf(&list, "- [%s](#%s)\n", h.Text, h.Anchor)
	}
	if first < 0 {
		return page
	}
	lines := strings.SplitAfter(page, "\n")
	return strings.Join(lines[:first], "") + "Contents:\n\n" + list.String() + "\n" + strings.Join(lines[first:], "")
}
