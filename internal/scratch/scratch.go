// Package scratch sizes the buffers that a worker reuses from sentence to sentence (matrices,
// lattice arrays, edge lists), and accounts the large ones against the run's memory budget.
//
// A small buffer (at most Small bytes) grows to at least twice its capacity and is kept for
// the next sentence. In a fresh process every page of a new buffer is a page fault on first
// touch (on the machines we measured, 10 µs a page: more than the work done in it), and
// sentences come in no order of size: a buffer regrown to the exact size of each new longest
// sentence is allocated, and touched, anew each time. Doubling bounds the regrowths, and
// capacity that no sentence reaches is never touched, so it costs nothing.
//
// A large buffer is reserved from the account before it is allocated, allocated at the size
// asked (Grow, which appends, still grows by doubling, or less when the budget cannot hold
// that), and released with Free when the sentence is done: a worker holds budget only while it
// scores a sentence, and what it holds depends on that sentence alone. Small buffers are not
// accounted: a lattice has a few dozen, each at most Small(acct) bytes — a 2048th of the
// budget, between 256 kB and 4 MB — which the budget's headroom covers. Without an account
// (nil) nothing is large: every buffer is kept.
package scratch

import (
	"math"
	"unsafe"

	"maxmatch/membudget"
)

// Small returns the most bytes a buffer may have and be kept from sentence to sentence,
// unaccounted: a 2048th of the account's budget, between 256 kB and 4 MB (a CoNLL-2014
// sentence's largest closure, NTHU's line 41, takes under 4 MB a buffer), or no limit without
// an account.
func Small(acct *membudget.Account) int64 {
	if acct == nil {
		return math.MaxInt64
	}
	return min(max(acct.Limit()/2048, 256<<10), 4<<20)
}

// Bytes is the size of n elements of s's type.
func Bytes[T any](s []T, n int) int64 {
	var zero T
	return int64(n) * int64(unsafe.Sizeof(zero))
}

// large reports whether a buffer of that many elements is accounted.
func large[T any](acct *membudget.Account, s []T, n int) bool { return Bytes(s, n) > Small(acct) }

// Resize returns a slice of length n that reuses s when it is large enough. Its contents are
// unspecified: s's old elements, or zeros. A new large buffer is reserved from acct first; on
// a refusal s is returned unchanged with the account's error.
func Resize[T any](acct *membudget.Account, s []T, n int) ([]T, error) {
	if n <= cap(s) {
		return s[:n], nil
	}
	if !large(acct, s, n) {
		c := max(n, min(2*cap(s), int(min(Small(acct)/Bytes(s, 1), math.MaxInt32))))
		Free(acct, s)
		return make([]T, n, c), nil
	}
	if err := acct.Reserve(Bytes(s, n)); err != nil {
		return s, err
	}
	Free(acct, s)
	return make([]T, n), nil
}

// Grow returns s, with its elements, and room for n more. The lattice's closure grows its edge
// lists to millions of elements one append at a time on a degenerate sentence: append's growth
// for large slices (1.25×) would copy them many times over, doubling copies each element about
// once. A large buffer that the budget cannot double grows by a quarter, or to exactly what is
// needed, before the refusal is returned (with s unchanged).
func Grow[T any](acct *membudget.Account, s []T, n int) ([]T, error) {
	need := len(s) + n
	if need <= cap(s) {
		return s, nil
	}
	c := max(need, 2*cap(s))
	if !large(acct, s, c) {
		return grown(acct, s, c), nil
	}
	if !large(acct, s, need) { // a small buffer doubles up to the small size, and stays small
		return grown(acct, s, int(min(Small(acct)/Bytes(s, 1), math.MaxInt32))), nil
	}
	// What a large buffer reserves must depend on the sentence alone: a small buffer's capacity
	// depends on the sentences before, so it grows from its length.
	base := cap(s)
	if !large(acct, s, base) {
		base = len(s)
	}
	c = max(need, 2*base)
	var err error
	for _, try := range []int{c, max(need, base+base/4), need} {
		if !large(acct, s, try) {
			return grown(acct, s, try), nil
		}
		if err = acct.Reserve(Bytes(s, try)); err == nil {
			return grown(acct, s, try), nil
		}
		if err == membudget.ErrBusy {
			break
		}
	}
	return s, err
}

// grown copies s into a new buffer of capacity c (reserved already if large) and frees s.
func grown[T any](acct *membudget.Account, s []T, c int) []T {
	// Not slices.Grow: it zeroes the capacity beyond the length (append's growth), touching
	// every page of it, where fresh memory from make is already zero and untouched.
	t := make([]T, len(s), c)
	copy(t, s)
	Free(acct, s)
	return t
}

// Free releases a large buffer's reservation and returns nil; a small buffer is returned, to
// be reused.
func Free[T any](acct *membudget.Account, s []T) []T {
	if large(acct, s, cap(s)) {
		acct.Release(Bytes(s, cap(s)))
		return nil
	}
	return s
}

// Adopt accounts a buffer that was grown outside this package (by append, to a length known
// only after): a large one is copied to a buffer of exactly its length, reserved from acct
// first (append's capacity depends on the buffer it started from, which the sentences before
// left, and what a sentence holds must depend on it alone). On a refusal it returns nil,
// dropping the buffer, and the account's error.
func Adopt[T any](acct *membudget.Account, s []T) ([]T, error) {
	if !large(acct, s, cap(s)) {
		return s, nil
	}
	if large(acct, s, len(s)) {
		if err := acct.Reserve(Bytes(s, len(s))); err != nil {
			return nil, err
		}
	}
	t := make([]T, len(s)) // small: unaccounted, and the large capacity is not kept
	copy(t, s)
	return t, nil
}

// Drop returns nil for a large buffer that is not accounted (a result buffer whose size the
// sentence decides), and s otherwise: a worker keeps only small buffers between sentences.
func Drop[T any](acct *membudget.Account, s []T) []T {
	if large(acct, s, cap(s)) {
		return nil
	}
	return s
}
