package m2extract

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"maxmatch/internal/pytext"
	"maxmatch/internal/worddiff"
	"maxmatch/internal/wording"
	"maxmatch/lattice"
	"maxmatch/scorer"
	"maxmatch/tokenize"
)

// Options are the extraction's parameters.
type Options struct {
	// MaxUnchangedWords is u, the most unchanged tokens one edit may hold (the M² default is 2).
	MaxUnchangedWords int
	// Progress, when not nil, hears how far the work is, step by step: stage names the step
	// and what it counts ("tokenizing source line", "tokenizing system line", "aligning
	// sentence", "converting gold edit", "scoring sentence"), done of total. It is called from
	// the goroutine doing the work.
	Progress func(stage string, done, total int)
}

// report tells opt.Progress, if any.
func (opt Options) report(stage string, done, total int) {
	if opt.Progress != nil {
		opt.Progress(stage, done, total)
	}
}

// DefaultOptions returns u = 2, the M² scorer's default.
func DefaultOptions() Options { return Options{MaxUnchangedWords: 2} }

// Edit is a system edit: bytes [Start, End) of the source (Original) become Correction.
type Edit struct {
	Start, End int
	Original   string
	Correction string
	// Gold says the edit equals a gold edit in start, end and correction (one of its
	// corrections), byte for byte: found token for token and written with the gold's bytes,
	// or converted from tokens into those very bytes.
	Gold bool
}

// Stats say what the extraction had to approximate.
type Stats struct {
	Sentences int // source sentences
	Units     int // scoring units: sentences joined where an edit crosses their boundary
	// GoldCorrections counts the gold (edit, correction) pairs; GoldWidened those whose span
	// is not on token boundaries (or whose correction changes the tokens around it), so that
	// they were widened to whole tokens; GoldLost those that change no token (white space
	// only), which token edits cannot express.
	GoldCorrections, GoldWidened, GoldLost int
	Edits                                  int // system edits found
	GoldEqual                              int // of which equal to a gold edit (Edit.Gold)
	Bounded                                int // units too large for the exact M² search (scored by the bounded search)
	// Joined counts gold edits with more than u unchanged tokens inside, which M² cannot
	// propose as one edit, made of the system edits that together with the unchanged tokens
	// between them make exactly that gold edit.
	Joined int
	// GoldBytesTokenized counts the bytes of corrected text tokenized to convert the gold
	// corrections: the few words around each, however long its sentence.
	GoldBytesTokenized int
}

// Add returns s + t.
func (s Stats) Add(t Stats) Stats {
	return Stats{s.Sentences + t.Sentences, s.Units + t.Units, s.GoldCorrections + t.GoldCorrections,
		s.GoldWidened + t.GoldWidened, s.GoldLost + t.GoldLost, s.Edits + t.Edits, s.GoldEqual + t.GoldEqual, s.Bounded + t.Bounded, s.Joined + t.Joined,
		s.GoldBytesTokenized + t.GoldBytesTokenized}
}

// Source is a source text cut into sentences and tokens.
type Source struct {
	Text      string
	Sentences []tokenize.Sentence
	Tokens    []tokenize.Token // of all sentences
	first     []int            // first[k]: index of sentence k's first token; first[len(Sentences)] = len(Tokens)
}

// NewSource tokenizes a source text (only opt.Progress is used).
func NewSource(text string, opt Options) *Source {
	src := &Source{Text: text, Sentences: sentences(text, "tokenizing source line", opt)}
	for _, s := range src.Sentences {
		src.first = append(src.first, len(src.Tokens))
		src.Tokens = append(src.Tokens, s.Tokens...)
	}
	src.first = append(src.first, len(src.Tokens))
	return src
}

// sentences is tokenize.Sentences(text), opt.Progress hearing of each line done.
func sentences(text, stage string, opt Options) []tokenize.Sentence {
	if opt.Progress == nil {
		return tokenize.Sentences(text)
	}
	return tokenize.SentencesReported(text, func(lines, total int) { opt.report(stage, lines, total) })
}

// sentenceAt returns the last sentence that starts at or before byte offset i (0 if none).
func (src *Source) sentenceAt(i int) int {
	k := sort.Search(len(src.Sentences), func(k int) bool { return src.Sentences[k].Start > i })
	return max(k-1, 0)
}

// sentenceOfToken returns the sentence holding token t (t < len(Tokens)).
func (src *Source) sentenceOfToken(t int) int {
	return sort.Search(len(src.Sentences), func(k int) bool { return src.first[k+1] > t })
}

