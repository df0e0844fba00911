package main

import (
	"bytes"
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"maxmatch/corpus"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/internal/wording"
	"maxmatch/internal/writefile"
	"maxmatch/lattice"
	"maxmatch/membudget"
	"maxmatch/report"
	"maxmatch/report/page"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// scoreFlags are the flags of "maxmatch score": the official scorer's, plus ours.
type scoreFlags struct {
	opt         scorer.Options
	reading     corpus.Reading
	verbose     bool // the official's -v output
	veryVerbose bool // accepted; prints the -v output (see veryVerboseNote)
	explain     bool // our readable per-sentence report
	jsonl       bool
	counts      bool
	perSentence bool
	perType     bool
	bootstrap   int
	seed        uint64

	bootstrapSet  bool     // --bootstrap was given (a table of several systems has defaultResamples otherwise)
	format        string   // --format, "" when not given
	types         []string // --types; nil: every type
	names         []string // --names; nil: the files'
	levels        bool
	html          string
	signatureOnly bool
}

// signed reports whether one system's output carries the signature (the page, --jsonl's total
// line), for which the gold file is surveyed before scoring (a table's always carries it).
func (f scoreFlags) signed() bool { return f.signatureOnly || f.html != "" || f.jsonl }

// printing is how one system's report is printed (--very_verbose prints the -v output).
func (f scoreFlags) printing() corpus.Printing {
	return corpus.Printing{JSONLines: f.jsonl, Verbose: f.verbose || f.veryVerbose, Explain: f.explain, PerSentence: f.perSentence, Counts: f.counts}
}

// newScore returns "maxmatch score".
func (a *app) newScore() *cobra.Command {
	var f scoreFlags
	cmd := a.newCommand([]cli.Usage{
		{Args: "score [flags] SYSTEM GOLD", What: "score a system output against an M2 gold file"},
		{Args: "score [flags] SYSTEM... GOLD", What: "score several systems: one table, tests against the first"},
	}, scoreLong, func(cmd *cobra.Command, args []string) error {
		f.bootstrapSet = cli.Changed(cmd, "bootstrap")
		return a.runScore(f, args)
	})
	fs := cli.Flags(cmd)
	scoringFlags(fs, &f.opt)
	readingFlags(fs, &f.reading)
	fs.Bool(&f.verbose, "verbose", "v", "print what the official scorer prints with -v, byte for byte: every sentence's annotators, edits, gold edits, correct edits, running counts and chosen annotator, then the totals")
	fs.Bool(&f.veryVerbose, "very_verbose", "", "accepted for the official's flag: prints the -v output (the official's matrices and graphs are not reproduced; a note on stderr says so)")
	fs.Bool(&f.explain, "explain", "", "print each sentence readably: source, hypothesis, each annotator's edits, gold edits, matches and counts, the chosen annotator")
	fs.Bool(&f.jsonl, "jsonl", "", "print one JSON object per sentence, then the totals with the signature, which merge checks (the reports below add fields and lines)")
	fs.Bool(&f.counts, "counts", "", "also print the totals TP, FP and FN")
	fs.Bool(&f.perSentence, "per-sentence", "", "print a table (TSV) of every sentence: gold line, chosen annotator, TP, FP, FN, P, R, F")
	fs.Bool(&f.perType, "per-type", "", "print a table (TSV) of the gold edits by error type: gold, TP, FN, recall (FP only over all types: system edits carry no type)")
	bootstrapFlags(fs, &f.bootstrap, &f.seed, 0, cli.NonNegative, fmt.Sprintf("also print 95%% intervals of P, R and F from this many bootstrap resamples of the sentences, and with several systems the paired tests against the first, as compare's (0: none); at most as many as the memory budget holds (%d bytes a resample for one system, %d more for each other)", stats.ResampleBytes(1), stats.ResampleBytes(2)-stats.ResampleBytes(1)))
	fs.Lookup("bootstrap").DefValue = fmt.Sprintf("%d with several systems, 0 with one", defaultResamples)
	formatFlag(fs, &f.format, nil, "print a table of the systems in this format (text when not given for several systems; one system gets the official lines without it)")
	fs.List("types", "error type", nil, func(types []string) error {
		f.types = types
		return nil
	}, "score only the gold edits of these error types, as CoNLL-2013 did (system edits are not filtered)")
	fs.Bool(&f.levels, "levels", "", "also print detection, recognition and correction P, R and F of each system (the HOO levels of M² edits; correction is the official figure)")
	fs.String(&f.html, "html", "", "", cli.OutFileArg, "also write the error-analysis page of the systems to this file (not one of the inputs)")
	fs.Bool(&f.signatureOnly, "signature-only", "", "print only the signature of the figures the command would print (reads the gold file, not the systems')")
	namesFlag(fs, &f.names)
	return cmd
}

// checkBootstrap refuses a number of resamples whose arrays would not fit in the memory
// budget: stats.Compare keeps every resample's figures of every system.
func checkBootstrap(flag string, resamples, systems int, opt scorer.Options) error {
	per, budget := stats.ResampleBytes(systems), opt.Memory()
	if int64(resamples) <= budget/per {
		return nil
	}
	return cli.Usagef("%s: %s are more than the memory budget (%s, --max-memory) holds at %d bytes a resample of %s, expected at most %d",
		flag, wording.Plural(resamples, "resample"), membudget.Bytes(budget), per, wording.Plural(systems, "system"), budget/per)
}

const scoreLong = `Scores SYSTEM (one tokenised hypothesis per line) against GOLD (an M2 file) and prints the
official scorer's three lines. With several systems (the last file is the gold), or with
--format, prints one table of them all instead: P, R, F_β, TP, FP and FN, bootstrap intervals,
the paired bootstrap test of each system against the first (the baseline) with p-values
adjusted for the number of comparisons (Holm), and the signature of the figures. Any one file
may be "-", standard input. Files ending in .gz, or starting as gzip files do, are
decompressed. Flags may also follow the files; "--" ends them.`

// veryVerboseNote is printed on stderr for --very_verbose, which prints the -v output.
const veryVerboseNote = "--very_verbose prints the -v output; the official scorer's further output " +
	"(its Levenshtein matrices, back-pointers, edit dictionaries, graphs and the traces of its closure and weights) " +
	"is not reproduced: it describes the official's own data structures, in CPython 2's dict order, not the scores (see docs/exactness.md#the-official-verbose-output)"

// runScore is "maxmatch score" with its flags and files.
func (a *app) runScore(f scoreFlags, files []string) error {
	if len(files) < 2 {
		return cli.Usagef("expected at least two files, SYSTEM... and GOLD (the last), besides the flags; got %s", wording.Plural(len(files), "argument"))
	}
	if f.signatureOnly && f.html != "" {
		// The page shows the systems scored, which --signature-only does not do: writing it
		// would score them (not "only"), and not writing it would leave the file asked for.
		return cli.Usagef("--signature-only prints the signature without scoring the systems, and the --html page shows them scored: give one or the other")
	}
	systems, goldArg := files[:len(files)-1], files[len(files)-1]
	if err := cli.OneStdin(fileRoles(len(systems)), files); err != nil {
		return err
	}
	if err := checkOutputs(map[string]string{"--html": f.html}, map[string]writefile.Kind{"--html": writefile.HTML}, fileRoles(len(systems)), files); err != nil {
		return err
	}
	if err := f.reading.Check(); err != nil {
		return cli.UsageError{Msg: err.Error()}
	}
	if err := checkNames(f.names, len(systems)); err != nil {
		return err
	}
	if err := eachSystemOnce(fileRoles(len(systems)), systems); err != nil {
		return err
	}
	format := tableFormat(f.format, report.FormatText)
	// Several systems, or a format, make a table; one system without one gets the official
	// lines and the reports that follow them.
	table := len(systems) > 1 || f.format != ""
	if table {
		why := "several systems"
		if len(systems) == 1 {
			why = "--format"
		}
		outputs := f.printing().Formats()
		if f.veryVerbose {
			outputs = append([]string{"--very_verbose"}, outputs...)
		}
		if len(outputs) > 0 {
			return cli.Usagef("%s prints the sentences of one system and does not go with %s: score each system on its own, or write every system's sentences side by side with --html", outputs[0], why)
		}
		if format == report.FormatCSV && (f.levels || f.perType) {
			return cli.Usagef("--format csv holds one table, and --levels and --per-type add tables: use them with --format json, text, markdown or latex")
		}
		if !f.bootstrapSet && len(systems) > 1 {
			f.bootstrap = defaultResamples
		}
	} else if conflict := f.printing().Conflict(); conflict != "" {
		return cli.UsageError{Msg: conflict}
	}
	if f.bootstrap > 0 {
		if err := checkBootstrap("--bootstrap", f.bootstrap, len(systems), f.opt); err != nil {
			return err
		}
	}
	if err := checkRun(&f.opt); err != nil {
		return err
	}
	a.code = a.score(f, table, format, systems, goldArg)
	return nil
}

// score scores the systems against the gold file and prints the report: a table, or the
// official lines.
func (a *app) score(f scoreFlags, table bool, format report.Format, systems []string, goldArg string) int {
	prog := progress.New("maxmatch score", a.stderr)
	run := corpus.New(goldArg, systems, corpus.Options{
		Scoring: f.opt, Reading: f.reading, Types: f.types, Bootstrap: f.bootstrap, Seed: f.seed,
		Levels: f.levels, PerType: f.perType, Names: f.names, KeepLimit: keepLimit, Version: signatureVersion(),
		Input: readOptions(f.opt), Progress: prog,
	})
	defer run.Close()
	// An error in the gold file may be one of files given in the wrong order.
	hint := func(err error) error { return swappedHint(err, "maxmatch score SYSTEM... GOLD", goldArg, systems) }
	// What must be known of the gold file before any system is scored: its identity, for a
	// signature, and its types, to restrict them.
	if err := run.Survey(table || f.signed()); err != nil {
		return fail(prog, "%v", hint(err))
	}
	if f.signatureOnly {
		run.Finish()
		return a.output("maxmatch score", []byte(run.Signature()+"\n"))
	}
	s := &scoring{app: a, f: f, run: run, prog: prog, hint: hint}
	if table {
		return s.table(format)
	}
	return s.official()
}

// scoring is a run of "maxmatch score": its flags, its run and its progress line.
type scoring struct {
	*app
	f    scoreFlags
	run  *corpus.Run
	prog *progress.Line
	hint func(error) error // the error of a run, with a hint when the files look swapped
}

// table scores every system and prints their table in the format.
func (s *scoring) table(format report.Format) int {
	const cmd = "maxmatch score"
	// Every error in the files is found before anything is scored: the kept files are read
	// and paired now, the system files in their order.
	if err := s.run.Check(false); err != nil {
		return fail(s.prog, "%v", s.hint(err))
	}
	defer limitGoMemory(s.f.opt)()
	pg, add := s.newPage()
	if err := s.run.Score(add); err != nil {
		return fail(s.prog, "%v", s.hint(err))
	}
	s.run.Finish()
	rep, err := s.run.Report()
	if err != nil {
		return fail(s.prog, "--bootstrap: %v", err)
	}
	rep.Signature = s.run.Signature()
	doc := rep.Document(s.f.levels, s.f.perType)
	s.prog.Clear()
	if err := s.writePage(pg, doc); err != nil {
		return fail(s.prog, "%v", err)
	}
	out := progress.NewOutput(s.stdout, s.stderr, s.prog)
	err = doc.Write(out, format)
	if err == nil {
		err = out.Close()
	}
	if err != nil {
		return writeFailure(cmd, err, s.stderr)
	}
	return exitOK
}

// newPage returns the error-analysis page of the systems when --html asks for one (nil
// otherwise), and the function that adds each scored sentence to it.
func (s *scoring) newPage() (*page.Page, func(k int, res *scorer.SentenceResult) error) {
	if s.f.html == "" {
		return nil, func(int, *scorer.SentenceResult) error { return nil }
	}
	var names []string
	for _, sys := range s.run.Systems() {
		names = append(names, sys.Name)
	}
	pg := page.New(names, page.Options{Gold: s.run.Gold().Name(), Scoring: s.f.opt})
	return pg, func(k int, res *scorer.SentenceResult) error { return pg.Add(k, res, res.Gold) }
}

// writePage writes the page, if any, with the report doc as its summary, to the --html file:
// whole or not at all.
func (s *scoring) writePage(pg *page.Page, doc report.Document) error {
	if pg == nil {
		return nil
	}
	chart := page.Chart{Value: "f"} // F_β, with its interval when there is one
	if s.f.bootstrap > 0 {
		chart.Interval = "f_ci"
	}
	pg.SetSummary(doc, chart)
	var b bytes.Buffer
	if err := pg.Write(&b); err != nil {
		return err
	}
	return writefile.All(map[string][]byte{s.f.html: b.Bytes()})
}

// official scores one system and prints the official lines, after the reports asked for.
func (s *scoring) official() int {
	const cmd = "maxmatch score"
	f, prog, stderr := s.f, s.prog, s.stderr
	if f.veryVerbose {
		f.verbose = true
		prog.Printf("%s: note: %s\n", cmd, veryVerboseNote)
	}
	defer limitGoMemory(f.opt)()
	printing := f.printing()
	sentences := printing.Sentences(f.opt)
	// Sentences are printed as they are scored: every error in the files must be found first.
	if err := s.run.Check(sentences != nil); err != nil {
		return fail(prog, "%v", s.hint(err))
	}

	out := progress.NewOutput(s.stdout, stderr, prog)
	before := scorer.Totals{Beta: f.opt.Beta} // the totals of the sentences before the one chosen
	if sentences != nil {
		if err := sentences.Begin(out); err != nil {
			return writeFailure(cmd, err, stderr)
		}
	}
	pg, add := s.newPage()
	err := s.run.Score(func(k int, res *scorer.SentenceResult) error {
		if err := add(k, res); err != nil {
			return err
		}
		if sentences != nil {
			if err := sentences.Sentence(out, report.Sentence{Result: res, Before: before}); err != nil {
				return errWrite{err}
			}
			if err := out.EndRecord(); err != nil {
				return errWrite{err}
			}
		}
		before.Add(res.ChosenResult().Counts(), res.Bounded != lattice.Exact)
		return nil
	})
	if err != nil {
		prog.Clear()
		if werr, ok := isWriteError(err); ok {
			return writeFailure(cmd, werr, stderr)
		}
		if sentences == nil || before.Sentences == 0 {
			return fail(prog, "%v", s.hint(err))
		}
		// A sentence too large for the memory budget stops a run that has printed the
		// sentences before it: all of them are written out, whatever the buffer held, and the
		// message says the output is incomplete.
		if werr := out.Close(); werr != nil {
			return writeFailure(cmd, werr, stderr)
		}
		return fail(prog, "%v; standard output holds the reports of the %s before it only, without the totals", err, wording.Plural(before.Sentences, "sentence"))
	}
	s.run.Finish()
	sys := s.run.Systems()[0]
	if sentences != nil {
		if err := sentences.End(out); err != nil {
			return writeFailure(cmd, err, stderr)
		}
	}
	rep, err := s.run.Report()
	if err != nil {
		return fail(prog, "--bootstrap: %v", err)
	}
	prog.Clear()
	if f.signed() {
		rep.Signature = s.run.Signature()
	}
	if err := s.writePage(pg, rep.Document(f.levels, f.perType)); err != nil {
		return fail(prog, "%v", err)
	}

	if err := writeDocument(out, printing.Document(rep, sys), f.jsonl); err != nil {
		return writeFailure(cmd, err, stderr)
	}
	return exitOK
}

// writeDocument writes one system's report, the official lines and the reports around them,
// as text or, with jsonl, as JSON lines, and closes out.
func writeDocument(out *progress.Output, doc report.Document, jsonl bool) error {
	var err error
	if jsonl {
		err = doc.WriteJSONLines(out)
	} else {
		err = doc.WriteText(out)
	}
	if err == nil {
		err = out.Close()
	}
	return err
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
