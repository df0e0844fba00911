package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"maxmatch/version"
)

// config says what to release, from where, into where.
type config struct {
	repo    string    // the repository's root
	out     string    // the directory to write: new, or empty
	targets []string  // GOOS/GOARCH; nil: every platform the build backend knows
	python  string    // the Python that runs the build backend
	env     []string  // the environment of go and Python
	log     io.Writer // a line for each step
}

// file is a written release file.
type file struct {
	name string
	size int64
	sum  string // SHA-256, hexadecimal
}

// The files of the repository's root that every archive carries beside the README and the
// documentation, and the third-party notices the release writes into archives and wheels.
const (
	licenseFile   = "LICENSE"
	changelogFile = "CHANGELOG.md"
	noticesFile   = "THIRD_PARTY_NOTICES.txt"
)

// release writes the release files into c.out and returns them, in the order of their names.
// The commands are built from the source distribution, whose notices are those of every
// command built; the version is the source distribution's, which says whether its sources are
// the commit tagged with the version.
func release(c config) ([]file, error) {
	out, err := filepath.Abs(c.out)
	if err != nil {
		return nil, err
	}
	if err := writable(out); err != nil {
		return nil, err
	}
	epoch, err := sourceDateEpoch(c)
	if err != nil {
		return nil, err
	}
	env := append(slices.Clone(c.env), "SOURCE_DATE_EPOCH="+strconv.FormatInt(epoch, 10))
	targets, err := platformsOf(c, env)
	if err != nil {
		return nil, err
	}
	// The draft source distribution, the commands and the notices are made outside the
	// repository: git reads the state of its working tree while the draft is written.
	work, err := os.MkdirTemp("", "maxmatch-release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	src, err := draft(c, env, work)
	if err != nil {
		return nil, err
	}
	commands, err := buildCommands(c, env, src, targets, work)
	if err != nil {
		return nil, err
	}
	if err := writeSourceNotices(c, env, src, commands); err != nil {
		return nil, err
	}

	// Everything is written into a directory beside out, renamed to it at the end.
	stage, err := os.MkdirTemp(filepath.Dir(out), ".release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(stage)
	if err := os.Chmod(stage, 0o755); err != nil {
		return nil, err
	}
	fmt.Fprintf(c.log, "release: %s: the Python source distribution\n", src.version)
	if _, err := backend(c, env, src.root, "b.build_sdist(sys.argv[1])", stage); err != nil {
		return nil, err
	}
	if err := writePlatformFiles(c, env, src, commands, stage, time.Unix(epoch, 0).UTC()); err != nil {
		return nil, err
	}
	if err := writeNotes(c, src, stage); err != nil {
		return nil, err
	}
	files, err := checksums(stage, fmt.Sprintf("maxmatch_%s_checksums.txt", src.version))
	if err != nil {
		return nil, err
	}
	if err := writable(out); err != nil {
		return nil, err
	}
	os.Remove(out) // an empty directory, or none
	if err := os.Rename(stage, out); err != nil {
		return nil, err
	}
	return files, nil
}

// writable says why the release cannot be written into out, which must be a new directory or
// an empty one.
func writable(out string) error {
	entries, err := os.ReadDir(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("-out %s: %v: expected a new or empty directory", out, err)
	case len(entries) > 0:
		return fmt.Errorf("-out %s exists and is not empty: remove its files, or name another directory with -out", out)
	}
	return nil
}

// platformsOf returns the platforms to build, c.targets checked against those the build
// backend knows, all of them when c.targets is nil.
func platformsOf(c config, env []string) ([]string, error) {
	out, err := backend(c, env, filepath.Join(c.repo, "python"), "' '.join(b.TARGETS)")
	if err != nil {
		return nil, err
	}
	known := strings.Fields(out)
	if c.targets == nil {
		return known, nil
	}
	for _, t := range c.targets {
		if !slices.Contains(known, t) {
			return nil, fmt.Errorf("-targets: %q is not a platform of the release: expected some of %s", t, strings.Join(known, ", "))
		}
	}
	return c.targets, nil
}

// source is the unpacked draft source distribution the commands are built from.
type source struct {
	root    string // its root directory
	version string // the version it is: the release's, or a development build's
	commit  string // the commit its sources are ("": unknown)
	tagged  bool   // the commit carries the tag "v" and the number, and the sources are it
}

// draft writes the source distribution from the repository into work and unpacks it there.
func draft(c config, env []string, work string) (source, error) {
	dir := filepath.Join(work, "draft")
	if err := os.Mkdir(dir, 0o755); err != nil {
		return source{}, err
	}
	name, err := backend(c, env, filepath.Join(c.repo, "python"), "b.build_sdist(sys.argv[1])", dir)
	if err != nil {
		return source{}, err
	}
	root, err := unpack(filepath.Join(dir, name), filepath.Join(work, "sdist"))
	if err != nil {
		return source{}, fmt.Errorf("%s: %v", name, err)
	}
	src := source{root: root, version: strings.TrimSuffix(strings.TrimPrefix(name, "maxmatch-"), ".tar.gz")}
	data, err := os.ReadFile(filepath.Join(root, "SOURCE.json"))
	if err != nil {
		return source{}, fmt.Errorf("%s: %v", name, err)
	}
	var state struct {
		Commit           string
		Tagged, Modified bool
	}
	if err := json.Unmarshal(data, &state); err != nil {
		return source{}, fmt.Errorf("%s: SOURCE.json: %v", name, err)
	}
	src.commit, src.tagged = state.Commit, state.Tagged && !state.Modified
	if src.version != version.Number {
		fmt.Fprintf(c.log, "release: note: %s is a development build: only an unchanged checkout of the commit tagged v%s is %s (git tag v%s)\n",
			src.version, version.Number, version.Number, version.Number)
	}
	return src, nil
}

// command is the maxmatch command built for one platform.
type command struct {
	target, exe string // GOOS/GOARCH, its file name
	path        string
	data        []byte
	notices     []byte // the licences of what it is built from
	modules     []module
}

// buildCommands builds the command for each target from the source distribution, with its notices.
func buildCommands(c config, env []string, src source, targets []string, work string) ([]command, error) {
	var commands []command
	for _, t := range targets {
		goos, goarch, _ := strings.Cut(t, "/")
		fmt.Fprintf(c.log, "release: %s: the command\n", t)
		exe := "maxmatch"
		if goos == "windows" {
			exe += ".exe"
		}
		bin := filepath.Join(work, "bin", goos+"_"+goarch, exe)
		if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
			return nil, err
		}
		if _, err := backend(c, env, src.root, "b.build_command(sys.argv[1], sys.argv[2], sys.argv[3])", goos, goarch, bin); err != nil {
			return nil, err
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			return nil, err
		}
		goVersion, modules, err := embedded(bin)
		if err != nil {
			return nil, err
		}
		notices, err := noticesOf(c, env, fmt.Sprintf("the maxmatch command %s for %s", src.version, t), goVersion, modules)
		if err != nil {
			return nil, err
		}
		commands = append(commands, command{t, exe, bin, data, notices, modules})
	}
	return commands, nil
}

// writeSourceNotices writes into the source distribution's root the notices of every module
// the commands are built from, which the source distribution, and a wheel built from it, carry.
func writeSourceNotices(c config, env []string, src source, commands []command) error {
	var all []module
	for _, cmd := range commands {
		all = append(all, cmd.modules...)
	}
	slices.SortFunc(all, compareModules)
	all = slices.Compact(all)
	goVersion, _, err := embedded(commands[0].path)
	if err != nil {
		return err
	}
	notices, err := noticesOf(c, env, fmt.Sprintf("the maxmatch command %s, built from this source distribution for any platform", src.version), goVersion, all)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(src.root, noticesFile), notices, 0o644)
}

