package main

import "fmt"

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
