package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
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
	out     string    // the directory to write, which must not exist
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

// release writes the release files into c.out and returns them, in the order of their names.
func release(c config) ([]file, error) {
	number := version.Number
	if _, err := os.Lstat(c.out); err == nil {
		return nil, fmt.Errorf("%s exists: remove it, or name another directory with -out", c.out)
	}
	epoch, err := sourceDateEpoch(c)
	if err != nil {
		return nil, err
	}
	env := append(slices.Clone(c.env), "SOURCE_DATE_EPOCH="+strconv.FormatInt(epoch, 10))
	notes(c, number)

	known, err := backend(c, env, filepath.Join(c.repo, "python"), "' '.join(b.TARGETS)")
	if err != nil {
		return nil, err
	}
	targets := c.targets
	if targets == nil {
		targets = strings.Fields(known)
	}
	for _, t := range targets {
		if !slices.Contains(strings.Fields(known), t) {
			return nil, fmt.Errorf("-targets: %q is not a platform of the release: expected some of %s", t, strings.Join(strings.Fields(known), ", "))
		}
	}

	// Everything is written into a directory beside c.out, renamed to it at the end.
	parent := filepath.Dir(filepath.Clean(c.out))
	tmp, err := os.MkdirTemp(parent, ".release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	stage := filepath.Join(tmp, "out")
	if err := os.Mkdir(stage, 0o755); err != nil {
		return nil, err
	}

	fmt.Fprintf(c.log, "release: %s: the Python source distribution\n", number)
	sdist, err := backend(c, env, filepath.Join(c.repo, "python"), "b.build_sdist(sys.argv[1])", stage)
	if err != nil {
		return nil, err
	}
	root, err := unpack(filepath.Join(stage, sdist), filepath.Join(tmp, "sdist"))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", sdist, err)
	}
	readme, err := os.ReadFile(filepath.Join(c.repo, "README.md"))
	if err != nil {
		return nil, err
	}
	docs, err := docMembers(c.repo)
	if err != nil {
		return nil, err
	}
	license, err := os.ReadFile(filepath.Join(c.repo, "LICENSE"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	when := time.Unix(epoch, 0).UTC()
	for _, t := range targets {
		goos, goarch, _ := strings.Cut(t, "/")
		fmt.Fprintf(c.log, "release: %s: the command, its archive, its wheel\n", t)
		exe := "maxmatch"
		if goos == "windows" {
			exe += ".exe"
		}
		bin := filepath.Join(tmp, "bin", goos+"_"+goarch, exe)
		if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
			return nil, err
		}
		if _, err := backend(c, env, root, "b.build_command(sys.argv[1], sys.argv[2], sys.argv[3])", goos, goarch, bin); err != nil {
			return nil, err
		}
		command, err := os.ReadFile(bin)
		if err != nil {
			return nil, err
		}
		dir := fmt.Sprintf("maxmatch_%s_%s_%s", number, goos, goarch)
		members := []member{{exe, command, 0o755}, {"README.md", readme, 0o644}}
		if license != nil {
			members = append(members, member{"LICENSE", license, 0o644})
		}
		members = append(members, docs...)
		if goos == "windows" {
			err = writeZip(filepath.Join(stage, dir+".zip"), dir, members, when)
		} else {
			err = writeTarGz(filepath.Join(stage, dir+".tar.gz"), dir, members, when)
		}
		if err != nil {
			return nil, err
		}
		if _, err := backend(c, env, root, "b.build_wheel(sys.argv[1], {'target': sys.argv[2], 'binary': sys.argv[3]})", stage, t, bin); err != nil {
			return nil, err
		}
	}

	files, err := checksums(stage, fmt.Sprintf("maxmatch_%s_checksums.txt", number))
	if err != nil {
		return nil, err
	}
	if err := os.Rename(stage, c.out); err != nil {
		return nil, err
	}
	return files, nil
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

// notes says, without stopping, what makes the release other than the tagged commit's: a tree
// with uncommitted changes, or a commit not tagged with the version.
func notes(c config, number string) {
	status := exec.Command("git", "status", "--porcelain")
	status.Dir, status.Env = c.repo, c.env
	if out, err := status.Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		fmt.Fprintf(c.log, "release: note: the working tree has uncommitted changes, which the release holds\n")
	}
	tag := exec.Command("git", "tag", "--points-at", "HEAD")
	tag.Dir, tag.Env = c.repo, c.env
	if out, err := tag.Output(); err == nil && !slices.Contains(strings.Fields(string(out)), "v"+number) {
		fmt.Fprintf(c.log, "release: note: HEAD is not tagged v%s, the Go module's version (git tag v%s)\n", number, number)
	}
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
// reference and the manual pages, as patterns under the repository.
var docPages = []string{"docs/*.md", "docs/reference/*.md", "docs/man/*.1"}

// docMembers reads the documentation pages (docPages), in the order of their names.
func docMembers(repo string) ([]member, error) {
	var members []member
	for _, pattern := range docPages {
		paths, err := filepath.Glob(filepath.Join(repo, filepath.FromSlash(pattern)))
		if err != nil {
			return nil, err
		}
		slices.Sort(paths)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			rel, err := filepath.Rel(repo, p)
			if err != nil {
				return nil, err
			}
			members = append(members, member{filepath.ToSlash(rel), data, 0o644})
		}
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
