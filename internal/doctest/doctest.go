// Package doctest reads the examples of the documentation's Markdown pages, as the convention
// of DEVELOPERS.md lays them out, and compares what they print with what the pages show: the
// documentation's test runs them in a clone, the release's test in an unpacked archive.
//
//   - ```console: lines "$ command" (a line ending in "\" continues on the next), each followed
//     by what it prints, standard output and standard error together; a line "…" stands for any
//     number of lines, and "…" inside a line for any text (a time, the memory in use, the
//     version); a last line "[N]" is the exit status N the command must end with (without it,
//     0). A command shown without output is run and must succeed; its output may instead be the
//     Markdown between "<!-- doctest: output -->" and "<!-- doctest: end output -->" after the
//     block (a table shown rendered).
//   - ```sh: a script, run whole; it must succeed.
//   - ```python: run with python3 and the package; when a line "prints" and a bare fence follow
//     it, that is its output.
//   - Markers, HTML comments on the lines just above a block, "<!-- doctest: MARKER -->".
package doctest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"maxmatch/internal/markdown"
)

// An example is one fenced block of a page and what the page says about it.
type Example struct {
	Page    string
	Line    int    // of the opening fence, from 1
	Lang    string // the info string's first word
	Body    []string
	Markers []string // the doctest markers above it, without "doctest:"
	// Output is what the page says the block prints when it says so outside the block: the
	// bare block after a python block's "prints", or the Markdown between output markers.
	Output    []string
	HasOutput bool
	// OutFrom and OutTo are the lines of Output in the page, from 0, OutTo excluded.
	OutFrom, OutTo int
}

func (e *Example) String() string { return fmt.Sprintf("%s:%d", e.Page, e.Line) }

func (e *Example) Marker(prefix string) (string, bool) {
	for _, m := range e.Markers {
		if strings.HasPrefix(m, prefix) {
			return strings.TrimSpace(strings.TrimPrefix(m, prefix)), true
		}
	}
	return "", false
}

// statusRE is the line that shows a command's exit status after its output, as cram shows it.
var statusRE = regexp.MustCompile(`^\[([0-9]+)\]$`)

var markerRE = regexp.MustCompile(`^<!--\s*doctest:\s*(.*?)\s*-->$`)

// Parse reads the examples of a page, and reports what breaks the convention.
func Parse(page string, text []byte) ([]*Example, []string) {
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	var (
		out      []*Example
		problems []string
		markers  []string
		prev     = "" // the previous line outside blocks
	)
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := markerRE.FindStringSubmatch(line); m != nil {
			if m[1] == "output" || m[1] == "end output" {
				problems = append(problems, fmt.Sprintf("%s:%d: %q without a console block just before it", page, i+1, line))
			} else {
				markers = append(markers, m[1])
			}
			prev = line
			continue
		}
		f, info := markdown.Fence(line)
		if f == "" {
			if strings.HasPrefix(line, "    ") && strings.TrimSpace(prev) == "" && strings.TrimSpace(line) != "" {
				problems = append(problems, fmt.Sprintf("%s:%d: an indented code block: fence it (```console, ```sh, ```python) so that it runs, or mark it not run", page, i+1))
			}
			if !strings.HasPrefix(strings.TrimSpace(line), "<!--") {
				markers = nil
			}
			prev = line
			continue
		}
		e := &Example{Page: page, Line: i + 1, Markers: markers}
		markers = nil
		if fields := strings.Fields(info); len(fields) > 0 {
			e.Lang = fields[0]
		}
		closed := false
		for i++; i < len(lines); i++ {
			if markdown.Closes(f, lines[i]) {
				closed = true
				break
			}
			e.Body = append(e.Body, lines[i])
		}
		if !closed {
			problems = append(problems, fmt.Sprintf("%s: a block never closed", e))
			break
		}
		prev = ""
		// What follows may be the block's output.
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		switch {
		case e.Lang == "python" && j < len(lines) && lines[j] == "prints":
			k := j + 1
			for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
				k++
			}
			if g, rest := markdown.Fence(safe(lines, k)); g == "" || rest != "" {
				problems = append(problems, fmt.Sprintf("%s: \"prints\" not followed by a bare fenced block", e))
				break
			}
			e.OutFrom = k + 1
			for k++; k < len(lines); k++ {
				if g, _ := markdown.Fence(lines[k]); g != "" {
					break
				}
				e.Output = append(e.Output, lines[k])
			}
			e.HasOutput, e.OutTo = true, k
			i = k
		case e.Lang == "console" && j < len(lines) && markerRE.MatchString(lines[j]) && markerRE.FindStringSubmatch(lines[j])[1] == "output":
			k := j + 1
			for ; k < len(lines); k++ {
				if m := markerRE.FindStringSubmatch(lines[k]); m != nil && m[1] == "end output" {
					break
				}
				e.Output = append(e.Output, lines[k])
			}
			if k == len(lines) {
				problems = append(problems, fmt.Sprintf("%s: \"<!-- doctest: output -->\" without its end", e))
			}
			e.Output = trimBlank(e.Output)
			e.HasOutput, e.OutFrom, e.OutTo = true, j+1, k
			i = k
		}
		out = append(out, e)
	}
	return out, problems
}

