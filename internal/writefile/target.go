package writefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// targetKind is how an output path is written.
type targetKind int

const (
	regular    targetKind = iota // a regular file, new or not: replaced whole by a rename
	stream                       // a named pipe, a terminal, a device: opened and written in place
	descriptor                   // an open descriptor of this process: written to it
)

// target is what writing one output path means.
type target struct {
	path string // as given, in messages
	kind targetKind
	file string      // regular: the file to replace (where the path's links lead); stream: the path
	mode fs.FileMode // regular: the existing file's permissions (0: a new file)
	fd   int         // descriptor: the descriptor
}

// maxLinks is how many symbolic links resolve follows before it calls them a loop (Linux's
// limit).
const maxLinks = 40

// errLinkLoop is a path whose symbolic links lead back to themselves.
var errLinkLoop = errors.New("its symbolic links lead back to themselves (a loop), expected a file or a link to one")

// readOnlyError is an existing file without write permission: a careful tool does not replace
// it behind its owner's back (a shell's redirection refuses it too, rm asks first).
type readOnlyError struct{ mode fs.FileMode }

func (e readOnlyError) Error() string {
	return fmt.Sprintf("it is read-only (mode %04o): make it writable (chmod u+w) or remove it, expected a file that may be written", uint32(e.mode))
}

// resolve finds what writing path means, following its symbolic links one at a time (a link
// to nothing yet leads to the file a redirection would create), and refuses what cannot be
// written: a directory, a loop of links, a read-only file.
func resolve(path string) (target, error) {
	t := target{path: path}
	p := path
	for hops := 0; ; hops++ {
		if fd, ok := descriptorOf(p); ok {
			t.kind, t.fd = descriptor, fd
			return t, nil
		}
		fi, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// A new file: its directory must be one, so that a command refuses the path before
			// it reads anything, not once its work is done.
			if err := checkDir(dirOf(p)); err != nil {
				return t, err
			}
			t.kind, t.file = regular, p
			return t, nil
		case errors.Is(err, syscall.ELOOP):
			return t, errLinkLoop
		case err != nil:
			return t, err
		}
		switch mode := fi.Mode(); {
		case mode&fs.ModeSymlink != 0:
			if hops == maxLinks {
				return t, errLinkLoop
			}
			link, err := os.Readlink(p)
			if err != nil {
				return t, err
			}
			p = linkTarget(p, link)
		case mode.IsDir():
			return t, syscall.EISDIR
		case !mode.IsRegular():
			t.kind, t.file = stream, p
			return t, nil
		default:
			if fd, ok := standardOutput(fi); ok {
				t.kind, t.fd = descriptor, fd
				return t, nil
			}
			if err := writable(p, mode); err != nil {
				return t, err
			}
			t.kind, t.file, t.mode = regular, p, mode.Perm()
			return t, nil
		}
	}
}

// checkDir returns nil when dir, a path's directory part as dirOf gives it ("" for the working
// directory), is a directory, and the system's error when it is missing or not one.
func checkDir(dir string) error {
	if dir == "" {
		dir = "."
	}
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return err
	case !fi.IsDir():
		return syscall.ENOTDIR
	}
	return nil
}

// linkTarget is the path a link at p holding link leads to: link itself when absolute, else
// link in p's directory, kept as written (not cleaned: ".." must step out of the directory the
// system finds, which a cleaned path would not when a directory on the way is a link).
func linkTarget(p, link string) string {
	if filepath.IsAbs(link) {
		return link
	}
	return dirOf(p) + link
}

// dirOf is the directory part of p as written, with its separator ("" for a name alone).
func dirOf(p string) string {
	if i := strings.LastIndexAny(p, pathSeparators); i >= 0 {
		return p[:i+1]
	}
	return ""
}

// descriptorOf reports whether p names an open descriptor of this process, and which:
// /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N (this
// process's PID). Writing such a path must go to the descriptor: opening it again would
// truncate the file behind it, or fail for a pipe or a socket.
func descriptorOf(p string) (int, bool) {
	if !descriptorsByPath {
		return 0, false
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return 0, false
	}
	switch abs {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	dir, name := filepath.Split(abs)
	switch dir {
	case "/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/":
	default:
		return 0, false
	}
	fd, err := strconv.Atoi(name)
	return fd, err == nil && fd >= 0
}

// standardOutput reports whether fi is the file that standard output or standard error writes
// to, and which: writing it through the descriptor keeps what the command prints there (a
// rename would leave it writing to a file no longer in the directory).
func standardOutput(fi fs.FileInfo) (int, bool) {
	for fd, f := range []*os.File{1: os.Stdout, 2: os.Stderr} {
		if f == nil {
			continue
		}
		if sfi, err := f.Stat(); err == nil && os.SameFile(fi, sfi) {
			return fd, true
		}
	}
	return 0, false
}

// writable refuses an existing file that may not be written: read-only by its mode (even for a
// user whom the system would let write it), or not writable by this process.
func writable(path string, mode fs.FileMode) error {
	if mode.Perm()&0o222 == 0 {
		return readOnlyError{mode.Perm()}
	}
	return canWrite(path)
}

// Check returns an error when path cannot be written as an output: a directory, a loop of
// symbolic links, a read-only file (see All). Commands check their outputs before reading
// anything.
func Check(path string) error {
	if _, err := resolve(path); err != nil {
		return writeError(path, err)
	}
	return nil
}
