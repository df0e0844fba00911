//go:build unix

package service

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"maxmatch/scorer"
)

// conllLists returns the CoNLL-2014 gold (../shared/data beside the repository) and the 13
// systems' lines as hypotheses per sentence, or skips.
func conllLists(tb testing.TB) (gold []scorer.Sentence, hyps [][]string) {
	tb.Helper()
	data := filepath.Join("..", "..", "shared", "data", "conll14")
	text, err := os.ReadFile(filepath.Join(data, "gold", "official-2014.combined.m2"))
	if err != nil {
		tb.Skipf("the CoNLL-2014 data is not beside the repository: %v", err)
	}
	if gold, err = scorer.ReadM2("gold.m2", text, 0); err != nil {
		tb.Fatal(err)
	}
	names, err := os.ReadDir(filepath.Join(data, "systems"))
	if err != nil {
		tb.Fatal(err)
	}
	hyps = make([][]string, len(gold))
	for _, n := range names {
		sys, err := os.ReadFile(filepath.Join(data, "systems", n.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		for i, line := range strings.Split(string(sys), "\n")[:len(gold)] {
			hyps[i] = append(hyps[i], line)
		}
	}
	return gold, hyps
}

// BenchmarkServeNbest serves the CoNLL-2014 n-best list (13 hypotheses for each of its 1,312
// sentences, 17,056) as the Python package sends it: one compact request per sentence (the
// package before protocol 2), or batches of about 1,024 hypotheses in the flat form (protocol 2),
// the split one (3) or the packed one (5), edits included or not.
func BenchmarkServeNbest(b *testing.B) {
	gold, hyps := conllLists(b)
	srv := New(gold, scorer.DefaultOptions(), Config{})
	for _, c := range []struct {
		name  string
		lines func(edits bool) []byte
	}{
		{"compact", func(edits bool) []byte {
			var in bytes.Buffer
			for i, h := range hyps {
				in.Write(mustJSON(map[string]any{"id": i, "hyps": h, "compact": true, "edits": edits}))
				in.WriteByte('\n')
			}
			return in.Bytes()
		}},
		{"batch", func(edits bool) []byte { return batches(hyps, edits, "") }},
		{"split", func(edits bool) []byte { return batches(hyps, edits, "split") }},
		{"packed", func(edits bool) []byte { return batches(hyps, edits, "packed") }},
	} {
		for _, edits := range []bool{true, false} {
			in := c.lines(edits)
			b.Run(fmt.Sprintf("%s/edits=%v", c.name, edits), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				cpu := cpuTime()
				for b.Loop() {
					if err := srv.Serve(bytes.NewReader(in), io.Discard); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(17056*b.N)/b.Elapsed().Seconds(), "hyps/s")
			})
		}
	}
}

// batches returns the "batch" requests of hyps' sentences, about 1,024 hypotheses each, in the
// form named by its member, true in each request ("split" or "packed"; "": the flat form).
func batches(hyps [][]string, edits bool, form string) []byte {
	var in bytes.Buffer
	for start := 0; start < len(hyps); start += 1024 / 13 {
		var items []any
		for i := start; i < min(start+1024/13, len(hyps)); i++ {
			items = append(items, []any{i, hyps[i]})
		}
		req := map[string]any{"id": start, "batch": items, "edits": edits}
		if form != "" {
			req[form] = true
		}
		in.Write(mustJSON(req))
		in.WriteByte('\n')
	}
	return in.Bytes()
}

// cpuTime is the CPU time this process has used (user and system): a figure a shared machine's
// load changes less than the wall time.
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
