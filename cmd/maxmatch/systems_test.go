package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runJSON runs the command and decodes the JSON lines it prints into one map per line.
func runJSON(t *testing.T, args ...string) []map[string]json.RawMessage {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
	}
	var lines []map[string]json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%q: %v in %s", args, err, l)
		}
		lines = append(lines, m)
	}
	return lines
}

func decode(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%v in %s", err, raw)
	}
}

type estimate struct{ Value, Lo, Hi, Stderr float64 }

// TestScoreSystemsAgree checks the table of several systems against the commands that score
// one system or compare two: each row's counts and P, R and F are the two-file run's, its
// interval that of the two-file run's bootstrap with the same resamples and seed, its p-value
// that of "compare" of the system against the baseline; the Holm adjustment is that of the
// row's p-values; the signature is what --signature-only prints. On our report files, and on
// five CoNLL-2014 files when the shared data is there.
func TestScoreSystemsAgree(t *testing.T) {
	sets := [][]string{{"testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}}
	if !testing.Short() {
		if data, err := conllPath(); err == nil {
			files := conllFiles(data)
			sets = append(sets, []string{files[0], files[1], files[2], files[3], files[6], files[len(files)-1]})
		}
	}
	const resamples, seed = "300", "5"
	for _, files := range sets {
		out := runJSON(t, append([]string{"score", "--format", "json", "--bootstrap", resamples, "--seed", seed}, files...)...)[0]
		var rows []struct {
			System, File string
			TP, FP, FN   int
			P, R, F      float64
			FCI          estimate `json:"f_ci"`
			PValue       *float64 `json:"p_value"`
			PHolm        *float64 `json:"p_holm"`
		}
		decode(t, out["systems"], &rows)
		gold := files[len(files)-1]
		var sig string
		decode(t, out["signature"], &sig)
		var so bytes.Buffer
		if code := run(append([]string{"score", "--signature-only", "--bootstrap", resamples, "--seed", seed}, files...), &so, &so); code != exitOK || so.String() != sig+"\n" {
			t.Errorf("--signature-only: %q (exit %d), the table's %q", so.String(), code, sig)
		}
		for i, row := range rows {
			one := runJSON(t, "score", "--jsonl", "--counts", "--bootstrap", resamples, "--seed", seed, files[i], gold)
			var total struct {
				TP, FP, FN int
				P, R, F    float64
			}
			var boot struct{ F estimate }
			decode(t, one[len(one)-1]["total"], &total)
			decode(t, one[len(one)-2]["bootstrap"], &boot)
			if total.TP != row.TP || total.FP != row.FP || total.FN != row.FN || total.P != row.P || total.R != row.R || total.F != row.F {
				t.Errorf("%s: the table's row %+v, the two-file run's totals %+v", files[i], row, total)
			}
			if boot.F != row.FCI {
				t.Errorf("%s: the table's interval %+v, the two-file run's %+v", files[i], row.FCI, boot.F)
			}
			if i == 0 {
				if row.PValue != nil || row.PHolm != nil {
					t.Errorf("%s: the baseline has a p-value", files[i])
				}
				continue
			}
			cmp := runJSON(t, "compare", "--format", "json", "--bootstrap", resamples, "--seed", seed, files[i], files[0], gold)[0]
			var p float64
			var diff estimate
			decode(t, cmp["p_value"], &p)
			decode(t, cmp["diff"], &diff)
			if row.PValue == nil || *row.PValue != p {
				t.Errorf("%s: the table's p-value %v, compare's %v", files[i], row.PValue, p)
			}
			// Holm's adjustment lies between the p-value and Bonferroni's m·p (its exact values
			// are stats.Holm's tests).
			if row.PHolm == nil || *row.PHolm < *row.PValue || *row.PHolm > min(1, float64(len(rows)-1)**row.PValue) {
				t.Errorf("%s: Holm p %v for p %v with %d comparisons: want between p and the Bonferroni bound", files[i], row.PHolm, row.PValue, len(rows)-1)
			}
		}
	}
}

// TestDefaultResamplesAgree: without --bootstrap, a table of two systems and compare draw the
// same resamples from the same seed, so the table's p-value is compare's and both sign their
// figures alike (they drew 1,000 and 10,000 before).
func TestDefaultResamplesAgree(t *testing.T) {
	files := []string{"testdata/report-source.txt", "testdata/report.txt", "testdata/report.m2"}
	table := runJSON(t, append([]string{"score", "--format", "json"}, files...)...)[0]
	cmp := runJSON(t, "compare", "--format", "json", files[1], files[0], files[2])[0]
	var rows []struct {
		PValue *float64 `json:"p_value"`
	}
	var p float64
	var resamples int
	var tableSig, cmpSig string
	decode(t, table["systems"], &rows)
	decode(t, cmp["p_value"], &p)
	decode(t, cmp["resamples"], &resamples)
	decode(t, table["signature"], &tableSig)
	decode(t, cmp["signature"], &cmpSig)
	if resamples != defaultResamples || rows[1].PValue == nil || *rows[1].PValue != p {
		t.Errorf("compare drew %d resamples, p-value %v; the table's p-value %v: want %d and the same p-value", resamples, p, rows[1].PValue, defaultResamples)
	}
	if tableSig != cmpSig || !strings.Contains(tableSig, fmt.Sprintf("|resamples:%d|", defaultResamples)) {
		t.Errorf("signatures: the table's %q, compare's %q: want the same, with %d resamples", tableSig, cmpSig, defaultResamples)
	}
}

// TestNamesChangeNoFigure: --names changes the systems' names in the table (every format),
// compare's report and their JSON, and nothing else: every other figure and the signature are
// those without it.
func TestNamesChangeNoFigure(t *testing.T) {
	files := []string{"testdata/report-source.txt", "testdata/report.txt", "testdata/report-partial.txt", "testdata/report.m2"}
	names := []string{"SysA", "SysB", "SysC"}
	for _, format := range []string{"json", "text", "csv", "markdown", "latex"} {
		args := append([]string{"--format", format, "--bootstrap", "200"}, files...)
		without := runOK(t, append([]string{"score"}, args...)...)
		with := runOK(t, append([]string{"score", "--names", strings.Join(names, ",")}, args...)...)
		back := with // the names put back to the files'
		for i, f := range files[:3] {
			if !strings.Contains(with, names[i]) || strings.Contains(with, `"system":"`+filepath.Base(f)+`"`) {
				t.Errorf("--format %s: %s is not named %s:\n%s", format, f, names[i], with)
			}
			back = strings.ReplaceAll(back, names[i], filepath.Base(f))
		}
		if !sameUpToAlignment(back, without) {
			t.Errorf("--format %s: with --names, the names put back\n%s\nwithout\n%s", format, back, without)
		}
	}
	compare := []string{"--format", "json", "--bootstrap", "200", files[0], files[1], files[3]}
	without := runOK(t, append([]string{"compare"}, compare...)...)
	with := runOK(t, append([]string{"compare", "--names", "SysA,SysB"}, compare...)...)
	if back := strings.NewReplacer(`"name":"SysA",`, "", `"name":"SysB",`, "").Replace(with); back != without {
		t.Errorf("compare with --names, the names taken out\n%s\nwithout\n%s", back, without)
	}
	so := runOK(t, append([]string{"score", "--signature-only", "--names", "a,b,c"}, files...)...)
	if so != runOK(t, append([]string{"score", "--signature-only"}, files...)...) {
		t.Errorf("--signature-only with --names: %q", so)
	}
}

// sameUpToAlignment says whether a and b are the same text once runs of spaces and the rules
// under a header (whose width follows the names') are made one.
func sameUpToAlignment(a, b string) bool {
	norm := func(s string) string {
		s = regexp.MustCompile(`─+`).ReplaceAllString(s, "─")
		return regexp.MustCompile(` +`).ReplaceAllString(s, " ")
	}
	return norm(a) == norm(b)
}
