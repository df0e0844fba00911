package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"maxmatch/lattice"
	"maxmatch/m2verbose"
	"maxmatch/membudget"
	"maxmatch/report"
	"maxmatch/report/page"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// scoreFlags are the flags of "maxmatch score": the official scorer's, plus ours.
type scoreFlags struct {
	opt         scorer.Options
	reading     goldReading
	verbose     bool // the official's -v output
	veryVerbose bool // accepted; prints the -v output (see the README)
	explain     bool // our readable per-sentence report
	jsonl       bool
	counts      bool
	perSentence bool
	perType     bool
	bootstrap   int
	seed        uint64

	bootstrapSet  bool     // -bootstrap was given (a table of several systems has 1,000 otherwise)
	format        string   // -format, "" when not given
	types         []string // -types; nil: every type
	levels        bool
	html          string
	signatureOnly bool
}

func newScoreFlagSet(f *scoreFlags, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("maxmatch score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.opt = scorer.DefaultOptions()
	fs.BoolVar(&f.verbose, "v", false, "print what the official scorer prints with -v, byte for byte: every sentence's annotators, edits, gold edits, correct edits, running counts and chosen annotator, then the totals")
	fs.BoolVar(&f.verbose, "verbose", false, "same as -v")
	fs.BoolVar(&f.veryVerbose, "very_verbose", false, "accepted for the official's flag: prints the -v output (the official's matrices and graphs are not reproduced; a note on stderr says so)")
	fs.BoolVar(&f.explain, "explain", false, "print each sentence readably: source, hypothesis, each annotator's edits, gold edits, matches and counts, the chosen annotator")
	fs.BoolVar(&f.jsonl, "jsonl", false, "print one JSON object per sentence, then the totals (the reports below add fields and lines)")
	fs.BoolVar(&f.counts, "counts", false, "also print the totals TP, FP and FN")
	fs.BoolVar(&f.perSentence, "per-sentence", false, "print a table (TSV) of every sentence: gold line, chosen annotator, TP, FP, FN, P, R, F")
	fs.BoolVar(&f.perType, "per-type", false, "print a table (TSV) of the gold edits by error type: gold, TP, FN, recall (FP only over all types: system edits carry no type)")
	fs.IntVar(&f.bootstrap, "bootstrap", 0, fmt.Sprintf("also print 95%% intervals of P, R and F from this many bootstrap resamples of the sentences, and with several systems the paired tests against the first (0: none; default 0 for one system, %d for several)", defaultTableResamples))
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the bootstrap's random draws")
	fs.StringVar(&f.format, "format", "", "print a table of the systems in this format: "+strings.Join(report.FormatNames(), ", ")+" (default text for several systems; one system gets the official lines without it)")
	fs.Func("types", "score only the gold edits of these comma-separated error types, as CoNLL-2013 did (system edits are not filtered)", func(s string) error {
		f.types = nil
		for _, t := range strings.Split(s, ",") {
			if t = strings.TrimSpace(t); t != "" {
				f.types = append(f.types, t)
			}
		}
		if f.types == nil {
			return errors.New("expected error types separated by commas")
		}
		return nil
	})
	fs.BoolVar(&f.levels, "levels", false, "also print detection, recognition and correction P, R and F of each system (the HOO levels of M² edits; correction is the official figure)")
	fs.StringVar(&f.html, "html", "", "also write the error-analysis page of the systems to this file")
	fs.BoolVar(&f.signatureOnly, "signature-only", false, "print only the signature of the figures the command would print (reads the gold file, not the systems')")
	registerReadingFlags(fs, &f.opt, &f.reading)
	// A mistake gets its one-line error and a pointer to -h (runScore prints it), not the whole
	// flag list.
	fs.Usage = func() {}
	return fs
}

// maxBeta is the largest β accepted: F_β's formula multiplies counts by β², which must stay
// far from overflowing (β² counts up to 10²⁰⁰ × 10⁹), or the annotator choice and the figures
// would compare and print NaN.
const maxBeta = 1e100

// checkOptions reports a scoring option out of its range; it returns false after printing the
// error.
func checkOptions(cmd string, opt scorer.Options, stderr io.Writer) bool {
	if opt.MaxUnchangedWords < 0 {
		fmt.Fprintf(stderr, "%s: -max_unchanged_words must be a non-negative integer, got %d\n", cmd, opt.MaxUnchangedWords)
		return false
	}
	if !(opt.Beta > 0 && opt.Beta <= maxBeta) {
		fmt.Fprintf(stderr, "%s: -beta must be a number above 0 and at most 1e100 (beyond, F_β's formula overflows), got %v\n", cmd, opt.Beta)
		return false
	}
	return true
}

// checkStdin reports more than one file read from standard input.
func checkStdin(cmd string, names, args []string, stderr io.Writer) bool {
	var which []string
	for i, a := range args {
		if a == "-" {
			which = append(which, names[i])
		}
	}
	if len(which) > 1 {
		fmt.Fprintf(stderr, "%s: \"-\" (standard input) given for %s: only one file can be read from standard input\n", cmd, joinAnd(which))
		return false
	}
	return true
}

// joinAnd joins names as a list in prose: "A", "A and B", "A, B and C".
func joinAnd(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	out := s[0]
	for _, x := range s[1 : len(s)-1] {
		out += ", " + x
	}
	return out + " and " + s[len(s)-1]
}

const scoreUsage = `usage: maxmatch score [flags] SYSTEM GOLD
       maxmatch score [flags] SYSTEM... GOLD

Scores SYSTEM (one tokenised hypothesis per line) against GOLD (an M2 file) and prints the
official scorer's three lines. With several systems (the last file is the gold), or with
-format, prints one table of them all instead: P, R, F_β, TP, FP and FN, bootstrap intervals,
the paired bootstrap test of each system against the first (the baseline) with p-values
adjusted for the number of comparisons (Holm), and the signature of the figures. Any one file
may be "-", standard input. Files ending in .gz, or starting as gzip files do, are
decompressed. Flags may also follow the files; "--" ends them. Flags:

`

// defaultTableResamples is the number of bootstrap resamples of a table of several systems.
const defaultTableResamples = 1000

// verboseWriter is what -v prints for each sentence: the official's output.
func verboseWriter(opt scorer.Options) report.SentenceWriter {
	return report.SentenceFunc(func(w io.Writer, s report.Sentence) error {
		return m2verbose.WriteSentence(w, s.Result, s.Before, opt)
	})
}

func runScore(args []string, stdout, stderr io.Writer) int {
	const cmd = "maxmatch score"
	var f scoreFlags
	fs := newScoreFlagSet(&f, stderr)
	if code, done := parseArgs(fs, args, scoreUsage, nil, stdout, stderr); done {
		return code
	}
	fs.Visit(func(fl *flag.Flag) { f.bootstrapSet = f.bootstrapSet || fl.Name == "bootstrap" })
	if fs.NArg() < 2 {
		fmt.Fprintf(stderr, "%s: expected at least two files, SYSTEM... and GOLD (the last), besides the flags; got %s\nrun %q for the usage and flags\n",
			cmd, plural(fs.NArg(), "argument"), cmd+" -h")
		return exitError
	}
	files := fs.Args()
	systems, goldArg := files[:len(files)-1], files[len(files)-1]
	if !checkOptions(cmd, f.opt, stderr) || !checkStdin(cmd, fileRoles(len(systems)), files, stderr) {
		return exitError
	}
	if f.bootstrap < 0 {
		fmt.Fprintf(stderr, "%s: -bootstrap must be a non-negative number of resamples, got %d\n", cmd, f.bootstrap)
		return exitError
	}
	format := report.FormatText
	if f.format != "" {
		var err error
		if format, err = report.ParseFormat(f.format); err != nil {
			fmt.Fprintf(stderr, "%s: -format: %v\n", cmd, err)
			return exitError
		}
	}
	// Several systems, or a format, make a table; one system without one gets the official
	// lines and the reports that follow them.
	table := len(systems) > 1 || f.format != ""
	if table {
		why := "several systems"
		if len(systems) == 1 {
			why = "-format"
		}
		outputs := sentenceOutputs(f)
		if f.veryVerbose {
			outputs = append([]string{"-very_verbose"}, outputs...)
		}
		if len(outputs) > 0 {
			fmt.Fprintf(stderr, "%s: %s prints the sentences of one system and does not go with %s: score each system on its own, or write every system's sentences side by side with -html\n", cmd, outputs[0], why)
			return exitError
		}
		if format == report.FormatCSV && (f.levels || f.perType) {
			fmt.Fprintf(stderr, "%s: -format csv holds one table, and -levels and -per-type add tables: use them with -format json, text, markdown or latex\n", cmd)
			return exitError
		}
		if !f.bootstrapSet && len(systems) > 1 {
			f.bootstrap = defaultTableResamples
		}
	}

	prog := newProgress(stderr)
	gold := &goldFile{in: newInput(goldArg, "gold", prog), types: f.types}
	defer gold.in.close()
	reader, spans, err := f.reading.reader(gold.in.name, f.opt.Effective(), prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	gold.reader = reader
	inputs := make([]*input, len(systems))
	for i, a := range systems {
		inputs[i] = newInput(a, "system", prog)
		defer inputs[i].close()
	}
	run := &scoreRun{f: f, gold: gold, systems: inputs, keep: keepFiles(gold.in, inputs), prog: prog, spans: spans}
	// What must be known of the gold file before any system is scored: its identity, for a
	// signature, and its types, to restrict them. A kept file is read once for all; another is
	// surveyed by a reading of its own, then read again for each system.
	survey := f.signatureOnly || table || f.html != "" || f.types != nil
	gold.in.twice = len(systems) > 1 || (survey && !run.keep)
	switch {
	case run.keep:
		err = gold.load()
	case survey:
		err = gold.survey()
	}
	if err != nil {
		prog.clear()
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	if f.signatureOnly {
		spans.finish()
		return output(stdout, stderr, cmd, []byte(run.signature()+"\n"))
	}
	if table {
		return run.table(format, stdout, stderr)
	}
	return run.official(stdout, stderr)
}

// scoreRun is a run of "maxmatch score": its flags, gold file and systems.
type scoreRun struct {
	f       scoreFlags
	gold    *goldFile
	systems []*input
	keep    bool // the files are read whole and kept (keepFiles)
	prog    *progress
	spans   *spanWarnings
}

// signature is the signature of the run's figures; the gold file has been surveyed.
func (r *scoreRun) signature() string {
	return signature(r.f.opt, r.f.types, r.gold, r.f.bootstrap, r.f.seed)
}

// signature is the signature of figures scored with opt against gold (surveyed) restricted to
// types (nil: all), with a bootstrap of resamples (0: none) drawn from seed.
func signature(opt scorer.Options, types []string, gold *goldFile, resamples int, seed uint64) string {
	id := gold.identity()
	s := report.Signature{Options: opt, Types: types, Sentences: id.sentences, Annotators: id.annotators, GoldHash: id.hash, Version: signatureVersion()}
	if resamples > 0 {
		s.Resamples, s.Seed = resamples, seed
	}
	return s.String()
}

// runs returns the systems to score, with what each keeps of its scoring: the sentences'
// counts for a bootstrap, the levels and the types when asked for.
func (r *scoreRun) runs() []*systemRun {
	names := systemNames(r.systems)
	runs := make([]*systemRun, len(r.systems))
	for i, in := range r.systems {
		s := &systemRun{name: names[i], corpus: newCorpus(r.gold, in, r.prog)}
		if len(r.systems) > 1 {
			s.warn = "system " + names[i] + ", "
		}
		if r.f.bootstrap > 0 {
			s.counts = new(scorer.SentenceCounts)
		}
		if r.f.levels {
			s.levels = new(scorer.Levels)
		}
		if r.f.perType {
			s.types = scorer.NewTypeBreakdown(r.f.opt)
		}
		runs[i] = s
	}
	return runs
}

// report is the report of the scored systems, with the bootstrap's figures (intervals, and the
// paired tests of each system against the first) when there is one, without its signature
// (which hashes the gold file: only the reports that show it ask for it).
func (r *scoreRun) report(runs []*systemRun) (*report.Systems, error) {
	rep := &report.Systems{Gold: r.gold.in.name, Sentences: r.gold.summary.Sentences, Beta: r.f.opt.Beta, Types: r.f.types}
	var c stats.Comparison
	if r.f.bootstrap > 0 {
		scores := make([]stats.Score, len(runs))
		for i, s := range runs {
			scores[i] = stats.CorpusScore(s.counts, r.f.opt.Beta)
		}
		var err error
		c, err = stats.Compare(runs[0].counts.Len(), scores, stats.Options{
			Resamples: r.f.bootstrap, Seed: r.f.seed, Workers: r.f.opt.Workers,
			Progress: func(k int) { r.prog.update("bootstrap resample", k, r.f.bootstrap) },
			Memory:   membudget.New(r.f.opt.Memory()).Account(),
		})
		if err != nil {
			return nil, fmt.Errorf("--bootstrap: %w", err)
		}
	}
	for i, s := range runs {
		sc := report.SystemScore{Name: s.name, File: s.corpus.sys.name, Totals: s.totals, Levels: s.levels, Types: s.types}
		if c.Intervals != nil {
			sc.Intervals = &c.Intervals[i]
			if i > 0 {
				sc.Paired = &c.Paired[i]
			}
		}
		rep.Systems = append(rep.Systems, sc)
	}
	return rep, nil
}

// table scores every system and prints their table in the format.
func (r *scoreRun) table(format report.Format, stdout, stderr io.Writer) int {
	const cmd = "maxmatch score"
	runs := r.runs()
	// Every error in the files is found before anything is scored: the kept files are read
	// and paired now, the system files in their order.
	for _, s := range runs {
		if err := s.corpus.prepare(false); err != nil {
			r.prog.clear()
			fmt.Fprintf(stderr, "maxmatch: %v\n", err)
			return exitError
		}
	}
	defer limitGoMemory(r.f.opt)()
	pg := r.newPage(runs)
	if err := scoreSystems(runs, r.f.opt, r.keep, r.prog, pg, nil); err != nil {
		r.prog.clear()
		printScoreError(stderr, err, r.gold.in.name, "")
		return exitError
	}
	r.spans.finish()
	rep, err := r.report(runs)
	if err != nil {
		r.prog.clear()
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	rep.Signature = r.signature()
	doc := rep.Document(r.f.levels, r.f.perType)
	r.prog.clear()
	if err := r.writePage(pg, doc); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	out := newStdout(stdout, stderr, r.prog)
	err = doc.Write(out, format)
	if err == nil {
		err = out.close()
	}
	if err != nil {
		return writeFailure(cmd, err, stderr)
	}
	return exitOK
}

// newPage returns the error-analysis page of the systems when -html asks for one, else nil.
func (r *scoreRun) newPage(runs []*systemRun) *page.Page {
	if r.f.html == "" {
		return nil
	}
	names := make([]string, len(runs))
	for i, s := range runs {
		names[i] = s.name
	}
	return page.New(names, page.Options{Gold: r.gold.in.name, Scoring: r.f.opt})
}

// writePage writes the page, if any, with the report doc as its summary, to the -html file:
// whole or not at all.
func (r *scoreRun) writePage(pg *page.Page, doc report.Document) error {
	if pg == nil {
		return nil
	}
	chart := page.Chart{Value: "f"} // F_β, with its interval when there is one
	if r.f.bootstrap > 0 {
		chart.Interval = "f_ci"
	}
	pg.SetSummary(doc, chart)
	var b bytes.Buffer
	if err := pg.Write(&b); err != nil {
		return err
	}
	return writeFiles(map[string][]byte{r.f.html: b.Bytes()})
}

// official scores one system and prints the official lines, after the reports asked for.
func (r *scoreRun) official(stdout, stderr io.Writer) int {
	const cmd = "maxmatch score"
	f, prog := r.f, r.prog
	if f.veryVerbose {
		f.verbose = true
		fmt.Fprintln(stderr, veryVerboseNote)
	}
	if msg := exclusiveSentenceOutputs(f); msg != "" {
		fmt.Fprintf(stderr, "%s: %s\n", cmd, msg)
		return exitError
	}
	defer limitGoMemory(f.opt)()
	beta := f.opt.Beta
	// What is printed for each sentence, if anything.
	var sentences report.SentenceWriter
	switch {
	case f.jsonl:
		sentences = &report.JSONLines{Beta: beta}
	case f.verbose:
		sentences = verboseWriter(f.opt)
	case f.explain:
		sentences = &report.Readable{Options: f.opt}
	case f.perSentence:
		sentences = &report.SentenceTable{Beta: beta}
	}
	runs := r.runs()
	sys := runs[0]
	// Sentences are printed as they are scored: every error in the files must be found first.
	if err := sys.corpus.prepare(sentences != nil); err != nil {
		prog.clear()
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}

	out := newStdout(stdout, stderr, prog)
	before := scorer.Totals{Beta: beta} // the totals of the sentences before the one chosen
	if sentences != nil {
		if err := sentences.Begin(out); err != nil {
			return writeFailure(cmd, err, stderr)
		}
	}
	pg := r.newPage(runs)
	err := scoreSystems(runs, f.opt, r.keep, prog, pg, func(_ int, res *scorer.SentenceResult) error {
		if sentences != nil {
			if err := sentences.Sentence(out, report.Sentence{Result: res, Before: before}); err != nil {
				return errWrite{err}
			}
			if err := out.endRecord(); err != nil {
				return errWrite{err}
			}
		}
		before.Add(res.ChosenResult().Counts(), res.Bounded != lattice.Exact)
		return nil
	})
	if err != nil {
		prog.clear()
		if werr, ok := isWriteError(err); ok {
			return writeFailure(cmd, werr, stderr)
		}
		if sentences == nil || before.Sentences == 0 {
			printScoreError(stderr, err, r.gold.in.name, "")
			return exitError
		}
		// A sentence too large for the memory budget stops a run that has printed the
		// sentences before it: all of them are written out, whatever the buffer held, and the
		// message says the output is incomplete.
		if werr := out.close(); werr != nil {
			return writeFailure(cmd, werr, stderr)
		}
		printScoreError(stderr, err, r.gold.in.name,
			fmt.Sprintf("standard output holds the reports of the %s before it only, without the totals", plural(before.Sentences, "sentence")))
		return exitError
	}
	r.spans.finish()
	totals := sys.totals
	if sentences != nil {
		if err := sentences.End(out); err != nil {
			return writeFailure(cmd, err, stderr)
		}
	}
	rep, err := r.report(runs)
	prog.clear()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	if pg != nil {
		rep.Signature = r.signature()
	}
	if err := r.writePage(pg, rep.Document(f.levels, f.perType)); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}

	// The report: text sections in reading order, JSON lines with the total last.
	var typeSection, levelSection, verboseTotals, bootstrapSection report.Section
	if sys.types != nil {
		typeSection = report.Section{Key: "per_type", Table: report.TypeTable(sys.types)}
	}
	if sys.levels != nil {
		levelSection = report.Section{Key: "levels", Table: rep.LevelsTable()}
	}
	total := report.Section{Key: "total", Fields: report.TotalFields(totals, f.counts)}
	switch {
	case f.verbose:
		// The official prints its totals block and then the three lines, with no empty line.
		verboseTotals.Heading = strings.TrimSuffix(string(m2verbose.AppendTotals(nil, totals)), "\n")
		total.Join = sys.types == nil && sys.levels == nil
	case f.explain:
		tc := totals.Counts()
		verboseTotals.Heading = fmt.Sprintf("Totals: correct %d, proposed %d, gold %d", tc.Correct, tc.Proposed, tc.Gold)
	}
	if iv := rep.Systems[0].Intervals; iv != nil {
		bootstrapSection = report.BootstrapSection(*iv, beta)
		bootstrapSection.Join = true
	}
	switch {
	case f.jsonl:
		err = report.Document{typeSection, levelSection, bootstrapSection, total}.WriteJSONLines(out)
	case f.verbose:
		err = report.Document{verboseTotals, typeSection, levelSection, total, bootstrapSection}.WriteText(out)
	default:
		err = report.Document{typeSection, levelSection, verboseTotals, total, bootstrapSection}.WriteText(out)
	}
	if err == nil {
		err = out.close()
	}
	if err != nil {
		return writeFailure(cmd, err, stderr)
	}
	return exitOK
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// limitGoMemory makes the garbage collector keep the process within the memory budget
// (runtime/debug.SetMemoryLimit), unless GOMEMLIMIT asks for less, and returns the function
// that restores the limit before (for the tests, which run commands in one process).
func limitGoMemory(opt scorer.Options) (restore func()) {
	before := debug.SetMemoryLimit(-1)
	if m := opt.Memory(); m < before {
		debug.SetMemoryLimit(m)
	}
	return func() { debug.SetMemoryLimit(before) }
}

// printScoreError prints an error of scorer.Score; a sentence too large for the memory budget
// is named by the gold file and line. A non-empty more is said after it, on the same line.
func printScoreError(stderr io.Writer, err error, goldPath, more string) {
	var tl *scorer.TooLargeError
	if errors.As(err, &tl) {
		tl.File = goldPath
	}
	if more != "" {
		fmt.Fprintf(stderr, "maxmatch: %v; %s\n", err, more)
		return
	}
	fmt.Fprintf(stderr, "maxmatch: %v\n", err)
}

// warnBounded warns, naming the sentence and the budget it was over, when a sentence was scored
// by the bounded search; system names the system for commands that score several ("system A, ").
func warnBounded(prog *progress, system string, r *scorer.SentenceResult, goldName string, opt scorer.Options) {
	if r.Bounded == lattice.Exact {
		return
	}
	prog.printf("maxmatch: warning: %ssentence %d (%s line %d): %s; scored with the bounded search, not the official's exact one (see the README, Bounded cost)\n",
		system, r.Index+1, goldName, r.Gold.Line, opt.FallbackReason(r))
}
