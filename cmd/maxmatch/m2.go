package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"maxmatch/scorer"
	"maxmatch/tokenize"
)

const m2Long = `Writes an M2 gold file from SOURCE and one or more corrected REFERENCEs of it (JFLEG-style
data), so that such data gets an M² score. Every file has one sentence per line, and the same
number of lines. Each reference is an annotator (ids 0, 1, … in the order given); its edits are
those the scorer extracts from it as a hypothesis against a gold standard without edits, of
type UNK: the fewest Levenshtein steps, then the fewest edits, an edit spanning at most
--max_unchanged_words unchanged tokens (default 0: every maximal run of changed tokens is one
edit). A reference equal to its source gets a noop line. Tokens are split on white space, or
with --tokenize on raw text. Any one file may be "-", standard input. Files ending in .gz are
decompressed.`

// newM2 returns "maxmatch m2".
func (a *app) newM2() *cobra.Command {
	var (
		out string
		tok bool
		opt = scorer.DefaultOptions()
	)
	cmd := a.newCommand([]usageLine{{"m2 [flags] SOURCE REFERENCE...", "write an M2 gold file from corrected references"}}, m2Long,
		func(cmd *cobra.Command, paths []string) error {
			if len(paths) < 2 {
				return usagef("expected a SOURCE file and at least one REFERENCE file after the flags; got %s", plural(len(paths), "argument"))
			}
			roles := make([]string, len(paths))
			for i := range roles {
				roles[i] = fmt.Sprintf("REFERENCE %d", i)
			}
			roles[0] = "SOURCE"
			if err := checkStdin(roles, paths); err != nil {
				return err
			}
			if err := checkOutputs(map[string]string{"--out": out}, roles, paths); err != nil {
				return err
			}
			if err := checkReplaceable("--out", out, m2Output); err != nil {
				return err
			}
			a.code = a.m2(opt, out, tok, paths)
			return nil
		})
	fs := flagsOf(cmd)
	fs.stringVar(&out, "out", "", "", outFileArg, "write the M2 file to this file (replaced whole, or left as it was on an error; not one of the inputs) instead of standard output")
	fs.boolVar(&tok, "tokenize", "", "tokenize every line first (Penn Treebank tokens, as NLTK's TreebankWordTokenizer): for raw text")
	fs.intVar(&opt.MaxUnchangedWords, "max_unchanged_words", "", 0, uRange, "most unchanged tokens inside one edit (u; 0 keeps edits apart wherever a token is unchanged)")
	return cmd
}

// m2 writes the M2 file of the source and references paths.
func (a *app) m2(opt scorer.Options, out string, tok bool, paths []string) int {
	const cmd = "maxmatch m2"
	stdout, stderr := a.stdout, a.stderr
	files := make([][]string, len(paths))
	for i, p := range paths {
		role := "reference"
		if i == 0 {
			role = "source"
		}
		lines, err := readLines(p, role)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
			return exitError
		}
		files[i] = lines
	}
	if err := checkLineCounts(paths, files); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	if tok {
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
			fmt.Fprintf(stderr, "%s: %s:%d: %v\n", cmd, paths[ue.Reference+1], line+1, err)
			return exitError
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %s:%d: %v\n", cmd, paths[0], line+1, err)
			return exitError
		}
		for i, why := range bounded {
			if why != "" {
				fmt.Fprintf(stderr, "%s: warning: %s:%d: aligned by the bounded search, as %s (its edits still give the reference)\n",
					cmd, paths[i+1], line+1, why)
			}
		}
		mw.Write(&s)
	}
	if err := mw.Flush(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitError
	}
	if out == "" {
		return output(stdout, stderr, cmd, m2.Bytes())
	}
	// writeFiles' errors name the path the user gave.
	if err := writeFiles(map[string][]byte{out: m2.Bytes()}); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
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
