package eval

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"maxmatch/hoo/edits"
)

// Pairs2012 matches the files of a gold directory (NNNNGE.xml) with those of a system
// directory as evalrun.py does: a system file belongs to a gold file when its name starts with
// the part of the gold file's name before "GE."; names starting with a dot are ignored. Like
// the official, it fails unless both directories hold as many files; where the official would
// go on with a gold file that has no system file (or two), having found as many pairs as gold
// files, it fails too. The pairs come in the order of the gold files' names.
func Pairs2012(goldDir, sysDir string) ([]Pair, error) {
	golds, err := listDir(goldDir)
	if err != nil {
		return nil, err
	}
	syss, err := listDir(sysDir)
	if err != nil {
		return nil, err
	}
	if len(golds) != len(syss) {
		return nil, fmt.Errorf("%s has %d files and %s has %d: expected one system file per gold file, as evalrun.py does", sysDir, len(syss), goldDir, len(golds))
	}
	found := map[string][]string{} // gold path → system file names
	byGold := map[string]Pair{}
	for _, p := range matchStems(goldDir, golds, sysDir, syss) {
		found[p.Gold] = append(found[p.Gold], filepath.Base(p.System))
		byGold[p.Gold] = p
	}
	var pairs []Pair
	for _, g := range golds {
		path := filepath.Join(goldDir, g)
		if len(found[path]) != 1 {
			stem, _, _ := strings.Cut(g, "GE.")
			return nil, fmt.Errorf("%s: %d system files in %s start with %q (%s): expected exactly one", path, len(found[path]), sysDir, stem, strings.Join(found[path], ", "))
		}
		pairs = append(pairs, byGold[path])
	}
	return pairs, nil
}

func listDir(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

// FragmentCrash is a fragment on which the official evalrun.py dies.
type FragmentCrash struct {
	Pair  Pair
	Crash Crash
}

// Batch2012 sums the counts of every pair under the HOO 2012 scheme, as evalrun.py does,
// and lists the fragments on which the official would have died.
func Batch2012(pairs []Pair, opt Options2012) (Counts2012, []FragmentCrash, error) {
	var total Counts2012
	var crashes []FragmentCrash
	for _, p := range pairs {
		gold, err := ReadFile(p.Gold)
		if err != nil {
			return total, nil, err
		}
		sys, err := ReadFile(p.System)
		if err != nil {
			return total, nil, err
		}
		c, crash := Score2012(gold, sys, opt)
		total.Add(c)
		if crash != nil {
			crashes = append(crashes, FragmentCrash{p, *crash})
		}
	}
	return total, crashes, nil
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
// "aggregate" (which is how the official recognises them) must name the aggregate.
func ReadTypesConfig(name string, r io.Reader) (*TypesConfig, error) {
	cfg := &TypesConfig{}
	sc := bufio.NewScanner(r)
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
		return nil, fmt.Errorf("%s: %v", name, err)
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

// pyStr formats a value as Python 2.7's str(): 12 significant digits, ".0" on whole numbers.
func pyStr(v Value) string {
	if v.Int {
		return strconv.Itoa(int(v.V))
	}
	switch f := v.V; {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	s := strconv.FormatFloat(v.V, 'g', 12, 64)
	if strings.Contains(s, "e") {
		return s
	}
	if intDigits, _, _ := strings.Cut(strings.TrimPrefix(s, "-"), "."); len(intDigits) >= 12 {
		// Python moves to the exponent one digit earlier than %g when it would add ".0".
		mant, exp, _ := strings.Cut(strconv.FormatFloat(v.V, 'e', 11, 64), "e")
		if strings.Contains(mant, ".") {
			mant = strings.TrimSuffix(strings.TrimRight(mant, "0"), ".")
		}
		return mant + "e" + exp
	}
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
