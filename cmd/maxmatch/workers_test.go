package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestWorkersSameOutput runs "maxmatch score" with -j 1 and -j 8 on every CoNLL-2014
// submission and gold file of the shared data: the default output and the --jsonl output must be
// byte for byte the same.
func TestWorkersSameOutput(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "conll14"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(data); err != nil {
		t.Skipf("shared data not found at %s (it lives beside the repository as ../shared/data): %v", data, err)
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
				if len(outs[0]) < 40 {
					t.Errorf("%s/%s %v: output too short to be a score: %q", g, sys, format, outs[0])
				}
			}
		}
	}
}
