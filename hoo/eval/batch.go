package eval

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/fragment"
	"maxmatch/internal/pytext"
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

// Pairs pairs each system edit file of sys with the gold edit file of its fragment in gold,
// as batch_evaluate.py does, in the order of the system files' names. A system file without a
// gold file is an error (the official leaves it out of its table silently).
func Pairs(gold, sys *fragment.Dir) ([]Pair, error) {
	pairs := make([]Pair, 0, len(sys.Files))
	for _, n := range sys.Files {
		path := sys.PathOf(n)
		g, err := gold.Find(n, path)
		if err != nil {
			return nil, err
		}
		pairs = append(pairs, Pair{g, path})
	}
	return pairs, nil
}

func rowName(path string) string {
	name, _, _ := strings.Cut(filepath.Base(path), ".")
	return name
}

// Fragment is a pair's edits, read.
type Fragment struct {
	Pair
	GoldEdits, SystemEdits []edits.Edit
}

// Read reads the edit files of every pair (fragment.ReadEdits); progress, when not nil, is
// called after each pair.
func Read(pairs []Pair, progress func(done, total int)) ([]Fragment, error) {
	frags := make([]Fragment, len(pairs))
	for i, p := range pairs {
		var err error
		frags[i].Pair = p
		if frags[i].GoldEdits, err = fragment.ReadEdits(p.Gold); err != nil {
			return nil, err
		}
		if frags[i].SystemEdits, err = fragment.ReadEdits(p.System); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(i+1, len(pairs))
		}
	}
	return frags, nil
}

// Batch2011 scores every fragment under the HOO 2011 scheme; progress, when not nil, is called
// after each.
func Batch2011(frags []Fragment, opt Options2011, progress func(done, total int)) []Row {
	rows := make([]Row, 0, len(frags))
	for i, f := range frags {
		rows = append(rows, Row{Name: rowName(f.System), Gold: f.Gold, System: f.System, Scores: Score2011(f.GoldEdits, f.SystemEdits, opt)})
		if progress != nil {
			progress(i+1, len(frags))
		}
	}
	return rows
}

// ColumnNames are the names of Columns as tables head them: detection, recognition and
// correction precision, recall and F.
var ColumnNames = [9]string{"det P", "det R", "det F", "rec P", "rec R", "rec F", "cor P", "cor R", "cor F"}

// Columns are the nine scores in the order of batch_evaluate.py's CSV: detection, recognition
// and correction precision, recall and score.
func (s *Scores) Columns() [9]Value {
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
			v := rows[i].Scores.Columns()[c]
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
		line(rows[i].Name, rows[i].Scores.Columns())
	}
	if len(rows) > 0 {
		line("Average", Average(rows))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// pyRepr formats a value as Python 2.7's repr: a float as pytext.AppendFloatRepr, an integer
// as an integer.
func pyRepr(v Value) string { return pyFormat(v, pytext.AppendFloatRepr) }

// pyStr formats a value as Python 2.7's str(): a float as pytext.AppendFloat (12 significant
// digits), an integer as an integer.
func pyStr(v Value) string { return pyFormat(v, pytext.AppendFloat) }

func pyFormat(v Value, float func([]byte, float64) []byte) string {
	if v.Int {
		return strconv.Itoa(int(v.V))
	}
	return string(float(nil, v.V))
}

// Format4 formats a value with four decimals, as the reference results files give them.
func Format4(v Value) string { return fmt.Sprintf("%.4f", v.V) }
