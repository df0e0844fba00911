package scorer_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"maxmatch/scorer"
)

// Gold edits from corrected references (JFLEG-style data), one annotator per reference, written
// as M2 and applied back.
func ExampleReferenceAligner() {
	opt := scorer.DefaultOptions()
	opt.MaxUnchangedWords = 0 // edits hold changed tokens only
	aligner, err := scorer.NewReferenceAligner(opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _, err := aligner.Sentence("He go to school every days .", []string{
		"He goes to school every day .",
		"He went to the school every day .",
		"He go to school every days .",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	w := scorer.NewM2Writer(os.Stdout)
	w.NoopLines = true
	w.Write(&s)
	if err := w.Flush(); err != nil {
		fmt.Println(err)
	}
	corrected, _ := scorer.ApplyEdits(s.Tokens, s.Annotators[1].Edits)
	fmt.Println(corrected)
	// Output:
	// S He go to school every days .
	// A 1 2|||UNK|||goes|||REQUIRED|||-NONE-|||0
	// A 5 6|||UNK|||day|||REQUIRED|||-NONE-|||0
	// A 1 2|||UNK|||went|||REQUIRED|||-NONE-|||1
	// A 3 3|||UNK|||the|||REQUIRED|||-NONE-|||1
	// A 5 6|||UNK|||day|||REQUIRED|||-NONE-|||1
	// A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||2
	//
	// [He went to the school every day .]
}

// Scoring against the gold edits of some error types only, the CoNLL-2013 way: the system's
// edits are not filtered, so its edit of another type becomes a false positive.
func ExampleRestrictTypes() {
	gold, err := scorer.ReadM2("gold.m2", []byte(exampleGold), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	hyps, _ := scorer.ReadSystem("system.txt", []byte(exampleSystem))
	for _, types := range [][]string{nil, {"SVA"}, {"Prep"}} {
		restricted := gold
		if types != nil {
			if restricted, err = scorer.RestrictTypes(gold, types); err != nil {
				var unknown *scorer.UnknownTypesError
				fmt.Println(errors.As(err, &unknown), err)
				continue
			}
		}
		t, _ := scorer.Score(hyps, restricted, scorer.DefaultOptions(), nil)
		fmt.Printf("%v: %+v\n", types, t.Counts())
	}
	// Output:
	// []: {Correct:3 Proposed:4 Gold:4}
	// [SVA]: {Correct:2 Proposed:4 Gold:2}
	// true no gold edit has the error type "Prep": the types present are ArtOrDet, Nn, SVA
}

// The same restriction for a gold file read as it is scored: its types are summarised by a
// first reading (GoldSummary), then each sentence is restricted as the second reading hands it
// to Pairs, and ScoreStream scores the pairs.
func ExampleTypeRestriction() {
	var summary scorer.GoldSummary
	first := scorer.M2Reader{}.Stream("gold.m2", strings.NewReader(exampleGold))
	for {
		s, err := first.Next()
		if err != nil {
			break // io.EOF, or an error that the second reading gives again
		}
		summary.Add(s)
	}
	restrict, err := scorer.NewTypeRestriction([]string{"SVA"}, summary.Types())
	if err != nil {
		fmt.Println(err)
		return
	}
	gold := restrict.Reader(scorer.M2Reader{}.Stream("gold.m2", strings.NewReader(exampleGold)))
	pairs := scorer.Pairs(gold, scorer.NewSystemStream("system.txt", strings.NewReader(exampleSystem)), nil)
	t, err := scorer.ScoreStream(pairs, scorer.DefaultOptions(), nil)
	fmt.Printf("%d sentences, %d annotators, types %v; [SVA]: %+v %v\n", summary.Sentences, summary.Annotators(), summary.Types(), t.Counts(), err)
	// Output:
	// 3 sentences, 2 annotators, types [ArtOrDet Nn SVA]; [SVA]: {Correct:2 Proposed:4 Gold:2} <nil>
}

// Detection, recognition and correction of the edits of the chosen annotators, added up over a
// corpus. The system's edits, as the official counts them, are "The cat sat" → "The cats sat"
// (trimmed: "cat" → "cats", which overlaps the gold edit of "cat sat"), "on" → "at" (correct)
// and "mat ." → "a mat ." (trimmed: "a" inserted where the gold edit inserts "the").
func ExampleAnnotatorResult_Levels() {
	gold, _ := scorer.ReadM2("gold.m2", []byte(`S The cat sat on mat .
A 1 3|||SVA|||cats sit|||REQUIRED|||-NONE-|||0
A 3 4|||Prep|||at|||REQUIRED|||-NONE-|||0
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
`), 0)
	hyps := []string{"The cats sat at a mat ."}
	var total scorer.Levels
	scorer.Score(hyps, gold, scorer.DefaultOptions(), func(r *scorer.SentenceResult) error {
		total = total.Add(r.ChosenResult().Levels())
		return nil
	})
	for _, l := range []struct {
		name string
		c    scorer.LevelCounts
	}{{"detection", total.Detection}, {"recognition", total.Recognition}, {"correction", total.Correction}} {
		p, r, f := l.c.PRF(0.5)
		fmt.Printf("%-11s %+v P %.2f R %.2f F %.2f\n", l.name, l.c, p, r, f)
	}
	// Output:
	// detection   {Proposed:3 Gold:3 SystemHits:3 GoldHits:3} P 1.00 R 1.00 F 1.00
	// recognition {Proposed:3 Gold:3 SystemHits:2 GoldHits:2} P 0.67 R 0.67 F 0.67
	// correction  {Proposed:3 Gold:3 SystemHits:1 GoldHits:1} P 0.33 R 0.33 F 0.33
}
