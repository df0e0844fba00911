package main

import (
	"flag"
	"fmt"
	"io"
	"slices"

	"maxmatch/hoo/fragment"
	"maxmatch/hoo/synth"
	"maxmatch/hoo/wdiff"
)

// runHooWdiffExtract is "maxmatch hoo extract --method wdiff --orig RAW_DIR --system SYS_DIR
// --out XML_DIR [--fixed]"; args are what follows "hoo extract". Like the official
// batch_extract.py it writes, for each system text NNNNxxN.txt, NNNNxxN.xml into XML_DIR with
// the edits the official extractor finds against the raw text NNNN.txt; unlike it, every
// system text must have its raw text, and other names are ignored with a warning (package
// hoo/fragment). All files are extracted before any is written; on any error nothing is
// written and the status is 2.
func runHooWdiffExtract(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	method := fs.String("method", "wdiff", "extraction method: wdiff (the official HOO 2011 extractor) or m2 (see --method m2 -h)")
	origDir := fs.String("orig", "", "directory of raw texts NNNN.txt")
	sysDir := fs.String("system", "", "directory of system texts NNNNxxN.txt")
	outDir := fs.String("out", "", "directory to write the edit files NNNNxxN.xml into (created if missing)")
	fixed := fs.Bool("fixed", false, "repair the official extractor's defects (keep regions across line breaks, UTF-8 text, …)")
	if code, done := parseArgs(fs, args, hooExtractUsage, nil, stdout, stderr); done {
		return code
	}
	c := newHooCommand("maxmatch hoo extract", stdout, stderr)
	switch {
	case fs.NArg() > 0:
		return c.fail("unexpected argument %q: everything is given by flags", fs.Arg(0))
	case *method != "wdiff":
		return c.fail("--method %q is not known; expected wdiff or m2", *method)
	case *origDir == "" || *sysDir == "" || *outDir == "":
		return c.fail("--orig, --system and --out are all required")
	}
	pairs, err := c.pairTexts(*origDir, *sysDir)
	if err != nil {
		return c.fail("%v", err)
	}
	opt := wdiff.Options{Fixed: *fixed}
	outputs := make(map[string][]byte, len(pairs))
	for i, p := range pairs {
		c.progress.update("extracting file", i, len(pairs))
		orig, err := fragment.ReadText(p.raw)
		if err != nil {
			return c.fail("%v", err)
		}
		sys, err := fragment.ReadText(p.system)
		if err != nil {
			return c.fail("%v", err)
		}
		edits, err := wdiff.Extract([]byte(orig), []byte(sys), opt)
		if err == nil {
			outputs[p.name.Stem()], err = wdiff.XML(p.name.Stem(), edits, opt)
		}
		if err != nil {
			return c.fail("%s (against %s): %v", p.system, p.raw, err)
		}
	}
	c.progress.update("extracting file", len(pairs), len(pairs))
	if err := c.writeAll(*outDir, outputs, ".xml"); err != nil {
		return c.fail("%v", err)
	}
	return c.output(fmt.Appendf(nil, "maxmatch hoo extract: %s written to %s\n", fragment.SystemEdits.Count(len(outputs)), *outDir))
}

// hooTextPair is a system text and the raw text it corrects.
type hooTextPair struct {
	system, raw string        // paths
	name        fragment.Name // the system text's
}

// pairTexts pairs each system text of sysDir with its raw text in rawDir, which it must have.
func (c *hooCommand) pairTexts(rawDir, sysDir string) ([]hooTextPair, error) {
	raw, err := c.readDir(rawDir, fragment.Raw)
	if err != nil {
		return nil, err
	}
	sys, err := c.readDir(sysDir, fragment.SystemText)
	if err != nil {
		return nil, err
	}
	pairs := make([]hooTextPair, 0, len(sys.Files))
	for _, n := range sys.Files {
		p := hooTextPair{system: sys.PathOf(n), name: n}
		if p.raw, err = raw.Find(n, p.system); err != nil {
			return nil, err
		}
		pairs = append(pairs, p)
	}
	return pairs, nil
}

