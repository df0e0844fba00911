package m2verbose

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"maxmatch/internal/pytext"
	"maxmatch/scorer"
)

// Annotator is what the official -v output says of one sentence and one annotator.
type Annotator struct {
	ID      int
	Edits   []string // EDIT SEQ: the system edits, trimmed as the official prints them
	Gold    int      // the number of GOLD EDITS
	Correct []string // CORRECT EDITS, as counted (untrimmed)
}

// Sentence is one sentence of a run: every annotator visited, and the one chosen.
type Sentence struct {
	Annotators []Annotator
	Chosen     int
}

// Run is a whole run: the sentences and the three printed figures.
type Run struct {
	Sentences []Sentence
	Figures   []string // "Precision   : …", "Recall      : …", "F_… : …"
}

// EditString renders an edit as a Python 2 tuple repr, the way both sides are compared.
func EditString(start, end int, orig, corr string) string {
	return fmt.Sprintf("(%d, %d, %s, %s)", start, end, pytext.Repr(orig), pytext.Repr(corr))
}

// String renders a sentence for comparison and for reports.
func (s Sentence) String() string {
	var b strings.Builder
	for _, a := range s.Annotators {
		fmt.Fprintf(&b, "  annotator %d: edits %v gold %d correct %v\n", a.ID, a.Edits, a.Gold, a.Correct)
	}
	fmt.Fprintf(&b, "  chosen %d\n", s.Chosen)
	return b.String()
}

func tupleStrings(v pyValue) ([]string, error) {
	list, ok := v.([]pyValue)
	if !ok && v != nil {
		return nil, fmt.Errorf("not a list: %v", v)
	}
	var out []string
	for _, item := range list {
		t, ok := item.([]pyValue)
		if !ok || len(t) != 4 {
			return nil, fmt.Errorf("not an edit tuple: %v", item)
		}
		s, _ := t[0].(int64)
		e, _ := t[1].(int64)
		o, _ := t[2].(string)
		c, _ := t[3].(string)
		out = append(out, EditString(int(s), int(e), o, c))
	}
	return out, nil
}

// ParseVerbose reads the standard output of the official scorer run with -v.
func ParseVerbose(out []byte) (*Run, error) {
	run := &Run{}
	var cur Sentence
	for _, line := range strings.Split(string(out), "\n") {
		field := func(prefix string) (string, bool) {
			if strings.HasPrefix(line, prefix) {
				return line[len(prefix):], true
			}
			return "", false
		}
		if v, ok := field(">> Annotator: "); ok {
			id, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return nil, err
			}
			cur.Annotators = append(cur.Annotators, Annotator{ID: id})
			continue
		}
		for _, f := range []string{"EDIT SEQ      : ", "GOLD EDITS    : ", "CORRECT EDITS : "} {
			v, ok := field(f)
			if !ok {
				continue
			}
			if len(cur.Annotators) == 0 {
				return nil, fmt.Errorf("%q before any annotator", f)
			}
			last := &cur.Annotators[len(cur.Annotators)-1]
			pv, err := parsePyRepr(v)
			if err != nil {
				return nil, fmt.Errorf("%s%v", f, err)
			}
			switch f[0] {
			case 'E':
				last.Edits, err = tupleStrings(pv)
			case 'G':
				list, _ := pv.([]pyValue)
				last.Gold = len(list)
			case 'C':
				last.Correct, err = tupleStrings(pv)
			}
			if err != nil {
				return nil, err
			}
		}
		if v, ok := field(">> Chosen Annotator for line "); ok {
			parts := strings.Split(v, " : ")
			id, err := strconv.Atoi(strings.TrimSpace(parts[len(parts)-1]))
			if err != nil {
				return nil, err
			}
			cur.Chosen = id
			run.Sentences = append(run.Sentences, cur)
			cur = Sentence{}
		}
		if strings.HasPrefix(line, "Precision   : ") || strings.HasPrefix(line, "Recall      : ") ||
			(strings.HasPrefix(line, "F_") && strings.Contains(line, "       : ")) {
			run.Figures = append(run.Figures, line)
		}
	}
	if len(run.Figures) != 3 {
		return nil, fmt.Errorf("the official output has no final figures")
	}
	return run, nil
}

