package ordered

// A Batch is consecutive items of a stream, gathered by Batches.
type Batch[T any] struct {
	First int // the position of Items[0] in the stream (0-based)
	Items []T
}

// Batches gathers the items next reads (as Map's next does: ok false at their end) into
// batches, and returns the next function that hands them to Map: a batch ends once the weights
// of its items add up to limit or more, or at the end of the items. Handing over a batch of
// small items rather than each costs the workers' hand-over once per batch.
//
// An error of next ends the batch being gathered, which is handed on (its items were read
// without error); the call after it returns the error, so that Map returns it once every item
// before it has been worked on and emitted. next is not called again after its end or an
// error. Each batch is allocated as long as the one before, which is what a stream of items of
// one weight needs.
func Batches[T any](next func() (T, bool, error), limit int, weight func(T) int) func() (Batch[T], bool, error) {
	read, last := 0, 0
	var ended bool
	var err error // the error that ended the items, returned once the batch before it is handed on
	return func() (Batch[T], bool, error) {
		if ended {
			return Batch[T]{}, false, err
		}
		b := Batch[T]{First: read, Items: make([]T, 0, max(last, 1))}
		for total := 0; total < limit; {
			item, ok, nextErr := next()
			if nextErr != nil || !ok {
				ended, err = true, nextErr
				break
			}
			b.Items = append(b.Items, item)
			total += weight(item)
		}
		read += len(b.Items)
		last = len(b.Items)
		if len(b.Items) == 0 {
			return b, false, err
		}
		return b, true, nil
	}
}
