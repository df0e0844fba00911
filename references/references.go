// Package references makes an M2 gold file from corrected references of a source (JFLEG-style
// data), so that such data gets an M² score: each reference is an annotator (ids 0, 1, … in
// order), and its edits are those the scorer extracts from it as a hypothesis against a gold
// standard without edits (scorer.ReferenceAligner), of type UNK.
package references

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"maxmatch/input"
	"maxmatch/internal/wording"
	"maxmatch/scorer"
	"maxmatch/tokenize"
)

// A File is a source or a reference: one sentence per line.
type File struct {
	Name  string // in messages
	Lines []string
}

// Read reads f, a file of one sentence per line, as system files are read (UTF-8,
// "\n"-terminated lines stripped of white space; CRLF and a byte order mark are read too); an
// empty file is an error.
func Read(f *input.File) (File, error) {
	text, err := f.ReadAll()
	if err != nil {
		return File{}, err
	}
	lines, err := scorer.ReadSystemString(f.Name(), text)
	if err != nil {
		return File{}, err
	}
	if len(lines) == 0 {
		return File{}, fmt.Errorf("%s: the %s file is empty: expected one sentence per line", f.Name(), f.Role())
	}
	return File{Name: f.Name(), Lines: lines}, nil
}

// Options say how the references are aligned with their source.
type Options struct {
	// MaxUnchangedWords is the most unchanged tokens inside one edit (0: every maximal run of
	// changed tokens is one edit).
	MaxUnchangedWords int
	// Tokenize splits every line into Penn Treebank tokens first (raw text); otherwise tokens
	// are split on white space.
	Tokenize bool
	// MaxMemory is the memory budget of the alignment (scorer.Options.MaxMemory; 0: the default).
	MaxMemory int64
	// Warn, when not nil, is told of each reference sentence aligned by the bounded search.
	Warn func(format string, args ...any)
}

// M2 returns the M2 file of source and its references: every reference has as many lines as
// the source; a reference equal to its source gets a noop line. Every sentence is made before
// anything is returned, so that an error leaves no output; errors name the file and line.
func M2(source File, refs []File, opt Options) ([]byte, error) {
	if err := checkLineCounts(source, refs); err != nil {
		return nil, err
	}
	if opt.Tokenize {
		source = tokenized(source)
		refs = slices.Clone(refs)
		for i := range refs {
			refs[i] = tokenized(refs[i])
		}
	}
	scoring := scorer.DefaultOptions()
	scoring.MaxUnchangedWords = opt.MaxUnchangedWords
	scoring.MaxMemory = opt.MaxMemory
	aligner, err := scorer.NewReferenceAligner(scoring)
	if err != nil {
		return nil, err
	}
	texts := make([]string, len(refs))
	var m2 bytes.Buffer
	mw := scorer.NewM2Writer(&m2)
	mw.NoopLines = true
	for line, src := range source.Lines {
		for i := range refs {
			texts[i] = refs[i].Lines[line]
		}
		s, bounded, err := aligner.Sentence(src, texts)
		var ue *scorer.UnwritableError
		if errors.As(err, &ue) {
			return nil, fmt.Errorf("%s:%d: %w", refs[ue.Reference].Name, line+1, err)
		}
		var tl *scorer.TooLargeError
		if errors.As(err, &tl) {
			tl.Index = line // the aligner scores each line as a sentence of its own
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", source.Name, line+1, err)
		}
		for i, why := range bounded {
			if why != "" && opt.Warn != nil {
				opt.Warn("%s:%d: aligned by the bounded search, as %s (its edits still give the reference)", refs[i].Name, line+1, why)
			}
		}
		mw.Write(&s)
	}
	if err := mw.Flush(); err != nil {
		return nil, err
	}
	return m2.Bytes(), nil
}

// checkLineCounts checks that every reference has as many lines as the source.
func checkLineCounts(source File, refs []File) error {
	src := source.Lines
	for _, ref := range refs {
		if len(ref.Lines) == len(src) {
			continue
		}
		where := fmt.Sprintf("%s:%d is the first reference line without a source line", ref.Name, len(src)+1)
		if len(ref.Lines) < len(src) {
			where = fmt.Sprintf("the source line %s:%d has no reference line", source.Name, len(ref.Lines)+1)
		}
		return fmt.Errorf("%s has %s but the source %s has %s: %s; expected one reference line per source line",
			ref.Name, wording.Plural(len(ref.Lines), "line"), source.Name, wording.Plural(len(src), "line"), where)
	}
	return nil
}

// tokenized returns f with every line split into Treebank tokens, joined by spaces.
func tokenized(f File) File {
	lines := make([]string, len(f.Lines))
	for i, line := range f.Lines {
		words := tokenize.Words(line)
		texts := make([]string, len(words))
		for j, w := range words {
			texts[j] = w.Text
		}
		lines[i] = strings.Join(texts, " ")
	}
	return File{Name: f.Name, Lines: lines}
}
