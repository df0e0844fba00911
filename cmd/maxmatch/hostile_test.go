package main

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/internal/cli"
	"maxmatch/scorer"
)

// hostileStderr, when set, is a file the hostile suite writes every case's standard error to
// (for "grep -c panic" over it).
var hostileStderr = flag.String("hostile-stderr", "", "write the standard error of every case of TestHostile* to this file")

// crashSigns are what a crash prints: a Go panic, a runtime fatal error, a goroutine dump.
var crashSigns = []string{"panic:", "fatal error:", "goroutine "}

// hostileFiles are the tiny inputs of the hostile suite, written to a temporary directory: the
// issue's fixtures (a gold file of two sentences and a system output), an n-best list, the
// sentence results of the system output, a source and a reference, and the HOO test directories.
func hostileFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"g.m2":    "S He go home .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\nS I like it .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n",
		"s.txt":   "He goes home .\nI like it .\n",
		"n.txt":   "0 ||| He goes home . ||| f ||| 1\n0 ||| He go home . ||| f ||| 0\n1 ||| I like it . ||| f ||| 1\n",
		"src.txt": "He go home .\nI like it .\n",
		"ref.txt": "He goes home .\nI like it .\n",
		"r.jsonl": `{"id":0,"annotators":[{"annotator":0,"correct":1,"proposed":1,"gold":1}]}` + "\n" + `{"id":1,"annotators":[{"annotator":0,"correct":0,"proposed":0,"gold":0}]}` + "\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, sub := range []string{"raw", "gold", "systxt", "sys"} {
		copyDir(t, filepath.Join("testdata", "hoo", sub), filepath.Join(dir, "hoo", sub))
	}
	return dir
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
}

// treeState is every file under dir with the hash of its content.
func treeState(t *testing.T, dir string) map[string]string {
	t.Helper()
	state := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		state[path] = fmt.Sprintf("%x", sha256.Sum256(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return state
}

// hostileBase is what a command needs besides the flag under test, in dir: tiny files, and
// flags that keep the run short (the flag under test comes after them, and wins).
func hostileBase(path, dir string) []string {
	in := func(name string) string { return filepath.Join(dir, name) }
	hoo := func(name string) string { return filepath.Join(dir, "hoo", name) }
	switch path {
	case "maxmatch score":
		return []string{in("s.txt"), in("g.m2")}
	case "maxmatch compare":
		return []string{"--bootstrap", "20", in("s.txt"), in("s.txt"), in("g.m2")}
	case "maxmatch nbest", "maxmatch oracle":
		return []string{in("n.txt"), in("g.m2")}
	case "maxmatch serve":
		return []string{"--gold", in("g.m2")}
	case "maxmatch merge":
		return []string{in("r.jsonl"), in("g.m2")}
	case "maxmatch m2":
		return []string{in("src.txt"), in("ref.txt")}
	case "maxmatch hoo extract":
		return []string{"--orig", hoo("raw"), "--system", hoo("systxt"), "--out", in("out")}
	case "maxmatch hoo synth":
		return []string{"--orig", hoo("raw"), "--gold", hoo("gold"), "--out", in("out")}
	case "maxmatch hoo eval":
		return []string{hoo("gold"), hoo("sys")}
	case "maxmatch hoo compare":
		return []string{"--gold", hoo("gold"), "--orig", hoo("raw"), hoo("systxt")}
	case "maxmatch completion":
		return []string{"bash"}
	}
	return nil
}

// hostileValues are the values every flag of a type is given, with whether its definition
// accepts each (refused: exit 2 before any work, one message naming the flag).
func hostileValues(fl *pflag.Flag, dir string) map[string]bool {
	values := map[string]bool{"": false}
	switch v := fl.Value.(type) {
	case *cli.IntValue:
		for _, s := range []string{"0", "-1", "-100", "1", "2", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "abc", "1.5", "0x10", " 1"} {
			n, err := strconv.ParseInt(s, 10, 64)
			switch {
			case err == nil:
				values[s] = n >= v.R.Min && (n <= v.R.Max || v.R.ClampNote != "")
			default:
				values[s] = s == "9223372036854775808" && v.R.ClampNote != ""
			}
		}
	case *cli.Uint64Value:
		for _, s := range []string{"0", "1", "-1", "18446744073709551615", "18446744073709551616", "abc", "NaN"} {
			_, err := strconv.ParseUint(s, 10, 64)
			values[s] = err == nil
		}
	case *cli.FloatValue:
		for _, s := range []string{"0", "-1", "0.5", "1", "2", "1e100", "1e101", "1e308", "1e309", "NaN", "Inf", "-Inf", "+Inf", "abc", "0x1p-2"} {
			x, err := strconv.ParseFloat(s, 64)
			values[s] = err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) && x <= v.R.Max && (x > v.R.Min || x == v.R.Min && v.R.MinIncluded)
		}
	case *cli.SizeValue:
		for s, ok := range map[string]bool{"0": v.Zero != "", "-1": false, "1": true, "64M": true, "1e3": false, "9223372036854775807": false,
			"99999999999999999999G": false, "10T": true, "abc": false, "NaN": false, "Inf": false, "0.5": false} {
			values[s] = ok
		}
	case *cli.ChoiceValue:
		values["abc"], values[","] = false, false
		for _, c := range v.Choices {
			values[c] = true
		}
	case *compatValue:
		values["abc"], values["4.0"] = false, false
	case *cli.ListValue:
		values["abc,"], values[","], values[" , "] = v.Choices == nil, false, false
	case *cli.BoolValue:
		values["abc"], values["true"], values["false"], values["2"] = false, true, true, false
	case *cli.StringValue:
		values[filepath.Join(dir, "missing", "x")] = true // accepted; reading or writing it fails
		values["-"] = v.Kind != cli.OutFileArg && v.Kind != cli.OutDirArg
	case *cli.WithOldValues:
		values = hostileValues(&pflag.Flag{Name: fl.Name, Value: v.Value}, dir)
		for _, old := range v.Old {
			values[old] = true // another flag's old value, with a warning
		}
	default:
		panic(fmt.Sprintf("no hostile values for %s (%T)", fl.Name, fl.Value))
	}
	return values
}

// leafCommands are the commands that run something, with their paths.
func leafCommands() []*cobra.Command {
	var out []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.HasSubCommands() {
				walk(sub)
			} else if sub.Name() != "help" {
				out = append(out, sub)
			}
		}
	}
	walk((&app{}).newRoot())
	return out
}

