//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"maxmatch/internal/writefile"
)

// The tests of this file run the command as a process, with real descriptors: outputs that are
// streams (issue 27, item 1), standard input as an output (item 2), signals while an output is
// written (item 6), what a link, a loop or a read-only file as an output does (item 9).

// procRun is a run of the command as a process.
type procRun struct {
	code   int
	signal syscall.Signal // what ended it, 0 when it exited
	stderr string
}

// runProc runs the command with args; stdin and stdout, when not nil, are its descriptors 0
// and 1 (an *os.File is passed as it is: a file opened to append stays so), extra its
// descriptors 3, 4, ….
func runProc(t *testing.T, stdin io.Reader, stdout io.Writer, extra []*os.File, args ...string) procRun {
	t.Helper()
	cmd := command(t, args...)
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.ExtraFiles = stdin, stdout, &stderr, extra
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%q: %v", args, err)
	}
	r := procRun{code: cmd.ProcessState.ExitCode(), stderr: stderr.String()}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.signal = ws.Signal()
	}
	return r
}

// TestOutputStreams gives every output flag a path that is a stream, as a shell user does
// (docs/faq.md's "--csv /dev/stdout"): what is written must arrive where the descriptor goes,
// appended after ">>" (the file keeps what it held, and the report printed after it), and a
// pipe must be written, not looked up as a file.
func TestOutputStreams(t *testing.T) {
	dir := t.TempDir()
	ex := func(name string) string { return filepath.Join("..", "..", "docs", "examples", name) }
	m2 := runOK(t, "m2", ex("source.txt"), ex("ref0.txt"))
	chosen := filepath.Join(dir, "chosen.txt")
	oracleReport := runOK(t, "oracle", "-o", chosen, ex("nbest.txt"), ex("gold.m2"))
	chosenText := readText(t, chosen)
	hoo := []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw"}
	csvFile := filepath.Join(dir, "table.csv")
	hooReport := runOK(t, append(hoo, "--csv", csvFile, "testdata/hoo/systxt")...)
	csv := readText(t, csvFile)
	pageFile := filepath.Join(dir, "page.html")
	scoreReport := runOK(t, "score", "--html", pageFile, ex("system-a.txt"), ex("gold.m2"))
	page := readText(t, pageFile)
	tests := []struct {
		args   []string
		stdout string // "append": a file holding "previous\n", opened as ">>" opens it; "truncate": as ">"; "pipe"
		fd3    bool   // descriptor 3 is a pipe (a process substitution, >(…))
		want   string // what the file, the pipe or descriptor 3 holds after
		why    string
	}{
		{[]string{"oracle", "-o", "/dev/stdout", ex("nbest.txt"), ex("gold.m2")}, "append", false, "previous\n" + chosenText + oracleReport,
			"oracle -o /dev/stdout >> log.txt: it replaced log.txt, losing \"previous\" and the report"},
		{[]string{"m2", "--out", "/dev/stdout", ex("source.txt"), ex("ref0.txt")}, "append", false, "previous\n" + m2,
			"m2 --out /dev/stdout >> all.m2"},
		{append(hoo, "--csv", "/dev/stdout", "testdata/hoo/systxt"), "append", false, "previous\n" + csv + hooReport,
			"hoo compare --csv /dev/stdout >> log"},
		{[]string{"m2", "--out", "/dev/stdout", ex("source.txt"), ex("ref0.txt")}, "truncate", false, m2,
			"m2 --out /dev/stdout > file: the file holds the output once"},
		{[]string{"oracle", "-o", filepath.Join(dir, "log.txt"), ex("nbest.txt"), ex("gold.m2")}, "append", false, "previous\n" + chosenText + oracleReport,
			"oracle -o log.txt >> log.txt: the file standard output appends to is written through it (a rename would lose the report)"},
		{[]string{"m2", "--out", "/dev/stdout", ex("source.txt"), ex("ref0.txt")}, "pipe", false, m2,
			"m2 --out /dev/stdout | head: \"no such file or directory\""},
		{[]string{"oracle", "-o", "/proc/self/fd/1", ex("nbest.txt"), ex("gold.m2")}, "pipe", false, chosenText + oracleReport,
			"the descriptor by /proc/self/fd"},
		{[]string{"score", "--html", "/dev/stdout", ex("system-a.txt"), ex("gold.m2")}, "pipe", false, page + scoreReport,
			"score --html /dev/stdout | cat: the page, then the report"},
		{[]string{"m2", "--out", "/dev/fd/3", ex("source.txt"), ex("ref0.txt")}, "", true, m2,
			"m2 --out >(gzip > x): a pipe as /dev/fd/N"},
		{append(hoo, "--csv", "/dev/fd/3", "--html", "/dev/stdout", "testdata/hoo/systxt"), "pipe", true, csv,
			"two streams at once"},
	}
	for _, tt := range tests {
		var stdout io.Writer
		var out bytes.Buffer
		var log string
		switch tt.stdout {
		case "append", "truncate":
			log = writeText(t, dir, "log.txt", "previous\n")
			flags := os.O_WRONLY | os.O_APPEND
			if tt.stdout == "truncate" {
				flags = os.O_WRONLY | os.O_TRUNC
			}
			f, err := os.OpenFile(log, flags, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			stdout = f
		case "pipe":
			stdout = &out
		}
		var extra []*os.File
		fd3 := make(chan string, 1)
		if tt.fd3 {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				data, _ := io.ReadAll(r)
				r.Close()
				fd3 <- string(data)
			}()
			extra = []*os.File{w}
			defer w.Close()
		}
		r := runProc(t, nil, stdout, extra, tt.args...)
		for _, f := range extra {
			f.Close()
		}
		if r.code != 0 {
			t.Errorf("%s: exit %d, %s", tt.why, r.code, r.stderr)
			continue
		}
		got := out.String()
		switch {
		case tt.fd3:
			got = <-fd3
		case log != "":
			got = readText(t, log)
		}
		if got != tt.want {
			t.Errorf("%s: %.300q\nwant %.300q", tt.why, got, tt.want)
		}
		if tt.fd3 && tt.stdout == "pipe" && !strings.HasPrefix(out.String(), "<!DOCTYPE html>") {
			t.Errorf("%s: standard output %.100q, want the page", tt.why, out.String())
		}
	}
}

