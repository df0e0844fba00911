package stats_test

import (
	"fmt"
	"math"
	"strings"

	"maxmatch/scorer"
	"maxmatch/stats"
)

// score reads and scores a system's output, keeping every sentence's result.
func score(gold []scorer.Sentence, system string) []scorer.SentenceResult {
	hyps, err := scorer.ReadSystem("system.txt", []byte(system))
	if err != nil {
		panic(err)
	}
	var results []scorer.SentenceResult
	if _, err := scorer.Score(hyps, gold, scorer.DefaultOptions(), func(r *scorer.SentenceResult) error {
		results = append(results, *r)
		return nil
	}); err != nil {
		panic(err)
	}
	return results
}

// exampleCorpus is 40 sentences, each with one gold edit ("was" → "were").
func exampleCorpus() []scorer.Sentence {
	gold, err := scorer.ReadM2("gold.m2", []byte(strings.Repeat("S They was here .\nA 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0\n\n", 40)), 0)
	if err != nil {
		panic(err)
	}
	return gold
}

// A system that corrects the first 30 sentences and leaves the rest: 95% bootstrap intervals.
func ExampleBootstrap() {
	gold := exampleCorpus()
	system := strings.Repeat("They were here .\n", 30) + strings.Repeat("They was here .\n", 10)
	results := score(gold, system)
	iv, err := stats.Bootstrap(len(gold), stats.ResultsScore(results, 0.5), stats.Options{Resamples: 1000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("P %.4f [%.4f, %.4f]\n", iv.P.Value, iv.P.Lo, iv.P.Hi)
	fmt.Printf("R %.4f [%.4f, %.4f]\n", iv.R.Value, iv.R.Lo, iv.R.Hi)
	// Output:
	// P 1.0000 [1.0000, 1.0000]
	// R 0.7500 [0.6000, 0.8750]
}

// Two systems on the same gold: A corrects 30 of 40 sentences, B 29 and makes one wrong edit.
func ExamplePairedBootstrap() {
	gold := exampleCorpus()
	a := score(gold, strings.Repeat("They were here .\n", 30)+strings.Repeat("They was here .\n", 10))
	b := score(gold, strings.Repeat("They were here .\n", 29)+"They is here .\n"+strings.Repeat("They was here .\n", 10))
	res, err := stats.PairedBootstrap(len(gold), stats.ResultsScore(a, 0.5), stats.ResultsScore(b, 0.5), stats.Options{Resamples: 1000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("F_0.5 %.4f vs %.4f, p = %.4f\n", res.FA, res.FB, res.P)
	// Output:
	// F_0.5 0.9375 vs 0.9062, p = 0.5495
}

// Three systems against the first, the baseline, on the same resamples: each one's interval of
// F_0.5, its paired p-value, and the p-values adjusted for the two comparisons (Holm).
func ExampleCompare() {
	gold := exampleCorpus()
	outputs := []string{
		strings.Repeat("They was here .\n", 40), // the baseline: the source, unchanged
		strings.Repeat("They were here .\n", 30) + strings.Repeat("They was here .\n", 10),
		strings.Repeat("They were here .\n", 2) + strings.Repeat("They is here .\n", 2) + strings.Repeat("They was here .\n", 36),
	}
	var scores []stats.Score
	for _, o := range outputs {
		scores = append(scores, stats.ResultsScore(score(gold, o), 0.5))
	}
	c, err := stats.Compare(len(gold), scores, stats.Options{Resamples: 1000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := []float64{math.NaN(), c.Paired[1].P, c.Paired[2].P}
	holm := stats.Holm(p)
	for i, iv := range c.Intervals {
		fmt.Printf("system %d: F_0.5 %.4f [%.4f, %.4f]", i, iv.F.Value, iv.F.Lo, iv.F.Hi)
		if i > 0 {
			fmt.Printf(", p %.4f, Holm %.4f", p[i], holm[i])
		}
		fmt.Println()
	}
	// Output:
	// system 0: F_0.5 0.0000 [0.0000, 0.0000]
	// system 1: F_0.5 0.9375 [0.8824, 0.9722], p 0.0010, Holm 0.0020
	// system 2: F_0.5 0.1786 [0.0000, 0.3906], p 0.2018, Holm 0.2018
}
