package scorer

import (
	"slices"
	"strings"
)

// ScoreSentence scores one hypothesis against one gold sentence on its own: every annotator is
// evaluated, and the one with the best F_β for this sentence alone is chosen, as Score would
// choose for a corpus of this one sentence. To score a corpus use Score: the official choice
// of a sentence's annotator depends on the counts of the sentences before it.
//
// It fails as Evaluator.Evaluate does.
func ScoreSentence(hypothesis string, gold *Sentence, opt Options) (SentenceResult, error) {
	ev, err := NewEvaluator(opt)
	if err != nil {
		return SentenceResult{}, err
	}
	r, err := ev.Evaluate(hypothesis, gold)
	if err != nil {
		return r, err
	}
	r.ChooseAlone(opt.Beta)
	return r, nil
}

// MatchedGold reports, for each of a's gold edits, whether a system edit matched it, by the
// matching rules of opt (see FixDuplicateGold and FixGoldOrder): as many gold edits are
// matched as a.Correct has edits.
func (a *AnnotatorResult) MatchedGold(opt Options) []bool {
	used := make([]bool, len(a.Gold))
	a.EachMatch(opt, func(_, j int) { used[j] = true })
	return used
}

// EachMatch calls match(i, j) for each of a's system edits i (an index into a.Edits) that
// matched gold edit j (an index into a.Gold), by the matching rules of opt, in the order the
// official counts them: once per edit of a.Correct. Under release 3.2 one system edit can match
// two identical gold edits (see FixDuplicateGold).
func (a *AnnotatorResult) EachMatch(opt Options, match func(edit, gold int)) {
	matchGold(a.Edits, a.Gold, opt.Effective(), match)
}

// TypeCounts are a corpus's gold edits of one error type (the second field of an A line), in
// the annotators chosen: how many there are and how many a system edit matched.
type TypeCounts struct {
	Type    string
	Gold    int // gold edits of this type
	Matched int // of which a system edit matched (true positives)
}

// Missed returns the gold edits of the type no system edit matched (false negatives).
func (c TypeCounts) Missed() int { return c.Gold - c.Matched }

// Recall returns Matched / Gold (1 when there is no gold edit, as the official's recall).
func (c TypeCounts) Recall() float64 {
	if c.Gold == 0 {
		return 1
	}
	return float64(c.Matched) / float64(c.Gold)
}

// TypeBreakdown adds up, over the sentences of a corpus, the chosen annotator's gold edits by
// error type. System edits carry no type, so false positives are only counted over all types.
type TypeBreakdown struct {
	opt    Options
	byType map[string]*TypeCounts
	// Correct and Proposed are the corpus counts (Correct = the sum of Matched over types).
	Correct, Proposed int
}

// NewTypeBreakdown returns an empty breakdown for results scored with opt.
func NewTypeBreakdown(opt Options) *TypeBreakdown {
	return &TypeBreakdown{opt: opt, byType: map[string]*TypeCounts{}}
}

// Add counts the gold edits of r's chosen annotator; call it after the annotator is chosen
// (as in Score's callback).
func (b *TypeBreakdown) Add(r *SentenceResult) {
	a := r.ChosenResult()
	for i, m := range a.MatchedGold(b.opt) {
		t := a.Gold[i].Type
		c := b.byType[t]
		if c == nil {
			c = &TypeCounts{Type: t}
			b.byType[t] = c
		}
		c.Gold++
		if m {
			c.Matched++
		}
	}
	n := a.Counts()
	b.Correct += n.Correct
	b.Proposed += n.Proposed
}

// Types returns the counts of every type seen, sorted by type name.
func (b *TypeBreakdown) Types() []TypeCounts {
	out := make([]TypeCounts, 0, len(b.byType))
	for _, c := range b.byType {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(x, y TypeCounts) int { return strings.Compare(x.Type, y.Type) })
	return out
}

// FalsePositives returns Proposed − Correct over all types. Under release 3.2 a system edit
// equal to two identical gold edits counts twice (FixDuplicateGold), so it can be negative.
func (b *TypeBreakdown) FalsePositives() int { return b.Proposed - b.Correct }
