package wdiff

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"maxmatch/internal/worddiff/wdifftest"
)

// The official extractor is not part of the repository (it is not ours to copy). To compare
// with it, point MAXMATCH_HOO2011_TOOLS at the directory holding its diffextract.py (in
// UKPLab/spelling-experiments, …experiments.hoo2011/src/main/resources/eval) and make
// MAXMATCH_PYTHON2 (default "python2") a Python 2.7 interpreter, e.g.
//
//	MAXMATCH_HOO2011_TOOLS=/path/to/eval PYENV_VERSION=2.7.18 go test ./hoo/wdiff -run Official -v

// officialDriver runs the official extraction on each line's pair of files exactly as
// batch_extract.py does (wdiff, then diffextract's process_string and print_xml), but goes on
// after an exception, which it records next to the output.
const officialDriver = `
import sys, subprocess
sys.path.insert(0, sys.argv[1])
import diffextract
for line in open(sys.argv[2]):
    orig, system, out, name = line.rstrip('\n').split('\t')
    p = subprocess.Popen(['wdiff', orig, system], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wdiff, errors = p.communicate()
    try:
        diffextract.print_xml(diffextract.process_string(wdiff, name), out)
    except Exception as e:
        open(out + '.crash', 'w').write(repr(e))
`

func TestExtractMatchesOfficialOnRandomPairs(t *testing.T) {
	tools := os.Getenv("MAXMATCH_HOO2011_TOOLS")
	if tools == "" {
		t.Skip("skipping: set MAXMATCH_HOO2011_TOOLS to the official HOO 2011 eval directory to compare with it")
	}
	needWdiff(t)
	python := os.Getenv("MAXMATCH_PYTHON2")
	if python == "" {
		python = "python2"
	}
	pairs := wdifftest.Pairs(7, 1000, wdifftest.Paragraphs(t))
	for _, c := range extractCases {
		pairs = append(pairs, wdifftest.Pair{Old: []byte(c.old), New: []byte(c.new)})
	}
	pairs = append(pairs,
		wdifftest.Pair{Old: []byte("a b"), New: []byte("a \x01b")},                  // control character
		wdifftest.Pair{Old: []byte("na\xc3\xafve idea"), New: []byte("naive idea")}, // Latin-1 reading
	)
	dir := t.TempDir()
	var list strings.Builder
	for i, p := range pairs {
		orig := filepath.Join(dir, fmt.Sprintf("%04d.txt", i))
		sys := filepath.Join(dir, fmt.Sprintf("%04dXX1.txt", i))
		if err := os.WriteFile(orig, p.Old, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(sys, p.New, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&list, "%s\t%s\t%s\t%04dXX1\n", orig, sys, filepath.Join(dir, fmt.Sprintf("%04dXX1.xml", i)), i)
	}
	listFile := filepath.Join(dir, "pairs.tsv")
	if err := os.WriteFile(listFile, []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", officialDriver, tools, listFile)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("official extractor: %v\n%s", err, out)
	}

	differences, crashes, edits := 0, 0, 0
	for i, p := range pairs {
		id := fmt.Sprintf("%04dXX1", i)
		out := filepath.Join(dir, id+".xml")
		got, err := Extract(p.Old, p.New, Options{})
		var doc []byte
		if err == nil {
			doc, err = XML(id, got, Options{})
		}
		if crash, cerr := os.ReadFile(out + ".crash"); cerr == nil {
			crashes++
			if !errors.Is(err, ErrOfficialCrash) {
				differences++
				t.Errorf("pair %d: the official crashed (%s), we did not (%v)", i, crash, err)
			}
			continue
		}
		want, rerr := os.ReadFile(out)
		if rerr != nil {
			t.Fatal(rerr)
		}
		if err != nil {
			differences++
			t.Errorf("pair %d: %v; the official wrote %d bytes", i, err, len(want))
			continue
		}
		edits += len(got)
		if !bytes.Equal(doc, want) {
			differences++
			if differences <= 5 {
				t.Errorf("pair %d:\nold %q\nnew %q\n%s", i, p.Old, p.New, firstLineDifference(doc, want))
			}
		}
	}
	t.Logf("%d pairs (%d edits, %d official crashes), %d differences", len(pairs), edits, crashes, differences)
}
