// Package wording writes the small pieces of English that messages are made of: a count with
// its noun, a list in prose.
package wording

import (
	"fmt"
	"strings"
)

// Plural is n with its noun: "1 sentence", "2 sentences" (a regular plural, with s).
func Plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
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
