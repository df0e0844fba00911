package main

import (
	"sort"

	"maxmatch/internal/cli"
	"maxmatch/internal/writefile"
)

// checkOutputs refuses an output file that is one of the command's inputs, or another of its
// outputs, before anything is read or written: the same file (by device and inode), or the
// same path for a file not yet created. outputs maps each output's flag to its path ("": not
// asked for); inputs are the files given, in order, and roles name them in messages.
func checkOutputs(outputs map[string]string, roles, inputs []string) error {
	flags := make([]string, 0, len(outputs))
	for fl, path := range outputs {
		if path != "" {
			flags = append(flags, fl)
		}
	}
	sort.Strings(flags)
	for k, fl := range flags {
		out := outputs[fl]
		for i, in := range inputs {
			if in != "-" && writefile.SamePath(out, in) {
				return cli.Usagef("%s: %s is the %s file, an input, expected a file that is not one of the inputs", fl, out, roles[i])
			}
		}
		for _, other := range flags[:k] {
			if writefile.SamePath(out, outputs[other]) {
				return cli.Usagef("%s: %s is the file of %s too, expected two files", fl, out, other)
			}
		}
	}
	return nil
}

// checkReplaceable refuses an output path (given to flag) that names an existing regular,
// non-empty file that is not of kind: the command would replace it.
func checkReplaceable(flag, path string, kind writefile.Kind) error {
	if err := writefile.Replaceable(path, kind); err != nil {
		return cli.Usagef("%s: %v", flag, err)
	}
	return nil
}
