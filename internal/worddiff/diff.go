package worddiff

// Hunk is one group of changes: the lines old[OldStart:OldEnd] are replaced by
// new[NewStart:NewEnd]. Either range may be empty (an insertion or a deletion), not both.
// Between two hunks at least one line of each file is matched.
type Hunk struct {
	OldStart, OldEnd int
	NewStart, NewEnd int
}

// Diff returns the hunks GNU diff reports for two files whose lines are old and new.
func Diff(old, new []string) []Hunk {
	oldChanged, newChanged := Changed(old, new)
	return hunksOf(oldChanged, newChanged)
}

// Changed returns, for every line of old and of new, whether GNU diff reports it as deleted
// (old) or inserted (new).
func Changed(old, new []string) (oldChanged, newChanged []bool) {
	oldChanged = make([]bool, len(old))
	newChanged = make([]bool, len(new))

	// Step 1: the common prefix, then the common suffix of the rest.
	prefix := 0
	for prefix < len(old) && prefix < len(new) && old[prefix] == new[prefix] {
		prefix++
	}
	suffix := 0
	for prefix+suffix < len(old) && prefix+suffix < len(new) &&
		old[len(old)-1-suffix] == new[len(new)-1-suffix] {
		suffix++
	}
	a := old[prefix : len(old)-suffix]
	b := new[prefix : len(new)-suffix]
	if len(a) == 0 && len(b) == 0 {
		return oldChanged, newChanged
	}

	// Step 2: equivalence classes of the middle lines.
	ca, cb := classify(a, b)

	// Steps 3 and 4 mark the middle lines; step 5 adjusts the marks.
	ac := oldChanged[prefix : len(old)-suffix]
	bc := newChanged[prefix : len(new)-suffix]
	keptA, keptB := discardConfusing(ca, cb)
	compareKept(ca, cb, keptA, keptB, ac, bc)
	shiftBoundaries(ca, ac, bc)
	shiftBoundaries(cb, bc, ac)
	return oldChanged, newChanged
}

// classify numbers the lines of a and b so that equal lines, and only they, share a number.
func classify(a, b []string) (ca, cb []int) {
	ids := make(map[string]int, len(a)+len(b))
	number := func(lines []string) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = len(ids)
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	return number(a), number(b)
}

// hunksOf groups changed lines into hunks: the changes between two consecutive matched pairs
// of lines. Unchanged lines of the two files are matched in order.
func hunksOf(oldChanged, newChanged []bool) []Hunk {
	var hunks []Hunk
	i, j := 0, 0
	for i < len(oldChanged) || j < len(newChanged) {
		h := Hunk{OldStart: i, NewStart: j}
		for i < len(oldChanged) && oldChanged[i] {
			i++
		}
		for j < len(newChanged) && newChanged[j] {
			j++
		}
		h.OldEnd, h.NewEnd = i, j
		if h.OldEnd > h.OldStart || h.NewEnd > h.NewStart {
			hunks = append(hunks, h)
		}
		// Step over the next matched pair.
		i++
		j++
	}
	return hunks
}