func safe(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

func trimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// A command of a console block and what the page says it prints.
type Command struct {
	Line   int // in the page
	Text   string
	Output []string
	Shown  bool // the page shows an output (possibly empty) for it
	Status int  // the exit status it must end with
	// From and To are the lines of its output in the page, from 0, To excluded.
	From, To int
}

// Commands splits a console block into its commands.
func (e *Example) Commands() ([]Command, error) {
	var cs []Command
	for i := 0; i < len(e.Body); i++ {
		l := e.Body[i]
		if strings.HasPrefix(l, "$ ") {
			c := Command{Line: e.Line + 1 + i, Text: strings.TrimPrefix(l, "$ ")}
			for strings.HasSuffix(c.Text, "\\") && i+1 < len(e.Body) {
				i++
				c.Text += "\n" + e.Body[i]
			}
			c.From, c.To = e.Line+i+1, e.Line+i+1 // body line i is page line e.Line+i
			cs = append(cs, c)
			continue
		}
		if len(cs) == 0 {
			return nil, fmt.Errorf("%s: a console block must start with a \"$ command\" line, found %q", e, l)
		}
		cs[len(cs)-1].Output = append(cs[len(cs)-1].Output, l)
		cs[len(cs)-1].Shown = true
		cs[len(cs)-1].To = e.Line + i + 1
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: a console block without a \"$ command\" line", e)
	}
	for i := range cs {
		c := &cs[i]
		if n := len(c.Output); n > 0 {
			if m := statusRE.FindStringSubmatch(c.Output[n-1]); m != nil {
				c.Status, _ = strconv.Atoi(m[1])
				c.Output = c.Output[:n-1]
			}
		}
	}
	if e.HasOutput {
		last := &cs[len(cs)-1]
		if last.Shown {
			return nil, fmt.Errorf("%s: output markers after a block whose last command shows its output already", e)
		}
		last.Output, last.Shown, last.From, last.To = e.Output, true, e.OutFrom, e.OutTo
	}
	return cs, nil
}

