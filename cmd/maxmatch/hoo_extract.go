package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/hoo/fragment"
	"maxmatch/hoo/m2extract"
	"maxmatch/hoo/wdiff"
)

const hooExtractLong = `Writes, for each system text SYS_DIR/NNNNxxN.txt, the edit file XML_DIR/NNNNxxN.xml: the edits
(byte offsets into the raw text RAW_DIR/NNNN.txt) that turn the raw text into the system's.

--method wdiff (the default) finds them as the official HOO 2011 tools did (batch_extract.py:
GNU wdiff, then diffextract.py); unlike them, every system text must have its raw text, and
other names are ignored with a warning. --method m2 lets MaxMatch choose, sentence by sentence,
the edits that match the gold edits GOLD_DIR/NNNNGE.xml best. All files are extracted before any
is written; on any error nothing is written and the exit status is 2.`

// hooExtractFlags are the flags of "maxmatch hoo extract".
type hooExtractFlags struct {
	method                        string
	goldDir, origDir, sysDir, dir string
	fixed                         bool
	u                             int
}

// newHooExtract returns "maxmatch hoo extract".
func (a *app) newHooExtract() *cobra.Command {
	var f hooExtractFlags
	cmd := a.newCommand([]usageLine{
		{"extract --method wdiff --orig RAW_DIR --system SYS_DIR --out XML_DIR [--fixed]", "extract HOO edits from corrected texts as the HOO 2011 tools did"},
		{"extract --method m2 --gold GOLD_DIR --orig RAW_DIR --system SYS_DIR --out XML_DIR [-u N]", "extract HOO edits with MaxMatch, matching the gold edits best"},
	}, hooExtractLong, func(cmd *cobra.Command, args []string) error {
		set := cmd.Flags().Changed
		switch {
		case len(args) > 0:
			return usagef("unexpected argument %q: everything is given by flags", args[0])
		case f.method == "wdiff" && set("gold"):
			return usagef("--gold is for --method m2: the wdiff extraction does not read the gold edits")
		case f.method == "wdiff" && set("max_unchanged_words"):
			return usagef("-u/--max_unchanged_words is for --method m2")
		case f.method == "m2" && set("fixed"):
			return usagef("--fixed is for --method wdiff")
		case f.method == "m2" && (f.goldDir == "" || f.origDir == "" || f.sysDir == "" || f.dir == ""):
			return usagef("--gold, --orig, --system and --out are all required with --method m2")
		case f.origDir == "" || f.sysDir == "" || f.dir == "":
			return usagef("--orig, --system and --out are all required")
		}
		c := a.newHooCommand(cmd.CommandPath())
		if f.method == "m2" {
			a.code = c.extractM2(f)
		} else {
			a.code = c.extractWdiff(f)
		}
		return nil
	})
	fs := flagsOf(cmd)
	fs.choiceVar(&f.method, "method", "wdiff", []string{"wdiff", "m2"}, "extraction method: wdiff (the official HOO 2011 extractor) or m2 (MaxMatch against the gold edits)")
	fs.stringVar(&f.goldDir, "gold", "", "", dirArg, "m2: directory of gold edit files NNNNGE.xml")
	fs.stringVar(&f.origDir, "orig", "", "", dirArg, "directory of raw texts NNNN.txt")
	fs.stringVar(&f.sysDir, "system", "", "", dirArg, "directory of system texts NNNNxxN.txt")
	fs.stringVar(&f.dir, "out", "", "", outDirArg, "directory to write the edit files NNNNxxN.xml into (created if missing)")
	fs.boolVar(&f.fixed, "fixed", "", "wdiff: repair the official extractor's defects (keep regions across line breaks, UTF-8 text, …)")
	fs.intVar(&f.u, "max_unchanged_words", "u", 2, uRange, "m2: the most unchanged tokens one M² edit may hold")
	return cmd
}

// extractWdiff is "maxmatch hoo extract --method wdiff": for each system text NNNNxxN.txt,
// NNNNxxN.xml with the edits the official extractor finds against the raw text NNNN.txt.
func (c *hooCommand) extractWdiff(f hooExtractFlags) int {
	pairs, err := c.pairTexts(f.origDir, f.sysDir)
	if err != nil {
		return c.fail("%v", err)
	}
	opt := wdiff.Options{Fixed: f.fixed}
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
	if err := c.writeAll(f.dir, outputs, ".xml"); err != nil {
		return c.fail("%v", err)
	}
	return c.output(fmt.Appendf(nil, "maxmatch hoo extract: %s written to %s\n", fragment.SystemEdits.Count(len(outputs)), f.dir))
}

// extractM2 is "maxmatch hoo extract --method m2": for every system text, the edits M² chooses
// against the gold (package hoo/m2extract).
func (c *hooCommand) extractM2(f hooExtractFlags) int {
	pairs, err := c.pairTexts(f.origDir, f.sysDir)
	if err != nil {
		return c.fail("%v", err)
	}
	golds, err := c.readDir(f.goldDir, fragment.Gold)
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
		opt := m2extract.Options{MaxUnchangedWords: f.u, Progress: c.fileProgress(p.name.File(), i, len(pairs))}
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
	if err := c.writeAll(f.dir, outputs, ".xml"); err != nil {
		return c.fail("%v", err)
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "maxmatch hoo extract: %s written to %s\n", fragment.SystemEdits.Count(len(outputs)), f.dir)
	fmt.Fprintf(&out, "M² (u = %d): %d edits, %d of them equal to a gold edit (%d joined from edits M² split); %d units scored",
		f.u, total.Edits, total.GoldEqual, total.Joined, total.Units)
	if total.Bounded > 0 {
		fmt.Fprintf(&out, ", %d by the bounded search", total.Bounded)
	}
	fmt.Fprintf(&out, "\ngold (%d sources): %d corrections, %d widened to whole tokens, %d white space only (not expressible in tokens)\n",
		len(sources), total.GoldCorrections, total.GoldWidened, total.GoldLost)
	return c.output(out.Bytes())
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