// tokenizePieces tokenizes text[cuts[i]:cuts[i+1]], each piece as one sentence, and returns
// the tokens (offsets into text) and the index of each piece's first token. report, when not
// nil, is called after each piece.
func tokenizePieces(text string, cuts []int, report func(done, total int)) (toks []tokenize.Token, firsts []int) {
	for i := 0; i+1 < len(cuts); i++ {
		if report != nil && i > 0 {
			report(i, len(cuts)-1) // pieces done
		}
		firsts = append(firsts, len(toks))
		piece := text[cuts[i]:cuts[i+1]]
		lead := len(piece) - len(strings.TrimLeftFunc(piece, tokenize.IsSpace))
		for _, t := range tokenize.Words(strings.TrimFunc(piece, tokenize.IsSpace)) {
			t.Start += cuts[i] + lead
			t.End += cuts[i] + lead
			toks = append(toks, t)
		}
	}
	firsts = append(firsts, len(toks))
	if report != nil {
		report(len(cuts)-1, len(cuts)-1)
	}
	return toks, firsts
}

// system is a system text tokenized piece by piece along the source's sentences.
type system struct {
	text   string
	tokens []tokenize.Token
	first  []int // first[k]: the first token of the piece of source sentence k
}

// align carries the source's sentence boundaries over to the system text (step 3 of the
// package documentation) and tokenizes it. crosses[k] reports that a changed region crosses
// the boundary before source sentence k.
func (src *Source) align(text string, opt Options) (sys system, crosses []bool) {
	var first []tokenize.Token
	for _, s := range sentences(text, "tokenizing system line", opt) {
		first = append(first, s.Tokens...)
	}
	hunks := worddiff.Diff(tokenTexts(src.Tokens), tokenTexts(first))
	K := len(src.Sentences)
	crosses = make([]bool, K)
	cuts := make([]int, K+1)
	cuts[K] = len(text)
	shift, h := 0, 0
	for k := 1; k < K; k++ {
		b := src.first[k]
		for h < len(hunks) && (hunks[h].OldEnd < b || hunks[h].OldEnd == b && hunks[h].OldStart < b) {
			shift += (hunks[h].NewEnd - hunks[h].NewStart) - (hunks[h].OldEnd - hunks[h].OldStart)
			h++
		}
		j := b + shift
		if h < len(hunks) {
			switch hk := hunks[h]; {
			case hk.OldStart < b: // the boundary is inside a changed region
				j = hk.NewEnd
				crosses[k] = true
			case hk.OldStart == b && hk.OldEnd == b: // an insertion at the boundary
				j = hk.NewStart
				for j < hk.NewEnd && !spaceBefore(text, first[j].Start) {
					j++ // attached to the sentence before
				}
			}
		}
		if j < len(first) {
			cuts[k] = first[j].Start
		} else {
			cuts[k] = len(text)
		}
		cuts[k] = max(cuts[k], cuts[k-1])
	}
	sys.text = text
	sys.tokens, sys.first = tokenizePieces(text, cuts, func(done, total int) { opt.report("aligning sentence", done, total) })
	return sys, crosses
}

func tokenTexts(toks []tokenize.Token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = m2Token(t.Text)
	}
	return out
}

// m2Token makes a token safe for the scorer, which splits on Python 2's white space: the
// few characters that are white space there and not in Python 3 become U+FFFD.
func m2Token(s string) string {
	if strings.IndexFunc(s, pytext.IsSpace) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if pytext.IsSpace(r) {
			return '\uFFFD'
		}
		return r
	}, s)
}

// Extract returns the edits that turn source into system, chosen to match gold as well as
// possible (see the package documentation), in source order.
func Extract(source, sysText string, gold []GoldEdit, opt Options) ([]Edit, Stats, error) {
	src := NewSource(source, opt)
	return src.Extract(sysText, gold, opt)
}