// writePlatformFiles writes each command's archive and wheel into stage.
func writePlatformFiles(c config, env []string, src source, commands []command, stage string, when time.Time) error {
	shared, err := archiveMembers(c.repo)
	if err != nil {
		return err
	}
	for _, cmd := range commands {
		goos, goarch, _ := strings.Cut(cmd.target, "/")
		fmt.Fprintf(c.log, "release: %s: its archive, its wheel\n", cmd.target)
		dir := fmt.Sprintf("maxmatch_%s_%s_%s", src.version, goos, goarch)
		members := append([]member{{cmd.exe, cmd.data, 0o755}, {noticesFile, cmd.notices, 0o644}}, shared...)
		slices.SortStableFunc(members, func(a, b member) int { return strings.Compare(a.name, b.name) })
		if goos == "windows" {
			err = writeZip(filepath.Join(stage, dir+".zip"), dir, members, when)
		} else {
			err = writeTarGz(filepath.Join(stage, dir+".tar.gz"), dir, members, when)
		}
		if err != nil {
			return err
		}
		notices := filepath.Join(filepath.Dir(cmd.path), noticesFile)
		if err := os.WriteFile(notices, cmd.notices, 0o644); err != nil {
			return err
		}
		call := "b.build_wheel(sys.argv[1], {'target': sys.argv[2], 'binary': sys.argv[3], 'notices': sys.argv[4]})"
		if _, err := backend(c, env, src.root, call, stage, cmd.target, cmd.path, notices); err != nil {
			return err
		}
	}
	return nil
}

