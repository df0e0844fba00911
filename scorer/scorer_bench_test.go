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

// BenchmarkLongLine scores one long line (bench/cases.LongFamilies) as the command does, under
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
		f, ok := cases.LongFamilyByName(in.family)
		if !ok {
			b.Fatalf("no family %q", in.family)
		}
		c := f.Case(in.n, 1)
		corpus, err := cases.ParseCorpus(in.family, []byte(c.System()), []byte(c.M2()))
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
