// Command release builds maxmatch's release files, reproducibly:
//
//	go run ./release [-out dist] [-targets linux/amd64,darwin/arm64,…] [-python python3]
//
// It writes the Python source distribution (the sources of the package and of the command,
// its Go dependencies vendored: a wheel builds from it with Go alone), and from it, for each
// platform (those the Python package's build backend tags wheels for: linux/amd64,
// linux/arm64, darwin/amd64, darwin/arm64 and windows/amd64), the maxmatch command, built once,
// static (CGO_ENABLED=0, -trimpath, -buildvcs=false, -s -w) and stamped with the commit its
// sources are; then:
//
//   - maxmatch_VERSION_OS_ARCH.tar.gz (.zip for Windows): a directory of that name holding the
//     command, README.md, LICENSE, CHANGELOG.md, THIRD_PARTY_NOTICES.txt (Go's licence and
//     those of the modules compiled into the command, as its build information lists them, from
//     the module cache) and the documentation the README links to and runs its examples on
//     (docs/*.md, docs/reference, docs/man, docs/examples);
//   - maxmatch-VERSION-py3-none-PLATFORM.whl: the Python package's wheel, carrying the same
//     command and notices, built by the package's backend from the source distribution;
//   - maxmatch-VERSION.tar.gz, the source distribution, with the notices of every command;
//   - maxmatch_VERSION_release_notes.md, CHANGELOG.md's section of the version;
//   - maxmatch_VERSION_checksums.txt, the SHA-256 of every file in sha256sum's form
//     (sha256sum -c maxmatch_VERSION_checksums.txt checks them).
//
// VERSION is version/VERSION's number only when the sources are the commit tagged with it
// ("v" and the number), unchanged; else a development build's, NUMBER+devel.COMMIT, with
// .dirty when the working tree differs from the commit.
//
// The same sources, Go and Python give the same bytes: every timestamp written is
// SOURCE_DATE_EPOCH's, or the last commit's when it is not set. It needs go, git and python3
// (3.8 or later) on PATH, and the Go modules the command imports (in the module cache, or from
// the proxy). The output directory is new or empty: it is written whole or not at all.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: go run ./release [-out DIR] [-targets OS/ARCH,...] [-python PYTHON]

Builds maxmatch's release files into DIR (default dist; new or empty): for each platform the
command's archive (maxmatch_VERSION_OS_ARCH.tar.gz, .zip for Windows) and the Python wheel that
carries the same command, the Python source distribution, the release notes (CHANGELOG.md's
section) and maxmatch_VERSION_checksums.txt. VERSION is version/VERSION's only for the commit
tagged with it, unchanged. The same sources give the same bytes (timestamps: SOURCE_DATE_EPOCH,
or the last commit's). Run it anywhere in a clone of the repository. Flags:
`

// moduleRoot returns the root of the maxmatch module around the working directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not inside the maxmatch module (go env GOMOD: %q, %v): run it in a clone of the repository", gomod, err)
	}
	return filepath.Dir(gomod), nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	out := fs.String("out", "dist", "the directory to write, new or empty")
	targets := fs.String("targets", "", "the platforms to build, GOOS/GOARCH separated by commas (default: all five)")
	python := fs.String("python", "python3", "the Python that runs the package's build backend")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "release: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	repo, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	c := config{repo: repo, out: *out, python: *python, env: os.Environ(), log: stderr}
	if *targets != "" {
		c.targets = strings.Split(*targets, ",")
	}
	files, err := release(c)
	if err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	for _, f := range files {
		fmt.Fprintf(stdout, "%s  %9d  %s\n", f.sum, f.size, filepath.Join(*out, f.name))
	}
	return 0
}
