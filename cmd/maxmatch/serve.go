package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"maxmatch/scorer"
	"maxmatch/service"
)

const serveUsage = `usage: maxmatch serve --gold GOLD [flags]

Reads requests from stdin, one JSON object per line, and answers each with one line of JSON on
stdout, in the order of the requests; blank lines are skipped. GOLD (an M2 file) is read once;
requests are scored by -j workers in parallel. "id" is echoed in every answer; for a gold
sentence it is the sentence's 0-based index:

  {"id": i, "hyp": "…"}                  sentence i scored on its own (as "maxmatch nbest")
  {"id": i, "hyps": ["…", …]}            several hypotheses of sentence i: {"id", "results": […]}
  {"id": x, "corpus": ["…", …]}          one hypothesis per gold sentence: the official corpus score
  {"id": x, "corpus": […], "ids": […]}   the corpus of those gold sentences, in that order
  {"id": x, "source": "…", "gold": [[start, end, "correction"], …], "hyp" or "hyps": …}
                                         a sentence that is not in GOLD; an edit may give a list of
                                         corrections, then an annotator id and an error type
  {"id": x, "m2": "S …\nA …", "hyp" or "hyps": …}
                                         the same, from one M2 block
  {"id": x, "info": true}                the number of sentences and the options

"edits": false leaves the edits out of sentence answers; "compact": true gives each sentence
result as an array, {"id", "results": [[annotator, correct, proposed, gold, p, r, f,
[annotator, correct, proposed, gold, …], edits, correct_edits, bounded], …]}.
A request that cannot be answered gets {"id": its id or null, "error": "…"}, and the service goes
on. Flags:

`

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opt := scorer.DefaultOptions()
	var reading goldReading
	var goldPath string
	var maxLine int
	fs.StringVar(&goldPath, "gold", "", "the M2 gold file (required)")
	fs.IntVar(&maxLine, "max-request-bytes", service.DefaultMaxRequestBytes, "longest request line accepted; a longer one gets an error answer")
	registerReadingFlags(fs, &opt, &reading)
	if code, done := parseArgs(fs, args, serveUsage, []string{}, stdout, stderr); done {
		return code
	}
	if goldPath == "" {
		fmt.Fprintln(stderr, "maxmatch serve: --gold is required: the M2 file the requests refer to\nrun \"maxmatch serve -h\" for the usage and flags")
		return exitError
	}
	if !checkOptions("maxmatch serve", opt, stderr) {
		return exitError
	}
	if maxLine < 1 {
		fmt.Fprintf(stderr, "maxmatch serve: --max-request-bytes must be positive, got %d\n", maxLine)
		return exitError
	}
	prog := newProgress(stderr)
	gold, err := reading.readAll(goldPath, opt.Effective(), prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	if os.Getenv("GOGC") == "" {
		// A service runs for long: the garbage collector's default target (heap up to twice what
		// is live) rather than the one-shot commands' scorer.GCPercent, which lets it grow to
		// five times.
		defer debug.SetGCPercent(debug.SetGCPercent(100))
	}
	srv := service.New(gold, opt, service.Config{Workers: opt.Workers, MaxRequestBytes: maxLine})
	if err := srv.Serve(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "maxmatch serve: %v\n", err)
		return exitError
	}
	return exitOK
}
