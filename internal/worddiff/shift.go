package worddiff

// shiftBoundaries performs step 5 for one file: it slides each run of changed lines in
// changed (whose lines have the class numbers classes) as described in the package
// documentation. other holds the other file's changed flags, which are read, not written.
//
// The two files' unchanged lines are matched in order, so a run of changes that follows u
// unchanged lines lies against the other file's changes that follow its own u-th unchanged
// line, if there are any. Sliding a run by one line changes u by one.
func shiftBoundaries(classes []int, changed, other []bool) {
	// otherHasGap[u]: the other file has changed lines right after its u-th unchanged line
	// (u = 0: at its start).
	otherHasGap := make([]bool, 1, len(other)+1)
	for _, ch := range other {
		if ch {
			otherHasGap[len(otherHasGap)-1] = true
		} else {
			otherHasGap = append(otherHasGap, false)
		}
	}

	n := len(changed)
	u := 0 // unchanged lines before position i
	for i := 0; ; {
		for i < n && !changed[i] {
			i++
			u++
		}
		if i == n {
			return
		}
		start := i
		for i < n && changed[i] {
			i++
		}
		// The run is changed[start:i].
		var lying int // end of the run at the lowest place it lies against other changes
		for {
			length := i - start

			// Up, while the line above equals the run's last line, absorbing runs met.
			for start > 0 && classes[start-1] == classes[i-1] {
				start--
				changed[start] = true
				i--
				changed[i] = false
				u--
				for start > 0 && changed[start-1] {
					start--
				}
			}

			lying = n // none yet
			if otherHasGap[u] {
				lying = i
			}

			// Down, while the line below equals the run's first line, absorbing runs met.
			// Going down last leaves a run that meets nothing as low as it can go.
			for i < n && classes[start] == classes[i] {
				changed[start] = false
				start++
				changed[i] = true
				i++
				u++
				for i < n && changed[i] {
					i++
				}
				if otherHasGap[u] {
					lying = i
				}
			}

			if i-start == length {
				break
			}
		}
		// Back up to where the run last lay against changes in the other file.
		for lying < i {
			start--
			changed[start] = true
			i--
			changed[i] = false
			u--
		}
	}
}
