//go:build unix

package writefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteFilesPermissions writes new files under two umasks: they get what a shell's
// redirection gives (0666 less the umask), not os.CreateTemp's 0600; an existing file keeps
// its mode. The umask is the process's: this test does not run in parallel with others.
func TestWriteFilesPermissions(t *testing.T) {
	for _, c := range []struct {
		umask int
		want  os.FileMode
	}{{0o022, 0o644}, {0o077, 0o600}, {0o002, 0o664}} {
		dir := t.TempDir()
		old := syscall.Umask(c.umask)
		existing := filepath.Join(dir, "existing.csv")
		err := os.WriteFile(existing, []byte("old"), 0o640)
		if err == nil {
			err = os.Chmod(existing, 0o640)
		}
		if err == nil {
			err = All(map[string][]byte{filepath.Join(dir, "new.csv"): []byte("a"), existing: []byte("b")})
		}
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		for path, want := range map[string]os.FileMode{filepath.Join(dir, "new.csv"): c.want, existing: 0o640} {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != want {
				t.Errorf("umask %03o: %s has mode %03o, want %03o", c.umask, filepath.Base(path), fi.Mode().Perm(), want)
			}
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 2 {
			t.Errorf("umask %03o: %d entries in the directory, want the 2 files (no temporary file left)", c.umask, len(entries))
		}
	}
}

// TestWriteFiles checks what else All promises: a link stays a link, a device is
// written in place, and a failure leaves every file as it was, with a message naming the path
// as given.
func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.html")
	link := filepath.Join(dir, "link.html")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.html", link); err != nil {
		t.Fatal(err)
	}
	// A named pipe stands for a device: it must be written to, not replaced.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	read := make(chan string)
	go func() {
		data, _ := os.ReadFile(fifo)
		read <- string(data)
	}()
	if err := All(map[string][]byte{link: []byte("new"), fifo: []byte("through the pipe")}); err != nil {
		t.Fatal(err)
	}
	if got := <-read; got != "through the pipe" {
		t.Errorf("the pipe's reader got %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", fi, err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Errorf("the linked file holds %q, want %q", got, "new")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the named pipe was replaced: %v, %v", fi, err)
	}

	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.csv")
	for _, c := range []struct {
		bad, want, why string
	}{
		{filepath.Join(file, "out.csv"), filepath.Join(file, "out.csv") + ": not a directory", "a path under a file"},
		{dir, dir + ": is a directory", "a directory"},
		{"/dev/full", "/dev/full: no space left on device", "a full device, written after the temporary files"},
	} {
		if c.bad == "/dev/full" {
			if _, err := os.Stat(c.bad); err != nil {
				continue
			}
		}
		err := All(map[string][]byte{good: []byte("x"), c.bad: []byte("y")})
		if err == nil || err.Error() != "cannot write "+c.want {
			t.Errorf("%s: %v, want %q", c.why, err, "cannot write "+c.want)
		}
		if err != nil && strings.Contains(err.Error(), ".maxmatch-") {
			t.Errorf("%s: the message names a temporary file: %v", c.why, err)
		}
		if _, err := os.Stat(good); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: the other file was written: %v", c.why, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 {
		t.Errorf("%d entries left in the directory, want real.html, link.html, fifo, a-file", len(entries))
	}
}

// TestReplaceable: an HTML page or an M2 file may be replaced by a new one, a file of another
// kind may not; a new file, an empty one and a device may be written.
func TestReplaceable(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"page.html": "<!DOCTYPE html>\n<html>", "old.m2": "S a b\n\n", "sys.txt": "He goes home .\n", "empty": "",
		"t.csv": "system,score\nA,0.5\n", "other.csv": "name,score\nA,0.5\n"}
	csv := Headed("a CSV file of scores", "system,score")
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		kind Kind
		ok   bool
	}{
		{"page.html", HTML, true}, {"sys.txt", HTML, false}, {"old.m2", HTML, false},
		{"old.m2", M2, true}, {"sys.txt", M2, false}, {"page.html", M2, false},
		{"new.html", HTML, true}, {"empty", M2, true},
		{"t.csv", csv, true}, {"other.csv", csv, false}, {"sys.txt", csv, false}, {"empty", csv, true},
	}
	for _, tt := range tests {
		err := Replaceable(filepath.Join(dir, tt.name), tt.kind)
		if (err == nil) != tt.ok {
			t.Errorf("%s as %s: %v, want replaceable %v", tt.name, tt.kind.name, err, tt.ok)
		}
	}
	if err := Replaceable("/dev/null", M2); err != nil {
		t.Errorf("/dev/null: %v", err)
	}
}

// TestSamePath: one file by two paths, a link to it; two files not yet created by one path.
func TestSamePath(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(a, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("a.txt", link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		a, b string
		same bool
	}{
		{a, filepath.Join(dir, ".", "a.txt"), true},
		{a, link, true},
		{filepath.Join(dir, "new"), filepath.Join(dir, "sub", "..", "new"), true},
		{a, filepath.Join(dir, "new"), false},
		{filepath.Join(dir, "new"), filepath.Join(dir, "other"), false},
	}
	for _, tt := range tests {
		if got := SamePath(tt.a, tt.b); got != tt.same {
			t.Errorf("SamePath(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}
