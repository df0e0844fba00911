package eval

import "maxmatch/hoo/edits"

func (s *comparer) alignDense(gold, sys []edit, strict bool) alignments {
	keep := func(o float64) bool {
		if strict {
			return o == 1
		}
		return o != 0
	}
	al := alignments{gold: make([][]int, len(gold)), sys: make([][]int, len(sys))}
	for i := range gold {
		for j := range sys {
			if keep(s.overlap(&gold[i], &sys[j], true)) {
				al.gold[i] = append(al.gold[i], j)
			}
		}
	}
	for j := range sys {
		for i := range gold {
			if keep(s.overlap(&sys[j], &gold[i], false)) {
				al.sys[j] = append(al.sys[j], i)
			}
		}
	}
	return al
}

// score2011Dense is Score2011 as it was written first, comparing every gold edit with every
// system edit, kept as the oracle of the sparse one; it scores one fragment's system edits against its gold edits as the HOO 2011
// evaluate.py does (see the package documentation).
func score2011Dense(gold, sys []edits.Edit, opt Options2011) Scores {
	g := make([]edit, len(gold))
	for i := range gold {
		g[i] = officialEdit(&gold[i], opt.Fixed)
	}
	sy := make([]edit, len(sys))
	for i := range sys {
		sy[i] = officialEdit(&sys[i], opt.Fixed)
	}
	s := &comparer{fixed: opt.Fixed}
	lenient := s.alignDense(g, sy, false)
	strict := s.alignDense(g, sy, true)

	missedOptional := 0
	if opt.Bonus {
		for i := range g {
			if g[i].optional && len(lenient.gold[i]) == 0 {
				missedOptional++
			}
		}
	}
	detected, recognised := 0, 0
	for i := range g {
		if len(lenient.gold[i]) > 0 {
			detected++
		}
		if len(strict.gold[i]) > 0 {
			recognised++
		}
	}
	spurious, valid := 0, 0
	for j := range sy {
		if len(lenient.sys[j]) == 0 {
			spurious++
		}
		if len(strict.sys[j]) > 0 && hasMatchingGold(&sy[j], g, strict.sys[j]) {
			valid++
		}
	}
	return Scores{
		Detection:   prf(detected+missedOptional, detected+spurious+missedOptional, len(g)),
		Recognition: prf(recognised+missedOptional, len(sy)+missedOptional, len(g)),
		Correction:  prf(valid+missedOptional, len(sy)+missedOptional, len(g)),
		Crash:       s.crash,
	}
}

// score2012Dense is Score2012 as it was written first, with two full matrices of overlaps, kept
// as the oracle of the sparse one; it counts one fragment's system edits against its gold edits as the HOO 2012
// evalfrag.py does (compile_counts), after keeping the edits of opt.Types. The Crash, when not
// nil, is the first comparison on which the official raises an exception (evalrun.py then dies
// and scores nothing); we went on, counting every comparison that raises as no match.
func score2012Dense(gold, sys []edits.Edit, opt Options2012) (Counts2012, *Crash) {
	gold, sys = FilterTypes(gold, opt.Types), FilterTypes(sys, opt.Types)
	g := make([]edit2012, len(gold))
	for i := range gold {
		g[i] = officialEdit2012(&gold[i], opt.Fixed)
	}
	sy := make([]edit2012, len(sys))
	for i := range sys {
		sy[i] = officialEdit2012(&sys[i], opt.Fixed)
	}
	s := &scorer2012{comparer: comparer{fixed: opt.Fixed}, opt: opt}
	// The official computes the gold side's overlaps, then the system side's.
	goldSide := make([][]float64, len(g))
	for i := range g {
		goldSide[i] = make([]float64, len(sy))
		for j := range sy {
			goldSide[i][j] = s.overlap(&g[i], &sy[j], true)
		}
	}
	sysSide := make([][]float64, len(sy))
	for j := range sy {
		sysSide[j] = make([]float64, len(g))
		for i := range g {
			sysSide[j][i] = s.overlap(&sy[j], &g[i], false)
		}
	}
	c := Counts2012{Gold: len(g), System: len(sy)}
	sysCorrects := make([]bool, len(sy))
	for i := range g {
		lenient, strict, corrected := false, false, false
		for j := range sy {
			o := goldSide[i][j]
			lenient = lenient || o != 0
			if o == 1 {
				strict = true
				// has_matching_sys over the strictly aligned system edits, in order,
				// stopping at the first that corrects.
				if !corrected && s.correctsGold(&g[i], &sy[j]) {
					corrected = true
				}
			}
		}
		if opt.Fixed {
			for j := range sy {
				if sysSide[j][i] == 1 && s.correctsGold(&g[i], &sy[j]) {
					sysCorrects[j] = true
				}
			}
		}
		if lenient {
			c.Detected++
		} else if g[i].optional {
			c.MissedOptional++
		}
		if strict {
			c.Recognised++
		}
		if corrected {
			c.Corrected++
		}
	}
	for j := range sy {
		lenient, strict := false, false
		for i := range g {
			lenient = lenient || sysSide[j][i] != 0
			strict = strict || sysSide[j][i] == 1
		}
		if lenient {
			c.SysDetected++
		} else {
			c.Spurious++
		}
		if strict {
			c.SysRecognised++
		}
		if sysCorrects[j] {
			c.SysCorrected++
		}
	}
	return c, s.crash
}
