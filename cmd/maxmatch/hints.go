package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"maxmatch/input"
	"maxmatch/scorer"
)

// swappedHint returns err, the error of a command whose last file is the gold (usage is how
// the command is called: "maxmatch score SYSTEM... GOLD"), with a hint when the files look
// given in the wrong order: err is the gold file's as M2, which it does not look like, and
// one of the files before it does.
func swappedHint(err error, usage, gold string, others []string) error {
	var pe *scorer.ParseError
	if !errors.As(err, &pe) || gold == "-" || pe.File != gold || looksLikeM2(gold) {
		return err
	}
	for _, o := range others {
		if o != "-" && looksLikeM2(o) {
			return fmt.Errorf("%w; %s, given before it, is an M2 file: the gold file comes last (%s)", err, o, usage)
		}
	}
	return err
}

// looksLikeM2 says whether the file path starts as an M2 file does: its first line that is not
// blank is an "S " line (a gzip file decompressed). A file that cannot be read is not M2.
func looksLikeM2(path string) bool {
	r := input.New(path, "", input.Options{}).Reader()
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20) // a first line longer than a megabyte: not taken as M2
	for sc.Scan() {
		if line := strings.TrimRight(sc.Text(), "\r"); strings.TrimSpace(line) != "" {
			return strings.HasPrefix(strings.TrimPrefix(line, "\ufeff"), "S ")
		}
	}
	return false
}
