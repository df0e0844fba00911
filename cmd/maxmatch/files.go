package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
)

// checkOutputs refuses an output file that is one of the command's inputs, or another of its
// outputs, before anything is read or written: the same file (by device and inode), or the
// same path for a file not yet created. outputs maps each output's flag to its path ("": not
// asked for); inputs are the files given, in order, and roles name them in messages.
func checkOutputs(outputs map[string]string, roles, inputs []string) error {
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
			if in != "-" && samePath(out, in) {
				return usagef("%s: %s is the %s file, an input, expected a file that is not one of the inputs", fl, out, roles[i])
			}
		}
		for _, other := range flags[:k] {
			if samePath(out, outputs[other]) {
				return usagef("%s: %s is the file of %s too, expected two files", fl, out, other)
			}
		}
	}
	return nil
}

// samePath reports whether paths a and b name the same file: both exist and are one file, or
// neither exists and their absolute paths are the same.
func samePath(a, b string) bool {
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

// An outputKind is what an output file holds, so that an existing file the command would
// replace can be recognised as one it wrote before (a file of another kind is refused: a flag
// that took the next file name as its value, "score A --html B C GOLD" meant B as a system).
type outputKind struct {
	name  string                 // in messages: "an HTML page"
	looks func(head []byte) bool // whether a file starting with head is one
}

var (
	htmlOutput = outputKind{"an HTML page", func(head []byte) bool {
		head = bytes.ToLower(bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n"))
		return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html"))
	}}
	m2Output = outputKind{"an M2 file", func(head []byte) bool {
		head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
		return bytes.HasPrefix(head, []byte("S ")) || bytes.HasPrefix(head, []byte("S\t")) || bytes.HasPrefix(head, []byte("S\n"))
	}}
)

// checkReplaceable refuses an output path (given to flag) that names an existing regular,
// non-empty file that is not of kind: the command would replace it.
func checkReplaceable(flag, path string, kind outputKind) error {
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
	return usagef("%s: %s exists and is not %s, which it would replace, expected a new file or %s", flag, path, kind.name, kind.name)
}
