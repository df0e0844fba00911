// Package scratch sizes the buffers that a worker reuses from sentence to sentence (matrices,
// lattice arrays, edge lists).
//
// A buffer grows to at least twice its capacity. In a fresh process every page of a new buffer
// is a page fault on first touch (on the machines we measured, 10 µs a page: more than the
// work done in it), and sentences come in no order of size: a buffer regrown to the exact size
// of each new longest sentence is allocated, and touched, anew each time. Doubling bounds the
// regrowths, and capacity that no sentence reaches is never touched, so it costs nothing.
package scratch

// Resize returns a slice of length n that reuses s when it is large enough. Its contents are
// unspecified: s's old elements, or zeros.
func Resize[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	return make([]T, n, max(n, 2*cap(s)))
}

// Grow returns s, with its elements, and room for n more. The lattice's closure grows its edge
// lists to millions of elements one append at a time on a degenerate sentence: append's growth
// for large slices (1.25×) would copy them many times over, doubling copies each element about
// once.
func Grow[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	// Not slices.Grow: it zeroes the capacity beyond the length (append's growth), touching
	// every page of it, where fresh memory from make is already zero and untouched.
	t := make([]T, len(s), max(len(s)+n, 2*cap(s)))
	copy(t, s)
	return t
}
