package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"maxmatch/internal/cli"
)

// readBuildInfo is debug.ReadBuildInfo (tests give a fixed one).
var readBuildInfo = debug.ReadBuildInfo

const versionLong = `Prints the module's version, the commit it was built from and the Go release that built it.
"go build" and "go install" in a git clone record the commit ("+dirty" and "with uncommitted
changes" when the tree differed from it); "go run", "go test", -buildvcs=false and a git
worktree record none, and the version is then "(devel)".`

// newVersion returns "maxmatch version".
func (a *app) newVersion() *cobra.Command {
	return a.newCommand([]cli.Usage{{Args: "version", What: "the version and the commit it was built from (also --version)"}}, versionLong, a.runVersion)
}

// runVersion is "maxmatch version" and "maxmatch --version".
func (a *app) runVersion(cmd *cobra.Command, args []string) error {
	if err := cli.ExactArgs(args); err != nil {
		return err
	}
	bi, ok := readBuildInfo()
	a.code = a.output(cmd.CommandPath(), []byte(versionText(bi, ok)))
	return nil
}

// versionText is what runVersion prints for the build information bi (ok false: none).
func versionText(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return "maxmatch (unknown version: the binary holds no build information)\n"
	}
	setting := map[string]string{"GOOS": runtime.GOOS, "GOARCH": runtime.GOARCH}
	for _, s := range bi.Settings {
		setting[s.Key] = s.Value
	}
	var b strings.Builder
	fmt.Fprintf(&b, "maxmatch %s\n", bi.Main.Version)
	if rev := setting["vcs.revision"]; rev != "" {
		fmt.Fprintf(&b, "commit %s", rev)
		if t := setting["vcs.time"]; t != "" {
			fmt.Fprintf(&b, " (%s)", t)
		}
		if setting["vcs.modified"] == "true" {
			b.WriteString(", with uncommitted changes")
		}
		b.WriteString("\n")
	} else {
		b.WriteString("commit unknown: built without version control information (see maxmatch version -h)\n")
	}
	fmt.Fprintf(&b, "built with %s for %s/%s\n", bi.GoVersion, setting["GOOS"], setting["GOARCH"])
	return b.String()
}

// signatureVersion is the version a report's signature gives: the module's version, or for a
// build without one, "devel" and the commit when it is known.
func signatureVersion() string {
	bi, ok := readBuildInfo()
	if !ok {
		return "unknown"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return "devel-" + s.Value[:12]
		}
	}
	return "devel"
}
