package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionText(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i+1 < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	tests := []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
		why  string
	}{
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261123114127-971e567ced89"},
			Settings: settings("GOOS", "linux", "GOARCH", "arm64", "vcs.revision", "971e567ced89aac45d0b957b5935c79a78d9653f", "vcs.time", "2026-11-23T11:41:27Z", "vcs.modified", "false")},
			true, "maxmatch v0.0.0-20261123114127-971e567ced89\ncommit 971e567ced89aac45d0b957b5935c79a78d9653f (2026-11-23T11:41:27Z)\nbuilt with go1.26.8 for linux/arm64\n",
			"go build in a clean git clone"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"},
			Settings: settings("GOOS", "darwin", "GOARCH", "amd64", "vcs.revision", "abc", "vcs.modified", "true")},
			true, "maxmatch v1.2.0\ncommit abc, with uncommitted changes\nbuilt with go1.26.8 for darwin/amd64\n",
			"a tagged commit, changed since; no time recorded"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: settings("GOOS", "linux", "GOARCH", "amd64")},
			true, "maxmatch (devel)\ncommit unknown: built without version control information (see maxmatch version -h)\nbuilt with go1.26.8 for linux/amd64\n",
			"go run, go test, -buildvcs=false, a git worktree"},
		{nil, false, "maxmatch (unknown version: the binary holds no build information)\n", "no build information at all"},
	}
	for _, tt := range tests {
		if got := versionText(tt.bi, tt.ok); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.why, got, tt.want)
		}
	}
}
