// Package writefile writes a command's output files as a careful Unix tool does: a regular
// file whole or not at all (a temporary file beside it, its data synced, renamed over it), a
// stream (a pipe, a terminal, a device, standard output by /dev/stdout or /dev/fd/N) in place,
// as a shell's redirection writes it; and it tells whether a path names a file already there:
// one of the command's inputs, or a file of another kind than the command writes, which it
// would replace. Its temporary files are named .maxmatch-….tmp and removed on SIGINT, SIGTERM
// and SIGHUP (CleanUpOnSignals).
package writefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"maxmatch/input"
)

// All writes each file (path → contents) so that a failure leaves no file half-written:
//
//   - a regular file, new or not, is written to a temporary file beside it (its data synced),
//     and every such file is renamed into place once all are written; on an error the
//     temporary files are removed and no file has changed. A new file gets the permissions the
//     umask leaves of 0666 (0644 under umask 022), as a shell's redirection gives; an existing
//     one keeps its own, and a link to one stays a link (the file it names is replaced; a link
//     to nothing yet creates the file it names, as a redirection does). A read-only file is
//     refused, never replaced;
//   - a path that names an open descriptor of this process (/dev/stdout, /dev/stderr,
//     /dev/fd/N, /proc/self/fd/N), or the file standard output or standard error writes to, is
//     written to that descriptor, where it stands and in its mode (appending after ">>"): the
//     file behind it keeps what it held;
//   - a path that names something other than a regular file (a named pipe, a terminal, a
//     device, a process substitution) is written in place, after the temporary files and
//     before the renames. A named pipe is opened as a shell opens it: the command waits for a
//     reader.
//
// Errors name the path as given, never a temporary file's.
func All(files map[string][]byte) error {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	targets := make([]target, len(paths))
	for i, p := range paths {
		t, err := resolve(p)
		if err != nil {
			return writeError(p, err)
		}
		targets[i] = t
	}
	var renames []rename
	cleanup := func() {
		for _, r := range renames {
			removeTemporary(r.from)
		}
	}
	for _, t := range targets {
		if t.kind != regular {
			continue
		}
		temp, err := writeTemporary(t, files[t.path])
		if err != nil {
			cleanup()
			return writeError(t.path, err)
		}
		renames = append(renames, rename{path: t.path, from: temp, to: t.file})
	}
	testHook("written")
	for _, t := range targets {
		if t.kind == regular {
			continue
		}
		if err := writeInPlace(t, files[t.path]); err != nil {
			cleanup()
			return writeError(t.path, err)
		}
	}
	if err := commit(renames); err != nil {
		return err
	}
	for _, r := range renames {
		syncDir(dirOf(r.to))
	}
	return nil
}

// InDir writes each file (name → contents) as dir/NAME+ext, all or none. A new directory is
// written whole under a temporary name beside it (.maxmatch-….tmp) and renamed into place: it
// appears with every file or not at all, whatever ends the command. Into an existing directory
// the files are written as All writes them: every file to a temporary file first, then renamed
// one after another; an error, SIGINT, SIGTERM or SIGHUP leaves every file as it was or every
// one new, and only SIGKILL or a crash of the machine during the renames (a fraction of a
// millisecond) can leave some new and the others as they were.
func InDir(dir string, files map[string][]byte, ext string) error {
	dir = filepath.Clean(dir)
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return fmt.Errorf("cannot create the directory %s: not a directory", dir)
	case err == nil:
		paths := make(map[string][]byte, len(files))
		for name, data := range files {
			paths[filepath.Join(dir, name+ext)] = data
		}
		return All(paths)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot create the directory %s: %w", dir, input.Cause(err))
	}
	return newDir(dir, files, ext)
}

// newDir writes the files into dir, which does not exist yet, through a staging directory
// beside it renamed into place.
func newDir(dir string, files map[string][]byte, ext string) error {
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o777); err != nil {
		return fmt.Errorf("cannot create the directory %s: %w", dir, input.Cause(err))
	}
	stage, _, err := createTemporary(parent, true)
	if err != nil {
		return fmt.Errorf("cannot create the directory %s: %w", dir, input.Cause(err))
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		f, err := os.OpenFile(filepath.Join(stage, name+ext), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			err = writeSyncClose(f, files[name])
		}
		if err != nil {
			removeTemporary(stage)
			return writeError(filepath.Join(dir, name+ext), err)
		}
	}
	syncDir(stage)
	testHook("staged")
	if err := commit([]rename{{path: dir, from: stage, to: dir}}); err != nil {
		return err
	}
	syncDir(parent)
	return nil
}

// writeError is the message for path that could not be written.
func writeError(path string, err error) error {
	return fmt.Errorf("cannot write %s: %w", path, input.Cause(err))
}

// writeTemporary writes data to a new temporary file beside t's file, with its permissions when
// it exists, synced, and returns its path.
func writeTemporary(t target, data []byte) (string, error) {
	temp, f, err := createTemporary(dirOf(t.file), false)
	if err != nil {
		return "", err
	}
	if t.mode != 0 {
		err = f.Chmod(t.mode)
	}
	if err == nil {
		err = writeSyncClose(f, data)
	} else {
		f.Close()
	}
	if err != nil {
		removeTemporary(temp)
		return "", err
	}
	return temp, nil
}

// writeSyncClose writes data to f, syncs it to the disk (so that a rename after it never shows
// an empty or partial file after a crash) and closes it, returning the first error.
func writeSyncClose(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeInPlace writes data to a stream or a descriptor: no temporary file, no truncation.
func writeInPlace(t target, data []byte) error {
	var f *os.File
	var err error
	if t.kind == descriptor {
		f, err = dupDescriptor(t.fd)
	} else {
		f, err = os.OpenFile(t.file, os.O_WRONLY, 0)
	}
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir syncs a directory, so that a rename into it lasts a crash; where directories cannot
// be synced (some file systems, Windows) the rename stands as the system keeps it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
