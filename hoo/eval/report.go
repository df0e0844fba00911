package eval

import (
	"bytes"
	"fmt"
	"slices"
	"time"

	"maxmatch/hoo/edits"
)

// Report2011 scores the fragments as batch_evaluate.py does and returns its CSV report, with a
// warning for each fragment the official evaluate.py stops on (scored on, the comparison it
// dies on counted as no match); progress, when not nil, is told how many are scored.
func Report2011(frags []Fragment, opt Options2011, progress func(done, total int)) (csv []byte, warnings []string) {
	rows := Batch2011(frags, opt, progress)
	for _, r := range rows {
		if crash := r.Scores.Crash; crash != nil {
			warnings = append(warnings, fmt.Sprintf("%s: the official evaluate.py stops on this fragment (%s); scored on, counting that comparison as no match", r.Name, crash))
		}
	}
	var out bytes.Buffer
	WriteCSV(&out, rows)
	return out.Bytes(), warnings
}

// Report2012 scores the fragments (of the directories goldDir and sysDir) as evalrun.py does
// and returns its XML report of the given time, with the warnings the official gives none of:
// a --type that selects no edit (types names it in the report), a system file without part
// attributes against gold edits with them (it matches nothing under the 2012 scheme), a
// fragment the official dies on (scored on, the comparison counted as no match).
func Report2012(frags []Fragment, goldDir, sysDir, types string, opt Options2012, at time.Time, progress func(done, total int)) (xml []byte, warnings []string) {
	counts, crashes := Batch2012(frags, opt, progress)
	if opt.Types != nil && counts.Gold == 0 && counts.System == 0 {
		warnings = append(warnings, fmt.Sprintf("--type %s selects no edit: every count is 0 and every score 1, as the official gives", types))
	}
	for _, f := range frags {
		if partless(f) {
			warnings = append(warnings, fmt.Sprintf("%s: no edit has a part attribute, while the gold edits of %s have one; under the 2012 scheme an edit matches only edits of its own part, so these match nothing (as in the official)", f.System, f.Gold))
		}
	}
	for _, crash := range crashes {
		warnings = append(warnings, fmt.Sprintf("%s: the official evalrun.py dies on this fragment (%s) and reports nothing; scored on, counting that comparison as no match", crash.Pair.System, crash.Crash))
	}
	first := frags[0].System
	for _, f := range frags {
		first = min(first, f.System)
	}
	team, run := TeamAndRun(first)
	var out bytes.Buffer
	WriteRun2012(&out, &Run2012{
		GoldPath: goldDir, SysPath: sysDir, Types: types, Bonus: opt.Bonus, Fixed: opt.Fixed,
		Counts: counts, SysID: team, RunID: run, Time: at,
	})
	return out.Bytes(), warnings
}

// partless reports whether a fragment's system file has edits, none with a part attribute,
// while its gold edits have parts: a HOO 2011-style file scored under the 2012 scheme.
func partless(f Fragment) bool {
	hasPart := func(es []edits.Edit) bool {
		return slices.ContainsFunc(es, func(e edits.Edit) bool { return e.Part != "" })
	}
	return len(f.SystemEdits) > 0 && hasPart(f.GoldEdits) && !hasPart(f.SystemEdits)
}
