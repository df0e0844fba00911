package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"maxmatch/internal/doctest"
	"maxmatch/internal/pyenv"
	"maxmatch/internal/testbuild"
	"maxmatch/internal/testinputs"
	"maxmatch/version"
)

// epoch is the SOURCE_DATE_EPOCH of the tests' releases (2023-11-14T22:13:20Z).
const epoch = 1700000000

// platform is what a release file for one target must be.
type platform struct {
	target   string
	tags     string // the wheel's platform tags
	format   string // of the command: ELF, Mach-O or PE
	machine  string // the command's architecture, as its header names it
	archive  string // the archive's suffix
	minMacOS string // Mach-O: the tags' macOS, which the command's minimum must not exceed
}

// platforms are the release's targets, as users' tools (pip, their operating system) see them.
var platforms = []platform{
	{"linux/amd64", "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64", "ELF", elf.EM_X86_64.String(), ".tar.gz", ""},
	{"linux/arm64", "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64", "ELF", elf.EM_AARCH64.String(), ".tar.gz", ""},
	{"darwin/amd64", "macosx_12_0_x86_64", "Mach-O", macho.CpuAmd64.String(), ".tar.gz", "12.0"},
	{"darwin/arm64", "macosx_12_0_arm64", "Mach-O", macho.CpuArm64.String(), ".tar.gz", "12.0"},
	{"windows/amd64", "win_amd64", "PE", "AMD64", ".zip", ""},
}

// needTools skips the test without go, git or python3.
func needTools(t *testing.T) {
	t.Helper()
	testinputs.Repository("..")
	for _, tool := range []string{"go", "git", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH: the release needs it", tool)
		}
	}
}

// repoRoot returns the repository's root.
func repoRoot(t *testing.T) string {
	t.Helper()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return repo
}

// written reads the files of the release directory dir by name, and says where they are not
// the files the release listed.
func written(dir string, listed []file) (map[string][]byte, error) {
	files := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files[e.Name()] = data
	}
	if len(listed) != len(files) {
		return nil, fmt.Errorf("release lists %d files and wrote %d", len(listed), len(files))
	}
	for _, f := range listed {
		if data, ok := files[f.name]; !ok || f.size != int64(len(data)) || f.sum != sha256Hex(data) {
			return nil, fmt.Errorf("release lists %s, %d bytes, SHA-256 %s: not what it wrote", f.name, f.size, f.sum)
		}
	}
	return files, nil
}

// shared is the release of this working tree for every platform, made once per test binary
// (the first test that asks for it) as the documentation gives it, "go run ./release" in the
// root of a clone that has this working tree's sources, which the tests that check its files
// share.
var shared struct {
	once  sync.Once
	tmp   string            // its directory, removed by TestMain
	clone string            // the clone it was made in, which TestDocumentedRelease then tags
	env   []string          // the environment of the go run ./release
	files map[string][]byte // by name
	worktree
	err error
}

// worktree is the state of the working tree when the shared release was made.
type worktree struct {
	version, commit string
	modified        bool
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.tmp != "" {
		os.RemoveAll(shared.tmp)
	}
	os.Exit(code)
}

