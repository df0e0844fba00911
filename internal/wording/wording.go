// Package wording writes the small pieces of English that messages are made of: a count with
// its noun, a list in prose.
package wording

import (
	"fmt"
	"strings"
)

// Plural is n with its noun: "1 sentence", "2 sentences", "0 entries" (see Noun).
func Plural(n int, noun string) string { return fmt.Sprintf("%d %s", n, Noun(n, noun)) }

// Noun is the noun as a count of n asks for it: the singular for 1, else its regular plural
// ("sentences"; "entries" after a consonant and y; "indexes", "matches" after s, x, z, ch and
// sh; "hypotheses" for -is). The nouns of our messages are regular.
func Noun(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "is"):
		return strings.TrimSuffix(noun, "is") + "es"
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return strings.TrimSuffix(noun, "y") + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "z"),
		strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}

// JoinAnd joins items as a list in prose: "A", "A and B", "A, B and C".
func JoinAnd(items []string) string { return join(items, "and") }

// JoinOr joins items as a choice in prose: "A", "A or B", "A, B or C".
func JoinOr(items []string) string { return join(items, "or") }

func join(items []string, last string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + last + " " + items[len(items)-1]
}
