package scorer

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// repeatCorpus is n copies of a small gold file and of a system output for it, as files in
// strings.
func repeatCorpus(n int) (gold, system string) {
	const g = "S The cat sat on mat .\nA 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0\nA 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||1\n\n" +
		"S They was happy .\nA 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0\n\n"
	const s = "The cats sat on the mat .\nThey were very happy .\n"
	return strings.Repeat(g, n), strings.Repeat(s, n)
}

// streamPairs reads gold and system text through the incremental readers.
func streamPairs(gold, system string) (*M2Stream, *SystemStream) {
	return M2Reader{}.Stream("gold.m2", strings.NewReader(gold)), NewSystemStream("system.txt", strings.NewReader(system))
}

// collect scores with ScoreStream or Score and returns every result and the totals.
func collect(t *testing.T, score func(each func(*SentenceResult) error) (Totals, error)) ([]SentenceResult, Totals, error) {
	t.Helper()
	var rs []SentenceResult
	totals, err := score(func(r *SentenceResult) error {
		rs = append(rs, *r)
		return nil
	})
	return rs, totals, err
}

// TestScoreStreamEqualsScore scores the same corpora both ways, with one and several workers:
// the same results (every annotator's edits, the choice), in order, and the same totals.
func TestScoreStreamEqualsScore(t *testing.T) {
	type corpus struct{ name, gold, system string }
	g, s := repeatCorpus(500) // 1,000 sentences: many chunks
	corpora := []corpus{{"repeated", g, s}}
	if data, err := filepath.Abs(filepath.Join("..", "..", "shared", "data", "conll14")); err == nil {
		gold, gerr := os.ReadFile(filepath.Join(data, "gold", "official-2014.combined.m2"))
		sys, serr := os.ReadFile(filepath.Join(data, "systems", "AMU"))
		if gerr == nil && serr == nil {
			corpora = append(corpora, corpus{"CoNLL-2014 AMU", string(gold), string(sys)})
		} else {
			t.Logf("CoNLL-2014 not tested: shared data not found at %s", data)
		}
	}
	for _, c := range corpora {
		for _, workers := range []int{1, 2, 5} {
			opt := DefaultOptions()
			opt.Workers = workers
			gold, err := ReadM2("gold.m2", []byte(c.gold), 0)
			if err != nil {
				t.Fatal(err)
			}
			hyps, err := ReadSystem("system.txt", []byte(c.system))
			if err != nil {
				t.Fatal(err)
			}
			want, wantTotals, err := collect(t, func(each func(*SentenceResult) error) (Totals, error) { return Score(hyps, gold, opt, each) })
			if err != nil {
				t.Fatal(err)
			}
			gs, ss := streamPairs(c.gold, c.system)
			got, gotTotals, err := collect(t, func(each func(*SentenceResult) error) (Totals, error) {
				return ScoreStream(Pairs(gs, ss, nil), opt, each)
			})
			if err != nil {
				t.Fatal(err)
			}
			if gotTotals != wantTotals || len(got) != len(want) {
				t.Fatalf("%s, %d workers: ScoreStream %+v (%d sentences), Score %+v (%d)", c.name, workers, gotTotals, len(got), wantTotals, len(want))
			}
			for i := range want {
				// The gold sentences are equal, not the same: compare them apart.
				if !reflect.DeepEqual(*got[i].Gold, *want[i].Gold) {
					t.Fatalf("%s, %d workers, sentence %d: gold %+v, want %+v", c.name, workers, i+1, *got[i].Gold, *want[i].Gold)
				}
				got[i].Gold, want[i].Gold = nil, nil
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("%s, %d workers, sentence %d:\nScoreStream %+v\nScore       %+v", c.name, workers, i+1, got[i], want[i])
				}
			}
		}
	}
}

