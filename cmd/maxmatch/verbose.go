package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"maxmatch/lattice"
	"maxmatch/scorer"
)

func editText(e scorer.Edit) string {
	return fmt.Sprintf("%d-%d %s → %s", e.Start, e.End, strconv.Quote(e.Original), strconv.Quote(e.Correction))
}

// systemEditText shows an edit as the official -v does, without the unchanged words at its ends,
// and, when it has some, also as it is counted and matched.
func systemEditText(e scorer.Edit) string {
	t := scorer.Trim(e)
	if t == e {
		return editText(e)
	}
	return fmt.Sprintf("%s   (counted as %s)", editText(t), editText(e))
}

func goldText(g scorer.GoldEdit) string {
	cs := make([]string, len(g.Corrections))
	for i, c := range g.Corrections {
		cs[i] = strconv.Quote(c)
	}
	return fmt.Sprintf("%d-%d %s → %s (%s)", g.Start, g.End, strconv.Quote(g.Original), strings.Join(cs, " | "), g.Type)
}

func list(w io.Writer, label string, items []string) {
	if len(items) == 0 {
		fmt.Fprintf(w, "    %-9s none\n", label)
		return
	}
	for i, it := range items {
		if i == 0 {
			fmt.Fprintf(w, "    %-9s %s\n", label, it)
		} else {
			fmt.Fprintf(w, "    %-9s %s\n", "", it)
		}
	}
}

// writeVerbose prints one sentence: what the official -v shows, laid out for reading. Edits are
// shown as the scorer counts them (with any unchanged tokens they include); the running figures
// are those of the totals so far plus this annotator, which is what the choice compares.
func writeVerbose(w io.Writer, r *scorer.SentenceResult, s *scorer.Sentence, running *scorer.Totals, opt scorer.Options) {
	fmt.Fprintf(w, "Sentence %d (gold line %d)\n", r.Index+1, s.Line)
	fmt.Fprintf(w, "  source     : %s\n", r.Source)
	fmt.Fprintf(w, "  hypothesis : %s\n", r.Hypothesis)
	if r.Bounded != lattice.Exact {
		fmt.Fprintf(w, "  (bounded search: %s)\n", opt.FallbackReason(r))
	}
	for i := range r.Annotators {
		a := &r.Annotators[i]
		fmt.Fprintf(w, "  annotator %d:\n", a.Annotator)
		var edits, gold, correct []string
		for _, e := range a.Edits {
			edits = append(edits, systemEditText(e))
		}
		for _, g := range a.Gold {
			gold = append(gold, goldText(g))
		}
		for _, e := range a.Correct {
			correct = append(correct, editText(e))
		}
		list(w, "edits", edits)
		list(w, "gold", gold)
		list(w, "correct", correct)
		n := a.Counts()
		t := *running
		t.Correct += float64(n.Correct)
		t.Proposed += float64(n.Proposed)
		t.Gold += float64(n.Gold)
		p, rr, f := t.PRF()
		fmt.Fprintf(w, "    counts    correct %d, proposed %d, gold %d; with the totals so far P %.4f R %.4f F_%.1f %.4f\n",
			n.Correct, n.Proposed, n.Gold, p, rr, running.Beta, f)
	}
	fmt.Fprintf(w, "  chosen annotator: %d\n\n", r.ChosenResult().Annotator)
	n := r.ChosenResult().Counts()
	running.Correct += float64(n.Correct)
	running.Proposed += float64(n.Proposed)
	running.Gold += float64(n.Gold)
}
