// Package membudget shares one memory budget among the workers of a run.
//
// Each worker has an Account. Before it allocates a large structure it reserves the bytes, and
// it releases them when it drops the structure; a worker holds reservations only while it
// scores a sentence. Two kinds of refusal:
//
//   - the sentence's own reservations would exceed the whole budget (an *OverError, matching
//     ErrOverBudget): whatever the other workers do, it can never fit, so the caller goes to a
//     cheaper method or stops with a clear error. This depends on the sentence only, never on
//     the other workers, so the results do not depend on their number;
//   - the budget has not that much free now because other workers hold it (ErrBusy): the
//     caller releases everything it holds, calls Account.Exclusive, which blocks until this
//     worker is the one worker that may wait for memory, and scores the sentence again.
//
// A worker never waits while it holds memory, except the exclusive one, whose reservations
// wait for the others instead of failing; the others, while it waits, are refused (ErrBusy) and
// so release what they hold. Every holder is therefore either running or about to release, and
// the exclusive worker always gets its memory: no deadlock.
package membudget

import (
	"errors"
	"fmt"
	"sync"
)

// ErrOverBudget is matched (errors.Is) by an *OverError.
var ErrOverBudget = errors.New("over the memory budget")

// ErrBusy says that the bytes fit in the budget but other workers hold too much of it now.
var ErrBusy = errors.New("memory budget busy: other workers hold it")

// OverError is a reservation that the whole budget cannot hold.
type OverError struct {
	Held  int64 // what the sentence already held
	Asked int64 // what it asked for on top
	Limit int64 // the whole budget
}

func (e *OverError) Error() string {
	return fmt.Sprintf("needs %s (%s held, %s more), over the memory budget of %s",
		Bytes(e.Held+e.Asked), Bytes(e.Held), Bytes(e.Asked), Bytes(e.Limit))
}

// Is makes errors.Is(err, ErrOverBudget) true.
func (e *OverError) Is(target error) bool { return target == ErrOverBudget }

// Budget is the memory shared by the accounts of one run.
type Budget struct {
	limit int64

	mu      sync.Mutex
	freed   *sync.Cond // signalled when bytes are released
	used    int64
	waiting bool       // the exclusive account waits for memory
	turn    sync.Mutex // held by the exclusive account
}

// New returns a budget of limit bytes.
func New(limit int64) *Budget {
	b := &Budget{limit: limit}
	b.freed = sync.NewCond(&b.mu)
	return b
}

// Limit returns the budget's size in bytes.
func (b *Budget) Limit() int64 { return b.limit }