// TestOutputStderr: /dev/stderr, a pipe here, as the output (it failed as /dev/stdout did).
func TestOutputStderr(t *testing.T) {
	ex := func(name string) string { return filepath.Join("..", "..", "docs", "examples", name) }
	m2 := runOK(t, "m2", ex("source.txt"), ex("ref0.txt"))
	if r := runProc(t, nil, nil, nil, "m2", "--out", "/dev/stderr", ex("source.txt"), ex("ref0.txt")); r.code != 0 || r.stderr != m2 {
		t.Errorf("m2 --out /dev/stderr: exit %d, standard error %.200q, want the M2", r.code, r.stderr)
	}
}

// TestOutputIsStandardInput names, as an output, the file standard input is, for every command
// and output flag that reads "-": by its name, by a link to it, as /dev/stdin and as
// /dev/fd/0. Each is refused (exit 2, one message), the file untouched; it was overwritten.
func TestOutputIsStandardInput(t *testing.T) {
	dir := t.TempDir()
	ex := func(name string) string { return filepath.Join("..", "..", "docs", "examples", name) }
	commands := []struct {
		input string   // the file read as "-", copied from docs/examples
		args  []string // with OUT for the output
		why   string
	}{
		{"nbest.txt", []string{"oracle", "-o", "OUT", "-", ex("gold.m2")}, "oracle -o list.nbest - gold < list.nbest: the list was replaced by the choice"},
		{"source.txt", []string{"m2", "--out", "OUT", "-", ex("ref0.txt")}, "m2 --out, the source read from standard input"},
		{"system-a.txt", []string{"score", "--html", "OUT", "-", ex("gold.m2")}, "score --html, the system read from standard input"},
		{"gold.m2", []string{"score", "--html", "OUT", ex("system-a.txt"), "-"}, "score --html, the gold read from standard input"},
	}
	for _, c := range commands {
		text := readText(t, ex(c.input))
		in := writeText(t, dir, c.input, text)
		link := filepath.Join(dir, "link-"+c.input)
		os.Remove(link)
		if err := os.Symlink(c.input, link); err != nil {
			t.Fatal(err)
		}
		for _, out := range []string{in, link, "/dev/stdin", "/dev/fd/0"} {
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = strings.ReplaceAll(a, "OUT", out)
			}
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			r := runProc(t, f, nil, nil, args...)
			f.Close()
			if r.code != exitError || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, out+" is standard input, the ") {
				t.Errorf("%s, as %s: exit %d, %q; want 2 and one message", c.why, out, r.code, r.stderr)
			}
			if got := readText(t, in); got != text {
				t.Errorf("%s, as %s: the input was changed", c.why, out)
			}
		}
	}
	// Standard input from /dev/null, and the output /dev/null: a device is no clash (the run
	// fails after, on an empty list).
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if r := runProc(t, null, nil, nil, "oracle", "-o", os.DevNull, "-", ex("gold.m2")); strings.Contains(r.stderr, "is standard input") {
		t.Errorf("-o /dev/null with standard input /dev/null: %s", r.stderr)
	}
}

