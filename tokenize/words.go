package tokenize

import (
	"regexp"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Token is one word token.
type Token struct {
	// Start and End are the byte offsets of the token's source in the text it was cut from:
	// the original bytes, before normalisation.
	Start, End int
	// Text is the token as NLTK writes it: the source bytes, except that double quotes
	// become two backquotes or two apostrophes.
	Text string
}

// IsSpace reports whether r is white space as Python 3 sees it (str.isspace, str.split and
// the \s of its regular expressions), which is where NLTK cuts tokens.
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || 0x1c <= r && r <= 0x1f
}

// Words returns the Penn Treebank tokens of one sentence, as NLTK's TreebankWordTokenizer
// cuts them (see the package documentation), with their offsets into sentence.
func Words(sentence string) []Token {
	t := newTracked(sentence)
	rs := rules()
	for i := range rs {
		if i == padBefore {
			t = t.padded()
		}
		t = rs[i].apply(t)
	}
	return t.tokens()
}

// tracked is a rewritten text whose every byte knows the span of the original bytes it came
// from; inserted white space comes from nowhere (from = to = -1).
type tracked struct {
	b        []byte
	from, to []int32
}

func newTracked(s string) tracked {
	t := tracked{b: []byte(s), from: make([]int32, len(s)), to: make([]int32, len(s))}
	for i := range t.b {
		t.from[i], t.to[i] = int32(i), int32(i+1)
	}
	return t
}

func (t *tracked) appendBytes(src tracked, lo, hi int) {
	t.b = append(t.b, src.b[lo:hi]...)
	t.from = append(t.from, src.from[lo:hi]...)
	t.to = append(t.to, src.to[lo:hi]...)
}

func (t *tracked) appendNew(s string, from, to int32) {
	for i := 0; i < len(s); i++ {
		t.b = append(t.b, s[i])
		if s[i] == ' ' {
			t.from, t.to = append(t.from, -1), append(t.to, -1)
		} else {
			t.from, t.to = append(t.from, from), append(t.to, to)
		}
	}
}

// padded is NLTK's " " + text + " " before the closing-quote and contraction rules.
func (t tracked) padded() tracked {
	var p tracked
	p.appendNew(" ", -1, -1)
	p.appendBytes(t, 0, len(t.b))
	p.appendNew(" ", -1, -1)
	return p
}

