package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"maxmatch/hoo/edits"
	"maxmatch/hoo/synth"
	"maxmatch/hoo/wdiff"
)

// runHooWdiffExtract is "maxmatch hoo extract --method wdiff --orig RAW_DIR --system SYS_DIR
// --out XML_DIR [--fixed]"; args are what follows "hoo extract". Like the official
// batch_extract.py it pairs each original NNNN.txt with every system file whose name starts
// with NNNN, and writes NAME.xml (NAME: the system file's name up to its first dot) into
// XML_DIR, with the edits the official extractor finds. All files are extracted before any
// is written; on any error nothing is written and the status is 2.
func runHooWdiffExtract(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	method := fs.String("method", "wdiff", "extraction method: wdiff (the official HOO 2011 extractor) or m2 (see --method m2 -h)")
	origDir := fs.String("orig", "", "directory of original texts NNNN.txt")
	sysDir := fs.String("system", "", "directory of system texts whose names start with NNNN")
	outDir := fs.String("out", "", "directory to write the edit XML files into (created if missing)")
	fixed := fs.Bool("fixed", false, "repair the official extractor's defects (keep regions across line breaks, UTF-8 text, …)")
	if code, done := parseArgs(fs, args, "usage: maxmatch hoo extract --method wdiff --orig RAW_DIR --system SYS_DIR --out XML_DIR [--fixed]\n\n"+
		"Extracts HOO 2011 edit XML from system texts as the official HOO 2011 tools did. Flags:\n\n", nil, stdout, stderr); done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "maxmatch hoo extract: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q: everything is given by flags", fs.Arg(0))
	case *method != "wdiff":
		return fail("--method %q is not known; expected wdiff or m2", *method)
	case *origDir == "" || *sysDir == "" || *outDir == "":
		return fail("--orig, --system and --out are all required")
	}
	pairs, err := hooPairFiles(*origDir, *sysDir)
	if err != nil {
		return fail("%v", err)
	}
	opt := wdiff.Options{Fixed: *fixed}
	outputs := make(map[string][]byte, len(pairs))
	for _, p := range pairs {
		orig, err := os.ReadFile(p.orig)
		if err != nil {
			return fail("%v", err)
		}
		sys, err := os.ReadFile(p.system)
		if err != nil {
			return fail("%v", err)
		}
		edits, err := wdiff.Extract(orig, sys, opt)
		if err == nil {
			outputs[p.name], err = wdiff.XML(p.name, edits, opt)
		}
		if err != nil {
			return fail("%s (against %s): %v", p.system, p.orig, err)
		}
	}
	if err := hooWriteAll(*outDir, outputs, ".xml"); err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "maxmatch hoo extract: %d edit files written to %s\n", len(outputs), *outDir)
	return 0
}

type hooFilePair struct {
	orig, system, name string
}

// hooPairFiles pairs the files as batch_extract.py does: an original NNNN.txt (the part of
// its name before the first dot) with each system file whose name starts with NNNN. Hidden
// files are ignored. A system file matching two originals is an error.
func hooPairFiles(origDir, sysDir string) ([]hooFilePair, error) {
	origs, err := hooListFiles(origDir)
	if err != nil {
		return nil, err
	}
	systems, err := hooListFiles(sysDir)
	if err != nil {
		return nil, err
	}
	var pairs []hooFilePair
	seen := map[string]string{}
	for _, o := range origs {
		stem, _, _ := strings.Cut(o, ".")
		for _, s := range systems {
			if !strings.HasPrefix(s, stem) {
				continue
			}
			name, _, _ := strings.Cut(s, ".")
			if other, dup := seen[name]; dup {
				return nil, fmt.Errorf("%s: system file %s matches both %s and %s; expected one original per system file", sysDir, s, other, o)
			}
			seen[name] = o
			pairs = append(pairs, hooFilePair{filepath.Join(origDir, o), filepath.Join(sysDir, s), name})
		}
	}
	if len(pairs) == 0 {
		return nil, fmt.Errorf("no file in %s starts with the name (up to its first dot) of a file in %s; expected e.g. 0001XX1.txt for 0001.txt", sysDir, origDir)
	}
	return pairs, nil
}

func hooListFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// hooWriteAll writes each output as dir/NAME+ext (see writeFiles), creating dir if needed.
func hooWriteAll(dir string, outputs map[string][]byte, ext string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := make(map[string][]byte, len(outputs))
	for name, data := range outputs {
		files[filepath.Join(dir, name+ext)] = data
	}
	return writeFiles(files)
}

// runHooSynth is "maxmatch hoo synth --raw RAW_DIR --gold GOLD_DIR --out SYS_DIR [--variant
// V] [--seed N] [--fraction F] [--suffix XX1]"; args are what follows "hoo synth". For each
// gold file NNNNGE.xml it writes NNNN+suffix+.txt: the source NNNN.txt with the gold
// corrections the variant chooses (see package hoo/synth). On any error nothing is written
// and the status is 2.
func runHooSynth(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo synth", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rawDir := fs.String("raw", "", "directory of source texts NNNN.txt")
	goldDir := fs.String("gold", "", "directory of gold edit files NNNNGE.xml")
	outDir := fs.String("out", "", "directory to write the system texts into (created if missing)")
	variant := fs.String("variant", string(synth.AllGold), fmt.Sprintf("which gold corrections to apply: one of %v", synth.Variants))
	seed := fs.Uint64("seed", 1, "seed of the random variant")
	fraction := fs.Float64("fraction", 0.5, "share of the corrections the random variant applies")
	suffix := fs.String("suffix", "XX1", "team and run appended to NNNN in the output names")
	if code, done := parseArgs(fs, args, "usage: maxmatch hoo synth --raw RAW_DIR --gold GOLD_DIR --out SYS_DIR [--variant V] [--seed N] [--fraction F] [--suffix XX1]\n\n"+
		"Writes synthetic HOO 2011 system texts: the sources with gold corrections applied. Flags:\n\n", nil, stdout, stderr); done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "maxmatch hoo synth: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q: everything is given by flags", fs.Arg(0))
	case *rawDir == "" || *goldDir == "" || *outDir == "":
		return fail("--raw, --gold and --out are all required")
	case strings.ContainsAny(*suffix, `/\.`):
		return fail("--suffix %q must not hold a dot or a slash", *suffix)
	case !slices.Contains(synth.Variants, synth.Variant(*variant)):
		return fail("--variant %q is not known; expected one of %v", *variant, synth.Variants)
	}
	golds, err := hooListFiles(*goldDir)
	if err != nil {
		return fail("%v", err)
	}
	opt := synth.Options{Variant: synth.Variant(*variant), Seed: *seed, Fraction: *fraction}
	outputs := map[string][]byte{}
	for _, g := range golds {
		if !strings.HasSuffix(g, ".xml") {
			continue
		}
		id := strings.TrimSuffix(strings.TrimSuffix(g, ".xml"), "GE")
		goldPath := filepath.Join(*goldDir, g)
		f, err := os.Open(goldPath)
		if err != nil {
			return fail("%v", err)
		}
		gold, err := edits.Read(goldPath, f)
		f.Close()
		if err != nil {
			return fail("%v", err)
		}
		source, err := os.ReadFile(filepath.Join(*rawDir, id+".txt"))
		if err != nil {
			return fail("%s: %v", goldPath, err)
		}
		text, _, err := synth.Synthesize(source, gold, opt)
		if err != nil {
			return fail("%s: %v", goldPath, err)
		}
		outputs[id+*suffix] = text
	}
	if len(outputs) == 0 {
		return fail("no gold file (NNNNGE.xml) in %s", *goldDir)
	}
	if err := hooWriteAll(*outDir, outputs, ".txt"); err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "maxmatch hoo synth: %d system files (%s) written to %s\n", len(outputs), *variant, *outDir)
	return 0
}
