// Package wdifftest builds the random text pairs on which worddiff and hoo/wdiff are compared
// with GNU diff and GNU wdiff, and finds the shared data those tests draw sentences from.
package wdifftest

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
)

// SharedData returns the shared data directory, ../shared/data next to the repository root,
// or skips the test when it is absent.
func SharedData(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("skipping: repository root (go.mod) not found above the working directory")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data")
	if fi, err := os.Stat(data); err != nil || !fi.IsDir() {
		t.Skipf("skipping: shared data not found at %s (see DEVELOPERS.md)", data)
	}
	return data
}

// Paragraphs returns the paragraphs (separated by blank lines) of the HOO 2011 development
// sources, in file order, or skips the test when the data is absent.
func Paragraphs(t testing.TB) [][]byte {
	t.Helper()
	dir := filepath.Join(SharedData(t), "hoo2011", "develop", "Raw")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Skipf("skipping: no HOO 2011 sources in %s", dir)
	}
	sort.Strings(files)
	var paragraphs [][]byte
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range bytes.Split(text, []byte("\n\n")) {
			if len(bytes.Fields(p)) > 0 {
				paragraphs = append(paragraphs, p)
			}
		}
	}
	return paragraphs
}

// Pair is an original text and an edited version of it.
type Pair struct {
	Old, New []byte
}

// Pairs returns n pairs made from the paragraphs, the same for the same seed. Old is one to
// three sentences (sometimes a whole paragraph, sometimes two with a blank line between);
// New applies one to eight random edits of the kinds wdiff gets wrong or that stress GNU
// diff's choices: insertions, deletions, substitutions, moves, repeated words, punctuation
// attached, detached or changed, words split or joined, and changed white space including
// line breaks.
func Pairs(seed uint64, n int, paragraphs [][]byte) []Pair {
	r := rand.New(rand.NewPCG(seed, 0x776469666674))
	var vocabulary []string
	for _, p := range paragraphs {
		for _, w := range bytes.Fields(p) {
			vocabulary = append(vocabulary, string(w))
		}
	}
	pairs := make([]Pair, n)
	for i := range pairs {
		old := pickText(r, paragraphs)
		m := &mutator{r: r, vocabulary: vocabulary}
		m.parse(old)
		for k := 1 + r.IntN(8); k > 0; k-- {
			m.edit()
		}
		pairs[i] = Pair{Old: old, New: m.text()}
	}
	return pairs
}

func pickText(r *rand.Rand, paragraphs [][]byte) []byte {
	p := paragraphs[r.IntN(len(paragraphs))]
	switch r.IntN(10) {
	case 0:
		return append([]byte(nil), p...)
	case 1:
		q := paragraphs[r.IntN(len(paragraphs))]
		return bytes.Join([][]byte{p, q}, []byte("\n\n"))
	}
	sentences := bytes.SplitAfter(p, []byte(". "))
	start := r.IntN(len(sentences))
	end := min(len(sentences), start+1+r.IntN(3))
	text := bytes.Join(sentences[start:end], nil)
	switch r.IntN(6) {
	case 0:
		text = append([]byte(" "), text...)
	case 1:
		text = append(text, '\n')
	}
	return append([]byte(nil), text...)
}

// mutator edits a text held as words and the white space before each of them (gaps[i]
// precedes words[i]; tail follows the last word).
type mutator struct {
	r          *rand.Rand
	vocabulary []string
	gaps       []string
	words      []string
	tail       string
}

func (m *mutator) parse(text []byte) {
	i := 0
	for i < len(text) {
		start := i
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		gap := string(text[start:i])
		if i == len(text) {
			m.tail = gap
			break
		}
		start = i
		for i < len(text) && !isSpace(text[i]) {
			i++
		}
		m.gaps = append(m.gaps, gap)
		m.words = append(m.words, string(text[start:i]))
	}
}

func (m *mutator) text() []byte {
	var b bytes.Buffer
	for i, w := range m.words {
		b.WriteString(m.gaps[i])
		b.WriteString(w)
	}
	b.WriteString(m.tail)
	return b.Bytes()
}

func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

func (m *mutator) insert(at int, gap, word string) {
	m.words = append(m.words[:at], append([]string{word}, m.words[at:]...)...)
	if at == 0 && len(m.gaps) > 0 {
		// Keep the text's leading white space in front.
		m.gaps = append([]string{m.gaps[0]}, append([]string{gap}, m.gaps[1:]...)...)
		return
	}
	m.gaps = append(m.gaps[:at], append([]string{gap}, m.gaps[at:]...)...)
}

