package docs_test

// The pages' examples are run as a reader would run them, in a shell, with the command built
// from this checkout first on PATH. The convention (DEVELOPERS.md explains it to writers):
//
//   - ```console: lines "$ command" (a line ending in "\" continues on the next), each followed
//     by what it prints, standard output and standard error together; the commands of a block
//     run in one shell, one after another, as typed in a terminal (a variable set, or a "cd",
//     holds for the commands after it); a line "…" stands for any
//     number of lines, and "…" inside a line for any text (a time, the memory in use); a last
//     line "[N]" is the exit status N the command must end with (without it, 0). A command shown
//     without output is run and must succeed; its output may instead be the Markdown between
//     "<!-- doctest: output -->" and "<!-- doctest: end output -->" after the block (a table
//     shown rendered).
//   - ```sh: a script, run whole; it must succeed.
//   - ```python: run with python3 and the package in python/; when a line "prints" and a bare
//     fence follow it, that is its output.
//   - Markers, HTML comments on the lines just above a block: "<!-- doctest: needs
//     ../shared/data -->" (run when the third-party data is beside the repository, skipped with
//     a message when not) and "<!-- doctest: not run: REASON -->" (a placeholder the reader
//     replaces, or a command that changes the reader's machine).
//
// Any other block, or an indented code block, is an error: every example runs or says why not.
// An example that leaves a file in the directory it runs in, which is the repository's root for
// a reader, or in docs/, fails: examples write under a temporary directory (mktemp -d).
// A command equal to the test command of .ci/run is that command itself: it is not run here,
// and the README must show it exactly once.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"maxmatch/internal/markdown"
)

var update = flag.Bool("update", false, "rewrite the outputs the pages show with what their examples print (outputs shown with \"…\" are left for a writer)")

// A rewrite replaces lines [from, to) of a page (from 0) with what an example printed.
type rewrite struct {
	from, to int
	lines    []string
}

// rewrites are the -update's rewrites, by page.
var rewrites = map[string][]rewrite{}

// applyRewrites writes the rewrites into the pages.
func applyRewrites(t *testing.T, root string) {
	for page, rs := range rewrites {
		path := filepath.Join(root, page)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(text), "\n")
		sort.Slice(rs, func(i, j int) bool { return rs[i].from > rs[j].from })
		for _, r := range rs {
			lines = append(lines[:r.from], append(append([]string(nil), r.lines...), lines[r.to:]...)...)
		}
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("-update: %d outputs rewritten in %s", len(rs), page)
	}
}

// record notes a difference for -update, or says why it cannot be rewritten.
func record(t *testing.T, page string, line, from, to int, shown, got []string) {
	if !*update {
		return
	}
	for _, l := range shown {
		if strings.Contains(l, "…") {
			t.Logf("%s:%d: not rewritten by -update: its output is shown in part (\"…\")", page, line)
			return
		}
	}
	rewrites[page] = append(rewrites[page], rewrite{from, to, got})
}

