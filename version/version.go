// Package version is maxmatch's version: one number for the Go module (whose git tag is "v"
// and the number), the maxmatch command and the Python package, written in one place, the file
// VERSION beside this one, which the command embeds and the Python package's build reads.
//
// A release build gives the number alone ("0.1.0"): a binary stamped as a release (the release
// archives and wheels of "go run ./release", and a wheel built from the Python package's
// source distribution, link with ReleaseFlag), or one the go command built at the commit
// tagged with the version. Any other build is a development build of that number: "+devel",
// then the commit and ".dirty" when Go recorded them ("0.1.0+devel.971e567ced89.dirty"), a
// form that is both a semantic version and a Python (PEP 440) version.
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

// stamp is "release" in a release build (ReleaseFlag sets it).
var stamp string

// ReleaseFlag is the linker flag that stamps a build as a release: go build -ldflags
// "-X maxmatch/version.stamp=release" (the Python package's build writes the same flag).
const ReleaseFlag = "-X maxmatch/version.stamp=release"

// String returns the running binary's version, as Of gives it for its build information.
func String() string { return Of(debug.ReadBuildInfo()) }

// Of returns the version of a build whose build information is bi (ok false: it has none):
// Number for a release build, Number and "+devel…" for a development build.
func Of(bi *debug.BuildInfo, ok bool) string {
	if stamp == "release" || (ok && bi.Main.Version == "v"+Number) {
		return Number
	}
	v := Number + "+devel"
	if !ok {
		return v
	}
	s := settings(bi)
	if rev := s["vcs.revision"]; len(rev) >= 12 {
		v += "." + rev[:12]
	}
	if s["vcs.modified"] == "true" {
		v += ".dirty"
	}
	return v
}

// Text returns what "maxmatch version" prints for a build whose build information is bi (ok
// false: it has none): the version, the commit, and the Go release and platform.
func Text(bi *debug.BuildInfo, ok bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "maxmatch %s\n", Of(bi, ok))
	if !ok {
		b.WriteString("no build information: the commit and the Go release are unknown\n")
		return b.String()
	}
	s := settings(bi)
	switch rev := s["vcs.revision"]; {
	case rev != "":
		fmt.Fprintf(&b, "commit %s", rev)
		if t := s["vcs.time"]; t != "" {
			fmt.Fprintf(&b, " (%s)", t)
		}
		if s["vcs.modified"] == "true" {
			b.WriteString(", with uncommitted changes")
		}
		b.WriteString("\n")
	case stamp == "release":
		fmt.Fprintf(&b, "release build: the commit is the one tagged v%s\n", Number)
	default:
		b.WriteString("commit unknown: built without version control information (see maxmatch version -h)\n")
	}
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
