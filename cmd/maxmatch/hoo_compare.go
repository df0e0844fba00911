package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"maxmatch/hoo/compare"
	"maxmatch/hoo/fragment"
	"maxmatch/hoo/m2extract"
	"maxmatch/hoo/wdiff"
)

const hooCompareUsage = `usage: maxmatch hoo compare --gold GOLD_DIR --orig RAW_DIR [--methods A,B] [--csv FILE] [--html FILE] SYS_DIR...

Extracts each system's edits (SYS_DIR holds its corrected texts NNNNxxN.txt) in two ways, scores
both with the HOO 2011 scheme, with and without the bonus, and prints Table 1 (mean scores per
system and extraction) and Table 2 (per fragment and segment, the edits only one extraction
found, ✓ when it is a gold edit, with the gold edits around them) as Markdown. Flags:

`

// hooExtractors are the extractions hoo compare knows, by name.
var hooExtractors = map[string]compare.Extractor{
	"m2":    compare.M2(m2extract.DefaultOptions()),
	"wdiff": compare.Wdiff(wdiff.Options{}),
	"wdiff-fixed": func() compare.Extractor {
		x := compare.Wdiff(wdiff.Options{Fixed: true})
		x.Name = "wdiff-fixed"
		return x
	}(),
}

// runHooCompare is "maxmatch hoo compare".
func runHooCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	goldDir := fs.String("gold", "", "directory of gold edit files NNNNGE.xml")
	origDir := fs.String("orig", "", "directory of original texts NNNN.txt")
	methods := fs.String("methods", "wdiff,m2", "the two extractions to compare: "+strings.Join(extractorNames(), ", "))
	csvPath := fs.String("csv", "", "also write Table 1 as CSV to this file")
	htmlPath := fs.String("html", "", "also write both tables as a web page to this file")
	fixedEval := fs.Bool("fixed-eval", false, "score with the HOO 2011 scheme's quirks corrected (hoo eval --fixed)")
	if code, done := parseArgs(fs, args, hooCompareUsage, nil, stdout, stderr); done {
		return code
	}
	c := newHooCommand("maxmatch hoo compare", stdout, stderr)
	if *goldDir == "" || *origDir == "" {
		return c.fail("--gold and --orig are required")
	}
	if fs.NArg() == 0 {
		return c.fail("expected at least one system directory after the flags")
	}
	if *csvPath != "" && *csvPath == *htmlPath {
		return c.fail("--csv and --html both name %s: expected two files", *csvPath)
	}
	var xs []compare.Extractor
	for _, name := range strings.Split(*methods, ",") {
		x, ok := hooExtractors[name]
		if !ok {
			return c.fail("--methods: %q is not known; expected two of %s", name, strings.Join(extractorNames(), ", "))
		}
		xs = append(xs, x)
	}
	if len(xs) != 2 {
		return c.fail("--methods: expected two extractions, got %d", len(xs))
	}
	gold, err := c.readDir(*goldDir, fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	raw, err := c.readDir(*origDir, fragment.Raw)
	if err != nil {
		return c.fail("%v", err)
	}
	// Every system is read before any is extracted, so that a mistake in the last is found
	// before the long work on the first.
	sysFrags := make([][]compare.Fragment, fs.NArg())
	for i, dir := range fs.Args() {
		sys, err := c.readDir(dir, fragment.SystemText)
		if err != nil {
			return c.fail("%v", err)
		}
		if sysFrags[i], err = compare.ReadSystem(gold, raw, sys); err != nil {
			return c.fail("%v", err)
		}
	}
	var systems []*compare.System
	for i, dir := range fs.Args() {
		name := filepath.Base(filepath.Clean(dir))
		opt := compare.Options{FixedEval: *fixedEval, Progress: func(what string, done, total int) {
			c.progress.update(fmt.Sprintf("system %d/%d, %s: %s", i+1, fs.NArg(), name, what), done, total)
		}}
		s, err := compare.Compare(name, sysFrags[i], xs, opt)
		if err != nil {
			return c.fail("%v", err)
		}
		for m, sc := range s.Scores {
			for _, e := range sc.ExtractionErrors {
				c.warn("%s, %s extraction: %s; scored as no edits", s.Name, s.Methods[m], e)
			}
		}
		systems = append(systems, s)
	}
	var out bytes.Buffer
	fmt.Fprint(&out, "## Table 1: HOO 2011 scores, mean over fragments\n\n")
	compare.WriteTable1Markdown(&out, systems)
	fmt.Fprint(&out, "\n## Table 2: where the extractions differ\n")
	compare.WriteTable2Markdown(&out, systems)
	files := map[string][]byte{}
	if *csvPath != "" {
		var b bytes.Buffer
		compare.WriteTable1CSV(&b, systems)
		files[*csvPath] = b.Bytes()
	}
	if *htmlPath != "" {
		var b bytes.Buffer
		compare.WriteHTML(&b, systems)
		files[*htmlPath] = b.Bytes()
	}
	if err := writeFiles(files); err != nil {
		return c.fail("%v", err)
	}
	return c.output(out.Bytes())
}

func extractorNames() []string {
	var names []string
	for n := range hooExtractors {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
