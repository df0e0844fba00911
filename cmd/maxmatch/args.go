package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseArgs parses a command's flags, which may come before, between and after the other
// arguments ("--" ends them: what follows is arguments, even "-x"), and checks that the files
// named in files are given (files nil: the command checks its arguments itself; empty: it takes
// none); fs.Args()
// is then the arguments in order. With -h it prints usage (a text ending where the flag list
// begins) and the flags on stdout; on a mistake, one error and a hint on stderr. When done is
// true the command returns code.
func parseArgs(fs *flag.FlagSet, args []string, usage string, files []string, stdout, stderr io.Writer) (code int, done bool) {
	fs.Usage = func() {} // the flag package has printed the mistake; the hint follows below
	hint := fmt.Sprintf("run %q for the usage and flags", fs.Name()+" -h")
	flags, positional := splitArgs(fs, args)
	err := fs.Parse(flags)
	if err == nil {
		err = fs.Parse(append([]string{"--"}, positional...))
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return exitOK, true
		}
		fmt.Fprintln(stderr, hint)
		return exitError, true
	}
	switch {
	case files == nil || fs.NArg() == len(files):
	case len(files) == 0:
		fmt.Fprintf(stderr, "%s: takes no arguments (got %q)\n", fs.Name(), fs.Args())
		return exitError, true
	default:
		count := [...]string{"no", "one", "two", "three", "four"}[min(len(files), 4)]
		fmt.Fprintf(stderr, "%s: expected %s files, %s, besides the flags; got %s\n%s\n", fs.Name(), count, joinAnd(files), plural(fs.NArg(), "argument"), hint)
		return exitError, true
	}
	return exitOK, false
}

// splitArgs separates the flags (with their values) from the other arguments, as the flag
// package reads them: "-name=value", "-name value" unless the flag is boolean, "-" and what
// does not start with "-" are arguments, "--" makes everything after it an argument.
func splitArgs(fs *flag.FlagSet, args []string) (flags, positional []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(positional, args[i+1:]...)
		case len(a) < 2 || a[0] != '-':
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && !isBoolFlag(f) && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	return flags, positional
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
