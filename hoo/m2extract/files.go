package m2extract

import (
	"fmt"

	"maxmatch/hoo/fragment"
	"maxmatch/internal/wording"
)

// FileStats are the figures of an extraction of files: Stats summed over them (a source and
// its gold counted once, however many systems correct it), and the number of sources.
type FileStats struct {
	Stats
	Sources int
}

// Summary is what "maxmatch hoo extract --method m2" says of an extraction with at most u
// unchanged tokens in an edit: the edits, those equal to a gold edit, the units scored, and
// what became of the gold corrections.
func (s FileStats) Summary(u int) string {
	text := fmt.Sprintf("M² (u = %d): %s, %d of them equal to a gold edit (%d joined from edits M² split); %s scored",
		u, wording.Plural(s.Edits, "edit"), s.GoldEqual, s.Joined, wording.Plural(s.Units, "unit"))
	if s.Bounded > 0 {
		text += fmt.Sprintf(", %d by the bounded search", s.Bounded)
	}
	return text + fmt.Sprintf("\ngold (%s): %s, %d widened to whole tokens, %d white space only (not expressible in tokens)\n",
		wording.Plural(s.Sources, "source"), wording.Plural(s.GoldCorrections, "correction"), s.GoldWidened, s.GoldLost)
}

// ExtractFiles extracts the edits of every system text of pairs against its raw text and the
// gold edits of golds (every fragment must have its gold file), and returns each system's edit
// file by its stem (NNNNxxN). opt.Progress, when given, is called through fileProgress with the
// file being worked on (its name, index from 0 and the number of files). A source shared by
// several systems is read and tokenised once. The first error names the files.
func ExtractFiles(pairs []fragment.TextPair, golds *fragment.Dir, opt Options, fileProgress func(file string, i, n int) func(stage string, done, total int)) (map[string][]byte, FileStats, error) {
	var total FileStats
	goldPaths := make([]string, len(pairs))
	for i, p := range pairs {
		var err error
		if goldPaths[i], err = golds.Find(p.Name, p.System); err != nil {
			return nil, total, err
		}
	}
	type source struct {
		src  *Source
		gold []GoldEdit
	}
	sources := map[string]source{} // by raw text
	outputs := make(map[string][]byte, len(pairs))
	for i, p := range pairs {
		o := opt
		if fileProgress != nil {
			o.Progress = fileProgress(p.Name.File(), i, len(pairs))
		}
		s, seen := sources[p.Raw]
		if !seen {
			orig, gold, err := fragment.ReadSource(p.Raw, goldPaths[i])
			if err != nil {
				return nil, total, err
			}
			s = source{NewSource(orig, o), FromEdits(gold)}
			sources[p.Raw] = s
			total.Sentences += len(s.src.Sentences)
		}
		sys, err := fragment.ReadText(p.System)
		if err != nil {
			return nil, total, err
		}
		edits, st, err := s.src.Extract(sys, s.gold, o)
		if err == nil {
			outputs[p.Name.Stem()], err = XML(p.Name.Stem(), edits)
		}
		if err != nil {
			sysAt, rawAt := textErrorAt(err, edits, sys, s.src.Text)
			return nil, total, fmt.Errorf("%s%s (against %s%s and %s): %v", p.System, sysAt, p.Raw, rawAt, goldPaths[i], err)
		}
		st.Sentences = 0 // the source's, counted once above
		if seen {        // and its gold too
			st.GoldCorrections, st.GoldWidened, st.GoldLost = 0, 0, 0
		}
		total.Stats = total.Add(st)
	}
	total.Sources = len(sources)
	return outputs, total, nil
}
