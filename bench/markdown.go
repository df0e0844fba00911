package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"maxmatch/internal/markdown"
	"maxmatch/membudget"
	"maxmatch/scorer"
)

// Output file names, the same in -out and -docs.
const (
	reportName  = "benchmarks.md"
	csvName     = "benchmarks.csv"
	scalingFile = "benchmarks-scaling"
	speedupFile = "benchmarks-speedup"
	freshFile   = "benchmarks-fresh-memory"
	joinedFile  = "benchmarks-joined"
	longFile    = "benchmarks-long"
)

// regenerate is the documented command that rewrites docs/benchmarks.md.
const regenerate = "go run ./bench -mirror PATH/TO/m2scorer.git -compare docs/benchmarks.csv -docs docs"

// floorTarget is the goal for our whole-corpus in-process time, in multiples of the floor.
const floorTarget = 5.0

// agreementTolerance is how far two runs' ratios may differ (relative change) and still be
// said to agree.
const agreementTolerance = 0.20

func writeMarkdown(w io.Writer, r *Report) error {
	b := &strings.Builder{}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	officialRun := r.Official != ""
	t := r.totals()

	p("# Benchmarks: maxmatch against the official M² scorer and the Levenshtein floor\n\n")
	p("Written by the benchmark harness (`bench/`); do not edit by hand. Regenerate with\n\n")
	p("    %s\n\n", regenerate)
	p("(from the repository root, with the CoNLL-2014 data in `../shared/data` and Python 2.7; see\n`go run ./bench -h`). Every figure below was measured in this run.\n\n")
	p("| | |\n| --- | --- |\n")
	p("| date | %s |\n", r.Date.Format("2006-01-02 15:04 MST"))
	m := r.Machine
	p("| machine | %s, %d logical CPUs, %s memory; %s; load average at the start %s", m.CPU, m.Cores, m.Memory, m.Kernel, m.LoadStart)
	if m.FirstTouch > 0 {
		p("; first touch of a fresh 4 KiB page %s (%s per MiB)", fmtSeconds(m.FirstTouch.Seconds()), fmtSeconds(m.FirstTouch.Seconds()*(1<<20)/pageSize))
	}
	p(" |\n")
	p("| Go | %s |\n", m.GoVersion)
	maxMemory, _ := scorer.DefaultMaxMemory()
	p("| maxmatch | commit %s, the `maxmatch score SYSTEM GOLD` command (default flags: one worker per CPU, %d here; memory budget `--max-memory` %s, half the machine's) |\n",
		orDash(m.Commit), m.Cores, membudget.Bytes(maxMemory))
	if officialRun {
		p("| official scorer | %s, run as `python m2scorer.py SYSTEM GOLD` with %s |\n", r.Official, r.Python)
	} else {
		p("| official scorer | not run (no -official or -mirror) |\n")
	}
	p("| command | `%s` |\n", r.CommandLine)
	p("| repetitions | %s (maxmatch, official) per system and per case; each maxmatch slot is the median of %s (fewer once they have taken %s); in-process figures are the median of %d samples of at least %s each (of fewer, at least 3, for a generated case whose samples would take more than %s in all) |\n\n",
		plural(r.Rounds, "alternating round", "alternating rounds"), plural(r.Reps, "run", "back-to-back runs"), fmtSeconds(slotBudget.Seconds()), r.Samples, fmtSeconds(r.MinSample.Seconds()), fmtSeconds(longSampleBudget.Seconds()))

	p("## Summary\n\n")
	if officialRun && t.Paired > 0 {
		lo, hi := extremeRatios(r.Systems)
		p("- **CoNLL-2014, %d files** (the official submissions available and the source, INPUT, against the combined gold): the official scorer took %s in all (the sum of each file's median), maxmatch %s: **%s faster**. Per file the median speed-up runs from %s (%s) to %s (%s).\n",
			t.Paired, fmtSeconds(t.Official), fmtSeconds(t.OursPaired), fmtRatio(t.Official/t.OursPaired), fmtRatio(lo.v), lo.name, fmtRatio(hi.v), hi.name)
		if same, all := countSame(r.Systems); all > 0 {
			p("- Both printed the same precision, recall and F₀.₅ on %d of %d files.\n", same, all)
		}
	} else if len(r.Systems) > 0 {
		p("- **CoNLL-2014, %d files**: maxmatch took %s in all (the official scorer was not run).\n", len(r.Systems), fmtSeconds(t.Ours))
	}
	if t.Floor > 0 {
		verdict := "within"
		if t.Score/t.Floor > floorTarget {
			verdict = "over"
		}
		p("- **The floor**: filling both Levenshtein matrices of every sentence pair of the %d files takes %s in-process. Scoring them in-process (`scorer.Score`, one worker, gold already parsed) takes %s, **%s the floor** (%s the target of %g×); the whole command, process start, reading, parsing and printing included, takes %s, %s the floor.\n",
			len(r.Floor), fmtSeconds(t.Floor), fmtSeconds(t.Score), fmtRatio(t.Score/t.Floor), verdict, floorTarget, fmtSeconds(t.Ours), fmtRatio(t.Ours/t.Floor))
	}
	offStart := startupMedian(r.Startup.Official)
	for i := range r.Families {
		f := &r.Families[i]
		var parts []string
		for _, ff := range f.fits(offStart, officialRun) {
			if ff.Err == nil {
				who, _, _ := strings.Cut(ff.Label, ":")
				parts = append(parts, fmt.Sprintf("%s n^%.2f (%s, %d–%d tokens%s)", who, ff.Fit.Exponent, sizesPhrase(ff.Fit.Points), ff.Fit.MinN, ff.Fit.MaxN, regime(ff.Label)))
			}
		}
		if len(parts) > 0 {
			p("- **%s**: time grows as %s.\n", f.Name, strings.Join(parts, "; "))
		}
	}
	if c := r.Previous; c != nil {
		p("- **Against the earlier run** (`%s`): %s\n", c.Source, c.verdict())
	}
	joinedSummary(p, r)
	longSummary(p, r)
	if r.hasScaleParts() {
		targetsSummary(p, r)
	}
	if fm := freshMemoryRows(r); len(fm) > 0 && r.Machine.FirstTouch > 0 {
		st := spreadOf(walls(r.Startup.Ours))
		noise := st.Max - st.Min
		if sh := spreadOf(shares(fm, noise)); sh.N > 0 {
			p("- **Fresh memory**: here a process's first touch of a 4 KiB page costs %s (%s per MiB). Beyond its start-up, the command's time is %s such touches: %s of it on the median input, %s–%s over %s (the table below), a cost that the in-process figures (warm, their memory reused from call to call) do not see.\n",
				fmtSeconds(r.Machine.FirstTouch.Seconds()), fmtSeconds(r.Machine.FirstTouch.Seconds()*(1<<20)/pageSize),
				mostlyOrPartly(sh.Median), fmtPercent(sh.Median), fmtPercent(sh.Min), fmtPercent(sh.Max), plural(sh.N, "input", "inputs")+" whose time beyond start-up is over the start-up's own range ("+fmtSeconds(noise)+")")
		}
	}
	p("\n")

	if len(r.Systems) > 0 {
		p("## CoNLL-2014 submissions\n\n")
		p("Each file against `official-2014.combined.m2` (%d sentences), by each command in a fresh process. Times are the median (min–max) over the rounds; peak memory is the largest resident set (wait4's ru_maxrss); the speed-up is the official's time over ours, pair by pair, median (min–max).\n\n", r.Systems[0].Sentences)
		if officialRun {
			p("| system | tokens (hyp) | official wall | official CPU | official peak | maxmatch wall | maxmatch CPU | maxmatch peak | speed-up, wall | speed-up, CPU | same scores |\n")
			p("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
		} else {
			p("| system | tokens (hyp) | maxmatch wall | maxmatch CPU | maxmatch peak |\n| --- | ---: | ---: | ---: | ---: |\n")
		}
		for i := range r.Systems {
			s := &r.Systems[i]
			ours := fmt.Sprintf("%s | %s | %s", fmtSpread(spreadOf(walls(s.Ours)), fmtSeconds), fmtSpread(spreadOf(cpus(s.Ours)), fmtSeconds), fmtMB(peakMB(s.Ours)))
			if !officialRun {
				p("| %s | %d | %s |\n", s.Name, s.HypTokens, ours)
				continue
			}
			off := officialCell(s.Official)
			p("| %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", s.Name, s.HypTokens, off,
				fmtSpread(spreadOf(cpus(s.Official)), fmtSeconds), fmtMB(peakMB(s.Official)), ours,
				fmtSpread(s.WallRatio(), fmtRatio), fmtSpread(s.CPURatio(), fmtRatio), orDash(s.Same))
		}
		if officialRun && t.Paired > 0 {
			p("| **all** | | **%s** | | | **%s** | | | **%s** | | |\n", fmtSeconds(t.Official), fmtSeconds(t.OursPaired), fmtRatio(t.Official/t.OursPaired))
		}
		p("\nmaxmatch's CPU time can exceed its wall time: it scores sentences on both CPUs.\n")
		if r.Slow > 0 && officialRun {
			p("A file on which the official scorer took more than %s is measured in one round only.\n", fmtSeconds(r.Slow.Seconds()))
		}
		p("\n![speed-up per system](%s.svg)\n\n", speedupFile)
	}

	if len(r.Families) > 0 {
		p("## How cost grows: generated families\n\n")
		p("One sentence per case (`bench/cases`), sizes in source tokens. The commands are timed as above, the official with a limit of %s per case (\"> %s\": killed at the limit; larger cases of that family are then not run). \"In-process\" is `scorer.Score` on the parsed case, one worker, per sentence. The closure column is the official's edge list's length (the match weight K): our lattice's closure, or our count of it when the search without the closure needed it; \"not counted\" when the exact search did without it (see package lattice), or \"bounded\" when no exact search fits in the memory budget (`--max-memory`) and the bounded search scores it.", fmtSeconds(r.Timeout.Seconds()), fmtSeconds(r.Timeout.Seconds()))
		if officialRun {
			p(" Start-up on a trivial two-token sentence: official %s, maxmatch %s.", fmtSpread(spreadOf(walls(r.Startup.Official)), fmtSeconds), fmtSpread(spreadOf(walls(r.Startup.Ours)), fmtSeconds))
		}
		p("\n\n")
		for i := range r.Families {
			f := &r.Families[i]
			p("### %s\n\n%s.\n\n", f.Name, capitalize(f.Description))
			if officialRun {
				p("| n | hyp tokens | lattice vertices | closure edges | official | maxmatch command | maxmatch in-process | speed-up (commands) | same scores | search and work |\n")
				p("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n")
			} else {
				p("| n | hyp tokens | lattice vertices | closure edges | maxmatch command | maxmatch in-process | search and work |\n| ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
			}
			for _, pt := range f.Points {
				edges := fmt.Sprintf("%d", pt.Edges)
				switch {
				case pt.Bounded:
					edges = "bounded"
				case pt.Edges == 0:
					edges = "not counted"
				}
				ours := fmtSpread(spreadOf(walls(pt.Ours)), fmtSeconds)
				inproc := fmtSpread(spreadOf(seconds(pt.InProcess)), fmtSeconds)
				if !officialRun {
					p("| %d | %d | %d | %s | %s | %s | %s |\n", pt.N, pt.HypTokens, pt.Vertices, edges, ours, inproc, pt.Work)
					continue
				}
				p("| %d | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", pt.N, pt.HypTokens, pt.Vertices, edges,
					officialCell(pt.Official), ours, inproc,
					speedupCell(pt.Ours, pt.Official), orDash(pt.Same), pt.Work)
			}
			p("\nGrowth, least squares on log time against log n:\n\n")
			writeFits(p, f.fits(offStart, officialRun))
		}
		p("![time against sentence length](%s.svg)\n\n", scalingFile)
	}

	if len(r.Joined) > 0 {
		writeJoined(p, r)
	}
	if len(r.Long) > 0 {
		writeLong(p, r)
	}
	if len(r.Checks) > 0 {
		writeChecks(p, r)
	}

	if len(r.Floor) > 0 {
		p("## The floor\n\n")
		p("The floor is the work every M² scorer starts from, the official one included: both Levenshtein matrices (substitution cost 1 and 2, with back-pointers) of every sentence pair, in full (`levenshtein.Matrix.Fill`, twice), over tokens interned beforehand, one thread. (Our scorer itself fills only a diagonal band of them that provably holds every optimal path, `levenshtein.Band`, which is part of the in-process time.) Against it: our in-process scoring of the same corpus (`scorer.Score`, one worker, files already read and parsed: tokenising the hypotheses, interning, the matrices, lattices, closures, searches, annotator choice), sample by sample alternately with the floor, and our whole command (median wall time from the table above: process start, reading and parsing both files, two workers, printing).\n\n")
		p("| system | cells per matrix | floor | in-process scoring | × floor | command | × floor |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
		cmd := map[string]float64{}
		for i := range r.Systems {
			cmd[r.Systems[i].Name] = spreadOf(walls(r.Systems[i].Ours)).Median
		}
		for i := range r.Floor {
			f := &r.Floor[i]
			fl := spreadOf(seconds(f.Floor))
			c := cmd[f.Name]
			p("| %s | %d | %s | %s | %s | %s | %s |\n", f.Name, f.Cells, fmtSpread(fl, fmtSeconds),
				fmtSpread(spreadOf(seconds(f.Score)), fmtSeconds), fmtSpread(f.Ratio(), fmtRatio),
				fmtSecondsOrDash(c), fmtRatioOrDash(c/fl.Median))
		}
		p("| **all** | | **%s** | **%s** | **%s** | **%s** | **%s** |\n\n", fmtSeconds(t.Floor), fmtSeconds(t.Score), fmtRatio(t.Score/t.Floor), fmtSeconds(t.Ours), fmtRatio(t.Ours/t.Floor))
	}

	if fm := freshMemoryRows(r); len(fm) > 0 && r.Machine.FirstTouch > 0 {
		writeFreshMemory(p, r, fm)
	}

	if c := r.Previous; c != nil {
		p("## Agreement with an earlier run\n\n")
		p("This run's ratios beside those of `%s` (same harness, same machine):\n\n", c.Source)
		p("| system | speed-up, wall (then → now) | change | speed-up, CPU (then → now) | change | × floor (then → now) | change |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
		floor := map[string]RatioChange{}
		for _, f := range c.Floor {
			floor[f.Name] = f
		}
		for i, w := range c.Wall {
			cpu, fl := c.CPU[i], floor[w.Name]
			p("| %s | %s → %s | %s | %s → %s | %s | %s → %s | %s |\n", w.Name, fmtRatioOrDash(w.Prev), fmtRatioOrDash(w.Now), fmtChange(w),
				fmtRatioOrDash(cpu.Prev), fmtRatioOrDash(cpu.Now), fmtChange(cpu), fmtRatioOrDash(fl.Prev), fmtRatioOrDash(fl.Now), fmtChange(fl))
		}
		p("| **all** | %s → %s | %s | | | %s → %s | %s |\n\n", fmtRatioOrDash(c.Total.Prev), fmtRatioOrDash(c.Total.Now), fmtChange(c.Total),
			fmtRatioOrDash(c.FloorAll.Prev), fmtRatioOrDash(c.FloorAll.Now), fmtChange(c.FloorAll))
	}

	p("## Method and caveats\n\n")
	p("- The machine is shared (%d CPUs, other jobs running): figures are medians over alternating rounds, and the CSV (`%s`) holds every sample.\n", r.Machine.Cores, csvName)
	p("- Both commands run as fresh processes, started by a small measuring process (`bench/internal/proc/spawn`): wall time is measured around the process, CPU time and peak memory come from wait4's rusage. A child started directly by the harness would report the harness's own peak memory as its floor (Linux records the parent's high-water mark at exec); through the measuring process, the floor is %s (its figure for `true`). The official scorer runs under the interpreter directly, not a pyenv shim.\n", membudget.Bytes(r.Startup.Probe.MaxRSS))
	p("- The official scorer is single-threaded; maxmatch uses both CPUs by default, so the CPU-time ratio is the fairer measure of work, the wall-time ratio of what a user waits.\n")
	p("- A growth exponent is a least-squares slope of log time on log n. The official's is fitted on its time less its start-up, and only on sizes where that start-up is at most half the time; ours on in-process time per sentence, separately for sizes scored exactly and by the bounded search when there are enough of each, as the two have different costs.\n")
	p("- The floor excludes reading, tokenising and interning: it is a lower bound, not a competitor.\n")
	if r.hasScaleParts() {
		p("- Peak memory is in MB of 2^20 bytes, as wait4 gives it in kB; the targets' limits (300 MB, 2 GB, …) are read in the same unit. On the joined files and the long lines the official scorer runs under an address-space limit (`prlimit --as`), which counts the memory it maps, not only what it touches: it fails a little before its resident set reaches the limit.\n")
	}
	_, err := io.WriteString(w, markdown.WithContents(b.String()))
	return err
}

// writeFits lists growth fits, one line each, and ends the list.
func writeFits(p func(string, ...any), fits []FamilyFit) {
	for _, ff := range fits {
		if ff.Err != nil {
			p("- %s: no fit (%v)\n", ff.Label, ff.Err)
			continue
		}
		quantity := ff.Quantity
		if quantity == "" {
			quantity = "t"
		}
		p("- %s: **%s ∝ n^%.2f** (R² = %.3f, %s, %s–%s tokens)\n", ff.Label, quantity, ff.Fit.Exponent, ff.Fit.R2,
			sizesPhrase(ff.Fit.Points), fmtCount(ff.Fit.MinN), fmtCount(ff.Fit.MaxN))
	}
	p("\n")
}

type named struct {
	name string
	v    float64
}

func extremeRatios(ss []SystemRun) (lo, hi named) {
	lo.v = math.Inf(1)
	for i := range ss {
		rt := ss[i].WallRatio()
		if rt.N == 0 {
			continue
		}
		if rt.Median < lo.v {
			lo = named{ss[i].Name, rt.Median}
		}
		if rt.Median > hi.v {
			hi = named{ss[i].Name, rt.Median}
		}
	}
	return lo, hi
}

func countSame(ss []SystemRun) (same, all int) {
	for _, s := range ss {
		if s.Same != "" {
			all++
			if s.Same == "yes" {
				same++
			}
		}
	}
	return same, all
}

// officialCell prints the official's times: the spread of finished runs, or "> limit" when a
// run timed out, or "not run".
func officialCell(ss []Sample) string {
	if len(ss) == 0 {
		return "–"
	}
	for _, s := range ss {
		switch s.Status {
		case StatusTimeout:
			return fmt.Sprintf("> %s", fmtSeconds(s.Wall.Seconds()))
		case StatusSkipped:
			return "not run"
		case StatusFailed:
			return "failed"
		}
	}
	return fmtSpread(spreadOf(walls(ss)), fmtSeconds)
}

// speedupCell is the pair-by-pair ratio, or a lower bound when the official timed out.
func speedupCell(ours, official []Sample) string {
	if len(official) > 0 && official[0].Status == StatusTimeout && len(walls(ours)) > 0 {
		return "> " + fmtRatio(official[0].Wall.Seconds()/spreadOf(walls(ours)).Median)
	}
	return fmtSpread(spreadOf(ratios(ours, official, false)), fmtRatio)
}

// regime names the subset of sizes a fit label describes, for the summary.
func regime(label string) string {
	switch {
	case strings.Contains(label, "exactly"):
		return ", exact search"
	case strings.Contains(label, "bounded"):
		return ", bounded search"
	case strings.Contains(label, "all sizes"):
		return ", all"
	}
	return ""
}

func fmtChange(c RatioChange) string {
	d := c.Diff()
	if math.IsNaN(d) {
		return "–"
	}
	return fmt.Sprintf("%+.0f%%", 100*d)
}

func fmtRatioOrDash(x float64) string {
	if !(x > 0) || math.IsInf(x, 0) {
		return "–"
	}
	return fmtRatio(x)
}

func fmtSecondsOrDash(x float64) string {
	if !(x > 0) {
		return "–"
	}
	return fmtSeconds(x)
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sizesPhrase is "3 sizes", with a warning when two points make the fit (a line through two
// points always fits perfectly).
func sizesPhrase(n int) string {
	if n == 2 {
		return "2 sizes only"
	}
	return fmt.Sprintf("%d sizes", n)
}

// fmtCount prints a count with thin groups of three digits: 600,000,000.
func fmtCount(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func fmtPercent(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*x)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func mostlyOrPartly(share float64) string {
	if share >= 0.5 {
		return "mostly"
	}
	return "partly"
}
