package ordered

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// counter returns a next function giving 0, 1, …, n-1, then the error err (nil: the end).
func counter(n int, err error) (func() (int, bool, error), *atomic.Int64) {
	var read atomic.Int64
	return func() (int, bool, error) {
		i := int(read.Load())
		if i == n {
			return 0, false, err
		}
		read.Add(1)
		return i, true, nil
	}, &read
}

// TestMapKeepsOrderAndBound runs items whose work takes random times: the results must come in
// order, every worker index must be in range, and no more items may be read ahead than the
// window allows (window in the channels, one at each worker, one being sent).
func TestMapKeepsOrderAndBound(t *testing.T) {
	for _, tt := range []struct {
		workers, window, n int
		why                string
	}{
		{1, 1, 50, "one worker, no read-ahead"},
		{4, 3, 500, "more workers than the window"},
		{3, 64, 2000, "a wide window"},
	} {
		next, read := counter(tt.n, nil)
		emitted := 0
		err := Map(tt.workers, tt.window, next, func(_ context.Context, w, i int) [2]int {
			if w < 0 || w >= tt.workers {
				t.Errorf("%s: worker %d", tt.why, w)
			}
			time.Sleep(time.Duration(rand.IntN(50)) * time.Microsecond)
			return [2]int{i, i * i}
		}, func(r [2]int) error {
			if r[0] != emitted || r[1] != emitted*emitted {
				t.Fatalf("%s: result %v at position %d", tt.why, r, emitted)
			}
			if ahead := int(read.Load()) - emitted; ahead > 2*tt.window+tt.workers+1 {
				t.Fatalf("%s: %d items read ahead of the one emitted", tt.why, ahead)
			}
			emitted++
			return nil
		})
		if err != nil || emitted != tt.n {
			t.Errorf("%s: %d of %d emitted, error %v", tt.why, emitted, tt.n, err)
		}
	}
}

// TestMapErrors checks both ways to stop: an error from next comes after every result before
// it; an error from emit is returned at once.
func TestMapErrors(t *testing.T) {
	bad := errors.New("line 7 is bad")
	next, _ := counter(7, bad)
	emitted := 0
	err := Map(2, 4, next, func(_ context.Context, _, i int) int { return i }, func(int) error { emitted++; return nil })
	if err != bad || emitted != 7 {
		t.Errorf("next's error: got %v after %d results, want %v after 7", err, emitted, bad)
	}
	full := errors.New("disk full")
	next, _ = counter(1000, nil)
	emitted = 0
	err = Map(2, 4, next, func(_ context.Context, _, i int) int { return i }, func(i int) error {
		emitted++
		if i == 10 {
			return full
		}
		return nil
	})
	if err != full || emitted != 11 {
		t.Errorf("emit's error: got %v after %d results, want %v after 11", err, emitted, full)
	}
}

// TestMapStopsItsGoroutines: after emit fails, Map returns only once its reader and workers
// have returned, and a long piece of work sees its context cancelled.
func TestMapStopsItsGoroutines(t *testing.T) {
	next, read := counter(1_000_000, nil)
	var running, cancelled atomic.Int64
	full := errors.New("disk full")
	// emit fails at 4 once the long item 5 has started: a worker that has not taken an item
	// when Map is cancelled does not start it, so without this the test would depend on
	// scheduling (it failed once on a loaded machine).
	longStarted := make(chan struct{})
	err := Map(3, 8, next, func(ctx context.Context, _, i int) int {
		running.Add(1)
		defer running.Add(-1)
		if i == 5 { // a long item: it waits for the cancellation
			close(longStarted)
			<-ctx.Done()
			cancelled.Add(1)
		}
		return i
	}, func(i int) error {
		if i == 4 {
			<-longStarted
			return full
		}
		return nil
	})
	if err != full {
		t.Fatalf("error %v, want %v", err, full)
	}
	if n := running.Load(); n != 0 {
		t.Errorf("%d pieces of work still running after Map returned", n)
	}
	if cancelled.Load() != 1 {
		t.Errorf("the long item's work did not see its context cancelled")
	}
	r := read.Load()
	time.Sleep(10 * time.Millisecond)
	if read.Load() != r {
		t.Errorf("next was called after Map returned")
	}
}

// TestBatches gathers a stream into batches by weight: each batch ends at the first item that
// brings it to the limit, the batches' first positions follow the items, and an error of next
// comes after the batch of the items read before it, through Map, with nothing read after it.
func TestBatches(t *testing.T) {
	weight := func(i int) int { return i % 4 } // 0, 1, 2, 3, 0, 1, …
	for _, tt := range []struct {
		n     int
		err   error
		limit int
		want  [][]int
		why   string
	}{
		{10, nil, 3, [][]int{{0, 1, 2}, {3}, {4, 5, 6}, {7}, {8, 9}}, "the last batch short, at the end"},
		{6, errors.New("line 7 is bad"), 100, [][]int{{0, 1, 2, 3, 4, 5}}, "the items before the error in one batch"},
		{4, errors.New("line 5 is bad"), 3, [][]int{{0, 1, 2}, {3}}, "the error at a batch's start"},
		{0, nil, 3, nil, "no items"},
		{3, nil, 1, [][]int{{0, 1}, {2}}, "an item of weight 0 does not end a batch"},
	} {
		items, read := counter(tt.n, tt.err)
		calls := 0
		next := func() (int, bool, error) { calls++; return items() }
		var got [][]int
		err := Map(2, 3, Batches(next, tt.limit, weight), func(_ context.Context, _ int, b Batch[int]) Batch[int] { return b },
			func(b Batch[int]) error {
				if len(b.Items) == 0 || b.First != b.Items[0] {
					t.Errorf("%s: batch %v starts at %d", tt.why, b.Items, b.First)
				}
				got = append(got, b.Items)
				return nil
			})
		if err != tt.err || fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: batches %v, error %v; want %v, %v", tt.why, got, err, tt.want, tt.err)
		}
		if int(read.Load()) != tt.n || calls != tt.n+1 {
			t.Errorf("%s: %d items read in %d calls, want %d in %d", tt.why, read.Load(), calls, tt.n, tt.n+1)
		}
	}
}
