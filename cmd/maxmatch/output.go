package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"
)

// cause is the reason in a file system error, without the operation and the path, which may
// be a temporary file's: the messages name the path the user gave.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// writeFiles writes each file (path → contents) so that a failure leaves no file half-written:
// first all to temporary files beside them, then renaming them into place; on an error the
// temporary files are removed and no file has changed. A new file gets the permissions the
// umask leaves of 0666 (0644 under umask 022), as a shell's redirection gives; an existing one
// keeps its own, and a link to one stays a link (the file it names is replaced). A path that
// names something other than a regular file, a device such as /dev/stdout or /dev/null, is
// written in place, after the temporary files and before the renames. Errors name the path as
// given, never a temporary file's.
func writeFiles(files map[string][]byte) error {
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
		return fmt.Errorf("cannot write %s: %w", path, cause(err))
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

// createTemp creates a new file in dir for writeFiles, with mode 0666 less the umask (where
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