// worktreeRelease returns the shared release's files, by name, and the state of the working
// tree it was made of.
func worktreeRelease(t *testing.T) (map[string][]byte, worktree) {
	t.Helper()
	needTools(t)
	shared.once.Do(func() {
		shared.worktree = worktreeVersion(t)
		if shared.tmp, shared.err = os.MkdirTemp("", "maxmatch-release-test-"); shared.err != nil {
			return
		}
		// python3 is the program python3 on PATH runs as, first on PATH: a version manager's
		// shim costs more than Python's start, and the release runs Python a dozen times.
		python := filepath.Join(shared.tmp, "python")
		if _, shared.err = pyenv.LinkInterpreter("python3", python); shared.err != nil {
			return
		}
		// go run ./release compiles as the tests' other go commands do (testbuild.Env:
		// -trimpath, as the release builds its commands), so that a clone at a new path finds
		// the release tool compiled (1.2 s of CPU each time it was not).
		shared.env = append(append(os.Environ(), testbuild.Env...), fmt.Sprintf("SOURCE_DATE_EPOCH=%d", epoch),
			"PATH="+python+string(filepath.ListSeparator)+os.Getenv("PATH"))
		shared.clone = filepath.Join(shared.tmp, "clone")
		if shared.err = cloneWorktree(repoRoot(t), shared.clone); shared.err != nil {
			return
		}
		var log string
		shared.files, log, shared.err = goRunRelease(shared.clone, "dist", shared.env)
		t.Logf("go run ./release in a clone:\n%s", log)
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.files, shared.worktree
}

// git runs git in dir and returns its output, failing the test when it fails.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return output(t, "git", append([]string{"-C", dir}, args...)...)
}

// worktreeVersion returns the version a release of this working tree has, as git tells it:
// the number for the commit tagged with it, unchanged; else "+devel", the commit and ".dirty"
// when the tree has changes, untracked files included.
func worktreeVersion(t *testing.T) worktree {
	t.Helper()
	repo := repoRoot(t)
	w := worktree{commit: strings.TrimSpace(git(t, repo, "rev-parse", "HEAD")), version: version.Number}
	w.modified = strings.TrimSpace(git(t, repo, "status", "--porcelain")) != ""
	tagged := slices.Contains(strings.Fields(git(t, repo, "tag", "--points-at", "HEAD")), "v"+version.Number)
	if !tagged || w.modified {
		w.version += "+devel." + w.commit[:12]
	}
	if w.modified {
		w.version += ".dirty"
	}
	return w
}

// names returns the files of a release of version v for the platforms.
func names(v string, platforms []platform) []string {
	want := []string{"maxmatch-" + v + ".tar.gz", "maxmatch_" + v + "_checksums.txt", "maxmatch_" + v + "_release_notes.md"}
	for _, p := range platforms {
		goos, goarch, _ := strings.Cut(p.target, "/")
		want = append(want, fmt.Sprintf("maxmatch_%s_%s_%s%s", v, goos, goarch, p.archive), fmt.Sprintf("maxmatch-%s-py3-none-%s.whl", v, p.tags))
	}
	slices.Sort(want)
	return want
}

// hostPlatform returns this machine's platform of the release, skipping the test when it is none.
func hostPlatform(t *testing.T) platform {
	t.Helper()
	host := runtime.GOOS + "/" + runtime.GOARCH
	i := slices.IndexFunc(platforms, func(p platform) bool { return p.target == host })
	if i < 0 {
		t.Skipf("this machine, %s, is not a platform of the release: its files are not run", host)
	}
	return platforms[i]
}

// archiveName and wheelName are the files of platform p in a release of version v.
func archiveName(v string, p platform) string {
	goos, goarch, _ := strings.Cut(p.target, "/")
	return fmt.Sprintf("maxmatch_%s_%s_%s", v, goos, goarch)
}

func wheelName(v string, p platform) string {
	return fmt.Sprintf("maxmatch-%s-py3-none-%s.whl", v, p.tags)
}

// TestRelease checks every file of the shared release as its users' tools would: names,
// checksums, release notes, the archives' members, each command's format, architecture,
// linking and notices, each wheel's tags, metadata, licences, examples, record and command (the
// archive's, byte for byte), the source distribution's licences; the command for this machine
// says what it is (a development build of this working tree's commit, unless it is the tagged
// commit), and the linux/arm64 one runs the demo under qemu-aarch64 as this machine's does.
func TestRelease(t *testing.T) {
	t.Parallel()
	files, w := worktreeRelease(t)
	v, commit, modified := w.version, w.commit, w.modified
	want := names(v, platforms)
	if got := slices.Sorted(maps.Keys(files)); !slices.Equal(got, want) {
		t.Fatalf("the release's files are\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var sums strings.Builder
	for _, name := range want {
		if !strings.HasSuffix(name, "_checksums.txt") {
			fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(files[name]), name)
		}
	}
	if got := string(files["maxmatch_"+v+"_checksums.txt"]); got != sums.String() {
		t.Errorf("the checksums file is\n%s\nwant\n%s", got, sums.String())
	}
	checkNotes(t, string(files["maxmatch_"+v+"_release_notes.md"]), v, commit)

	commands := map[string][]byte{}
	for _, p := range platforms {
		t.Run(strings.ReplaceAll(p.target, "/", "_"), func(t *testing.T) {
			commands[p.target] = checkPlatform(t, files, v, p)
		})
	}
	checkSdist(t, files["maxmatch-"+v+".tar.gz"], v, commands)

	bin := writeCommand(t, commands[hostPlatform(t).target])
	wantText := "maxmatch " + v + "\ncommit " + commit + "\n"
	if modified {
		wantText = "maxmatch " + v + "\ncommit " + commit + ", with uncommitted changes\n"
	} else if v == version.Number {
		wantText += "release build: the commit is the one tagged v" + v + "\n"
	}
	if got := output(t, bin, "version"); !strings.HasPrefix(got, wantText) {
		t.Errorf("maxmatch version prints\n%s\nwant it to start\n%s", got, wantText)
	}
	demo := output(t, bin, "demo")
	qemu, err := exec.LookPath("qemu-aarch64")
	if err != nil {
		t.Skip("qemu-aarch64 is not on PATH: the linux/arm64 command is not run")
	}
	if got := output(t, qemu, writeCommand(t, commands["linux/arm64"]), "demo"); got != demo {
		t.Errorf("the linux/arm64 command's demo under qemu-aarch64 prints\n%s\nthis machine's\n%s", got, demo)
	}
}

// checkNotes checks the release notes: a title with the version, what the release is, and the
// changelog's section of the number.
func checkNotes(t *testing.T, notes, v, commit string) {
	t.Helper()
	changelog, err := os.ReadFile(filepath.Join(repoRoot(t), "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)\n## ` + regexp.QuoteMeta(version.Number) + `\b[^\n]*\n(.*?)(?:\n## |\z)`).FindStringSubmatch(string(changelog))
	if m == nil {
		t.Fatalf("CHANGELOG.md has no section ## %s", version.Number)
	}
	what := "A development build of " + version.Number + " from commit " + commit + ", not the release"
	if v == version.Number {
		what = "The release of commit " + commit + ", tagged v" + v + "."
	}
	if !strings.HasPrefix(notes, "# maxmatch "+v+"\n\n"+what) || !strings.HasSuffix(notes, "\n\n"+strings.TrimSpace(m[1])+"\n") {
		t.Errorf("the release notes are\n%s\nwant the title maxmatch %s, %q, and CHANGELOG.md's section:\n%s", notes, v, what, m[1])
	}
}

// checkPlatform checks the archive and the wheel of platform p, and returns its command.
func checkPlatform(t *testing.T, files map[string][]byte, v string, p platform) []byte {
	repo := repoRoot(t)
	goos, _, _ := strings.Cut(p.target, "/")
	exe := "maxmatch"
	if goos == "windows" {
		exe += ".exe"
	}
	dir := archiveName(v, p)
	members := readArchive(t, files[dir+p.archive], p.archive)
	want := []string{dir + "/", dir + "/" + exe, dir + "/" + noticesFile}
	for _, name := range []string{"README.md", "LICENSE", "CHANGELOG.md"} {
		want = append(want, dir+"/"+name)
		if data, err := os.ReadFile(filepath.Join(repo, name)); err != nil || !bytes.Equal(members[dir+"/"+name].data, data) {
			t.Errorf("%s%s: %s is not the repository's (%v)", dir, p.archive, name, err)
		}
	}
	for _, pattern := range docPages {
		pages, _ := filepath.Glob(filepath.Join(repo, filepath.FromSlash(pattern)))
		if len(pages) == 0 {
			t.Fatalf("no documentation page matches %s", pattern)
		}
		want = append(want, dir+"/"+path.Dir(pattern)+"/", dir+"/docs/")
		for _, p := range pages {
			want = append(want, dir+"/"+path.Dir(pattern)+"/"+filepath.Base(p))
		}
	}
	slices.Sort(want)
	want = slices.Compact(want)
	if got := slices.Sorted(maps.Keys(members)); !slices.Equal(got, want) {
		t.Fatalf("%s%s holds %q, want %q", dir, p.archive, got, want)
	}
	for name, m := range members {
		mode := "0644"
		if strings.HasSuffix(name, "/") || strings.HasSuffix(name, "/"+exe) {
			mode = "0755"
		}
		if got := fmt.Sprintf("%04o", m.mode); got != mode || m.modTime != epoch {
			t.Errorf("%s: mode %s, time %d; want %s, SOURCE_DATE_EPOCH %d", name, got, m.modTime, mode, epoch)
		}
	}
	command := members[dir+"/"+exe].data
	checkHeader(t, p, command)
	notices := members[dir+"/"+noticesFile].data
	checkNotices(t, dir+"/"+noticesFile, command, notices)
	checkWheel(t, files, v, p, exe, command, notices)
	return command
}

// checkWheel checks the wheel of platform p: its command and notices are the archive's, its
// tags, version, metadata, licences, example files and record.
func checkWheel(t *testing.T, files map[string][]byte, v string, p platform, exe string, command, notices []byte) {
	t.Helper()
	repo := repoRoot(t)
	whl := wheelName(v, p)
	wheel := readArchive(t, files[whl], ".whl")
	inWheel, ok := wheel["maxmatch/bin/"+exe]
	if !ok || !bytes.Equal(inWheel.data, command) || inWheel.mode != 0o755 {
		t.Errorf("%s: maxmatch/bin/%s is not the archive's command, executable", whl, exe)
	}
	info := "maxmatch-" + v + ".dist-info/"
	var tags strings.Builder
	for _, tag := range strings.Split(p.tags, ".") {
		fmt.Fprintf(&tags, "Tag: py3-none-%s\n", tag)
	}
	if got := string(wheel[info+"WHEEL"].data); !strings.HasSuffix(got, "Root-Is-Purelib: false\n"+tags.String()) {
		t.Errorf("%s: WHEEL is\n%s\nwant its tags\n%s", whl, got, tags.String())
	}
	if got, want := string(wheel["maxmatch/_version.py"].data), fmt.Sprintf("VERSION = '%s'\n", v); !strings.HasSuffix(got, want) {
		t.Errorf("%s: _version.py is %q, want it to end %q", whl, got, want)
	}
	metadata := string(wheel[info+"METADATA"].data)
	for _, line := range []string{"Metadata-Version: 2.4\n", "\nVersion: " + v + "\n", "\nLicense-Expression: Apache-2.0\n", "\nLicense-File: LICENSE\n", "\nLicense-File: " + noticesFile + "\n"} {
		if !strings.Contains(metadata, line) {
			t.Errorf("%s: METADATA lacks %q", whl, line)
		}
	}
	license, _ := os.ReadFile(filepath.Join(repo, "LICENSE"))
	if !bytes.Equal(wheel[info+"licenses/LICENSE"].data, license) || !bytes.Equal(wheel[info+"licenses/"+noticesFile].data, notices) {
		t.Errorf("%s: licenses/LICENSE and licenses/%s are not the repository's licence and the archive's notices", whl, noticesFile)
	}
	examples, _ := filepath.Glob(filepath.Join(repo, "docs", "examples", "*"))
	var carried int
	for name := range wheel {
		if strings.HasPrefix(name, "maxmatch/examples/") {
			carried++
		}
	}
	for _, e := range examples {
		data, _ := os.ReadFile(e)
		if m, ok := wheel["maxmatch/examples/"+filepath.Base(e)]; !ok || !bytes.Equal(m.data, data) {
			t.Errorf("%s: maxmatch/examples/%s is not docs/examples/%s", whl, filepath.Base(e), filepath.Base(e))
		}
	}
	if carried != len(examples) {
		t.Errorf("%s carries %d example files; docs/examples has %d", whl, carried, len(examples))
	}
	checkRecord(t, whl, wheel, info+"RECORD")
}

// checkSdist checks the source distribution's licence, its notices (which must cover every
// command), the commit it records and its metadata.
func checkSdist(t *testing.T, data []byte, v string, commands map[string][]byte) {
	t.Helper()
	name := "maxmatch-" + v + ".tar.gz"
	members := readArchive(t, data, ".tar.gz")
	root := "maxmatch-" + v + "/"
	license, _ := os.ReadFile(filepath.Join(repoRoot(t), "LICENSE"))
	if !bytes.Equal(members[root+"LICENSE"].data, license) {
		t.Errorf("%s: LICENSE is not the repository's", name)
	}
	for target, command := range commands {
		checkNotices(t, name+": "+noticesFile+" ("+target+"'s command)", command, members[root+noticesFile].data)
	}
	pkgInfo := string(members[root+"PKG-INFO"].data)
	if !strings.Contains(pkgInfo, "\nVersion: "+v+"\n") || !strings.Contains(pkgInfo, "\nLicense-Expression: Apache-2.0\n") || !strings.Contains(pkgInfo, "\nLicense-File: "+noticesFile+"\n") {
		t.Errorf("%s: PKG-INFO does not give version %s, the licence and the notices:\n%.600s", name, v, pkgInfo)
	}
	if _, ok := members[root+"SOURCE.json"]; !ok {
		t.Errorf("%s has no SOURCE.json, the commit its sources are", name)
	}
}

// checkNotices checks that the notices hold, for Go and for every module the command's build
// information lists (as go version -m does), a section with its path and version and the whole
// text of each of its licence files in the module cache (LICENSE, COPYING…).
func checkNotices(t *testing.T, name string, command, notices []byte) {
	t.Helper()
	bi, err := buildinfo.Read(bytes.NewReader(command))
	if err != nil {
		t.Fatalf("%s: the command's build information: %v", name, err)
	}
	if len(bi.Deps) == 0 {
		t.Fatalf("%s: the command's build information lists no module", name)
	}
	var mods []module
	for _, d := range bi.Deps {
		mods = append(mods, module{d.Path, d.Version})
	}
	c := config{repo: repoRoot(t)}
	dirs, err := moduleDirs(c, os.Environ(), mods)
	if err != nil {
		t.Fatal(err)
	}
	goroot := strings.TrimSpace(output(t, "go", "env", "GOROOT"))
	sections := strings.Split(string(notices), strings.Repeat("=", 78)+"\n")
	section := func(title string) string {
		for i := 1; i+1 < len(sections); i += 2 {
			if sections[i] == title+"\n" {
				return sections[i+1]
			}
		}
		return ""
	}
	check := func(title, dir string) {
		text := section(title)
		if text == "" {
			t.Errorf("%s has no section %q", name, title)
			return
		}
		entries, _ := os.ReadDir(dir)
		found := 0
		for _, e := range entries {
			if regexp.MustCompile(`(?i)^(licen[cs]e|copying)`).MatchString(e.Name()) {
				found++
				data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
				if !strings.Contains(text, string(data)) {
					t.Errorf("%s: the section %q lacks the whole text of %s", name, title, e.Name())
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: %s has no licence file to check the notices against", name, dir)
		}
	}
	check("Go (runtime and standard library) "+bi.GoVersion, goroot)
	for _, m := range mods {
		check(m.path+" "+m.version, dirs[m])
	}
}

// exampleEnv is where the README's examples run from a release's files: the directory, the
// environment (a PATH without go), a python with the package, whether ../shared/data is beside.
type exampleEnv struct {
	dir    string
	env    []string
	python string // "": the Python examples are not run here
	shared bool
}

// linkShared links the repository's ../shared beside dir, when it has its data, as the
// documentation's examples expect it.
func linkShared(t *testing.T, dir string) bool {
	t.Helper()
	s, err := filepath.Abs(filepath.Join(repoRoot(t), "..", "shared"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(s, "data")); err != nil {
		return false
	}
	if err := os.Symlink(s, filepath.Join(filepath.Dir(dir), "shared")); err != nil {
		t.Fatal(err)
	}
	return true
}

// runREADME runs the README's examples in e, as docs/docs_test.go does in a clone, and returns
// how many ran: all but those marked "not run" or "needs a clone" (Go and the sources), the
// Python ones without e.python, and those that need ../shared/data without it.
func runREADME(t *testing.T, readme []byte, e exampleEnv) int {
	t.Helper()
	examples, problems := doctest.Parse("README.md", readme)
	for _, p := range problems {
		t.Error(p)
	}
	ran := 0
	for _, ex := range examples {
		_, notRun := ex.Marker("not run:")
		_, clone := ex.Marker("needs a clone")
		_, data := ex.Marker("needs ../shared/data")
		if notRun || clone || (data && !e.shared) || (ex.Lang == "python" && e.python == "") {
			continue
		}
		ran++
		run := func(name string, args ...string) ([]byte, int) { return runIn(t, e, name, args...) }
		outcomes, err := ex.Run(run, e.python, nil)
		if err != nil {
			t.Error(err)
		}
		for _, o := range outcomes {
			if !o.OK {
				t.Error(o.Problem(ex))
			}
		}
	}
	return ran
}

// runIn runs a program in e's directory and environment, standard output and error in one
// pipe, and returns what it printed and its exit status.
func runIn(t *testing.T, e exampleEnv, name string, args ...string) ([]byte, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = e.dir, e.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if x, ok := err.(*exec.ExitError); ok {
			return out.Bytes(), x.ExitCode()
		}
		t.Fatalf("%s: %v", name, err)
	}
	return out.Bytes(), 0
}

// unpackArchive writes an archive's members under dir.
func unpackArchive(t *testing.T, members map[string]archived, dir string) {
	t.Helper()
	for name, m := range members {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, m.data, m.mode); err != nil {
			t.Fatal(err)
		}
	}
}

// TestArchiveRunsTheREADME unpacks this machine's archive and runs there, with the archive's
// command first on a PATH without go, every example of the README it carries that does not need
// a clone or Python: the commands, the files they read and what they print are the archive's.
func TestArchiveRunsTheREADME(t *testing.T) {
	t.Parallel()
	files, w := worktreeRelease(t)
	v := w.version
	p := hostPlatform(t)
	base := t.TempDir()
	unpackArchive(t, readArchive(t, files[archiveName(v, p)+p.archive], p.archive), base)
	dir := filepath.Join(base, archiveName(v, p))
	e := exampleEnv{dir: dir, shared: linkShared(t, dir),
		env: []string{"PATH=" + dir + string(filepath.ListSeparator) + pyenv.PathWithout("go", "maxmatch"), "HOME=" + base, "LC_ALL=C.UTF-8"}}
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The quick start, the LaTeX table and the warning; with the data, the CoNLL-2014 table.
	if n, want := runREADME(t, readme, e), 3+btoi(e.shared); n < want {
		t.Errorf("%d of the README's examples ran from the archive; want at least %d", n, want)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWheelRunsTheREADME installs this machine's wheel with pip --no-index into a fresh virtual
// environment and runs there, on a PATH without go, the examples of the README the wheel
// carries (its description): the Python ones, and the commands on the example files the wheel
// carries (maxmatch.examples_dir(), as docs/examples of the working directory).
func TestWheelRunsTheREADME(t *testing.T) {
	t.Parallel()
	files, w := worktreeRelease(t)
	v := w.version
	p := hostPlatform(t)
	tmp := t.TempDir()
	whl := filepath.Join(tmp, wheelName(v, p))
	if err := os.WriteFile(whl, files[wheelName(v, p)], 0o644); err != nil {
		t.Fatal(err)
	}
	bin, pip := pyenv.Venv(t, pyenv.Interpreter("python3"), filepath.Join(tmp, "venv"))
	output(t, pip[0], append(pip[1:], "install", "--no-index", "--disable-pip-version-check", "--quiet", whl)...)
	dir := filepath.Join(tmp, "work", "maxmatch")
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	e := exampleEnv{dir: dir, python: filepath.Join(bin, "python"), shared: linkShared(t, dir),
		env: []string{"PATH=" + bin + string(filepath.ListSeparator) + pyenv.PathWithout("go", "maxmatch"), "HOME=" + tmp, "LC_ALL=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1"}}
	examples, code := runIn(t, e, e.python, "-c", "import maxmatch; print(maxmatch.examples_dir())")
	if code != 0 || !strings.HasPrefix(string(examples), filepath.Join(tmp, "venv")) {
		t.Fatalf("maxmatch.examples_dir() in the virtual environment: %s (exit %d); want the wheel's", examples, code)
	}
	if err := os.Symlink(strings.TrimSpace(string(examples)), filepath.Join(dir, "docs", "examples")); err != nil {
		t.Fatal(err)
	}
	metadata := readArchive(t, files[wheelName(v, p)], ".whl")["maxmatch-"+v+".dist-info/METADATA"].data
	_, readme, ok := bytes.Cut(metadata, []byte("\n\n"))
	if !ok {
		t.Fatal("the wheel's METADATA has no description")
	}
	// The archive's, and the Python example.
	if n, want := runREADME(t, readme, e), 4+btoi(e.shared); n < want {
		t.Errorf("%d of the README's examples ran from the wheel; want at least %d", n, want)
	}
}

// cloneWorktree clones the repository repo into dir at HEAD, with the working tree's changes
// (tracked and untracked files), so that its sources are this working tree's.
func cloneWorktree(repo, dir string) error {
	gitIn := func(dir, stdin string, args ...string) (string, error) {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("git %q: %v\n%s", args, err, stderr.String())
		}
		return stdout.String(), nil
	}
	head, err := gitIn(repo, "", "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	if _, err := gitIn(repo, "", "clone", "--quiet", "--no-checkout", repo, dir); err != nil {
		return err
	}
	if _, err := gitIn(dir, "", "checkout", "--quiet", "--detach", strings.TrimSpace(head)); err != nil {
		return err
	}
	diff, err := gitIn(repo, "", "diff", "--binary", "HEAD")
	if err != nil {
		return err
	}
	if diff != "" {
		if _, err := gitIn(dir, diff, "apply", "--whitespace=nowarn"); err != nil {
			return err
		}
	}
	untracked, err := gitIn(repo, "", "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return err
	}
	for _, name := range strings.Split(untracked, "\x00") {
		if name == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(repo, name))
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// goRunRelease runs the release as the documentation gives it, go run ./release, with args, in
// dir, with env, and returns the files it wrote into out (relative to dir), which must be those
// it listed (name, size and SHA-256), and what it logged.
func goRunRelease(dir, out string, env []string, args ...string) (map[string][]byte, string, error) {
	cmd := exec.Command("go", append([]string{"run", "./release"}, args...)...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, "", fmt.Errorf("go run ./release %q in %s: %v\n%s", args, dir, err, stderr.String())
	}
	var listed []file
	for _, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
		var f file
		var path string
		if _, err := fmt.Sscanf(line, "%s %d %s", &f.sum, &f.size, &path); err != nil || filepath.Dir(path) != out {
			return nil, "", fmt.Errorf("go run ./release %q lists %q: want SHA-256, size and a path in %s", args, line, out)
		}
		f.name = filepath.Base(path)
		listed = append(listed, f)
	}
	files, err := written(filepath.Join(dir, out), listed)
	return files, stderr.String(), err
}

// TestDocumentedRelease checks the shared release, made by "go run ./release" as the README
// and docs/python.md give it in the root of a clone that has this working tree's sources (the
// default -out, dist, relative), against another run, in another directory: this working tree's
// release made in this process, of this machine's platform and windows/amd64 (a tar.gz archive
// and a zip, a wheel each), must write the same bytes (the release is reproducible; the
// checksums file lists only its own files). Then, the clone's sources committed and tagged v
// and the number, a release of this machine's platform into an existing empty directory named
// relative to the clone is the release: its files, its command's version and signature, its
// wheel and its notes say the number alone; and git's view of the clone's sources, as the
// Python build backend reads it, turns the version back into a development build's as soon as
// a file is added.
func TestDocumentedRelease(t *testing.T) {
	t.Parallel()
	needTools(t)
	p := hostPlatform(t)
	targets := []platform{p}
	if p.target != "windows/amd64" {
		targets = append(targets, platforms[len(platforms)-1])
	}
	// Made while the first test that asks for the shared release makes it.
	var log bytes.Buffer
	dist := filepath.Join(t.TempDir(), "dist")
	env := append(os.Environ(), fmt.Sprintf("SOURCE_DATE_EPOCH=%d", epoch))
	c := config{repo: repoRoot(t), out: dist, python: pyenv.Interpreter("python3"), env: env, log: &log}
	for _, p := range targets {
		c.targets = append(c.targets, p.target)
	}
	listed, err := release(c)
	if err != nil {
		t.Fatalf("release %v: %v\n%s", c.targets, err, log.String())
	}
	again, err := written(dist, listed)
	if err != nil {
		t.Fatal(err)
	}
	files, w := worktreeRelease(t)
	if got, want := slices.Sorted(maps.Keys(again)), names(w.version, targets); !slices.Equal(got, want) {
		t.Fatalf("the release of %v wrote\n%s\nwant\n%s", c.targets, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	sums := "maxmatch_" + w.version + "_checksums.txt"
	for name, data := range again {
		if name == sums {
			for _, line := range strings.SplitAfter(string(data), "\n") {
				if !strings.Contains(string(files[name]), line) {
					t.Errorf("%s: %q is not in the shared release's", name, line)
				}
			}
		} else if !bytes.Equal(files[name], data) {
			t.Errorf("%s differs between the two releases (%d and %d bytes)", name, len(files[name]), len(data))
		}
	}

	dir := shared.clone
	git(t, dir, "add", "--all")
	git(t, dir, "-c", "user.name=release test", "-c", "user.email=release@test.invalid", "commit", "--quiet", "--allow-empty", "-m", "the release")
	git(t, dir, "tag", "--force", "v"+version.Number)
	commit := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
	out := t.TempDir()
	rel, err := filepath.Rel(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	tagged, tagLog, err := goRunRelease(dir, rel, shared.env, "-out", rel, "-targets", p.target)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the tagged release:\n%s", tagLog)
	n := version.Number
	if got, want := slices.Sorted(maps.Keys(tagged)), names(n, []platform{p}); !slices.Equal(got, want) {
		t.Fatalf("the tagged release wrote\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkNotes(t, string(tagged["maxmatch_"+n+"_release_notes.md"]), n, commit)
	base := t.TempDir()
	unpackArchive(t, readArchive(t, tagged[archiveName(n, p)+p.archive], p.archive), base)
	archive := filepath.Join(base, archiveName(n, p))
	bin := filepath.Join(archive, "maxmatch")
	if got, want := output(t, bin, "version"), "maxmatch "+n+"\ncommit "+commit+"\nrelease build: the commit is the one tagged v"+n+"\n"; !strings.HasPrefix(got, want) {
		t.Errorf("the tagged release's maxmatch version prints\n%s\nwant it to start\n%s", got, want)
	}
	latex := output(t, bin, "score", "--format", "latex", "--bootstrap", "0", filepath.Join(archive, "docs", "examples", "system-a.txt"), filepath.Join(archive, "docs", "examples", "gold.m2"))
	if !strings.HasSuffix(latex, "|version:"+n+"\n") {
		t.Errorf("the tagged release's signature is not version %s:\n%s", n, latex)
	}
	if m := readArchive(t, tagged[wheelName(n, p)], ".whl")["maxmatch-"+n+".dist-info/METADATA"].data; !bytes.Contains(m, []byte("\nVersion: "+n+"\n")) {
		t.Errorf("the tagged release's wheel is not version %s:\n%.300s", n, m)
	}

	backendVersion := func() string {
		return strings.TrimSpace(output(t, pyenv.Interpreter("python3"), "-c", "import sys; sys.path.insert(0, sys.argv[1]); import maxmatch_build as b; print(b._version_of(b._number(sys.argv[2]), b._git_source(sys.argv[2])))",
			filepath.Join(dir, "python", "_build"), dir))
	}
	if got := backendVersion(); got != n {
		t.Errorf("the backend's version of the tagged clone is %s, want %s", got, n)
	}
	if err := os.WriteFile(filepath.Join(dir, "untracked.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := backendVersion(), n+"+devel."+commit[:12]+".dirty"; got != want {
		t.Errorf("the backend's version of the tagged clone with an untracked file is %s, want %s", got, want)
	}
}

// TestRefusals: what the release refuses, before building anything.
func TestRefusals(t *testing.T) {
	needTools(t)
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "old.whl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		says string
		why  string
	}{
		{[]string{"-out", full}, 1, "exists and is not empty: remove its files, or name another directory with -out", "a directory with files is not written into"},
		{[]string{"-out", filepath.Join(full, "new"), "-targets", "plan9/arm"}, 1, `-targets: "plan9/arm" is not a platform of the release: expected some of linux/amd64, linux/arm64, darwin/amd64, darwin/arm64, windows/amd64`, "an unknown platform"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`, "no arguments"},
		{[]string{"-bogus"}, 2, "flag provided but not defined: -bogus", "an unknown flag"},
	}
	t.Chdir(repoRoot(t))
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.says) || stdout.Len() > 0 {
			t.Errorf("%s: %q: exit %d, stdout %q, stderr %q; want exit %d saying %q", tt.why, tt.args, code, stdout.String(), stderr.String(), tt.code, tt.says)
		}
	}
	if entries, _ := os.ReadDir(full); len(entries) != 1 {
		t.Errorf("the directory with files was written into")
	}
	if _, err := os.Stat(filepath.Join(full, "new")); err == nil {
		t.Errorf("the refused release wrote its directory")
	}
}

// TestLicenceFiles: the files of a module's root that the notices carry, and a module without
// any, which stops the release.
func TestLicenceFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"LICENSE.md", "COPYING", "NOTICE", "PATENTS", "README.md", "license_test.go", "THIRD_PARTY_LICENSES/Boost-LICENSE", "THIRD_PARTY_LICENSES/Go-LICENSE", "docs/LICENSE"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := licenceFiles(dir)
	want := []string{"COPYING", "LICENSE.md", "NOTICE", "PATENTS", "THIRD_PARTY_LICENSES/Boost-LICENSE", "THIRD_PARTY_LICENSES/Go-LICENSE"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("licenceFiles: %q, %v; want %q", got, err, want)
	}
	if got, err := licenceFiles(filepath.Join(dir, "THIRD_PARTY_LICENSES")); err == nil || !strings.Contains(err.Error(), "has no licence file") {
		t.Errorf("a module without a licence file: %q, %v; want an error", got, err)
	}
}

// TestChangelogSection: the release notes are the changelog's section of the number, and a
// changelog without one stops the release.
func TestChangelogSection(t *testing.T) {
	changelog := "# Changelog\n\nIntro.\n\n## 0.2.0 (2027-01-01)\n\n- New.\n\n## 0.1.0\n\nThe first.\n\n- One.\n"
	for _, tt := range []struct{ number, want string }{{"0.2.0", "- New.\n"}, {"0.1.0", "The first.\n\n- One.\n"}} {
		if got, err := changelogSection(changelog, tt.number); err != nil || got != tt.want {
			t.Errorf("section %s: %q, %v; want %q", tt.number, got, err, tt.want)
		}
	}
	if _, err := changelogSection(changelog, "0.3.0"); err == nil || !strings.Contains(err.Error(), `no section "## 0.3.0"`) {
		t.Errorf("a missing section: %v; want an error", err)
	}
}

// archived is a member of an archive.
type archived struct {
	data    []byte
	mode    os.FileMode
	modTime int64
}

// readArchive reads a tar.gz, zip or wheel file's members by name (a directory's ends in /).
func readArchive(t *testing.T, data []byte, suffix string) map[string]archived {
	t.Helper()
	out := map[string]archived{}
	if suffix == ".tar.gz" {
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			out[h.Name] = archived{b, h.FileInfo().Mode().Perm(), h.ModTime.Unix()}
		}
		return out
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = archived{b, f.Mode().Perm(), f.Modified.Unix()}
	}
	return out
}

// checkHeader checks the command's format and architecture from its header: a static ELF
// (no interpreter, no shared library), a Mach-O whose minimum macOS the wheel's tag allows, a
// PE console program.
func checkHeader(t *testing.T, p platform, command []byte) {
	t.Helper()
	r := bytes.NewReader(command)
	switch p.format {
	case "ELF":
		f, err := elf.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not an ELF file: %v", p.target, err)
		}
		if f.Machine.String() != p.machine || f.Class != elf.ELFCLASS64 {
			t.Errorf("%s: ELF for %v (%v), want %s, 64-bit", p.target, f.Machine, f.Class, p.machine)
		}
		for _, prog := range f.Progs {
			if prog.Type == elf.PT_INTERP || prog.Type == elf.PT_DYNAMIC {
				t.Errorf("%s: the ELF has a %v program header: it is not static", p.target, prog.Type)
			}
		}
		if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
			t.Errorf("%s: the ELF needs %q", p.target, libs)
		}
	case "Mach-O":
		f, err := macho.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not a Mach-O file: %v", p.target, err)
		}
		if f.Cpu.String() != p.machine || f.Type != macho.TypeExec {
			t.Errorf("%s: Mach-O for %v (%v), want %s, an executable", p.target, f.Cpu, f.Type, p.machine)
		}
		if got := macOSMinimum(f); got == "" || !versionAtMost(got, p.minMacOS) {
			t.Errorf("%s: the command needs macOS %q; the wheel's tag says %s", p.target, got, p.minMacOS)
		}
	case "PE":
		f, err := pe.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not a PE file: %v", p.target, err)
		}
		opt, ok := f.OptionalHeader.(*pe.OptionalHeader64)
		if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 || !ok || opt.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_CUI {
			t.Errorf("%s: PE for machine %#x (64-bit: %v), want AMD64, a console program", p.target, f.Machine, ok)
		}
	}
}

// macOSMinimum returns the minimum macOS of a Mach-O file (LC_BUILD_VERSION's minos), or "".
func macOSMinimum(f *macho.File) string {
	const lcBuildVersion = 0x32
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) >= 16 && f.ByteOrder.Uint32(raw) == lcBuildVersion {
			minos := binary.LittleEndian.Uint32(raw[12:])
			if f.ByteOrder == binary.BigEndian {
				minos = binary.BigEndian.Uint32(raw[12:])
			}
			return fmt.Sprintf("%d.%d", minos>>16, (minos>>8)&0xff)
		}
	}
	return ""
}

// versionAtMost says whether the version a (MAJOR.MINOR) is at most b.
func versionAtMost(a, b string) bool {
	var am, an, bm, bn int
	fmt.Sscanf(a, "%d.%d", &am, &an)
	fmt.Sscanf(b, "%d.%d", &bm, &bn)
	return am < bm || (am == bm && an <= bn)
}

// checkRecord checks a wheel's RECORD: every other member listed once with its SHA-256 and size.
func checkRecord(t *testing.T, name string, wheel map[string]archived, record string) {
	t.Helper()
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(wheel[record].data)), "\n") {
		fields := strings.Split(line, ",")
		if len(fields) != 3 {
			t.Errorf("%s: RECORD line %q", name, line)
			continue
		}
		listed[fields[0]] = true
		if fields[0] == record {
			continue
		}
		m, ok := wheel[fields[0]]
		sum := sha256.Sum256(m.data)
		if want := fmt.Sprintf("sha256=%s", base64.RawURLEncoding.EncodeToString(sum[:])); !ok || fields[1] != want || fields[2] != fmt.Sprint(len(m.data)) {
			t.Errorf("%s: RECORD says %q; the member is %s,%d", name, line, want, len(m.data))
		}
	}
	for member := range wheel {
		if !listed[member] {
			t.Errorf("%s: %s is not in RECORD", name, member)
		}
	}
}

// writeCommand writes an executable command and returns its path.
func writeCommand(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "maxmatch")
	if err := os.WriteFile(path, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// output runs a program and returns its stdout.
func output(t *testing.T, name string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, stderr.String())
	}
	return stdout.String()
}

// TestREADMEInstall runs the README's install block as a user types it, in a directory holding
// the release's files (0.1.0 read as this release's version): the checksums check, the
// archive unpacks, and pip finds the wheel where the block names it, installing it into a fresh
// virtual environment whose Python then imports the package and runs its command.
func TestREADMEInstall(t *testing.T) {
	t.Parallel()
	files, w := worktreeRelease(t)
	if p := hostPlatform(t); p.target != "linux/amd64" {
		t.Skipf("the README's install block names the linux/amd64 files; this machine is %s", p.target)
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples, _ := doctest.Parse("README.md", readme)
	i := slices.IndexFunc(examples, func(ex *doctest.Example) bool {
		why, _ := ex.Marker("not run:")
		return strings.HasPrefix(why, "needs a release's files")
	})
	if i < 0 {
		t.Fatal("README.md has no install block marked \"not run: needs a release's files\"")
	}
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "downloads")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin, pip := pyenv.Venv(t, pyenv.Interpreter("python3"), filepath.Join(tmp, "venv"))
	// pip on PATH is the virtual environment's, as after "source venv/bin/activate".
	tools := filepath.Join(tmp, "tools")
	if err := os.Mkdir(tools, 0o755); err != nil {
		t.Fatal(err)
	}
	var quoted []string
	for _, a := range pip {
		quoted = append(quoted, "'"+a+"'")
	}
	wrapper := "#!/bin/sh\nexec " + strings.Join(quoted, " ") + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(tools, "pip"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "set -e\n" + strings.ReplaceAll(strings.Join(examples[i].Body, "\n"), "0.1.0", w.version) +
		"\n'" + filepath.Join(bin, "python") + "' -m maxmatch version\n"
	e := exampleEnv{dir: dir, env: []string{"PATH=" + tools + string(filepath.ListSeparator) + pyenv.PathWithout("go", "maxmatch"),
		"HOME=" + tmp, "LC_ALL=C.UTF-8", "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PYTHONDONTWRITEBYTECODE=1"}}
	out, code := runIn(t, e, "bash", "-c", script)
	if code != 0 || !strings.Contains(string(out), "maxmatch "+w.version+"\n") {
		t.Errorf("%s: the README's install block, run in a directory of the release's files, exits %d:\n%s", examples[i], code, out)
	}
}
