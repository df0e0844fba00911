package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"maxmatch/internal/progress"
	"maxmatch/report"
)

// TestHooProgress runs the HOO commands with the progress line on (as on a terminal, at
// once): each says how far it is on stderr, clears the line before a warning and at the end,
// and never writes it to stdout.
func TestHooProgress(t *testing.T) {
	saved := newHooProgress
	defer func() { newHooProgress = saved }()
	newHooProgress = func(name string, stderr io.Writer) *progress.Line {
		return progress.Shown(name, stderr)
	}
	tests := []struct {
		args []string
		want []string // in stderr, in this order
		why  string
	}{
		{[]string{"hoo", "extract", "--orig", "testdata/hoo/raw", "--system", "testdata/hoo/systxt", "--out", "$TMP"},
			[]string{"maxmatch: extracting file 0/2", "maxmatch: extracting file 2/2"}, "wdiff: file by file"},
		{[]string{"hoo", "extract", "--method", "m2", "--gold", "testdata/hoom2/gold", "--orig", "testdata/hoom2/raw", "--system", "testdata/hoom2/sys", "--out", "$TMP"},
			[]string{"maxmatch: 0001AB1.txt (file 1/1): tokenizing source line 1/3", "0001AB1.txt (file 1/1): tokenizing system line 3/3",
				"0001AB1.txt (file 1/1): aligning sentence 3/3", "0001AB1.txt (file 1/1): converting gold edit 4/4", "0001AB1.txt (file 1/1): scoring sentence 3/3"},
			"m2: the steps inside a file, each to its end (the line is rewritten at most every 100 ms, and at each end)"},
		{[]string{"hoo", "eval", "testdata/hoo/gold", "testdata/hoo/sys"},
			[]string{"maxmatch: reading file 1/2", "maxmatch: reading file 2/2", "maxmatch: scoring file 2/2", "\r\033[Kmaxmatch hoo eval: warning: 0001XX1: the official evaluate.py stops"},
			"eval: reading, scoring, then the warning on a cleared line"},
		{[]string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "testdata/hoo/systxt"},
			[]string{"maxmatch: system 1/1, systxt: wdiff extraction, fragment 0/2", "system 1/1, systxt: m2 extraction, 0001XX1 (fragment 1/2): scoring sentence 2/2",
				"system 1/1, systxt: m2 extraction, 0001XX2 (fragment 2/2): scoring sentence 2/2"}, "compare: by system, extraction and fragment"},
	}
	for _, tt := range tests {
		tmp := t.TempDir()
		for i := range tt.args {
			tt.args[i] = strings.ReplaceAll(tt.args[i], "$TMP", tmp)
		}
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: status %d: %s", tt.why, code, stderr.String())
		}
		got := stderr.String()
		at := 0
		for _, w := range tt.want {
			i := strings.Index(got[at:], w)
			if i < 0 {
				t.Errorf("%s: stderr %q lacks %q (after byte %d)", tt.why, got, w, at)
				break
			}
			at += i + len(w)
		}
		if last := strings.LastIndex(got, "\r\033[Kmaxmatch: "); !strings.Contains(got[last+1:], "\r\033[K") {
			t.Errorf("%s: the last progress line is not cleared: %q", tt.why, got)
		}
		if strings.Contains(stdout.String(), "\033") {
			t.Errorf("%s: progress in stdout: %q", tt.why, stdout.String())
		}
	}
}

