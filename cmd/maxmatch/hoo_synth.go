package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/hoo/fragment"
	"maxmatch/hoo/synth"
)

const hooSynthLong = `Writes synthetic HOO 2011 system texts: for each gold file GOLD_DIR/NNNNGE.xml, the text
SYS_DIR/NNNN+SUFFIX.txt, the raw text RAW_DIR/NNNN.txt with the gold corrections the variant
chooses (see package hoo/synth). On any error nothing is written and the exit status is 2.`

// newHooSynth returns "maxmatch hoo synth".
func (a *app) newHooSynth() *cobra.Command {
	var (
		origDir, goldDir, outDir, variant, suffix string
		seed                                      uint64
		fraction                                  float64
	)
	variants := make([]string, len(synth.Variants))
	for i, v := range synth.Variants {
		variants[i] = string(v)
	}
	cmd := a.newCommand([]usageLine{{"synth --orig RAW_DIR --gold GOLD_DIR --out SYS_DIR [--variant V --seed S]", "make synthetic HOO systems from gold edits"}}, hooSynthLong,
		func(cmd *cobra.Command, args []string) error {
			out, ok := fragment.ParseName("0000" + suffix + ".txt")
			switch {
			case len(args) > 0:
				return usagef("unexpected argument %q: everything is given by flags", args[0])
			case origDir == "" || goldDir == "" || outDir == "":
				return usagef("--orig, --gold and --out are all required")
			case !ok || out.Kind != fragment.SystemText:
				return usagef("--suffix: %q is not a team and a run, expected a team of two letters and a run of one digit (XX1), so that the texts are named NNNNxxN.txt", suffix)
			}
			c := a.newHooCommand(cmd.CommandPath())
			if cmd.Flags().Changed("raw") {
				c.warn("--raw is the old name of --orig, as every HOO command names the raw texts' directory")
			}
			a.code = c.synth(origDir, goldDir, outDir, suffix, synth.Options{Variant: synth.Variant(variant), Seed: seed, Fraction: fraction})
			return nil
		})
	fs := flagsOf(cmd)
	fs.stringVar(&origDir, "orig", "", "", dirArg, "directory of raw texts NNNN.txt")
	fs.alias("raw", "orig")
	fs.stringVar(&goldDir, "gold", "", "", dirArg, "directory of gold edit files NNNNGE.xml")
	fs.stringVar(&outDir, "out", "", "", outDirArg, "directory to write the system texts into (created if missing)")
	fs.choiceVar(&variant, "variant", string(synth.AllGold), variants, "which gold corrections to apply")
	fs.uint64Var(&seed, "seed", 1, "seed of the random variant")
	fs.floatVar(&fraction, "fraction", 0.5, floatRange{min: 0, max: 1, minIncluded: true}, "share of the corrections the random variant applies")
	fs.stringVar(&suffix, "suffix", "", "XX1", textArg, "team (two letters) and run (one digit) appended to NNNN in the output names")
	return cmd
}

// synth writes the synthetic system texts.
func (c *hooCommand) synth(origDir, goldDir, outDir, suffix string, opt synth.Options) int {
	golds, err := c.readDir(goldDir, fragment.Gold)
	if err != nil {
		return c.fail("%v", err)
	}
	raws, err := c.readDir(origDir, fragment.Raw)
	if err != nil {
		return c.fail("%v", err)
	}
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
		outputs[n.Fragment+suffix] = text
	}
	if err := c.writeAll(outDir, outputs, ".txt"); err != nil {
		return c.fail("%v", err)
	}
	return c.output(fmt.Appendf(nil, "maxmatch hoo synth: %s (%s) written to %s\n", fragment.SystemText.Count(len(outputs)), opt.Variant, outDir))
}
