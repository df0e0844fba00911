package main

import (
	"fmt"
	"math"
	"strings"

	"maxmatch/membudget"
)

// The scale targets, checked against what the run measured.

// TargetStatus is whether a target was met.
type TargetStatus int

const (
	TargetNotMeasured TargetStatus = iota // the run did not measure what the target needs
	TargetMet
	TargetNotMet
)

func (s TargetStatus) String() string {
	switch s {
	case TargetMet:
		return "met"
	case TargetNotMet:
		return "**not met**"
	}
	return "not measured"
}

// Target is one of the targets and what the run measured of it.
type Target struct {
	Goal     string // the target, as the issue states it
	Measured string // the figures, or why there are none
	Status   TargetStatus
}

// Limits of the targets (peak memory in MB of 2^20 bytes, as the report prints it).
const (
	nearIdentical1e5Wall, nearIdentical1e5MB = 1.0, 300.0
	nearIdentical1e6Wall, nearIdentical1e6MB = 10.0, 2048.0
	boundedWall, boundedMB                   = 1.0, 500.0
	largeGoldMB                              = 150.0
)

// targets returns the targets with their status in this run.
func (r *Report) targets() []Target {
	var out []Target
	for _, t := range []struct {
		n          int
		wall, peak float64
	}{{100_000, nearIdentical1e5Wall, nearIdentical1e5MB}, {1_000_000, nearIdentical1e6Wall, nearIdentical1e6MB}} {
		out = append(out, r.commandTarget(
			fmt.Sprintf("near-identical line of %s tokens: < %s and < %s", fmtCount(t.n), fmtSeconds(t.wall), fmtMB(t.peak)),
			r.longPoint("near-identical", t.n), t.wall, t.peak))
	}
	out = append(out, r.refusalTarget())
	out = append(out, r.boundedTarget())
	for _, name := range []string{checkLargeGold, checkLargeGoldJSONL} {
		out = append(out, r.largeGoldTarget(name))
	}
	out = append(out, r.paragraphTarget())
	for _, g := range r.joinedGroups() {
		out = append(out, r.sameAsOfficialTarget(g))
	}
	return append(out, r.sentenceLevelTarget())
}

// longPoint returns the samples of a long family's size, nil if it was not run.
func (r *Report) longPoint(family string, n int) *LongPoint {
	for i := range r.Long {
		if r.Long[i].Name != family {
			continue
		}
		for k := range r.Long[i].Points {
			if r.Long[i].Points[k].N == n {
				return &r.Long[i].Points[k]
			}
		}
	}
	return nil
}

// commandTarget checks our command's median wall time and largest peak on a long line.
func (r *Report) commandTarget(goal string, pt *LongPoint, wall, peakLimit float64) Target {
	t := Target{Goal: goal}
	switch {
	case pt == nil || len(pt.Ours) == 0:
		t.Measured = "not run (`-families`, `-long-sizes`)"
		return t
	case pt.OursError != "" || len(walls(pt.Ours)) < len(pt.Ours):
		t.Status, t.Measured = TargetNotMet, "refused or failed: "+orDash(pt.OursError)
		return t
	}
	w, peak := spreadOf(walls(pt.Ours)), peakMB(pt.Ours)
	t.Measured = fmt.Sprintf("%s (median of %d; %s–%s), peak %s, %s search", fmtSeconds(w.Median), w.N, fmtSeconds(w.Min), fmtSeconds(w.Max), fmtMB(peak), searchName(pt.Bounded))
	t.Status = metIf(w.Median < wall && peak < peakLimit)
	return t
}

func searchName(bounded bool) string {
	if bounded {
		return "bounded"
	}
	return "exact"
}

func metIf(ok bool) TargetStatus {
	if ok {
		return TargetMet
	}
	return TargetNotMet
}

// refusalTarget: the 10⁶-token line under a smaller --max-memory gives a clear error.
func (r *Report) refusalTarget() Target {
	t := Target{Goal: fmt.Sprintf("%s tokens under a smaller `--max-memory` (%s): a clear error, never a crash", fmtCount(memoryErrorSize), memoryErrorLimit)}
	c := r.check(checkMemoryError)
	if c == nil || len(c.Samples) == 0 {
		t.Measured = "not run (`-checks`)"
		return t
	}
	ok, why := clearRefusal(c.ExitCode, c.Stderr)
	if c.ExitCode == 0 {
		ok, why = false, "it was scored (exit status 0): the budget did not refuse it"
	}
	t.Status = metIf(ok)
	t.Measured = fmt.Sprintf("exit status %d in %s, peak %s, one message: `%s`", c.ExitCode, fmtSeconds(spreadOf(failedWalls(c.Samples)).Median), fmtMB(maxRSSMB(c.Samples)), firstLine(c.Stderr))
	if !ok {
		t.Measured = why + "; " + t.Measured
	}
	return t
}

