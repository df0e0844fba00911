package main

import (
	"runtime/debug"

	"github.com/spf13/cobra"

	"maxmatch/internal/cli"
	"maxmatch/version"
)

// readBuildInfo is debug.ReadBuildInfo (tests give a fixed one).
var readBuildInfo = debug.ReadBuildInfo

const versionLong = `Prints maxmatch's version, the commit it was built from and the Go release that built it.
Only a build of the commit tagged with the version, unchanged, gives the version alone (the
release's archives and wheels of that commit, "go install" at it); any other build is a
development build of it, "+devel" followed by the commit and ".dirty" when they are known: the
release's files record them, as do "go build" and "go install" in a git clone; "go run", "go
test", -buildvcs=false and a git worktree record none.`

// newVersion returns "maxmatch version".
func (a *app) newVersion() *cobra.Command {
	return a.newCommand([]cli.Usage{{Args: "version", What: "the version and the commit it was built from (also --version)"}}, versionLong, a.runVersion)
}

// runVersion is "maxmatch version" and "maxmatch --version".
func (a *app) runVersion(cmd *cobra.Command, args []string) error {
	if err := cli.ExactArgs(args); err != nil {
		return err
	}
	a.code = a.output(cmd.CommandPath(), []byte(version.Text(readBuildInfo())))
	return nil
}

// signatureVersion is the version a report's signature gives.
func signatureVersion() string { return version.Of(readBuildInfo()) }
