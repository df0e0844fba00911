package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"maxmatch/internal/wording"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// A SystemScore is one system's figures in a report of systems scored against one gold file.
type SystemScore struct {
	Name   string // as the tables show it
	File   string // as given (JSON only)
	Totals scorer.Totals
	// Intervals are the system's bootstrap intervals; nil without a bootstrap.
	Intervals *stats.Intervals
	// Paired is the paired bootstrap test of the system (A) against the baseline, the first
	// system (B); nil for the baseline and without a bootstrap.
	Paired *stats.Paired
	// Levels are the system's detection, recognition and correction counts, summed over the
	// annotators chosen; nil when not asked for.
	Levels *scorer.Levels
	// Types is the system's gold edits by error type; nil when not asked for.
	Types *scorer.TypeBreakdown
}

// Systems is the report of one or more systems scored against one gold file: a table of their
// figures, and, when asked for, a table of their detection, recognition and correction, and
// one of their recall by error type.
type Systems struct {
	Gold      string // the gold file, as given
	Sentences int
	Beta      float64
	Types     []string // the error types the gold was restricted to; nil: every type
	Systems   []SystemScore
	Signature string
}

// comparisons returns the number of systems compared with the baseline.
func (r *Systems) comparisons() int {
	n := 0
	for _, s := range r.Systems {
		if s.Paired != nil {
			n++
		}
	}
	return n
}

