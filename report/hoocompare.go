package report

import (
	"fmt"

	"maxmatch/hoo/compare"
	"maxmatch/internal/webpage"
	"maxmatch/internal/wording"
)

// HOOCompareDocument is the report of "maxmatch hoo compare" (package compare), in any
// format: Table 1 (the mean scores per system and extraction) and Table 2 (where the
// extractions differ).
func HOOCompareDocument(systems []*compare.System) Document {
	return Document{
		{Key: "table1", Heading: "Table 1: HOO 2011 scores, mean over fragments", Table: hooCompareTable1(systems)},
		{Key: "table2", Heading: "Table 2: where the extractions differ", Table: hooCompareTable2(systems)},
	}
}

// hooCompareTable1 is Table 1: for each system and extraction, the nine HOO 2011 scores
// averaged over the fragments, with and without the bonus (four decimals; in full in JSON).
func hooCompareTable1(systems []*compare.System) *Table {
	t := &Table{Columns: append([]Column{{Name: "system"}, {Name: "extraction"}, {Name: "bonus"}}, HOOScoreColumns()...), Rows: [][]Cell{}}
	for _, s := range systems {
		for _, bonus := range []bool{true, false} {
			for m, name := range s.Methods {
				row := []Cell{Text(s.Name), Text(name), Text(compare.YesNo(bonus))}
				t.Rows = append(t.Rows, HOOScoreCells(row, s.Scores[m].Average[bonus]))
			}
		}
	}
	return t
}

// hooCompareTable2 is Table 2: for each system, fragment and segment, the edits only one extraction found
// (✓: a gold edit; ✗: not one), and the gold edits around them; its notes count each system's
// segments.
func hooCompareTable2(systems []*compare.System) *Table {
	t := &Table{Rows: [][]Cell{}}
	for _, s := range systems {
		if len(s.Methods) < 2 {
			continue
		}
		if t.Columns == nil {
			t.Columns = []Column{{Name: "system"}, {Name: "fragment"}, {Name: "segment"},
				{Name: s.Methods[0] + " only", Key: "only_" + s.Methods[0]}, {Name: s.Methods[1] + " only", Key: "only_" + s.Methods[1]}, {Name: "gold"}}
		}
		t.Notes = append(t.Notes, fmt.Sprintf("%s: %s where %s and %s differ.", s.Name, wording.Plural(len(s.Differences), "segment"), s.Methods[0], s.Methods[1]))
		for _, d := range s.Differences {
			orig := s.Fragment(d.Fragment).Original
			marked := func(ms []compare.Marked) Cell {
				var items []Cell
				for i := range ms {
					mark := webpage.MarkNotGold
					if ms[i].Gold {
						mark = webpage.MarkGold
					}
					items = append(items, Text(mark+" "+compare.Describe(&ms[i].Edit, orig)))
				}
				return List(items...)
			}
			var gold []Cell
			for i := range d.Gold {
				gold = append(gold, Text(compare.Describe(&d.Gold[i], orig)))
			}
			t.Rows = append(t.Rows, []Cell{Text(s.Name), Text(d.Fragment), Int(d.Segment),
				marked(d.Only[0]), marked(d.Only[1]), List(gold...)})
		}
	}
	return t
}
