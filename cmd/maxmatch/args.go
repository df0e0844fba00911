package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseArgs parses a command's flags and checks that the files named in files follow them
// (files nil: the command checks its arguments itself). With -h it prints usage (a text ending
// where the flag list begins) and the flags on stdout; on a mistake, one error and a hint on
// stderr. When done is true the command returns code.
func parseArgs(fs *flag.FlagSet, args []string, usage string, files []string, stdout, stderr io.Writer) (code int, done bool) {
	fs.Usage = func() {} // the flag package has printed the mistake; the hint follows below
	hint := fmt.Sprintf("run %q for the usage and flags", fs.Name()+" -h")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return exitOK, true
		}
		fmt.Fprintln(stderr, hint)
		return exitError, true
	}
	if files != nil && fs.NArg() != len(files) {
		count := [...]string{"no", "one", "two", "three", "four"}[min(len(files), 4)]
		names := strings.Join(files[:len(files)-1], ", ") + " and " + files[len(files)-1]
		fmt.Fprintf(stderr, "%s: expected %s files, %s, after the flags; got %d arguments\n%s\n", fs.Name(), count, names, fs.NArg(), hint)
		return exitError, true
	}
	return exitOK, false
}
