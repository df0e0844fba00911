// Package compare puts two ways of extracting HOO edits from corrected texts side by side, as
// the M² paper did for the HOO 2011 tools: each extraction is scored by the HOO 2011 scheme
// (package hoo/eval, with and without the bonus), which gives its Table 1, and the edits on
// which the extractions differ are listed sentence by sentence with the gold edits around
// them, which gives its Table 2.
package compare

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/eval"
	"maxmatch/hoo/m2extract"
	"maxmatch/hoo/wdiff"
)

// Extractor is one way of turning a system's corrected text into edits of the original.
type Extractor struct {
	Name string
	// Extract returns the edits of system against original; name is the system file's name
	// without extension (NNNNxxN), gold the fragment's gold edits (an extractor may use them, as
	// M² does to choose among equally short edit sequences).
	Extract func(name string, original, system []byte, gold []edits.Edit) ([]edits.Edit, error)
}

// Wdiff is the official HOO 2011 extraction: the edits are written as the official XML and
// read back, so that they carry exactly what the official scorer read.
func Wdiff(opt wdiff.Options) Extractor {
	return Extractor{Name: "wdiff", Extract: func(name string, original, system []byte, _ []edits.Edit) ([]edits.Edit, error) {
		es, err := wdiff.Extract(original, system, opt)
		if err != nil {
			return nil, err
		}
		doc, err := wdiff.XML(name, es, opt)
		if err != nil {
			return nil, err
		}
		return edits.Read(name+".xml", bytes.NewReader(doc))
	}}
}

// M2 is the MaxMatch extraction (package hoo/m2extract): the system edits that match the gold
// edits best, sentence by sentence, written as HOO edit XML and read back.
func M2(opt m2extract.Options) Extractor {
	return Extractor{Name: "m2", Extract: func(name string, original, system []byte, gold []edits.Edit) ([]edits.Edit, error) {
		es, _, err := m2extract.Extract(string(original), string(system), m2extract.FromEdits(gold), opt)
		if err != nil {
			return nil, err
		}
		doc, err := m2extract.XML(name, es)
		if err != nil {
			return nil, err
		}
		return edits.Read(name+".xml", bytes.NewReader(doc))
	}}
}

// Fragment is one system text with its original and gold edits.
type Fragment struct {
	Name     string // the system file's name without extension, e.g. 0001XX1
	Original []byte
	System   []byte
	Gold     []edits.Edit
}

// ReadSystem reads the fragments of one system directory: each file NNNN… in sysDir with
// origDir/NNNN.txt and goldDir/NNNNGE.xml.
func ReadSystem(goldDir, origDir, sysDir string) ([]Fragment, error) {
	entries, err := os.ReadDir(sysDir)
	if err != nil {
		return nil, err
	}
	var out []Fragment
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		name, _, _ := strings.Cut(e.Name(), ".")
		if len(name) < 4 {
			return nil, fmt.Errorf("%s: expected a name starting with a four-digit fragment number NNNN", filepath.Join(sysDir, e.Name()))
		}
		id := name[:4]
		sys, err := os.ReadFile(filepath.Join(sysDir, e.Name()))
		if err != nil {
			return nil, err
		}
		orig, err := os.ReadFile(filepath.Join(origDir, id+".txt"))
		if err != nil {
			return nil, fmt.Errorf("the original of %s: %w", filepath.Join(sysDir, e.Name()), err)
		}
		gold, err := eval.ReadFile(filepath.Join(goldDir, id+"GE.xml"))
		if err != nil {
			return nil, fmt.Errorf("the gold edits of %s: %w", filepath.Join(sysDir, e.Name()), err)
		}
		out = append(out, Fragment{Name: name, Original: orig, System: sys, Gold: gold})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no system text", sysDir)
	}
	slices.SortFunc(out, func(a, b Fragment) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Scores are one extraction's HOO 2011 scores on one system: per fragment and averaged, with
// and without the bonus.
type Scores struct {
	Rows             map[bool][]eval.Row // by bonus
	Average          map[bool][9]eval.Value
	Crashes          int // fragments on which the official scorer would have stopped
	ExtractionErrors []string
}

// System is the comparison of the extractions of one system.
type System struct {
	Name        string           // the system directory's base name
	Methods     []string         // the extractors' names, in order
	Scores      []Scores         // per method
	Edits       [][][]edits.Edit // per method, per fragment
	Fragments   []Fragment
	Differences []Difference
}

// Compare extracts every fragment with each extractor, scores the extractions and lists where
// the first two differ.
func Compare(name string, frags []Fragment, extractors []Extractor, fixedEval bool) (*System, error) {
	s := &System{Name: name, Fragments: frags}
	for _, x := range extractors {
		s.Methods = append(s.Methods, x.Name)
		sc := Scores{Rows: map[bool][]eval.Row{}, Average: map[bool][9]eval.Value{}}
		perFrag := make([][]edits.Edit, len(frags))
		for i, f := range frags {
			es, err := x.Extract(f.Name, f.Original, f.System, f.Gold)
			if err != nil {
				// The official tools write nothing for such a file; it is scored as empty.
				sc.ExtractionErrors = append(sc.ExtractionErrors, fmt.Sprintf("%s: %v", f.Name, err))
				es = nil
			}
			perFrag[i] = es
			for _, bonus := range []bool{true, false} {
				scores := eval.Score2011(f.Gold, es, eval.Options2011{Bonus: bonus, Fixed: fixedEval})
				if bonus && scores.Crash != nil {
					sc.Crashes++
				}
				sc.Rows[bonus] = append(sc.Rows[bonus], eval.Row{Name: f.Name, Scores: scores})
			}
		}
		for _, bonus := range []bool{true, false} {
			sc.Average[bonus] = eval.Average(sc.Rows[bonus])
		}
		s.Scores = append(s.Scores, sc)
		s.Edits = append(s.Edits, perFrag)
	}
	if len(extractors) >= 2 {
		for i := range frags {
			s.Differences = append(s.Differences, differences(&frags[i], s.Edits[0][i], s.Edits[1][i])...)
		}
	}
	return s, nil
}