// pages returns the Markdown pages the test reads, relative to the repository root: the README,
// DEVELOPERS.md and every page of docs/ and its subdirectories.
func pages(t *testing.T, root string) []string {
	t.Helper()
	list := []string{"README.md", "DEVELOPERS.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			list = append(list, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// generated are the pages written by programs, named with what writes them: their examples are
// not run (they show how their writer was invoked, with the reader's paths); their links and
// contents are checked as any page's (the command reference's contents are its generator's).
var generated = []struct{ prefix, writer string }{
	{"docs/benchmarks.md", "go run ./bench"},
	{"docs/nbest-benchmarks.md", "go run ./bench/nbest"},
	{"docs/reference/", "the command's reference generator"},
}

func generatedBy(page string) string {
	for _, g := range generated {
		if page == g.prefix || strings.HasSuffix(g.prefix, "/") && strings.HasPrefix(page, g.prefix) {
			return g.writer
		}
	}
	return ""
}

// A page is a hand-written page (not generated) and its examples, as parsed.
type page struct {
	name     string // relative to the repository root
	text     []byte
	examples []*example
	problems []string // where it breaks the convention
}

// handWritten reads and parses the pages whose examples run.
func handWritten(t *testing.T, root string) []page {
	t.Helper()
	var out []page
	for _, name := range pages(t, root) {
		if generatedBy(name) != "" {
			continue
		}
		text, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		examples, problems := parse(name, text)
		out = append(out, page{name, text, examples, problems})
	}
	return out
}

// An example is one fenced block of a page and what the page says about it.
type example struct {
	page    string
	line    int    // of the opening fence, from 1
	lang    string // the info string's first word
	body    []string
	markers []string // the doctest markers above it, without "doctest:"
	// output is what the page says the block prints when it says so outside the block: the
	// bare block after a python block's "prints", or the Markdown between output markers.
	output    []string
	hasOutput bool
	// outFrom and outTo are the lines of output in the page, from 0, outTo excluded.
	outFrom, outTo int
}

func (e *example) String() string { return fmt.Sprintf("%s:%d", e.page, e.line) }

func (e *example) marker(prefix string) (string, bool) {
	for _, m := range e.markers {
		if strings.HasPrefix(m, prefix) {
			return strings.TrimSpace(strings.TrimPrefix(m, prefix)), true
		}
	}
	return "", false
}

// statusRE is the line that shows a command's exit status after its output, as cram shows it.
var statusRE = regexp.MustCompile(`^\[([0-9]+)\]$`)

var markerRE = regexp.MustCompile(`^<!--\s*doctest:\s*(.*?)\s*-->$`)

// parse reads the examples of a page, and reports what breaks the convention.
func parse(page string, text []byte) ([]*example, []string) {
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	var (
		out      []*example
		problems []string
		markers  []string
		prev     = "" // the previous line outside blocks
	)
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := markerRE.FindStringSubmatch(line); m != nil {
			if m[1] == "output" || m[1] == "end output" {
				problems = append(problems, fmt.Sprintf("%s:%d: %q without a console block just before it", page, i+1, line))
			} else {
				markers = append(markers, m[1])
			}
			prev = line
			continue
		}
		f, info := markdown.Fence(line)
		if f == "" {
			if strings.HasPrefix(line, "    ") && strings.TrimSpace(prev) == "" && strings.TrimSpace(line) != "" {
				problems = append(problems, fmt.Sprintf("%s:%d: an indented code block: fence it (```console, ```sh, ```python) so that it runs, or mark it not run", page, i+1))
			}
			if !strings.HasPrefix(strings.TrimSpace(line), "<!--") {
				markers = nil
			}
			prev = line
			continue
		}
		e := &example{page: page, line: i + 1, markers: markers}
		markers = nil
		if fields := strings.Fields(info); len(fields) > 0 {
			e.lang = fields[0]
		}
		closed := false
		for i++; i < len(lines); i++ {
			if markdown.Closes(f, lines[i]) {
				closed = true
				break
			}
			e.body = append(e.body, lines[i])
		}
		if !closed {
			problems = append(problems, fmt.Sprintf("%s: a block never closed", e))
			break
		}
		prev = ""
		// What follows may be the block's output.
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		switch {
		case e.lang == "python" && j < len(lines) && lines[j] == "prints":
			k := j + 1
			for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
				k++
			}
			if g, rest := markdown.Fence(safe(lines, k)); g == "" || rest != "" {
				problems = append(problems, fmt.Sprintf("%s: \"prints\" not followed by a bare fenced block", e))
				break
			}
			e.outFrom = k + 1
			for k++; k < len(lines); k++ {
				if g, _ := markdown.Fence(lines[k]); g != "" {
					break
				}
				e.output = append(e.output, lines[k])
			}
			e.hasOutput, e.outTo = true, k
			i = k
		case e.lang == "console" && j < len(lines) && markerRE.MatchString(lines[j]) && markerRE.FindStringSubmatch(lines[j])[1] == "output":
			k := j + 1
			for ; k < len(lines); k++ {
				if m := markerRE.FindStringSubmatch(lines[k]); m != nil && m[1] == "end output" {
					break
				}
				e.output = append(e.output, lines[k])
			}
			if k == len(lines) {
				problems = append(problems, fmt.Sprintf("%s: \"<!-- doctest: output -->\" without its end", e))
			}
			e.output = trimBlank(e.output)
			e.hasOutput, e.outFrom, e.outTo = true, j+1, k
			i = k
		}
		out = append(out, e)
	}
	return out, problems
}

