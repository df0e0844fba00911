package writefile

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// CheckOutputs returns an error when an output cannot be written (Check), or is one of the
// command's inputs or another of its outputs: the same file (by device and inode; a terminal
// or a device such as /dev/null may be both), or the same path for a file not yet created.
// outputs maps each output's flag to its path ("": not asked for); inputs are the files given,
// "-" standard input, which is compared as the file stdin is (nil: standard input is not a
// file, and no output can be it); roles name the inputs in the error.
func CheckOutputs(outputs map[string]string, roles, inputs []string, stdin *os.File) error {
	flags := make([]string, 0, len(outputs))
	for fl, path := range outputs {
		if path != "" {
			flags = append(flags, fl)
		}
	}
	sort.Strings(flags)
	for k, fl := range flags {
		out := outputs[fl]
		if err := Check(out); err != nil {
			return fmt.Errorf("%s: %v", fl, err)
		}
		for i, in := range inputs {
			if in == "-" && stdin != nil && sameAsFile(out, stdin) {
				return fmt.Errorf("%s: %s is standard input, the %s file, an input, expected a file that is not one of the inputs", fl, out, roles[i])
			}
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

// sameAsFile reports whether path names the file f is open on (not a character device).
func sameAsFile(path string, f *os.File) bool {
	fp, errP := os.Stat(path)
	ff, errF := f.Stat()
	return errP == nil && errF == nil && sameFile(fp, ff)
}

// sameFile reports whether a and b are one file that two uses would clash on: a regular file
// or a pipe, not a character device (a terminal, /dev/null), which is read and written apart.
func sameFile(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.Mode()&fs.ModeCharDevice == 0
}

// SamePath reports whether paths a and b name the same file: both exist and are one file (not
// a character device), or neither exists and their absolute paths are the same.
func SamePath(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	switch {
	case errA == nil && errB == nil:
		return sameFile(fa, fb)
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

// Headed is the kind, called name, of a file whose first line is header, as the command that
// writes it writes it (a CSV file with its header).
func Headed(name, header string) Kind {
	return Kind{name, func(head []byte) bool { return bytes.HasPrefix(head, []byte(header+"\n")) }}
}

// Replaceable returns an error when path names an existing regular, non-empty file that is not
// of kind: writing path would replace it. A stream or a descriptor is written in place, never
// replaced.
func Replaceable(path string, kind Kind) error {
	if path == "" {
		return nil
	}
	t, err := resolve(path)
	if err != nil || t.kind != regular || t.mode == 0 {
		return nil // a new file, a stream, or what writing will report
	}
	f, err := os.Open(t.file)
	if err != nil {
		return nil // writing will report it
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	if n == 0 || kind.looks(head[:n]) {
		return nil
	}
	return fmt.Errorf("%s exists and is not %s, which it would replace, expected a new file or %s", path, kind.name, kind.name)
}
