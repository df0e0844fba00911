package main

import (
	"fmt"

	"maxmatch/corpus"
	"maxmatch/internal/cli"
	"maxmatch/internal/writefile"
)

// fileRoles names the files of "maxmatch score" with n systems, in messages.
func fileRoles(n int) []string {
	if n == 1 {
		return []string{"SYSTEM", "GOLD"}
	}
	roles := make([]string, n+1)
	for i := range n {
		roles[i] = fmt.Sprintf("SYSTEM %d", i+1)
	}
	roles[n] = "GOLD"
	return roles
}

// eachSystemOnce refuses a system file given twice (roles name the systems in messages), as
// the same path or as another path to the same file: two rows of one name cannot be told
// apart, and a paired test of a system against itself says nothing.
func eachSystemOnce(roles, systems []string) error {
	seen := map[string]int{}
	for i, n := range corpus.Names(systems) {
		if j, ok := seen[n]; ok {
			return cli.Usagef("%s and %s are both %s: expected each system once", roles[j], roles[i], n)
		}
		seen[n] = i
	}
	for i, s := range systems {
		for j, before := range systems[:i] {
			if s != "-" && before != "-" && writefile.SamePath(before, s) {
				return cli.Usagef("%s and %s are one file (%s and %s): expected each system once", roles[j], roles[i], before, s)
			}
		}
	}
	return nil
}
