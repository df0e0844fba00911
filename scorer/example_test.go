package scorer_test

import (
	"errors"
	"fmt"
	"strings"

	"maxmatch/scorer"
)

const exampleGold = `S The cat sat on mat .
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||1

S They was happy .
A 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0

S He go to school every days .
A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0
A 5 6|||Nn|||day|||REQUIRED|||-NONE-|||0
`

const exampleSystem = `The cat sat on the mat .
They were very happy .
He goes to school every days .
`

// Scoring a corpus: the official three figures, and each sentence's chosen annotator.
func ExampleScore() {
	gold, err := scorer.ReadM2("gold.m2", []byte(exampleGold), 0)
	if err != nil {
		panic(err)
	}
	hyps, err := scorer.ReadSystem("system.txt", []byte(exampleSystem))
	if err != nil {
		panic(err)
	}
	totals, err := scorer.Score(hyps, gold, scorer.DefaultOptions(), func(r *scorer.SentenceResult) error {
		a := r.ChosenResult()
		n := a.Counts()
		fmt.Printf("sentence %d: annotator %d, %d correct, %d proposed, %d gold\n", r.Index+1, a.Annotator, n.Correct, n.Proposed, n.Gold)
		return nil
	})
	if err != nil {
		panic(err)
	}
	p, r, f := totals.PRF()
	fmt.Printf("Precision   : %.4f\nRecall      : %.4f\nF_0.5       : %.4f\n", p, r, f)
	// Output:
	// sentence 1: annotator 0, 1 correct, 1 proposed, 1 gold
	// sentence 2: annotator 0, 1 correct, 2 proposed, 1 gold
	// sentence 3: annotator 0, 1 correct, 1 proposed, 2 gold
	// Precision   : 0.7500
	// Recall      : 0.7500
	// F_0.5       : 0.7500
}

// Scoring one sentence on its own: each annotator's view of the system's edits, which of them
// match, and the annotator that gives the best F_0.5 for this sentence alone. Edits are as the
// scorer counts them: for annotator 0, whose gold edit is elsewhere, M² explains the change with
// a phrase that carries unchanged words; Trim shows it as the official -v does.
func ExampleScoreSentence() {
	gold, err := scorer.ReadM2("gold.m2", []byte(exampleGold), 0)
	if err != nil {
		panic(err)
	}
	r, err := scorer.ScoreSentence("The cats sat on mat .", &gold[0], scorer.DefaultOptions())
	if err != nil {
		panic(err)
	}
	for _, a := range r.Annotators {
		for _, e := range a.Edits {
			fmt.Printf("annotator %d: edit %v, shown as %v\n", a.Annotator, e, scorer.Trim(e))
		}
		fmt.Printf("annotator %d: correct %v\n", a.Annotator, a.Correct)
	}
	fmt.Println("chosen:", r.ChosenResult().Annotator)
	// Output:
	// annotator 0: edit {0 3 The cat sat The cats sat}, shown as {1 2 cat cats}
	// annotator 0: correct []
	// annotator 1: edit {1 2 cat cats}, shown as {1 2 cat cats}
	// annotator 1: correct [{1 2 cat cats}]
	// chosen: 1
}

// Malformed input is a *ParseError: file, line, column, what was found and what was expected.
func ExampleReadM2_error() {
	_, err := scorer.ReadM2("gold.m2", []byte("S The cat sat .\nA 1 two|||Nn|||cats|||REQUIRED|||-NONE-|||0\n"), 0)
	fmt.Println(err)
	var pe *scorer.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Line, pe.Column)
	}
	// Output:
	// gold.m2:2:5: span (field 1): expected an integer end offset, found "two"
	// 2 5
}

// A span the official scorer accepts but cannot use is read as it reads it (dropped when outside
// the sentence, kept and never matched when reversed), and reported to Warn; Strict refuses it.
func ExampleM2Reader() {
	gold := []byte("S The cat sat .\nA 4 6|||Mec|||again|||REQUIRED|||-NONE-|||0\nA 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||0\n")
	r := scorer.M2Reader{Warn: func(pe *scorer.ParseError) { fmt.Println("warning:", pe.Line, pe.Column) }}
	sentences, _ := r.Read("gold.m2", gold)
	fmt.Println(len(sentences[0].Annotators[0].Edits), "gold edit kept")
	_, err := scorer.M2Reader{Strict: true}.Read("gold.m2", gold)
	fmt.Println(err)
	// Output:
	// warning: 2 3
	// 1 gold edit kept
	// gold.m2:2:3: span (field 1) "4 6" is outside the sentence's 4 tokens: expected 0 ≤ start ≤ end ≤ 4; the official scorer silently ignores such an edit (without --strict, so does maxmatch, with a warning)
}

