package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"maxmatch/internal/ordered"
	"maxmatch/membudget"
	"maxmatch/nbest"
	"maxmatch/scorer"
	"maxmatch/service"
)

const serveLong = `Reads requests from standard input, one JSON object per line, and answers each with one line of JSON on
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
  {"id": x, "info": true}                the protocol's version ("protocol", checked by clients
                                         before any other request), maxmatch's, the number of
                                         sentences, the options and the signature

"edits": false leaves the edits out of sentence answers; "compact": true gives each sentence
result as an array, {"id", "results": [[annotator, correct, proposed, gold, p, r, f,
[annotator, correct, proposed, gold, …], edits, correct_edits, bounded], …]}.
A request that cannot be answered gets {"id": its id or null, "error": "…"}, and the service goes
on.`

// serveItem is a request line read from stdin, or why it could not be read.
type serveItem struct {
	line    []byte
	no      int
	tooLong bool
	flush   bool // nothing more was waiting on stdin when it was read
}

// serveAnswer is the answer to a request, a line of JSON, and whether to flush the output after
// it (nothing more was waiting on stdin: the client may be waiting for it).
type serveAnswer struct {
	text  []byte
	flush bool
}

// newServe returns "maxmatch serve".
func (a *app) newServe() *cobra.Command {
	var (
		opt      scorer.Options
		reading  goldReading
		goldPath string
		maxLine  int
	)
	cmd := a.newCommand([]usageLine{{"serve --gold GOLD [flags]", "score JSON-lines requests from stdin, gold loaded once"}}, serveLong,
		func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) > 0:
				return exactArgs(args)
			case goldPath == "":
				return usagef("--gold is required: the M2 file the requests refer to")
			case goldPath == "-":
				return usagef("--gold: \"-\" is standard input, which carries the requests, expected a file")
			}
			if err := reading.check(); err != nil {
				return err
			}
			// A request line is held in memory whole: at most the memory budget.
			if budget := opt.Memory(); int64(maxLine) > budget {
				if cmd.Flags().Changed("max-request-bytes") {
					return usagef("--max-request-bytes: %d is more than the memory budget (%s, --max-memory), expected at most %d", maxLine, membudget.Bytes(budget), budget)
				}
				maxLine = int(budget)
			}
			checkWorkers(&opt)
			a.code = a.serve(opt, reading, goldPath, maxLine)
			return nil
		})
	fs := flagsOf(cmd)
	fs.stringVar(&goldPath, "gold", "", "", fileArg, "the M2 gold file (required)")
	fs.intVar(&maxLine, "max-request-bytes", "", nbest.MaxLineBytes, positive, "longest request line accepted, at most the memory budget (the default too); a longer one gets an error answer")
	scoringFlags(fs, &opt)
	readingFlags(fs, &reading)
	return cmd
}

// serve answers the requests on standard input.
func (a *app) serve(opt scorer.Options, reading goldReading, goldPath string, maxLine int) int {
	const cmd = "maxmatch serve"
	stdout, stderr := a.stdout, a.stderr
	prog := newProgress(cmd, stderr)
	gold, err := reading.load(goldPath, opt.Effective(), prog)
	if err != nil {
		return prog.fail("%v", err)
	}
	// A request's own gold edits are read strictly: a span outside its sentence is an error
	// answered to that request, not a warning on the service's stderr.
	reader := scorer.M2Reader{Fixes: opt.Effective(), Strict: true}
	workers := opt.Workers
	if os.Getenv("GOGC") == "" {
		// A service runs for long: the garbage collector's default target (heap up to twice what
		// is live) rather than the one-shot commands' gcPercent, which lets it grow to
		// five times.
		defer debug.SetGCPercent(debug.SetGCPercent(100))
	}
	srv := service.New(gold.sentences, opt, reader, workers)
	srv.Signature = signature(opt, nil, gold, 0, 0)
	in := bufio.NewReaderSize(stdin, 1<<16)
	out := bufio.NewWriterSize(stdout, 1<<16)
	lineNo := 0
	next := func() (serveItem, bool, error) {
		for {
			line, tooLong, err := readRequestLine(in, maxLine)
			if err == io.EOF && line == nil && !tooLong {
				return serveItem{}, false, nil
			}
			if err != nil && err != io.EOF {
				return serveItem{}, false, fmt.Errorf("cannot read the requests: %v", err)
			}
			lineNo++
			item := serveItem{line: line, no: lineNo, tooLong: tooLong, flush: in.Buffered() == 0}
			if !tooLong && len(bytes.TrimSpace(line)) == 0 {
				continue // a blank line is not a request
			}
			return item, true, nil
		}
	}
	answer := func(w int, item serveItem) serveAnswer {
		if item.tooLong {
			return serveAnswer{srv.Error(fmt.Sprintf("line %d: request longer than --max-request-bytes=%d: expected one JSON object of at most that size per line", item.no, maxLine)), item.flush}
		}
		return serveAnswer{srv.Answer(w, item.line, item.no), item.flush}
	}
	err = ordered.Map(workers, 16*workers, next, answer, func(a serveAnswer) error {
		if _, err := out.Write(a.text); err != nil {
			return errWrite{err}
		}
		if a.flush {
			if err := out.Flush(); err != nil {
				return errWrite{err}
			}
		}
		return nil
	})
	if err == nil {
		if ferr := out.Flush(); ferr != nil {
			err = errWrite{ferr}
		}
	}
	if werr, ok := isWriteError(err); ok {
		return writeFailure(cmd, werr, stderr)
	}
	if err != nil {
		return prog.fail("%v", err)
	}
	return exitOK
}

// readRequestLine reads one line without its line break, at most max bytes of it; the rest of
// a longer line is read and dropped, and tooLong says so.
func readRequestLine(in *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := in.ReadSlice('\n')
		if !tooLong {
			n := len(line) + len(chunk)
			if bytes.HasSuffix(chunk, []byte("\n")) {
				n-- // the line break
			}
			if n > max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(chunk) == 0 && line == nil && !tooLong {
			return nil, false, io.EOF
		}
		if line != nil {
			line = bytes.TrimSuffix(line, []byte("\n"))
			if line == nil {
				line = []byte{}
			}
		}
		return line, tooLong, err
	}
}
