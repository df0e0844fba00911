package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"maxmatch/nbest"
	"maxmatch/report"
	"maxmatch/scorer"
)

const oracleLong = `Chooses one hypothesis per gold sentence from the n-best list NBEST (formats as for "maxmatch
nbest") to maximise the official corpus F_β of the chosen hypotheses — the score "maxmatch score"
gives them as a system file — and prints that score, the greedy choice's, an upper bound, and
how the choice was found: by trying every combination, or by coordinate ascent from the better
of the greedy choice and the bound's (never below the greedy one), which is the best when it
reaches the bound. A gold sentence without a hypothesis in the list keeps its source. -o writes
the chosen hypotheses as a system file; --jsonl prints every sentence's choice.`

// newOracle returns "maxmatch oracle".
func (a *app) newOracle() *cobra.Command {
	var f nbestFlags
	var jsonl bool
	var output string
	cmd := a.newCommand([]usageLine{{"oracle [flags] NBEST GOLD", "choose one hypothesis per sentence for the best corpus F"}}, oracleLong,
		func(cmd *cobra.Command, args []string) error {
			if err := f.check(args); err != nil {
				return err
			}
			if err := checkOutputs(map[string]string{"-o/--output": output}, []string{"NBEST", "GOLD"}, args); err != nil {
				return err
			}
			a.code = a.oracle(f, jsonl, output, args)
			return nil
		})
	fs := flagsOf(cmd)
	nbestFlagSet(fs, &f)
	fs.boolVar(&jsonl, "jsonl", "", `print one JSON object per gold sentence, {"id", "k", "hyp", "annotator", "correct", "proposed", "gold"} (k -1: the source, no hypothesis in the list), then {"total": {"sentences", "correct", "proposed", "gold", "tp", "fp", "fn", "p", "r", "f", "greedy_f", "upper_bound", "method", "exact", "sweeps"}}`)
	fs.stringVar(&output, "output", "o", "", outFileArg, "write the chosen hypotheses to this file, one per gold sentence (a system file; not one of the inputs)")
	return cmd
}

