//go:build !unix

package membudget

// addressSpace reports no address-space limit where there is no RLIMIT_AS (Windows).
func addressSpace() (int64, bool) { return 0, false }
