package main

import (
	"os"

	"maxmatch/internal/cli"
	"maxmatch/internal/writefile"
)

// checkOutputs refuses, before anything is read or written, an output file (flag → path; "":
// not asked for) that cannot be written, that is one of the inputs (roles name them; "-" is
// the file standard input is) or another output, or that would replace a file of another kind
// than the flag writes (kinds: flag → kind).
func checkOutputs(outputs map[string]string, kinds map[string]writefile.Kind, roles, inputs []string) error {
	stdinFile, _ := stdin.(*os.File)
	if err := writefile.CheckOutputs(outputs, roles, inputs, stdinFile); err != nil {
		return cli.UsageError{Msg: err.Error()}
	}
	for flag, kind := range kinds {
		if err := writefile.Replaceable(outputs[flag], kind); err != nil {
			return cli.Usagef("%s: %v", flag, err)
		}
	}
	return nil
}