// runHooSynth is "maxmatch hoo synth --raw RAW_DIR --gold GOLD_DIR --out SYS_DIR [--variant
// V] [--seed N] [--fraction F] [--suffix XX1]"; args are what follows "hoo synth". For each
// gold file NNNNGE.xml it writes NNNN+suffix+.txt: the raw text NNNN.txt with the gold
// corrections the variant chooses (see package hoo/synth). On any error nothing is written
// and the status is 2.
func runHooSynth(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch hoo synth", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rawDir := fs.String("raw", "", "directory of raw texts NNNN.txt")
	goldDir := fs.String("gold", "", "directory of gold edit files NNNNGE.xml")
	outDir := fs.String("out", "", "directory to write the system texts into (created if missing)")
	variant := fs.String("variant", string(synth.AllGold), fmt.Sprintf("which gold corrections to apply: one of %v", synth.Variants))
	seed := fs.Uint64("seed", 1, "seed of the random variant")
	fraction := fs.Float64("fraction", 0.5, "share of the corrections the random variant applies")
	suffix := fs.String("suffix", "XX1", "team (two letters) and run (one digit) appended to NNNN in the output names")
	if code, done := parseArgs(fs, args, "usage: maxmatch hoo synth --raw RAW_DIR --gold GOLD_DIR --out SYS_DIR [--variant V] [--seed N] [--fraction F] [--suffix XX1]\n\n"+
		"Writes synthetic HOO 2011 system texts: the raw texts with gold corrections applied. Flags:\n\n", nil, stdout, stderr); done {
		return code
	}
	c := newHooCommand("maxmatch hoo synth", stdout, stderr)
	out, ok := fragment.ParseName("0000" + *suffix + ".txt")
	switch {
	case fs.NArg() > 0:
		return c.fail("unexpected argument %q: everything is given by flags", fs.Arg(0))
	case *rawDir == "" || *goldDir == "" || *outDir == "":
		return c.fail("--raw, --gold and --out are all required")
	case !ok || out.Kind != fragment.SystemText:
		return c.fail("--suffix %q: expected a team of two letters and a run of one digit (XX1), so that the texts are named NNNNxxN.txt", *suffix)
	case !slices.Contains(synth.Variants, synth.Variant(*variant)):
		return c.fail("--variant %q is not known; expected one of %v", *variant, synth.Variants)
	}
	golds, err := c.readDir(*goldDir, fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	raws, err := c.readDir(*rawDir, fragment.Raw)
	if err != nil {
		return c.fail("%v", err)
	}
	opt := synth.Options{Variant: synth.Variant(*variant), Seed: *seed, Fraction: *fraction}
	outputs := map[string][]byte{}
	for i, n := range golds.Files {
		c.progress.update("writing file", i, len(golds.Files))
		goldPath := golds.PathOf(n)
		rawPath, err := raws.Find(n, goldPath)
		if err != nil {
			return c.fail("%v", err)
		}
		gold, err := fragment.ReadEdits(goldPath)
		if err != nil {
			return c.fail("%v", err)
		}
		source, err := fragment.ReadText(rawPath)
		if err != nil {
			return c.fail("%v", err)
		}
		if err := fragment.CheckSpans(goldPath, gold, rawPath, len(source)); err != nil {
			return c.fail("%v", err)
		}
		text, _, err := synth.Synthesize([]byte(source), gold, opt)
		if err != nil {
			return c.fail("%s: %v", goldPath, err)
		}
		outputs[n.Fragment+*suffix] = text
	}
	if err := c.writeAll(*outDir, outputs, ".txt"); err != nil {
		return c.fail("%v", err)
	}
	return c.output(fmt.Appendf(nil, "maxmatch hoo synth: %s (%s) written to %s\n", fragment.SystemText.Count(len(outputs)), *variant, *outDir))
}
