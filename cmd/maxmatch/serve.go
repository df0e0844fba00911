package main

import (
	"errors"
	"math"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"maxmatch/corpus"
	"maxmatch/input"
	"maxmatch/internal/cli"
	"maxmatch/internal/progress"
	"maxmatch/membudget"
	"maxmatch/scorer"
	"maxmatch/service"
)

const serveLong = `Reads requests from standard input, one JSON object per line, and answers each with one line
of JSON on standard output, in their order, from -j workers in parallel; GOLD (an M2 file) is
read once, and "id" is echoed in every answer. The requests (docs/serving-protocol.md specifies
them and their answers in full):

  {"id": i, "hyp": "…"} or {"id": i, "hyps": ["…", …]}
                              gold sentence i's hypotheses, each scored on its own
  {"id": x, "corpus": ["…", …]}
                              one hypothesis per gold sentence ("ids": […] for some of them)
  {"id": x, "source": "…", "gold": [[start, end, "correction"], …], "hyp": "…"} or "m2": "S …"
                              a sentence with its own gold edits
  {"id": x, "batch": [[i, ["…", …]], …]}
                              many gold sentences' hypotheses, answered as one flat list
  {"id": x, "info": true}     the protocol's version, the options, the signature of the figures

A request that cannot be answered gets {"id": its id or null, "error": {"line": N, "message": "…"}},
and the service goes on.`

// newServe returns "maxmatch serve".
func (a *app) newServe() *cobra.Command {
	var (
		opt        scorer.Options
		reading    corpus.Reading
		goldPath   string
		maxLine    int
		requestMem int64
	)
	cmd := a.newCommand([]cli.Usage{{Args: "serve --gold GOLD [flags]", What: "score JSON-lines requests from stdin, gold loaded once"}}, serveLong,
		func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) > 0:
				return cli.ExactArgs(args)
			case goldPath == "":
				return cli.Usagef("--gold is required: the M2 file the requests refer to")
			case goldPath == "-":
				return cli.Usagef("--gold: \"-\" is standard input, which carries the requests, expected a file")
			}
			if err := reading.Check(); err != nil {
				return cli.UsageError{Msg: err.Error()}
			}
			// A request line is held in memory whole, outside the budget, with the strings
			// decoded from it: at most the budget when given, a 32nd of it by default.
			budget := opt.Memory()
			switch {
			case !cmd.Flags().Changed("max-request-bytes"):
				maxLine = int(min(int64(maxLine), max(budget/32, 1), math.MaxInt))
			case int64(maxLine) > budget:
				return cli.Usagef("--max-request-bytes: %d is more than the memory budget (%s, --max-memory), expected at most %d", maxLine, membudget.Bytes(budget), budget)
			}
			if err := checkRun(&opt); err != nil {
				return err
			}
			a.code = a.serve(opt, reading, goldPath, service.Config{Workers: opt.Workers, MaxRequestBytes: maxLine, RequestMemory: requestMem})
			return nil
		})
	fs := cli.Flags(cmd)
	fs.String(&goldPath, "gold", "", "", cli.FileArg, "the M2 gold file (required)")
	fs.Int(&maxLine, "max-request-bytes", "", service.DefaultMaxRequestBytes, cli.Positive, "longest request line accepted, at most the memory budget (by default at most a 32nd of it: the line and the strings decoded from it, up to six times its size, are held outside it); a longer one gets an error answer")
	requestMem = service.DefaultRequestMemory
	fs.Size(&requestMem, "max-request-memory", membudget.Bytes(service.DefaultRequestMemory), "the default",
		"most of the memory budget one request's scoring holds (more than the budget: the whole budget); a sentence whose exact search needs more is scored by the bounded search and marked \"bounded\", one that not even that fits gets an error answer, as does a request whose answer would be longer than an eighth of it; the next request is served")
	scoringFlags(fs, &opt)
	readingFlags(fs, &reading)
	return cmd
}

// serve answers the requests on standard input.
func (a *app) serve(opt scorer.Options, reading corpus.Reading, goldPath string, cfg service.Config) int {
	const cmd = "maxmatch serve"
	stdout, stderr := a.stdout, a.stderr
	prog := progress.New(cmd, stderr)
	gold, id, err := reading.ReadGold(goldPath, opt.Effective(), readOptions(opt), prog)
	if err != nil {
		return fail(prog, "%v", err)
	}
	if os.Getenv("GOGC") == "" {
		// A service runs for long: the garbage collector's default target (heap up to twice what
		// is live) rather than the one-shot commands' gctarget.Percent, which lets it grow to
		// five times.
		defer debug.SetGCPercent(debug.SetGCPercent(100))
	}
	srv := service.New(gold, opt, cfg)
	srv.Signature = corpus.Signature(opt, nil, id, 0, 0, signatureVersion())
	var we *service.WriteError
	if err := srv.Serve(stdin, stdout); errors.As(err, &we) {
		return writeFailure(cmd, we.Err, stderr)
	} else if err != nil {
		return fail(prog, "%s: %v", input.StdinName, err)
	}
	return exitOK
}
