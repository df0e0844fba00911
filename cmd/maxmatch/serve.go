package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"maxmatch/internal/ordered"
	"maxmatch/internal/service"
	"maxmatch/nbest"
	"maxmatch/scorer"
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
  {"id": x, "info": true}                the protocol's version ("protocol", checked by clients
                                         before any other request), maxmatch's, the number of
                                         sentences, the options and the signature

"edits": false leaves the edits out of sentence answers; "compact": true gives each sentence
result as an array, {"id", "results": [[annotator, correct, proposed, gold, p, r, f,
[annotator, correct, proposed, gold, …], edits, correct_edits, bounded], …]}.
A request that cannot be answered gets {"id": its id or null, "error": "…"}, and the service goes
on. Flags:

`

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

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opt := scorer.DefaultOptions()
	var reading goldReading
	var goldPath string
	var maxLine int
	fs.StringVar(&goldPath, "gold", "", "the M2 gold file (required)")
	fs.IntVar(&maxLine, "max-request-bytes", nbest.MaxLineBytes, "longest request line accepted; a longer one gets an error answer")
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
	gold, err := reading.load(goldPath, opt.Effective(), prog)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	// A request's own gold edits are read strictly: a span outside its sentence is an error
	// answered to that request, not a warning on the service's stderr.
	reader := scorer.M2Reader{Fixes: opt.Effective(), Strict: true}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if os.Getenv("GOGC") == "" {
		// A service runs for long: the garbage collector's default target (heap up to twice what
		// is live) rather than the one-shot commands' scorer.GCPercent, which lets it grow to
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
			return err
		}
		if a.flush {
			return out.Flush()
		}
		return nil
	})
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch serve: %v\n", err)
		return exitError
	}
	return exitOK
}

// readRequestLine reads one line without its line break, at most max bytes of it; the rest of
// a longer line is read and dropped, and tooLong says so.
func readRequestLine(in *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := in.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max+1 { // +1: the line break
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
