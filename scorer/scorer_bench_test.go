package scorer_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime/debug"
	"sync"
	"testing"

	"maxmatch/benchcases"
	"maxmatch/internal/gctarget"
	"maxmatch/scorer"
)

// BenchmarkParse reads a case's gold (M2) and system files from memory, as the command does after
// reading them: one op parses both.
func BenchmarkParse(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			b.SetBytes(int64(len(c.Corpus.GoldData) + len(c.Corpus.SystemData)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := scorer.ReadM2("gold", c.Corpus.GoldData, 0); err != nil {
					b.Fatal(err)
				}
				if _, err := scorer.ReadSystem("system", c.Corpus.SystemData); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEvaluate scores every sentence of a case against each of its annotators (tokenising,
// interning, lattice, closure, search, edit strings, matching) in one goroutine: everything
// scorer.Score does but the annotator choice.
func BenchmarkEvaluate(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			ev, err := scorer.NewEvaluator(scorer.DefaultOptions())
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				for i := range c.Corpus.Gold {
					if _, err := ev.Evaluate(c.Corpus.Hyps[i], &c.Corpus.Gold[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkScore scores a case as the command does (scorer.Score: evaluation on one worker per
// CPU, then the annotator choice in order), gold and system already parsed.
func BenchmarkScore(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := scorer.Score(c.Corpus.Hyps, c.Corpus.Gold, scorer.DefaultOptions(), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAnnotatorChoice chooses an annotator for every sentence of a case, in order, from
// results evaluated beforehand.
func BenchmarkAnnotatorChoice(b *testing.B) {
	for _, c := range benchcases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			ev, err := scorer.NewEvaluator(scorer.DefaultOptions())
			if err != nil {
				b.Fatal(err)
			}
			rs := make([]scorer.SentenceResult, len(c.Corpus.Gold))
			for i := range c.Corpus.Gold {
				if rs[i], err = ev.Evaluate(c.Corpus.Hyps[i], &c.Corpus.Gold[i]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				t := scorer.Totals{Beta: 0.5}
				for i := range rs {
					t.Choose(&rs[i])
				}
			}
		})
	}
}

// BenchmarkPreparedNbest scores the 13 CoNLL-2014 files as 13 hypotheses per sentence (17,056)
// with PreparedEvaluator.EvaluateAll, gold prepared and evaluators warm, as a tuning loop or the
// service does: on one goroutine, and on two taking chunks of 32 sentences in turn. The
// sub-benchmark files/workers=1 scores the same hypotheses as 13 files, one by one, with
// scorer.Score on one worker (what "maxmatch score" does for each), for a ratio measured
// side by side.
func BenchmarkPreparedNbest(b *testing.B) {
	data, err := benchcases.SharedData(".")
	if err != nil {
		b.Skip(err)
	}
	names, err := benchcases.CoNLLSystems(data)
	if err != nil {
		b.Fatal(err)
	}
	var gold []scorer.Sentence
	var lists [][]string
	for _, n := range names {
		c, err := benchcases.ReadCorpus(n, filepath.Join(data, "conll14", "systems", n), filepath.Join(data, benchcases.CoNLLGold))
		if err != nil {
			b.Fatal(err)
		}
		if gold == nil {
			gold, lists = c.Gold, make([][]string, len(c.Gold))
		}
		for i := range lists {
			lists[i] = append(lists[i], c.Hyps[i])
		}
	}
	b.Run("files/workers=1", func(b *testing.B) {
		defer debug.SetGCPercent(debug.SetGCPercent(gctarget.Percent))
		opt := scorer.DefaultOptions()
		opt.Workers = 1
		files := make([][]string, len(names))
		for k := range files {
			for i := range lists {
				files[k] = append(files[k], lists[i][k])
			}
		}
		b.ReportAllocs()
		cpu := benchcases.CPUTime()
		for b.Loop() {
			for _, hyps := range files {
				if _, err := scorer.Score(hyps, gold, opt, nil); err != nil {
					b.Fatal(err)
				}
			}
		}
		benchcases.ReportThroughput(b, 17056, cpu)
	})
	const chunk = 32
	p := scorer.Prepare(gold, scorer.DefaultOptions())
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("nbest/workers=%d", workers), func(b *testing.B) {
			defer debug.SetGCPercent(debug.SetGCPercent(gctarget.Percent))
			evs := make([]*scorer.PreparedEvaluator, workers)
			for w := range evs {
				evs[w] = p.Evaluator()
			}
			b.ReportAllocs()
			cpu := benchcases.CPUTime()
			for b.Loop() {
				next := make(chan int, len(gold)/chunk+1)
				for c := 0; c < len(gold); c += chunk {
					next <- c
				}
				close(next)
				var wg sync.WaitGroup
				for w := range workers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						var rs []scorer.SentenceResult
						for c := range next {
							for i := c; i < min(c+chunk, len(gold)); i++ {
								var err error
								if rs, err = evs[w].EvaluateAll(rs[:0], i, lists[i]); err != nil {
									panic(err) // not b.Fatal: this is not the benchmark's goroutine
								}
							}
						}
					}()
				}
				wg.Wait()
			}
			benchcases.ReportThroughput(b, 17056, cpu)
		})
	}
}

// BenchmarkLongLine scores one long line (bench/benchcases.LongFamilies) as the command does, under
// the default memory budget: near-identical lines of 10⁴ to 10⁶ tokens (exact), a heavily
// edited one of 10⁴ (exact, and forced to the bounded search with MaxEdges 1).
func BenchmarkLongLine(b *testing.B) {
	for _, in := range []struct {
		family   string
		n        int
		maxEdges int
	}{
		{"near-identical", 10_000, 0}, {"near-identical", 100_000, 0}, {"near-identical", 1_000_000, 0},
		{"edited", 10_000, 0}, {"edited", 10_000, 1},
	} {
		f, ok := benchcases.LongFamilyByName(in.family)
		if !ok {
			b.Fatalf("no family %q", in.family)
		}
		c := f.Case(in.n, 1)
		corpus, err := benchcases.ParseCorpus(in.family, []byte(c.System()), []byte(c.M2()))
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("case=%s-n=%d", in.family, in.n)
		if in.maxEdges > 0 {
			name += "-bounded"
		}
		b.Run(name, func(b *testing.B) {
			opt := scorer.DefaultOptions()
			opt.MaxEdges = in.maxEdges
			b.ReportAllocs()
			for b.Loop() {
				if _, err := scorer.Score(corpus.Hyps, corpus.Gold, opt, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRetotal re-runs the annotator choice over a bootstrap resample of a corpus of n
// sentences from each sentence's counts (SentenceCounts, what the command keeps): CoNLL-2014's
// size, and a corpus of 600,000 sentences (the 200 MB gold file), whose counts do not fit in
// the processor's caches.
func BenchmarkRetotal(b *testing.B) {
	for _, n := range []int{1312, 600000} {
		b.Run(fmt.Sprintf("sentences=%d", n), func(b *testing.B) {
			var counts scorer.SentenceCounts
			rng := rand.New(rand.NewPCG(1, 2))
			for range n {
				r := scorer.SentenceResult{Annotators: make([]scorer.AnnotatorResult, 1+rng.IntN(2))}
				for i := range r.Annotators {
					r.Annotators[i] = scorer.AnnotatorResult{Gold: make([]scorer.GoldEdit, rng.IntN(3)), Edits: make([]scorer.Edit, rng.IntN(3))}
					r.Annotators[i].Correct = r.Annotators[i].Edits[:rng.IntN(len(r.Annotators[i].Edits)+1)]
				}
				counts.Add(&r)
			}
			order := make([]int, n)
			for i := range order {
				order[i] = rng.IntN(n)
			}
			b.ReportAllocs()
			for b.Loop() {
				counts.Retotal(0.5, order)
			}
		})
	}
}

// BenchmarkParseDistinctAnnotators reads one sentence with n edits of n different annotators
// (the time should grow linearly with n).
func BenchmarkParseDistinctAnnotators(b *testing.B) {
	for _, n := range []int{10000, 40000} {
		var buf bytes.Buffer
		buf.WriteString("S a b c d\n")
		for i := range n {
			fmt.Fprintf(&buf, "A 0 1|||X|||x|||REQUIRED|||-NONE-|||%d\n", i)
		}
		data := buf.Bytes()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := scorer.ReadM2("distinct.m2", data, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
