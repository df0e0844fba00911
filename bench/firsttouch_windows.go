package main

import "time"

// firstTouch is not measured on Windows (0): the harness maps fresh memory with mmap.
func firstTouch(size, rounds int) time.Duration { return 0 }
