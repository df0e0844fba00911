package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/internal/wording"
)

// suggestDistance is the largest edit distance at which a mistyped command or flag is
// suggested a known one ("scroe" → "score", "--fromat" → "--format"); cobra's default for
// commands (SuggestionsMinimumDistance) is the same.
const suggestDistance = 2

// maxSuggestions is how many names a suggestion lists at most, the closest first.
const maxSuggestions = 3

// suggest returns the names among known that typed may have meant: within suggestDistance
// edits of it (letters' case and "_" for "-" aside), fewer than its length (no name is "close"
// to "xy" by replacing it whole), or starting with it when it has at least three letters
// (getopt, which the official scorer uses, takes such abbreviations); the closest first, in
// known's order among equals, at most maxSuggestions, and only those closest to it.
func suggest(typed string, known []string) []string {
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "-")) }
	t := norm(typed)
	type candidate struct {
		name string
		d    int
	}
	var found []candidate
	for _, k := range known {
		if slices.ContainsFunc(found, func(c candidate) bool { return c.name == k }) {
			continue
		}
		d := editDistance(t, norm(k))
		if d > suggestDistance && len([]rune(t)) >= 3 && strings.HasPrefix(norm(k), t) {
			d = suggestDistance
		}
		if d <= suggestDistance && d < len([]rune(t)) && k != typed {
			found = append(found, candidate{k, d})
		}
	}
	slices.SortStableFunc(found, func(a, b candidate) int { return a.d - b.d })
	var names []string
	for _, c := range found {
		if c.d > found[0].d || len(names) == maxSuggestions {
			break // the closest only
		}
		names = append(names, c.name)
	}
	return names
}

// editDistance is the edit distance of a and b in characters: the fewest insertions,
// deletions, substitutions and swaps of two neighbours that turn one into the other (the
// optimal string alignment distance; "scroe" is one swap from "score").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the matrix: d[i-2], d[i-1], d[i].
	before, prev, row := make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		row[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			row[j] = min(prev[j]+1, row[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				row[j] = min(row[j], before[j-2]+1)
			}
		}
		before, prev, row = prev, row, before
	}
	return prev[len(rb)]
}

// didYouMean is the end of a message about an unknown name: "; did you mean "score"?", or ""
// when nothing is close.
func didYouMean(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return "; did you mean " + wording.JoinOr(names) + "?"
}

// UnknownCommand is the UsageError for name given where one of cmd's commands was expected:
// the commands close to it suggested.
func UnknownCommand(cmd *cobra.Command, name string) error {
	var quoted []string
	for _, s := range SuggestCommands(cmd, name) {
		quoted = append(quoted, fmt.Sprintf("%q", cmd.CommandPath()+" "+s))
	}
	return UsageError{fmt.Sprintf("unknown command %q", name) + didYouMean(quoted)}
}

// SuggestCommands returns the names of cmd's commands that name may have meant (see suggest).
func SuggestCommands(cmd *cobra.Command, name string) []string {
	var known []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() || c.Name() == "help" {
			known = append(known, c.Name())
		}
	}
	return suggest(name, known)
}

// unknownFlag is the message for a flag fs does not know, given as arg ("--fromat",
// "-fromat"; name without its dashes): the flags close to its name suggested, an old name by
// the flag it stands for now.
func unknownFlag(fs *pflag.FlagSet, arg, name string) string {
	var known []string
	now := map[string]string{}
	fs.VisitAll(func(fl *pflag.Flag) {
		known = append(known, fl.Name)
		now[fl.Name] = fl.Name
		if to, ok := fl.Annotations[AliasOf]; ok {
			now[fl.Name] = strings.Fields(to[0])[0]
		}
	})
	var names []string
	for _, s := range suggest(name, known) {
		if n := "--" + now[s]; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return "unknown flag " + arg + didYouMean(names)
}
