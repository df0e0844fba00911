package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"maxmatch/hoo/fragment"
	"maxmatch/hoo/synth"
	"maxmatch/internal/cli"
	"maxmatch/internal/writefile"
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
	cmd := a.newCommand([]cli.Usage{{Args: "synth --orig RAW_DIR --gold GOLD_DIR --out SYS_DIR [--variant V --seed S]", What: "make synthetic HOO systems from gold edits"}}, hooSynthLong,
		func(cmd *cobra.Command, args []string) error {
			out, ok := fragment.ParseName("0000" + suffix + ".txt")
			switch {
			case len(args) > 0:
				return cli.Usagef("unexpected argument %q: everything is given by flags", args[0])
			case origDir == "" || goldDir == "" || outDir == "":
				return cli.Usagef("--orig, --gold and --out are all required")
			case !ok || out.Kind != fragment.SystemText:
				return cli.Usagef("--suffix: %q is not a team and a run, expected a team of two letters and a run of one digit (XX1), so that the texts are named NNNNxxN.txt", suffix)
			}
			c := a.newHooCommand(cmd.CommandPath())
			a.code = c.synth(origDir, goldDir, outDir, suffix, synth.Options{Variant: synth.Variant(variant), Seed: seed, Fraction: fraction})
			return nil
		})
	fs := cli.Flags(cmd)
	fs.String(&origDir, "orig", "", "", cli.DirArg, "directory of raw texts NNNN.txt")
	fs.Alias("raw", "orig", "as every HOO command names the raw texts' directory")
	fs.String(&goldDir, "gold", "", "", cli.DirArg, "directory of gold edit files NNNNGE.xml")
	fs.String(&outDir, "out", "", "", cli.OutDirArg, "directory to write the system texts into (created if missing)")
	fs.Choice(&variant, "variant", string(synth.AllGold), variants, "which gold corrections to apply")
	fs.Uint64(&seed, "seed", 1, "seed of the random variant")
	fs.Float(&fraction, "fraction", synth.DefaultFraction, cli.FloatRange{Min: 0, Max: 1, MinIncluded: true}, "share of the corrections the random variant applies")
	fs.String(&suffix, "suffix", "", "XX1", cli.TextArg, "team (two letters) and run (one digit) appended to NNNN in the output names")
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
	outputs, err := synth.SynthesizeFiles(golds, raws, suffix, opt, func(done, total int) { c.progress.Update("writing file", done, total) })
	if err != nil {
		return c.fail("%v", err)
	}
	if err := writefile.InDir(outDir, outputs, ".txt"); err != nil {
		return c.fail("%v", err)
	}
	return c.output(fmt.Appendf(nil, "maxmatch hoo synth: %s (%s) written to %s\n", fragment.SystemText.Count(len(outputs)), opt.Variant, outDir))
}
