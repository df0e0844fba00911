package synth

import (
	"fmt"

	"maxmatch/hoo/fragment"
)

// SynthesizeFiles makes, for each gold edit file of golds, the system text of its fragment:
// its raw text of raws with the gold corrections opt's variant chooses, returned by its name
// without extension (NNNN+suffix). progress, when not nil, is told how many files are done.
// The first error names the files.
func SynthesizeFiles(golds, raws *fragment.Dir, suffix string, opt Options, progress func(done, total int)) (map[string][]byte, error) {
	outputs := map[string][]byte{}
	for i, n := range golds.Files {
		if progress != nil {
			progress(i, len(golds.Files))
		}
		goldPath := golds.PathOf(n)
		rawPath, err := raws.Find(n, goldPath)
		if err != nil {
			return nil, err
		}
		source, gold, err := fragment.ReadSource(rawPath, goldPath)
		if err != nil {
			return nil, err
		}
		text, _, err := Synthesize([]byte(source), gold, opt)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", goldPath, err)
		}
		outputs[n.Fragment+suffix] = text
	}
	return outputs, nil
}
