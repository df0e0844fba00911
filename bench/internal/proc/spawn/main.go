// Command spawn runs one command, measures it with proc.Run and prints the result as JSON:
//
//	spawn [-stdout-tail N] TIMEOUT COMMAND [ARG...]
//
// prints {"sample": {...}, "stdout": "...", "stderr": "...", "exit_code": ..., "error": "..."}
// (proc.Result). TIMEOUT is a Go duration (0: none); -stdout-tail keeps only the last N bytes
// of the command's standard output (proc.Options.StdoutTail).
// It exists so that the measured command starts from a small process (see package proc).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"

	"maxmatch/bench/internal/proc"
)

func main() {
	args := os.Args[1:]
	var opt proc.Options
	if len(args) >= 2 && args[0] == "-stdout-tail" {
		n, err := strconv.Atoi(args[1])
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "spawn: -stdout-tail %q: not a positive number of bytes\n", args[1])
			os.Exit(2)
		}
		opt.StdoutTail, args = n, args[2:]
	}
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: spawn [-stdout-tail N] TIMEOUT COMMAND [ARG...]")
		os.Exit(2)
	}
	timeout, err := time.ParseDuration(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "spawn: %v\n", err)
		os.Exit(2)
	}
	res, err := proc.Run(args[1:], timeout, opt)
	if err != nil {
		res.Error = err.Error()
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		os.Exit(1)
	}
}