func safe(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

func trimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// A command of a console block and what the page says it prints.
type command struct {
	line   int // in the page
	text   string
	output []string
	shown  bool // the page shows an output (possibly empty) for it
	status int  // the exit status it must end with
	// from and to are the lines of its output in the page, from 0, to excluded.
	from, to int
}

// commands splits a console block into its commands.
func commands(e *example) ([]command, error) {
	var cs []command
	for i := 0; i < len(e.body); i++ {
		l := e.body[i]
		if strings.HasPrefix(l, "$ ") {
			c := command{line: e.line + 1 + i, text: strings.TrimPrefix(l, "$ ")}
			for strings.HasSuffix(c.text, "\\") && i+1 < len(e.body) {
				i++
				c.text += "\n" + e.body[i]
			}
			c.from, c.to = e.line+i+1, e.line+i+1 // body line i is page line e.line+i
			cs = append(cs, c)
			continue
		}
		if len(cs) == 0 {
			return nil, fmt.Errorf("%s: a console block must start with a \"$ command\" line, found %q", e, l)
		}
		cs[len(cs)-1].output = append(cs[len(cs)-1].output, l)
		cs[len(cs)-1].shown = true
		cs[len(cs)-1].to = e.line + i + 1
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: a console block without a \"$ command\" line", e)
	}
	for i := range cs {
		c := &cs[i]
		if n := len(c.output); n > 0 {
			if m := statusRE.FindStringSubmatch(c.output[n-1]); m != nil {
				c.status, _ = strconv.Atoi(m[1])
				c.output = c.output[:n-1]
			}
		}
	}
	if e.hasOutput {
		last := &cs[len(cs)-1]
		if last.shown {
			return nil, fmt.Errorf("%s: output markers after a block whose last command shows its output already", e)
		}
		last.output, last.shown, last.from, last.to = e.output, true, e.outFrom, e.outTo
	}
	return cs, nil
}

