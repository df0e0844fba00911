package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"maxmatch/hoo/m2extract"
)

// runHooExtract is "maxmatch hoo extract": it sends the arguments to the extraction that
// --method names (wdiff unless it says m2).
func runHooExtract(args []string, stdout, stderr io.Writer) int {
	if hooMethod(args) == "m2" {
		return runHooM2Extract(args, stdout, stderr)
	}
	return runHooWdiffExtract(args, stdout, stderr)
}

// hooMethod returns the value of the --method flag among args ("" when absent).
func hooMethod(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "method" {
			continue
		}
		if hasValue {
			return value
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// runHooM2Extract is "maxmatch hoo extract --method m2 --gold GOLD_DIR --orig RAW_DIR
// --system SYS_DIR --out XML_DIR [-u N]": for every system text, the edits M² chooses against
// the gold (package hoo/m2extract), as NAME.xml in XML_DIR. All files are extracted before
// any is written; on any error nothing is written and the status is 2.
func runHooM2Extract(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("method", "m2", "extraction method: m2 (MaxMatch against the gold edits) or wdiff")
	goldDir := fs.String("gold", "", "directory of gold edit files NNNNGE.xml")
	origDir := fs.String("orig", "", "directory of original texts NNNN.txt")
	sysDir := fs.String("system", "", "directory of system texts whose names start with NNNN")
	outDir := fs.String("out", "", "directory to write the edit XML files into (created if missing)")
	u := fs.Int("u", 2, "the most unchanged tokens one M² edit may hold")
	if code, done := parseArgs(fs, args,
		"usage: maxmatch hoo extract --method m2 --gold GOLD_DIR --orig RAW_DIR --system SYS_DIR --out XML_DIR [-u N]\n\n"+
			"Extracts HOO 2011 edit XML from system texts with MaxMatch: per sentence, the system edits that\n"+
			"match the gold edits best. Flags:\n\n", nil, stdout, stderr); done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "maxmatch hoo extract: "+format+"\n", a...)
		return exitError
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q: everything is given by flags", fs.Arg(0))
	case *goldDir == "" || *origDir == "" || *sysDir == "" || *outDir == "":
		return fail("--gold, --orig, --system and --out are all required with --method m2")
	case *u < 0:
		return fail("-u %d: expected a number of tokens, 0 or more", *u)
	}
	pairs, err := hooPairFiles(*origDir, *sysDir)
	if err != nil {
		return fail("%v", err)
	}
	opt := m2extract.Options{MaxUnchangedWords: *u}
	sources := map[string]*m2extract.Source{}
	golds := map[string][]m2extract.GoldEdit{}
	outputs := make(map[string][]byte, len(pairs))
	var total m2extract.Stats
	for _, p := range pairs {
		stem, _, _ := strings.Cut(filepath.Base(p.orig), ".")
		src, seen := sources[p.orig]
		if !seen {
			orig, err := os.ReadFile(p.orig)
			if err != nil {
				return fail("%v", err)
			}
			goldPath := filepath.Join(*goldDir, stem+"GE.xml")
			data, err := os.ReadFile(goldPath)
			if err != nil {
				return fail("%v (expected the gold edits of %s)", err, p.orig)
			}
			gold, err := m2extract.ReadGold(goldPath, bytes.NewReader(data))
			if err != nil {
				return fail("%v", err)
			}
			src = m2extract.NewSource(string(orig), opt)
			sources[p.orig], golds[p.orig] = src, gold
			total.Sentences += len(src.Sentences)
		}
		sys, err := os.ReadFile(p.system)
		if err != nil {
			return fail("%v", err)
		}
		edits, st, err := src.Extract(string(sys), golds[p.orig], opt)
		if err == nil {
			outputs[p.name], err = m2extract.XML(p.name, edits)
		}
		if err != nil {
			return fail("%s (against %s and %s): %v", p.system, p.orig, filepath.Join(*goldDir, stem+"GE.xml"), err)
		}
		st.Sentences = 0 // the source's, counted once above
		if seen {        // and its gold too
			st.GoldCorrections, st.GoldWidened, st.GoldLost = 0, 0, 0
		}
		total = total.Add(st)
	}
	if err := hooWriteAll(*outDir, outputs, ".xml"); err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "maxmatch hoo extract: %d edit files written to %s\n", len(outputs), *outDir)
	fmt.Fprintf(stdout, "M² (u = %d): %d edits, %d of them equal to a gold edit (%d joined from edits M² split); %d units scored",
		*u, total.Edits, total.GoldEqual, total.Joined, total.Units)
	if total.Bounded > 0 {
		fmt.Fprintf(stdout, ", %d by the bounded search", total.Bounded)
	}
	fmt.Fprintf(stdout, "\ngold (%d sources): %d corrections, %d widened to whole tokens, %d white space only (not expressible in tokens)\n",
		len(sources), total.GoldCorrections, total.GoldWidened, total.GoldLost)
	return exitOK
}
