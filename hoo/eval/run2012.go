package eval

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/fragment"
)

// Pairs2012 pairs the gold edit files of gold with the system edit files of sys as evalrun.py
// does, in the order of the gold files' names. Like the official, it fails unless both
// directories hold as many files; where the official would go on with a gold file that has no
// system file (or two), having found as many pairs as gold files, it fails too, and where the
// system files are of two runs (the official sums them as one, named after the first file).
func Pairs2012(gold, sys *fragment.Dir) ([]Pair, error) {
	if len(gold.Files) != len(sys.Files) {
		return nil, fmt.Errorf("%s holds %s and %s %s: expected one system edit file per gold edit file, as evalrun.py does",
			sys.Path, sys.Kind.Count(len(sys.Files)), gold.Path, gold.Kind.Count(len(gold.Files)))
	}
	for i, s := range sys.Files {
		if first := sys.Files[0]; i > 0 && (s.Team != first.Team || s.Run != first.Run) {
			return nil, fmt.Errorf("%s holds the edit files of two runs, %s%s (%s) and %s%s (%s): expected the files of one run, which evalrun.py scores as one and names after the first (team %s, run %s)",
				sys.Path, first.Team, first.Run, first.File(), s.Team, s.Run, s.File(), first.Team, first.Run)
		}
	}
	var pairs []Pair
	for _, g := range gold.Files {
		var found []string
		for _, s := range sys.Files {
			if s.Fragment == g.Fragment {
				found = append(found, s.File())
			}
		}
		if len(found) != 1 {
			return nil, fmt.Errorf("%s: %d system edit files of fragment %s in %s (%s): expected exactly one", gold.PathOf(g), len(found), g.Fragment, sys.Path, strings.Join(found, ", "))
		}
		pairs = append(pairs, Pair{gold.PathOf(g), filepath.Join(sys.Path, found[0])})
	}
	return pairs, nil
}

// FragmentCrash is a fragment on which the official evalrun.py dies.
type FragmentCrash struct {
	Pair  Pair
	Crash Crash
}

// Batch2012 sums the counts of every fragment under the HOO 2012 scheme, as evalrun.py does,
// and lists the fragments on which the official would have died; progress, when not nil, is
// called after each fragment.
func Batch2012(frags []Fragment, opt Options2012, progress func(done, total int)) (Counts2012, []FragmentCrash) {
	var total Counts2012
	var crashes []FragmentCrash
	for i, f := range frags {
		c, crash := Score2012(f.GoldEdits, f.SystemEdits, opt)
		total.Add(c)
		if crash != nil {
			crashes = append(crashes, FragmentCrash{f.Pair, *crash})
		}
		if progress != nil {
			progress(i+1, len(frags))
		}
	}
	return total, crashes
}

// TypesConfig is a types.config file: lines "aggregate NAME TYPE…" define NAME as the types
// listed; other lines are ignored.
type TypesConfig struct {
	Aggregates []Aggregate
}

// Aggregate is one aggregate line.
type Aggregate struct {
	Name  string
	Types []string
	Line  int
}