// boundedTarget: 10,000 unrelated-ish tokens on the bounded search, < 1 s and < 500 MB.
func (r *Report) boundedTarget() Target {
	t := Target{Goal: fmt.Sprintf("%s unrelated-ish tokens on the bounded search: < %s and < %s", fmtCount(boundedTokens), fmtSeconds(boundedWall), fmtMB(boundedMB))}
	c := r.check(checkBounded)
	if c == nil || len(c.Samples) == 0 {
		t.Measured = "not run (`-checks`)"
		return t
	}
	bounded := strings.Contains(c.Stderr, "bounded search")
	w := spreadOf(walls(c.Samples))
	if c.ExitCode != 0 || w.N < len(c.Samples) {
		t.Status, t.Measured = TargetNotMet, fmt.Sprintf("exit status %d: `%s`", c.ExitCode, firstLine(c.Stderr))
		return t
	}
	t.Measured = fmt.Sprintf("%s (median of %d), peak %s", fmtSeconds(w.Median), w.N, fmtMB(peakMB(c.Samples)))
	if !bounded {
		t.Measured += "; but no warning says the bounded search scored it"
	}
	t.Status = metIf(bounded && w.Median < boundedWall && peakMB(c.Samples) < boundedMB)
	return t
}

// largeGoldTarget: the 200 MB gold file under 150 MB of peak memory.
func (r *Report) largeGoldTarget(name string) Target {
	flags := "default flags"
	if name == checkLargeGoldJSONL {
		flags = "`--jsonl`"
	}
	c := r.check(name)
	t := Target{Goal: fmt.Sprintf("a 200 MB gold file, %s: peak < %s", flags, fmtMB(largeGoldMB))}
	if c == nil || len(c.Samples) == 0 {
		t.Measured = "not run (`-checks`)"
		return t
	}
	t.Goal = fmt.Sprintf("a %d MB gold file, %s: peak < %s", c.Size, flags, fmtMB(largeGoldMB))
	w := spreadOf(walls(c.Samples))
	if c.ExitCode != 0 || w.N < len(c.Samples) {
		t.Status, t.Measured = TargetNotMet, fmt.Sprintf("exit status %d: `%s`", c.ExitCode, firstLine(c.Stderr))
		return t
	}
	t.Measured = fmt.Sprintf("peak %s (largest of %d), %s, %s of output", fmtMB(peakMB(c.Samples)), w.N, fmtSeconds(w.Median), membudget.Bytes(c.StdoutBytes))
	t.Status = metIf(peakMB(c.Samples) < largeGoldMB)
	return t
}

// paragraphTarget: groups of 5 scored exactly by default, no warning.
func (r *Report) paragraphTarget() Target {
	const g = 5
	t := Target{Goal: fmt.Sprintf("paragraph-level CoNLL-2014 (groups of %d): every sentence scored exactly by default, no warning", g)}
	tot := r.joinedTotals(g)
	if tot.Files == 0 {
		t.Measured = "not run (`-groups`, `-systems`)"
		return t
	}
	t.Measured = fmt.Sprintf("%s (%s): %s by the bounded search in-process, warnings from the command on %s", plural(tot.Files, "file", "files"), plural(tot.Lines, "line", "lines"), plural(tot.Bounded, "sentence", "sentences"), plural(tot.Warned, "file", "files"))
	t.Status = metIf(tot.Bounded == 0 && tot.Warned == 0)
	return t
}

// sameAsOfficialTarget: the files joined by g give the official's scores wherever it finishes.
func (r *Report) sameAsOfficialTarget(g int) Target {
	t := Target{Goal: fmt.Sprintf("CoNLL-2014 joined by %d (%s): identical to the official wherever it finishes; time per file and growth exponent reported", g, joinedKind(g))}
	tot := r.joinedTotals(g)
	growth := ""
	if gs := r.joinedGroups(); g == gs[len(gs)-1] {
		growth = "; " + r.growthPhrase()
	}
	switch {
	case r.Official == "":
		t.Measured = "the official was not run (`-mirror`, `-official`)" + growth
	case tot.OfficialRun == 0:
		t.Measured = "the official was not run on these files (`-official-joined`)" + growth
	case tot.Finished == 0:
		t.Measured = fmt.Sprintf("the official finished none of its %s within its limits", plural(tot.OfficialRun, "file", "files")) + growth
	default:
		t.Measured = fmt.Sprintf("same scores on %d of the %s the official finished", tot.Same, plural(tot.Finished, "file", "files"))
		if n := tot.OfficialRun - tot.Finished; n > 0 {
			t.Measured += fmt.Sprintf(" (%d more not within its limits)", n)
		}
		if len(tot.Differ) > 0 {
			t.Measured += "; different on " + strings.Join(tot.Differ, ", ")
		}
		t.Measured += growth
		t.Status = metIf(tot.Same == tot.Finished)
	}
	return t
}

