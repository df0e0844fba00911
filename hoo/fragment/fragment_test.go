package fragment

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"maxmatch/hoo/edits"
)

func TestParseName(t *testing.T) {
	tests := []struct {
		file string
		want Name
		ok   bool
		why  string
	}{
		{"0001.txt", Name{Kind: Raw, Fragment: "0001"}, true, "a raw text"},
		{"0001GE.xml", Name{Kind: Gold, Fragment: "0001"}, true, "its gold edits"},
		{"0001XX1.txt", Name{Kind: SystemText, Fragment: "0001", Team: "XX", Run: "1"}, true, "a system text"},
		{"0123ab9.xml", Name{Kind: SystemEdits, Fragment: "0123", Team: "ab", Run: "9"}, true, "system edits; the team in lower case"},
		{"0001GE1.xml", Name{Kind: SystemEdits, Fragment: "0001", Team: "GE", Run: "1"}, true, "a team called GE has a run digit, gold files none"},
		{"0001XX1.txt.bak", Name{}, false, "a backup: batch_extract.py takes it for 0001XX1 and overwrites that one's output"},
		{"0001XX1 copy.txt", Name{}, false, "a copy: the official scores it as a second system"},
		{"0001GE.txt", Name{}, false, "gold edits are XML"},
		{"0001.xml", Name{}, false, "a raw text is .txt"},
		{"0001XX12.txt", Name{}, false, "the run is one digit"},
		{"0001X1.txt", Name{}, false, "the team is two letters"},
		{"001XX1.txt", Name{}, false, "the fragment is four digits"},
		{"000aXX1.txt", Name{}, false, "digits only"},
		{"0001XX1", Name{}, false, "no extension"},
		{"0001XX1.TXT", Name{}, false, "extensions in lower case, as in the data"},
		{"README", Name{}, false, "anything else"},
	}
	for _, tt := range tests {
		got, ok := ParseName(tt.file)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseName(%q) = %+v, %v; want %+v, %v (%s)", tt.file, got, ok, tt.want, tt.ok, tt.why)
		}
		if ok && got.File() != tt.file {
			t.Errorf("ParseName(%q).File() = %q: does not give the name back", tt.file, got.File())
		}
	}
}

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"0002XX1.txt": "b", "0001XX1.txt": "a", "0001XX2.txt": "c", // system texts, out of order
		"0001XX1.xml": "<edits/>", "0001.txt": "raw", // other kinds: skipped without a word
		"0001XX1.txt.bak": "old", "notes.md": "n", // ignored, with a warning
		".0001XX1.txt.swp":  "editor", // hidden: skipped silently, as the official does
		"0003XX1.txt/inner": "",       // a directory with a system text's name
		"sub/0005XX1.txt":   "",       // a subdirectory: not read
	})
	if err := os.Symlink(filepath.Join(dir, "0001XX1.txt"), filepath.Join(dir, "0004XX1.txt")); err != nil {
		t.Fatal(err)
	}
	d, err := ReadDir(dir, SystemText)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, n := range d.Files {
		files = append(files, n.File())
	}
	if got, want := strings.Join(files, " "), "0001XX1.txt 0001XX2.txt 0002XX1.txt 0004XX1.txt"; got != want {
		t.Errorf("files %q, want %q (sorted; a link to a file is a file)", got, want)
	}
	var ignored []string
	for _, ig := range d.Ignored {
		ignored = append(ignored, ig.String())
	}
	want := []string{
		filepath.Join(dir, "0001XX1.txt.bak") + ": ignored: not a file name of the HOO data (" + Patterns + ")",
		filepath.Join(dir, "0003XX1.txt") + ": ignored: not a regular file",
		filepath.Join(dir, "notes.md") + ": ignored: not a file name of the HOO data (" + Patterns + ")",
		filepath.Join(dir, "sub") + ": ignored: a directory; subdirectories are not read",
	}
	if strings.Join(ignored, "\n") != strings.Join(want, "\n") {
		t.Errorf("ignored:\n%s\nwant\n%s", strings.Join(ignored, "\n"), strings.Join(want, "\n"))
	}
	if d.Others[Raw] != 1 || d.Others[SystemEdits] != 1 {
		t.Errorf("others %v, want one raw text and one system edit file", d.Others)
	}

	// A directory without a file of the kind: what it holds instead.
	_, err = ReadDir(dir, Gold)
	if want := dir + ": no gold edit file (NNNNGE.xml): expected e.g. 0001GE.xml; it holds 1 raw text NNNN.txt, 4 system texts NNNNxxN.txt, 1 system edit file NNNNxxN.xml; 4 other entries ignored (the first " + filepath.Join(dir, "0001XX1.txt.bak") + ": not a file name of the HOO data (" + Patterns + "))"; err == nil || err.Error() != want {
		t.Errorf("no gold: %v\nwant %s", err, want)
	}
	// The warnings of the ignored entries are not printed then: the one ignored entry is named.
	_, err = ReadDir(filepath.Join(dir, "0003XX1.txt"), Raw)
	if want := filepath.Join(dir, "0003XX1.txt") + ": no raw text (NNNN.txt): expected e.g. 0001.txt; 1 other entry ignored (" + filepath.Join(dir, "0003XX1.txt", "inner") + ": not a file name"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("one entry ignored: %v\nwant %s…", err, want)
	}
	missing := filepath.Join(dir, "missing")
	if _, err := ReadDir(missing, Raw); !errors.Is(err, os.ErrNotExist) || err.Error() != missing+": cannot read the directory: no such file or directory; expected a directory of raw texts NNNN.txt" {
		t.Errorf("a missing directory: %v", err)
	}
	file := filepath.Join(dir, "0001.txt")
	if _, err := ReadDir(file, Gold); err == nil || err.Error() != file+": cannot read the directory: not a directory; expected a directory of gold edit files NNNNGE.xml" {
		t.Errorf("a file: %v", err)
	}

	// Find: the raw text of a system text, or an error naming both.
	raws, err := ReadDir(dir, Raw)
	if err != nil {
		t.Fatal(err)
	}
	if p, err := raws.Find(d.Files[0], d.PathOf(d.Files[0])); err != nil || p != filepath.Join(dir, "0001.txt") {
		t.Errorf("Find 0001: %q, %v", p, err)
	}
	_, err = raws.Find(d.Files[2], d.PathOf(d.Files[2]))
	if want := filepath.Join(dir, "0002XX1.txt") + ": no raw text " + filepath.Join(dir, "0002.txt") + ": expected the raw text of every system text"; err == nil || err.Error() != want {
		t.Errorf("Find 0002: %v\nwant %s", err, want)
	}
}