// tokens splits the text on white space.
func (t tracked) tokens() []Token {
	var toks []Token
	start := -1
	for i := 0; i <= len(t.b); {
		r, size := rune(' '), 1
		if i < len(t.b) {
			r, size = utf8.DecodeRune(t.b[i:])
		}
		if IsSpace(r) {
			if start >= 0 {
				toks = append(toks, t.token(start, i))
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	return toks
}

func (t tracked) token(lo, hi int) Token {
	tok := Token{Start: -1, End: -1, Text: string(t.b[lo:hi])}
	for i := lo; i < hi; i++ {
		if t.from[i] < 0 {
			continue
		}
		if tok.Start < 0 || int(t.from[i]) < tok.Start {
			tok.Start = int(t.from[i])
		}
		if int(t.to[i]) > tok.End {
			tok.End = int(t.to[i])
		}
	}
	return tok
}

// rule is one of NLTK's substitutions: every match of re (that accept, when set, accepts) is
// replaced by template, in which \N stands for group N and every other byte is literal.
// Literal bytes other than spaces come from the bytes of the match that no referenced group
// holds and that are not white space (the quote that an opening-quote token replaces, say).
type rule struct {
	re       *regexp.Regexp
	template []piece
	accept   func(b []byte, m []int) bool
}

type piece struct {
	group   int // -1 for literal text
	literal string
}

func newRule(pattern, template string, accept func(b []byte, m []int) bool) rule {
	r := rule{re: regexp.MustCompile(pattern), accept: accept}
	lit := ""
	for i := 0; i < len(template); i++ {
		if template[i] == '\\' && i+1 < len(template) && '0' <= template[i+1] && template[i+1] <= '9' {
			if lit != "" {
				r.template = append(r.template, piece{group: -1, literal: lit})
				lit = ""
			}
			r.template = append(r.template, piece{group: int(template[i+1] - '0')})
			i++
			continue
		}
		lit += template[i : i+1]
	}
	if lit != "" {
		r.template = append(r.template, piece{group: -1, literal: lit})
	}
	return r
}

func (r *rule) apply(t tracked) tracked {
	matches := r.re.FindAllSubmatchIndex(t.b, -1)
	if len(matches) == 0 {
		return t
	}
	var out tracked
	last := 0
	for _, m := range matches {
		if r.accept != nil && !r.accept(t.b, m) {
			continue
		}
		out.appendBytes(t, last, m[0])
		from, to := r.literalSource(t, m)
		for _, p := range r.template {
			if p.group < 0 {
				out.appendNew(p.literal, from, to)
			} else if lo, hi := m[2*p.group], m[2*p.group+1]; lo >= 0 {
				out.appendBytes(t, lo, hi)
			}
		}
		last = m[1]
	}
	out.appendBytes(t, last, len(t.b))
	return out
}

// literalSource returns the span of original bytes that the template's literal text stands
// for: those of the match outside the referenced groups, white space excepted (or, if there
// are none, of the whole match).
func (r *rule) literalSource(t tracked, m []int) (from, to int32) {
	referenced := func(i int) bool {
		for _, p := range r.template {
			if p.group >= 0 && m[2*p.group] <= i && i < m[2*p.group+1] {
				return true
			}
		}
		return false
	}
	from, to = -1, -1
	widen := func(i int) {
		if t.from[i] < 0 {
			return
		}
		if from < 0 || t.from[i] < from {
			from = t.from[i]
		}
		to = max(to, t.to[i])
	}
	for i := m[0]; i < m[1]; {
		r, size := utf8.DecodeRune(t.b[i:])
		if !referenced(i) && !IsSpace(r) {
			for j := i; j < i+size; j++ {
				widen(j)
			}
		}
		i += size
	}
	if from < 0 {
		for i := m[0]; i < m[1]; i++ {
			widen(i)
		}
	}
	return from, to
}

// pySpace is the \s of Python 3 (IsSpace) as a character class.
const pySpace = `[\t\n\v\f\r \x1c-\x1f\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]`

// isWordRune is a character of Python 3's Unicode \w.
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// Python's \b, Unicode-aware (Go's \b is ASCII only).
func wordBoundaryAt(b []byte, i int) bool {
	before, after := false, false
	if i > 0 {
		r, _ := utf8.DecodeLastRune(b[:i])
		before = isWordRune(r)
	}
	if i < len(b) {
		r, _ := utf8.DecodeRune(b[i:])
		after = isWordRune(r)
	}
	return before != after
}

// boundedWord accepts a match with \b at both ends; boundedEnd with \b at its end only;
// beforeSpace with \b at its start and white space after it (Python's (?=\s)).
func boundedWord(b []byte, m []int) bool {
	return wordBoundaryAt(b, m[0]) && wordBoundaryAt(b, m[1])
}

func boundedEnd(b []byte, m []int) bool { return wordBoundaryAt(b, m[1]) }

func beforeSpace(b []byte, m []int) bool {
	if !wordBoundaryAt(b, m[0]) || m[1] >= len(b) {
		return false
	}
	r, _ := utf8.DecodeRune(b[m[1]:])
	return IsSpace(r)
}

// rules are NLTK 3.8's TreebankWordTokenizer substitutions in the order it applies them;
// the text is padded with a space at each end before rule padBefore. Differences of
// notation: Python's $ (end of text, or before a final line break) is written out, its
// Unicode \d and \s are spelled as classes, and its \b and (?=\s) are accept functions.
// They are compiled on first use, not at start-up: "maxmatch score" never tokenizes, and
// compiling them is half a millisecond of every process otherwise.
var rules = sync.OnceValue(func() []rule {
	return []rule{
		// Opening double quotes.
		newRule(`^"`, "``", nil),
		newRule("(``)", ` \1 `, nil),
		newRule(`([ (\[{<])("|'')`, "\\1 `` ", nil),
		// Punctuation.
		newRule(`([:,])([^\p{Nd}])`, ` \1 \2`, nil),
		newRule(`([:,])(\n?)\z`, ` \1 \2`, nil),
		newRule(`\.\.\.`, ` ... `, nil),
		newRule(`[;@#$%&]`, ` \0 `, nil),
		newRule(`([^.])(\.)([\])}>"']*)`+pySpace+`*\z`, `\1 \2\3 `, nil), // the final period
		newRule(`[?!]`, ` \0 `, nil),
		newRule(`([^'])' `, `\1 ' `, nil),
		// Brackets and double dashes.
		newRule(`[\]\[(){}<>]`, ` \0 `, nil),
		newRule(`--`, ` -- `, nil),
		// Closing quotes and contractions, on the padded text.
		newRule(`''`, ` '' `, nil),
		newRule(`"`, ` '' `, nil),
		newRule(`([^' ])('[sS]|'[mM]|'[dD]|') `, `\1 \2 `, nil),
		newRule(`([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, `\1 \2 `, nil),
		newRule(`(?i)(can)(not)`, ` \1 \2 `, boundedWord),
		newRule(`(?i)(d)('ye)`, ` \1 \2 `, boundedWord),
		newRule(`(?i)(gim)(me)`, ` \1 \2 `, boundedWord),
		newRule(`(?i)(gon)(na)`, ` \1 \2 `, boundedWord),
		newRule(`(?i)(got)(ta)`, ` \1 \2 `, boundedWord),
		newRule(`(?i)(lem)(me)`, ` \1 \2 `, boundedWord),
		newRule(`(?i)(more)('n)`, ` \1 \2 `, boundedWord),
		newRule(`(?i)(wan)(na)`, ` \1 \2 `, beforeSpace),
		newRule(`(?i) ('t)(is)`, ` \1 \2 `, boundedEnd),
		newRule(`(?i) ('t)(was)`, ` \1 \2 `, boundedEnd),
	}
})

// padBefore is the index of the first rule applied to the padded text.
const padBefore = 12
