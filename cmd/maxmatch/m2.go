package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"maxmatch/scorer"
	"maxmatch/tokenize"
)

const m2Usage = `usage: maxmatch m2 [flags] SOURCE REFERENCE...

Writes an M2 gold file from SOURCE and one or more corrected REFERENCEs of it (JFLEG-style
data), so that such data gets an M² score. Every file has one sentence per line, and the same
number of lines. Each reference is an annotator (ids 0, 1, … in the order given); its edits are
those the scorer extracts from it as a hypothesis against a gold standard without edits, of
type UNK: the fewest Levenshtein steps, then the fewest edits, an edit spanning at most
-max_unchanged_words unchanged tokens (default 0: every maximal run of changed tokens is one
edit). A reference equal to its source gets a noop line. Tokens are split on white space, or
with -tokenize on raw text. Files ending in .gz are decompressed. Flags:

`

func runM2(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("maxmatch m2", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write the M2 file to this file (replaced whole, or left as it was on an error) instead of stdout")
	tok := fs.Bool("tokenize", false, "tokenize every line first (Penn Treebank tokens, as NLTK's TreebankWordTokenizer): for raw text")
	opt := scorer.DefaultOptions()
	fs.IntVar(&opt.MaxUnchangedWords, "max_unchanged_words", 0, "most unchanged tokens inside one edit (u; 0 keeps edits apart wherever a token is unchanged)")
	fs.IntVar(&opt.MaxUnchangedWords, "max-unchanged-words", 0, "same as -max_unchanged_words")
	if code, done := parseArgs(fs, args, m2Usage, nil, stdout, stderr); done {
		return code
	}
	if fs.NArg() < 2 {
		fmt.Fprintf(stderr, "maxmatch m2: expected a SOURCE file and at least one REFERENCE file after the flags; got %s\nrun \"maxmatch m2 -h\" for the usage and flags\n", plural(fs.NArg(), "argument"))
		return exitError
	}
	paths := fs.Args()
	roles := make([]string, len(paths))
	for i := range roles {
		roles[i] = fmt.Sprintf("REFERENCE %d", i)
	}
	roles[0] = "SOURCE"
	if !checkOptions("maxmatch m2", opt, stderr) || !checkStdin("maxmatch m2", roles, paths, stderr) {
		return exitError
	}
	files := make([][]string, len(paths))
	for i, p := range paths {
		role := "reference"
		if i == 0 {
			role = "source"
		}
		lines, err := readLines(p, role)
		if err != nil {
			fmt.Fprintf(stderr, "maxmatch: %v\n", err)
			return exitError
		}
		files[i] = lines
	}
	if err := checkLineCounts(paths, files); err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	if *tok {
		for _, lines := range files {
			for i, l := range lines {
				lines[i] = tokenizeLine(l)
			}
		}
	}

	// Every sentence is made before anything is written, so that an error leaves no output.
	aligner, err := scorer.NewReferenceAligner(opt)
	if err != nil {
		fmt.Fprintf(stderr, "maxmatch m2: %v\n", err)
		return exitError
	}
	refs := make([]string, len(paths)-1)
	var m2 bytes.Buffer
	mw := scorer.NewM2Writer(&m2)
	mw.NoopLines = true
	for line, source := range files[0] {
		for i := range refs {
			refs[i] = files[i+1][line]
		}
		s, bounded, err := aligner.Sentence(source, refs)
		var ue *scorer.UnwritableError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "maxmatch: %s:%d: %v\n", paths[ue.Reference+1], line+1, err)
			return exitError
		}
		if err != nil {
			fmt.Fprintf(stderr, "maxmatch: %s:%d: %v\n", paths[0], line+1, err)
			return exitError
		}
		for i, why := range bounded {
			if why != "" {
				fmt.Fprintf(stderr, "maxmatch: warning: %s:%d: aligned by the bounded search, as %s (its edits still give the reference)\n",
					paths[i+1], line+1, why)
			}
		}
		mw.Write(&s)
	}
	if err := mw.Flush(); err != nil {
		fmt.Fprintf(stderr, "maxmatch: %v\n", err)
		return exitError
	}
	if *out == "" {
		return output(stdout, stderr, "maxmatch m2", m2.Bytes())
	}
	// writeFiles' errors name the path the user gave.
	if err := writeFiles(map[string][]byte{*out: m2.Bytes()}); err != nil {
		fmt.Fprintf(stderr, "maxmatch m2: %v\n", err)
		return exitError
	}
	return exitOK
}

// readLines reads a file of one sentence per line as the system files are read (UTF-8,
// "\n"-terminated lines stripped of white space; CRLF and a byte order mark are read too).
func readLines(path, role string) ([]string, error) {
	in := newInput(path, role, nil)
	defer in.close()
	text, err := in.readAll()
	if err != nil {
		return nil, err
	}
	lines, err := scorer.ReadSystemString(path, text)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: the %s file is empty: expected one sentence per line", path, role)
	}
	return lines, nil
}

// checkLineCounts checks that every reference has as many lines as the source (files[0]).
func checkLineCounts(paths []string, files [][]string) error {
	src := files[0]
	for i, ref := range files[1:] {
		if len(ref) == len(src) {
			continue
		}
		where := fmt.Sprintf("%s:%d is the first reference line without a source line", paths[i+1], len(src)+1)
		if len(ref) < len(src) {
			where = fmt.Sprintf("the source line %s:%d has no reference line", paths[0], len(ref)+1)
		}
		return fmt.Errorf("%s has %s but the source %s has %s: %s; expected one reference line per source line",
			paths[i+1], plural(len(ref), "line"), paths[0], plural(len(src), "line"), where)
	}
	return nil
}

// tokenizeLine returns the Treebank tokens of one line, joined by spaces.
func tokenizeLine(line string) string {
	words := tokenize.Words(line)
	texts := make([]string, len(words))
	for i, w := range words {
		texts[i] = w.Text
	}
	return strings.Join(texts, " ")
}
