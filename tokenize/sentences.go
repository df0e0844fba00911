package tokenize

import (
	"strings"
	"sync"

	"github.com/jdkato/prose/v3/segment"
)

// Sentence is one sentence of a text: its bytes [Start, End), white space trimmed, and its
// tokens, whose offsets are into the whole text.
type Sentence struct {
	Start, End int
	Tokens     []Token
}

// segmenter is prose's Punkt segmenter, loaded once; it is not documented as safe for
// concurrent use, hence the lock.
var segmenter struct {
	once sync.Once
	mu   sync.Mutex
	seg  *segment.Segmenter
}

func segmentLine(line string) []segment.Sentence {
	segmenter.once.Do(func() {
		s, err := segment.New()
		if err != nil {
			// The model is embedded in prose: failing to load it is a broken build.
			panic("tokenize: cannot load prose's sentence segmenter: " + err.Error())
		}
		segmenter.seg = s
	})
	segmenter.mu.Lock()
	defer segmenter.mu.Unlock()
	return segmenter.seg.Segment(line)
}

// Sentences cuts text into sentences, never across a line break, and tokenizes each with
// Words (see the package documentation). Every byte of text that is not white space belongs
// to exactly one sentence: should the segmenter leave any out, they join the sentence before
// them (or, at the start of a line, the one after).
func Sentences(text string) []Sentence { return SentencesReported(text, nil) }

// SentencesReported is Sentences, calling done (when not nil) after each line of text with the
// number of lines done and of lines in all, "\n" ending a line: for a progress line on a long
// text.
func SentencesReported(text string, done func(lines, total int)) []Sentence {
	var out []Sentence
	total, line := strings.Count(text, "\n")+1, 0
	for lineStart := 0; lineStart < len(text); {
		lineEnd := len(text)
		if i := strings.IndexByte(text[lineStart:], '\n'); i >= 0 {
			lineEnd = lineStart + i
		}
		for _, span := range lineSentences(text[lineStart:lineEnd]) {
			start, end := lineStart+span[0], lineStart+span[1]
			toks := Words(text[start:end])
			for i := range toks {
				toks[i].Start += start
				toks[i].End += start
			}
			out = append(out, Sentence{Start: start, End: end, Tokens: toks})
		}
		lineStart = lineEnd + 1
		if line++; done != nil {
			done(line, total)
		}
	}
	if done != nil && line < total { // an empty last line
		done(total, total)
	}
	return out
}

// lineSentences returns the byte spans of the sentences of one line, covering every byte
// that is not white space.
func lineSentences(line string) [][2]int {
	if strings.TrimFunc(line, IsSpace) == "" {
		return nil
	}
	var spans [][2]int
	for _, s := range segmentLine(line) {
		start, end := s.Start, s.End()
		if start < 0 || end > len(line) || start >= end || line[start:end] != s.Text {
			continue // not a span of the line: its bytes are recovered below
		}
		if n := len(spans); n > 0 && start < spans[n-1][1] {
			continue
		}
		spans = append(spans, [2]int{start, end})
	}
	// Bytes outside every span that are not white space join a neighbouring sentence.
	var fixed [][2]int
	at := 0
	for i, sp := range spans {
		if gap := strings.TrimFunc(line[at:sp[0]], IsSpace); gap != "" {
			if len(fixed) > 0 {
				fixed[len(fixed)-1][1] = trimmedEnd(line, sp[0])
			} else {
				sp[0] = trimmedStart(line, at)
			}
		}
		fixed = append(fixed, sp)
		at = spans[i][1]
	}
	if strings.TrimFunc(line[at:], IsSpace) != "" {
		if len(fixed) > 0 {
			fixed[len(fixed)-1][1] = trimmedEnd(line, len(line))
		} else {
			fixed = append(fixed, [2]int{trimmedStart(line, 0), trimmedEnd(line, len(line))})
		}
	}
	return fixed
}

func trimmedStart(s string, i int) int {
	return i + len(s[i:]) - len(strings.TrimLeftFunc(s[i:], IsSpace))
}

func trimmedEnd(s string, i int) int {
	return len(strings.TrimRightFunc(s[:i], IsSpace))
}
