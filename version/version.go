// Package version is maxmatch's version: one number for the Go module (whose git tag is "v"
// and the number), the maxmatch command and the Python package, written in one place, the file
// VERSION beside this one, which the command embeds and the Python package's build reads.
//
// Only a build of the commit tagged with the version, unchanged, gives the number alone
// ("0.1.0"): one the go command built there (it records the tag as the main module's version),
// or one stamped with that commit and its tag (the release's commands and a wheel built from
// its source distribution, which know their commit from the source distribution, not from git:
// StampFlags). Any other build is a development build of that number: "+devel", then the
// commit and ".dirty" when they are known ("0.1.0+devel.971e567ced89.dirty"), a form that is
// both a semantic version and a Python (PEP 440) version.
package version

import (
	_ "embed"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

//go:embed VERSION
var file string

// Number is the version's number, MAJOR.MINOR.PATCH, as the file VERSION holds it.
var Number = strings.TrimSpace(file)

// The stamp of a build whose sources are a known commit, set by the linker (StampFlags):
// commit is its revision; tree is "tagged" when the commit carries the tag "v"+Number and the
// sources are exactly it, "modified" when the sources differ from it, "" when they are an
// untagged commit.
var commit, tree string

// StampFlags returns the linker flags (for go build -ldflags) that stamp a build whose sources
// are the commit rev: tagged, the commit carries the tag "v"+Number; modified, the sources
// differ from it. The Python package's build backend writes the same flags.
func StampFlags(rev string, tagged, modified bool) string {
	state := ""
	switch {
	case modified:
		state = "modified"
	case tagged:
		state = "tagged"
	}
	return fmt.Sprintf("-X maxmatch/version.commit=%s -X maxmatch/version.tree=%s", rev, state)
}

// String returns the running binary's version, as Of gives it for its build information.
func String() string { return Of(debug.ReadBuildInfo()) }

// source is what a build knows of its sources: the commit, its time, whether the sources
// differ from it, and whether they are the commit tagged with the version.
type source struct {
	rev, time          string
	modified, isTagged bool
}

// sourceOf returns what the build with build information bi (ok false: none) knows of its
// sources: its stamp, else what Go recorded.
func sourceOf(bi *debug.BuildInfo, ok bool) source {
	if commit != "" {
		return source{rev: commit, modified: tree == "modified", isTagged: tree == "tagged"}
	}
	if !ok {
		return source{}
	}
	s := settings(bi)
	return source{rev: s["vcs.revision"], time: s["vcs.time"], modified: s["vcs.modified"] == "true",
		isTagged: bi.Main.Version == "v"+Number}
}

// Of returns the version of a build whose build information is bi (ok false: it has none):
// Number for a build of the tagged commit, Number and "+devel…" for any other.
func Of(bi *debug.BuildInfo, ok bool) string {
	src := sourceOf(bi, ok)
	if src.isTagged && !src.modified {
		return Number
	}
	v := Number + "+devel"
	if len(src.rev) >= 12 {
		v += "." + src.rev[:12]
	}
	if src.modified {
		v += ".dirty"
	}
	return v
}

// Text returns what "maxmatch version" prints for a build whose build information is bi (ok
// false: it has none): the version, the commit, and the Go release and platform.
func Text(bi *debug.BuildInfo, ok bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "maxmatch %s\n", Of(bi, ok))
	src := sourceOf(bi, ok)
	switch {
	case src.rev != "":
		fmt.Fprintf(&b, "commit %s", src.rev)
		if src.time != "" {
			fmt.Fprintf(&b, " (%s)", src.time)
		}
		if src.modified {
			b.WriteString(", with uncommitted changes")
		}
		b.WriteString("\n")
		if commit != "" && src.isTagged {
			fmt.Fprintf(&b, "release build: the commit is the one tagged v%s\n", Number)
		}
	case !ok:
		b.WriteString("no build information: the commit and the Go release are unknown\n")
		return b.String()
	default:
		b.WriteString("commit unknown: built without version control information (see maxmatch version -h)\n")
	}
	if !ok {
		return b.String()
	}
	s := settings(bi)
	fmt.Fprintf(&b, "built with %s for %s/%s\n", bi.GoVersion, s["GOOS"], s["GOARCH"])
	return b.String()
}

// settings returns bi's build settings by key, GOOS and GOARCH defaulting to the running
// program's.
func settings(bi *debug.BuildInfo) map[string]string {
	s := map[string]string{"GOOS": runtime.GOOS, "GOARCH": runtime.GOARCH}
	for _, kv := range bi.Settings {
		s[kv.Key] = kv.Value
	}
	return s
}
