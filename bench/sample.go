package main

import "maxmatch/bench/internal/proc"

// Sample is one measured run (see package proc); in-process timings use Wall only.
type Sample = proc.Sample

// Status is how a measured run ended.
type Status = proc.Status

const (
	StatusOK      = proc.StatusOK
	StatusTimeout = proc.StatusTimeout
	StatusSkipped = proc.StatusSkipped
	StatusFailed  = proc.StatusFailed
)
