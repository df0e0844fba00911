package scorer_test

import (
	"fmt"
	"math/rand/v2"
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
