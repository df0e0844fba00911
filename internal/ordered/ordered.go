// Package ordered runs work on a stream of items in parallel and delivers the results in the
// order of the items, with a bounded number of items in flight, so that memory does not grow
// with the length of the stream.
package ordered

import (
	"context"
	"sync"
)

// Map reads items with next until it reports none is left (or an error), applies work to each
// on one of workers goroutines (work's w says which, 0 ≤ w < workers, so that a worker can keep
// its own state), and calls emit with the results, in the order of the items, on the calling
// goroutine. At most window items are read ahead of the one emit waits for.
//
// Map returns once every goroutine it started has returned. The first error of emit stops the
// run: next is not called again, no worker takes another item, and ctx, which work is given,
// is cancelled, so that work on a long item may stop early (its result is dropped); Map then
// waits for a call of next or of work under way, and returns the error. An error of next is
// returned after every result before it has been emitted.
func Map[T, R any](workers, window int, next func() (T, bool, error), work func(ctx context.Context, w int, item T) R, emit func(R) error) error {
	workers, window = max(workers, 1), max(window, 1)
	type job struct {
		item T
		out  chan R
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	jobs := make(chan job, window)
	pending := make(chan chan R, window)
	var readErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(jobs)
		defer close(pending)
		for ctx.Err() == nil {
			item, ok, err := next()
			if err != nil {
				readErr = err
				return
			}
			if !ok {
				return
			}
			out := make(chan R, 1)
			select {
			case pending <- out:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- job{item, out}:
			case <-ctx.Done():
				return
			}
		}
	}()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if ctx.Err() != nil {
					return
				}
				j.out <- work(ctx, w, j.item)
			}
		}()
	}
	for out := range pending {
		if err := emit(<-out); err != nil {
			cancel()
			wg.Wait()
			return err
		}
	}
	wg.Wait()
	return readErr // written before pending was closed
}
