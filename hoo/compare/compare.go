// Package compare puts two ways of extracting HOO edits from corrected texts side by side, as
// the M² paper did for the HOO 2011 tools: each extraction is scored by the HOO 2011 scheme
// (package hoo/eval, with and without the bonus), which gives its Table 1, and the edits on
// which the extractions differ are listed sentence by sentence with the gold edits around
// them, which gives its Table 2.
package compare

import (
	"bytes"
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/eval"
	"maxmatch/hoo/fragment"
	"maxmatch/hoo/m2extract"
	"maxmatch/hoo/wdiff"
)

// Extractor is one way of turning a system's corrected text into edits of the original.
type Extractor struct {
	Name string
	// Extract returns the edits of system against original; name is the system file's name
	// without extension (NNNNxxN), gold the fragment's gold edits (an extractor may use them, as
	// M² does to choose among equally short edit sequences). progress, when not nil, hears how
	// far a long extraction is (see m2extract.Options.Progress).
	Extract func(name string, original, system []byte, gold []edits.Edit, progress func(stage string, done, total int)) ([]edits.Edit, error)
	// TextWarning, when not nil, returns the warning for a text (read from path) that the
	// extraction may misread, or "".
	TextWarning func(path, text string) string
}

// Wdiff is the official HOO 2011 extraction: the edits are written as the official XML and
// read back, so that they carry exactly what the official scorer read.
func Wdiff(opt wdiff.Options) Extractor {
	return Extractor{Name: "wdiff", Extract: func(name string, original, system []byte, _ []edits.Edit, _ func(string, int, int)) ([]edits.Edit, error) {
		es, err := wdiff.Extract(original, system, opt)
		if err != nil {
			return nil, err
		}
		doc, err := wdiff.XML(name, es, opt)
		if err != nil {
			return nil, err
		}
		return edits.Read(name+".xml", bytes.NewReader(doc))
	}, TextWarning: wdiff.MarkerWarning}
}