// TestOutputPaths gives an output a link to nothing yet, a loop of links and a read-only file:
// the first is written as a shell's redirection writes it (the file the link names is
// created), the others are refused with one plain message, before anything is read, the file
// left as it was.
func TestOutputPaths(t *testing.T) {
	dir := t.TempDir()
	ex := func(name string) string { return filepath.Join("..", "..", "docs", "examples", name) }
	m2 := runOK(t, "m2", ex("source.txt"), ex("ref0.txt"))
	if err := os.Symlink("target.m2", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	if r := runProc(t, nil, nil, nil, "m2", "--out", filepath.Join(dir, "dangling"), ex("source.txt"), ex("ref0.txt")); r.code != 0 {
		t.Errorf("a dangling link: exit %d, %s", r.code, r.stderr)
	} else if got := readText(t, filepath.Join(dir, "target.m2")); got != m2 {
		t.Errorf("a dangling link: the file it names holds %.100q", got)
	}
	os.Symlink("loop-b", filepath.Join(dir, "loop-a"))
	os.Symlink("loop-a", filepath.Join(dir, "loop-b"))
	ro := writeText(t, dir, "ro.m2", "S old\n\n")
	os.Chmod(ro, 0o444)
	tests := []struct {
		args []string
		want string
		why  string
	}{
		{[]string{"m2", "--out", filepath.Join(dir, "loop-a"), ex("source.txt"), ex("ref0.txt")},
			"maxmatch m2: --out: cannot write " + filepath.Join(dir, "loop-a") + ": its symbolic links lead back to themselves (a loop), expected a file or a link to one",
			"a loop: it said \"EvalSymlinks: too many links\""},
		{[]string{"m2", "--out", ro, ex("source.txt"), ex("ref0.txt")},
			"maxmatch m2: --out: cannot write " + ro + ": it is read-only (mode 0444): make it writable (chmod u+w) or remove it",
			"a read-only file: it was replaced without a word"},
		{[]string{"score", "--html", filepath.Join(dir, "loop-a"), ex("system-a.txt"), ex("gold.m2")},
			"maxmatch score: --html: cannot write " + filepath.Join(dir, "loop-a") + ": its symbolic links lead back to themselves",
			"the same for score --html"},
		{[]string{"oracle", "-o", ro, ex("nbest.txt"), ex("gold.m2")},
			"maxmatch oracle: -o/--output: cannot write " + ro + ": it is read-only (mode 0444)",
			"and for oracle -o"},
	}
	for _, tt := range tests {
		r := runProc(t, nil, nil, nil, tt.args...)
		if r.code != exitError || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, tt.want) {
			t.Errorf("%s: exit %d, %q\nwant 2 and %q", tt.why, r.code, r.stderr, tt.want)
		}
	}
	if got := readText(t, ro); got != "S old\n\n" {
		t.Errorf("the read-only file was changed: %q", got)
	}
}