// Extract is Extract on a tokenized source.
func (src *Source) Extract(sysText string, gold []GoldEdit, opt Options) ([]Edit, Stats, error) {
	st := Stats{Sentences: len(src.Sentences)}
	for _, g := range gold {
		if g.Start < 0 || g.End < g.Start || g.End > len(src.Text) {
			return nil, st, fmt.Errorf("line %d: gold edit %q: span %d–%d is outside the source's %s", g.Line, g.Index, g.Start, g.End, wording.Plural(len(src.Text), "byte"))
		}
	}
	if len(src.Sentences) == 0 {
		if strings.TrimFunc(sysText, tokenize.IsSpace) != "" {
			return nil, st, fmt.Errorf("the source holds no text but the system text does: expected a corrected version of the source")
		}
		return nil, st, nil
	}
	sys, merge := src.align(sysText, opt)
	golds := src.convertGolds(gold, merge, &st, opt)
	units := src.units(merge, golds)
	st.Units = len(units)
	ev, err := scorer.NewEvaluator(scorer.Options{MaxUnchangedWords: opt.MaxUnchangedWords, Beta: 0.5, Compat: scorer.CompatFixed})
	if err != nil {
		return nil, st, err
	}
	goldBytes := goldByteEdits(gold)
	var edits []Edit
	for i, u := range units {
		if i > 0 {
			opt.report("scoring sentence", u.first, len(src.Sentences)) // sentences done
		}
		if edits, err = src.extractUnit(edits, ev, u, sys, goldBytes, &st); err != nil {
			return nil, st, err
		}
	}
	opt.report("scoring sentence", len(src.Sentences), len(src.Sentences))
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].Start != edits[j].Start {
			return edits[i].Start < edits[j].Start
		}
		return edits[i].End < edits[j].End
	})
	separate(src.Text, edits)
	st.Edits = len(edits)
	return edits, st, nil
}

// separate keeps edits apart where an edit written with the gold's bytes is wider than its
// tokens. An insertion that falls strictly inside the span of the edit before it moves out of
// it, before the span where it went before the span's first word and after it otherwise: the
// gold " from" → "" (the space before the word deleted with it) and the system's "of" in its
// place, an insertion "of " before "from", at a byte the deletion removes; a word moved keeps
// apart from what is then on either side. Two spans that share white space each took along
// are cut apart there.
func separate(source string, edits []Edit) {
	for i := 1; i < len(edits); i++ {
		prev, e := &edits[i-1], &edits[i]
		if e.Start >= prev.End || e.Start < prev.Start {
			continue
		}
		if e.Start < e.End {
			// Two spans sharing the white space between them, which each took along
			// (a deleted word takes a space): the one not written with the gold's bytes
			// gives it up.
			if strings.TrimFunc(source[e.Start:prev.End], tokenize.IsSpace) != "" || e.Gold && prev.Gold {
				continue
			}
			if e.Gold {
				prev.End = e.Start
				prev.Original = source[prev.Start:prev.End]
			} else {
				e.Start = min(prev.End, e.End)
				e.Original = source[e.Start:e.End]
			}
			continue
		}
		if e.Start == prev.Start {
			continue
		}
		// Before the span where only white space of it comes first (the insertion went
		// before the span's first word), after it otherwise.
		before := strings.TrimFunc(source[prev.Start:e.Start], tokenize.IsSpace) == ""
		p, preceding, following := prev.End, source[:prev.Start]+prev.Correction, source[prev.End:]
		if before {
			p, preceding, following = prev.Start, source[:prev.Start], prev.Correction+source[prev.End:]
		}
		text := e.Correction
		if word := strings.TrimFunc(text, tokenize.IsSpace); word != text { // a word of its own
			text = word
			if r, _ := utf8.DecodeLastRuneInString(preceding); preceding != "" && !tokenize.IsSpace(r) {
				text = " " + text
			}
			if r, _ := utf8.DecodeRuneInString(following); following != "" && !tokenize.IsSpace(r) {
				text += " "
			}
		}
		e.Start, e.End, e.Correction = p, p, text
		if before {
			edits[i-1], edits[i] = edits[i], edits[i-1]
		}
	}
}

// convertGolds turns every correction of the gold edits into a token edit (step 2), counting
// them in st, and marks in merge the sentence boundaries each one crosses. The corrections
// that change no token are left out.
func (src *Source) convertGolds(gold []GoldEdit, merge []bool, st *Stats, opt Options) []goldTokenEdit {
	var golds []goldTokenEdit
	for i, g := range gold {
		if i > 0 {
			opt.report("converting gold edit", i, len(gold)) // edits done
		}
		for _, c := range g.Corrections {
			ge, tokenized := src.convertGold(g, c)
			st.GoldCorrections++
			st.GoldBytesTokenized += tokenized
			if !ge.expressed {
				st.GoldLost++
				continue
			}
			if !ge.exact {
				st.GoldWidened++
			}
			for k := ge.sentA + 1; k <= ge.sentB; k++ {
				merge[k] = true
			}
			golds = append(golds, ge)
		}
	}
	opt.report("converting gold edit", len(gold), len(gold))
	return golds
}

