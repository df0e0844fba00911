package scorer_test

import (
	"fmt"
	"path/filepath"
	"runtime/debug"
	"sync"
	"testing"

	"maxmatch/bench/cases"
	"maxmatch/scorer"
)

// BenchmarkParse reads a case's gold (M2) and system files from memory, as the command does after
// reading them: one op parses both.
func BenchmarkParse(b *testing.B) {
	for _, c := range cases.Stages(b) {
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
	for _, c := range cases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			ev := scorer.NewEvaluator(scorer.DefaultOptions())
			b.ReportAllocs()
			for b.Loop() {
				for i := range c.Corpus.Gold {
					ev.Evaluate(c.Corpus.Hyps[i], &c.Corpus.Gold[i])
				}
			}
		})
	}
}

// BenchmarkScore scores a case as the command does (scorer.Score: evaluation on one worker per
// CPU, then the annotator choice in order), gold and system already parsed.
func BenchmarkScore(b *testing.B) {
	for _, c := range cases.Stages(b) {
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
	for _, c := range cases.Stages(b) {
		b.Run("case="+c.Name, func(b *testing.B) {
			ev := scorer.NewEvaluator(scorer.DefaultOptions())
			rs := make([]scorer.SentenceResult, len(c.Corpus.Gold))
			for i := range c.Corpus.Gold {
				rs[i] = ev.Evaluate(c.Corpus.Hyps[i], &c.Corpus.Gold[i])
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
	data, err := cases.SharedData(".")
	if err != nil {
		b.Skip(err)
	}
	names, err := cases.CoNLLSystems(data)
	if err != nil {
		b.Fatal(err)
	}
	var gold []scorer.Sentence
	var lists [][]string
	for _, n := range names {
		c, err := cases.ReadCorpus(n, filepath.Join(data, "conll14", "systems", n), filepath.Join(data, cases.CoNLLGold))
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
		defer debug.SetGCPercent(debug.SetGCPercent(scorer.GCPercent))
		opt := scorer.DefaultOptions()
		opt.Workers = 1
		files := make([][]string, len(names))
		for k := range files {
			for i := range lists {
				files[k] = append(files[k], lists[i][k])
			}
		}
		b.ReportAllocs()
		cpu := cases.CPUTime()
		for b.Loop() {
			for _, hyps := range files {
				if _, err := scorer.Score(hyps, gold, opt, nil); err != nil {
					b.Fatal(err)
				}
			}
		}
		cases.ReportThroughput(b, 17056, cpu)
	})
	const chunk = 32
	p := scorer.Prepare(gold, scorer.DefaultOptions())
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("nbest/workers=%d", workers), func(b *testing.B) {
			defer debug.SetGCPercent(debug.SetGCPercent(scorer.GCPercent))
			evs := make([]*scorer.PreparedEvaluator, workers)
			for w := range evs {
				evs[w] = p.Evaluator()
			}
			b.ReportAllocs()
			cpu := cases.CPUTime()
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
								rs = evs[w].EvaluateAll(rs[:0], i, lists[i])
							}
						}
					}()
				}
				wg.Wait()
			}
			cases.ReportThroughput(b, 17056, cpu)
		})
	}
}
