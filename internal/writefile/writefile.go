// Package writefile writes a command's output files whole or not at all, and tells whether a
// path names a file already there: one of the command's inputs, or a file of another kind
// than the command writes, which it would replace.
package writefile

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"

	"maxmatch/input"
)

// All writes each file (path → contents) so that a failure leaves no file half-written:
// first all to temporary files beside them, then renaming them into place; on an error the
// temporary files are removed and no file has changed. A new file gets the permissions the
// umask leaves of 0666 (0644 under umask 022), as a shell's redirection gives; an existing one
// keeps its own, and a link to one stays a link (the file it names is replaced). A path that
// names something other than a regular file, a device such as /dev/stdout or /dev/null, is
// written in place, after the temporary files and before the renames. Errors name the path as
// given, never a temporary file's.
func All(files map[string][]byte) error {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	type pending struct{ path, target, temp string }
	var renames []pending
	var devices []string
	cleanup := func() {
		for _, r := range renames {
			os.Remove(r.temp)
		}
	}
	fail := func(path string, err error) error {
		cleanup()
		return fmt.Errorf("cannot write %s: %w", path, input.Cause(err))
	}
	for _, p := range paths {
		target, mode, err := writeTarget(p)
		if err != nil {
			return fail(p, err)
		}
		if mode&fs.ModeType != 0 {
			devices = append(devices, p)
			continue
		}
		f, err := createTemp(filepath.Dir(target))
		if err != nil {
			return fail(p, err)
		}
		renames = append(renames, pending{p, target, f.Name()})
		if mode != 0 {
			err = f.Chmod(mode.Perm())
		}
		if err = writeClose(f, err, files[p]); err != nil {
			return fail(p, err)
		}
	}
	for _, p := range devices {
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_TRUNC, 0)
		if err == nil {
			err = writeClose(f, nil, files[p])
		}
		if err != nil {
			return fail(p, err)
		}
	}
	for i, r := range renames {
		if err := os.Rename(r.temp, r.target); err != nil {
			renames = renames[i:] // those before are in place
			return fail(r.path, err)
		}
	}
	return nil
}

// InDir writes each file (name → contents) as dir/NAME+ext, creating dir if needed, as All
// does: all or none.
func InDir(dir string, files map[string][]byte, ext string) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("cannot create the directory %s: %w", dir, input.Cause(err))
	}
	paths := make(map[string][]byte, len(files))
	for name, data := range files {
		paths[filepath.Join(dir, name+ext)] = data
	}
	return All(paths)
}

// writeClose writes data to f unless err (an earlier failure) is not nil, closes f, and
// returns the first error.
func writeClose(f *os.File, err error, data []byte) error {
	if err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeTarget returns the file that writing to path replaces (path, or the file a link
// names) and its mode: 0 when there is none yet, a type bit for a device, a pipe, ….
func writeTarget(path string) (target string, mode fs.FileMode, err error) {
	target = path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", 0, err
		}
	}
	fi, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, 0, nil
	case err != nil:
		return "", 0, err
	case fi.IsDir():
		return "", 0, syscall.EISDIR
	}
	return target, fi.Mode(), nil
}

// createTemp creates a new file in dir for All, with mode 0666 less the umask (where
// os.CreateTemp gives 0600, which a rename would carry over to the file written).
func createTemp(dir string) (*os.File, error) {
	var random [6]byte
	for range 100 {
		rand.Read(random[:])
		f, err := os.OpenFile(filepath.Join(dir, ".maxmatch-"+hex.EncodeToString(random[:])), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no unused temporary name in %s", dir)
}

// CheckOutputs returns an error when an output file is one of the command's inputs, or another
// of its outputs: the same file (by device and inode), or the same path for a file not yet
// created. outputs maps each output's flag to its path ("": not asked for); inputs are the
// files given ("-": standard input, never an output), and roles name them in the error.
func CheckOutputs(outputs map[string]string, roles, inputs []string) error {
	flags := make([]string, 0, len(outputs))
	for fl, path := range outputs {
		if path != "" {
			flags = append(flags, fl)
		}
	}
	sort.Strings(flags)
	for k, fl := range flags {
		out := outputs[fl]
		for i, in := range inputs {
			if in != "-" && SamePath(out, in) {
				return fmt.Errorf("%s: %s is the %s file, an input, expected a file that is not one of the inputs", fl, out, roles[i])
			}
		}
		for _, other := range flags[:k] {
			if SamePath(out, outputs[other]) {
				return fmt.Errorf("%s: %s is the file of %s too, expected two files", fl, out, other)
			}
		}
	}
	return nil
}

// SamePath reports whether paths a and b name the same file: both exist and are one file, or
// neither exists and their absolute paths are the same.
func SamePath(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	switch {
	case errA == nil && errB == nil:
		return os.SameFile(fa, fb)
	case errA == nil || errB == nil:
		return false
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// A Kind is what an output file holds, so that an existing file a command would replace can be
// recognised as one it wrote before (a file of another kind is refused: a flag that took the
// next file name as its value, "score A --html B C GOLD" meant B as a system).
type Kind struct {
	name  string                 // in messages: "an HTML page"
	looks func(head []byte) bool // whether a file starting with head is one
}

var (
	HTML = Kind{"an HTML page", func(head []byte) bool {
		head = bytes.ToLower(bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n"))
		return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html"))
	}}
	M2 = Kind{"an M2 file", func(head []byte) bool {
		head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
		return bytes.HasPrefix(head, []byte("S ")) || bytes.HasPrefix(head, []byte("S\t")) || bytes.HasPrefix(head, []byte("S\n"))
	}}
)

// Replaceable returns an error when path names an existing regular, non-empty file that is not
// of kind: writing path would replace it.
func Replaceable(path string, kind Kind) error {
	if path == "" {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return nil // a new file, a device, or what writing will report
	}
	f, err := os.Open(path)
	if err != nil {
		return nil // writing will report it
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	if kind.looks(head[:n]) {
		return nil
	}
	return fmt.Errorf("%s exists and is not %s, which it would replace, expected a new file or %s", path, kind.name, kind.name)
}