// unit is a scoring unit (step 4): source sentences [first, last), with no boundary kept
// between them, and the gold token edits that start in them.
type unit struct {
	first, last int
	golds       []goldTokenEdit
}

// units cuts the source's sentences into scoring units, joining sentence k to the one before
// where merge[k], and gives each unit its gold edits.
func (src *Source) units(merge []bool, golds []goldTokenEdit) []unit {
	var units []unit
	unitOf := make([]int, len(src.Sentences))
	for k := range src.Sentences {
		if k == 0 || !merge[k] {
			units = append(units, unit{first: k})
		}
		units[len(units)-1].last = k + 1
		unitOf[k] = len(units) - 1
	}
	for _, ge := range golds {
		u := &units[unitOf[ge.sentA]]
		u.golds = append(u.golds, ge)
	}
	return units
}

// editBytes is an edit by its bytes: the span of the source and the correction.
type editBytes struct {
	start, end int
	correction string
}

// goldByteEdits is the set of the gold edits' corrections by their bytes. An edit the token
// search did not find equal to a gold edit may still come out of the conversion to bytes as
// one (a gold insertion beside another at the same offset): it is counted by its bytes, as a
// reader of the files compares edits.
func goldByteEdits(gold []GoldEdit) map[editBytes]bool {
	goldBytes := map[editBytes]bool{}
	for _, g := range gold {
		for _, c := range g.Corrections {
			goldBytes[editBytes{g.Start, g.End, c}] = true
		}
	}
	return goldBytes
}

// editTokens is an edit of a unit by its tokens: the span of the unit's source tokens and the
// correction's tokens joined by a space.
type editTokens struct {
	start, end int
	correction string
}

// extractUnit scores unit u of the source against its part of the system text with ev (step 5),
// and appends the system edits it chose to edits as byte edits (step 6), counting them in st.
func (src *Source) extractUnit(edits []Edit, ev *scorer.Evaluator, u unit, sys system, goldBytes map[editBytes]bool, st *Stats) ([]Edit, error) {
	s0, s1 := src.first[u.first], src.first[u.last]
	h0, h1 := sys.first[u.first], sys.first[u.last]
	srcWords, hypWords := tokenTexts(src.Tokens[s0:s1]), tokenTexts(sys.tokens[h0:h1])
	// The gold edits as the unit's M² gold, and by their tokens, the first of equal ones kept.
	gold := map[editTokens]goldTokenEdit{}
	var m2gold []scorer.GoldEdit
	for _, ge := range u.golds {
		k := editTokens{ge.first - s0, ge.last - s0, strings.Join(tokenTexts(wordTokens(ge.correction)), " ")}
		if _, dup := gold[k]; !dup {
			gold[k] = ge
		}
		m2gold = append(m2gold, scorer.GoldEdit{
			Start: k.start, End: k.end,
			Original:    strings.Join(srcWords[k.start:k.end], " "),
			Corrections: []string{k.correction},
		})
	}
	sentence := scorer.Sentence{Source: strings.Join(srcWords, " "), Tokens: srcWords,
		Annotators: []scorer.Annotator{{ID: 0, Edits: m2gold}}}
	res, err := ev.Evaluate(strings.Join(hypWords, " "), &sentence)
	if err != nil {
		return edits, err
	}
	if res.Bounded != lattice.Exact {
		st.Bounded++
	}
	tes, err := unitTokenEdits(res.Annotators[0].Edits, srcWords, hypWords, gold)
	if err != nil {
		return edits, err
	}
	for _, ge := range u.golds {
		var joined bool
		tes, joined = joinIntoGold(tes, ge.first-s0, ge.last-s0, tokenTexts(wordTokens(ge.correction)), hypWords)
		if joined {
			st.Joined++
		}
	}
	for _, te := range tes {
		var out Edit
		k := editTokens{te.start, te.end, strings.Join(hypWords[te.hypStart:te.hypEnd], " ")}
		if ge, ok := gold[k]; ok {
			out = Edit{Start: ge.start, End: ge.end, Correction: ge.byteCorrection, Gold: true}
			st.GoldEqual++
		} else {
			out.Start, out.End, out.Correction = ByteEdit(src.Text, src.Tokens, s0+te.start, s0+te.end, sys.text, sys.tokens, h0+te.hypStart, h0+te.hypEnd)
			if goldBytes[editBytes{out.Start, out.End, out.Correction}] {
				out.Gold = true
				st.GoldEqual++
			}
		}
		out.Original = src.Text[out.Start:out.End]
		edits = append(edits, out)
	}
	return edits, nil
}