// matches says whether got is what the page shows, where a line "…" stands for any lines.
func matches(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "…" {
		for k := 0; k <= len(got); k++ {
			if matches(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && lineMatches(want[0], got[0]) && matches(want[1:], got[1:])
}

// lineMatches says whether a printed line is the line shown, where "…" inside a line stands
// for any text (a figure that depends on the run, such as a time or the memory in use).
func lineMatches(want, got string) bool {
	if !strings.Contains(want, "…") {
		return want == got
	}
	parts := strings.Split(want, "…")
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(got, p)
		if i < 0 {
			return false
		}
		got = got[i+len(p):]
	}
	last := parts[len(parts)-1]
	return len(got) >= len(last) && strings.HasSuffix(got, last)
}

// firstDifference describes where got first departs from want, up to the first "…".
func firstDifference(want, got []string) string {
	for i := range want {
		if want[i] == "…" {
			break
		}
		if i >= len(got) {
			return fmt.Sprintf("it printed %d lines; the page shows more, from line %d: %q", len(got), i+1, want[i])
		}
		if !lineMatches(want[i], got[i]) {
			return fmt.Sprintf("line %d: printed %q, the page shows %q", i+1, got[i], want[i])
		}
	}
	return "the difference is after the lines compared in order (a \"…\", or the output's end)"
}

func splitOutput(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// env is where the examples run: a fresh directory per block holding links to every entry of
// the repository root (so that the pages' relative paths work and the files they write land in
// the directory, not in the checkout), and ../shared linked beside it when the repository has
// its third-party data beside it.
type env struct {
	root, bin, shared string
	vars              []string
	python            string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	// Without version information (-buildvcs=false), so that signatures read version:NUMBER+devel
	// in every checkout, as the pages show them.
	build := exec.Command("go", "build", "-buildvcs=false", "-o", filepath.Join(bin, "maxmatch"), "./cmd/maxmatch")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/maxmatch: %v\n%s", err, out)
	}
	e := &env{root: root, bin: bin}
	if s, err := filepath.Abs(filepath.Join(root, "..", "shared")); err == nil {
		if _, err := os.Stat(filepath.Join(s, "data")); err == nil {
			e.shared = s
		}
	}
	e.python, _ = exec.LookPath("python3")
	e.vars = append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"MAXMATCH_BIN="+filepath.Join(bin, "maxmatch"),
		"PYTHONPATH="+filepath.Join(root, "python"),
		"PYTHONDONTWRITEBYTECODE=1",
		"PYTHONIOENCODING=utf-8",
		"GOBIN="+filepath.Join(dir, "gobin"), // where a page's "go install" puts the command
		"GOFLAGS=-buildvcs=false",
	)
	return e
}

// workdir makes the directory a block runs in.
func (e *env) workdir(t *testing.T) string {
	t.Helper()
	base := t.TempDir()
	dir := filepath.Join(base, "maxmatch")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(e.root)
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range entries {
		if de.Name() == ".git" {
			continue
		}
		if err := os.Symlink(filepath.Join(e.root, de.Name()), filepath.Join(dir, de.Name())); err != nil {
			t.Fatal(err)
		}
	}
	if e.shared != "" {
		if err := os.Symlink(e.shared, filepath.Join(base, "shared")); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// leftBehind returns what a block that ran in dir (made by workdir) left in a reader's
// checkout: the entries of dir that are not the links to the repository's root, and what is
// in docs/ now that was not before (docsBefore, from docsFiles).
func (e *env) leftBehind(t *testing.T, dir string, docsBefore map[string]bool) []string {
	t.Helper()
	var left []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range entries {
		if target, err := os.Readlink(filepath.Join(dir, de.Name())); err != nil || target != filepath.Join(e.root, de.Name()) {
			left = append(left, de.Name())
		}
	}
	for f := range docsFiles(t, e.root) {
		if !docsBefore[f] {
			left = append(left, f)
		}
	}
	sort.Strings(left)
	return left
}

// docsFiles lists the files and directories under root's docs/, by their paths from root.
func docsFiles(t *testing.T, root string) map[string]bool {
	t.Helper()
	files := map[string]bool{}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		files[rel] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// run runs a shell command (or a Python program) in dir, standard output and standard error in
// one pipe as on a terminal, and returns what it printed and its exit status.
func (e *env) run(t *testing.T, dir string, name string, args ...string) ([]byte, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, e.vars
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %q: no answer in 5 minutes", name, args)
	}
	if err != nil {
		var x *exec.ExitError
		if errors.As(err, &x) {
			return out.Bytes(), x.ExitCode()
		}
		t.Fatalf("%s: %v", name, err)
	}
	return out.Bytes(), 0
}

// A printed is what a command of a console block printed, and its exit status.
type printed struct {
	out     []byte
	code    int
	skipped bool // the test command of .ci/run, not run
}

// sessionMark ends each command's output in a session: the ASCII record separator, then the
// command's exit status, then the separator again.
const sessionMark = "\x1e"

// session runs the commands of a console block in one shell in dir, one after another as a
// reader types them in a terminal, and returns what each printed and its exit status. The
// test command of .ci/run (ci) is not run.
func (e *env) session(t *testing.T, dir string, cs []command, ci string) []printed {
	t.Helper()
	var script strings.Builder
	outputs := make([]printed, len(cs))
	for i, c := range cs {
		if withoutComment(c.text) == ci { // checked by TestConvention
			outputs[i].skipped = true
			continue
		}
		fmt.Fprintf(&script, "%s\nprintf '%s%%d%s' \"$?\"\n", c.text, sessionMark, sessionMark)
	}
	out, code := e.run(t, dir, "bash", "-c", script.String())
	rest := string(out)
	for i := range outputs {
		if outputs[i].skipped {
			continue
		}
		before, after, ok := strings.Cut(rest, sessionMark)
		status, tail, ok2 := strings.Cut(after, sessionMark)
		n, err := strconv.Atoi(status)
		if !ok || !ok2 || err != nil {
			t.Fatalf("%s: the shell stopped before command %d ended (exit status %d); it printed:\n%s", cs[i].text, i+1, code, out)
		}
		outputs[i] = printed{out: []byte(before), code: n}
		rest = tail
	}
	return outputs
}

// ciTestCommand is the command .ci/run ends with: the README's test command.
func ciTestCommand(t *testing.T, root string) string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	last := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			last = l
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return last
}

// withoutComment is a shell command without a trailing "# comment".
func withoutComment(s string) string {
	if i := strings.Index(s, " #"); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// TestExamples runs every example of the pages (see the convention above).
func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("the documentation's examples build the command and run it: not under -short")
	}
	e := newEnv(t)
	ci := ciTestCommand(t, e.root)
	var blocks, run, compared, skipped, notRun int
	var skippedData []string
	for _, page := range handWritten(t, e.root) {
		for _, ex := range page.examples {
			blocks++
			if reason, ok := ex.marker("not run:"); ok {
				if reason == "" {
					t.Errorf("%s: \"not run:\" needs its reason", ex)
				}
				notRun++
				continue
			}
			if _, ok := ex.marker("needs ../shared/data"); ok && e.shared == "" {
				skipped++
				skippedData = append(skippedData, ex.String())
				continue
			}
			t.Run(strings.ReplaceAll(ex.String(), "/", "_"), func(t *testing.T) {
				ranAll, cmp := e.check(t, ex, ci)
				if ranAll {
					run++
				}
				if cmp {
					compared++
				}
			})
		}
	}
	applyRewrites(t, e.root)
	t.Logf("%d blocks: %d run (%d of them compared with the output shown), %d marked not run, %d skipped for want of ../shared/data", blocks, run, compared, notRun, skipped)
	if skipped > 0 {
		t.Logf("without ../shared/data, not run: %s", strings.Join(skippedData, ", "))
	}
}

// check runs one example, and fails it when it leaves a file behind (leftBehind); it says
// whether it ran and whether an output was compared.
func (e *env) check(t *testing.T, ex *example, ci string) (ran, compared bool) {
	dir := e.workdir(t)
	docsBefore := docsFiles(t, e.root)
	defer func() {
		if left := e.leftBehind(t, dir, docsBefore); len(left) > 0 {
			t.Errorf("%s leaves %s in the directory it runs in, a reader's checkout: expected the example to write under a temporary directory (mktemp -d)", ex, strings.Join(left, ", "))
		}
	}()
	switch ex.lang {
	case "console":
		cs, err := commands(ex)
		if err != nil {
			t.Fatal(err)
		}
		outputs := e.session(t, dir, cs, ci)
		for i, c := range cs {
			if outputs[i].skipped {
				continue
			}
			out, code := outputs[i].out, outputs[i].code
			got := splitOutput(out)
			shown := got // as the page would show it, with the exit status
			if code != 0 {
				shown = append(got[:len(got):len(got)], fmt.Sprintf("[%d]", code))
			}
			if code != c.status {
				record(t, ex.page, c.line, c.from, c.to, c.output, shown)
				t.Errorf("%s:%d: %s\nexit status %d, expected %d; it printed:\n%s", ex.page, c.line, c.text, code, c.status, out)
				continue
			}
			if c.shown {
				compared = true
				if !matches(c.output, got) {
					record(t, ex.page, c.line, c.from, c.to, c.output, shown)
					t.Errorf("%s:%d: %s\n%s\nprinted:\n%s\nthe page shows:\n%s", ex.page, c.line, c.text, firstDifference(c.output, got), strings.Join(got, "\n"), strings.Join(c.output, "\n"))
				}
			}
		}
		return true, compared
	case "sh":
		script := strings.Join(ex.body, "\n") + "\n"
		if out, code := e.run(t, dir, "bash", "-e", "-c", script); code != 0 {
			t.Errorf("%s: the script exited with status %d; it printed:\n%s", ex, code, out)
		}
		return true, false
	case "python":
		if e.python == "" {
			t.Skipf("%s: python3 is not on PATH", ex)
		}
		out, code := e.run(t, dir, e.python, "-c", strings.Join(ex.body, "\n")+"\n")
		if code != 0 {
			t.Errorf("%s: python exited with status %d; it printed:\n%s", ex, code, out)
		}
		if ex.hasOutput {
			if got := splitOutput(out); !matches(ex.output, got) {
				record(t, ex.page, ex.line, ex.outFrom, ex.outTo, ex.output, got)
				t.Errorf("%s: %s\nthe program printed:\n%s\nthe page shows:\n%s", ex, firstDifference(ex.output, got), strings.Join(got, "\n"), strings.Join(ex.output, "\n"))
			}
			return true, true
		}
		return true, false
	}
	t.Errorf("%s: a ```%s block: examples are ```console, ```sh or ```python (or marked \"<!-- doctest: not run: REASON -->\")", ex, ex.lang)
	return false, false
}

// TestConvention checks the pages against the convention without running anything (so that it
// holds under -short too), the README's length, and that the README shows the test command
// .ci/run calls, once.
func TestConvention(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	ci := ciTestCommand(t, root)
	ciShown := 0
	for _, page := range handWritten(t, root) {
		for _, p := range page.problems {
			t.Error(p)
		}
		for _, ex := range page.examples {
			if _, ok := ex.marker("not run:"); ok {
				continue
			}
			switch ex.lang {
			case "console":
				cs, err := commands(ex)
				if err != nil {
					t.Error(err)
				}
				for _, c := range cs {
					if withoutComment(c.text) != ci {
						continue
					}
					if ex.page != "README.md" {
						t.Errorf("%s:%d: the test command belongs to the README", ex.page, c.line)
					}
					if c.shown {
						t.Errorf("%s:%d: the test command's output cannot be shown: it is not run here", ex.page, c.line)
					}
					ciShown++
				}
			case "sh", "python":
			default:
				t.Errorf("%s: a ```%s block: examples are ```console, ```sh or ```python (or marked \"<!-- doctest: not run: REASON -->\")", ex, ex.lang)
			}
		}
		if page.name == "README.md" {
			if n := bytes.Count(page.text, []byte("\n")); n > 250 {
				t.Errorf("README.md has %d lines; it is held to 250 (the rest belongs in docs/)", n)
			}
		}
	}
	if ciShown != 1 {
		t.Errorf("the README shows .ci/run's test command %q %d times; expected once (.ci/run must call exactly the README's test command)", ci, ciShown)
	}
}

var (
	linkRE = regexp.MustCompile(`!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	srcRE  = regexp.MustCompile(`<img[^>]*\ssrc="([^"]+)"`)
	codeRE = regexp.MustCompile("`[^`]*`")
)

