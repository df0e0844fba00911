package worddiff

// Marks of step 3 (see the package documentation).
const (
	keep        = 0 // compared normally
	unmatched   = 1 // occurs nowhere in the other file: certainly changed
	provisional = 2 // occurs very often in the other file: hidden only inside unmatched runs
)

// discardConfusing performs step 3 on the class numbers of the two middles and returns, for
// each, the indexes of the lines that stay in the comparison. The others are reported as
// changed without being compared.
func discardConfusing(ca, cb []int) (keptA, keptB []int) {
	countA, countB := make(map[int]int), make(map[int]int)
	for _, c := range ca {
		countA[c]++
	}
	for _, c := range cb {
		countB[c]++
	}
	marksA := markLines(ca, countB)
	marksB := markLines(cb, countA)
	settleProvisional(marksA)
	settleProvisional(marksB)
	return keptIndexes(marksA), keptIndexes(marksB)
}

// markLines gives each line its first mark from the number of times its class occurs in the
// other file.
func markLines(classes []int, otherCount map[int]int) []byte {
	// The threshold grows with the square root of the file's length: 5 up to 255 lines,
	// 10 up to 1023, 20 up to 4095, and so on.
	many := 5
	for q := len(classes) / 64; q>>2 > 0; q >>= 2 {
		many *= 2
	}
	marks := make([]byte, len(classes))
	for i, c := range classes {
		switch n := otherCount[c]; {
		case n == 0:
			marks[i] = unmatched
		case n > many:
			marks[i] = provisional
		}
	}
	return marks
}

// settleProvisional decides which provisional marks stand: only some of those inside a run of
// marked lines that starts and ends with an unmatched line.
func settleProvisional(marks []byte) {
	for i := 0; i < len(marks); i++ {
		switch marks[i] {
		case keep:
			continue
		case provisional:
			// Not preceded by an unmatched line in the same run.
			marks[i] = keep
			continue
		}
		// An unmatched line starts a run; find its end and drop trailing provisional marks.
		end := i
		provisionals := 0
		for end < len(marks) && marks[end] != keep {
			if marks[end] == provisional {
				provisionals++
			}
			end++
		}
		for marks[end-1] == provisional {
			end--
			marks[end] = keep
			provisionals--
		}
		run := marks[i:end]
		if 4*provisionals > len(run) {
			// Too many: the run keeps only its unmatched lines. Scanning resumes right after
			// i, which only meets unmatched lines and unmarked ones.
			unmarkProvisional(run)
			continue
		}
		unmarkLongBlocks(run)
		unmarkFromEnd(run, false)
		unmarkFromEnd(run, true)
		i = end - 1
	}
}

func unmarkProvisional(run []byte) {
	for k := range run {
		if run[k] == provisional {
			run[k] = keep
		}
	}
}

// unmarkLongBlocks unmarks every block of consecutive provisional lines that is at least as
// long as about the square root of a quarter of the run's length, plus one: blocks of two
// survive in runs of 16 lines or more, blocks of four in runs of 64 or more.
func unmarkLongBlocks(run []byte) {
	limit := 1
	for q := len(run) >> 2; q>>2 > 0; q >>= 2 {
		limit *= 2
	}
	limit++
	for k := 0; k < len(run); {
		if run[k] != provisional {
			k++
			continue
		}
		block := k
		for block < len(run) && run[block] == provisional {
			block++
		}
		if block-k >= limit {
			unmarkProvisional(run[k:block])
		}
		k = block
	}
}

// unmarkFromEnd walks from one end of the run (the last line when backwards) and unmarks
// provisional lines until it has seen three unmatched lines in a row, or an unmatched line at
// least eight lines in.
func unmarkFromEnd(run []byte, backwards bool) {
	inARow := 0
	for step := 0; step < len(run); step++ {
		k := step
		if backwards {
			k = len(run) - 1 - step
		}
		if step >= 8 && run[k] == unmatched {
			return
		}
		switch run[k] {
		case provisional:
			run[k] = keep
			inARow = 0
		case keep:
			inARow = 0
		default:
			inARow++
		}
		if inARow == 3 {
			return
		}
	}
}

func keptIndexes(marks []byte) []int {
	kept := make([]int, 0, len(marks))
	for i, m := range marks {
		if m == keep {
			kept = append(kept, i)
		}
	}
	return kept
}