// unitTokenEdits turns the scorer's edits of a unit (source tokens srcWords, hypothesis
// hypWords) into token edits of the unit, each trimmed of the tokens it leaves unchanged
// unless it equals a gold edit.
func unitTokenEdits(scored []scorer.Edit, srcWords, hypWords []string, gold map[editTokens]goldTokenEdit) ([]tokenEdit, error) {
	var tes []tokenEdit
	shift := 0
	for _, e := range scored {
		n := 0
		if e.Correction != "" {
			n = strings.Count(e.Correction, " ") + 1
		}
		hs := e.Start + shift
		shift += n - (e.End - e.Start)
		if hs < 0 || hs+n > len(hypWords) || strings.Join(hypWords[hs:hs+n], " ") != e.Correction {
			return nil, fmt.Errorf("internal error: the scorer's edit %+v does not follow the hypothesis", e)
		}
		te := tokenEdit{e.Start, e.End, hs, hs + n}
		if _, ok := gold[editTokens{te.start, te.end, e.Correction}]; !ok {
			te = trim(te, srcWords, hypWords)
		}
		tes = append(tes, te)
	}
	return tes, nil
}

func wordTokens(texts []string) []tokenize.Token {
	out := make([]tokenize.Token, len(texts))
	for i, t := range texts {
		out[i].Text = t
	}
	return out
}

// tokenEdit is an edit of a unit: source tokens [start, end) become hypothesis tokens
// [hypStart, hypEnd).
type tokenEdit struct {
	start, end, hypStart, hypEnd int
}

// trim removes the tokens an edit leaves unchanged at its start and then at its end (M²
// joins changes across up to u unchanged tokens to make fewer edits; HOO edits hold only
// what changed).
func trim(e tokenEdit, src, hyp []string) tokenEdit {
	for e.start < e.end && e.hypStart < e.hypEnd && src[e.start] == hyp[e.hypStart] {
		e.start++
		e.hypStart++
	}
	for e.start < e.end && e.hypStart < e.hypEnd && src[e.end-1] == hyp[e.hypEnd-1] {
		e.end--
		e.hypEnd--
	}
	return e
}

// joinIntoGold joins the edits (in order) that lie inside the gold span [first, last) into one
// edit when, with the unchanged tokens between them, they turn it into correction: the edit M²
// would choose were u large enough. Insertions at either end of the span may be taken in or
// left out. The edits are returned unchanged when no way works, when an edit straddles an end
// of the span, or when one edit is the gold edit already.
func joinIntoGold(edits []tokenEdit, first, last int, correction, hyp []string) ([]tokenEdit, bool) {
	if first == last {
		return edits, false
	}
	for _, e := range edits {
		if e.start < first && first < e.end || e.start < last && last < e.end {
			return edits, false
		}
	}
	isInsertionAt := func(e tokenEdit, x int) bool { return e.start == x && e.end == x }
	// base is the hypothesis position of source position x before the insertions at x;
	// inserted the number of tokens they insert.
	base := func(x int) int {
		p := x
		for _, e := range edits {
			if e.end <= x && !isInsertionAt(e, x) {
				p += (e.hypEnd - e.hypStart) - (e.end - e.start)
			}
		}
		return p
	}
	inserted := func(x int) int {
		n := 0
		for _, e := range edits {
			if isInsertionAt(e, x) {
				n += e.hypEnd - e.hypStart
			}
		}
		return n
	}
	want := strings.Join(correction, " ")
	for _, includeFirst := range []bool{true, false} {
		for _, includeLast := range []bool{true, false} {
			hs, he := base(first), base(last)
			if !includeFirst {
				hs += inserted(first)
			}
			if includeLast {
				he += inserted(last)
			}
			if hs > he || he > len(hyp) || strings.Join(hyp[hs:he], " ") != want {
				continue
			}
			var out []tokenEdit
			inside := 0
			pos := -1
			for _, e := range edits {
				in := first <= e.start && e.end <= last &&
					(includeFirst || !isInsertionAt(e, first)) && (includeLast || !isInsertionAt(e, last))
				if !in {
					out = append(out, e)
					continue
				}
				inside++
				if pos < 0 {
					pos = len(out)
				}
			}
			joined := tokenEdit{first, last, hs, he}
			if inside == 0 || inside == 1 && edits[pos] == joined {
				continue
			}
			out = append(out[:pos], append([]tokenEdit{joined}, out[pos:]...)...)
			return out, true
		}
	}
	return edits, false
}
