package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// resultsPart is a part of a system output scored on its own: its first sentence and the file
// of its sentence results.
type resultsPart struct {
	first int
	file  string
}

// partCuts cuts n sentences into parts pieces at random places, none empty, and returns their
// first indices, in order, with n last.
func partCuts(rng *rand.Rand, n, parts int) []int {
	cuts := []int{0}
	for _, c := range rng.Perm(n - 1)[:parts-1] {
		cuts = append(cuts, c+1)
	}
	slices.Sort(cuts)
	return append(cuts, n)
}

// scorePartsWith scores the system output hyps (one line per gold block of blocks, the gold
// file's blocks) in the parts cuts gives, each on its own run of the command, and returns the
// parts' results files, written in dir: with "nbest", each part a Moses n-best list of one
// hypothesis per sentence (ids in the whole gold file) scored by nbest --jsonl against the
// whole gold file; with "score", each part's system lines scored by score --jsonl against its
// part of the gold file.
func scorePartsWith(t *testing.T, kind, dir string, hyps, blocks []string, gold string, cuts []int) []resultsPart {
	t.Helper()
	var parts []resultsPart
	for k := range len(cuts) - 1 {
		a, b := cuts[k], cuts[k+1]
		name := filepath.Join(dir, fmt.Sprintf("%s-%d-of-%d", kind, k, len(cuts)-1))
		var out string
		switch kind {
		case "nbest":
			var list strings.Builder
			for i := a; i < b; i++ {
				fmt.Fprintf(&list, "%d ||| %s\n", i, hyps[i])
			}
			writeTestFile(t, name+".nbest", list.String())
			out = runOK(t, "nbest", "--jsonl", "-j", "1", name+".nbest", gold)
		case "score":
			writeTestFile(t, name+".txt", strings.Join(hyps[a:b], "\n")+"\n")
			writeTestFile(t, name+".m2", strings.Join(blocks[a:b], "\n\n")+"\n\n")
			out = runOK(t, "score", "--jsonl", "-j", "1", name+".txt", name+".m2")
		}
		writeTestFile(t, name+".jsonl", out)
		parts = append(parts, resultsPart{first: a, file: name + ".jsonl"})
	}
	return parts
}

func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// signatureLine is the signature line of a --format text table.
var signatureLine = regexp.MustCompile(`(?m)^signature: .*$`)

// TestMergeCoNLL cuts each of the 13 CoNLL-2014 outputs into random parts, scores each part on
// its own run of the command (score --jsonl against its part of the gold file; nbest --jsonl
// against the whole gold file), shuffles the parts as results coming back from workers do and
// restores their order: maxmatch merge prints exactly what maxmatch score prints for the whole
// output, its counts (and, in 7 parts, the signature of its table). CAMB is cut into 1, 2, 7
// and 100 parts (the n-best parts, each of which reads the whole gold file, into 2, 7 and 100);
// the other twelve into 7. The merge itself is tested on every output and every cut in process
// (scorer's TestMergeIsScore); this test is the command's reading and writing of the parts, and
// a process a part (about 1,300 with every cut of every output) is what it costs.
func TestMergeCoNLL(t *testing.T) {
	data := conllData(t)
	files := conllFiles(data)
	gold := files[len(files)-1]
	goldText, err := os.ReadFile(gold)
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(strings.TrimRight(string(goldText), "\n"), "\n\n")
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(29, 2))
	systems := files[:len(files)-1]
	if testing.Short() {
		systems = []string{filepath.Join(data, "systems", "CAMB")}
	}
	for _, system := range systems {
		name := filepath.Base(system)
		text, err := os.ReadFile(system)
		if err != nil {
			t.Fatal(err)
		}
		hyps := strings.Split(string(text), "\n")[:len(blocks)]
		want := runOK(t, "score", "--counts", system, gold)
		wantSignature := signatureLine.FindString(runOK(t, "score", "--format", "text", system, gold))
		for _, kind := range []string{"score", "nbest"} {
			for _, n := range []int{1, 2, 7, 100} {
				if name != "CAMB" && n != 7 || kind == "nbest" && n == 1 {
					continue
				}
				parts := scorePartsWith(t, kind, dir, hyps, blocks, gold, partCuts(rng, len(blocks), n))
				rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
				slices.SortFunc(parts, func(a, b resultsPart) int { return a.first - b.first })
				args := []string{"merge", "--counts"}
				for _, p := range parts {
					args = append(args, p.file)
				}
				if got := runOK(t, append(args, gold)...); got != want {
					t.Errorf("%s in %d parts of %s --jsonl: merge prints\n%s\nscore prints\n%s", name, n, kind, got, want)
				}
				if n != 7 {
					continue
				}
				args[1] = "--format=text"
				if got := signatureLine.FindString(runOK(t, append(args, gold)...)); got != wantSignature {
					t.Errorf("%s in %d parts of %s --jsonl: merge's %q, score's %q", name, n, kind, got, wantSignature)
				}
			}
		}
	}
}

