//go:build unix

package writefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTargets writes one output to each kind of path a user gives, each case with its reason:
// what the path holds after, what else stays as it was, and the one message of a refusal.
func TestTargets(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Log("running as root: the read-only file is refused by its mode, not by the system")
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) string // makes the case in dir, returns the output path
		check func(t *testing.T, dir string)        // what dir holds after a successful write
		err   string                                // the message, "" when the write must succeed
	}{
		{"a new file is created", func(t *testing.T, dir string) string { return filepath.Join(dir, "new.txt") },
			func(t *testing.T, dir string) { wantFile(t, filepath.Join(dir, "new.txt"), "new") }, ""},
		{"a dangling link creates the file it names, as a shell's redirection does", func(t *testing.T, dir string) string {
			mustSymlink(t, "target.txt", filepath.Join(dir, "dangling"))
			return filepath.Join(dir, "dangling")
		}, func(t *testing.T, dir string) {
			wantFile(t, filepath.Join(dir, "target.txt"), "new")
			wantLink(t, filepath.Join(dir, "dangling"))
		}, ""},
		{"a link through a linked directory: .. is the real directory's parent, as the system resolves it", func(t *testing.T, dir string) string {
			mustMkdir(t, filepath.Join(dir, "real", "sub"))
			mustSymlink(t, "real/sub", filepath.Join(dir, "linked"))
			mustSymlink(t, "../out.txt", filepath.Join(dir, "real", "sub", "link"))
			return filepath.Join(dir, "linked", "link")
		}, func(t *testing.T, dir string) {
			wantFile(t, filepath.Join(dir, "real", "out.txt"), "new")
		}, ""},
		{"a chain of links to an existing file: the file is replaced, the links stay", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "file.txt"), "old", 0o640)
			mustSymlink(t, "file.txt", filepath.Join(dir, "one"))
			mustSymlink(t, "one", filepath.Join(dir, "two"))
			return filepath.Join(dir, "two")
		}, func(t *testing.T, dir string) {
			wantFile(t, filepath.Join(dir, "file.txt"), "new")
			wantLink(t, filepath.Join(dir, "one"))
			wantLink(t, filepath.Join(dir, "two"))
			if fi, _ := os.Stat(filepath.Join(dir, "file.txt")); fi.Mode().Perm() != 0o640 {
				t.Errorf("the file's mode is %04o, want its own, 0640", fi.Mode().Perm())
			}
		}, ""},
		{"a loop of links: one plain message", func(t *testing.T, dir string) string {
			mustSymlink(t, "b", filepath.Join(dir, "a"))
			mustSymlink(t, "a", filepath.Join(dir, "b"))
			return filepath.Join(dir, "a")
		}, nil, "its symbolic links lead back to themselves (a loop), expected a file or a link to one"},
		{"a link to itself", func(t *testing.T, dir string) string {
			mustSymlink(t, "self", filepath.Join(dir, "self"))
			return filepath.Join(dir, "self")
		}, nil, "its symbolic links lead back to themselves (a loop)"},
		{"a read-only file is refused, not replaced (whoever runs the command)", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "ro.txt"), "old", 0o444)
			return filepath.Join(dir, "ro.txt")
		}, nil, "it is read-only (mode 0444): make it writable (chmod u+w) or remove it"},
		{"a link to a read-only file", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "ro.txt"), "old", 0o400)
			mustSymlink(t, "ro.txt", filepath.Join(dir, "link"))
			return filepath.Join(dir, "link")
		}, nil, "it is read-only (mode 0400)"},
		{"a directory", func(t *testing.T, dir string) string { return dir }, nil, "is a directory"},
		{"a path under a file", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "file"), "", 0o644)
			return filepath.Join(dir, "file", "out.txt")
		}, nil, "not a directory"},
		{"a path in a directory that does not exist: refused by Check too, before a command reads anything", func(t *testing.T, dir string) string {
			return filepath.Join(dir, "missing", "out.txt")
		}, nil, "no such file or directory"},
		{"a dangling link into a directory that does not exist", func(t *testing.T, dir string) string {
			mustSymlink(t, "missing/target.txt", filepath.Join(dir, "dangling"))
			return filepath.Join(dir, "dangling")
		}, nil, "no such file or directory"},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		path := tt.setup(t, dir)
		before := listDir(t, dir)
		err := All(map[string][]byte{path: []byte("new")})
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.HasPrefix(err.Error(), "cannot write "+path+": ")):
			t.Errorf("%s: %v, want \"cannot write %s: …%s…\"", tt.name, err, path, tt.err)
		case tt.err != "":
			if after := listDir(t, dir); after != before {
				t.Errorf("%s: the directory changed:\n%s\nwas\n%s", tt.name, after, before)
			}
			if cerr := Check(path); cerr == nil || cerr.Error() != err.Error() {
				t.Errorf("%s: Check says %v, All %v", tt.name, cerr, err)
			}
		default:
			tt.check(t, dir)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, TemporaryPattern)); len(left) > 0 {
			t.Errorf("%s: temporary files left: %q", tt.name, left)
		}
	}
}

