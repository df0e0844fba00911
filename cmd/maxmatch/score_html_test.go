package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"maxmatch/report/page/pagetest"
)

var htmlShot = flag.String("html.shot", "", "TestScoreHTMLCoNLL: write a screenshot of the CoNLL-2014 page the command writes to this PNG file")

// pageData returns the systems and the number of sentences of a page's JSON block.
func pageData(t *testing.T, page string) (systems []string, sentences int) {
	t.Helper()
	const open = `<script type="application/json" id="data">`
	i := strings.Index(page, open)
	j := strings.Index(page[i+1:], "</script>")
	if i < 0 || j < 0 {
		t.Fatal("no data block in the page")
	}
	var d struct {
		Systems   []string
		Sentences []json.RawMessage
	}
	if err := json.Unmarshal([]byte(page[i+len(open):i+1+j]), &d); err != nil {
		t.Fatal(err)
	}
	return d.Systems, len(d.Sentences)
}

// TestScoreHTML checks -html: the page holds every system and sentence, the report the
// command prints (its tables, notes and signature) and a bar per system; stdout is what it
// is without -html (the official lines for one system); the file gets 0644; a run that fails
// leaves the page that was there as it was.
func TestScoreHTML(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "page.html")
	systems := []string{"testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}
	tests := []struct {
		args    []string
		systems []string
		want    []string // in the page
		why     string
	}{
		{append([]string{"--levels", "--bootstrap", "100"}, systems...), []string{"report-source.txt", "report.txt", "report-partial.txt"},
			[]string{"<h3>Detection, recognition and correction</h3>", "signature: <code>m2|compat:3.2|", "resamples:100|", `<th class="n">F_0.5 95% CI</th>`, "the whiskers are its F_0.5 95% CI"},
			"three systems: the table with intervals and tests, the levels"},
		{[]string{"testdata/report.txt", "testdata/report.m2"}, []string{"report.txt"}, []string{"signature: <code>m2|compat:3.2|"}, "one system: the official lines on stdout, its table on the page"},
		{append([]string{"--names", "SysA,SysB,SysC", "--bootstrap", "100"}, systems...), []string{"SysA", "SysB", "SysC"},
			[]string{"SysC</th>", "SysC</text>", "minus that of SysA, the baseline"}, "names given: the page's systems, table, chart and notes are named by them"},
	}
	for _, tt := range tests {
		var without, stdout, stderr bytes.Buffer
		if code := run(append([]string{"score"}, tt.args...), &without, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", tt.why, code, stderr.String())
		}
		if code := run(append([]string{"score", "--html", path}, tt.args...), &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
			t.Fatalf("%s: exit %d: %s", tt.why, code, stderr.String())
		}
		if stdout.String() != without.String() {
			t.Errorf("%s: stdout with -html\n%s\nwithout\n%s", tt.why, stdout.String(), without.String())
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		page := string(data)
		names, n := pageData(t, page)
		if strings.Join(names, " ") != strings.Join(tt.systems, " ") || n != 5 {
			t.Errorf("%s: the page has the systems %q and %d sentences, want %q and 5", tt.why, names, n, tt.systems)
		}
		if bars := strings.Count(page, `<rect class="bar"`); bars != len(tt.systems) {
			t.Errorf("%s: %d bars, want one per system", tt.why, bars)
		}
		for _, w := range tt.want {
			if !strings.Contains(page, w) {
				t.Errorf("%s: no %q in the page", tt.why, w)
			}
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: the page's permissions: %v (%v), want 0644", tt.why, fi.Mode().Perm(), err)
		}
	}

	before, _ := os.ReadFile(path)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"score", "--html", path, "testdata/report.txt", "testdata/short.txt", "testdata/report.m2"}, &stdout, &stderr); code != exitError || stdout.Len() > 0 {
		t.Fatalf("a bad system file: exit %d, stdout %q", code, stdout.String())
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Error("a failed run changed the page")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d files, want the page alone", len(entries))
	}
}

// TestScoreHTMLCoNLL writes the page of the 13 CoNLL-2014 files with the command, checks its
// size against the target (5 MB), and loads it in headless Chromium: the table's 13 rows and
// bars, the first page of sentences, nothing requested; it logs when the page's script had
// parsed its data and laid out its first page (the benchmarks of report/page measure it).
func TestScoreHTMLCoNLL(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the CoNLL-2014 page is not built")
	}
	data := conllData(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "conll14.html")
	args := append([]string{"score", "--html", path, "--levels"}, conllFiles(data)...)
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > 5<<20 {
		t.Errorf("the page is %d bytes, over the target of 5 MB", fi.Size())
	}
	bin, err := pagetest.Find()
	if err != nil {
		t.Skipf("the page (%d bytes) is not loaded in a browser: %v", fi.Size(), err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := pagetest.Start(ctx, bin, 1200, 1500)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	requests, err := b.Load(ctx, (&url.URL{Scheme: "file", Path: path}).String())
	if err != nil {
		t.Fatal(err)
	}
	if len(requests) != 0 {
		t.Errorf("the page requested %q; want nothing", requests)
	}
	dom, err := b.DOM(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ms := func(name string) string {
		m := regexp.MustCompile(` ` + name + `="([^"]*)"`).FindStringSubmatch(dom)
		if m == nil {
			t.Fatalf("no %s on the page's root: its script did not finish", name)
		}
		return m[1]
	}
	if n := strings.Count(dom, `<rect class="bar"`); n != 13 {
		t.Errorf("%d bars, want 13", n)
	}
	if n := strings.Count(dom, `<article class="sent"`); n != 20 {
		t.Errorf("%d sentences on the first page, want 20", n)
	}
	if !strings.Contains(dom, "<th>CAMB</th>") || !strings.Contains(dom, "Detection, recognition and correction") {
		t.Error("the page lacks CAMB's row or the levels' table")
	}
	t.Logf("%s: %d bytes; in Chromium, data parsed at %s ms, first page laid out at %s ms after navigation start", path, fi.Size(), ms("data-parse-ms"), ms("data-ready-ms"))
	if *htmlShot != "" {
		if _, _, err := b.Screenshot(ctx, *htmlShot); err != nil {
			t.Fatal(err)
		}
	}
}

// conllData returns the directory of the CoNLL-2014 shared data, or skips.
func conllData(t testing.TB) string {
	t.Helper()
	data, err := conllPath()
	if err != nil {
		t.Skipf("shared data not found: %v", err)
	}
	return data
}

// conllPath returns the directory of the CoNLL-2014 shared data, or why it is not there.
func conllPath() (string, error) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "conll14"))
	if err == nil {
		_, err = os.Stat(data)
	}
	return data, err
}

// conllFiles are the 13 CoNLL-2014 files, INPUT first (the baseline), then the combined gold.
func conllFiles(data string) []string {
	var files []string
	for _, name := range []string{"INPUT", "AMU", "CAMB", "CUUI", "IITB", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"} {
		files = append(files, filepath.Join(data, "systems", name))
	}
	return append(files, filepath.Join(data, "gold", "official-2014.combined.m2"))
}
