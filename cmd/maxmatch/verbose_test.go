package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVerboseMatchesOfficialCases runs "maxmatch score -v" on every case of testdata/official
// (our own sentences, each with the standard output the official scorer printed with -v, in
// release 3.2 or master as its options say) and compares the two byte for byte.
func TestVerboseMatchesOfficialCases(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join("..", "..", "testdata", "official", "*", "official.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("found %d cases in testdata/official; expected the committed ones", len(cases))
	}
	for _, c := range cases {
		dir := filepath.Dir(c)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			want, err := os.ReadFile(c)
			if err != nil {
				t.Fatal(err)
			}
			opts, err := os.ReadFile(filepath.Join(dir, "options"))
			if err != nil {
				t.Fatal(err)
			}
			args := append(append([]string{"score", "-v"}, strings.Fields(string(opts))...),
				filepath.Join(dir, "system.txt"), filepath.Join(dir, "gold.m2"))
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
			}
			if got := stdout.String(); got != string(want) {
				t.Errorf("%v: the output differs from the official's at line %d:\n%s", args, firstDifferentLine(got, string(want)), lineDiff(got, string(want)))
			}
		})
	}
}

// firstDifferentLine returns the 1-based number of the first line where a and b differ.
func firstDifferentLine(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// lineDiff shows the first differing line of both, with the line before it.
func lineDiff(ours, official string) string {
	n := firstDifferentLine(ours, official)
	show := func(s string) string {
		lines := strings.Split(s, "\n")
		var out []string
		for i := max(0, n-2); i < min(len(lines), n); i++ {
			out = append(out, strconv.Quote(lines[i]))
		}
		return strings.Join(out, "\n")
	}
	return "ours:\n" + show(ours) + "\nofficial:\n" + show(official)
}

// verboseFigure is one row of testdata/conll14-verbose.tsv: the size and SHA-256 of what the
// official scorer printed with -v for one CoNLL-2014 submission and gold file.
type verboseFigure struct {
	compat, system, gold string
	size                 int
	sha256               string
}

func readVerboseFigures(t *testing.T, path string) []verboseFigure {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const header = "compat\tsystem\tgold\tbytes\tsha256"
	var out []verboseFigure
	sc := bufio.NewScanner(f)
	seenHeader := false
	for line := 1; sc.Scan(); line++ {
		if strings.HasPrefix(sc.Text(), "#") {
			continue // a comment
		}
		if !seenHeader {
			if sc.Text() != header {
				t.Fatalf("%s:%d: expected the header %q, found %q", path, line, header, sc.Text())
			}
			seenHeader = true
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 5 {
			t.Fatalf("%s:%d: expected 5 tab-separated fields, found %d", path, line, len(fields))
		}
		size, err := strconv.Atoi(fields[3])
		if err != nil {
			t.Fatalf("%s:%d: size: %v", path, line, err)
		}
		out = append(out, verboseFigure{fields[0], fields[1], fields[2], size, fields[4]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVerboseMatchesOfficialCoNLL runs "maxmatch score -v" on the CoNLL-2014 submissions of the
// shared data and compares the size and SHA-256 of its output with those of the official
// scorer's, recorded in testdata/conll14-verbose.tsv (all 52 pairs in release 3.2, a few in
// master).
func TestVerboseMatchesOfficialCoNLL(t *testing.T) {
	data := conllData(t)
	figures := readVerboseFigures(t, filepath.Join("..", "..", "testdata", "conll14-verbose.tsv"))
	if len(figures) < 52 {
		t.Fatalf("testdata/conll14-verbose.tsv has %d rows; expected the 52 pairs of release 3.2 and a few of master", len(figures))
	}
	for _, fig := range figures {
		if testing.Short() && fig.system != "CAMB" && fig.system != "NTHU" {
			continue
		}
		t.Run(fig.compat+"/"+fig.system+"/"+fig.gold, func(t *testing.T) {
			args := []string{"score", "-v", "--compat", fig.compat,
				filepath.Join(data, "systems", fig.system), filepath.Join(data, "gold", fig.gold+".m2")}
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
			}
			sum := sha256.Sum256(stdout.Bytes())
			if got := hex.EncodeToString(sum[:]); stdout.Len() != fig.size || got != fig.sha256 {
				t.Errorf("%v: %d bytes, SHA-256 %s; the official printed %d bytes, SHA-256 %s", args, stdout.Len(), got, fig.size, fig.sha256)
			}
		})
	}
}