// writeNotes writes the release notes: the changelog's section of the version's number, under
// a title that says what the release is.
func writeNotes(c config, src source, stage string) error {
	changelog, err := os.ReadFile(filepath.Join(c.repo, changelogFile))
	if err != nil {
		return err
	}
	section, err := changelogSection(string(changelog), version.Number)
	if err != nil {
		return fmt.Errorf("%s: %v", changelogFile, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# maxmatch %s\n\n", src.version)
	switch {
	case src.tagged:
		fmt.Fprintf(&b, "The release of commit %s, tagged v%s.\n\n", src.commit, version.Number)
	case src.commit != "":
		fmt.Fprintf(&b, "A development build of %s from commit %s, not the release: the sources are not the commit tagged v%s.\n\n", version.Number, src.commit, version.Number)
	default:
		fmt.Fprintf(&b, "A development build of %s from sources of an unknown commit, not the release.\n\n", version.Number)
	}
	b.WriteString(section)
	return os.WriteFile(filepath.Join(stage, fmt.Sprintf("maxmatch_%s_release_notes.md", src.version)), []byte(b.String()), 0o644)
}

// changelogSection returns the body of the changelog's second-level section whose heading
// starts with the number ("## 0.1.0 …"), up to the next such heading.
func changelogSection(changelog, number string) (string, error) {
	lines := strings.SplitAfter(changelog, "\n")
	start := -1
	for i, l := range lines {
		if !strings.HasPrefix(l, "## ") {
			continue
		}
		if start >= 0 {
			return strings.TrimSpace(strings.Join(lines[start:i], "")) + "\n", nil
		}
		if f := strings.Fields(l); len(f) > 1 && f[1] == number {
			start = i + 1
		}
	}
	if start < 0 {
		return "", fmt.Errorf("no section \"## %s\": the release notes are that section", number)
	}
	return strings.TrimSpace(strings.Join(lines[start:], "")) + "\n", nil
}

// sourceDateEpoch returns the time to write into the files: SOURCE_DATE_EPOCH, or the time of
// the repository's last commit.
func sourceDateEpoch(c config) (int64, error) {
	for _, kv := range slices.Backward(c.env) {
		if s, ok := strings.CutPrefix(kv, "SOURCE_DATE_EPOCH="); ok {
			t, err := strconv.ParseInt(s, 10, 64)
			if err != nil || t < 0 {
				return 0, fmt.Errorf("SOURCE_DATE_EPOCH=%q: expected a number of seconds since 1970", s)
			}
			return t, nil
		}
	}
	git := exec.Command("git", "log", "-1", "--format=%ct")
	git.Dir, git.Env = c.repo, c.env
	out, err := git.Output()
	if err == nil {
		if t, perr := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); perr == nil {
			return t, nil
		}
	}
	return 0, fmt.Errorf("SOURCE_DATE_EPOCH is not set and git cannot give the last commit's time (%v): set it", err)
}

// backend runs the Python package's build backend in dir (python/, or a source distribution's
// root): call is a Python expression of b, the backend, and sys.argv[1:], args; it returns
// what the expression gives.
func backend(c config, env []string, dir, call string, args ...string) (string, error) {
	code := "import sys; sys.path.insert(0, '_build'); import maxmatch_build as b; print(" + call + ")"
	cmd := exec.Command(c.python, append([]string{"-c", code}, args...)...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("the build backend in %s (%s): %v\n%s", dir, call, err, stderr.String())
	}
	return strings.TrimSpace(stdout.String()), nil
}

// unpack extracts the gzipped tar file path into dir and returns the directory it holds.
func unpack(path, dir string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return "", err
	}
	tr := tar.NewReader(gz)
	root := ""
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		name := filepath.FromSlash(h.Name)
		if !filepath.IsLocal(name) || h.Typeflag != tar.TypeReg {
			return "", fmt.Errorf("unexpected member %q", h.Name)
		}
		top, _, _ := strings.Cut(h.Name, "/")
		if root == "" {
			root = top
		} else if top != root {
			return "", fmt.Errorf("members in %s and in %s: expected one directory", root, top)
		}
		out := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return "", err
		}
		w, err := os.OpenFile(out, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			return "", err
		}
		_, err = io.Copy(w, tr)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", err
		}
	}
	if root == "" {
		return "", errors.New("empty")
	}
	return filepath.Join(dir, root), nil
}

