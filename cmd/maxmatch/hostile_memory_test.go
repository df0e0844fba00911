package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"maxmatch/membudget"
)

// hostileBudget is the memory budget the memory-heavy reproductions run under, and
// startupAllowance what a run of the command takes whatever its budget: the runtime, the
// binary, its first buffers (this test binary's start-up, which it measures, is about 12 MB).
const (
	hostileBudget    = 64 << 20
	startupAllowance = 24 << 20
)

// peakRun is one process run by runMeasured.
type peakRun struct {
	code           int
	stdout, stderr string
	peak           int64 // bytes
}

// runMeasured runs the command with args and stdin as a process (through measurePeak) and
// returns what it did and its peak resident set.
func runMeasured(t *testing.T, stdin string, args ...string) peakRun {
	t.Helper()
	return runMeasuredEnv(t, nil, stdin, args...)
}

// runMeasuredEnv is runMeasured with env added to the command's environment
// (MAXMATCH_TEST_AS=SIZE: under that address-space limit).
func runMeasuredEnv(t *testing.T, env []string, stdin string, args ...string) peakRun {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	peakFile := filepath.Join(t.TempDir(), "peak")
	cmd := exec.Command(exe, args...)
	cmd.Env = append(append(os.Environ(), "MAXMATCH_TEST_MAIN=measure", "MAXMATCH_TEST_PEAK="+peakFile), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(stdin), &stdout, &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%q: %v", args, err)
	}
	data, err := os.ReadFile(peakFile)
	if err != nil {
		t.Fatalf("%q: exit %d, no peak measured: %v; stderr %q", args, cmd.ProcessState.ExitCode(), err, stderr.String())
	}
	kb, err := strconv.ParseInt(string(data), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return peakRun{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String(), kb << 10}
}

// TestHostileMemory runs the memory-heavy reproductions of the hostile user as processes
// under --max-memory 64M, each with its reason, and checks that none has a peak resident set
// above twice the budget plus the start-up allowance (the acceptance), besides its
// exit status and what it must print.
func TestHostileMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peak resident set is read from wait4's ru_maxrss in kB, as Linux gives it")
	}
	dir := hostileFiles(t)
	in := func(name string) string { return filepath.Join(dir, name) }
	startup := runMeasured(t, "", "score", in("s.txt"), in("g.m2"))
	if startup.code != exitOK || startup.peak > startupAllowance {
		t.Fatalf("start-up: exit %d, peak %s: want 0 and at most the allowance, %s", startup.code, membudget.Bytes(startup.peak), membudget.Bytes(startupAllowance))
	}
	t.Logf("start-up (score of two sentences): peak %s", membudget.Bytes(startup.peak))

	lineSys, lineGold := writeLongCase(t, "near-identical", 300_000) // one line of 1.9 MB
	for name, text := range map[string]string{
		"unrelated.txt": numberedWords("h", 600) + "\n",
		"unrelated.m2":  "S " + numberedWords("s", 600) + "\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n",
		"one.txt":       "x\nI like it .\n",
		// 3.5 million one-token sentences: 17.5 MB of gold, read as it is scored.
		"many.m2":   strings.Repeat("S a\n\n", 3_500_000),
		"many.txt":  strings.Repeat("a\n", 3_500_000),
		"many2.txt": strings.Repeat("b\n", 3_500_000),
		// 1,200 sentences of 1,000 hypotheses each: 1.2 million hypotheses the oracle keeps.
		"oracle.m2":    strings.Repeat("S a\n\n", 1_200),
		"oracle.list":  manyHypotheses(1_200, 1_000),
		"long-gold.m2": "S " + numberedWords("w", 300_000) + "\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n\nS I like it .\n",
	} {
		if err := os.WriteFile(in(name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	heavyLine := `{"id": 0, "hyp": "` + strings.Repeat("a ", 1_000_000) + `"}`    // 2 MB, a million tokens
	manyHyps := `{"id": 0, "hyps": [` + strings.Repeat(`"a",`, 500_000) + `"a"]}` // 2 MB, half a million hypotheses
	next := `{"id": 1, "hyp": "I like it ."}`
	const budget = "64M"
	tests := []struct {
		args  []string
		stdin string
		code  int
		out   string // exit 0: lines stdout holds, in order ("\n" between them); exit 2: what stderr says
		why   string
	}{
		{[]string{"nbest", "--max-memory", budget, "-j", "100000000", in("n.txt"), in("g.m2")}, "", 0, "0\t0\t0\t1\t1\t1",
			"-j beyond the CPUs: as many workers as CPUs (past 3 GB under --max-memory 1G)"},
		{[]string{"oracle", "--max-memory", budget, "-j", "100000000", in("n.txt"), in("g.m2")}, "", 0, "Method      : enumeration",
			"the same for oracle"},
		{[]string{"serve", "--max-memory", budget, "-j", "100000000", "--gold", in("g.m2")}, `{"info": true}` + "\n" + heavyLine + "\n" + next + "\n", 0,
			`"workers":` + strconv.Itoa(runtime.GOMAXPROCS(0)) + "\n" + `{"id":0,"error":{"line":2,"message":"sentence 0 (gold line 1) is too large for the memory budget: 4 source and 1,000,000 hypothesis tokens` + "\n" + `{"id":1,"annotator":0,`,
			"serve -j beyond the CPUs answers info (it passed 8 GB first), then a hypothesis of a million tokens gets an error answer (30 MB of them passed 8 GB), and the next request is served"},
		{[]string{"serve", "--max-memory", budget, "--gold", in("g.m2")}, manyHyps + "\n" + next + "\n", 0,
			`{"id":0,"error":{"line":1,"message":"the answer to these 500,001 hypotheses would be longer than an eighth of the request's share of the memory budget` + "\n" + `{"id":1,"annotator":0,`,
			"half a million hypotheses in one request: their answer would be 100 MB, refused once it passes its part of the share; the next request served"},
		{[]string{"score", "--max-memory", budget, "--bootstrap", "2000000", in("s.txt"), in("g.m2")}, "", 0, "95% bootstrap intervals (2000000 resamples",
			"the most resamples the budget holds: their arrays reserved from it"},
		{[]string{"score", "--max-memory", budget, "--bootstrap", "9223372036854775807", in("s.txt"), in("g.m2")}, "", 2, "--bootstrap: 9223372036854775807 resamples are more than the memory budget",
			"beyond: refused before any work"},
		{[]string{"compare", "--max-memory", budget, "--bootstrap", "1000000", in("s.txt"), in("src.txt"), in("g.m2")}, "", 0, "Resamples   : 1000000",
			"compare's resamples within the budget"},
		{[]string{"score", "--max-memory", budget, "--bootstrap", "10", in("many.txt"), in("many.m2")}, "", 2, "many.m2: the counts of its 3,500,000 sentences that the bootstrap keeps for 1 system (32 bytes a sentence each) take 107 MB, more than the memory budget, 64.0 MB",
			"the bootstrap's per-sentence counts beyond the budget: refused before scoring (grown as they were scored, 10 million sentences took 665 MB under 256M)"},
		{[]string{"compare", "--max-memory", budget, in("many.txt"), in("many2.txt"), in("many.m2")}, "", 2, "the bootstrap keeps for 2 systems",
			"the same for compare's two systems (under prlimit --as, 10 million sentences ended in the runtime's out of memory)"},
		{[]string{"oracle", "--max-memory", budget, in("oracle.list"), in("oracle.m2")}, "", 2, "oracle.list:1032001: the oracle keeps every hypothesis of the list and its counts for its search, and the 1,033,000 hypotheses up to this line's sentence take 64.0 MB, more than the memory budget, 64.0 MB",
			"an oracle's list whose hypotheses and counts, kept for the search, pass the budget: refused at the sentence that passes it (10 million hypotheses took 3.7 GB under 256M)"},
		{[]string{"score", "--max-memory", budget, "--html", in("many.html"), in("many.txt"), in("many.m2")}, "", 2, "the error-analysis page (--html) keeps every sentence of every system until it is written, and the ",
			"a page of 3.5 million sentences: refused at the sentence whose page passes the budget, no page written (kept unaccounted, 10 million took 3.8 GB under 256M)"},
		{[]string{"score", "--max-memory", budget, lineSys, lineGold}, "", 0, "F_0.5       : ",
			"a one-line system of 300,000 tokens (a 50 MB one passed the budget by 22%)"},
		{[]string{"score", "--max-memory", budget, in("unrelated.txt"), in("unrelated.m2")}, "", 0, "F_0.5       : 0.0000",
			"a line of 600 tokens unrelated to its source: the bounded search, with a warning, within the budget"},
		{[]string{"score", "--max-memory", budget, in("one.txt"), in("long-gold.m2")}, "", 2, "is too large for the memory budget: 300,000 source and 1 hypothesis tokens",
			"a gold S line of 300,000 tokens against a system of one token: one clear error (50 MB of it took 4.8 GB)"},
		{[]string{"serve", "--max-memory", budget, "--gold", in("long-gold.m2")}, `{"id": 0, "hyp": "x"}` + "\n" + next + "\n", 0,
			`{"id":0,"error":{"line":1,"message":"sentence 0 (gold line 1) is too large for the memory budget: 300,000 source and 1 hypothesis tokens` + "\n" + `{"id":1,"annotator":0,`,
			"the same sentence asked of the service: an error answer, and the next request served"},
	}
	limit := int64(2*hostileBudget + startupAllowance)
	for _, tt := range tests {
		r := runMeasured(t, tt.stdin, tt.args...)
		shown := make([]string, len(tt.args))
		for k, a := range tt.args {
			shown[k] = strings.TrimPrefix(a, filepath.Dir(a)+string(filepath.Separator))
		}
		t.Logf("maxmatch %s: exit %d, peak %s", strings.Join(shown, " "), r.code, membudget.Bytes(r.peak))
		for _, sign := range crashSigns {
			if strings.Contains(r.stderr, sign) {
				t.Fatalf("%s: %q crashed: %s", tt.why, tt.args, r.stderr)
			}
		}
		if r.code != tt.code {
			t.Errorf("%s: %q: exit %d, want %d; stderr %q", tt.why, tt.args, r.code, tt.code, r.stderr)
		}
		switch {
		case r.code == exitOK && !holdsInOrder(r.stdout, strings.Split(tt.out, "\n")):
			t.Errorf("%s: %q: stdout %.300q, want it to hold %q", tt.why, tt.args, r.stdout, tt.out)
		case r.code == exitError && (!strings.Contains(r.stderr, tt.out) || strings.Count(r.stderr, "\n") != 1 || r.stdout != ""):
			t.Errorf("%s: %q: stderr %q and stdout %.100q, want one line saying %q and nothing on stdout", tt.why, tt.args, r.stderr, r.stdout, tt.out)
		}
		if slices.Contains(tt.args, "--html") && tt.code == exitError {
			if _, err := os.Stat(tt.args[slices.Index(tt.args, "--html")+1]); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s: %q: the page was written, or cannot be looked for (%v): want none", tt.why, tt.args, err)
			}
		}
		if r.peak > limit {
			t.Errorf("%s: %q: peak resident set %s, over twice the budget plus the start-up allowance (%s)", tt.why, tt.args, membudget.Bytes(r.peak), membudget.Bytes(limit))
		}
	}
}

// manyHypotheses is an n-best list of the given number of sentences, each with each hypotheses
// "a".
func manyHypotheses(sentences, each int) string {
	var b strings.Builder
	for i := range sentences {
		b.WriteString(strings.Repeat(strconv.Itoa(i)+" ||| a ||| f ||| 0\n", each))
	}
	return b.String()
}
