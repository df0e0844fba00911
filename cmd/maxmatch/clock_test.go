package main

import "time"

// The HOO 2012 report carries the time it was made; the golden files need one time.
func init() {
	now = func() time.Time { return time.Date(2012, time.April, 24, 15, 4, 0, 0, time.UTC) }
}