// sentenceLevelTarget: the sentence-level CoNLL-2014 files no slower than the earlier run,
// its ratios (whole-corpus speed-up over the official, in-process time over the floor) within
// agreementTolerance or better.
func (r *Report) sentenceLevelTarget() Target {
	t := Target{Goal: "sentence-level CoNLL-2014: no slower than the committed run (its ratios within noise)"}
	c := r.Previous
	if c == nil {
		t.Measured = "no earlier run to compare with (`-compare docs/benchmarks.csv`)"
		return t
	}
	var parts []string
	ok, compared := true, 0
	if d := c.Total.Diff(); !math.IsNaN(d) {
		compared++
		ok = ok && d >= -agreementTolerance // a lower speed-up is slower
		parts = append(parts, fmt.Sprintf("whole-corpus speed-up %s → %s (%s)", fmtRatio(c.Total.Prev), fmtRatio(c.Total.Now), fmtChange(c.Total)))
	}
	if d := c.FloorAll.Diff(); !math.IsNaN(d) {
		compared++
		ok = ok && d <= agreementTolerance // a higher multiple of the floor is slower
		parts = append(parts, fmt.Sprintf("in-process time over the floor %s → %s (%s)", fmtRatio(c.FloorAll.Prev), fmtRatio(c.FloorAll.Now), fmtChange(c.FloorAll)))
	}
	if compared == 0 {
		t.Measured = fmt.Sprintf("no ratio of `%s` could be compared", c.Source)
		return t
	}
	t.Measured = strings.Join(parts, "; ") + fmt.Sprintf(" against `%s`; slower means more than %.0f%% worse", c.Source, 100*agreementTolerance)
	if c.Ours.Prev > 0 && c.Ours.Now > 0 {
		// Not part of the verdict: a time alone moves with the machine's load, a ratio less.
		t.Measured += fmt.Sprintf(" (our command's time alone, the sum of the files' medians: %s then, %s now)", fmtSeconds(c.Ours.Prev), fmtSeconds(c.Ours.Now))
	}
	t.Status = metIf(ok)
	return t
}

// growthPhrase gives the joined files' time per file and growth exponents, in brief.
func (r *Report) growthPhrase() string {
	per, all := r.joinedGrowth()
	var exps []float64
	for _, gr := range per {
		if gr.InProcFit.Err == nil {
			exps = append(exps, gr.InProcFit.Fit.Exponent)
		}
	}
	gs := r.joinedGroups()
	var times []float64
	for _, jr := range r.Joined {
		if jr.Group == gs[len(gs)-1] {
			times = append(times, spreadOf(walls(jr.Ours)).Median)
		}
	}
	s := fmt.Sprintf("maxmatch %s per file (command, %s)", fmtSpread(spreadOf(times), fmtSeconds), plural(len(times), "file", "files"))
	if e := spreadOf(exps); e.N > 0 {
		s += fmt.Sprintf("; in-process time per file ∝ g^k over g = %s, k = %.2f (%.2f–%.2f over the files)", andList(all.Groups), e.Median, e.Min, e.Max)
	}
	if all.InProcFit.Err == nil {
		s += fmt.Sprintf(", %.2f for their sum", all.InProcFit.Fit.Exponent)
	}
	return s
}

// fmtMB formats a figure in megabytes (powers of 1,024) as every byte count is printed
// (membudget.Bytes).
func fmtMB(mb float64) string { return membudget.Bytes(int64(mb * (1 << 20))) }

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if len(line) > 400 {
		line = line[:400] + "…"
	}
	return strings.ReplaceAll(line, "|", "\\|")
}

// targetsSummary is the summary's account of the targets: one line each, met or not, with
// the figure.
func targetsSummary(p func(string, ...any), r *Report) {
	ts := r.targets()
	met, measured := 0, 0
	for _, t := range ts {
		if t.Status != TargetNotMeasured {
			measured++
		}
		if t.Status == TargetMet {
			met++
		}
	}
	p("- **The scale targets**: %d of %d met (%d measured in this run):\n", met, len(ts), measured)
	for _, t := range ts {
		p("  - %s — %s: %s.\n", t.Goal, t.Status, t.Measured)
	}
}

// hasScaleParts reports whether the run measured any of the scale parts (a report read back from
// an older CSV has none).
func (r *Report) hasScaleParts() bool {
	return len(r.Joined) > 0 || len(r.Long) > 0 || len(r.Checks) > 0
}