// TestMergeCAMBIsNotASum is the failure of issue 29 through the command: CAMB's rows of nbest
// --jsonl (each sentence scored on its own) sum to TP 771, FP 1172, FN 1792; merged, they
// give the official 772, 1172, 1793.
func TestMergeCAMBIsNotASum(t *testing.T) {
	data := conllData(t)
	gold := filepath.Join(data, "gold", "official-2014.combined.m2")
	text, err := os.ReadFile(filepath.Join(data, "systems", "CAMB"))
	if err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	for i, h := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		fmt.Fprintf(&list, "%d ||| %s\n", i, h)
	}
	dir := t.TempDir()
	writeTestFile(t, filepath.Join(dir, "camb.nbest"), list.String())
	rows := runOK(t, "nbest", "--jsonl", filepath.Join(dir, "camb.nbest"), gold)
	var tp, fp, fn int
	for _, r := range decodeRows(t, rows) {
		tp, fp, fn = tp+r.TP, fp+r.FP, fn+r.FN
	}
	if tp != 771 || fp != 1172 || fn != 1792 {
		t.Errorf("the rows sum to TP %d, FP %d, FN %d: want the issue's 771, 1172, 1792", tp, fp, fn)
	}
	writeTestFile(t, filepath.Join(dir, "camb.jsonl"), rows)
	got := runOK(t, "merge", "--counts", filepath.Join(dir, "camb.jsonl"), gold)
	if !strings.HasSuffix(got, "TP          : 772\nFP          : 1172\nFN          : 1793\n") {
		t.Errorf("merged:\n%s\nwant TP 772, FP 1172, FN 1793 (the official's)", got)
	}
}

