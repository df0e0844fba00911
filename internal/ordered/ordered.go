// Package ordered runs work on a stream of items in parallel and delivers the results in the
// order of the items, with a bounded number of items in flight, so that memory does not grow
// with the length of the stream.
package ordered

import "sync"

// Map reads items with next until it reports none is left (or an error), applies work to each
// on one of workers goroutines (work's first argument says which, 0 ≤ w < workers, so that a
// worker can keep its own state), and calls emit with the results, in the order of the items,
// on the calling goroutine. At most window items are read ahead of the one emit waits for.
//
// Map returns the first error of emit (it then stops reading and returns without waiting for a
// next or work under way) or of next (after emitting every result before it).
func Map[T, R any](workers, window int, next func() (T, bool, error), work func(w int, item T) R, emit func(R) error) error {
	workers, window = max(workers, 1), max(window, 1)
	type job struct {
		item T
		out  chan R
	}
	jobs := make(chan job, window)
	pending := make(chan chan R, window)
	stop := make(chan struct{})
	var readErr error
	go func() {
		defer close(jobs)
		defer close(pending)
		for {
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
			case <-stop:
				return
			}
			select {
			case jobs <- job{item, out}:
			case <-stop:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				j.out <- work(w, j.item)
			}
		}()
	}
	for out := range pending {
		if err := emit(<-out); err != nil {
			close(stop)
			return err
		}
	}
	wg.Wait()
	return readErr // written before pending was closed
}
