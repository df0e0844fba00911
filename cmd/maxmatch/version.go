package main

import (
	"flag"
	"io"
	"runtime/debug"

	"maxmatch/version"
)

// readBuildInfo is debug.ReadBuildInfo (tests give a fixed one).
var readBuildInfo = debug.ReadBuildInfo

const versionUsage = `usage: maxmatch version   (or maxmatch --version)

Prints maxmatch's version, the commit it was built from and the Go release that built it.
A release build (the release's archives and wheels, "go install" at the commit tagged with
the version) gives the version alone; any other build is a development build of it, "+devel" followed by the commit and ".dirty" when Go recorded them: "go build" and
"go install" in a git clone record the commit; "go run", "go test", -buildvcs=false and a git
worktree record none.
`

// runVersion is "maxmatch version" and "maxmatch --version".
func runVersion(args []string, stdout, stderr io.Writer) int {
	if code, done := parseNoArgs("maxmatch version", versionUsage, args, stdout, stderr); done {
		return code
	}
	return output(stdout, stderr, "maxmatch version", []byte(version.Text(readBuildInfo())))
}

// parseNoArgs is parseArgs for a command without flags or arguments: -h prints usage.
func parseNoArgs(name, usage string, args []string, stdout, stderr io.Writer) (code int, done bool) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return parseArgs(fs, args, usage, []string{}, stdout, stderr)
}

// signatureVersion is the version a report's signature gives.
func signatureVersion() string { return version.Of(readBuildInfo()) }
