package benchcases

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"

	"maxmatch/internal/pytext"
)

// LongFamilies are the generated families of long lines — paragraphs and documents on one
// line — on which the scorer's memory grows: sizes from 10³ to 10⁶ tokens.
var LongFamilies = []Family{
	{
		Name: "near-identical",
		Description: "a line of n tokens over a 10-word vocabulary, one gold edit (5–6 → X), and a " +
			"hypothesis with tokens 5 and n/2 replaced (by X and Y): two edits, one of them right",
		Generate: nearIdentical,
	},
	{
		Name: "edited",
		Description: "the near-identical line with about 10% of its tokens edited at random " +
			"(substituted, deleted, or preceded by an inserted token): a heavily edited, " +
			"unrelated-ish line",
		Generate: edited,
	},
	{
		Name: "unrelated-line",
		Description: "a line of n tokens and a hypothesis of n tokens sharing none of them, one " +
			"gold edit: the lattice is the whole grid",
		Generate: unrelatedLine,
	},
}

// LongFamilyByName returns the long family with that name.
func LongFamilyByName(name string) (Family, bool) {
	for _, f := range LongFamilies {
		if f.Name == name {
			return f, true
		}
	}
	return Family{}, false
}

// tenWords is the vocabulary of the long lines: repetitive, as natural text is at this size.
var tenWords = words[:10]

func nearIdentical(rng *rand.Rand, n int) Case {
	c := Case{Source: make([]string, n)}
	for i := range c.Source {
		c.Source[i] = pick(rng, tenWords)
	}
	c.Hypothesis = append([]string(nil), c.Source...)
	if n > 5 {
		c.Hypothesis[5] = "X"
	}
	if n/2 != 5 && n/2 < n {
		c.Hypothesis[n/2] = "Y"
	}
	c.Annotators = [][]Edit{nil}
	if n > 5 {
		c.Annotators[0] = []Edit{{5, 6, []string{"X"}}}
	}
	return c
}

func edited(rng *rand.Rand, n int) Case {
	c := nearIdentical(rng, n)
	hyp := make([]string, 0, n+n/20)
	for _, tok := range c.Hypothesis {
		if rng.Intn(10) != 0 {
			hyp = append(hyp, tok)
			continue
		}
		switch rng.Intn(3) {
		case 0: // substituted
			hyp = append(hyp, pick(rng, words[10:]))
		case 1: // deleted
		default: // an insertion before it
			hyp = append(hyp, pick(rng, words[10:]), tok)
		}
	}
	c.Hypothesis = hyp
	return c
}

// unrelatedLine is the unrelated family's pair with the long families' single gold edit.
func unrelatedLine(rng *rand.Rand, n int) Case {
	c := unrelated(rng, n)
	c.Annotators = [][]Edit{nil}
	if n > 5 {
		c.Annotators[0] = []Edit{{5, 6, []string{"X"}}}
	}
	return c
}

// JoinM2 joins each run of group consecutive sentences of an M2 file into one sentence: the
// source tokens concatenated, each annotator's edits in order with their offsets shifted by the
// tokens before them, every annotator of the run kept (one with only noop lines keeps one noop
// line). The last run may be shorter. Blocks are separated by empty lines.
func JoinM2(m2 string, group int) (string, error) {
	if group < 1 {
		return "", fmt.Errorf("group %d: must be at least 1", group)
	}
	blocks := m2Blocks(m2)
	var b strings.Builder
	for lo := 0; lo < len(blocks); lo += group {
		hi := min(len(blocks), lo+group)
		var tokens []string
		edits := map[int][]string{} // annotator → A lines
		var ids []int               // annotators in order of first appearance
		for bi, block := range blocks[lo:hi] {
			lines := strings.Split(block, "\n")
			if !strings.HasPrefix(lines[0], "S ") && lines[0] != "S" {
				return "", fmt.Errorf("block %d does not start with an S line: %q", lo+bi+1, lines[0])
			}
			offset := len(tokens)
			tokens = append(tokens, pytext.Fields(strings.TrimPrefix(lines[0], "S"))...)
			for _, line := range lines[1:] {
				a, err := shiftedEdit(line, offset)
				if err != nil {
					return "", fmt.Errorf("block %d: %v", lo+bi+1, err)
				}
				if _, seen := edits[a.annotator]; !seen {
					ids = append(ids, a.annotator)
					edits[a.annotator] = nil
				}
				if a.line != "" {
					edits[a.annotator] = append(edits[a.annotator], a.line)
				}
			}
		}
		b.WriteString("S " + strings.Join(tokens, " ") + "\n")
		for _, id := range ids {
			if len(edits[id]) == 0 {
				fmt.Fprintf(&b, "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||%d\n", id)
			}
			for _, line := range edits[id] {
				b.WriteString(line + "\n")
			}
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

func m2Blocks(m2 string) []string {
	var blocks []string
	for _, block := range strings.Split(strings.ReplaceAll(m2, "\r\n", "\n"), "\n\n") {
		if block = strings.Trim(block, "\n"); block != "" {
			blocks = append(blocks, block)
		}
	}
	return blocks
}

type shifted struct {
	annotator int
	line      string // empty for a noop
}

// shiftedEdit reads an A line and returns it with its offsets shifted by offset.
func shiftedEdit(line string, offset int) (shifted, error) {
	fields := strings.Split(line, "|||")
	if !strings.HasPrefix(line, "A ") || len(fields) < 6 {
		return shifted{}, fmt.Errorf("not an A line with six fields: %q", line)
	}
	id, err := strconv.Atoi(strings.TrimSpace(fields[5]))
	if err != nil {
		return shifted{}, fmt.Errorf("annotator id in %q: %v", line, err)
	}
	if fields[1] == "noop" {
		return shifted{annotator: id}, nil
	}
	span := strings.Fields(strings.TrimPrefix(fields[0], "A "))
	if len(span) != 2 {
		return shifted{}, fmt.Errorf("span of %q", line)
	}
	start, err1 := strconv.Atoi(span[0])
	end, err2 := strconv.Atoi(span[1])
	if err1 != nil || err2 != nil {
		return shifted{}, fmt.Errorf("span of %q", line)
	}
	if start >= 0 && end >= 0 {
		start, end = start+offset, end+offset
	}
	fields[0] = fmt.Sprintf("A %d %d", start, end)
	return shifted{annotator: id, line: strings.Join(fields, "|||")}, nil
}

// JoinLines joins each run of group consecutive lines of a system output the same way: tokens
// separated by one space.
func JoinLines(system string, group int) string {
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(system, "\r\n", "\n"), "\n"), "\n")
	var b strings.Builder
	for lo := 0; lo < len(lines); lo += group {
		var tokens []string
		for _, line := range lines[lo:min(len(lines), lo+group)] {
			tokens = append(tokens, pytext.Fields(line)...)
		}
		b.WriteString(strings.Join(tokens, " ") + "\n")
	}
	return b.String()
}