// TestSignalWhileWriting sends SIGINT and SIGTERM to the command while it writes its outputs:
// the page's temporary file written, the CSV's named pipe waiting for a reader. The command
// ends by the signal, its temporary file removed (it left a hidden 479 KB file beside the
// page), the page as it was.
func TestSignalWhileWriting(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		page := writeText(t, dir, "page.html", "<!DOCTYPE html>\nold")
		fifo := filepath.Join(dir, "table.csv")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := command(t, "hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "--csv", fifo, "--html", page, "testdata/hoo/systxt")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var temps []string
		for start := time.Now(); len(temps) == 0 && time.Since(start) < 30*time.Second; time.Sleep(10 * time.Millisecond) {
			temps, _ = filepath.Glob(filepath.Join(dir, writefile.TemporaryPattern))
		}
		if len(temps) == 0 {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%v: no temporary file appeared in 30 s: %s", sig, stderr.String())
		}
		time.Sleep(50 * time.Millisecond) // the page's temporary file written, the pipe opening
		cmd.Process.Signal(sig)
		cmd.Wait()
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ws.Signaled() || ws.Signal() != sig {
			t.Errorf("%v: the command ended %v, want by the signal (a shell shows %d)", sig, cmd.ProcessState, 128+int(sig))
		}
		if left, _ := filepath.Glob(filepath.Join(dir, writefile.TemporaryPattern)); len(left) > 0 {
			t.Errorf("%v: temporary files left: %q", sig, left)
		}
		if got := readText(t, page); got != "<!DOCTYPE html>\nold" {
			t.Errorf("%v: the page was changed", sig)
		}
	}
}

// TestOracleOutputReadBack: what oracle -o writes, score reads back as the hypotheses the
// oracle scored, with the figures it printed, also for hypotheses holding a line break (a
// JSON-lines list: it wrote them as two lines, which score refused, 11 lines for 10 sentences)
// and a first one starting with a byte order mark (which the reader skips at a file's start).
func TestOracleOutputReadBack(t *testing.T) {
	dir := t.TempDir()
	gold := filepath.Join("..", "..", "docs", "examples", "gold.m2")
	hyps := []struct {
		id  int
		hyp string
	}{
		{0, "\ufeffShe goes to school\nevery day ."},
		{1, "I have much information\n\nabout this topic .\n"},
		{2, "He is interested in music and he plays the guitar .\r\n"},
	}
	var list strings.Builder
	for _, h := range hyps {
		line, _ := json.Marshal(map[string]any{"id": h.id, "hyps": []string{h.hyp}})
		list.Write(line)
		list.WriteByte('\n')
	}
	listPath := writeText(t, dir, "list.jsonl", list.String())
	out := filepath.Join(dir, "chosen.txt")
	jsonl := runOK(t, "oracle", "--jsonl", "-o", out, listPath, gold)
	type totals struct {
		Correct, Proposed, Gold int
		F                       float64
	}
	var total struct{ Total totals }
	lines := strings.Split(strings.TrimSuffix(jsonl, "\n"), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &total); err != nil {
		t.Fatal(err)
	}
	written := readText(t, out)
	if n := strings.Count(written, "\n"); n != 10 {
		t.Errorf("%d lines written for 10 gold sentences: %q", n, written)
	}
	score := runOK(t, "score", "--jsonl", out, gold)
	var scored struct{ Total totals }
	scoreLines := strings.Split(strings.TrimSuffix(score, "\n"), "\n")
	if err := json.Unmarshal([]byte(scoreLines[len(scoreLines)-1]), &scored); err != nil {
		t.Fatal(err)
	}
	if scored.Total != total.Total || scored.Total.Correct == 0 {
		t.Errorf("score reads back %+v; the oracle scored %+v", scored.Total, total.Total)
	}
	oracleText := runOK(t, "oracle", listPath, gold)
	scoreText := runOK(t, "score", out, gold)
	if !strings.HasPrefix(oracleText, scoreText) {
		t.Errorf("the oracle printed\n%s\nscore prints\n%s", oracleText, scoreText)
	}
}