// ReadTypesConfig reads a types.config file; name is used in errors. A line starting with
// "aggregate" (which is how the official recognises them) must name the aggregate. A line is
// read whole however long: r bounds it (an input.File's reader under the memory budget), and
// r's errors are returned as they are (an input.File's name the file).
func ReadTypesConfig(name string, r io.Reader) (*TypesConfig, error) {
	cfg := &TypesConfig{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), math.MaxInt)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if !strings.HasPrefix(text, "aggregate") {
			continue
		}
		fields := strings.FieldsFunc(text, isASCIISpace)[1:]
		if len(fields) == 0 {
			return nil, fmt.Errorf("%s:%d: expected \"aggregate NAME TYPE…\", found %q (the official evalfrag.py raises IndexError)", name, line, text)
		}
		cfg.Aggregates = append(cfg.Aggregates, Aggregate{Name: fields[0], Types: fields[1:], Line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// isASCIISpace is Python 2's str.split() separator.
func isASCIISpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r'
}

// DecomposeTypes turns a -t argument into primitive types as evalfrag.py's decompose_types
// does: "" or "all" is every type (nil); with a comma, the parts between commas (not trimmed);
// else the first aggregate of that name in cfg (which may be nil), else the type itself; any
// list holding "all" is every type. The note, when not empty, is the official's warning about
// an aggregate defined more than once.
func DecomposeTypes(types string, cfg *TypesConfig) (primitive []string, note string) {
	if types == "" || types == "all" {
		return nil, ""
	}
	switch {
	case strings.Contains(types, ","):
		primitive = strings.Split(types, ",")
	default:
		primitive = []string{types}
		if cfg != nil {
			var found []Aggregate
			for _, a := range cfg.Aggregates {
				if a.Name == types {
					found = append(found, a)
				}
			}
			if len(found) > 0 {
				primitive = found[0].Types
				if primitive == nil {
					primitive = []string{} // an aggregate of nothing: every type, as the official
				}
			}
			if len(found) > 1 {
				note = fmt.Sprintf("aggregate type %q is defined %d times: the first definition (line %d) is used, as the official does", types, len(found), found[0].Line)
			}
		}
	}
	if slices.Contains(primitive, "all") {
		return nil, note
	}
	return primitive, note
}

// CheckTypes checks a -t argument (see DecomposeTypes) against what the data and the types file
// cfg (which may be nil; its name is cfgName) know, for the official scores every selection
// of nothing as a perfect 1: a single name must be a type of an edit of frags, an aggregate of
// cfg or a type listed in one; each part of a comma-separated list must be a type of an edit
// or one listed in an aggregate (the official does not expand an aggregate named in a list).
// The error lists what is known.
func CheckTypes(types string, cfg *TypesConfig, cfgName string, frags []Fragment) error {
	if types == "" || types == "all" {
		return nil
	}
	data := map[string]bool{}
	for _, f := range frags {
		for _, es := range [][]edits.Edit{f.GoldEdits, f.SystemEdits} {
			for _, e := range es {
				if e.Type != "" {
					data[e.Type] = true
				}
			}
		}
	}
	listed, aggregates := map[string]bool{}, map[string]bool{}
	if cfg != nil {
		for _, a := range cfg.Aggregates {
			aggregates[a.Name] = true
			for _, t := range a.Types {
				listed[t] = true
			}
		}
	}
	inFile := ", nor named in the types file " + cfgName
	if cfg == nil {
		inFile = ", and no types file is given"
	}
	var unknown string
	if !strings.Contains(types, ",") {
		if !data[types] && !aggregates[types] && !listed[types] {
			unknown = fmt.Sprintf("type %q is the type of no edit%s", types, inFile)
		}
	} else {
		for _, t := range strings.Split(types, ",") {
			switch {
			case t == "all" || data[t] || listed[t]:
				continue
			case aggregates[t]:
				unknown = fmt.Sprintf("%q in the list %q is an aggregate of %s, which a list does not expand (as in evalfrag.py)", t, types, cfgName)
			default:
				unknown = fmt.Sprintf("type %q in the list %q is the type of no edit%s", t, types, inFile)
			}
			break
		}
	}
	if unknown == "" {
		return nil
	}
	known := "expected " + strings.Join(slices.Sorted(maps.Keys(data)), ", ") + " (the types of the edits)"
	if len(data) == 0 {
		known = "expected a type, but no edit has one"
	}
	if len(aggregates) > 0 {
		known += ", " + strings.Join(slices.Sorted(maps.Keys(aggregates)), ", ") + " (aggregate types of " + cfgName + ")"
	}
	if extra := slices.Sorted(maps.Keys(listed)); len(extra) > 0 {
		extra = slices.DeleteFunc(extra, func(t string) bool { return data[t] })
		if len(extra) > 0 {
			known += ", " + strings.Join(extra, ", ") + " (listed in " + cfgName + ")"
		}
	}
	return fmt.Errorf("%s: %s, or all", unknown, known)
}

// Run2012 is what evalrun.py reports.
type Run2012 struct {
	GoldPath, SysPath string // the directories as given
	Types             string // the -t argument ("all" for every type)
	Bonus             bool
	Fixed             bool // precisions from system edits: adds their counts to the report
	Counts            Counts2012
	// SysID and RunID are the team and run: the two characters before the last of the first
	// system file's name up to its first dot, and that last character (XX and 1 for
	// 0002XX1.xml).
	SysID, RunID string
	Time         time.Time // the timestamp's, to the minute
}

// TeamAndRun returns the SysID and RunID evalrun.py derives from a system file's name.
func TeamAndRun(sysFile string) (sysID, runID string) {
	name, _, _ := strings.Cut(filepath.Base(sysFile), ".")
	n := len(name)
	if n == 0 {
		return "", ""
	}
	return name[max(0, n-3) : n-1], name[n-1:]
}

// WriteRun2012 writes r as evalrun.py's XML report: the layout of Python 2.7's minidom pretty
// printer, with the counts and scores in the order CPython 2.7's dicts give them. Numbers are
// written as Python 2's str() writes them (12 significant digits).
func WriteRun2012(w io.Writer, r *Run2012) error {
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" ?>\n")
	fmt.Fprintf(&b, "<results runid=\"%s\" sysid=\"%s\" timestamp=\"%s\">\n",
		escapeText(r.RunID), escapeText(r.SysID), r.Time.Format("Mon 02 Jan 2006 03:04PM"))
	leaf := func(indent, name, text string) {
		if text == "" {
			fmt.Fprintf(&b, "%s<%s/>\n", indent, name)
			return
		}
		fmt.Fprintf(&b, "%s<%s>%s</%s>\n", indent, name, escapeText(text), name)
	}
	leaf("  ", "goldpath", r.GoldPath)
	leaf("  ", "syspath", r.SysPath)
	leaf("  ", "types", strings.Trim(r.Types, "\" "))
	regime := "nobonus"
	if r.Bonus {
		regime = "bonus"
	}
	leaf("  ", "regime", regime)
	b.WriteString("  <counts>\n")
	c := r.Counts
	for _, kv := range []struct {
		k string
		v int
	}{
		{"gold", c.Gold}, {"spurious", c.Spurious}, {"corrected", c.Corrected}, {"system", c.System},
		{"missed_optional", c.MissedOptional}, {"detected", c.Detected}, {"recognised", c.Recognised},
	} {
		leaf("    ", kv.k, strconv.Itoa(kv.v))
	}
	if r.Fixed {
		leaf("    ", "system_detected", strconv.Itoa(c.SysDetected))
		leaf("    ", "system_recognised", strconv.Itoa(c.SysRecognised))
		leaf("    ", "system_corrected", strconv.Itoa(c.SysCorrected))
	}
	b.WriteString("  </counts>\n  <scores>\n")
	s := Scores2012(c, r.Bonus, r.Fixed)
	for _, t := range []struct {
		name string
		prf  PRF
	}{{"detection", s.Detection}, {"correction", s.Correction}, {"recognition", s.Recognition}} {
		fmt.Fprintf(&b, "    <%s>\n", t.name)
		leaf("      ", "recall", pyStr(t.prf.R))
		leaf("      ", "precision", pyStr(t.prf.P))
		leaf("      ", "fscore", pyStr(t.prf.F))
		fmt.Fprintf(&b, "    </%s>\n", t.name)
	}
	b.WriteString("  </scores>\n</results>\n")
	_, err := w.Write(edits.PullTextInline(b.Bytes()))
	return err
}

// escapeText escapes text as minidom does, in text and in attribute values alike.
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", "\"", "&quot;", ">", "&gt;").Replace(s)
}
