// Package progress shows how far a command is, on one line of the terminal it rewrites, and
// writes the command's standard output so that the line never lands inside it (Output).
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"maxmatch/membudget"
)

// Line shows how far a long run is, on one line of a terminal that it rewrites: only once the
// run has lasted Delay, and only when stderr is a terminal, so that redirected output and
// quick runs carry no trace of it. Messages printed through it (warnings) first clear that
// line. When standard output goes to the same terminal (or file), the command's output passes
// through it too (see Output): the line is cleared before output is written
// and drawn again only where a line of output has ended, and a warning that comes while a
// line of output is unfinished waits for its end.
type Line struct {
	name    string // the command's, which starts its messages
	w       io.Writer
	enabled bool
	start   time.Time
	delay   time.Duration

	mu    sync.Mutex
	shown bool      // a progress line is on screen
	last  time.Time // when it was last written
	task  string    // what is being done, as update last described it
	read  struct {  // the file being read, as reading last described it
		name       string
		done, size int64
	}
	// When stdout shares stderr's file (see writeOutput): whether the output written so far
	// ends mid-line, and the messages waiting for the line's end.
	midLine bool
	held    []string
}

// Delay is how long a run lasts before its progress is shown (a variable: a test
// shows it at once), progressInterval how often the line is rewritten.
var Delay = time.Second

const progressInterval = 100 * time.Millisecond

// New returns the progress line of the command name (which starts its messages) on stderr,
// shown when stderr is a terminal.
func New(name string, stderr io.Writer) *Line {
	return &Line{name: name, w: stderr, enabled: IsTerminal(stderr), start: time.Now(), delay: Delay}
}

// Shown returns a progress line on w shown at once, whatever w is (for tests).
func Shown(name string, w io.Writer) *Line {
	return &Line{name: name, w: w, enabled: true, start: time.Now()}
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminalFile(f)
}

// Update shows "what done/total" ("what done" when total is 0) if the run is long enough and
// the line was not just written.
func (p *Line) Update(what string, done, total int) {
	if !p.enabled {
		return
	}
	task := fmt.Sprintf("%s %d", what, done)
	if total > 0 {
		task = fmt.Sprintf("%s %d/%d", what, done, total)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.task = task
	p.drawLocked(done == total)
}

// Doing shows what is being done, without a count.
func (p *Line) Doing(task string) {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.task = task
	p.drawLocked(false)
}

// Reading shows how much of a file has been read (size -1: unknown).
func (p *Line) Reading(name string, done, size int64) {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.read.name, p.read.done, p.read.size = name, done, size
	p.drawLocked(false)
}

// drawLocked draws the line, unless the run is still short, the line was just drawn (and this
// is not a final figure), or a line of output is unfinished.
func (p *Line) drawLocked(final bool) {
	now := time.Now()
	if now.Sub(p.start) < p.delay || p.midLine || (now.Sub(p.last) < progressInterval && !final) {
		return
	}
	line := "maxmatch: " + p.task
	if r := p.read; r.name != "" && (r.size < 0 || r.done < r.size) {
		what := fmt.Sprintf("%s of %s", membudget.Bytes(r.done), r.name)
		if r.size >= 0 {
			what = fmt.Sprintf("%s of %s of %s", membudget.Bytes(r.done), membudget.Bytes(r.size), r.name)
		}
		if p.task == "" {
			line += "reading " + what
		} else {
			line += ", " + what + " read"
		}
	}
	fmt.Fprint(p.w, "\r\033[K"+line)
	p.shown, p.last = true, now
}

// clear removes the progress line, if any.
func (p *Line) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

func (p *Line) clearLocked() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// printf prints a message (a warning) on its own line, clearing the progress line first; while
// a line of output on the same terminal is unfinished, the message waits for its end.
func (p *Line) Printf(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.midLine {
		p.held = append(p.held, fmt.Sprintf(format, args...))
		return
	}
	p.clearLocked()
	fmt.Fprintf(p.w, format, args...)
}

// Warn prints a warning of the command: "maxmatch COMMAND: warning: …" (see printf).
func (p *Line) Warn(format string, args ...any) {
	p.Printf(p.name+": warning: "+format+"\n", args...)
}

// Error prints an error of the command, "maxmatch COMMAND: …", the progress line cleared.
func (p *Line) Error(format string, args ...any) {
	p.Printf(p.name+": "+format+"\n", args...)
}

// writeOutput writes b to out, standard output, which shares stderr's terminal or file: the
// progress line is cleared first, and messages held while a line of output was unfinished are
// printed once one ends.
func (p *Line) writeOutput(out io.Writer, b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	n, err := out.Write(b)
	if n > 0 {
		p.midLine = b[n-1] != '\n'
	}
	if !p.midLine {
		for _, m := range p.held {
			fmt.Fprint(p.w, m)
		}
		p.held = nil
	}
	return n, err
}

// flushHeld prints the messages still held (at the end of a run whose output ended mid-line).
func (p *Line) flushHeld() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.midLine = false
	for _, m := range p.held {
		fmt.Fprint(p.w, m)
	}
	p.held = nil
}
