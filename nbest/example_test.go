package nbest_test

import (
	"fmt"
	"io"
	"strings"

	"maxmatch/nbest"
)

// Reading a Moses n-best list group by group: a sentence's hypotheses come together.
func ExampleReader() {
	list := "0 ||| The cat sat . ||| lm=-3 ||| -3\n0 ||| A cat sat . ||| lm=-4 ||| -4\n2 ||| They were happy . ||| lm=-2 ||| -2\n"
	rd := nbest.NewReader(strings.NewReader(list), "list.nbest", nbest.Auto, 3)
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		fmt.Printf("sentence %d (line %d): %q\n", g.Sentence, g.Line, g.Hyps)
	}
	// Output:
	// sentence 0 (line 1): ["The cat sat ." "A cat sat ."]
	// sentence 2 (line 3): ["They were happy ."]
}

// The oracle of two sentences with two candidates each, given by their counts against one
// annotator: the best corpus F_0.5 takes the precise candidate of sentence 0 and the thorough
// one of sentence 1.
func ExampleOracle() {
	sentences := [][]nbest.Candidate{
		{{{Correct: 1, Proposed: 1, Gold: 2}}, {{Correct: 2, Proposed: 5, Gold: 2}}},
		{{{Correct: 0, Proposed: 0, Gold: 1}}, {{Correct: 1, Proposed: 1, Gold: 1}}},
	}
	res := nbest.Oracle(sentences, 0.5)
	p, r, f := res.Totals.PRF()
	fmt.Printf("choice %v: P %.4f R %.4f F %.4f (%v)\n", res.Choice, p, r, f, res.Method)
	fmt.Printf("upper bound %.4f\n", res.UpperBound)
	// Output:
	// choice [0 1]: P 1.0000 R 0.6667 F 0.9091 (enumeration)
	// upper bound 0.9091
}
