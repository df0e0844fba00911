package main

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"maxmatch/nbest"
	"maxmatch/scorer"
)

// nbestRow is a line of nbest --jsonl.
type nbestRow struct {
	ID, K, Annotator        int
	Correct, Proposed, Gold int
	TP, FP, FN              int
	P, R, F                 float64
	Annotators              []struct{ Annotator, Correct, Proposed, Gold int }
	Edits                   [][]any
	CorrectEdits            [][]any `json:"correct_edits"`
}

// decodeRows decodes the rows of nbest --jsonl.
func decodeRows(t *testing.T, jsonl string) []nbestRow {
	t.Helper()
	var rows []nbestRow
	for _, line := range strings.Split(strings.TrimSuffix(jsonl, "\n"), "\n") {
		var r nbestRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		rows = append(rows, r)
	}
	return rows
}

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("maxmatch %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stdout.String()
}

// TestNbestMatchesScore scores the 13 CoNLL-2014 files as one n-best list of 13 hypotheses per
// sentence, and checks every hypothesis against "maxmatch score" on its file:
//   - every annotator's counts equal those scorer.Score gives the sentence in the file (the
//     counts "maxmatch score" adds up);
//   - re-running the official annotator choice over the rows of file k, in order, gives the
//     totals "maxmatch score --counts" prints for it;
//   - the chosen annotator is the best for the sentence alone, with P, R and F of its counts;
//   - the TSV and the JSON lines say the same, and -j 1 and -j 2 print the same bytes;
//   - --stats gives the chosen annotator's counts and the source length, block by sentence.
func TestNbestMatchesScore(t *testing.T) {
	list, gold, names := conllNbest(t, t.TempDir())
	jsonl := runOK(t, "nbest", "--jsonl", "-j", "2", list, gold)
	if again := runOK(t, "nbest", "--jsonl", "-j", "1", list, gold); again != jsonl {
		t.Fatal("-j 1 and -j 2 differ")
	}
	rows := decodeRows(t, jsonl)
	golds, err := scorer.ReadM2(gold, mustRead(t, gold), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(golds)*len(names) {
		t.Fatalf("%d rows, want %d", len(rows), len(golds)*len(names))
	}
	for k, name := range names {
		hyps, err := scorer.ReadSystem(name, mustRead(t, filepath.Join(filepath.Dir(filepath.Dir(gold)), "systems", name)))
		if err != nil {
			t.Fatal(err)
		}
		differ := 0
		retotal := scorer.Totals{Beta: 0.5}
		_, err = scorer.Score(hyps[:len(golds)], golds, scorer.DefaultOptions(), func(sr *scorer.SentenceResult) error {
			row := rows[sr.Index*len(names)+k]
			if row.ID != sr.Index || row.K != k {
				t.Fatalf("row for sentence %d, file %d is %d/%d", sr.Index, k, row.ID, row.K)
			}
			var counts []scorer.Counts
			for _, a := range row.Annotators {
				counts = append(counts, scorer.Counts{Correct: a.Correct, Proposed: a.Proposed, Gold: a.Gold})
			}
			var want []scorer.Counts
			for i := range sr.Annotators {
				want = append(want, sr.Annotators[i].Counts())
				if i < len(row.Annotators) && row.Annotators[i].Annotator != sr.Annotators[i].Annotator {
					differ++
				}
			}
			if fmt.Sprint(counts) != fmt.Sprint(want) {
				if differ++; differ < 5 {
					t.Errorf("%s, sentence %d: nbest counts %v, score %v", name, sr.Index, counts, want)
				}
			}
			retotal.ChooseCounts(counts)
			alone := *sr
			alone.ChooseAlone(0.5)
			n := alone.ChosenResult().Counts()
			p, r, f := n.PRF(0.5)
			if row.Annotator != alone.ChosenResult().Annotator || row.Correct != n.Correct || row.Proposed != n.Proposed || row.Gold != n.Gold ||
				row.TP != n.Correct || row.FP != n.Proposed-n.Correct || row.FN != n.Gold-n.Correct || row.P != p || row.R != r || row.F != f {
				if differ++; differ < 5 {
					t.Errorf("%s, sentence %d: row %+v, sentence alone: annotator %d %+v P %v R %v F %v", name, sr.Index, row, alone.ChosenResult().Annotator, n, p, r, f)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if differ > 0 {
			t.Errorf("%s: %d sentences differ", name, differ)
		}
		want := runOK(t, "score", "--counts", filepath.Join(filepath.Dir(filepath.Dir(gold)), "systems", name), gold)
		c := retotal.Counts()
		got := fmt.Sprintf("TP          : %d\nFP          : %d\nFN          : %d\n", c.Correct, c.Proposed-c.Correct, c.Gold-c.Correct)
		if !strings.HasSuffix(want, got) {
			t.Errorf("%s: the rows' counts retotalled give\n%sscore --counts says\n%s", name, got, want)
		}
	}

	tsv := strings.Split(strings.TrimSuffix(runOK(t, "nbest", list, gold), "\n"), "\n")
	if header := string(nbest.Table(0.5).AppendTSVHeader(nil)); tsv[0] != header[:len(header)-1] || len(tsv) != len(rows)+1 {
		t.Fatalf("TSV: header %q, %d lines", tsv[0], len(tsv))
	}
	for i, line := range tsv[1:] {
		r := rows[i]
		var ann []string
		for _, a := range r.Annotators {
			ann = append(ann, fmt.Sprintf("%d:%d/%d/%d", a.Annotator, a.Correct, a.Proposed, a.Gold))
		}
		want := fmt.Sprintf("%d\t%d\t%d\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t%s", r.ID, r.K, r.Annotator, r.Correct, r.Proposed, r.Gold, r.P, r.R, r.F, strings.Join(ann, ","))
		if line != want {
			t.Fatalf("TSV line %d: %q, the JSON line says %q", i+2, line, want)
		}
	}

	stats := strings.Split(runOK(t, "nbest", "--stats", list, gold), "\n")
	for i, s := range golds {
		block := stats[i*(len(names)+2) : (i+1)*(len(names)+2)]
		if block[0] != fmt.Sprintf("SCORES_TXT_BEGIN_0 %d %d 4 M2Scorer", i, len(names)) || block[len(block)-1] != "SCORES_TXT_END_0" {
			t.Fatalf("--stats, sentence %d: block %q", i, block)
		}
		for k := range names {
			r := rows[i*len(names)+k]
			if want := fmt.Sprintf("%d %d %d %d", r.Correct, r.Proposed, r.Gold, len(s.Tokens)); block[1+k] != want {
				t.Fatalf("--stats, sentence %d, hypothesis %d: %q, want %q", i, k, block[1+k], want)
			}
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestNbestFormatsAgree reads the same list as Moses lines, as JSON lines with "hyps", as JSON
// lines with one "hyp" each, gzipped, and from stdin: the output must not change.
func TestNbestFormatsAgree(t *testing.T) {
	dir := t.TempDir()
	lists := map[string]string{
		"moses": "0 ||| The cat sat on the mat . ||| f=1 ||| -1\n0 ||| The cats sat on mat . ||| f=2 ||| -2\n2 ||| They were happy .|||x\n",
		"jsonl": `{"id": 0, "hyps": ["The cat sat on the mat .", "The cats sat on mat ."]}` + "\n" + `{"id": 2, "hyp": "They were happy ."}` + "\n",
		"hyp":   `{"id": 0, "hyp": "The cat sat on the mat ."}` + "\n\n" + `{"id": 0, "hyp": "  The cats sat on mat . "}` + "\n" + `{"id": 2, "hyps": ["They were happy ."]}`,
	}
	var want string
	for name, text := range lists {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got := runOK(t, "nbest", "--jsonl", path, "testdata/small.m2")
		if want == "" {
			want = got
		} else if got != want {
			t.Errorf("%s: %s\nwant %s", name, got, want)
		}
	}
	// From stdin, gzipped.
	for _, text := range []string{lists["moses"], lists["jsonl"]} {
		var stdout, stderr bytes.Buffer
		if code := runStdin([]string{"nbest", "--jsonl", "-", "testdata/small.m2"}, strings.NewReader(text), &stdout, &stderr); code != 0 || stdout.String() != want {
			t.Errorf("stdin: exit %d, %s%s", code, stdout.String(), stderr.String())
		}
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(lists["moses"]))
	zw.Close()
	path := filepath.Join(dir, "list.nbest.gz")
	if err := os.WriteFile(path, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := runOK(t, "nbest", "--jsonl", path, "testdata/small.m2"); got != want {
		t.Errorf("gzipped: %s", got)
	}
	if n := strings.Count(want, "\n"); n != 3 {
		t.Errorf("%d rows, want 3:\n%s", n, want)
	}
}

// TestNbestBigListStreams checks a list over onePassBytes, which is checked first and then
// scored as it is read again, its output streamed: the output is that of the same hypothesis,
// repeated; a malformed line at its end still gets its error before any output.
func TestNbestBigListStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a list of 16 MB")
	}
	dir := t.TempDir()
	one := "0 ||| The cat sat on the mat . ||| " + strings.Repeat("f", 1000) + "\n"
	var b strings.Builder
	n := int(onePassBytes)/len(one) + 10
	for range n {
		b.WriteString(one)
	}
	path := filepath.Join(dir, "big.nbest")
	if err := os.WriteFile(path, []byte(b.String()+"x ||| y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"nbest", path, "testdata/small.m2"}, &stdout, &stderr); code != 2 || stdout.Len() != 0 ||
		!strings.Contains(stderr.String(), fmt.Sprintf("big.nbest:%d:1: sentence id (field 1)", n+1)) {
		t.Fatalf("a bad last line: exit %d, %d bytes out, %s", code, stdout.Len(), stderr.String())
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runOK(t, "nbest", path, "testdata/small.m2")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != n+1 {
		t.Fatalf("%d lines, want %d", len(lines), n+1)
	}
	for k, line := range lines[1:] {
		if want := "0\t" + strconv.Itoa(k) + "\t0\t1\t1\t1\t1.0000\t1.0000\t1.0000\t0:1/1/1,1:0/1/1"; line != want {
			t.Fatalf("line %d: %q, want %q", k+2, line, want)
		}
	}
}

// TestNbestOutputFormatsAgree prints one list in every format of nbest, read once and held, and
// read twice with its rows written as they are scored: the same bytes both ways, and in each
// format the cells of the TSV rows (one model, rendered a row at a time).
func TestNbestOutputFormatsAgree(t *testing.T) {
	const list, gold = "testdata/nbest/small.nbest", "testdata/small.m2"
	var tsv [][]string
	for _, line := range strings.Split(strings.TrimSuffix(runOK(t, "nbest", list, gold), "\n"), "\n") {
		tsv = append(tsv, strings.Split(line, "\t"))
	}
	// cells reads a format's lines back into the TSV's cells (the header's, then the rows').
	cells := map[string]func(out string) [][]string{
		"csv": func(out string) [][]string {
			rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			return rows
		},
		"markdown": func(out string) (rows [][]string) {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			for _, line := range append(lines[:1:1], lines[2:]...) { // without the alignment row
				rows = append(rows, strings.Split(strings.ReplaceAll(strings.Trim(line, "| "), `\_`, "_"), " | "))
			}
			return rows
		},
		"latex": func(out string) (rows [][]string) {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if lines[0] != `\begin{tabular}{rrrrrrrrrl}` || lines[len(lines)-1] != `\end{tabular}` {
				t.Errorf("LaTeX: %q … %q", lines[0], lines[len(lines)-1])
			}
			for _, line := range lines {
				if cells, ok := strings.CutSuffix(line, ` \\`); ok {
					rows = append(rows, strings.Split(strings.ReplaceAll(cells, `\_`, "_"), " & "))
				}
			}
			return rows
		},
		"tsv": func(out string) [][]string { return tsv },
	}
	defer func(b int64) { onePassBytes = b }(onePassBytes)
	for _, format := range nbestFormats {
		onePassBytes = nbest.DefaultOnePassBytes
		held := runOK(t, "nbest", "--format", format.String(), list, gold)
		onePassBytes = -1
		if streamed := runOK(t, "nbest", "--format", format.String(), list, gold); streamed != held {
			t.Errorf("%s: streamed\n%s\nheld\n%s", format, streamed, held)
		}
		if got := cells[format.String()](held); !slices.EqualFunc(got, tsv, slices.Equal) {
			t.Errorf("%s: cells %q, the TSV's %q", format, got, tsv)
		}
	}
}
