package eval

import (
	"bytes"
	"fmt"
	"slices"
	"time"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/fragment"
)

// Report2011 scores the fragments as batch_evaluate.py does and returns their rows and its CSV
// report, with a warning for each fragment the official evaluate.py stops on (scored on, the
// comparison it dies on counted as no match); progress, when not nil, is told how many are
// scored.
func Report2011(frags []Fragment, opt Options2011, progress func(done, total int)) (rows []Row, csv []byte, warnings []string) {
	rows = Batch2011(frags, opt, progress)
	for _, r := range rows {
		if crash := r.Scores.Crash; crash != nil {
			warnings = append(warnings, fmt.Sprintf("%s: the official evaluate.py stops on this fragment (%s); scored on, counting that comparison as no match", r.Name, crash))
		}
	}
	var out bytes.Buffer
	WriteCSV(&out, rows)
	return rows, out.Bytes(), warnings
}

// Report2012 scores the fragments (of the directories goldDir and sysDir) as evalrun.py does
// and returns what it reports and its XML report of the given time, with the warnings the
// official gives none of:
// a --types that selects no edit (types names it in the report), a system file without part
// attributes against gold edits with them (it matches nothing under the 2012 scheme), a
// fragment the official dies on (scored on, the comparison counted as no match).
func Report2012(frags []Fragment, goldDir, sysDir, types string, opt Options2012, at time.Time, progress func(done, total int)) (run *Run2012, xml []byte, warnings []string) {
	counts, crashes := Batch2012(frags, opt, progress)
	if opt.Types != nil && counts.Gold == 0 && counts.System == 0 {
		warnings = append(warnings, fmt.Sprintf("--types %s selects no edit: every count is 0 and every score 1, as the official gives", types))
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
	team, runID := TeamAndRun(first)
	run = &Run2012{
		GoldPath: goldDir, SysPath: sysDir, Types: types, Bonus: opt.Bonus, Fixed: opt.Fixed,
		Counts: counts, SysID: team, RunID: runID, Time: at,
	}
	var out bytes.Buffer
	WriteRun2012(&out, run)
	return run, out.Bytes(), warnings
}

// partless reports whether a fragment's system file has edits, none with a part attribute,
// while its gold edits have parts: a HOO 2011-style file scored under the 2012 scheme.
func partless(f Fragment) bool {
	hasPart := func(es []edits.Edit) bool {
		return slices.ContainsFunc(es, func(e edits.Edit) bool { return e.Part != "" })
	}
	return len(f.SystemEdits) > 0 && hasPart(f.GoldEdits) && !hasPart(f.SystemEdits)
}

// An Evaluation is how the system edit files of a directory are scored against the gold edit
// files of another, as "maxmatch hoo eval" does.
type Evaluation struct {
	Scheme2012    bool // the 2012 scheme (evalrun.py), else 2011 (batch_evaluate.py)
	Bonus, Fixed  bool
	CaseSensitive bool         // 2012: corrections compared with their case
	Type          string       // 2012: the edits scored ("": all), see CheckTypes
	Types         *TypesConfig // 2012: the aggregates Type may name (nil: none)
	TypesFile     string       // where Types was read, in messages
	Time          time.Time    // of the 2012 report
	// Progress, when not nil, is told how far the reading and the scoring are.
	Progress func(stage string, done, total int)
}

// A Result is what an Evaluation found: the scheme's tool's report, and its figures.
type Result struct {
	// Report is the tool's report: batch_evaluate.py's CSV (2011) or evalrun.py's XML (2012).
	Report []byte
	Rows   []Row    // 2011: each system file's scores, in the CSV's order (Average gives its last row)
	Run    *Run2012 // 2012: what evalrun.py reports
}

// Run pairs the files of gold and sys as the scheme's tool does, reads and scores them, and
// returns what it found and the warnings the tool gives none of (see Report2011 and
// Report2012; a note on how --types was read first).
func (e Evaluation) Run(gold, sys *fragment.Dir) (res Result, warnings []string, err error) {
	progress := func(stage string) func(done, total int) {
		return func(done, total int) {
			if e.Progress != nil {
				e.Progress(stage, done, total)
			}
		}
	}
	pair := Pairs
	if e.Scheme2012 {
		pair = Pairs2012
	}
	pairs, err := pair(gold, sys)
	if err != nil {
		return res, nil, err
	}
	frags, err := Read(pairs, progress("reading file"))
	if err != nil {
		return res, nil, err
	}
	if !e.Scheme2012 {
		res.Rows, res.Report, warnings = Report2011(frags, Options2011{Bonus: e.Bonus, Fixed: e.Fixed}, progress("scoring file"))
		return res, warnings, nil
	}
	if err := CheckTypes(e.Type, e.Types, e.TypesFile, frags); err != nil {
		return res, nil, fmt.Errorf("--types: %v", err)
	}
	types, note := DecomposeTypes(e.Type, e.Types)
	if note != "" {
		warnings = append(warnings, note)
	}
	shown := e.Type
	if shown == "" {
		shown = "all"
	}
	opt := Options2012{Bonus: e.Bonus, CaseSensitive: e.CaseSensitive, Types: types, Fixed: e.Fixed}
	var more []string
	res.Run, res.Report, more = Report2012(frags, gold.Path, sys.Path, shown, opt, e.Time, progress("scoring file"))
	return res, append(warnings, more...), nil
}