// TestDescriptors writes to paths that name this process's open descriptors: the file behind
// one opened to append keeps what it held (a shell's ">>"), and a pipe gets the data (opening
// /proc/self/fd/N of a pipe again by its name fails, renaming over it loses it).
func TestDescriptors(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"} {
		if _, err := os.Stat(name + "0"); err != nil {
			t.Logf("%s: not on this system (%v)", name, err)
			continue
		}
		log := filepath.Join(dir, "log.txt")
		mustWrite(t, log, "previous\n", 0o644)
		f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		path := name + strconv.Itoa(int(f.Fd()))
		if err := All(map[string][]byte{path: []byte("new\n")}); err != nil {
			t.Errorf("%s, a file opened to append: %v", path, err)
		}
		if _, err := f.WriteString("after\n"); err != nil {
			t.Fatal(err)
		}
		f.Close()
		wantFile(t, log, "previous\nnew\nafter\n")
		if fi, _ := os.Lstat(log); fi.Mode()&fs.ModeSymlink != 0 || !fi.Mode().IsRegular() {
			t.Errorf("%s: the log is no longer a regular file", path)
		}

		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		path = name + strconv.Itoa(int(w.Fd()))
		if err := All(map[string][]byte{path: []byte("through the pipe")}); err != nil {
			t.Errorf("%s, a pipe: %v", path, err)
		}
		w.Close()
		buf := make([]byte, 100)
		n, _ := r.Read(buf)
		r.Close()
		if string(buf[:n]) != "through the pipe" {
			t.Errorf("%s: the pipe's reader got %q", path, buf[:n])
		}
	}
	if err := All(map[string][]byte{"/dev/fd/987": []byte("x")}); err == nil || err.Error() != "cannot write /dev/fd/987: bad file descriptor" {
		t.Errorf("a descriptor not open: %v", err)
	}
}

// TestCheckOutputsStdin: an output that is the file standard input reads, by another name or
// as /dev/stdin, is refused when "-" is an input; a terminal or /dev/null is not a clash.
func TestCheckOutputsStdin(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "list.nbest")
	mustWrite(t, list, "0 ||| a ||| f ||| 1\n", 0o644)
	in, err := os.Open(list)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	roles, inputs := []string{"NBEST", "GOLD"}, []string{"-", filepath.Join(dir, "gold.m2")}
	tests := []struct {
		out   string
		stdin *os.File
		err   string
		why   string
	}{
		{list, in, "-o: " + list + " is standard input, the NBEST file, an input", "the list read from standard input, named again as the output"},
		{"/dev/stdin", nil, "", "no standard input file given: nothing to compare"},
		{filepath.Join(dir, "other.txt"), in, "", "another file"},
		{os.DevNull, null, "", "/dev/null read and written is no clash"},
	}
	for _, tt := range tests {
		err := CheckOutputs(map[string]string{"-o": tt.out}, roles, inputs, tt.stdin)
		if (tt.err == "") != (err == nil) || err != nil && !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("%s: %v, want %q", tt.why, err, tt.err)
		}
	}
	if _, err := os.Stat("/proc/self/fd/0"); err == nil {
		// /dev/stdin is standard input by name: a child's, whose standard input is the list.
		fd := strconv.Itoa(int(in.Fd()))
		if err := CheckOutputs(map[string]string{"-o": "/dev/fd/" + fd}, roles, inputs, in); err == nil {
			t.Errorf("/dev/fd/%s, the descriptor standard input is: accepted", fd)
		}
	}
}

// TestInDir: a new directory appears whole (no staging directory left) or not at all; an
// existing one gets every file, its other files kept.
func TestInDir(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "a", "out")
	if err := InDir(out, map[string][]byte{"1": []byte("one"), "2": []byte("two")}, ".txt"); err != nil {
		t.Fatal(err)
	}
	wantFile(t, filepath.Join(out, "1.txt"), "one")
	wantFile(t, filepath.Join(out, "2.txt"), "two")
	mustWrite(t, filepath.Join(out, "mine.txt"), "kept", 0o644)
	if err := InDir(out, map[string][]byte{"1": []byte("ONE")}, ".txt"); err != nil {
		t.Fatal(err)
	}
	wantFile(t, filepath.Join(out, "1.txt"), "ONE")
	wantFile(t, filepath.Join(out, "mine.txt"), "kept")

	// A file that cannot be written (its name holds a directory that is not there) fails the
	// whole new directory: nothing of it is left.
	failed := filepath.Join(dir, "failed")
	err := InDir(failed, map[string][]byte{"1": []byte("one"), "no/such": []byte("x")}, ".txt")
	if err == nil || !strings.HasPrefix(err.Error(), "cannot write "+filepath.Join(failed, "no/such.txt")+": ") {
		t.Errorf("a file that cannot be written: %v", err)
	}
	if _, err := os.Stat(failed); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the failed directory exists: %v", err)
	}
	for _, d := range []string{dir, filepath.Join(dir, "a"), out} {
		if left, _ := filepath.Glob(filepath.Join(d, TemporaryPattern)); len(left) > 0 {
			t.Errorf("temporaries left: %q", left)
		}
	}
	if err := InDir(filepath.Join(out, "1.txt"), map[string][]byte{"x": nil}, ".txt"); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a file as the directory: %v", err)
	}
}

func mustWrite(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, old, new string) {
	t.Helper()
	if err := os.Symlink(old, new); err != nil {
		t.Fatal(err)
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func wantFile(t *testing.T, path, want string) {
	t.Helper()
	if got, err := os.ReadFile(path); err != nil || string(got) != want {
		t.Errorf("%s holds %q (%v), want %q", path, got, err, want)
	}
}

func wantLink(t *testing.T, path string) {
	t.Helper()
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link (%v)", path, err)
	}
}

// listDir lists the entries under dir with their sizes and modes.
func listDir(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		fi, _ := os.Lstat(p)
		b.WriteString(p + " " + fi.Mode().String() + " " + strconv.FormatInt(fi.Size(), 10) + "\n")
		return nil
	})
	return b.String()
}
