package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"maxmatch/nbest"
	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/service"
)

const oracleUsage = `usage: maxmatch oracle [flags] NBEST GOLD

Chooses one hypothesis per gold sentence from the n-best list NBEST (formats as for "maxmatch
nbest") to maximise the official corpus F_β of the chosen hypotheses — the score "maxmatch score"
gives them as a system file — and prints that score, the greedy choice's, an upper bound, and
how the choice was found: by trying every combination, or by coordinate ascent from the better
of the greedy choice and the bound's (never below the greedy one), which is the best when it
reaches the bound. A gold sentence without a hypothesis in the list keeps its source. -o writes
the chosen hypotheses as a system file; --jsonl prints every sentence's choice. Flags:

`

func runOracle(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f nbestFlags
	var jsonl bool
	var output string
	fs := newNbestFlagSet("maxmatch oracle", &f, stderr)
	fs.BoolVar(&jsonl, "jsonl", false, `print one JSON object per gold sentence, {"id", "k", "hyp", "annotator", "correct", "proposed", "gold"} (k -1: the source, no hypothesis in the list), then {"total": {"sentences", "correct", "proposed", "gold", "tp", "fp", "fn", "p", "r", "f", "greedy_f", "upper_bound", "method", "exact", "sweeps"}}`)
	fs.StringVar(&output, "o", "", "write the chosen hypotheses to this file, one per gold sentence (a system file)")
	if code, done := parseArgs(fs, args, oracleUsage, []string{"NBEST", "GOLD"}, stdout, stderr); done {
		return code
	}
	if !checkOptions("maxmatch oracle", f.opt, stderr) || !checkStdin("maxmatch oracle", []string{"NBEST", "GOLD"}, fs.Args(), stderr) {
		return exitError
	}
	goldPath := fs.Arg(1)
	prog := newProgress(stderr)
	gold, list, err := f.readInputs(goldPath, fs.Arg(0), stdin, prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	rd, closeList, err := list.open(f.format, len(gold))
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
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
			prog.printf("maxmatch: warning: %s: %s\n", list.name(), w)
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
		printScoreError(stderr, err, goldPath, "")
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
			fmt.Fprintf(stderr, "maxmatch: %v\n", err)
			return exitError
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
		prog.printf("maxmatch: warning: %s: %d of the %d gold sentences %s no hypothesis in the list (the first: sentence %d, %s line %d); the source is used, which proposes no edit\n",
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
			fmt.Fprintf(stderr, "maxmatch: cannot write the chosen hypotheses: %v\n", err)
			return exitError
		}
	}

	out := bufio.NewWriter(stdout)
	c := res.Totals.Counts()
	pr, rc, fb := res.Totals.PRF()
	_, _, greedy := res.Greedy.PRF()
	if jsonl {
		var b []byte
		t := scorer.Totals{Beta: f.opt.Beta}
		for i := range gold {
			k := res.Choice[i]
			a := t.ChooseCounts(candidates[i][k])
			n := candidates[i][k][a]
			if hyps[i] == nil {
				k = -1
			}
			b = service.AppendInt(b[:0], `{"id":`, i)
			b = service.AppendInt(b, `,"k":`, k)
			b = append(b, `,"hyp":`...)
			b = report.AppendJSONString(b, chosenText(i))
			b = service.AppendInt(b, `,"annotator":`, gold[i].Annotators[a].ID)
			b = service.AppendInt(b, `,"correct":`, n.Correct)
			b = service.AppendInt(b, `,"proposed":`, n.Proposed)
			b = service.AppendInt(b, `,"gold":`, n.Gold)
			b = append(b, "}\n"...)
			out.Write(b)
		}
		b = service.AppendInt(b[:0], `{"total":{"sentences":`, len(gold))
		b = service.AppendScore(b, c, pr, rc, fb)
		b = service.AppendFloat(b, `,"greedy_f":`, greedy)
		b = service.AppendFloat(b, `,"upper_bound":`, res.UpperBound)
		b = append(b, `,"method":`...)
		b = report.AppendJSONString(b, res.Method.String())
		b = fmt.Appendf(b, `,"exact":%t,"sweeps":%d}}`+"\n", res.Method.Exact(), res.Sweeps)
		out.Write(b)
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
		fmt.Fprintf(stderr, "maxmatch: cannot write the output: %v\n", err)
		return exitError
	}
	return exitOK
}
