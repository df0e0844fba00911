package wdifftest

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Record is a file of what an oracle (GNU diff, GNU wdiff) gives for each case of a test, as
// figures (its size in bytes and its SHA-256), so that the test compares with the oracle without
// running it a thousand times (each run a process or two: 20 s of CPU for a thousand runs of
// wdiff). Figures only: neither the cases (made from the shared data) nor the outputs are kept.
type Record struct {
	Path   string // the file, relative to the test's directory
	Header string // its comment, "# " lines: what it records and how it is made
	Update string // the command that rewrites it, said when it does not fit the cases
}

// Oracle is the oracle's output for case i, run now in dir (a directory of its own), and ours
// is what we give for it.
type Oracle func(dir string, i int) ([]byte, error)

// RecordedCheck is how a comparison with a Record runs: Update rewrites the record from the
// oracle run now; Live compares with the oracle run now, the record unread; Run says the oracle
// can be run here (it is installed).
type RecordedCheck struct {
	Update, Live, Run bool
}

// figure is what a record keeps of an output.
func figure(out []byte) string {
	return fmt.Sprintf("%d\t%x", len(out), sha256.Sum256(out))
}

// shown is a figure as a message says it.
func shown(figure string) string {
	return strings.Replace(figure, "\t", " bytes, SHA-256 ", 1)
}

// Compare compares ours with the oracle on the n cases as c says, and returns how many differ;
// the first few differences are reported, by describe (old and new of case i, and both outputs:
// the oracle's run now when it can be run, else nil, and the figures of both are given). Unless
// live, where the oracle can be run it is run on every 50th case, which must give what the
// record says: a record of another version of the oracle, or of other cases, fails the test.
func (r Record) Compare(t *testing.T, c RecordedCheck, n int, ours func(i int) []byte, oracle Oracle, describe func(i int) string) int {
	t.Helper()
	if c.Update {
		var record bytes.Buffer
		record.WriteString(r.Header)
		dir := t.TempDir()
		for i := range n {
			out, err := oracle(dir, i)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&record, "%d\t%s\n", i, figure(out))
		}
		if err := os.WriteFile(r.Path, record.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if c.Live {
		return Compare(t, n, func(dir string, i int) (string, error) {
			want, err := oracle(dir, i)
			if err != nil {
				return "", err
			}
			if got := ours(i); !bytes.Equal(got, want) {
				return fmt.Sprintf("%s\nours   %q\noracle %q", describe(i), got, want), nil
			}
			return "", nil
		})
	}
	figures := r.read(t)
	if len(figures) != n {
		t.Fatalf("%s has %d cases, the test makes %d (%s)", r.Path, len(figures), n, r.Update)
	}
	dir := t.TempDir()
	differences := 0
	for i := range n {
		got := ours(i)
		if c.Run && i%50 == 0 {
			want, err := oracle(dir, i)
			if err != nil {
				t.Fatal(err)
			}
			if figure(want) != figures[i] {
				t.Fatalf("case %d: the oracle here gives %q, not what %s records (%s): a record of another version, or of other cases (%s)", i, want, r.Path, shown(figures[i]), r.Update)
			}
		}
		if figure(got) == figures[i] {
			continue
		}
		if differences++; differences > 3 {
			continue
		}
		if !c.Run {
			t.Errorf("case %d: %s\nours   %q, %s; the oracle's, as recorded, %s", i, describe(i), got, shown(figure(got)), shown(figures[i]))
			continue
		}
		want, err := oracle(dir, i)
		if err != nil {
			t.Fatal(err)
		}
		t.Errorf("case %d: %s\nours   %q\noracle %q", i, describe(i), got, want)
	}
	return differences
}

// read returns the record's figures, in the order of the cases.
func (r Record) read(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(r.Path)
	if err != nil {
		t.Fatalf("%v (%s writes it)", err, r.Update)
	}
	line := regexp.MustCompile(`^([0-9]+)\t([0-9]+\t[0-9a-f]{64})$`)
	var figures []string
	for n, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		m := line.FindStringSubmatch(l)
		if m == nil || m[1] != strconv.Itoa(len(figures)) {
			t.Fatalf("%s:%d: %q: expected the case's number (%d), the size of the oracle's output and its SHA-256, separated by tabs", r.Path, n+1, l, len(figures))
		}
		figures = append(figures, m[2])
	}
	return figures
}
