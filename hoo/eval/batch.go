package eval

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"maxmatch/hoo/edits"
)

// Row is one system file's scores in a batch.
type Row struct {
	Name   string // the system file's name up to its first dot, as batch_evaluate.py writes it
	Gold   string // the gold file's path
	System string // the system file's path
	Scores Scores
}

// Pair is a gold file and a system file for the same fragment.
type Pair struct{ Gold, System string }

// Pairs matches the files of a gold directory (NNNNGE.xml) with those of a system directory as
// batch_evaluate.py does: a system file belongs to a gold file when its name starts with the
// part of the gold file's name before "GE." (so 0001GE.xml takes 0001AB1.xml, 0001AB2.xml, …).
// Names starting with a dot are ignored. The pairs come in the order of the system files'
// names.
func Pairs(goldDir, sysDir string) ([]Pair, error) {
	golds, err := listDir(goldDir)
	if err != nil {
		return nil, err
	}
	syss, err := listDir(sysDir)
	if err != nil {
		return nil, err
	}
	pairs := matchStems(goldDir, golds, sysDir, syss)
	slices.SortStableFunc(pairs, func(a, b Pair) int { return strings.Compare(rowName(a.System), rowName(b.System)) })
	return pairs, nil
}

// matchStems pairs each system file with every gold file whose name before "GE." its name
// starts with, in the order of the system files, then of the gold files.
func matchStems(goldDir string, golds []string, sysDir string, syss []string) []Pair {
	var pairs []Pair
	for _, s := range syss {
		for _, g := range golds {
			stem, _, _ := strings.Cut(g, "GE.")
			if strings.HasPrefix(s, stem) {
				pairs = append(pairs, Pair{filepath.Join(goldDir, g), filepath.Join(sysDir, s)})
			}
		}
	}
	return pairs
}

func rowName(path string) string {
	name, _, _ := strings.Cut(filepath.Base(path), ".")
	return name
}

// ReadFile reads an edit file.
func ReadFile(path string) ([]edits.Edit, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return edits.Read(path, f)
}

// Batch2011 scores every pair under the HOO 2011 scheme.
func Batch2011(pairs []Pair, opt Options2011) ([]Row, error) {
	rows := make([]Row, 0, len(pairs))
	for _, p := range pairs {
		gold, err := ReadFile(p.Gold)
		if err != nil {
			return nil, err
		}
		sys, err := ReadFile(p.System)
		if err != nil {
			return nil, err
		}
		rows = append(rows, Row{Name: rowName(p.System), Gold: p.Gold, System: p.System, Scores: Score2011(gold, sys, opt)})
	}
	return rows, nil
}

// columns are a row's nine scores in the CSV's order.
func (s *Scores) columns() [9]Value {
	return [9]Value{
		s.Detection.P, s.Detection.R, s.Detection.F,
		s.Recognition.P, s.Recognition.R, s.Recognition.F,
		s.Correction.P, s.Correction.R, s.Correction.F,
	}
}

// Average is the mean of each column over the rows, summed in row order as batch_evaluate.py
// does (a column of integer zeros averages to the integer 0).
func Average(rows []Row) [9]Value {
	var avg [9]Value
	for c := range avg {
		sum, allInt := 0.0, true
		for i := range rows {
			v := rows[i].Scores.columns()[c]
			sum += v.V
			allInt = allInt && v.Int
		}
		if allInt {
			avg[c] = Value{Int: true}
		} else {
			avg[c] = Value{V: sum / float64(len(rows))}
		}
	}
	return avg
}

// csvHeader is batch_evaluate.py's header row.
const csvHeader = "File,detectionprecision,detectionrecall,detectionscore,recognitionprecision,recognitionrecall,recognitionscore,correctionprecision,correctionrecall,correctionscore"

// WriteCSV writes the rows and their average as batch_evaluate.py's CSV file: the same header,
// numbers as Python writes them, CRLF line ends.
func WriteCSV(w io.Writer, rows []Row) error {
	var b strings.Builder
	b.WriteString(csvHeader + "\r\n")
	line := func(name string, vs [9]Value) {
		b.WriteString(name)
		for _, v := range vs {
			b.WriteString(",")
			b.WriteString(v.String())
		}
		b.WriteString("\r\n")
	}
	for i := range rows {
		line(rows[i].Name, rows[i].Scores.columns())
	}
	if len(rows) > 0 {
		line("Average", Average(rows))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// pyRepr formats a value as Python 2.7's repr: the shortest decimal that reads back as the same
// float, with ".0" on whole numbers; an integer as an integer.
func pyRepr(v Value) string {
	if v.Int {
		return strconv.Itoa(int(v.V))
	}
	f := v.V
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	exp := 0
	if f != 0 {
		exp = int(math.Floor(math.Log10(math.Abs(f))))
	}
	if exp < -4 || exp >= 16 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		// Go writes e-05 and e+16 as Python does.
		return s
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// Format4 formats a value with four decimals, as the reference results files give them.
func Format4(v Value) string { return fmt.Sprintf("%.4f", v.V) }
