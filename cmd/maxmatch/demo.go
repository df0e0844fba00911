package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"maxmatch/internal/cli"
	"maxmatch/scorer"
)

// The demo's sample: our own sentences, each showing one thing the scorer does.
var (
	//go:embed demodata/demo.m2
	demoGold []byte
	//go:embed demodata/demo.txt
	demoSystem []byte
)

const demoLong = `Scores a small embedded sample (a system's output for a few sentences against an M2 gold
standard) and explains, sentence by sentence, what the scorer did and what the numbers mean.
It takes no arguments and no flags.
`

// newDemo returns "maxmatch demo".
func (a *app) newDemo() *cobra.Command {
	return a.newCommand([]cli.Usage{{Args: "demo", What: "score an embedded sample and explain the output"}}, demoLong,
		func(cmd *cobra.Command, args []string) error {
			if err := cli.ExactArgs(args); err != nil {
				return err
			}
			a.code = a.demo()
			return nil
		})
}

// demo scores the sample and explains it.
func (a *app) demo() int {
	const cmd = "maxmatch demo"
	stdout, stderr := a.stdout, a.stderr
	gold, err := scorer.ReadM2("demo.m2", demoGold, 0)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	hyps, err := scorer.ReadSystem("demo.txt", demoSystem)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	opt := scorer.DefaultOptions()
	out := &bytes.Buffer{} // written whole at the end, checked
	fmt.Fprintf(out, "maxmatch demo: a system's output for %d sentences, scored against an M2 gold standard\n", len(gold))
	fmt.Fprintf(out, "(u = %d unchanged words per edit, β = %.1f, release 3.2 behaviour).\n\n", opt.MaxUnchangedWords, opt.Beta)
	totals, err := scorer.Score(hyps, gold, opt, func(r *scorer.SentenceResult) error {
		a := r.ChosenResult()
		fmt.Fprintf(out, "Sentence %d\n  source      %s\n  hypothesis  %s\n", r.Index+1, r.Source, r.Hypothesis)
		if len(a.Edits) == 0 && len(a.Gold) == 0 {
			fmt.Fprintf(out, "  no edit proposed, none expected\n")
		}
		for _, e := range a.Edits {
			mark, note := "✗", "not in the gold standard"
			for _, c := range a.Correct {
				if c == e {
					mark, note = "✓", "matches a gold edit"
				}
			}
			t := scorer.Trim(e) // shown without the unchanged words an edit may carry
			fmt.Fprintf(out, "  %s proposed  %s %s\n", mark, demoEdit(t.Start, t.End, t.Original, t.Correction), note)
		}
		for _, g := range a.Gold {
			found := false
			for _, c := range a.Correct {
				if c.Start == g.Start && c.End == g.End && c.Original == g.Original {
					found = true
				}
			}
			if !found {
				fmt.Fprintf(out, "  - missed    %s a gold edit the system did not make\n", demoEdit(g.Start, g.End, g.Original, g.Corrections[0]))
			}
		}
		n := a.Counts()
		if len(r.Annotators) > 1 {
			fmt.Fprintf(out, "  %d annotators; annotator %d is chosen: it gives the best F so far\n", len(r.Annotators), a.Annotator)
		}
		fmt.Fprintf(out, "  counts: %d correct, %d proposed, %d gold\n\n", n.Correct, n.Proposed, n.Gold)
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	c := totals.Counts()
	p, r, f := totals.PRF()
	fmt.Fprintf(out, "Totals: %d correct, %d proposed, %d gold edits.\n", c.Correct, c.Proposed, c.Gold)
	fmt.Fprintf(out, "Precision   : %.4f\nRecall      : %.4f\nF_%.1f       : %.4f\n\n", p, r, opt.Beta, f)
	fmt.Fprintf(out, `What it means:
  Precision = correct / proposed: %d of the %d edits the system made are in the gold standard
              (sentence 4 changed "was" to "were", which no annotator asked for).
  Recall    = correct / gold: the system made %d of the %d edits the annotators asked for
              (it missed "play" → "plays" in sentence 3).
  F_0.5     weighs precision twice as much as recall, as in CoNLL-2014.
  M² finds, among all the ways to explain the hypothesis as edits of the source, the one that
  matches the most gold edits: in sentence 2 it groups "many informations" → "much information"
  into one edit because the gold standard has that phrase. In sentence 5 the annotators
  disagree, and the one that favours the system is chosen, as the official scorer does.

Score your own files with:  maxmatch score SYSTEM GOLD      (add --explain to see every sentence)
`, c.Correct, c.Proposed, c.Correct, c.Gold)
	return output(stdout, stderr, "maxmatch demo", out.Bytes())
}

// demoEditColumns is the width of the demo's edit column, before what it says of the edit.
const demoEditColumns = 40

// demoEdit is an edit in the demo's edit column: padded to demoEditColumns, or, longer, alone on
// its line, what follows it on the next, under the column.
func demoEdit(start, end int, orig, corr string) string {
	s := fmt.Sprintf("%d-%d %s → %s", start, end, strconv.Quote(orig), strconv.Quote(corr))
	if n := utf8.RuneCountInString(s); n <= demoEditColumns {
		return s + strings.Repeat(" ", demoEditColumns-n)
	}
	return s + "\n" + strings.Repeat(" ", utf8.RuneCountInString("  ✓ proposed  ")+demoEditColumns)
}
