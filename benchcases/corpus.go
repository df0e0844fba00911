package benchcases

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"maxmatch/internal/pytext"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
	"maxmatch/scorer"
)

// ModuleRoot returns the directory of the go.mod that governs dir.
func ModuleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
	}
}

// SharedData returns the shared evaluation data, ../shared/data beside the module root that
// governs dir, or an error saying where it was looked for.
func SharedData(dir string) (string, error) {
	root, err := ModuleRoot(dir)
	if err != nil {
		return "", err
	}
	data := filepath.Join(filepath.Dir(root), "shared", "data")
	if _, err := os.Stat(filepath.Join(data, "conll14")); err != nil {
		return "", fmt.Errorf("shared data not found at %s (it lives beside the repository as ../shared/data): %w", data, err)
	}
	return data, nil
}

// CoNLLGold is the standard CoNLL-2014 gold file (both annotators), relative to the shared data.
const CoNLLGold = "conll14/gold/official-2014.combined.m2"

// CoNLLSystems lists the submissions in the shared data (conll14/systems), sorted by name.
func CoNLLSystems(data string) ([]string, error) {
	ents, err := os.ReadDir(filepath.Join(data, "conll14", "systems"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, errors.New("no system in " + filepath.Join(data, "conll14", "systems"))
	}
	slices.Sort(names)
	return names, nil
}

// Corpus is a system output with its gold standard, read and parsed.
type Corpus struct {
	Name                 string
	SystemPath, GoldPath string
	SystemData, GoldData []byte
	Hyps                 []string
	Gold                 []scorer.Sentence
}

// ReadCorpus reads and parses a system output and an M2 gold file (release 3.2 reading).
func ReadCorpus(name, systemPath, goldPath string) (*Corpus, error) {
	sdata, err := os.ReadFile(systemPath)
	if err != nil {
		return nil, err
	}
	gdata, err := os.ReadFile(goldPath)
	if err != nil {
		return nil, err
	}
	c := &Corpus{Name: name, SystemPath: systemPath, GoldPath: goldPath, SystemData: sdata, GoldData: gdata}
	return c, c.parse()
}

// ParseCorpus parses a system output and an M2 gold file given as data.
func ParseCorpus(name string, system, gold []byte) (*Corpus, error) {
	c := &Corpus{Name: name, SystemData: system, GoldData: gold}
	return c, c.parse()
}

func (c *Corpus) parse() error {
	sysName, goldName := c.SystemPath, c.GoldPath
	if sysName == "" {
		sysName, goldName = c.Name+".txt", c.Name+".m2"
	}
	var err error
	if c.Hyps, err = scorer.ReadSystem(sysName, c.SystemData); err != nil {
		return err
	}
	if c.Gold, err = scorer.ReadM2(goldName, c.GoldData, 0); err != nil {
		return err
	}
	if len(c.Hyps) != len(c.Gold) {
		return fmt.Errorf("%s has %d sentences and %s %d", sysName, len(c.Hyps), goldName, len(c.Gold))
	}
	return nil
}

// Tokens counts the source and hypothesis tokens of the corpus.
func (c *Corpus) Tokens() (src, hyp int) {
	for i := range c.Gold {
		src += len(c.Gold[i].Tokens)
		hyp += len(pytext.Fields(c.Hyps[i]))
	}
	return src, hyp
}

// Pair is one sentence pair as the lattice sees it: interned source and hypothesis tokens and,
// per annotator, the gold edits.
type Pair struct {
	Src, Hyp []int32
	Gold     [][]lattice.Gold
}

// Pairs interns the corpus's sentence pairs with in, splitting hypotheses as the scorer does.
// Gold corrections that no token sequence can equal (two spaces in a row) are left out, as the
// scorer leaves them out.
func (c *Corpus) Pairs(in *levenshtein.Interner) []Pair {
	ps := make([]Pair, len(c.Gold))
	for i := range c.Gold {
		s := &c.Gold[i]
		p := &ps[i]
		p.Src = in.IDs(nil, s.Tokens)
		p.Hyp = in.IDs(nil, pytext.Fields(c.Hyps[i]))
		for _, a := range s.Annotators {
			var lg []lattice.Gold
			for _, g := range a.Edits {
				orig, _ := tokenIDs(in, g.Original)
				e := lattice.Gold{Start: g.Start, End: g.End, Original: orig}
				for _, corr := range g.Corrections {
					if ids, ok := tokenIDs(in, corr); ok {
						e.Corrections = append(e.Corrections, ids)
					}
				}
				lg = append(lg, e)
			}
			p.Gold = append(p.Gold, lg)
		}
	}
	return ps
}

// CasePair interns a generated case.
func CasePair(in *levenshtein.Interner, c *Case) Pair {
	p := Pair{Src: in.IDs(nil, c.Source), Hyp: in.IDs(nil, c.Hypothesis)}
	for _, a := range c.Annotators {
		var lg []lattice.Gold
		for _, e := range a {
			lg = append(lg, lattice.Gold{
				Start: e.Start, End: e.End,
				Original:    in.IDs(nil, c.Source[e.Start:e.End]),
				Corrections: [][]int32{in.IDs(nil, e.Correction)},
			})
		}
		p.Gold = append(p.Gold, lg)
	}
	return p
}

// tokenIDs interns the tokens that, joined by single spaces, give text; false when none do.
func tokenIDs(in *levenshtein.Interner, text string) ([]int32, bool) {
	if text == "" {
		return []int32{}, true
	}
	toks := strings.Split(text, " ")
	if slices.Contains(toks, "") {
		return nil, false
	}
	return in.IDs(nil, toks), true
}