// M2 is the MaxMatch extraction (package hoo/m2extract): the system edits that match the gold
// edits best, sentence by sentence, written as HOO edit XML and read back.
func M2(opt m2extract.Options) Extractor {
	return Extractor{Name: "m2", Extract: func(name string, original, system []byte, gold []edits.Edit, progress func(string, int, int)) ([]edits.Edit, error) {
		opt := opt
		opt.Progress = progress
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
	// RawPath and SystemPath are the files Original and System were read from.
	RawPath, SystemPath string
}

// ReadSystem reads the fragments of one system: each system text NNNNxxN.txt of sys with the
// raw text NNNN.txt of raw and the gold edits NNNNGE.xml of gold, in the order of the system
// texts' names. Each must be there; texts must be UTF-8 and gold edits lie within their raw
// text (package fragment).
func ReadSystem(gold, raw, sys *fragment.Dir) ([]Fragment, error) {
	out := make([]Fragment, 0, len(sys.Files))
	for _, n := range sys.Files {
		sysPath := sys.PathOf(n)
		rawPath, err := raw.Find(n, sysPath)
		if err != nil {
			return nil, err
		}
		goldPath, err := gold.Find(n, sysPath)
		if err != nil {
			return nil, err
		}
		system, err := fragment.ReadText(sysPath)
		if err != nil {
			return nil, err
		}
		original, goldEdits, err := fragment.ReadSource(rawPath, goldPath)
		if err != nil {
			return nil, err
		}
		out = append(out, Fragment{Name: n.Stem(), Original: []byte(original), System: []byte(system), Gold: goldEdits, RawPath: rawPath, SystemPath: sysPath})
	}
	return out, nil
}

// Extractors are the extractions Compare knows, by name: m2, wdiff, and wdiff-fixed (the wdiff
// extraction with the official extractor's defects repaired).
func Extractors() map[string]Extractor {
	fixed := Wdiff(wdiff.Options{Fixed: true})
	fixed.Name = "wdiff-fixed"
	return map[string]Extractor{"m2": M2(m2extract.DefaultOptions()), "wdiff": Wdiff(wdiff.Options{}), "wdiff-fixed": fixed}
}

// ExtractorNames are the names of Extractors, sorted.
func ExtractorNames() []string { return slices.Sorted(maps.Keys(Extractors())) }

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

// Options are the choices of Compare.
type Options struct {
	// FixedEval scores with the HOO 2011 scheme's quirks corrected (eval.Options2011.Fixed).
	FixedEval bool
	// Progress, when not nil, hears how far the extractions are: what names the extraction
	// and, within a fragment, the fragment and the extraction's step, done of total.
	Progress func(what string, done, total int)
}

// Compare extracts every fragment with each extractor, scores the extractions and lists where
// the first two differ.
func Compare(name string, frags []Fragment, extractors []Extractor, opt Options) (*System, error) {
	s := &System{Name: name, Fragments: frags}
	for _, x := range extractors {
		s.Methods = append(s.Methods, x.Name)
		sc := Scores{Rows: map[bool][]eval.Row{}, Average: map[bool][9]eval.Value{}}
		perFrag := make([][]edits.Edit, len(frags))
		for i, f := range frags {
			var within func(string, int, int)
			if opt.Progress != nil {
				opt.Progress(x.Name+" extraction, fragment", i, len(frags))
				within = func(stage string, done, total int) {
					opt.Progress(fmt.Sprintf("%s extraction, %s (fragment %d/%d): %s", x.Name, f.Name, i+1, len(frags), stage), done, total)
				}
			}
			es, err := x.Extract(f.Name, f.Original, f.System, f.Gold, within)
			if err != nil {
				// The official tools write nothing for such a file; it is scored as empty.
				sc.ExtractionErrors = append(sc.ExtractionErrors, fmt.Sprintf("%s: %v", f.Name, err))
				es = nil
			}
			perFrag[i] = es
			for _, bonus := range []bool{true, false} {
				scores := eval.Score2011(f.Gold, es, eval.Options2011{Bonus: bonus, Fixed: opt.FixedEval})
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

// CompareAll compares the extractions of each system of sys (its directory of texts) as Compare
// does, named by its directory's base name, reading every system before it extracts any (so
// that a mistake in the last is found before the long work on the first); warn, when not nil,
// is given each system's Warnings as it is done, and opt.Progress hears which system ("system
// 1/2, NAME: …") and how far its extractions are.
func CompareAll(gold, raw *fragment.Dir, sys []*fragment.Dir, extractors []Extractor, opt Options, warn func(string)) ([]*System, error) {
	names, err := SystemNames(sys)
	if err != nil {
		return nil, err
	}
	frags := make([][]Fragment, len(sys))
	for i, d := range sys {
		if frags[i], err = ReadSystem(gold, raw, d); err != nil {
			return nil, err
		}
	}
	if warn != nil {
		textWarnings(frags, extractors, warn)
	}
	systems := make([]*System, len(sys))
	for i := range sys {
		name := names[i]
		o := opt
		if opt.Progress != nil {
			o.Progress = func(what string, done, total int) {
				opt.Progress(fmt.Sprintf("system %d/%d, %s: %s", i+1, len(sys), name, what), done, total)
			}
		}
		s, err := Compare(name, frags[i], extractors, o)
		if err != nil {
			return nil, err
		}
		for _, w := range s.Warnings() {
			if warn != nil {
				warn(w)
			}
		}
		systems[i] = s
	}
	return systems, nil
}

// textWarnings gives warn the extractors' warnings on the fragments' texts (Extractor.TextWarning),
// each file looked at once (a raw text serves every system) in the order the files were read,
// and a warning that two extractors give (wdiff and wdiff-fixed) said once.
func textWarnings(frags [][]Fragment, extractors []Extractor, warn func(string)) {
	seen := map[string]bool{}
	for _, fs := range frags {
		for _, f := range fs {
			for _, t := range []struct {
				path string
				text []byte
			}{{f.RawPath, f.Original}, {f.SystemPath, f.System}} {
				if seen[t.path] {
					continue
				}
				seen[t.path] = true
				var said []string
				for _, x := range extractors {
					if x.TextWarning == nil {
						continue
					}
					if w := x.TextWarning(t.path, string(t.text)); w != "" && !slices.Contains(said, w) {
						said = append(said, w)
						warn(w)
					}
				}
			}
		}
	}
}

// SystemNames names each system by its directory's base name, which the tables show: "." and
// ".." by the directory they are. Two systems of one name, or one directory given twice, are an
// error, for their rows could not be told apart.
func SystemNames(sys []*fragment.Dir) ([]string, error) {
	names := make([]string, len(sys))
	for i, d := range sys {
		path := filepath.Clean(d.Path)
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		names[i] = filepath.Base(path)
		for j := range i {
			switch {
			case names[j] != names[i]:
			case filepath.Clean(sys[j].Path) == filepath.Clean(sys[i].Path):
				return nil, fmt.Errorf("%s: the system directory is given twice, expected each system once", sys[i].Path)
			default:
				return nil, fmt.Errorf("%s and %s: two systems named %s (the tables name a system by its directory's base name), expected directories of different names", sys[j].Path, sys[i].Path, names[i])
			}
		}
	}
	return names, nil
}