// Ours scores the two files in-process and puts the result in the official's form.
func Ours(opt scorer.Options, gold, sys []byte) (*Run, error) {
	// The official reading of every file it accepts, spans it cannot use included (the default).
	g, err := scorer.M2Reader{Fixes: opt.Effective()}.Read("gold.m2", gold)
	if err != nil {
		return nil, err
	}
	h, err := scorer.ReadSystem("system.txt", sys)
	if err != nil {
		return nil, err
	}
	run := &Run{}
	t, err := scorer.Score(h, g, opt, func(r *scorer.SentenceResult) error {
		var s Sentence
		for _, a := range r.Annotators {
			oa := Annotator{ID: a.Annotator, Gold: len(a.Gold)}
			for _, e := range a.Edits {
				t := scorer.Trim(e)
				oa.Edits = append(oa.Edits, EditString(t.Start, t.End, t.Original, t.Correction))
			}
			for _, e := range a.Correct {
				oa.Correct = append(oa.Correct, EditString(e.Start, e.End, e.Original, e.Correction))
			}
			s.Annotators = append(s.Annotators, oa)
		}
		s.Chosen = r.ChosenResult().Annotator
		run.Sentences = append(run.Sentences, s)
		return nil
	})
	if err != nil {
		return nil, err
	}
	p, r, f := t.PRF()
	run.Figures = []string{
		fmt.Sprintf("Precision   : %.4f", p),
		fmt.Sprintf("Recall      : %.4f", r),
		fmt.Sprintf("F_%.1f       : %.4f", opt.Beta, f),
	}
	return run, nil
}

// Diff describes the first difference between the official run and ours, or returns "".
func Diff(official, ours *Run) string {
	if len(official.Sentences) != len(ours.Sentences) {
		return fmt.Sprintf("the official scored %d sentences, we %d", len(official.Sentences), len(ours.Sentences))
	}
	for i := range official.Sentences {
		if o, u := official.Sentences[i].String(), ours.Sentences[i].String(); o != u {
			return fmt.Sprintf("sentence %d differs\nofficial:\n%sours:\n%s", i+1, o, u)
		}
	}
	if o, u := strings.Join(official.Figures, "\n"), strings.Join(ours.Figures, "\n"); o != u {
		return fmt.Sprintf("figures differ\nofficial:\n%s\nours:\n%s", o, u)
	}
	return ""
}

// Args are the official scorer's flags for the options (u, β, and the casing flag).
func Args(opt scorer.Options) []string {
	a := []string{"--max_unchanged_words", fmt.Sprint(opt.MaxUnchangedWords), "--beta", fmt.Sprint(opt.Beta)}
	if opt.IgnoreWhitespaceCasing {
		a = append(a, "--ignore_whitespace_casing")
	}
	return a
}

// ReadOptions reads a case's options file: on one line, the official scorer's flags
// (--max_unchanged_words N, --beta B, --ignore_whitespace_casing) and --compat and --fix as the
// command takes them (for instance "--compat 3.2 --max_unchanged_words 1 --beta 0.5").
func ReadOptions(path string) (scorer.Options, error) {
	opt := scorer.DefaultOptions()
	data, err := os.ReadFile(path)
	if err != nil {
		return opt, err
	}
	args := strings.Fields(string(data))
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(args[i], "=")
		if name == "--ignore_whitespace_casing" && !hasValue {
			opt.IgnoreWhitespaceCasing = true
			continue
		}
		if !hasValue && i+1 < len(args) {
			value, hasValue = args[i+1], true
			i++
		}
		switch {
		case !hasValue:
			err = fmt.Errorf("%s takes a value", name)
		case name == "--max_unchanged_words":
			opt.MaxUnchangedWords, err = strconv.Atoi(value)
		case name == "--beta":
			opt.Beta, err = strconv.ParseFloat(value, 64)
		case name == "--compat":
			opt.Compat, err = scorer.ParseCompat(value)
		case name == "--fix":
			var f scorer.Fix
			f, err = scorer.ParseFixes(value)
			opt.Fixes |= f
		default:
			err = fmt.Errorf("unexpected %q", args[i])
		}
		if err != nil {
			return opt, fmt.Errorf("%s: %v", path, err)
		}
	}
	return opt, nil
}