// TestMergeRefuses gives merge results it must refuse: each is one message naming the file and
// line and what was expected, exit status 2 and nothing on standard output.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	in := func(name string) string { return filepath.Join(dir, name) }
	gold, system := filepath.Join("..", "..", "docs", "examples", "gold.m2"), filepath.Join("..", "..", "docs", "examples", "system-a.txt")
	hyps, err := os.ReadFile(system)
	if err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	for i, h := range strings.Split(strings.TrimSuffix(string(hyps), "\n"), "\n") {
		fmt.Fprintf(&list, "%d ||| %s\n", i, h)
	}
	writeTestFile(t, in("list"), list.String())
	rows := strings.SplitAfter(strings.TrimSuffix(runOK(t, "nbest", "--jsonl", in("list"), gold), "\n"), "\n")
	lines := strings.SplitAfter(strings.TrimSuffix(runOK(t, "score", "--jsonl", system, gold), "\n"), "\n")
	join := func(parts ...[]string) string { return strings.Join(slices.Concat(parts...), "\n") + "\n" }
	trim := func(ls []string) []string {
		out := make([]string, len(ls))
		for i, l := range ls {
			out[i] = strings.TrimSuffix(l, "\n")
		}
		return out
	}
	rows, lines = trim(rows), trim(lines)
	otherGold, err := os.ReadFile(gold)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, in("other.m2"), strings.Replace(string(otherGold), "A 1 2|||", "A 0 1|||Det|||The|||REQUIRED|||-NONE-|||1\nA 1 2|||", 1))
	files := map[string]string{
		"missing.jsonl":    join(rows[:9]),
		"swapped.jsonl":    join(rows[:3], rows[4:5], rows[3:4], rows[5:]),
		"twice.jsonl":      join(rows[:3], rows[2:]),
		"first.jsonl":      join(rows[1:]),
		"bad.jsonl":        join(rows[:2], []string{`{"id": 2, "annotators": [{"annotator": 0, "correct": 3, "proposed": 1, "gold": 2}]}`}, rows[3:]),
		"noannot.jsonl":    join(rows[:1], []string{`{"id": 1, "k": 0}`}),
		"unknown.jsonl":    join([]string{strings.Replace(rows[0], `{"id":0`, `{"id":0,"sentence":0`, 1)}),
		"notjson.jsonl":    "{\"id\": 0, \n",
		"idtext.jsonl":     join([]string{strings.Replace(rows[0], `{"id":0`, `{"id":"a"`, 1)}),
		"error.jsonl":      join([]string{`{"id":3,"error":"line 1: \"id\": sentence 99 is out of range"}`}),
		"mixed.jsonl":      join(rows[:2], lines[2:]),
		"cut.jsonl":        join(lines[:5]),
		"total.jsonl":      join(lines[:10], []string{strings.Replace(lines[10], `"correct":9`, `"correct":8`, 1)}),
		"afterend.jsonl":   join(lines, lines[:1]),
		"renumbered.jsonl": join(lines[:1], lines[2:]),
		"empty.jsonl":      "",
	}
	for name, text := range files {
		writeTestFile(t, in(name), text)
	}
	writeTestFile(t, in("cut.jsonl.gz"), cutGzip(t, join(lines)))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{in("missing.jsonl"), gold}, "the results hold 9 sentences and the gold file 10: sentence id 9 is missing, after the last read at " + in("missing.jsonl") + ":9"},
		{[]string{in("swapped.jsonl"), gold}, in("swapped.jsonl") + ":4: sentence id 4 follows sentence id 2 (" + in("swapped.jsonl") + ":3): sentence id 3 is missing, or the results are not in gold order"},
		{[]string{in("twice.jsonl"), gold}, in("twice.jsonl") + ":4: sentence id 2 again, first read at " + in("twice.jsonl") + ":3: expected one result per gold sentence"},
		{[]string{in("first.jsonl"), gold}, in("first.jsonl") + ":1: sentence id 1 first: expected sentence id 0 first"},
		{[]string{in("bad.jsonl"), gold}, in("bad.jsonl") + ":3: \"annotators\": annotator 1's counts (correct 3, proposed 1, gold 2) are not a scoring's"},
		{[]string{in("noannot.jsonl"), gold}, in("noannot.jsonl") + `:2: no "annotators"`},
		{[]string{in("unknown.jsonl"), gold}, in("unknown.jsonl") + `:1: byte 1: unknown field "sentence"`},
		{[]string{in("notjson.jsonl"), gold}, in("notjson.jsonl") + ":1: byte "},
		{[]string{in("idtext.jsonl"), gold}, in("idtext.jsonl") + `:1: "id" is "a": expected the 0-based index of a gold sentence`},
		{[]string{in("error.jsonl"), gold}, in("error.jsonl") + ":1: an error answer, not a sentence result"},
		{[]string{in("mixed.jsonl"), gold}, in("mixed.jsonl") + ":3: score --jsonl lines (\"line\") after rows with an \"id\""},
		{[]string{in("cut.jsonl"), gold}, in("cut.jsonl") + ": ends after line 5 without the total line of maxmatch score --jsonl: the part is incomplete"},
		{[]string{in("total.jsonl"), gold}, in("total.jsonl") + ":11: the part's 10 sentences merge to correct 9, proposed 10, gold 11, and its total line says 8, 10, 11"},
		{[]string{in("afterend.jsonl"), gold}, in("afterend.jsonl") + ":12: a sentence after the part's total line"},
		{[]string{in("renumbered.jsonl"), gold}, in("renumbered.jsonl") + ":2: line 3 of the system output follows line 1"},
		{[]string{in("empty.jsonl"), gold}, in("empty.jsonl") + ": holds no sentence result"},
		{[]string{in("cut.jsonl.gz"), gold}, in("cut.jsonl.gz") + ": cannot decompress the results file (its name ends in .gz): unexpected EOF"},
		{[]string{in("missing.jsonl"), in("missing.jsonl"), gold}, in("missing.jsonl") + ":1: sentence id 0 again, first read at " + in("missing.jsonl") + ":1"},
		{[]string{lineFile(t, dir, rows), in("other.m2")}, ":1: sentence id 0 (gold line 1): the result's annotators are 0 with 1 gold edits, the gold file's 0 with 1 gold edits and 1 with 1 gold edits: the result is another sentence's, or was scored against another gold file or with other --types or --fix"},
		{[]string{"--types", "Vt", lineFile(t, dir, rows), gold}, ":1: sentence id 0 (gold line 1): the result's annotators are 0 with 1 gold edits, the gold file's 0 with 0 gold edits"},
	} {
		args := append([]string{"merge"}, c.args...)
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		msg := stderr.String()
		if code != exitError || stdout.Len() > 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "maxmatch merge: ") || !strings.Contains(msg, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q: want exit 2, nothing on stdout and one line with %q", args, code, stdout.String(), msg, c.want)
		}
	}
}

