package corpus

import (
	"fmt"
	"io"
	"strings"

	"maxmatch/m2verbose"
	"maxmatch/report"
	"maxmatch/scorer"
)

// Printing says how the report of one system is printed when it is not a table ("maxmatch
// score SYSTEM GOLD"): each sentence as it is scored, in one of the per-sentence formats, then
// the corpus reports and the official three lines.
type Printing struct {
	JSONLines   bool // one JSON object per sentence, then the reports as JSON lines, the total last
	Verbose     bool // the official -v output, byte for byte
	Explain     bool // each sentence readably
	PerSentence bool // a TSV row per sentence
	Counts      bool // the totals TP, FP and FN after the three lines
}

// Sentences is what is printed for each sentence, if anything (nil: nothing).
func (p Printing) Sentences(opt scorer.Options) report.SentenceWriter {
	switch {
	case p.JSONLines:
		return &report.JSONLines{Beta: opt.Beta}
	case p.Verbose:
		return report.SentenceFunc(func(w io.Writer, s report.Sentence) error {
			return m2verbose.WriteSentence(w, s.Result, s.Before, opt)
		})
	case p.Explain:
		return &report.Readable{Options: opt}
	case p.PerSentence:
		return &report.SentenceTable{Beta: opt.Beta}
	}
	return nil
}

// Document is the report printed after the sentences of sys, the only system of rep: its
// recall by type and its levels when counted, the totals' lines of -v or --explain, the official
// three lines, and the bootstrap intervals when there are some. In text, they come in reading
// order (-v's totals block first, then the three lines with no empty line before them, as the
// official prints them); in JSON lines, with the total last, which carries rep's signature (when
// it has one) after the figures.
func (p Printing) Document(rep *report.Systems, sys *System) report.Document {
	var typeSection, levelSection, verboseTotals, bootstrapSection report.Section
	if sys.Types != nil {
		typeSection = report.Section{Key: "per_type", Table: report.TypeTable(sys.Types)}
	}
	if sys.Levels != nil {
		levelSection = report.Section{Key: "levels", Table: rep.LevelsTable()}
	}
	totals := sys.Totals
	total := report.Section{Key: "total", Fields: report.TotalFields(totals, p.Counts)}
	switch {
	case p.Verbose:
		verboseTotals.Heading = strings.TrimSuffix(string(m2verbose.AppendTotals(nil, totals)), "\n")
		total.Join = sys.Types == nil && sys.Levels == nil
	case p.Explain:
		tc := totals.Counts()
		verboseTotals.Heading = fmt.Sprintf("Totals: correct %d, proposed %d, gold %d", tc.Correct, tc.Proposed, tc.Gold)
	}
	if iv := rep.Systems[0].Intervals; iv != nil {
		bootstrapSection = report.BootstrapSection(*iv, rep.Beta)
		bootstrapSection.Join = true
	}
	switch {
	case p.JSONLines:
		if rep.Signature != "" {
			// merge reads it back: a part scored with other options is refused, not merged.
			total.Fields = append(total.Fields, report.Field{Key: "signature", Value: report.Text(rep.Signature)})
		}
		return report.Document{typeSection, levelSection, bootstrapSection, total}
	case p.Verbose:
		return report.Document{verboseTotals, typeSection, levelSection, total, bootstrapSection}
	}
	return report.Document{typeSection, levelSection, verboseTotals, total, bootstrapSection}
}

// Formats are the per-sentence formats p asks for, as the command's flags name them, in the
// order of its usage.
func (p Printing) Formats() []string {
	var chosen []string
	for _, o := range []struct {
		on   bool
		name string
	}{{p.Verbose, "-v"}, {p.Explain, "--explain"}, {p.JSONLines, "--jsonl"}, {p.PerSentence, "--per-sentence"}} {
		if o.on {
			chosen = append(chosen, o.name)
		}
	}
	return chosen
}

// Conflict says why the per-sentence formats p asks for cannot be combined, or "": each prints
// every sentence in its own format (--jsonl with --per-sentence is one).
func (p Printing) Conflict() string {
	chosen := p.Formats()
	if len(chosen) < 2 || len(chosen) == 2 && p.JSONLines && p.PerSentence {
		return ""
	}
	return chosen[0] + " and " + chosen[1] + " are exclusive: each prints every sentence in its own format"
}
