// Command spawn runs one command, measures it with proc.Run and prints the result as JSON:
//
//	spawn TIMEOUT COMMAND [ARG...]
//
// prints {"sample": {...}, "stdout": "...", "error": "..."}. TIMEOUT is a Go duration (0: none).
// It exists so that the measured command starts from a small process (see package proc).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"maxmatch/bench/internal/proc"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: spawn TIMEOUT COMMAND [ARG...]")
		os.Exit(2)
	}
	timeout, err := time.ParseDuration(os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "spawn: %v\n", err)
		os.Exit(2)
	}
	s, out, err := proc.Run(os.Args[2:], nil, timeout)
	res := proc.Result{Sample: s, Stdout: string(out)}
	if err != nil {
		res.Error = err.Error()
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		os.Exit(1)
	}
}