// The gold edits of the chosen annotators by error type; system edits carry no type, so false
// positives are only counted over all types.
func ExampleTypeBreakdown() {
	gold, _ := scorer.ReadM2("gold.m2", []byte(exampleGold), 0)
	hyps, _ := scorer.ReadSystem("system.txt", []byte(exampleSystem))
	opt := scorer.DefaultOptions()
	types := scorer.NewTypeBreakdown(opt)
	scorer.Score(hyps, gold, opt, func(r *scorer.SentenceResult) error {
		types.Add(r)
		return nil
	})
	for _, t := range types.Types() {
		fmt.Printf("%-8s gold %d, matched %d, missed %d, recall %.2f\n", t.Type, t.Gold, t.Matched, t.Missed(), t.Recall())
	}
	fmt.Println("false positives:", types.FalsePositives())
	// Output:
	// ArtOrDet gold 1, matched 1, missed 0, recall 1.00
	// Nn       gold 1, matched 0, missed 1, recall 0.00
	// SVA      gold 2, matched 2, missed 0, recall 1.00
	// false positives: 1
}

// Re-running the annotator choice over another sequence of the scored sentences, as a
// bootstrap resample does, without evaluating them again.
func ExampleRetotal() {
	gold, _ := scorer.ReadM2("gold.m2", []byte(exampleGold), 0)
	hyps, _ := scorer.ReadSystem("system.txt", []byte(exampleSystem))
	var results []scorer.SentenceResult
	scorer.Score(hyps, gold, scorer.DefaultOptions(), func(r *scorer.SentenceResult) error {
		results = append(results, *r)
		return nil
	})
	for _, order := range [][]int{{0, 1, 2}, {2, 2, 1}} {
		t := scorer.Retotal(results, 0.5, order)
		fmt.Printf("%v: %+v\n", order, t.Counts())
	}
	// Output:
	// [0 1 2]: {Correct:3 Proposed:4 Gold:4}
	// [2 2 1]: {Correct:3 Proposed:4 Gold:5}
}

// Scoring an n-best list: the gold prepared once, each hypothesis scored on its own with the
// sentence-level rule (the annotator the official would choose for this sentence alone), the
// duplicate scored once.
func ExamplePreparedEvaluator_EvaluateAll() {
	gold, _ := scorer.ReadM2("gold.m2", []byte(exampleGold), 0)
	prepared := scorer.Prepare(gold, scorer.DefaultOptions())
	ev := prepared.Evaluator() // one per goroutine; prepared is shared
	hyps := []string{"The cat sat on mat .", "The cats sat on mat .", "The cat sat on the mat .", "The cats sat on mat ."}
	results, err := ev.EvaluateAll(nil, 0, hyps)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, r := range results {
		n := r.ChosenResult().Counts()
		p, rec, f := n.PRF(0.5)
		fmt.Printf("%d: annotator %d, %+v, P %.2f R %.2f F %.2f\n", k, r.ChosenResult().Annotator, n, p, rec, f)
	}
	// Output:
	// 0: annotator 0, {Correct:0 Proposed:0 Gold:1}, P 1.00 R 0.00 F 0.00
	// 1: annotator 1, {Correct:1 Proposed:1 Gold:1}, P 1.00 R 1.00 F 1.00
	// 2: annotator 0, {Correct:1 Proposed:1 Gold:1}, P 1.00 R 1.00 F 1.00
	// 3: annotator 1, {Correct:1 Proposed:1 Gold:1}, P 1.00 R 1.00 F 1.00
}

// Scoring files of any size in bounded memory: both are read incrementally, each sentence is
// scored, its annotator chosen and passed on as soon as it can be, and nothing is kept.
func ExampleScoreStream() {
	gold := scorer.M2Reader{}.Stream("gold.m2", strings.NewReader(`S The cat sat on mat .
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0

S They was happy .
A 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0
`))
	system := scorer.NewSystemStream("system.txt", strings.NewReader("The cat sat on the mat .\nThey were very happy .\n"))
	totals, err := scorer.ScoreStream(scorer.Pairs(gold, system, nil), scorer.DefaultOptions(), func(r *scorer.SentenceResult) error {
		n := r.ChosenResult().Counts()
		fmt.Printf("sentence %d (gold line %d): %d correct, %d proposed, %d gold\n", r.Index+1, r.Gold.Line, n.Correct, n.Proposed, n.Gold)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, r, f := totals.PRF()
	fmt.Printf("P %.4f R %.4f F_0.5 %.4f\n", p, r, f)
	// Output:
	// sentence 1 (gold line 1): 1 correct, 1 proposed, 1 gold
	// sentence 2 (gold line 4): 1 correct, 2 proposed, 1 gold
	// P 0.6667 R 1.0000 F_0.5 0.7143
}