// cutGzip is text gzipped and cut as a transfer cut short would leave it: its first half flushed
// (so that a reader gets it, ending inside a line), then the rest cut off halfway.
func cutGzip(t *testing.T, text string) string {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	half := len(text) / 2
	if strings.Contains(text[half-1:half+1], "\n") {
		t.Fatalf("the text's middle is a line's end: cut it elsewhere")
	}
	if _, err := zw.Write([]byte(text[:half])); err != nil {
		t.Fatal(err)
	}
	if err := zw.Flush(); err != nil {
		t.Fatal(err)
	}
	flushed := b.Len()
	if _, err := zw.Write([]byte(text[half:])); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()[:flushed+(b.Len()-flushed)/2]
}

// TestMergeByteOrderMark: a byte order mark before a results file's first line (an editor's,
// a Windows tool's) is skipped, as the M2, system and n-best readers and the service skip it.
func TestMergeByteOrderMark(t *testing.T) {
	gold, system := filepath.Join("..", "..", "docs", "examples", "gold.m2"), filepath.Join("..", "..", "docs", "examples", "system-a.txt")
	results := filepath.Join(t.TempDir(), "bom.jsonl")
	writeTestFile(t, results, "\uFEFF"+runOK(t, "score", "--jsonl", system, gold))
	if got, want := runOK(t, "merge", results, gold), runOK(t, "score", system, gold); got != want {
		t.Errorf("merge of results after a byte order mark prints\n%s\nscore prints\n%s", got, want)
	}
}

// lineFile writes lines as one results file in dir and returns its path.
func lineFile(t *testing.T, dir string, lines []string) string {
	t.Helper()
	path := filepath.Join(dir, "rows.jsonl")
	writeTestFile(t, path, strings.Join(lines, "\n")+"\n")
	return path
}