// member is a file of an archive.
type member struct {
	name string
	data []byte
	mode fs.FileMode
}

// docPages are the documentation an archive carries beside the README, which links to them and
// which the command's messages name (docs/exactness.md, docs/guide.md…): the pages, the command
// reference, the manual pages and the example files the README's examples read, as patterns
// under the repository.
var docPages = []string{"docs/*.md", "docs/reference/*.md", "docs/man/*.1", "docs/examples/*"}

// archiveMembers reads the files every archive carries beside the command and its notices: the
// README, the licence, the changelog and the documentation (docPages), each pattern's in the
// order of their names.
func archiveMembers(repo string) ([]member, error) {
	paths := []string{"README.md", licenseFile, changelogFile}
	for _, pattern := range docPages {
		matched, err := filepath.Glob(filepath.Join(repo, filepath.FromSlash(pattern)))
		if err != nil {
			return nil, err
		}
		if len(matched) == 0 {
			return nil, fmt.Errorf("no file matches %s", pattern)
		}
		slices.Sort(matched)
		for _, p := range matched {
			rel, err := filepath.Rel(repo, p)
			if err != nil {
				return nil, err
			}
			paths = append(paths, filepath.ToSlash(rel))
		}
	}
	var members []member
	for _, p := range paths {
		data, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(p)))
		if err != nil {
			return nil, err
		}
		members = append(members, member{p, data, 0o644})
	}
	return members, nil
}

// parents returns the directories of name within an archive's directory that come before it
// ("docs/", "docs/man/" for "docs/man/maxmatch.1") and that seen does not hold yet, which it
// then does: an archive lists a member's directories before it.
func parents(name string, seen map[string]bool) []string {
	var dirs []string
	for i, c := range name {
		if c == '/' && !seen[name[:i+1]] {
			seen[name[:i+1]] = true
			dirs = append(dirs, name[:i+1])
		}
	}
	return dirs
}

// writeTarGz writes a gzipped tar file of the members in the directory dir, every time when.
func writeTarGz(path, dir string, members []member, when time.Time) error {
	var b bytes.Buffer
	gz, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	h := &tar.Header{Typeflag: tar.TypeDir, Name: dir + "/", Mode: 0o755, ModTime: when, Format: tar.FormatUSTAR}
	if err := tw.WriteHeader(h); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, m := range members {
		for _, d := range parents(m.name, seen) {
			if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: dir + "/" + d, Mode: 0o755, ModTime: when, Format: tar.FormatUSTAR}); err != nil {
				return err
			}
		}
		h := &tar.Header{Typeflag: tar.TypeReg, Name: dir + "/" + m.name, Mode: int64(m.mode), Size: int64(len(m.data)), ModTime: when, Format: tar.FormatUSTAR}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(m.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := gz.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// writeZip writes a zip file of the members in the directory dir, every time when.
func writeZip(path, dir string, members []member, when time.Time) error {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	h := &zip.FileHeader{Name: dir + "/", Modified: when}
	h.SetMode(fs.ModeDir | 0o755)
	if _, err := zw.CreateHeader(h); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, m := range members {
		for _, d := range parents(m.name, seen) {
			h := &zip.FileHeader{Name: dir + "/" + d, Modified: when}
			h.SetMode(fs.ModeDir | 0o755)
			if _, err := zw.CreateHeader(h); err != nil {
				return err
			}
		}
		h := &zip.FileHeader{Name: dir + "/" + m.name, Method: zip.Deflate, Modified: when}
		h.SetMode(m.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := w.Write(m.data); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// checksums writes into dir the file name: the SHA-256 of each file of dir, in sha256sum's
// form, in the order of their names; it returns the files, itself included.
func checksums(dir, name string) ([]file, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []file
	var list strings.Builder
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		f := file{name: e.Name(), size: int64(len(data)), sum: sha256Hex(data)}
		files = append(files, f)
		fmt.Fprintf(&list, "%s  %s\n", f.sum, f.name)
	}
	data := []byte(list.String())
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		return nil, err
	}
	files = append(files, file{name: name, size: int64(len(data)), sum: sha256Hex(data)})
	slices.SortFunc(files, func(a, b file) int { return strings.Compare(a.name, b.name) })
	return files, nil
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
