package wdiff

import (
	"fmt"

	"maxmatch/hoo/fragment"
)

// ExtractFiles extracts the edits of every system text of pairs against its raw text, as the
// official batch_extract.py does, and returns each system's edit file by its stem (NNNNxxN);
// progress, when not nil, is told how many files are done. The first error names the files.
func ExtractFiles(pairs []fragment.TextPair, opt Options, progress func(done, total int)) (map[string][]byte, error) {
	outputs := make(map[string][]byte, len(pairs))
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