// TestScoreStreamWindow checks that the workers run ahead of the annotator choice by at most
// the window: whatever the corpus's length, pairs are read only as far as that ahead of the
// sentence passed to each, which is what bounds the memory.
func TestScoreStreamWindow(t *testing.T) {
	g, _ := repeatCorpus(1)
	gold, err := ReadM2("gold.m2", []byte(g), 0)
	if err != nil {
		t.Fatal(err)
	}
	const n = 6 * window * chunk
	var read atomic.Int64 // written by the goroutine that reads the pairs
	pairs := func(yield func(Pair, error) bool) {
		for i := range n {
			read.Add(1)
			if !yield(Pair{"The cat sat on mat .", &gold[i%2]}, nil) {
				return
			}
		}
	}
	opt := DefaultOptions()
	opt.Workers = 2
	most := 0
	if _, err := ScoreStream(pairs, opt, func(r *SentenceResult) error {
		if r.Index%chunk == 0 {
			time.Sleep(50 * time.Microsecond) // a slow consumer, such as a terminal
		}
		most = max(most, int(read.Load())-r.Index)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// The window's batches, one being filled, one taken by the chooser.
	if limit := (window + 2) * chunk; most > limit {
		t.Errorf("pairs were read %d ahead of the choice, more than the window allows (%d)", most, limit)
	}
	if most < chunk {
		t.Errorf("pairs were read at most %d ahead: the workers did not run ahead", most)
	}
	t.Logf("read at most %d pairs ahead of the choice (window %d × %d)", most, window, chunk)
}

// TestScoreStreamErrors checks how scoring stops: an error of the pairs after the sentences
// before it, an error of each at once; and that no goroutine is left running either way.
func TestScoreStreamErrors(t *testing.T) {
	g, s := repeatCorpus(300)
	bad := errors.New("the pairs' error")
	stop := errors.New("each's error")
	tests := []struct {
		name      string
		pairs     func() func(yield func(Pair, error) bool)
		stopAt    int // each fails at this sentence (-1: never)
		wantErr   error
		wantCount int // sentences passed to each
	}{
		{"pairs fail after 100", func() func(yield func(Pair, error) bool) {
			gs, ss := streamPairs(g, s)
			next := Pairs(gs, ss, nil)
			return func(yield func(Pair, error) bool) {
				i := 0
				for p, err := range next {
					if i == 100 {
						yield(Pair{}, bad)
						return
					}
					if !yield(p, err) {
						return
					}
					i++
				}
			}
		}, -1, bad, 100},
		{"each fails at 250", func() func(yield func(Pair, error) bool) {
			gs, ss := streamPairs(g, s)
			return Pairs(gs, ss, nil)
		}, 250, stop, 251},
	}
	before := runtime.NumGoroutine()
	for _, tt := range tests {
		for _, workers := range []int{1, 2} {
			opt := DefaultOptions()
			opt.Workers = workers
			count := 0
			_, err := ScoreStream(tt.pairs(), opt, func(r *SentenceResult) error {
				if r.Index != count {
					t.Fatalf("%s: sentence %d passed after %d others", tt.name, r.Index, count)
				}
				count++
				if r.Index == tt.stopAt {
					return stop
				}
				return nil
			})
			if err != tt.wantErr || count != tt.wantCount {
				t.Errorf("%s, %d workers: error %v after %d sentences, want %v after %d", tt.name, workers, err, count, tt.wantErr, tt.wantCount)
			}
		}
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines before, %d after: ScoreStream left some running", before, after)
	}
}

// TestPairsErrors checks that Pairs reports errors in the order reading each file whole would,
// with the messages of the whole-file readers.
func TestPairsErrors(t *testing.T) {
	g, s := repeatCorpus(3) // 6 sentences, 6 lines
	tests := []struct {
		name, gold, system string
		want               string
		skipped            int
	}{
		{"short system", g, "a\nb\n", "system.txt has 2 lines but gold.m2 has 6 sentences: the gold sentence at gold.m2:8 has no system line; expected one system line per gold sentence", 0},
		{"long system", g, s + "x\ny\n", "system.txt has 8 lines but gold.m2 has 6 sentences: system.txt:7 is the first system line without a gold sentence; expected one system line per gold sentence", 0},
		{"an empty last line", g, s + "\n", "", 7},
		{"a white-space last line", g, s + " \t", "", 7},
		{"two empty last lines", g, s + "\n\n", "system.txt has 8 lines but gold.m2 has 6 sentences: system.txt:7 is the first system line without a gold sentence; expected one system line per gold sentence", 0},
		{"system error, then a gold error: the gold's first", g + "X\n", "a\n\xff\n", "gold.m2:22:1: expected a block to start with an \"S \" line, found \"X\"", 0},
		{"a system error after the gold's end", g, s + "\xff\n", "system.txt:7:1: invalid UTF-8: byte 0xff at byte offset 147 of the file; expected UTF-8 text", 0},
		{"a short system with an error: the error", g, "a\n\xff\n", "system.txt:2:1: invalid UTF-8: byte 0xff at byte offset 2 of the file; expected UTF-8 text", 0},
		{"a short system, a gold error after its end", g + "X\n", "a\n", "gold.m2:22:1: expected a block to start with an \"S \" line, found \"X\"", 0},
	}
	for _, tt := range tests {
		gs, ss := streamPairs(tt.gold, tt.system)
		skipped := 0
		var err error
		n := 0
		for _, e := range Pairs(gs, ss, func(line int) { skipped = line }) {
			if e != nil {
				err = e
				break
			}
			n++
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want || skipped != tt.skipped {
			t.Errorf("%s: error %q, skipped line %d\nwant %q, skipped %d", tt.name, got, skipped, tt.want, tt.skipped)
		}
		if tt.want == "" && n != 6 {
			t.Errorf("%s: %d pairs, want 6", tt.name, n)
		}
		// The same from a gold file read whole and kept in memory, when it reads.
		if parsed, err := ReadM2("gold.m2", []byte(tt.gold), 0); err == nil {
			kept, keptSkipped := "", 0
			for _, e := range Pairs(GoldSentences("gold.m2", parsed), NewSystemStream("system.txt", strings.NewReader(tt.system)), func(line int) { keptSkipped = line }) {
				if e != nil {
					kept = e.Error()
					break
				}
			}
			if kept != tt.want || keptSkipped != tt.skipped {
				t.Errorf("%s, gold in memory: error %q, skipped line %d\nwant %q, skipped %d", tt.name, kept, keptSkipped, tt.want, tt.skipped)
			}
		}
		// The whole-file readers agree.
		if tt.want != "" && !strings.Contains(tt.want, " has ") {
			_, gerr := ReadM2("gold.m2", []byte(tt.gold), 0)
			_, serr := ReadSystem("system.txt", []byte(tt.system))
			first := gerr
			if first == nil {
				first = serr
			}
			if first == nil || first.Error() != tt.want {
				t.Errorf("%s: the whole-file readers give %v first", tt.name, first)
			}
		}
	}
}

// failingReader returns data, then an error.
type failingReader struct {
	data string
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// TestStreamReadError checks that a failed read reaches the caller as the reader's error, after
// the sentences read before it, and stays.
func TestStreamReadError(t *testing.T) {
	g, _ := repeatCorpus(2)
	broken := errors.New("disk on fire")
	s := M2Reader{}.Stream("gold.m2", &failingReader{g, broken})
	n := 0
	var err error
	for {
		if _, err = s.Next(); err != nil {
			break
		}
		n++
	}
	if err != broken || n != 0 {
		// The pieces end at the last line break read: with the error before any full piece,
		// nothing is parsed.
		t.Errorf("read %d sentences, then %v; want 0, then %v", n, err, broken)
	}
	if _, again := s.Next(); again != broken {
		t.Errorf("next call: %v, want the same error", again)
	}
	if _, err := NewSystemStream("system.txt", &failingReader{"a\n", broken}).Next(); err != broken {
		t.Errorf("system stream: %v, want %v", err, broken)
	}
	if _, err := NewSystemStream("system.txt", strings.NewReader("")).Next(); err != io.EOF {
		t.Errorf("empty system file: %v, want io.EOF", err)
	}
}
