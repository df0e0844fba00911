package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress shows how far a long run is, on one line of a terminal that it rewrites: only once
// the run has lasted progressDelay, and only when stderr is a terminal, so that redirected
// output and quick runs carry no trace of it. Messages printed through it (warnings) first
// clear that line.
type progress struct {
	w       io.Writer
	enabled bool
	start   time.Time
	delay   time.Duration

	mu    sync.Mutex
	shown bool      // a progress line is on screen
	last  time.Time // when it was last written
}

const (
	progressDelay    = time.Second
	progressInterval = 100 * time.Millisecond
)

// newProgress returns a progress for stderr, enabled when stderr is a terminal.
func newProgress(stderr io.Writer) *progress {
	return &progress{w: stderr, enabled: isTerminal(stderr), start: time.Now(), delay: progressDelay}
}

// isTerminal reports whether w is a character device (a terminal; also /dev/null, where the
// progress line is harmless), without a dependency: the file mode says so.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// update shows "what done/total" if the run is long enough and the line was not just written.
func (p *progress) update(what string, done, total int) {
	if !p.enabled {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < p.delay {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown && now.Sub(p.last) < progressInterval && done != total {
		return
	}
	fmt.Fprintf(p.w, "\r\033[Kmaxmatch: %s %d/%d", what, done, total)
	p.shown, p.last = true, now
}

// clear removes the progress line, if any.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

func (p *progress) clearLocked() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// printf prints a message (a warning) on its own line, clearing the progress line first.
func (p *progress) printf(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	fmt.Fprintf(p.w, format, args...)
}
