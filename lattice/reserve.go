package lattice

import (
	"maxmatch/internal/scratch"
	"maxmatch/membudget"
)

// The searches' arrays, reserved from the memory account before they grow (package scratch), by
// pointer so that one call resizes and reserves.

// reserve resizes *s to n elements (contents unspecified), reserving a large buffer from the
// account first (scratch.Resize).
func reserve[T any](a *membudget.Account, s *[]T, n int) error {
	var err error
	*s, err = scratch.Resize(a, *s, n)
	return err
}

// push appends x to *s, growing it from the account when it is full (scratch.Grow).
func push[T any](a *membudget.Account, s *[]T, x T) error {
	if len(*s) == cap(*s) {
		var err error
		if *s, err = scratch.Grow(a, *s, 1); err != nil {
			return err
		}
	}
	*s = append(*s, x)
	return nil
}
