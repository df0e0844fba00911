package report

import (
	"fmt"
	"strings"

	"maxmatch/hoo/eval"
	"maxmatch/internal/wording"
)

// HOOScoreColumns are the columns of the nine HOO scores (eval.ColumnNames), keyed "det_p" … in
// JSON.
func HOOScoreColumns() []Column {
	cols := make([]Column, len(eval.ColumnNames))
	for i, n := range eval.ColumnNames {
		cols[i] = Column{Name: n, Key: strings.ToLower(strings.ReplaceAll(n, " ", "_"))}
	}
	return cols
}

// HOOScoreCells appends the nine scores to row: four decimals in text, as the HOO reference
// results give them, in full in JSON.
func HOOScoreCells(row []Cell, scores [9]eval.Value) []Cell {
	for _, v := range scores {
		row = append(row, Float(v.V, 4))
	}
	return row
}

// HOOEvalDocument is the report of "maxmatch hoo eval" with --format: the figures of res, found
// by e, which the official tool reports in its own format (res.Report). Under the 2011 scheme,
// a table of each system file's nine scores and their average, the CSV's rows; under the 2012
// scheme, the precision, recall and F of each level and the counts they are made of. Both
// say, in a heading, which tool's scores they are and how they were made (JSON: "scheme",
// "bonus", "fixed", and for 2012 "case_sensitive", "types", the directories and the team and
// run evalrun.py names).
func HOOEvalDocument(e eval.Evaluation, res eval.Result) Document {
	how := []Field{
		{Key: "scheme", Value: Text("2011")},
		{Key: "bonus", Value: Bool(e.Bonus)},
		{Key: "fixed", Value: Bool(e.Fixed)},
	}
	heading := "HOO 2011 scores (batch_evaluate.py)"
	if e.Scheme2012 {
		r := res.Run
		how[0].Value = Text("2012")
		how = append(how, Field{Key: "case_sensitive", Value: Bool(e.CaseSensitive)}, Field{Key: "types", Value: Text(r.Types)},
			Field{Key: "gold", Value: Text(r.GoldPath)}, Field{Key: "system", Value: Text(r.SysPath)},
			Field{Key: "team", Value: Text(r.SysID)}, Field{Key: "run", Value: Text(r.RunID)})
		heading = "HOO 2012 scores (evalrun.py) of " + r.SysPath + " against " + r.GoldPath + ", types " + r.Types
	}
	bonus := ", without the bonus"
	if e.Bonus {
		bonus = ", with the bonus"
	}
	heading += bonus
	if e.Scheme2012 && e.CaseSensitive {
		heading += ", corrections compared with their case"
	}
	if e.Fixed {
		heading += ", the official tools' quirks corrected"
	}
	table := hoo2011Table(res.Rows)
	if e.Scheme2012 {
		table = hoo2012Table(res.Run)
	}
	return Document{{Fields: how}, {Key: "scores", Heading: heading, Table: table}}
}

// hoo2011Table is the rows of batch_evaluate.py's CSV: each system file's nine scores, then
// their average.
func hoo2011Table(rows []eval.Row) *Table {
	t := &Table{Columns: append([]Column{{Name: "file"}}, HOOScoreColumns()...), Rows: [][]Cell{}, RowsKey: "files", SummaryKey: "average"}
	for i := range rows {
		t.Rows = append(t.Rows, HOOScoreCells([]Cell{Text(rows[i].Name)}, rows[i].Scores.Columns()))
	}
	if len(rows) > 0 {
		t.Summary = HOOScoreCells([]Cell{Text("Average")}, eval.Average(rows))
	}
	return t
}

// hoo2012Table is what evalrun.py reports of a run: the precision, recall and F of each level
// with the gold edits found at that level, and under --fixed the system edits found, which the
// precisions are made of; then the counts of gold and system edits, in a note (JSON: members).
func hoo2012Table(r *eval.Run2012) *Table {
	s, c := eval.Scores2012(r.Counts, r.Bonus, r.Fixed), r.Counts
	t := &Table{
		Columns: []Column{{Name: "level"}, {Name: "P", Key: "p"}, {Name: "R", Key: "r"}, {Name: "F", Key: "f"}, {Name: "found"}},
		RowsKey: "levels",
		Notes: []string{fmt.Sprintf("Gold: %s, %d optional and missed. System: %s, %d spurious.",
			wording.Plural(c.Gold, "edit"), c.MissedOptional, wording.Plural(c.System, "edit"), c.Spurious)},
		Extra: Fields{
			{Key: "gold", Value: Int(c.Gold)},
			{Key: "system", Value: Int(c.System)},
			{Key: "missed_optional", Value: Int(c.MissedOptional)},
			{Key: "spurious", Value: Int(c.Spurious)},
		},
	}
	if r.Fixed {
		t.Columns = append(t.Columns, Column{Name: "system found", Key: "system_found"})
	}
	for _, l := range []struct {
		name        string
		prf         eval.PRF
		found, sysd int
	}{
		{"detection", s.Detection, c.Detected, c.SysDetected},
		{"recognition", s.Recognition, c.Recognised, c.SysRecognised},
		{"correction", s.Correction, c.Corrected, c.SysCorrected},
	} {
		row := []Cell{Text(l.name), Float(l.prf.P.V, 4), Float(l.prf.R.V, 4), Float(l.prf.F.V, 4), Int(l.found)}
		if r.Fixed {
			row = append(row, Int(l.sysd))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
