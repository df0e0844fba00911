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

// score2011Dense is Score2011 comparing every gold edit with every system edit: the oracle of
// the sparse alignment (align), counted and scored alike (scores2011).
func score2011Dense(gold, sys []edits.Edit, opt Options2011) Scores {
	g, sy := officialEdits(gold, opt.Fixed), officialEdits(sys, opt.Fixed)
	s := &comparer{fixed: opt.Fixed}
	lenient := s.alignDense(g, sy, false)
	strict := s.alignDense(g, sy, true)
	return s.scores2011(g, sy, lenient, strict, opt)
}

// score2012Dense is Score2012 with two full matrices of overlaps: the oracle of the sparse
// one; it counts one fragment's system edits against its gold edits as the HOO 2012
// evalfrag.py does (compile_counts), after keeping the edits of opt.Types. The Crash, when not
// nil, is the first comparison on which the official raises an exception (evalrun.py then dies
// and scores nothing); we went on, counting every comparison that raises as no match.
func score2012Dense(gold, sys []edits.Edit, opt Options2012) (Counts2012, *Crash) {
	gold, sys = FilterTypes(gold, opt.Types), FilterTypes(sys, opt.Types)
	g, sy := officialEdits2012(gold, opt.Fixed), officialEdits2012(sys, opt.Fixed)
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
		c.addGold(lenient, strict, corrected, g[i].optional)
	}
	for j := range sy {
		lenient, strict := false, false
		for i := range g {
			lenient = lenient || sysSide[j][i] != 0
			strict = strict || sysSide[j][i] == 1
		}
		c.addSystem(lenient, strict, sysCorrects[j])
	}
	return c, s.crash
}