// Matches says whether got is what the page shows, where a line "…" stands for any lines.
func Matches(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "…" {
		for k := 0; k <= len(got); k++ {
			if Matches(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && lineMatches(want[0], got[0]) && Matches(want[1:], got[1:])
}

// lineMatches says whether a printed line is the line shown, where "…" inside a line stands
// for any text (a figure that depends on the run, such as a time or the memory in use).
func lineMatches(want, got string) bool {
	if !strings.Contains(want, "…") {
		return want == got
	}
	parts := strings.Split(want, "…")
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(got, p)
		if i < 0 {
			return false
		}
		got = got[i+len(p):]
	}
	last := parts[len(parts)-1]
	return len(got) >= len(last) && strings.HasSuffix(got, last)
}

// FirstDifference describes where got first departs from want, up to the first "…".
func FirstDifference(want, got []string) string {
	for i := range want {
		if want[i] == "…" {
			break
		}
		if i >= len(got) {
			return fmt.Sprintf("it printed %d lines; the page shows more, from line %d: %q", len(got), i+1, want[i])
		}
		if !lineMatches(want[i], got[i]) {
			return fmt.Sprintf("line %d: printed %q, the page shows %q", i+1, got[i], want[i])
		}
	}
	return "the difference is after the lines compared in order (a \"…\", or the output's end)"
}

func SplitOutput(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// Runner runs a program (bash for console and sh blocks, python for python ones) with args
// where the examples run, and returns what it printed, standard output and standard error
// together, and its exit status.
type Runner func(name string, args ...string) (out []byte, status int)

// Outcome is what one command of a console block, or a whole sh or python block, did against
// what the page shows: for a python block, Command is the block (its Output what the page shows
// after "prints"), for a sh block, the script, which must exit 0.
type Outcome struct {
	Command
	Printed  []byte // what it printed
	Got      []string
	Status   int  // the exit status it ended with
	Compared bool // an output shown was compared
	OK       bool // the status and the output are what the page shows
}

// AsShown returns what the page would show for the outcome: its lines, and the exit status
// when it is not 0.
func (o Outcome) AsShown() []string {
	if o.Status == 0 {
		return o.Got
	}
	return append(o.Got[:len(o.Got):len(o.Got)], fmt.Sprintf("[%d]", o.Status))
}

// sessionMark ends each command's output in a console session: the ASCII record separator,
// the command's exit status, the separator again.
const sessionMark = "\x1e"

// Run runs a console, sh or python block with run (python names the Python program), leaving
// out the console commands for which skip is true, and returns each outcome. The commands of
// a console block run in one shell, one after another, as a reader types them in a terminal
// (a variable set, or a "cd", holds for the commands after it).
func (e *Example) Run(run Runner, python string, skip func(Command) bool) ([]Outcome, error) {
	var o Outcome
	switch e.Lang {
	case "console":
		return e.session(run, skip)
	case "sh":
		o.Command = Command{Line: e.Line, Text: strings.Join(e.Body, "\n") + "\n"}
		o.Printed, o.Status = run("bash", "-e", "-c", o.Text)
	case "python":
		o.Command = Command{Line: e.Line, Text: strings.Join(e.Body, "\n") + "\n", Output: e.Output, Shown: e.HasOutput, From: e.OutFrom, To: e.OutTo}
		o.Printed, o.Status = run(python, "-c", o.Text)
	default:
		return nil, fmt.Errorf("%s: a ```%s block: examples are ```console, ```sh or ```python (or marked \"<!-- doctest: not run: REASON -->\")", e, e.Lang)
	}
	return []Outcome{o.judge()}, nil
}

// judge sets what an outcome's printed output and status make of it.
func (o Outcome) judge() Outcome {
	o.Got, o.Compared = SplitOutput(o.Printed), o.Command.Shown
	o.OK = o.Status == o.Command.Status && (!o.Command.Shown || Matches(o.Output, o.Got))
	return o
}

// session runs a console block's commands (but those skip leaves out) in one shell.
func (e *Example) session(run Runner, skip func(Command) bool) ([]Outcome, error) {
	cs, err := e.Commands()
	if err != nil {
		return nil, err
	}
	var script strings.Builder
	var ran []Command
	for _, c := range cs {
		if skip != nil && skip(c) {
			continue
		}
		ran = append(ran, c)
		fmt.Fprintf(&script, "%s\nprintf '%s%%d%s' \"$?\"\n", c.Text, sessionMark, sessionMark)
	}
	if len(ran) == 0 {
		return nil, nil
	}
	out, status := run("bash", "-c", script.String())
	rest := string(out)
	var outcomes []Outcome
	for i, c := range ran {
		before, after, ok := strings.Cut(rest, sessionMark)
		code, tail, ok2 := strings.Cut(after, sessionMark)
		n, err := strconv.Atoi(code)
		if !ok || !ok2 || err != nil {
			return nil, fmt.Errorf("%s:%d: %s\nthe shell stopped before command %d ended (exit status %d); it printed:\n%s", e.Page, c.Line, c.Text, i+1, status, out)
		}
		outcomes = append(outcomes, Outcome{Command: c, Printed: []byte(before), Status: n}.judge())
		rest = tail
	}
	return outcomes, nil
}

// Problem describes how an outcome departs from what the page shows.
func (o Outcome) Problem(e *Example) string {
	if o.Status != o.Command.Status {
		return fmt.Sprintf("%s:%d: %s\nexit status %d, expected %d; it printed:\n%s", e.Page, o.Line, o.Text, o.Status, o.Command.Status, o.Printed)
	}
	return fmt.Sprintf("%s:%d: %s\n%s\nprinted:\n%s\nthe page shows:\n%s", e.Page, o.Line, o.Text, FirstDifference(o.Output, o.Got), strings.Join(o.Got, "\n"), strings.Join(o.Output, "\n"))
}