// hostileRun is one run of the suite: its arguments, and what it did.
type hostileRun struct {
	args           []string
	code           int
	stdout, stderr string
}

// runHostile runs args in-process with empty standard input, a panic of the command's goroutine
// turned into "panic:" on its stderr.
func runHostile(args []string) (r hostileRun) {
	r.args = args
	var stdout, stderr bytes.Buffer
	defer func() {
		if p := recover(); p != nil {
			r.code = -1
			r.stderr = stderr.String() + fmt.Sprintf("panic: %v\n", p)
		}
		r.stdout = stdout.String()
	}()
	withStdin(strings.NewReader(""), func() { r.code = run(args, &stdout, &stderr) })
	r.stderr = stderr.String()
	return r
}

// hostileLog collects the standard error of every case for -hostile-stderr.
type hostileLog struct{ b strings.Builder }

func (l *hostileLog) add(r hostileRun) {
	fmt.Fprintf(&l.b, "$ maxmatch %s\nexit %d\n%s", strings.Join(r.args, " "), r.code, r.stderr)
}

func (l *hostileLog) write(t *testing.T) {
	if *hostileStderr == "" {
		return
	}
	f, err := os.OpenFile(*hostileStderr, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err == nil {
		_, err = io.WriteString(f, l.b.String())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}

// checkOneMessage checks what every failed run prints: on stderr, after the warnings if any,
// exactly one line, from the command; nothing on stdout.
func checkOneMessage(t *testing.T, r hostileRun, cmd string) {
	t.Helper()
	msg := r.stderr
	for strings.HasPrefix(msg, cmd+": warning: ") && strings.Count(msg, "\n") > 1 {
		msg = msg[strings.IndexByte(msg, '\n')+1:]
	}
	if strings.Count(msg, "\n") != 1 || !strings.HasSuffix(msg, "\n") || !strings.HasPrefix(msg, cmd+": ") || strings.HasPrefix(msg, cmd+": warning: ") {
		t.Errorf("%q: exit %d, stderr %q: want one line starting %q (after warnings)", r.args, r.code, r.stderr, cmd+": ")
	}
	if r.stdout != "" {
		t.Errorf("%q: exit %d and stdout %q: want nothing on stdout", r.args, r.code, r.stdout)
	}
}

// TestHostileFlags walks every flag of every command through values a hostile user could give
// (zero, negative, the largest int64 and beyond, NaN and infinities for numbers, garbage, an
// empty value, "-") on tiny inputs, and checks for each: no crash; exit 0, or 2 with one clear
// message line; a value outside the flag's documented range refused before any work, with a
// message naming the flag and a pointer to -h; the inputs unchanged, and no file written by a
// run that failed.
func TestHostileFlags(t *testing.T) {
	dir := hostileFiles(t)
	var log hostileLog
	defer log.write(t)
	cases := 0
	for _, cmd := range leafCommands() {
		path := cmd.CommandPath()
		var fls []*pflag.Flag
		cmd.Flags().VisitAll(func(fl *pflag.Flag) {
			if fl.Name != "help" {
				fls = append(fls, fl)
			}
		})
		for _, fl := range fls {
			values := hostileValues(fl, dir)
			keys := make([]string, 0, len(values))
			for v := range values {
				keys = append(keys, v)
			}
			sort.Strings(keys)
			for _, value := range keys {
				accepted := values[value]
				before := treeState(t, dir)
				args := append(strings.Fields(strings.TrimPrefix(path, "maxmatch ")), hostileBase(path, dir)...)
				args = append(args, "--"+fl.Name+"="+value)
				r := runHostile(args)
				log.add(r)
				cases++
				for _, sign := range crashSigns {
					if strings.Contains(r.stderr, sign) {
						t.Fatalf("%q: crashed (%q on stderr): %s", args, sign, r.stderr)
					}
				}
				switch {
				case r.code != exitOK && r.code != exitError:
					t.Errorf("%q: exit %d, want 0 or 2", args, r.code)
				case !accepted && r.code != exitError:
					t.Errorf("%q: exit %d, want the value refused (exit 2)", args, r.code)
				case r.code == exitError:
					checkOneMessage(t, r, path)
				}
				refusal := strings.HasSuffix(r.stderr, fmt.Sprintf(" (see %q)\n", path+" -h"))
				if !accepted && (!refusal || !strings.Contains(r.stderr, "--"+fl.Name)) {
					t.Errorf("%q: stderr %q: want a refusal naming --%s and pointing to -h", args, r.stderr, fl.Name)
				}
				after := treeState(t, dir)
				for file, hash := range before {
					if after[file] != hash {
						t.Errorf("%q: changed the input %s", args, file)
					}
				}
				for file := range after {
					if _, ok := before[file]; !ok && r.code != exitOK {
						t.Errorf("%q: exit %d, yet wrote %s", args, r.code, file)
					}
				}
				os.RemoveAll(filepath.Join(dir, "out"))
				os.RemoveAll(filepath.Join(dir, "missing"))
				for file := range after {
					if _, ok := before[file]; !ok {
						os.Remove(file)
					}
				}
			}
		}
	}
	if cases < 500 {
		t.Errorf("only %d cases", cases)
	}
	t.Logf("%d cases", cases)
}

// TestHostileReproductions runs what the hostile user tried, each case with its reason: the
// status, the one message (naming the flag when a flag is refused), and every file given left
// as it was.
func TestHostileReproductions(t *testing.T) {
	dir := hostileFiles(t)
	var log hostileLog
	defer log.write(t)
	in := func(name string) string { return filepath.Join(dir, name) }
	// One gold sentence with edits of 40,000 annotators, each its own id (its reading was
	// quadratic in them: 5.5 s), and a system named after a file with a line break.
	var many strings.Builder
	many.WriteString("S a b c\n")
	for i := range 40_000 {
		fmt.Fprintf(&many, "A 0 1|||X|||y|||REQUIRED|||-NONE-|||%d\n", i*7919-50_000)
	}
	for name, text := range map[string]string{"many.m2": many.String(), "a\nb.txt": "He goes home .\nI like it .\n", "ctl.txt": "He \x1b[2Jgoes\rhome .\nI like it .\n"} {
		if err := os.WriteFile(in(name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A request of 400 unrelated tokens, its own gold: 628 kB to score, whichever search.
	heavy := fmt.Sprintf(`{"id": "big", "source": %q, "gold": [], "hyp": %q}`, numberedWords("s", 400), numberedWords("h", 400))
	next := `{"id": 1, "hyp": "I like it ."}`
	tests := []struct {
		args  []string
		stdin string
		code  int
		msg   string // in the one line on stderr when code is 2; "" for none
		out   string // when code is 0, lines stdout must hold, in this order ("\n" between them)
		why   string
	}{
		{[]string{"score", "--max-edges", "1", "--max_unchanged_words", "9223372036854775807", in("s.txt"), in("g.m2")}, "", 0, "", "F_0.5       : 1.0000", "u at the largest int64 in the bounded search (a slice-bounds panic in its scratch buffers)"},
		{[]string{"score", "--max-work", "1", "--max_unchanged_words", "9223372036854775806", in("s.txt"), in("g.m2")}, "", 0, "", "F_0.5       : 1.0000", "u one below it (a makeslice panic in the budget's estimate)"},
		{[]string{"serve", "--max-edges", "1", "--max_unchanged_words", "9223372036854775807", "--gold", in("g.m2")}, `{"id": 0, "hyp": "He goes home ."}` + "\n", 0, "",
			`{"id":0,"annotator":0,"correct":1,"proposed":1,"gold":1,"tp":1,"fp":0,"fn":0,"p":1,"r":1,"f":1,`, "the same request killed the service"},
		{[]string{"score", "--max-memory", "64M", "--max-edges", "1", "--max_unchanged_words", "2147483646", in("s.txt"), in("g.m2")}, "", 0, "", "F_0.5       : 1.0000", "u beyond the sentence in the bounded search: as long as the sentence (it asked for 168 GB on 4 tokens)"},
		{[]string{"score", "--max-memory", "100M", "--bootstrap", "300000000", in("s.txt"), in("g.m2")}, "", 2, "--bootstrap: 300000000 resamples are more than the memory budget (100 MB, --max-memory) holds", "", "the bootstrap's arrays are within the budget set (they went past 3 GB under 100M)"},
		{[]string{"serve", "--max-request-memory", "64K", "--gold", in("g.m2")}, heavy + "\n" + next + "\n", 0, "",
			`{"id":"big","error":{"line":1,"message":"the request's sentence is too large for one sentence's share of the memory budget: 400 source and 400 hypothesis tokens` + "\n" + `{"id":1,"annotator":0,"correct":0,"proposed":0,"gold":0,`,
			"a request over its share of the budget: an error answer, and the next request served"},
		{[]string{"serve", "--max-request-memory", "0", "--gold", in("g.m2")}, heavy + "\n" + next + "\n", 0, "",
			`{"id":"big","annotator":0,"correct":0,"proposed":1,"gold":0,` + "\n" + `{"id":1,"annotator":0,`, "0 is the default share, 256 MB: the same request scored exactly"},
		{[]string{"serve", "--max-request-memory", "-1", "--gold", in("g.m2")}, "", 2, `--max-request-memory: "-1" is not a size`, "", "a negative share is refused, as every size is"},
		{[]string{"serve", "--gold", in("g.m2")}, `{"id": 0, "hyp": "a", "hyp": "b"}` + "\n" + next + "\n", 0, "",
			`{"id":0,"error":{"line":1,"byte":23,"message":"key \"hyp\" given twice in one object: expected each key once"}}` + "\n" + `{"id":1,"annotator":0,`, "strict JSON at the command: a key twice (the last won) is an error answer, and the next request served"},
		{[]string{"score", in("s.txt"), in("many.m2")}, "", 2, in("s.txt") + " has 2 lines but " + in("many.m2") + " has 1 sentence", "", "40,000 annotators of their own id read in linear time, then the line-count error (it took 5.5 s before it)"},
		{[]string{"score", in("s.txt"), in("a\nb.txt"), in("g.m2")}, "", 0, "", "s.txt      1   0   0  1.0000  1.0000  1.0000  [1.0000, 1.0000]\na\\nb.txt   1   0   0  1.0000  1.0000  1.0000", "a system named with a line break keeps its row one line, the columns aligned"},
		{[]string{"score", "--explain", in("ctl.txt"), in("g.m2")}, "", 0, "", `  hypothesis : He \x1b[2Jgoes\rhome .`, "control characters in a hypothesis as Go escapes, as the edits show them: the terminal's escape sequence (clear the screen) and the carriage return (the label overwritten) were printed raw"},
		{[]string{"nbest", "-j", "9223372036854775807", in("n.txt"), in("g.m2")}, "", 0, "", "0\t0\t0\t1\t1\t1", "workers beyond the CPUs count as the CPUs (it panicked)"},
		{[]string{"oracle", "-j", "9223372036854775807", in("n.txt"), in("g.m2")}, "", 0, "", "Method      : enumeration of every combination: the best", "the same for oracle"},
		{[]string{"serve", "-j", "9223372036854775807", "--gold", in("g.m2")}, `{"info": true}` + "\n", 0, "", fmt.Sprintf(`"workers":%d,`, scorer.Workers(0)), "the same for serve: as many workers as CPUs"},
		{[]string{"nbest", "-j", "-1", in("n.txt"), in("g.m2")}, "", 2, "-j/--jobs: -1 is too small", "", "a negative -j is refused, as a negative -max_unchanged_words is (it was taken silently)"},
		{[]string{"score", "-j", "-100", in("s.txt"), in("g.m2")}, "", 2, "-j/--jobs: -100 is too small", "", "the same rule in every command"},
		{[]string{"score", "--max_unchanged_words", "-1", in("s.txt"), in("g.m2")}, "", 2, "--max_unchanged_words: -1 is too small", "", "the rule -j now follows"},
		{[]string{"score", "--bootstrap", "9223372036854775807", in("s.txt"), in("g.m2")}, "", 2, "--bootstrap: 9223372036854775807 resamples are more than the memory budget", "", "resamples beyond the memory budget: refused before any work (makeslice panic)"},
		{[]string{"score", "--bootstrap", "100000000000", in("s.txt"), in("g.m2")}, "", 2, "--bootstrap: 100000000000 resamples are more than the memory budget", "", "the runtime's out-of-memory error"},
		{[]string{"compare", "--bootstrap", "9223372036854775807", in("s.txt"), in("ref.txt"), in("g.m2")}, "", 2, "--bootstrap: 9223372036854775807 resamples are more than the memory budget", "", "compare's resamples the same (makeslice panic)"},
		{[]string{"serve", "--max-request-bytes", "9223372036854775807", "--gold", in("g.m2")}, `{"id":0,"hyp":"x"}` + "\n", 2, "--max-request-bytes: 9223372036854775807 is more than the memory budget", "", "a request size beyond the budget (max+1 overflowed: an endless loop of error answers)"},
		{[]string{"serve", "--max-request-bytes", "5", "--gold", in("g.m2")}, `{"id":0,"hyp":"x"}` + "\n", 0, "", `{"id":null,"error":{"line":1,"message":"request longer than --max-request-bytes=5`, "a request over the limit: one error answer, then the end of input"},
		{[]string{"serve", "--max-memory", "32M", "--gold", in("g.m2")}, `{"info": true}` + "\n", 0, "", `"sentences":2`, "a budget below the default request size: the default follows the budget"},
		{[]string{"serve", "--gold", "-"}, "S a\n\n", 2, `--gold: "-" is standard input, which carries the requests`, "", "the gold file would swallow the requests (it exited 0 having answered nothing)"},
		{[]string{"score", in("s.txt"), "--html", in("ref.txt"), in("src.txt"), in("g.m2")}, "", 2, "--html: " + in("ref.txt") + " exists and is not an HTML page", "", "--html took the next system file as its value: not replaced (it was, exit 0)"},
		{[]string{"score", "--html", in("g.m2"), in("s.txt"), in("g.m2")}, "", 2, "--html: " + in("g.m2") + " is the GOLD file, an input", "", "the page over the gold file"},
		{[]string{"m2", "--out", in("src.txt"), in("src.txt"), in("ref.txt")}, "", 2, "--out: " + in("src.txt") + " is the SOURCE file, an input", "", "the M2 file over its source"},
		{[]string{"oracle", "-o", in("n.txt"), in("n.txt"), in("g.m2")}, "", 2, "-o/--output: " + in("n.txt") + " is the NBEST file, an input", "", "the chosen hypotheses over the list"},
		{[]string{"score", "--html", in("nodir/p.html"), in("s.txt"), in("g.m2")}, "", 2, "--html: cannot write " + in("nodir/p.html") + ": no such file or directory", "", "a page in a directory that does not exist: refused before scoring, by its flag (after, without it)"},
		{[]string{"oracle", "-o", in("nodir/o.txt"), in("n.txt"), in("g.m2")}, "", 2, "-o/--output: cannot write " + in("nodir/o.txt") + ": no such file or directory", "", "the same for oracle's chosen hypotheses (the search ran, then the write failed)"},
		{[]string{"oracle", "-o", filepath.Join(dir, ".", "n.txt"), in("n.txt"), in("g.m2")}, "", 2, "is the NBEST file, an input", "", "the same file by another path (device and inode)"},
		{[]string{"score", in("s.txt"), in("s.txt"), in("g.m2")}, "", 2, "SYSTEM 1 and SYSTEM 2 are both " + in("s.txt") + ": expected each system once", "", "one system twice made two rows of one name"},
		{[]string{"score", in("s.txt"), dir + "/./s.txt", in("g.m2")}, "", 2, "SYSTEM 1 and SYSTEM 2 are one file (" + in("s.txt") + " and " + dir + "/./s.txt): expected each system once", "", "one system by two paths: two rows of one system"},
		{[]string{"compare", in("s.txt"), in("s.txt"), in("g.m2")}, "", 2, "SYSTEM_A and SYSTEM_B are both " + in("s.txt") + ": expected each system once", "", "a paired test of a file against itself says nothing (it was run, exit 0)"},
		{[]string{"compare", in("s.txt"), dir + "/./s.txt", in("g.m2")}, "", 2, "SYSTEM_A and SYSTEM_B are one file (" + in("s.txt") + " and " + dir + "/./s.txt): expected each system once", "", "the same by two paths"},
		{[]string{"score", "--beta", "1e100", in("s.txt"), in("g.m2")}, "", 0, "", "F_10000000000000000159028911097599180468360808563945281389781327557747838772170381060813469985856815104.0       : 1.0000", "the largest β: its label every digit, as Python's %.1f writes it (said in -h)"},
		{[]string{"score", "--beta", "1e101", in("s.txt"), in("g.m2")}, "", 2, "--beta: 1e101 is too large, expected a number above 0 and at most 1e100", "", "beyond, F_β's formula overflows"},
		{[]string{"score", "--bootstrap", "1", in("s.txt"), in("g.m2")}, "", 0, "", "95% bootstrap intervals (1 resample of the 2 sentences, seed 1):", "one resample, singular"},
		{[]string{"score", "-beta", "1", in("s.txt"), in("g.m2")}, "", 2, "-beta: a long flag takes two dashes: --beta", "", "Go's single-dash long flags, which the official never took"},
		{[]string{"score", "-jsonl", in("s.txt"), in("g.m2")}, "", 2, "-jsonl: a long flag takes two dashes: --jsonl", "", "not -j with the value \"sonl\""},
		{[]string{"score", "-j2", in("s.txt"), in("g.m2")}, "", 0, "", "F_0.5       : 1.0000", "a letter flag with its value attached"},
		{[]string{"score", "--max-unchanged-words", "3", "--max_unchanged_words=1", in("s.txt"), in("g.m2")}, "", 0, "", "F_0.5       : 1.0000", "both spellings are one flag, the last wins"},
		{[]string{"score", "--max_unchanged_words", "99999999999999999999", in("s.txt"), in("g.m2")}, "", 0, "", "F_0.5       : 1.0000", "beyond int64: as long as any sentence, no limit"},
		{[]string{"m2", "--max_unchanged_words", "9223372036854775807", in("src.txt"), in("ref.txt")}, "", 0, "", "A 1 2|||UNK|||goes|||REQUIRED|||-NONE-|||0", "m2 with no limit on u"},
		{[]string{"hoo", "synth", "--fraction", "NaN", "--orig", in("hoo/raw"), "--gold", in("hoo/gold"), "--out", in("out")}, "", 2, "--fraction: NaN is not a number, expected a number from 0 to 1", "", "a float flag refuses NaN"},
		{[]string{"hoo", "extract", "--out", "-", "--orig", in("hoo/raw"), "--system", in("hoo/systxt")}, "", 2, `--out: "-" is standard output`, "", "no directory named \"-\" created"},
	}
	for _, tt := range tests {
		before := treeState(t, dir)
		var r hostileRun
		withStdin(strings.NewReader(tt.stdin), func() {
			var stdout, stderr bytes.Buffer
			r = hostileRun{args: tt.args}
			r.code = run(tt.args, &stdout, &stderr)
			r.stdout, r.stderr = stdout.String(), stderr.String()
		})
		log.add(r)
		for _, sign := range crashSigns {
			if strings.Contains(r.stderr, sign) {
				t.Fatalf("%s: %q crashed: %s", tt.why, tt.args, r.stderr)
			}
		}
		if r.code != tt.code {
			t.Errorf("%s: %q: exit %d, want %d; stderr %q", tt.why, tt.args, r.code, tt.code, r.stderr)
			continue
		}
		if tt.code == exitError {
			checkOneMessage(t, r, "maxmatch "+strings.Join(tt.args[:commandDepth(tt.args)], " "))
			if !strings.Contains(r.stderr, tt.msg) {
				t.Errorf("%s: %q: stderr %q, want it to hold %q", tt.why, tt.args, r.stderr, tt.msg)
			}
		} else if !holdsInOrder(r.stdout, strings.Split(tt.out, "\n")) {
			t.Errorf("%s: %q: stdout %q, want it to hold %q", tt.why, tt.args, r.stdout, tt.out)
		}
		after := treeState(t, dir)
		for file, hash := range before {
			if after[file] != hash {
				t.Errorf("%s: %q changed %s", tt.why, tt.args, file)
			}
		}
		for file := range after {
			if _, ok := before[file]; !ok {
				t.Errorf("%s: %q wrote %s", tt.why, tt.args, file)
			}
		}
		if _, err := os.Stat("-"); err == nil {
			t.Fatalf("%s: %q created \"-\" in the working directory", tt.why, tt.args)
		}
	}
}

// commandDepth is the number of words of the command in args: 2 for "hoo eval", else 1.
func commandDepth(args []string) int {
	if args[0] == "hoo" {
		return 2
	}
	return 1
}

// holdsInOrder says whether text holds each of parts, one after the other.
func holdsInOrder(text string, parts []string) bool {
	for _, p := range parts {
		k := strings.Index(text, p)
		if k < 0 {
			return false
		}
		text = text[k+len(p):]
	}
	return true
}

// TestHostileUnchangedWordsBeyond32Bits scores a CoNLL-2014 system with values of u that a
// 32-bit conversion turned into others (2³¹ into a negative u, 2³² into 0, 2³² + 2 into 2, 2³²
// − 1 into −1), each with the figures of u = 100, which is no limit on these sentences already
// (needs ../shared/data).
func TestHostileUnchangedWordsBeyond32Bits(t *testing.T) {
	data := conllData(t)
	system, gold := filepath.Join(data, "systems", "CAMB"), filepath.Join(data, "gold", "official-2014.combined.m2")
	score := func(u string) string {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"score", "--max_unchanged_words", u, system, gold}, &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
			t.Fatalf("u = %s: exit %d, stderr %q", u, code, stderr.String())
		}
		return stdout.String()
	}
	want := score("100")
	if want == score("2") {
		t.Fatalf("u = 100 scores as u = 2: the test could not tell a u cut to 2 from a right one")
	}
	for _, u := range []string{"2147483647", "2147483648", "4294967295", "4294967296", "4294967298", "9223372036854775807"} {
		if got := score(u); got != want {
			t.Errorf("u = %s:\n%s\nwant the figures of u = 100:\n%s", u, got, want)
		}
	}
}

// numberedWords is n tokens, prefix0 prefix1 …, separated by spaces: a sentence of distinct
// tokens (unrelated to one of another prefix).
func numberedWords(prefix string, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = prefix + strconv.Itoa(i)
	}
	return strings.Join(w, " ")
}