func TestCheckUTF8(t *testing.T) {
	tests := []struct {
		data, want, why string
	}{
		{"plain\nUTF-8 — fine\n", "", "valid"},
		{"ab\xe2c", "f:1:3: invalid UTF-8: byte 0xe2 at byte offset 2 of the file; expected UTF-8 text", "a truncated sequence"},
		{"line one\nna\xefve\n", "f:2:3: invalid UTF-8: byte 0xef at byte offset 11 of the file; expected UTF-8 text", "line and column of the byte"},
		{"é\xff", "f:1:3: invalid UTF-8: byte 0xff at byte offset 2 of the file; expected UTF-8 text", "columns count bytes"},
	}
	for _, tt := range tests {
		err := CheckUTF8("f", []byte(tt.data))
		if got := ""; err != nil {
			got = err.Error()
			if got != tt.want {
				t.Errorf("%s: %q, want %q", tt.why, got, tt.want)
			}
		} else if tt.want != "" {
			t.Errorf("%s: no error, want %q", tt.why, tt.want)
		}
	}
}

func TestReadEditsAndSpans(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"empty.xml": "", "blank.xml": "\n  \n", "text.xml": "not XML at all\n", "none.xml": "<edits/>\n",
		"bad.xml":  "<edits>\n<edit index=\"x\" start=\"1\" end=\"2\"><corrections><correction>\xe9</correction></corrections></edit>\n</edits>\n",
		"gold.xml": "<edits>\n<edit index=\"g1\" start=\"2\" end=\"4\"/>\n<edit index=\"g2\" start=\"4\" end=\"9\"/>\n</edits>\n",
	})
	noElement := ": no XML element (the file is empty, blank or not XML): expected an edit file, <edits> with its <edit> elements, or <edits/> when there are none"
	for _, c := range []struct{ file, want string }{
		{"empty.xml", "empty.xml" + noElement},
		{"blank.xml", "blank.xml" + noElement},
		{"text.xml", "text.xml" + noElement},
		{"bad.xml", "bad.xml:2:60: invalid UTF-8: byte 0xe9 at byte offset 67 of the file; expected UTF-8 text"},
	} {
		_, err := ReadEdits(filepath.Join(dir, c.file))
		if err == nil || err.Error() != filepath.Join(dir, c.want) {
			t.Errorf("%s: %v\nwant %s", c.file, err, filepath.Join(dir, c.want))
		}
	}
	if es, err := ReadEdits(filepath.Join(dir, "none.xml")); err != nil || len(es) != 0 {
		t.Errorf("<edits/>: %v, %v; want no edits", es, err)
	}
	gold, err := ReadEdits(filepath.Join(dir, "gold.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckSpans("gold.xml", gold, "raw.txt", "The cat.\n"); err != nil {
		t.Errorf("within the raw text: %v", err)
	}
	err = CheckSpans("gold.xml", gold, "raw.txt", "The cat.")
	var ee *edits.Error
	if !errors.As(err, &ee) || err.Error() != `gold.xml:3: edit "g2": span 4–9 ends beyond the 8 bytes of raw.txt: expected byte offsets into the raw text` {
		t.Errorf("beyond: %v", err)
	}
	// Offsets inside a character: applying the edit would split it (hoo synth wrote such a
	// text, which no HOO command could read back).
	for _, c := range []struct{ raw, want string }{
		{"Thé€ caté", ""}, // 2, 4 and 9 start characters
		{"Th€ caté", `gold.xml:2: edit "g1": span 2–4 splits the character '€', bytes 2–5 of raw.txt, at 4: expected byte offsets between characters`},
		{"Téx caté", `gold.xml:2: edit "g1": span 2–4 splits the character 'é', bytes 1–3 of raw.txt, at 2: expected byte offsets between characters`},
		{"Th.x cat€", `gold.xml:3: edit "g2": span 4–9 splits the character '€', bytes 8–11 of raw.txt, at 9`}, // the end
	} {
		err := CheckSpans("gold.xml", gold, "raw.txt", c.raw)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)) {
			t.Errorf("%q: %v\nwant %q", c.raw, err, c.want)
		}
	}
}

