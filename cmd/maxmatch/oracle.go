package main

import (
	"bytes"
	"errors"

	"github.com/spf13/cobra"

	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/internal/wording"
	"maxmatch/internal/writefile"
	"maxmatch/nbest"
	"maxmatch/report"
)

const oracleLong = `Chooses one hypothesis per gold sentence from the n-best list NBEST (formats as for "maxmatch
nbest") to maximise the official corpus F_β of the chosen hypotheses — the score "maxmatch score"
gives them as a system file — and prints that score, the greedy choice's, an upper bound, and
how the choice was found: by trying every combination, or by coordinate ascent from the better
of the greedy choice and the bound's (never below the greedy one), which is the best when it
reaches the bound. A gold sentence without a hypothesis in the list keeps its source. -o writes
the chosen hypotheses as a system file; --format prints the report in another format; --jsonl
prints every sentence's choice, then the report.`

// newOracle returns "maxmatch oracle".
func (a *app) newOracle() *cobra.Command {
	var f nbestFlags
	var output string
	cmd := a.newCommand([]cli.Usage{{Args: "oracle [flags] NBEST GOLD", What: "choose one hypothesis per sentence for the best corpus F"}}, oracleLong,
		func(cmd *cobra.Command, args []string) error {
			if err := f.check(args); err != nil {
				return err
			}
			if err := checkOutputs(map[string]string{"-o/--output": output}, nil, []string{"NBEST", "GOLD"}, args); err != nil {
				return err
			}
			a.code = a.oracle(f, output, args)
			return nil
		})
	fs := cli.Flags(cmd)
	nbestFlagSet(fs, &f, oracleFormats, "print the report in this format (text when not given; json: one object on a line, the members of --jsonl's total)")
	fs.Bool(&f.jsonl, "jsonl", "", `print one JSON object per gold sentence, {"id", "k", "hyp", "annotator", "correct", "proposed", "gold"} (k -1: the source, no hypothesis in the list), then {"total": {"sentences", "correct", "proposed", "gold", "tp", "fp", "fn", "p", "r", "f", "greedy_f", "upper_bound", "method", "exact", "sweeps"}}`)
	fs.String(&output, "output", "o", "", cli.OutFileArg, "write the chosen hypotheses to this file, one per gold sentence (a system file; not one of the inputs)")
	return cmd
}

// oracleFormats are the formats of oracle's report, which is fields, not a table.
var oracleFormats = []report.Format{report.FormatText, report.FormatMarkdown, report.FormatJSON}

// oracle scores the list, searches the best choice and prints it.
func (a *app) oracle(f nbestFlags, output string, args []string) int {
	const cmd = "maxmatch oracle"
	stderr := a.stderr
	goldPath := args[1]
	prog := progress.New(cmd, stderr)
	gold, _, err := f.readGold(cmd, args, prog)
	if err != nil {
		return fail(prog, "%v", err)
	}
	list := f.openList(args[0], prog)
	defer list.Close()
	r := list.Reader()
	defer r.Close()
	done := 0
	o, err := nbest.ScoreList(nbest.NewReader(r, list.Name(), f.listFormat(), len(gold)).Next, gold, f.opt, func(b *nbest.Batch) {
		done += b.Hyps
		prog.Update("scoring hypothesis", done, 0)
		for _, w := range b.Warnings {
			prog.Warn("%s: %s", list.Name(), w)
		}
	})
	var kept *nbest.KeptError
	if errors.As(err, &kept) {
		kept.List = list.Name()
	}
	if err != nil {
		return fail(prog, "%v", goldError(err, goldPath))
	}
	if o.Missing > 0 {
		verb := "have"
		if o.Missing == 1 {
			verb = "has"
		}
		prog.Warn("%s: %d of the %d %s %s no hypothesis in the list (the first: sentence %d, %s line %d); the source is used, which proposes no edit",
			list.Name(), o.Missing, len(gold), wording.Noun(len(gold), "gold sentence"), verb, o.FirstMissing, goldPath, gold[o.FirstMissing].Line)
	}
	prog.Update("searching the oracle", 0, 0)
	o.Search(f.opt.Beta)
	prog.Clear()
	if output != "" {
		if err := writefile.All(map[string][]byte{output: o.AppendSystem(nil, gold)}); err != nil {
			return fail(prog, "cannot write the chosen hypotheses: %v", err)
		}
	}
	if f.jsonl {
		return a.output(cmd, o.AppendJSONLines(nil, gold, f.opt.Beta))
	}
	var out bytes.Buffer
	report.Document{{Fields: o.Fields(len(gold), f.opt.Beta)}}.Write(&out, tableFormat(f.format, report.FormatText)) // to a buffer, it cannot fail
	return a.output(cmd, out.Bytes())
}