// withoutCode blanks fenced blocks and inline code spans, where brackets are not links.
func withoutCode(text string) string {
	var b strings.Builder
	inFence := ""
	for _, l := range strings.Split(text, "\n") {
		if inFence != "" {
			if markdown.Closes(inFence, l) {
				inFence = ""
			}
			b.WriteString("\n")
			continue
		}
		if f, _ := markdown.Fence(l); f != "" {
			inFence = f
			b.WriteString("\n")
			continue
		}
		b.WriteString(codeRE.ReplaceAllString(l, "``"))
		b.WriteString("\n")
	}
	return b.String()
}

// TestLinks checks every relative link and image of the pages: the file exists, and an anchor
// names a heading of the page it points to. Links into docs/reference/ are checked once that
// directory exists (the reference is generated by the command's definitions).
func TestLinks(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	_, refErr := os.Stat(filepath.Join(root, "docs", "reference"))
	anchorsOf := map[string]map[string]bool{}
	anchors := func(path string) map[string]bool {
		if a, ok := anchorsOf[path]; ok {
			return a
		}
		a := map[string]bool{}
		if text, err := os.ReadFile(path); err == nil {
			for _, h := range markdown.Headings(string(text)) {
				a[h.Anchor] = true
			}
		}
		anchorsOf[path] = a
		return a
	}
	var unchecked []string
	for _, page := range pages(t, root) {
		text, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		plain := withoutCode(string(text))
		var targets []string
		for _, m := range linkRE.FindAllStringSubmatch(plain, -1) {
			targets = append(targets, m[1])
		}
		for _, m := range srcRE.FindAllStringSubmatch(plain, -1) {
			targets = append(targets, m[1])
		}
		for _, target := range targets {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			full := filepath.Join(root, page)
			if path != "" {
				full = filepath.Join(filepath.Dir(full), filepath.FromSlash(path))
			}
			rel, _ := filepath.Rel(root, full)
			if strings.HasPrefix(filepath.ToSlash(rel), "docs/reference/") && refErr != nil {
				unchecked = append(unchecked, page+" → "+target)
				continue
			}
			if _, err := os.Stat(full); err != nil {
				t.Errorf("%s: link %q: %v", page, target, err)
				continue
			}
			if anchor != "" && strings.HasSuffix(full, ".md") && !anchors(full)[anchor] {
				t.Errorf("%s: link %q: %s has no heading with the anchor #%s", page, target, rel, anchor)
			}
		}
	}
	if len(unchecked) > 0 {
		t.Logf("docs/reference/ does not exist yet: %d links into it not checked (%s)", len(unchecked), strings.Join(unchecked, "; "))
	}
}

// TestContents checks that every hand-written page longer than 200 lines has a table of
// contents: a link to each of its second-level headings.
func TestContents(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages(t, root) {
		// The README's quick links are its contents; the command reference has its generator's
		// layout, one page per command.
		if page == "README.md" || strings.HasPrefix(page, "docs/reference/") {
			continue
		}
		text, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Count(text, []byte("\n")) <= 200 {
			continue
		}
		for _, h := range markdown.Headings(string(text)) {
			if h.Level == 2 && !bytes.Contains(text, []byte("](#"+h.Anchor+")")) {
				t.Errorf("%s: longer than 200 lines, and its contents do not link to %q (#%s)", page, h.Text, h.Anchor)
			}
		}
	}
}
