package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"maxmatch/internal/worddiff/wdifftest"
)

func hooWriteFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func hooDirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// runHooExtract runs "maxmatch hoo extract" with args.
func runHooExtract(args []string, stdout, stderr io.Writer) int {
	return run(append([]string{"hoo", "extract"}, args...), stdout, stderr)
}

// runHooSynth runs "maxmatch hoo synth" with args.
func runHooSynth(args []string, stdout, stderr io.Writer) int {
	return run(append([]string{"hoo", "synth"}, args...), stdout, stderr)
}

func TestHooWdiffExtract(t *testing.T) {
	dir := t.TempDir()
	orig, sys, out := filepath.Join(dir, "orig"), filepath.Join(dir, "sys"), filepath.Join(dir, "out")
	hooWriteFiles(t, orig, map[string]string{"0001.txt": "the cat sat\n", "0002.txt": "I like cats.\n", ".hidden": "x"})
	hooWriteFiles(t, sys, map[string]string{"0001AB1.txt": "the dog sat\n", "0001AB2.txt": "the cat sat\n", "0002AB1.txt": "I like cats;\n"})
	var stdout, stderr bytes.Buffer
	code := runHooExtract([]string{"--method", "wdiff", "--orig", orig, "--system", sys, "--out", out}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("status %d, stderr %s", code, stderr.String())
	}
	if got, want := hooDirNames(t, out), []string{"0001AB1.xml", "0001AB2.xml", "0002AB1.xml"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("wrote %v, want %v", got, want)
	}
	got, _ := os.ReadFile(filepath.Join(out, "0002AB1.xml"))
	want := `<?xml version="1.0" ?>
<edits>
  <edit end="12" index="0002AB1-0001" start="11">
    <original>.</original>
    <corrections>
      <correction>;</correction>
    </corrections>
  </edit>
</edits>
`
	if string(got) != want {
		t.Errorf("0002AB1.xml:\n%s\nwant\n%s", got, want)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "0001AB2.xml")); string(got) != "<?xml version=\"1.0\" ?>\n<edits/>\n" {
		t.Errorf("unchanged system: %q", got)
	}
	if !strings.Contains(stdout.String(), "3 system edit files written") {
		t.Errorf("stdout %q", stdout.String())
	}
}

func TestHooWdiffExtractErrors(t *testing.T) {
	dir := t.TempDir()
	orig, sys := filepath.Join(dir, "orig"), filepath.Join(dir, "sys")
	hooWriteFiles(t, orig, map[string]string{"0001.txt": "a b\n", "0002.txt": "c d\n"})
	hooWriteFiles(t, sys, map[string]string{"0001XX1.txt": "a c\n", "0002XX1.txt": "c \x01d\n"})
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"method", []string{"--method", "lcs", "--orig", orig, "--system", sys, "--out", "x"}, `--method: "lcs" is not known, expected one of wdiff, m2`},
		{"missing flag", []string{"--orig", orig, "--out", "x"}, "--orig, --system and --out are all required"},
		{"argument", []string{"--orig", orig, "--system", sys, "--out", "x", "extra"}, `unexpected argument "extra"`},
		{"bad flag", []string{"--origin", orig}, `maxmatch hoo extract: unknown flag --origin; did you mean --orig? (see "maxmatch hoo extract -h")`},
		{"no pairs", []string{"--orig", orig, "--system", orig + "/../nothing", "--out", "x"}, "no such file or directory"},
		{"official crash", []string{"--orig", orig, "--system", sys, "--out", filepath.Join(dir, "out")},
			"0002XX1.txt (against " + filepath.Join(orig, "0002.txt") + "): edit 0002XX1-0001: the official HOO 2011 extractor crashes on this input"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		if code := runHooExtract(c.args, &stdout, &stderr); code != 2 {
			t.Errorf("%s: status %d, want 2", c.name, code)
		}
		if !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: stderr %q, want it to contain %q", c.name, stderr.String(), c.want)
		}
	}
	if names := hooDirNames(t, filepath.Join(dir, "out")); len(names) != 0 {
		t.Errorf("a failed run wrote %v", names)
	}
	// Fixed writes what the official cannot.
	var stdout, stderr bytes.Buffer
	out := filepath.Join(dir, "fixed")
	if code := runHooExtract([]string{"--fixed", "--orig", orig, "--system", sys, "--out", out}, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "U+0001, which XML 1.0 does not allow") {
		t.Errorf("fixed: status %d, stderr %q", code, stderr.String())
	}
}

func TestHooWdiffExtractHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runHooExtract([]string{"-h"}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "usage: maxmatch hoo extract") || stderr.Len() != 0 {
		t.Errorf("status %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestHooSynthThenExtractReference runs both commands on the HOO 2011 development data: the
// synthetic systems equal the reference ones and their extraction the official XML.
func TestHooSynthThenExtractReference(t *testing.T) {
	data := wdifftest.SharedData(t)
	hoo := filepath.Join(data, "hoo2011")
	dir := t.TempDir()
	for _, v := range []struct{ variant, sys string }{{"unchanged", "unchanged"}, {"allgold", "allgold"}, {"half", "half"}} {
		sysDir, xmlDir := filepath.Join(dir, "sys_"+v.sys), filepath.Join(dir, "xml_"+v.sys)
		var stdout, stderr bytes.Buffer
		if code := runHooSynth([]string{"--orig", filepath.Join(hoo, "develop", "Raw"), "--gold", filepath.Join(hoo, "develop", "Gold"),
			"--out", sysDir, "--variant", v.variant}, &stdout, &stderr); code != 0 {
			t.Fatalf("synth %s: status %d: %s", v.variant, code, stderr.String())
		}
		if code := runHooExtract([]string{"--method", "wdiff", "--orig", filepath.Join(hoo, "develop", "Raw"), "--system", sysDir,
			"--out", xmlDir}, &stdout, &stderr); code != 0 {
			t.Fatalf("extract %s: status %d: %s", v.variant, code, stderr.String())
		}
		for _, kind := range []struct{ ours, ref string }{{sysDir, "sys_" + v.sys}, {xmlDir, "xml_" + v.sys}} {
			names := hooDirNames(t, kind.ours)
			if len(names) != 19 {
				t.Errorf("%s: %d files", kind.ours, len(names))
			}
			for _, name := range names {
				got, _ := os.ReadFile(filepath.Join(kind.ours, name))
				want, err := os.ReadFile(filepath.Join(hoo, "reference", kind.ref, name))
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s/%s differs from the reference (%v)", kind.ref, name, err)
				}
			}
		}
	}
}

func TestHooSynthErrors(t *testing.T) {
	dir := t.TempDir()
	raw, gold := filepath.Join(dir, "raw"), filepath.Join(dir, "gold")
	hooWriteFiles(t, raw, map[string]string{"0001.txt": "a b c\n"})
	hooWriteFiles(t, gold, map[string]string{"0001GE.xml": "<edits>\n<edit index=\"0001-0001\" start=\"2\" end=\"9\">\n<corrections><correction>x</correction></corrections>\n</edit>\n</edits>\n"})
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"variant", []string{"--orig", raw, "--gold", gold, "--out", "x", "--variant", "best"}, `--variant: "best" is not known`},
		{"suffix", []string{"--orig", raw, "--gold", gold, "--out", "x", "--suffix", "a.b"}, `--suffix: "a.b" is not a team and a run, expected a team of two letters and a run of one digit`},
		{"edit past the end", []string{"--orig", raw, "--gold", gold, "--out", filepath.Join(dir, "out")},
			filepath.Join(gold, "0001GE.xml") + `:2: edit "0001-0001": span 2–9 ends beyond the 6 bytes of ` + filepath.Join(raw, "0001.txt")},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		if code := runHooSynth(c.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: status %d, stderr %q, want %q", c.name, code, stderr.String(), c.want)
		}
	}
	if names := hooDirNames(t, filepath.Join(dir, "out")); len(names) != 0 {
		t.Errorf("a failed run wrote %v", names)
	}
}

// TestHooSynthFractionEnds: --fraction 0 applies no correction and 1 every one (0 applied
// half, the default, as if it had not been given).
func TestHooSynthFractionEnds(t *testing.T) {
	const raw, gold = "testdata/hoo/raw", "testdata/hoo/gold"
	dir := t.TempDir()
	synth := func(out string, args ...string) string {
		var stdout, stderr bytes.Buffer
		args = append([]string{"--orig", raw, "--gold", gold, "--out", filepath.Join(dir, out)}, args...)
		if code := runHooSynth(args, &stdout, &stderr); code != 0 {
			t.Fatalf("synth %v: status %d: %s", args, code, stderr.String())
		}
		return readText(t, filepath.Join(dir, out, "0001XX1.txt"))
	}
	if got, want := synth("none", "--variant", "random", "--fraction", "0"), readText(t, raw+"/0001.txt"); got != want {
		t.Errorf("--fraction 0: %q, want the raw text %q", got, want)
	}
	if got, want := synth("all", "--variant", "random", "--fraction", "1"), synth("allgold"); got != want {
		t.Errorf("--fraction 1: %q, want the allgold variant's %q", got, want)
	}
}