// TestReadSourceAndPairTexts reads a raw text with its gold edits (one inside the text, one
// beyond it), and pairs system texts with their raw texts (one without).
func TestReadSourceAndPairTexts(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	raw := write("raw/0001.txt", "He go home.\n")
	good := write("gold/0001GE.xml", `<edits><edit index="0001-0001" start="3" end="5"><original>go</original><corrections><correction>goes</correction></corrections></edit></edits>`)
	beyond := write("beyond/0001GE.xml", `<edits><edit index="0001-0001" start="3" end="50"><original>go</original><corrections><correction>goes</correction></corrections></edit></edits>`)
	text, gold, err := ReadSource(raw, good)
	if err != nil || text != "He go home.\n" || len(gold) != 1 || gold[0].Start != 3 {
		t.Errorf("ReadSource: %q, %+v, %v", text, gold, err)
	}
	if _, _, err := ReadSource(raw, beyond); err == nil || !strings.Contains(err.Error(), "ends beyond the 12 bytes of "+raw) {
		t.Errorf("a span beyond the text: %v", err)
	}
	write("sys/0001AB1.txt", "He goes home.\n")
	rawDir, err := ReadDir(filepath.Join(dir, "raw"), Raw)
	if err != nil {
		t.Fatal(err)
	}
	sysDir, err := ReadDir(filepath.Join(dir, "sys"), SystemText)
	if err != nil {
		t.Fatal(err)
	}
	pairs, err := PairTexts(rawDir, sysDir)
	if err != nil || len(pairs) != 1 || pairs[0].Raw != raw || pairs[0].Name.Stem() != "0001AB1" {
		t.Errorf("PairTexts: %+v, %v", pairs, err)
	}
	write("sys/0002AB1.txt", "x\n")
	if sysDir, err = ReadDir(filepath.Join(dir, "sys"), SystemText); err != nil {
		t.Fatal(err)
	}
	if _, err := PairTexts(rawDir, sysDir); err == nil || !strings.Contains(err.Error(), "0002AB1.txt: no raw text") {
		t.Errorf("a system text without its raw text: %v", err)
	}
}

// TestReadWithin: a HOO file is read whole, so its size is bounded as one line of the other
// commands' files is (issue 27, item 5): a file over the limit, a regular file by its size
// before any byte is read, and a stream that does not end by what it has given, is one error
// naming the file and the limit; a file at the limit is read.
func TestReadWithin(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Repeat([]byte("a"), n), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tooLarge := func(p string) *FileTooLargeError {
		return &FileTooLargeError{Path: p, Limit: 16, Budget: "256 B: a test's"}
	}
	atLimit := write("0001.txt", 16)
	if data, err := readWithin(atLimit, tooLarge(atLimit)); err != nil || len(data) != 16 {
		t.Errorf("a file of 16 bytes at a limit of 16: %d bytes, %v; want them all", len(data), err)
	}
	over := write("0002.txt", 17)
	_, err := readWithin(over, tooLarge(over))
	var e *FileTooLargeError
	if !errors.As(err, &e) || !strings.Contains(err.Error(), over+": the file is longer than 16 B") {
		t.Errorf("a file of 17 bytes at a limit of 16: %v; want a FileTooLargeError naming it", err)
	}
	// A sparse file of 1 TB: refused by its size, or the test would read a terabyte.
	sparse := filepath.Join(dir, "0003.txt")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 40); err != nil {
		t.Skipf("no sparse file of 1 TB here: %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := readWithin(sparse, tooLarge(sparse)); !errors.As(err, &e) {
		t.Errorf("a sparse file of 1 TB: %v; want a FileTooLargeError before reading", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := readWithin("/dev/zero", tooLarge("/dev/zero")); !errors.As(err, &e) {
			t.Errorf("/dev/zero, a stream that never ends: %v; want a FileTooLargeError", err)
		}
	}
}