// TestHooEvalFormatsAgree runs hoo eval with and without --format json: the JSON carries the
// figures of the official tool's report, every one (batch_evaluate.py's CSV in full; evalrun.py's
// XML to its 12 digits), and the warnings are the same.
func TestHooEvalFormatsAgree(t *testing.T) {
	const g11, s11, g12, s12 = "testdata/hoo/gold", "testdata/hoo/sys", "testdata/hoo2012/gold", "testdata/hoo2012/sys"
	runs := [][]string{
		{g11, s11}, {"--no-bonus", g11, s11}, {"--fixed", g11, s11},
		{"--scheme", "2012", g12, s12}, {"--scheme", "2012", "--case-sensitive", "--bonus", g12, s12}, {"--scheme", "2012", "--fixed", g12, s12},
		{"--scheme", "2012", "--types-file", "testdata/hoo2012/types.config", "--types", "Prep", g12, s12},
	}
	for _, args := range runs {
		var official, stderr, jsonOut, jsonErr bytes.Buffer
		if code := run(append([]string{"hoo", "eval"}, args...), &official, &stderr); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
		}
		if code := run(append([]string{"hoo", "eval", "--format", "json"}, args...), &jsonOut, &jsonErr); code != 0 || jsonErr.String() != stderr.String() {
			t.Fatalf("%q --format json: exit %d, stderr %q; without it %q", args, code, jsonErr.String(), stderr.String())
		}
		var doc struct {
			Scheme string
			Scores struct {
				Files                  []map[string]any
				Average                map[string]any
				Levels                 []map[string]any
				Gold, System, Spurious int
				MissedOptional         int `json:"missed_optional"`
			}
		}
		if err := json.Unmarshal(jsonOut.Bytes(), &doc); err != nil {
			t.Fatalf("%q: %v: %s", args, err, jsonOut.String())
		}
		if doc.Scheme == "2011" {
			checkHoo2011JSON(t, official.String(), append(doc.Scores.Files, doc.Scores.Average))
			continue
		}
		var xmlRun struct {
			Counts map[string]int
			Scores map[string]map[string]float64
		}
		xmlRun.Counts, xmlRun.Scores = parseRun2012(t, official.String())
		found := map[string]string{"detection": "detected", "recognition": "recognised", "correction": "corrected"}
		for _, l := range doc.Scores.Levels {
			level := l["level"].(string)
			xs := xmlRun.Scores[level]
			for json, x := range map[string]string{"p": "precision", "r": "recall", "f": "fscore"} {
				if v := l[json].(float64); math.Abs(v-xs[x]) > 5e-12*max(1, v) {
					t.Errorf("%q: %s %s: JSON %v, XML %v", args, level, x, v, xs[x])
				}
			}
			if int(l["found"].(float64)) != xmlRun.Counts[found[level]] {
				t.Errorf("%q: %s found: JSON %v, XML %s %d", args, level, l["found"], found[level], xmlRun.Counts[found[level]])
			}
			if sf, ok := l["system_found"]; ok && int(sf.(float64)) != xmlRun.Counts["system_"+found[level]] {
				t.Errorf("%q: %s system_found: JSON %v, XML %d", args, level, sf, xmlRun.Counts["system_"+found[level]])
			}
		}
		c := doc.Scores
		if len(c.Levels) != 3 || c.Gold != xmlRun.Counts["gold"] || c.System != xmlRun.Counts["system"] || c.Spurious != xmlRun.Counts["spurious"] || c.MissedOptional != xmlRun.Counts["missed_optional"] {
			t.Errorf("%q: JSON %+v, XML counts %v", args, c, xmlRun.Counts)
		}
	}
}

// checkHoo2011JSON compares the rows of batch_evaluate.py's CSV with those of the JSON, the
// average last: the same names, the same figures in full.
func checkHoo2011JSON(t *testing.T, csvText string, rows []map[string]any) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(csvText, "\r\n"), "\r\n")[1:]
	if len(lines) != len(rows) {
		t.Fatalf("%d CSV rows, %d in the JSON", len(lines), len(rows))
	}
	for i, line := range lines {
		fields := strings.Split(line, ",")
		if rows[i]["file"] != fields[0] {
			t.Errorf("row %d: JSON %v, CSV %s", i, rows[i]["file"], fields[0])
		}
		for k, col := range report.HOOScoreColumns() {
			want, err := strconv.ParseFloat(fields[k+1], 64)
			if err != nil || rows[i][col.Key] != want {
				t.Errorf("%s %s: JSON %v, CSV %s", fields[0], col.Key, rows[i][col.Key], fields[k+1])
			}
		}
	}
}

// parseRun2012 reads evalrun.py's XML report: its counts, and each level's scores.
func parseRun2012(t *testing.T, text string) (map[string]int, map[string]map[string]float64) {
	t.Helper()
	var x struct {
		Counts struct {
			Items []struct {
				XMLName xml.Name
				Value   int `xml:",chardata"`
			} `xml:",any"`
		} `xml:"counts"`
		Scores struct {
			Levels []struct {
				XMLName xml.Name
				Items   []struct {
					XMLName xml.Name
					Value   float64 `xml:",chardata"`
				} `xml:",any"`
			} `xml:",any"`
		} `xml:"scores"`
	}
	if err := xml.Unmarshal([]byte(text), &x); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
	counts, scores := map[string]int{}, map[string]map[string]float64{}
	for _, c := range x.Counts.Items {
		counts[c.XMLName.Local] = c.Value
	}
	for _, l := range x.Scores.Levels {
		scores[l.XMLName.Local] = map[string]float64{}
		for _, it := range l.Items {
			scores[l.XMLName.Local][it.XMLName.Local] = it.Value
		}
	}
	if len(counts) < 7 || len(scores) != 3 {
		t.Fatalf("counts %v, scores %v in %s", counts, scores, text)
	}
	return counts, scores
}

// TestHooCompareCSVReplaced: --csv replaces a CSV file of Table 1, as a second run writes it,
// and refuses any other file (TestGoldenHoo's hoo-compare-csv-input: a system text).
func TestHooCompareCSVReplaced(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "table1.csv")
	args := []string{"hoo", "compare", "--gold", "testdata/hoo/gold", "--orig", "testdata/hoo/raw", "--csv", csv, "testdata/hoo/systxt"}
	first := runOK(t, args...)
	table := readText(t, csv)
	if again := runOK(t, args...); again != first || readText(t, csv) != table {
		t.Errorf("the second run: %q and the CSV file %q; want what the first gave, %q and %q", again, readText(t, csv), first, table)
	}
}
