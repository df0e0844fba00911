package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"

	"maxmatch/hoo/fragment"
	"maxmatch/hoo/m2extract"
)

const hooExtractUsage = `usage: maxmatch hoo extract --method wdiff --orig RAW_DIR --system SYS_DIR --out XML_DIR [--fixed]
       maxmatch hoo extract --method m2 --gold GOLD_DIR --orig RAW_DIR --system SYS_DIR --out XML_DIR [-u N]

Writes, for each system text SYS_DIR/NNNNxxN.txt, the edit file XML_DIR/NNNNxxN.xml: the edits
(byte offsets into the raw text RAW_DIR/NNNN.txt) that turn the raw text into the system's.

--method wdiff (the default) finds them as the official HOO 2011 tools did (batch_extract.py:
GNU wdiff, then diffextract.py); --method m2 lets MaxMatch choose, sentence by sentence, the
edits that match the gold edits GOLD_DIR/NNNNGE.xml best ("maxmatch hoo extract --method m2 -h"
for its flags). Flags:

`

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
	origDir := fs.String("orig", "", "directory of raw texts NNNN.txt")
	sysDir := fs.String("system", "", "directory of system texts NNNNxxN.txt")
	outDir := fs.String("out", "", "directory to write the edit files NNNNxxN.xml into (created if missing)")
	u := fs.Int("u", 2, "the most unchanged tokens one M² edit may hold")
	if code, done := parseArgs(fs, args,
		"usage: maxmatch hoo extract --method m2 --gold GOLD_DIR --orig RAW_DIR --system SYS_DIR --out XML_DIR [-u N]\n\n"+
			"Extracts HOO 2011 edit XML from system texts with MaxMatch: per sentence, the system edits that\n"+
			"match the gold edits best. Flags:\n\n", nil, stdout, stderr); done {
		return code
	}
	c := newHooCommand("maxmatch hoo extract", stdout, stderr)
	switch {
	case fs.NArg() > 0:
		return c.fail("unexpected argument %q: everything is given by flags", fs.Arg(0))
	case *goldDir == "" || *origDir == "" || *sysDir == "" || *outDir == "":
		return c.fail("--gold, --orig, --system and --out are all required with --method m2")
	case *u < 0:
		return c.fail("-u %d: expected a number of tokens, 0 or more", *u)
	}
	pairs, err := c.pairTexts(*origDir, *sysDir)
	if err != nil {
		return c.fail("%v", err)
	}
	golds, err := c.readDir(*goldDir, fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	goldPaths := make([]string, len(pairs))
	for i, p := range pairs {
		if goldPaths[i], err = golds.Find(p.name, p.system); err != nil {
			return c.fail("%v", err)
		}
	}
	type source struct {
		src  *m2extract.Source
		gold []m2extract.GoldEdit
	}
	sources := map[string]source{} // by raw text
	outputs := make(map[string][]byte, len(pairs))
	var total m2extract.Stats
	for i, p := range pairs {
		opt := m2extract.Options{MaxUnchangedWords: *u, Progress: c.fileProgress(p.name.File(), i, len(pairs))}
		s, seen := sources[p.raw]
		if !seen {
			orig, err := fragment.ReadText(p.raw)
			if err != nil {
				return c.fail("%v", err)
			}
			gold, err := fragment.ReadEdits(goldPaths[i])
			if err != nil {
				return c.fail("%v", err)
			}
			if err := fragment.CheckSpans(goldPaths[i], gold, p.raw, len(orig)); err != nil {
				return c.fail("%v", err)
			}
			s = source{m2extract.NewSource(orig, opt), m2extract.FromEdits(gold)}
			sources[p.raw] = s
			total.Sentences += len(s.src.Sentences)
		}
		sys, err := fragment.ReadText(p.system)
		if err != nil {
			return c.fail("%v", err)
		}
		edits, st, err := s.src.Extract(sys, s.gold, opt)
		if err == nil {
			outputs[p.name.Stem()], err = m2extract.XML(p.name.Stem(), edits)
		}
		if err != nil {
			return c.fail("%s (against %s and %s): %v", p.system, p.raw, goldPaths[i], err)
		}
		st.Sentences = 0 // the source's, counted once above
		if seen {        // and its gold too
			st.GoldCorrections, st.GoldWidened, st.GoldLost = 0, 0, 0
		}
		total = total.Add(st)
	}
	if err := c.writeAll(*outDir, outputs, ".xml"); err != nil {
		return c.fail("%v", err)
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "maxmatch hoo extract: %s written to %s\n", fragment.SystemEdits.Count(len(outputs)), *outDir)
	fmt.Fprintf(&out, "M² (u = %d): %d edits, %d of them equal to a gold edit (%d joined from edits M² split); %d units scored",
		*u, total.Edits, total.GoldEqual, total.Joined, total.Units)
	if total.Bounded > 0 {
		fmt.Fprintf(&out, ", %d by the bounded search", total.Bounded)
	}
	fmt.Fprintf(&out, "\ngold (%d sources): %d corrections, %d widened to whole tokens, %d white space only (not expressible in tokens)\n",
		len(sources), total.GoldCorrections, total.GoldWidened, total.GoldLost)
	return c.output(out.Bytes())
}
