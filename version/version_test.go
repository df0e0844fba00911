package version

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// The number is one that both a semantic version (the Go module's tag) and a Python version
// (PEP 440) read alike.
func TestNumberIsMajorMinorPatch(t *testing.T) {
	if !regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`).MatchString(Number) {
		t.Errorf("VERSION holds %q, want MAJOR.MINOR.PATCH (digits, no leading zeros)", Number)
	}
}

func build(mainVersion string, kv ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "maxmatch", Version: mainVersion}}
	for i := 0; i+1 < len(kv); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return bi
}

func TestOfAndText(t *testing.T) {
	const rev = "971e567ced89aac45d0b957b5935c79a78d9653f"
	tag := "v" + Number
	tests := []struct {
		bi           *debug.BuildInfo
		ok           bool
		commit, tree string // the stamp
		want         string // Text; its first line is "maxmatch " and Of
		why          string
	}{
		{build("v0.0.0-20261123114127-971e567ced89", "GOOS", "linux", "GOARCH", "arm64", "vcs.revision", rev, "vcs.time", "2026-11-23T11:41:27Z", "vcs.modified", "false"), true, "", "",
			"maxmatch " + Number + "+devel.971e567ced89\ncommit " + rev + " (2026-11-23T11:41:27Z)\nbuilt with go1.26.8 for linux/arm64\n",
			"go build in a clean git clone at an untagged commit: a development build of the number, with its commit"},
		{build("v0.0.0-20261123114127-971e567ced89+dirty", "GOOS", "linux", "GOARCH", "amd64", "vcs.revision", rev, "vcs.modified", "true"), true, "", "",
			"maxmatch " + Number + "+devel.971e567ced89.dirty\ncommit " + rev + ", with uncommitted changes\nbuilt with go1.26.8 for linux/amd64\n",
			"changed since the commit; no time recorded"},
		{build(tag, "GOOS", "darwin", "GOARCH", "arm64", "vcs.revision", rev, "vcs.modified", "false"), true, "", "",
			"maxmatch " + Number + "\ncommit " + rev + "\nbuilt with go1.26.8 for darwin/arm64\n",
			"go install at the commit tagged with the version: the release's number"},
		{build(tag+"+dirty", "vcs.revision", rev, "vcs.modified", "true", "GOOS", "linux", "GOARCH", "amd64"), true, "", "",
			"maxmatch " + Number + "+devel.971e567ced89.dirty\ncommit " + rev + ", with uncommitted changes\nbuilt with go1.26.8 for linux/amd64\n",
			"the tagged commit, changed since: not the release"},
		{build("(devel)", "GOOS", "linux", "GOARCH", "amd64"), true, "", "",
			"maxmatch " + Number + "+devel\ncommit unknown: built without version control information (see maxmatch version -h)\nbuilt with go1.26.8 for linux/amd64\n",
			"go run, go test, -buildvcs=false, a git worktree: no commit known"},
		{build("(devel)", "GOOS", "windows", "GOARCH", "amd64"), true, rev, "tagged",
			"maxmatch " + Number + "\ncommit " + rev + "\nrelease build: the commit is the one tagged " + tag + "\nbuilt with go1.26.8 for windows/amd64\n",
			"stamped with the tagged commit (the release of a tagged commit, a wheel from its source distribution)"},
		{build("(devel)", "GOOS", "linux", "GOARCH", "amd64"), true, rev, "",
			"maxmatch " + Number + "+devel.971e567ced89\ncommit " + rev + "\nbuilt with go1.26.8 for linux/amd64\n",
			"stamped with an untagged commit: a development build, whatever the release program made of it"},
		{build("(devel)", "GOOS", "linux", "GOARCH", "amd64"), true, rev, "modified",
			"maxmatch " + Number + "+devel.971e567ced89.dirty\ncommit " + rev + ", with uncommitted changes\nbuilt with go1.26.8 for linux/amd64\n",
			"stamped with a commit the sources differ from (tagged or not)"},
		{build(tag, "GOOS", "linux", "GOARCH", "amd64", "vcs.revision", rev), true, rev, "modified",
			"maxmatch " + Number + "+devel.971e567ced89.dirty\ncommit " + rev + ", with uncommitted changes\nbuilt with go1.26.8 for linux/amd64\n",
			"the stamp, not the main module's version, says what a stamped build is"},
		{nil, false, "", "", "maxmatch " + Number + "+devel\nno build information: the commit and the Go release are unknown\n", "no build information at all"},
	}
	defer func(c, tr string) { commit, tree = c, tr }(commit, tree)
	for _, tt := range tests {
		commit, tree = tt.commit, tt.tree
		if got := Text(tt.bi, tt.ok); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.why, got, tt.want)
		}
		if got, want := "maxmatch "+Of(tt.bi, tt.ok)+"\n", tt.want[:len("maxmatch "+Of(tt.bi, tt.ok))+1]; got != want {
			t.Errorf("%s: Of gives %q, Text's first line %q", tt.why, got, want)
		}
	}
}

// A binary linked with StampFlags says what the stamp says; one built without it (and without
// version control information) is a development build of no known commit.
func TestStampFlagsStampTheBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program three times")
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, tt := range []struct {
		flags []string
		want  string
	}{
		{[]string{"-ldflags", StampFlags(rev, true, false)}, Number},
		{[]string{"-ldflags", StampFlags(rev, true, true)}, Number + "+devel.0123456789ab.dirty"},
		{nil, Number + "+devel"},
	} {
		bin := filepath.Join(t.TempDir(), "printversion")
		args := append(append([]string{"build", "-buildvcs=false", "-trimpath", "-o", bin}, tt.flags...), "./testdata/printversion")
		if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, out)
		}
		out, err := exec.Command(bin).Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(string(out)); got != tt.want {
			t.Errorf("built with %q: version %q, want %q", tt.flags, got, tt.want)
		}
	}
}

func ExampleOf() {
	// A build of the go command at the commit tagged v0.1.0, when VERSION holds 0.1.0, is that
	// release; another commit is a development build of it.
	tagged := &debug.BuildInfo{Main: debug.Module{Version: "v" + Number}}
	later := &debug.BuildInfo{Main: debug.Module{Version: "v0.1.1-0.20261201090000-0123456789ab"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}}}
	fmt.Println(Of(tagged, true) == Number)
	fmt.Println(Of(later, true) == Number+"+devel.0123456789ab")
	// Output:
	// true
	// true
}