func (m *mutator) remove(at int) {
	m.words = append(m.words[:at], m.words[at+1:]...)
	if at == 0 && len(m.gaps) > 1 {
		m.gaps = append(m.gaps[:1], m.gaps[2:]...)
		return
	}
	m.gaps = append(m.gaps[:at], m.gaps[at+1:]...)
}

var punctuation = []string{".", ",", ";", ":", "!", "?", "'", "\"", ")", "(", "]", "["}

var gapsForBreaks = []string{"\n", "\n\n", "  ", "\t", " \n", "\n "}

func (m *mutator) edit() {
	r := m.r
	n := len(m.words)
	if n == 0 {
		m.insert(0, " ", m.vocabulary[r.IntN(len(m.vocabulary))])
		return
	}
	at := r.IntN(n)
	switch r.IntN(13) {
	case 0, 1: // insert a word seen somewhere in the data
		m.insert(r.IntN(n+1), " ", m.vocabulary[r.IntN(len(m.vocabulary))])
	case 2: // insert a word seen nowhere
		m.insert(r.IntN(n+1), " ", "zq"+string(rune('a'+r.IntN(26))))
	case 3: // delete one to three words
		for k := 1 + r.IntN(3); k > 0 && at < len(m.words) && len(m.words) > 1; k-- {
			m.remove(at)
		}
	case 4: // substitute
		m.words[at] = m.vocabulary[r.IntN(len(m.vocabulary))]
	case 5: // move one to four words elsewhere
		k := min(1+r.IntN(4), n-at)
		moved := append([]string(nil), m.words[at:at+k]...)
		for range k {
			if len(m.words) > 1 {
				m.remove(at)
			}
		}
		to := r.IntN(len(m.words) + 1)
		for j := len(moved) - 1; j >= 0; j-- {
			m.insert(to, " ", moved[j])
		}
	case 6: // repeat a word, or a common short word near it
		if r.IntN(2) == 0 {
			m.insert(at, " ", m.words[at])
		} else {
			m.insert(at, " ", []string{"the", "of", "a", "to", "and"}[r.IntN(5)])
		}
	case 7: // attach punctuation
		p := punctuation[r.IntN(len(punctuation))]
		if r.IntN(2) == 0 {
			m.words[at] += p
		} else {
			m.words[at] = p + m.words[at]
		}
	case 8: // detach, drop or change trailing punctuation
		w := m.words[at]
		if len(w) > 1 && isPunct(w[len(w)-1]) {
			switch r.IntN(3) {
			case 0:
				m.words[at] = w[:len(w)-1]
				m.insert(at+1, " ", w[len(w)-1:])
			case 1:
				m.words[at] = w[:len(w)-1]
			default:
				m.words[at] = w[:len(w)-1] + punctuation[r.IntN(len(punctuation))]
			}
		} else if len(w) > 1 && isPunct(w[0]) {
			m.words[at] = w[1:]
			m.insert(at, " ", w[:1])
		} else {
			m.words[at] = w + ","
		}
	case 9: // change the white space before a word, often to a line break
		m.gaps[at] = gapsForBreaks[r.IntN(len(gapsForBreaks))]
	case 10: // join two words or split one
		if at+1 < n && r.IntN(2) == 0 {
			m.words[at] += m.words[at+1]
			m.remove(at + 1)
		} else if w := m.words[at]; len(w) > 2 {
			cut := 1 + r.IntN(len(w)-1)
			m.words[at] = w[:cut]
			m.insert(at+1, " ", w[cut:])
		}
	case 11: // change case
		if w := m.words[at]; w[0] >= 'a' && w[0] <= 'z' {
			m.words[at] = string(w[0]-'a'+'A') + w[1:]
		} else if w[0] >= 'A' && w[0] <= 'Z' {
			m.words[at] = string(w[0]-'A'+'a') + w[1:]
		}
	case 12: // change the trailing white space
		m.tail = []string{"", "\n", " ", "\n\n"}[r.IntN(4)]
	}
}

func isPunct(c byte) bool {
	return bytes.IndexByte([]byte(`.,;:!?'"()[]`), c) >= 0
}

// Compare runs check on cases 0..n-1, two at a time (each worker with its own temporary
// directory for the external tool's files), and returns how many cases differ. check returns a
// description of the difference ("" when none) or an error; the first three differences and
// every error are reported.
func Compare(t *testing.T, n int, check func(dir string, i int) (string, error)) int {
	t.Helper()
	var (
		mu          sync.Mutex
		differences int
		next        atomic.Int64
		wg          sync.WaitGroup
	)
	for range 2 {
		dir := t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				diff, err := check(dir, i)
				if err != nil {
					t.Error(err)
					return
				}
				if diff != "" {
					mu.Lock()
					differences++
					if differences <= 3 {
						t.Errorf("case %d: %s", i, diff)
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return differences
}
