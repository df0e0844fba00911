// Package benchcases provides the inputs of the benchmarks: the generated families of sentence pairs
// on which the scorers' cost grows (unrelated hypotheses, repeated clauses, long sentences with
// many gold edits) and the CoNLL-2014 corpus from the shared data, as M2 and system text for the
// commands and as interned token sequences for the stage benchmarks. The harness (bench) and the
// go test benchmarks of levenshtein, lattice and scorer use the same cases.
package benchcases

import (
	"fmt"
	"math/rand"
	"strings"
)

// Edit is one gold edit of a generated sentence: source tokens [Start:End] become Correction
// (empty: a deletion).
type Edit struct {
	Start, End int
	Correction []string
}

// Case is one generated sentence pair with its gold edits.
type Case struct {
	Source     []string
	Hypothesis []string
	Annotators [][]Edit // per annotator id 0, 1, …
}

// M2 returns the case as an M2 gold file of one sentence.
func (c *Case) M2() string {
	var b strings.Builder
	writeM2(&b, c)
	return b.String()
}

func writeM2(b *strings.Builder, c *Case) {
	fmt.Fprintf(b, "S %s\n", strings.Join(c.Source, " "))
	for a, edits := range c.Annotators {
		if len(edits) == 0 {
			fmt.Fprintf(b, "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||%d\n", a)
		}
		for _, e := range edits {
			fmt.Fprintf(b, "A %d %d|||Gen|||%s|||REQUIRED|||-NONE-|||%d\n", e.Start, e.End, strings.Join(e.Correction, " "), a)
		}
	}
	b.WriteString("\n")
}

// System returns the hypothesis as a system output file of one line.
func (c *Case) System() string { return strings.Join(c.Hypothesis, " ") + "\n" }

// Files returns the M2 and system text of several cases, one sentence each.
func Files(cs []Case) (m2, system string) {
	var g, s strings.Builder
	for i := range cs {
		writeM2(&g, &cs[i])
		s.WriteString(cs[i].System())
	}
	return g.String(), s.String()
}

// Family is a kind of generated sentence pair whose size is its number of source tokens.
type Family struct {
	Name        string
	Description string
	Generate    func(rng *rand.Rand, n int) Case
}

// Families are the generated families, in report order.
var Families = []Family{
	{
		Name: "unrelated",
		Description: "a hypothesis of n tokens sharing no token with its source of n tokens " +
			"(one gold substitution every 5 tokens): every cell of the Levenshtein grid is on an " +
			"optimal path, the lattice is the whole grid",
		Generate: unrelated,
	},
	{
		Name: "repeated-clause",
		Description: "a source of n tokens made of 8-token clauses, and a hypothesis that " +
			"repeats its first clause up to n tokens (a degenerate system output; one gold edit " +
			"per clause)",
		Generate: repeatedClause,
	},
	{
		Name: "many-gold",
		Description: "a source of n tokens with a gold edit every 3 tokens from each of two " +
			"annotators, and a hypothesis applying every second of annotator 0's edits plus a " +
			"wrong substitution every 10 tokens: a realistic lattice, long",
		Generate: manyGold,
	},
	rewriteFamily,
}

// FamilyByName returns the family with that name.
func FamilyByName(name string) (Family, bool) {
	for _, f := range Families {
		if f.Name == name {
			return f, true
		}
	}
	return Family{}, false
}

// Sizes are the default sentence lengths of the families: 10 to 320 tokens in steps of √2.
var Sizes = []int{10, 14, 20, 28, 40, 56, 80, 113, 160, 226, 320}

// Case returns the case of family f of size n; the same (f, n, seed) gives the same case.
func (f Family) Case(n int, seed int64) Case {
	return f.Generate(rand.New(rand.NewSource(seed*1_000_003+int64(n))), n)
}

// words is a plain English vocabulary; the families draw from disjoint halves of it where they
// need unrelated tokens.
var words = strings.Fields(`the a of to and in that is was he for it with as his on be at by had
not are but from or have an they which one you were her all she there would their we him been has
when who will more no if out so said what up its about into than them can only other new some
could time these two may then do first any my now such like our over man me even most made after
also did many before must through back years where much your way well down should because each
just those people how too little state good very make world still own see men work long get here
between both life being under never day same another know while last might us great old year off
come since against go came right used take three`)

func pick(rng *rand.Rand, vocab []string) string { return vocab[rng.Intn(len(vocab))] }

func unrelated(rng *rand.Rand, n int) Case {
	half := len(words) / 2
	c := Case{Source: make([]string, n), Hypothesis: make([]string, n)}
	for i := range n {
		c.Source[i] = pick(rng, words[:half])
		c.Hypothesis[i] = pick(rng, words[half:])
	}
	var gold []Edit
	for i := 2; i < n; i += 5 {
		gold = append(gold, Edit{i, i + 1, []string{pick(rng, words[half:])}})
	}
	c.Annotators = [][]Edit{gold}
	return c
}

const clause = 8

func repeatedClause(rng *rand.Rand, n int) Case {
	c := Case{Source: make([]string, n), Hypothesis: make([]string, n)}
	for i := range n {
		c.Source[i] = pick(rng, words)
	}
	for i := range n {
		c.Hypothesis[i] = c.Source[i%clause]
	}
	var gold []Edit
	for i := 3; i < n; i += clause {
		gold = append(gold, Edit{i, i + 1, []string{pick(rng, words)}})
	}
	c.Annotators = [][]Edit{gold}
	return c
}

func manyGold(rng *rand.Rand, n int) Case {
	c := Case{Source: make([]string, n)}
	for i := range n {
		c.Source[i] = pick(rng, words)
	}
	// Each annotator edits one token in every group of 3: a substitution, a deletion or an
	// insertion before it. Annotator 1 agrees with annotator 0 on two groups in three.
	ann := make([][]Edit, 2)
	for g := 0; g+3 <= n; g += 3 {
		e0 := randomEdit(rng, g+rng.Intn(3))
		e1 := e0
		if (g/3)%3 == 2 {
			e1 = randomEdit(rng, g+rng.Intn(3))
		}
		ann[0] = append(ann[0], e0)
		ann[1] = append(ann[1], e1)
	}
	c.Annotators = ann
	// The hypothesis applies every second edit of annotator 0 and substitutes a wrong word for
	// every tenth token it keeps.
	applied := make(map[int]Edit)
	for k, e := range ann[0] {
		if k%2 == 0 {
			applied[e.Start] = e
		}
	}
	for i := 0; i <= n; {
		if e, ok := applied[i]; ok {
			c.Hypothesis = append(c.Hypothesis, e.Correction...)
			if e.End > i {
				i = e.End
				continue
			}
		}
		if i == n {
			break
		}
		tok := c.Source[i]
		if i%10 == 9 {
			tok = pick(rng, words)
		}
		c.Hypothesis = append(c.Hypothesis, tok)
		i++
	}
	return c
}

func randomEdit(rng *rand.Rand, at int) Edit {
	switch rng.Intn(3) {
	case 0:
		return Edit{at, at + 1, []string{pick(rng, words)}}
	case 1:
		return Edit{at, at + 1, nil}
	}
	return Edit{at, at, []string{pick(rng, words)}}
}
