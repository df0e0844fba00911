package main

import (
	"maxmatch/internal/cli"
	"maxmatch/internal/writefile"
)

// checkOutputs refuses, before anything is read or written, an output file (flag → path; "":
// not asked for) that is one of the inputs (roles name them) or another output, or that would
// replace a file of another kind than the flag writes (kinds: flag → kind).
func checkOutputs(outputs map[string]string, kinds map[string]writefile.Kind, roles, inputs []string) error {
	if err := writefile.CheckOutputs(outputs, roles, inputs); err != nil {
		return cli.UsageError{Msg: err.Error()}
	}
	for flag, kind := range kinds {
		if err := writefile.Replaceable(outputs[flag], kind); err != nil {
			return cli.Usagef("%s: %v", flag, err)
		}
	}
	return nil
}
