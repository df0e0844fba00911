// Command spawn runs one command, measures it with proc.Run and prints the result (proc.Result)
// as JSON:
//
//	spawn [-timeout D] [-stdout-tail N] COMMAND [ARG...]
//
// It exists so that the measured command starts from a small process (see package proc).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"maxmatch/bench/internal/proc"
)

func main() {
	timeout := flag.Duration("timeout", 0, "time limit of the command (0: none)")
	tail := flag.Int("stdout-tail", 0, "keep only the last N bytes of the command's standard output (0: all of it)")
	flag.Parse()
	if flag.NArg() == 0 || *tail < 0 {
		fmt.Fprintln(os.Stderr, "usage: spawn [-timeout D] [-stdout-tail N] COMMAND [ARG...]")
		os.Exit(2)
	}
	res, err := proc.Run(flag.Args(), *timeout, proc.Options{StdoutTail: *tail})
	if err != nil {
		res.Error = err.Error()
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		os.Exit(1)
	}
}
