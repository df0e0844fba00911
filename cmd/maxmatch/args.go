package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
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

// writeFiles writes each file, first all to temporary files beside them, then renaming them
// into place, so that a failure leaves no partial file behind.
func writeFiles(files map[string][]byte) error {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	temps := make([]string, 0, len(paths))
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, p := range paths {
		f, err := os.CreateTemp(filepath.Dir(p), ".maxmatch-*")
		if err != nil {
			cleanup()
			return err
		}
		temps = append(temps, f.Name())
		err = f.Chmod(0o644) // CreateTemp makes files only their owner can read
		if err == nil {
			_, err = f.Write(files[p])
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			cleanup()
			return err
		}
	}
	for i, p := range paths {
		if err := os.Rename(temps[i], p); err != nil {
			cleanup()
			return err
		}
	}
	return nil
}
