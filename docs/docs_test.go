package docs_test

// The pages' examples are run as a reader would run them, in a shell, with the command built
// from this checkout first on PATH. The convention (DEVELOPERS.md explains it to writers) is
// read and run by internal/doctest: ```console blocks (whose commands run in one shell, one
// after another, as typed in a terminal), ```sh and ```python blocks, and markers, HTML
// comments on the lines just above a block: "<!-- doctest: needs ../shared/data -->" (run when
// the third-party data is beside the repository, skipped with a message when not), "<!--
// doctest: needs a clone -->" (run here; the release's test, which runs the README's examples
// in each unpacked archive and installed wheel, leaves it: it needs Go and the sources) and
// "<!-- doctest: not run: REASON -->" (a placeholder the reader replaces, or a command that
// changes the reader's machine).
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
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"maxmatch/internal/doctest"
	"maxmatch/internal/markdown"
	"maxmatch/internal/pyenv"
	"maxmatch/internal/testbuild"
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
	examples []*doctest.Example
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
		examples, problems := doctest.Parse(name, text)
		out = append(out, page{name, text, examples, problems})
	}
	return out
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
	// Built as the pages' own go commands build (testbuild.Env, in e.vars), so that the README's
	// "go run ./cmd/maxmatch", in a directory of its own, finds it compiled and linked.
	command := testbuild.Command(t, root)
	bin := filepath.Dir(command)
	e := &env{root: root, bin: bin}
	if s, err := filepath.Abs(filepath.Join(root, "..", "shared")); err == nil {
		if _, err := os.Stat(filepath.Join(s, "data")); err == nil {
			e.shared = s
		}
	}
	// python3, here and in the pages' shell commands, is the program python3 on PATH runs as,
	// linked first on PATH: a version manager's shim costs more than Python's start, a call.
	python := filepath.Join(dir, "python")
	if e.python, err = pyenv.LinkInterpreter("python3", python); err != nil {
		t.Fatal(err)
	}
	path := strings.Join([]string{bin, python, os.Getenv("PATH")}, string(os.PathListSeparator))
	e.vars = append(os.Environ(),
		"PATH="+path,
		"MAXMATCH_BIN="+command,
		"PYTHONPATH="+filepath.Join(root, "python"),
		"PYTHONDONTWRITEBYTECODE=1",
		"PYTHONIOENCODING=utf-8",
		"GOBIN="+filepath.Join(dir, "gobin"), // where a page's "go install" puts the command
	)
	e.vars = append(e.vars, testbuild.Env...)
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

func TestMain(m *testing.M) { testbuild.Main(m) }

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
			if reason, ok := ex.Marker("not run:"); ok {
				if reason == "" {
					t.Errorf("%s: \"not run:\" needs its reason", ex)
				}
				notRun++
				continue
			}
			if _, ok := ex.Marker("needs ../shared/data"); ok && e.shared == "" {
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
func (e *env) check(t *testing.T, ex *doctest.Example, ci string) (ran, compared bool) {
	if ex.Lang == "python" && e.python == "" {
		t.Skipf("%s: python3 is not on PATH", ex)
	}
	dir := e.workdir(t)
	docsBefore := docsFiles(t, e.root)
	defer func() {
		if left := e.leftBehind(t, dir, docsBefore); len(left) > 0 {
			t.Errorf("%s leaves %s in the directory it runs in, a reader's checkout: expected the example to write under a temporary directory (mktemp -d)", ex, strings.Join(left, ", "))
		}
	}()
	run := func(name string, args ...string) ([]byte, int) { return e.run(t, dir, name, args...) }
	// The test command is checked by TestConvention.
	skip := func(c doctest.Command) bool { return withoutComment(c.Text) == ci }
	outcomes, err := ex.Run(run, e.python, skip)
	if err != nil {
		t.Error(err)
		return false, false
	}
	for _, o := range outcomes {
		compared = compared || o.Compared
		if !o.OK {
			shown := o.AsShown()
			if ex.Lang == "python" { // a program's output is shown without its status
				shown = o.Got
			}
			record(t, ex.Page, o.Line, o.From, o.To, o.Output, shown)
			t.Error(o.Problem(ex))
		}
	}
	return true, compared
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
			if _, ok := ex.Marker("not run:"); ok {
				continue
			}
			switch ex.Lang {
			case "console":
				cs, err := ex.Commands()
				if err != nil {
					t.Error(err)
				}
				for _, c := range cs {
					if withoutComment(c.Text) != ci {
						continue
					}
					if ex.Page != "README.md" {
						t.Errorf("%s:%d: the test command belongs to the README", ex.Page, c.Line)
					}
					if c.Shown {
						t.Errorf("%s:%d: the test command's output cannot be shown: it is not run here", ex.Page, c.Line)
					}
					ciShown++
				}
			case "sh", "python":
			default:
				t.Errorf("%s: a ```%s block: examples are ```console, ```sh or ```python (or marked \"<!-- doctest: not run: REASON -->\")", ex, ex.Lang)
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
