package wdiff

import (
	"fmt"
	"strings"

	"maxmatch/hoo/fragment"
)

// ExtractFiles extracts the edits of every system text of pairs against its raw text, as the
// official batch_extract.py does, and returns each system's edit file by its stem (NNNNxxN);
// progress, when not nil, is told how many files are done; warn, when not nil, is given a
// warning for each text that holds one of wdiff's markers (see MarkerWarning), a raw text
// once. The first error names the files.
func ExtractFiles(pairs []fragment.TextPair, opt Options, progress func(done, total int), warn func(string)) (map[string][]byte, error) {
	outputs := make(map[string][]byte, len(pairs))
	checked := map[string]bool{} // a raw text is read again for each of its system texts
	check := func(path, text string) {
		if warn == nil || checked[path] {
			return
		}
		checked[path] = true
		if w := MarkerWarning(path, text); w != "" {
			warn(w)
		}
	}
	for i, p := range pairs {
		if progress != nil {
			progress(i, len(pairs))
		}
		orig, err := fragment.ReadText(p.Raw)
		if err != nil {
			return nil, err
		}
		sys, err := fragment.ReadText(p.System)
		if err != nil {
			return nil, err
		}
		check(p.Raw, orig)
		check(p.System, sys)
		edits, err := Extract([]byte(orig), []byte(sys), opt)
		if err == nil {
			outputs[p.Name.Stem()], err = XML(p.Name.Stem(), edits, opt)
		}
		if err != nil {
			return nil, fmt.Errorf("%s (against %s): %v", p.System, p.Raw, err)
		}
	}
	if progress != nil {
		progress(len(pairs), len(pairs))
	}
	return outputs, nil
}

// MarkerWarning is the warning for a text (read from path) that holds one of wdiff's markers,
// "[-", "-]", "{+" or "+}", naming the first by its line and column (in bytes, 1-based), or ""
// when it holds none. The extraction reads wdiff's output, in which a marker of the text
// cannot be told from one of wdiff's own: the official extractor, and Options.Fixed alike,
// take it for the start or end of a changed region and may report edits that are not there.
func MarkerWarning(path, text string) string {
	first, marker := -1, ""
	for _, m := range []string{DefaultMarkers.DeleteStart, DefaultMarkers.DeleteEnd, DefaultMarkers.InsertStart, DefaultMarkers.InsertEnd} {
		if i := strings.Index(text, m); i >= 0 && (first < 0 || i < first) {
			first, marker = i, m
		}
	}
	if first < 0 {
		return ""
	}
	line := 1 + strings.Count(text[:first], "\n")
	col := first - (strings.LastIndexByte(text[:first], '\n') + 1) + 1
	return fmt.Sprintf("%s:%d:%d: holds %q, one of wdiff's markers: the wdiff extraction (the official's, and --fixed) reads it as the mark of a changed region and may report edits the text does not make; the m2 extraction (--method m2) reads the text as it is", path, line, col, marker)
}