// oracle scores the list, searches the best choice and prints it.
func (a *app) oracle(f nbestFlags, jsonl bool, output string, args []string) int {
	const cmd = "maxmatch oracle"
	stdout, stderr := a.stdout, a.stderr
	goldPath := args[1]
	prog := newProgress(cmd, stderr)
	gold, list, err := f.readInputs(goldPath, args[0], stdin, prog)
	if err != nil {
		return prog.fail("%v", err)
	}
	rd, closeList, err := list.open(f.listFormat(), len(gold))
	if err != nil {
		return prog.fail("%v", err)
	}
	defer closeList()

	p := scorer.Prepare(gold, f.opt)
	candidates := make([][]nbest.Candidate, len(gold))
	hyps := make([][]string, len(gold))
	done := 0
	err = scoreList(rd.Next, p, f.opt.Workers, func(b *nbestBatch, g *nbest.Group, rs []scorer.SentenceResult) {
		cs := make([]nbest.Candidate, len(rs))
		for k := range rs {
			cs[k] = make(nbest.Candidate, len(rs[k].Annotators))
			for a := range rs[k].Annotators {
				cs[k][a] = rs[k].Annotators[a].Counts()
			}
		}
		b.candidates = append(b.candidates, cs)
	}, func(b *nbestBatch) error {
		done += b.hyps
		prog.update("scoring hypothesis", done, 0)
		for _, w := range b.warnings {
			prog.warn("%s: %s", list.name(), w)
		}
		for gi := range b.groups {
			g := &b.groups[gi]
			candidates[g.Sentence] = b.candidates[gi]
			hyps[g.Sentence] = make([]string, len(g.Hyps))
			for k, h := range g.Hyps {
				hyps[g.Sentence][k] = strings.Clone(h) // not the whole line it was cut from
			}
		}
		return nil
	})
	if err != nil {
		prog.clear()
		printScoreError(stderr, cmd, err, goldPath, "")
		return exitError
	}
	// A sentence without a hypothesis keeps its source, which proposes nothing.
	missing, firstMissing := 0, -1
	ev := p.Evaluator()
	for i := range gold {
		if len(candidates[i]) > 0 {
			continue
		}
		hyps[i] = nil
		if missing++; firstMissing < 0 {
			firstMissing = i
		}
		r, err := ev.Evaluate(i, gold[i].Source)
		if err != nil { // the source proposes nothing: only a budget too small to start with
			return prog.fail("%v", err)
		}
		c := make(nbest.Candidate, len(r.Annotators))
		for a := range r.Annotators {
			c[a] = r.Annotators[a].Counts()
		}
		candidates[i] = []nbest.Candidate{c}
	}
	if missing > 0 {
		verb := "have"
		if missing == 1 {
			verb = "has"
		}
		prog.warn("%s: %d of the %d gold sentences %s no hypothesis in the list (the first: sentence %d, %s line %d); the source is used, which proposes no edit",
			list.name(), missing, len(gold), verb, firstMissing, goldPath, gold[firstMissing].Line)
	}
	prog.update("searching the oracle", 0, 0)
	res := nbest.Oracle(candidates, f.opt.Beta)
	prog.clear()

	chosenText := func(i int) string {
		if hyps[i] == nil {
			return gold[i].Source
		}
		return hyps[i][res.Choice[i]]
	}
	if output != "" {
		var text strings.Builder
		for i := range gold {
			text.WriteString(chosenText(i))
			text.WriteByte('\n')
		}
		if err := writeFiles(map[string][]byte{output: []byte(text.String())}); err != nil {
			return prog.fail("cannot write the chosen hypotheses: %v", err)
		}
	}

	out := bufio.NewWriter(stdout)
	c := res.Totals.Counts()
	_, _, greedy := res.Greedy.PRF()
	if jsonl {
		var j report.JSONWriter
		t := scorer.Totals{Beta: f.opt.Beta}
		for i := range gold {
			k := res.Choice[i]
			a := t.ChooseCounts(candidates[i][k])
			n := candidates[i][k][a]
			if hyps[i] == nil {
				k = -1
			}
			j.Reset(j.Bytes()[:0])
			j.Object()
			j.Key("id").Int(i)
			j.Key("k").Int(k)
			j.Key("hyp").String(chosenText(i))
			j.Key("annotator").Int(gold[i].Annotators[a].ID)
			j.Key("correct").Int(n.Correct)
			j.Key("proposed").Int(n.Proposed)
			j.Key("gold").Int(n.Gold)
			j.End()
			out.Write(append(j.Bytes(), '\n'))
		}
		j.Reset(j.Bytes()[:0])
		j.Object()
		j.Key("total").Object()
		j.Key("sentences").Int(len(gold))
		report.WriteScore(&j, c, f.opt.Beta)
		j.Key("greedy_f").Float(greedy)
		j.Key("upper_bound").Float(res.UpperBound)
		j.Key("method").String(res.Method.String())
		j.Key("exact").Bool(res.Method.Exact())
		j.Key("sweeps").Int(res.Sweeps)
		j.End()
		j.End()
		out.Write(append(j.Bytes(), '\n'))
	} else {
		label := report.FBetaLabel(f.opt.Beta)
		out.Write(report.TotalFields(res.Totals, true).AppendText(nil)) // as score --counts prints them
		fmt.Fprintf(out, "Greedy      : %s %.4f (each sentence's best hypothesis for the totals before it)\n", label, greedy)
		fmt.Fprintf(out, "Upper bound : %s %.4f (the best with the annotator free in every sentence)\n", label, res.UpperBound)
		switch res.Method {
		case nbest.Ascent:
			fmt.Fprintf(out, "Method      : %s, %s; not proved the best\n", res.Method, plural(res.Sweeps, "sweep"))
		case nbest.Bound:
			fmt.Fprintf(out, "Method      : coordinate ascent, %s, reached the upper bound: the best\n", plural(res.Sweeps, "sweep"))
		default:
			fmt.Fprintf(out, "Method      : %s of every combination: the best\n", res.Method)
		}
	}
	if err := out.Flush(); err != nil {
		return writeFailure(cmd, err, stderr)
	}
	return exitOK
}
