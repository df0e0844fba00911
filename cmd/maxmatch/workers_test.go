package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkersSameOutput runs "maxmatch score" with -j 1 and -j 8 on every CoNLL-2014
// submission and gold file of the shared data: the default output and the --jsonl output must be
// byte for byte the same, and the default output must be the three lines the official scorer
// printed (expected/scores.tsv). On the combined gold, the files are also read as they are
// scored (as files too large to keep are, checked first for --jsonl): the same output again.
func TestWorkersSameOutput(t *testing.T) {
	data := conllData(t)
	official := map[string]string{} // "gold/system" → the official's three lines
	tsv, err := os.ReadFile(filepath.Join(data, "expected", "scores.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(tsv)), "\n")[1:] {
		f := strings.Split(line, "\t")
		official[f[0]+"/"+f[1]] = fmt.Sprintf("Precision   : %s\nRecall      : %s\nF_0.5       : %s\n", f[2], f[3], f[4])
	}
	golds := []string{"official-2014.combined", "official-2014.combined-withalt", "official-2014.0", "official-2014.1"}
	systems := []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"}
	if testing.Short() {
		golds, systems = golds[:1], []string{"CAMB", "NTHU"}
	}
	for _, g := range golds {
		for _, sys := range systems {
			for _, format := range [][]string{nil, {"--jsonl"}} {
				var outs [2]string
				for i, j := range []string{"1", "8"} {
					args := append([]string{"score", "-j", j}, format...)
					args = append(args, filepath.Join(data, "systems", sys), filepath.Join(data, "gold", g+".m2"))
					var stdout, stderr bytes.Buffer
					if code := run(args, &stdout, &stderr); code != 0 {
						t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
					}
					outs[i] = stdout.String() + "\n-- stderr --\n" + stderr.String()
				}
				if outs[0] != outs[1] {
					t.Errorf("%s/%s %v: -j 1 and -j 8 differ:\n-j 1: %.500s\n-j 8: %.500s", g, sys, format, outs[0], outs[1])
				}
				if g == golds[0] {
					// Read as they are scored, as files too large to keep are: the same output.
					saved := keepLimit
					keepLimit = -1
					args := append([]string{"score"}, format...)
					args = append(args, filepath.Join(data, "systems", sys), filepath.Join(data, "gold", g+".m2"))
					var stdout, stderr bytes.Buffer
					code := run(args, &stdout, &stderr)
					keepLimit = saved
					if streamed := stdout.String() + "\n-- stderr --\n" + stderr.String(); code != 0 || streamed != outs[0] {
						t.Errorf("%s/%s %v: streamed (exit %d) and kept differ:\nstreamed: %.500s\nkept: %.500s", g, sys, format, code, streamed, outs[0])
					}
				}
				if len(outs[0]) < 40 {
					t.Errorf("%s/%s %v: output too short to be a score: %q", g, sys, format, outs[0])
				}
				if want, ok := official[g+"/"+sys]; !ok {
					t.Errorf("%s/%s: not in scores.tsv", g, sys)
				} else if format == nil && outs[0] != want+"\n-- stderr --\n" {
					t.Errorf("%s/%s: output %q, the official printed %q", g, sys, outs[0], want)
				}
			}
		}
	}
}
