//go:build unix

package main

import (
	"syscall"
	"time"
)

// firstTouch measures the cost of a page's first touch: it maps size bytes of fresh anonymous
// memory (without asking for huge pages, like the Go runtime's heap), writes one byte per page
// and unmaps it, rounds times, and returns the median time per page (0 if mapping fails).
func firstTouch(size, rounds int) time.Duration {
	var perPage []float64
	for range rounds {
		b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			return 0
		}
		start := time.Now()
		for i := 0; i < len(b); i += pageSize {
			b[i] = 1
		}
		d := time.Since(start)
		syscall.Munmap(b)
		perPage = append(perPage, float64(d)/float64(size/pageSize))
	}
	return time.Duration(spreadOf(perPage).Median)
}