// Used returns the bytes reserved by all accounts now.
func (b *Budget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Account returns a new account, for one worker.
func (b *Budget) Account() *Account { return &Account{b: b, limit: b.limit} }

// LimitedAccount returns a new account that never holds more than limit bytes (nor more than
// the budget; limit ≤ 0: the budget): one worker's share, so that no one piece of work (a
// service's request) can take the whole budget. A reservation beyond it is an *OverError
// whose Limit is the share.
func (b *Budget) LimitedAccount(limit int64) *Account {
	if limit <= 0 || limit > b.limit {
		limit = b.limit
	}
	return &Account{b: b, limit: limit}
}

// Account is one worker's share of a Budget. It is used by one goroutine at a time. A nil
// *Account accounts nothing and refuses nothing.
type Account struct {
	b         *Budget
	limit     int64 // the most it may hold: the budget's, or less (LimitedAccount)
	held      int64
	exclusive bool
	peak      int64
}

// Limit returns the most the account may hold (the whole budget, or its share of it), or -1
// for a nil account.
func (a *Account) Limit() int64 {
	if a == nil {
		return -1
	}
	return a.limit
}

// Held returns the bytes this account holds.
func (a *Account) Held() int64 {
	if a == nil {
		return 0
	}
	return a.held
}

// Peak returns the most this account has held at once since ResetPeak.
func (a *Account) Peak() int64 {
	if a == nil {
		return 0
	}
	return a.peak
}

// ResetPeak starts a new peak measurement (at the bytes held now).
func (a *Account) ResetPeak() {
	if a != nil {
		a.peak = a.held
	}
}

// Fits reports whether n more bytes would stay within the account's limit (not whether they
// are free now).
func (a *Account) Fits(n int64) bool {
	return a == nil || a.held+n <= a.limit
}

// Reserve takes n more bytes, or fails with an *OverError (the account's limit, the whole
// budget or its share, is too small for its held bytes plus n) or ErrBusy (other accounts hold
// too much now; never for the exclusive account, which waits).
func (a *Account) Reserve(n int64) error {
	if a == nil || n <= 0 {
		return nil
	}
	if a.held+n > a.limit {
		return &OverError{Held: a.held, Asked: n, Limit: a.limit}
	}
	b := a.b
	b.mu.Lock()
	defer b.mu.Unlock()
	if a.exclusive {
		for b.used+n > b.limit {
			b.waiting = true
			b.freed.Wait()
		}
		b.waiting = false
	} else if b.waiting || b.used+n > b.limit {
		return ErrBusy
	}
	b.used += n
	a.held += n
	a.peak = max(a.peak, a.held)
	return nil
}

// Release gives back n bytes that Reserve took.
func (a *Account) Release(n int64) {
	if a == nil || n <= 0 {
		return
	}
	if n > a.held {
		panic(fmt.Sprintf("membudget: releasing %d bytes, %d held", n, a.held))
	}
	b := a.b
	b.mu.Lock()
	b.used -= n
	a.held -= n
	b.mu.Unlock()
	b.freed.Broadcast()
}

// Exclusive blocks until this account is the one that waits for memory instead of being
// refused, and makes it so until Done. Call it holding nothing.
func (a *Account) Exclusive() {
	if a == nil || a.exclusive {
		return
	}
	if a.held != 0 {
		panic(fmt.Sprintf("membudget: Exclusive with %d bytes held", a.held))
	}
	a.b.turn.Lock()
	a.exclusive = true
}

// Done ends Exclusive (if it was in effect).
func (a *Account) Done() {
	if a == nil || !a.exclusive {
		return
	}
	a.exclusive = false
	a.b.turn.Unlock()
}

// Count writes n with thousands separators, 1,000,000: the figures of the messages.
func Count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Bytes formats a byte count for people: "512 B", "3.2 MB", "1.5 GB", "8192 TB" (powers of
// 1024, in the units ParseBytes reads).
func Bytes(n int64) string {
	const unit = 1024
	if n < unit && n > -unit {
		return fmt.Sprintf("%d B", n)
	}
	v, suffix := float64(n), ""
	for _, s := range []string{"kB", "MB", "GB", "TB"} {
		v /= unit
		suffix = s
		if v < unit && v > -unit {
			break
		}
	}
	if v >= 100 || v <= -100 {
		return fmt.Sprintf("%.0f %s", v, suffix)
	}
	return fmt.Sprintf("%.1f %s", v, suffix)
}

// AsOver returns the *OverError in err's chain, if there is one (errors.As, in a function of
// its own so that its target is allocated only when there is an error to look into).
func AsOver(err error) (*OverError, bool) {
	if err == nil {
		return nil, false
	}
	var over *OverError
	ok := errors.As(err, &over)
	return over, ok
}

// LineBytes is the longest line a run under a budget of budget bytes reads from its files: a
// sixteenth of the budget. Reading a line holds about four times the line at most (the buffer
// it is read into doubles until the line fits, the old buffer and the new one at once; measured,
// 285 MB at the peak for a limit of 64 MB), and the tokens of a gold S line, made before the
// sentence's own reservations, eight times the line at most (a string header of 16 bytes for
// each token of at least one byte and its separator): three quarters of the budget at most
// before a line longer than the limit is refused, one message naming its file and line, never
// the runtime's "out of memory".
func LineBytes(budget int64) int64 { return max(budget/16, 1) }
