package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"maxmatch/membudget"
)

// writeLongLine writes dir/name: prefix, then one line of size bytes in all, without a line
// break, then suffix. The command stops reading at the line limit, a sixteenth of the budget:
// the line is "a" for its first 16 MB (beyond the limits these tests reach) and a
// hole in the file after (read as zero bytes, still no line break), so that a gigabyte costs
// 16 MB of writing.
func writeLongLine(t *testing.T, dir, name, prefix string, size int64, suffix string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	written := int64(len(prefix))
	_, err = f.WriteString(prefix)
	chunk := bytes.Repeat([]byte("a"), 1<<20)
	for ; err == nil && written+int64(len(chunk)) <= min(size, 16<<20); written += int64(len(chunk)) {
		_, err = f.Write(chunk)
	}
	if err == nil {
		_, err = f.WriteAt([]byte(suffix), size)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// writeGzipLine writes dir/name: a gzip file whose text is one line of n×member bytes "a", as
// n members of member bytes each (GNU gzip and the command read them one after another), and
// returns the path and the file's size.
func writeGzipLine(t *testing.T, dir, name string, n, member int) (string, int) {
	t.Helper()
	var one bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&one, gzip.BestCompression)
	zw.Write(bytes.Repeat([]byte("a"), member))
	zw.Close()
	data := bytes.Repeat(one.Bytes(), n)
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, len(data)
}

// TestHostileLongLines runs the long lines (issue 27, item 5) as processes, measured:
// each is refused with one message naming its file and line (exit 2), within twice the budget
// and the start-up allowance; none reaches the runtime's "fatal error: out of memory" (a
// one-line system file of 1 GB under ulimit -v 6000000 did, and peaked at 4.77 GB under
// --max-memory 100M). Under --max-memory 64M, a line may take 4 MB.
func TestHostileLongLines(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peak resident set is read from wait4's ru_maxrss in kB, as Linux gives it")
	}
	dir := t.TempDir()
	gold1 := writeText(t, dir, "g1.m2", "S a\n\n")
	sys1 := writeText(t, dir, "s1.txt", "a\n")
	list1 := writeText(t, dir, "n1.txt", "0 ||| a ||| f ||| 1\n")
	src1 := writeText(t, dir, "src1.txt", "a\n")
	const gb = 1 << 30
	longSys := writeLongLine(t, dir, "l1g.txt", "", gb, "\n")
	longGold := writeLongLine(t, dir, "long-gold.m2", "S ", gb, "\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n")
	longRef := writeLongLine(t, dir, "long-ref.txt", "", gb, "\n")
	// 2 GB of text in 16 KB members: 6.5 MB compressed, streamed (beyond the 16 MB the kept
	// files take, at five times its size), like the 9 MB; and 2 GB in 1 MB members,
	// 2 MB, which is read whole (kept).
	streamedGzip, size := writeGzipLine(t, dir, "streamed.txt.gz", 1<<17, 16<<10)
	keptGzip, keptSize := writeGzipLine(t, dir, "kept.txt.gz", 2048, 1<<20)
	t.Logf("a 2 GB line compressed in %s (streamed) and %s (kept)", membudget.Bytes(int64(size)), membudget.Bytes(int64(keptSize)))
	hooGold, hooSystem := sparseHOOFiles(t, dir, 128<<20)
	longer := "line is longer than 4.0 MB, the most one line may take of the memory budget (a sixteenth of --max-memory 64.0 MB)"
	tests := []struct {
		args []string
		as   string // the address-space limit, "" none
		want string // what the one line of stderr holds
		why  string
	}{
		{[]string{"score", "--max-memory", "64M", longSys, gold1}, "", longSys + ":1: the system file's " + longer,
			"a system file of one 1 GB line against a one-line gold (streamed: the system file is large)"},
		{[]string{"score", "--max-memory", "64M", sys1, longGold}, "", longGold + ":1: the gold file's " + longer,
			"a gold S line of 1 GB"},
		{[]string{"oracle", "--max-memory", "64M", list1, longGold}, "", longGold + ":1: the gold file's " + longer,
			"the same gold read whole, as nbest, oracle and serve read it"},
		{[]string{"nbest", "--max-memory", "64M", longSys, gold1}, "", longSys + ":1: the n-best list file's " + longer,
			"an n-best list of one 1 GB line (its own limit was 64 MB, whatever the budget)"},
		{[]string{"m2", "--max-memory", "64M", src1, longRef}, "", longRef + ":1: the reference file's " + longer,
			"a reference of one 1 GB line"},
		{[]string{"score", "--max-memory", "64M", streamedGzip, gold1}, "", streamedGzip + ":1: the system file's " + longer,
			"a small gzip file expanding to a 2 GB line, read as it is scored"},
		{[]string{"score", "--max-memory", "64M", keptGzip, gold1}, "", keptGzip + ":1: the system file's " + longer,
			"the same, read whole (the kept files' path)"},
		{[]string{"score", writeLongLine(t, dir, "l128m.txt", "", 128<<20, "\n"), gold1}, "2147483648", "l128m.txt:1: the system file's line is longer than",
			"a 128 MB line under a 2 GB address space, the default budget (the runtime's fatal error)"},
		{[]string{"m2", "--max-memory", "1G", src1, longRef}, "2147483648", "RLIMIT_AS); --max-memory 1.0 GB is capped by it: more memory would read it",
			"the same under --max-memory 1G, which the address space caps: the message does not ask for a larger --max-memory"},
		{[]string{"m2", src1, longRef}, "2147483648", "long-ref.txt:1: the reference file's line is longer than",
			"a reference of one 1 GB line under a 2 GB address space, the default budget (its size was reserved before reading: the runtime's fatal error)"},
		{[]string{"hoo", "eval", hooGold, hooSystem}, "2147483648", "0001GE.xml: the file is longer than",
			"a HOO gold edit file of 128 MB under a 2 GB address space: HOO files are read whole, within what a line may take"},
	}
	limit := int64(2*hostileBudget + startupAllowance)
	for _, tt := range tests {
		var env []string
		if tt.as != "" {
			if _, err := exec.LookPath("prlimit"); err != nil {
				t.Logf("%s: skipped, no prlimit", tt.why)
				continue
			}
			env = []string{"MAXMATCH_TEST_AS=" + tt.as}
		}
		r := runMeasuredEnv(t, env, "", tt.args...)
		t.Logf("%s: exit %d, peak %s", tt.why, r.code, membudget.Bytes(r.peak))
		for _, sign := range crashSigns {
			if strings.Contains(r.stderr, sign) {
				t.Fatalf("%s: %q crashed: %.2000s", tt.why, tt.args, r.stderr)
			}
		}
		if r.code != exitError || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, tt.want) || r.stdout != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %.100q; want 2 and one line holding %q", tt.why, r.code, r.stderr, r.stdout, tt.want)
		}
		if tt.as == "" && r.peak > limit {
			t.Errorf("%s: peak resident set %s, over twice the budget plus the start-up allowance (%s)", tt.why, membudget.Bytes(r.peak), membudget.Bytes(limit))
		}
	}
}

// sparseHOOFiles makes a HOO gold directory whose one edit file is size bytes of nothing (a
// sparse file: the test writes no such amount) and a system directory with that fragment's
// empty edits, and returns the two directories.
func sparseHOOFiles(t *testing.T, dir string, size int64) (gold, system string) {
	t.Helper()
	gold, system = filepath.Join(dir, "hoo-gold"), filepath.Join(dir, "hoo-system")
	for _, d := range []string{gold, system} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeText(t, system, "0001XX1.xml", "<edits></edits>\n")
	f, err := os.Create(filepath.Join(gold, "0001GE.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return gold, system
}

// writeText writes text to dir/name and returns its path.
func writeText(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