// TestMergeChecksHowPartsWereScored: a part of score --jsonl carries its signature in its total
// line, and merge refuses one scored with another -u, compatibility, casing rule, types or
// version, whose counts would merge into figures of no one run (CoNLL-2014's AMU in two halves,
// the second scored at -u 0, merged to F_0.5 0.3440: neither 0.3501 nor -u 0's 0.3409); a part
// without a signature (an earlier version's) is merged with a warning; β and the part's own
// gold are not compared.
func TestMergeChecksHowPartsWereScored(t *testing.T) {
	dir := t.TempDir()
	in := func(name string) string { return filepath.Join(dir, name) }
	gold, system := filepath.Join("..", "..", "docs", "examples", "gold.m2"), filepath.Join("..", "..", "docs", "examples", "system-a.txt")
	goldText, err := os.ReadFile(gold)
	if err != nil {
		t.Fatal(err)
	}
	hyps, err := os.ReadFile(system)
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(strings.TrimSpace(string(goldText)), "\n\n")
	lines := strings.Split(strings.TrimSuffix(string(hyps), "\n"), "\n")
	writeTestFile(t, in("a.m2"), strings.Join(blocks[:5], "\n\n")+"\n\n")
	writeTestFile(t, in("a.txt"), strings.Join(lines[:5], "\n")+"\n")
	writeTestFile(t, in("b.m2"), strings.Join(blocks[5:], "\n\n")+"\n\n")
	writeTestFile(t, in("b.txt"), strings.Join(lines[5:], "\n")+"\n")
	part := func(name string, flags ...string) string {
		out := runOK(t, append(append([]string{"score", "--jsonl"}, flags...), in(name+".txt"), in(name+".m2"))...)
		writeTestFile(t, in(name+".jsonl"), out)
		return out
	}
	part("a")
	b := part("b")
	want := runOK(t, "score", system, gold)
	if got := runOK(t, "merge", in("a.jsonl"), in("b.jsonl"), gold); got != want {
		t.Fatalf("merge of two parts scored alike prints\n%s\nscore of the whole prints\n%s", got, want)
	}
	if got, want := runOK(t, "merge", "--beta", "2", in("a.jsonl"), in("b.jsonl"), gold), runOK(t, "score", "--beta", "2", system, gold); got != want {
		t.Errorf("merge --beta 2 of parts scored at β 0.5 prints\n%s\nscore --beta 2 prints\n%s (merge applies its own β)", got, want)
	}
	sig := regexp.MustCompile(`,"signature":"[^"]*"`)
	writeTestFile(t, in("b-unsigned.jsonl"), sig.ReplaceAllString(b, ""))
	writeTestFile(t, in("b-version.jsonl"), strings.Replace(b, "|version:", "|version:0.0.1-", 1))
	for _, c := range []struct {
		reason string
		flags  []string // of the second part's scoring
		file   string   // the second part's results, instead
		merge  []string // merge's own flags
		want   string
	}{
		{"the second part at -u 0", []string{"-u", "0"}, "", nil, "the part was scored with u:0 (merge: u:2)"},
		{"merge given another -u than the parts'", nil, "", []string{"-u", "1"}, "the part was scored with u:2 (merge: u:1)"},
		{"another compatibility mode", []string{"--compat", "master"}, "", nil, "compat:master (merge: compat:3.2)"},
		{"a further fix", []string{"--fix", "gold-order"}, "", nil, "compat:3.2+gold-order (merge: compat:3.2)"},
		{"white space and casing ignored", []string{"--ignore-whitespace-casing"}, "", nil, "ws-case:yes (merge: ws-case:no)"},
		{"another version", nil, "b-version.jsonl", nil, "version:0.0.1-"},
	} {
		second := in("b.jsonl")
		if c.flags != nil {
			part("b", c.flags...)
		}
		if c.file != "" {
			second = in(c.file)
		}
		args := append(append([]string{"merge"}, c.merge...), in("a.jsonl"), second, gold)
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		msg := stderr.String()
		if code != exitError || stdout.Len() > 0 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, c.want) || !strings.Contains(msg, ": give merge the flags the parts were scored with") {
			t.Errorf("%s: %q: exit %d, stdout %q, stderr %q: want exit 2, nothing on stdout and one line with %q", c.reason, args, code, stdout.String(), msg, c.want)
		}
		part("b")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"merge", in("a.jsonl"), in("b-unsigned.jsonl"), gold}, &stdout, &stderr); code != exitOK || stdout.String() != want ||
		stderr.String() != "maxmatch merge: warning: "+in("b-unsigned.jsonl")+": its total line carries no signature (an earlier version's score --jsonl): the flags it was scored with are not checked\n" {
		t.Errorf("merge of a part without a signature: exit %d, stdout\n%s\nstderr %q: want exit 0, score's figures and one warning naming the file", code, stdout.String(), stderr.String())
	}
}