// Table is the systems' figures, one row each, in the order given: TP, FP, FN, P, R and F_β as
// the official scorer counts them; with a bootstrap, F_β's interval (P's and R's, and the
// standard errors, in JSON); with several systems, the difference of each one's F_β from the
// baseline's, the paired test's p-value and its adjustment for the number of comparisons by
// Holm's method (stats.Holm). Its notes say how each figure was made; the signature follows
// them.
func (r *Systems) Table() *Table {
	f := FBetaLabel(r.Beta)
	var iv *stats.Intervals
	for _, s := range r.Systems {
		if s.Intervals != nil {
			iv = s.Intervals
		}
	}
	compared := r.comparisons()
	t := &Table{
		Columns: []Column{{Name: "system"}, {Name: "file", JSONOnly: true},
			{Name: "TP", Key: "tp"}, {Name: "FP", Key: "fp"}, {Name: "FN", Key: "fn"},
			{Name: "P", Key: "p"}, {Name: "R", Key: "r"}, {Name: f, Key: "f"}},
		Rows:      [][]Cell{},
		Signature: r.Signature,
	}
	if iv != nil {
		t.Columns = append(t.Columns, Column{Name: fmt.Sprintf("%s %g%% CI", f, 100*iv.Level), Key: "f_ci"},
			Column{Name: "P CI", Key: "p_ci", JSONOnly: true}, Column{Name: "R CI", Key: "r_ci", JSONOnly: true})
	}
	if compared > 0 {
		t.Columns = append(t.Columns, Column{Name: "Δ" + f, Key: "f_diff"}, Column{Name: "ΔF CI", Key: "f_diff_ci", JSONOnly: true},
			Column{Name: "p-value", Key: "p_value"}, Column{Name: "Holm p", Key: "p_holm"},
			Column{Name: "better", JSONOnly: true}, Column{Name: "worse", JSONOnly: true})
	}
	pValues := make([]float64, len(r.Systems))
	for i, s := range r.Systems {
		pValues[i] = math.NaN()
		if s.Paired != nil {
			pValues[i] = s.Paired.P
		}
	}
	holm := stats.Holm(pValues)
	for i, s := range r.Systems {
		p, rr, ff := s.Totals.PRF()
		c := s.Totals.Counts()
		row := []Cell{Text(s.Name), Text(s.File), Int(c.Correct), Int(c.Proposed - c.Correct), Int(c.Gold - c.Correct),
			Float(p, 4), Float(rr, 4), Float(ff, 4)}
		if iv != nil {
			if s.Intervals != nil {
				row = append(row, EstimateCell(s.Intervals.F), EstimateCell(s.Intervals.P), EstimateCell(s.Intervals.R))
			} else {
				row = append(row, Cell{}, Cell{}, Cell{})
			}
		}
		if compared > 0 {
			if d := s.Paired; d != nil {
				row = append(row, Float(d.Diff.Value, 4), EstimateCell(d.Diff), PValue(d.P), PValue(holm[i]), Int(d.ABetter), Int(d.BBetter))
			} else {
				row = append(row, Cell{}, Cell{}, Cell{}, Cell{}, Cell{}, Cell{})
			}
		}
		t.Rows = append(t.Rows, row)
	}

	gold := fmt.Sprintf("Gold: %s (%s)", r.Gold, wording.Plural(r.Sentences, "sentence"))
	if r.Types != nil {
		gold += fmt.Sprintf(", only its edits of the types %s, as CoNLL-2013 scored types (system edits are not filtered: corrections of other types count in FP)", strings.Join(r.Types, ", "))
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%s. P, R, %s, TP, FP, FN: the official M² figures.", gold, f))
	if iv != nil {
		t.Notes = append(t.Notes, fmt.Sprintf("%s %g%% CI: bootstrap percentile interval, %s of the sentences (seed %d), the annotator choice re-run in each.",
			f, 100*iv.Level, wording.Plural(iv.Resamples, "resample"), iv.Seed))
	}
	if compared > 0 {
		holm := fmt.Sprintf("Holm p: the p-values adjusted by Holm–Bonferroni for the %d comparisons with the baseline; below 0.05 it bounds the chance of any false difference among them at 5%%, however they depend on one another.", compared)
		if compared == 1 {
			holm = "Holm p: the p-value adjusted for the number of comparisons with the baseline (Holm–Bonferroni): with one, the p-value itself."
		}
		t.Notes = append(t.Notes, fmt.Sprintf("Δ%s: %s minus that of %s, the baseline (the first system). p-value: two-sided paired bootstrap test of Δ%s on the same resamples (the smallest possible is %s). %s",
			f, f, r.Systems[0].Name, f, smallestP(iv.Resamples), holm))
	}
	return t
}

// smallestP is the smallest p-value of a paired bootstrap test of n resamples, 1/(n+1), as the
// p-values are shown (PValue).
func smallestP(n int) string { return string(PValue(1 / float64(n+1)).AppendText(nil)) }

// typeKeys returns each system's key in the JSON of TypeTable: its name, but for the system
// named "type", the first column's key, which is keyed by its file, or where another key is
// that too (a file named "type", a system named after the file), by the first of "type 2",
// "type 3", … that none is. The names are distinct, so the keys are.
func (r *Systems) typeKeys() []string {
	used := map[string]bool{"type": true}
	for _, s := range r.Systems {
		used[s.Name] = true
	}
	keys := make([]string, len(r.Systems))
	for k, s := range r.Systems {
		keys[k] = s.Name
		if s.Name != "type" {
			continue
		}
		key := s.File
		for n := 2; used[key]; n++ {
			key = "type " + strconv.Itoa(n)
		}
		keys[k], used[key] = key, true
	}
	return keys
}

// LevelsTable is each system's detection, recognition and correction (scorer.Levels): P, R and
// F_β of each (their counts in JSON), a row per system.
func (r *Systems) LevelsTable() *Table {
	f := FBetaLabel(r.Beta)
	t := &Table{Columns: []Column{{Name: "system"}}, Rows: [][]Cell{}}
	for _, l := range []struct{ name, key string }{{"Det", "det"}, {"Rec", "rec"}, {"Cor", "cor"}} {
		t.Columns = append(t.Columns, Column{Name: l.name + " P", Key: l.key + "_p"}, Column{Name: l.name + " R", Key: l.key + "_r"},
			Column{Name: l.name + " " + f, Key: l.key + "_f"}, Column{Name: l.key + " counts", Key: l.key + "_counts", JSONOnly: true})
	}
	for _, s := range r.Systems {
		if s.Levels == nil {
			continue
		}
		row := []Cell{Text(s.Name)}
		for _, c := range []scorer.LevelCounts{s.Levels.Detection, s.Levels.Recognition, s.Levels.Correction} {
			p, rr, ff := c.PRF(r.Beta)
			row = append(row, Float(p, 4), Float(rr, 4), Float(ff, 4), Object(Fields{
				{Key: "proposed", Value: Int(c.Proposed)}, {Key: "gold", Value: Int(c.Gold)},
				{Key: "system_hits", Value: Int(c.SystemHits)}, {Key: "gold_hits", Value: Int(c.GoldHits)},
			}))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = []string{"Det: detection, a system edit right when its span overlaps a gold edit's (HOO 2012); Rec: recognition, the same span; Cor: correction, the official count. " +
		"Edits are trimmed of the tokens they leave unchanged; each system against the annotators the official chooses for it."}
	return t
}

// TypeTable is the recall of each error type's gold edits, a row per type and a column per
// system (its key the system's name in JSON, its file for a system named "type"), with a last
// row over all types: each system's
// recall. A cell is empty where the annotators chosen for a system have no gold edit of the
// type. Precision per type is not defined: system edits carry no type.
func (r *Systems) TypeTable() *Table {
	t := &Table{Columns: []Column{{Name: "type"}}, Rows: [][]Cell{}}
	byType := make([]map[string]scorer.TypeCounts, len(r.Systems))
	var types []string
	keys := r.typeKeys()
	for k, s := range r.Systems {
		t.Columns = append(t.Columns, Column{Name: s.Name, Key: keys[k], Align: AlignRight})
		byType[k] = map[string]scorer.TypeCounts{}
		if s.Types == nil {
			continue
		}
		for _, c := range s.Types.Types() {
			byType[k][c.Type] = c
			if !slices.Contains(types, c.Type) {
				types = append(types, c.Type)
			}
		}
	}
	slices.Sort(types)
	for _, typ := range types {
		row := []Cell{Text(typ)}
		for k := range r.Systems {
			if c, ok := byType[k][typ]; ok && c.Gold > 0 {
				row = append(row, Float(c.Recall(), 4))
			} else {
				row = append(row, Cell{})
			}
		}
		t.Rows = append(t.Rows, row)
	}
	t.Summary = []Cell{Text("(all)")}
	for _, s := range r.Systems {
		_, rr, _ := s.Totals.PRF()
		t.Summary = append(t.Summary, Float(rr, 4))
	}
	t.Notes = []string{"Recall of each error type's gold edits, in the annotators chosen for each system. Precision per type is not defined: system edits carry no error type (FP is in the first table)."}
	return t
}

// Document is the report: the run's figures for programs (JSON only), the systems' table, and
// with levels and types their tables.
func (r *Systems) Document(levels, types bool) Document {
	fields := Fields{
		{Key: "gold", Value: Text(r.Gold)},
		{Key: "sentences", Value: Int(r.Sentences)},
		{Key: "beta", Value: Float(r.Beta, 1)},
	}
	if r.Types != nil {
		var ts []Cell
		for _, t := range r.Types {
			ts = append(ts, Text(t))
		}
		fields = append(fields, Field{Key: "types", Value: List(ts...)})
	}
	for _, s := range r.Systems {
		if iv := s.Intervals; iv != nil {
			fields = append(fields, Field{Key: "resamples", Value: Int(iv.Resamples)}, Field{Key: "seed", Value: Uint(iv.Seed)}, Field{Key: "level", Value: Float(iv.Level, 2)})
			break
		}
	}
	if r.comparisons() > 0 {
		fields = append(fields, Field{Key: "baseline", Value: Text(r.Systems[0].Name)}, Field{Key: "correction", Value: Text("holm")})
	}
	fields = append(fields, Field{Key: "signature", Value: Text(r.Signature)})
	doc := Document{{Fields: fields}, {Key: "systems", Table: r.Table()}}
	if levels {
		doc = append(doc, Section{Key: "levels", Heading: "Detection, recognition and correction:", Table: r.LevelsTable()})
	}
	if types {
		doc = append(doc, Section{Key: "per_type", Heading: "Recall by error type:", Table: r.TypeTable()})
	}
	return doc
}
