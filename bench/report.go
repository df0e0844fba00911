package main

import (
	"slices"
	"time"

	"maxmatch/bench/internal/proc"
)

// Report is everything one run measured: what the page, its plots and its CSV are made from,
// kept whole in benchmarks.json (which -render and the targets' test read back).
type Report struct {
	Date     time.Time
	Machine  Machine
	Official string // where the official scorer came from; "" when it was not run
	Python   string // its interpreter and version
	Settings
	MaxMemory int64 // the command's default memory budget (--max-memory)
	Startup   StartupRun
	Systems   []SystemRun
	Families  []FamilyRun
	Floor     []FloorRun
	// The scale parts (CoNLL-2014 joined, long lines, the checks), and the joined files the
	// official scores (-official-joined, described).
	Joined         []JoinedRun
	Long           []FamilyRun
	Checks         []CheckRun
	OfficialJoined string
	Previous       *Comparison // agreement with an earlier run, when asked for
	Targets        []Target    // the scale targets, as TestTargets judged this run
	benchOutput    []byte      // the in-process benchmarks' output, in benchstat's format
}

// Settings are how a run measured, as the command line set them (Config's) and the page
// states them (Report's).
type Settings struct {
	Rounds        int           // A/B pairs per system and per family case
	Reps          int           // maxmatch runs per A slot (the slot is their median)
	Samples       int           // in-process samples
	MinSample     time.Duration // least duration of one in-process sample
	Timeout       time.Duration // the official's time limit per family case
	Slow          time.Duration // an official system run longer than this ends that system's rounds
	JoinedTimeout time.Duration // its time limit on one joined file
	OfficialAS    int64         // its address-space limit on joined files and long lines (0: none)
	CommandLine   string
}

// Sample is one measured run (see package proc); in-process timings use Wall only. Spread is
// the median, minimum and maximum of some values.
type (
	Sample = proc.Sample
	Spread = proc.Spread
)

var spreadOf = proc.SpreadOf

const (
	StatusOK      = proc.StatusOK
	StatusTimeout = proc.StatusTimeout
	StatusSkipped = proc.StatusSkipped
	StatusFailed  = proc.StatusFailed
)

// StartupRun is both commands on a trivial one-sentence input: their fixed cost.
type StartupRun struct {
	Measured
	// Probe is /bin/true run the same way: its peak memory is the most the measuring process
	// can add to any command's.
	Probe Sample
}

// Measured is one input scored by both commands, round by round, and by ours in-process.
type Measured struct {
	Ours      []Sample // one per round, each the median of a slot's runs
	Official  []Sample // one per round it ran
	Same      string   // "yes" when both printed the same scores, else what differed; "" if the official was not run
	InProcess []time.Duration
	Metrics   map[string]float64 `json:",omitempty"` // the in-process benchmark's other figures, by unit
	// Why a command did not score it (the last line of its standard error).
	OursError, OfficialError string
}

// SystemRun is one CoNLL-2014 submission (its in-process figures are its FloorRun's).
type SystemRun struct {
	Name                 string
	Sentences            int
	SrcTokens, HypTokens int
	Measured
}

// FamilyRun is one family (bench's generated sentences, or long lines) over its sizes.
type FamilyRun struct {
	Name, Description string
	Points            []FamilyPoint
	Capped            []int // long lines: sizes over the family's -long-max, not run
	Max               int   // that cap (0: none)
}

// FamilyPoint is one size of a family.
type FamilyPoint struct {
	N               int // source tokens
	HypTokens       int
	Vertices, Edges int  // our lattice: vertices and closure edge list (0 when bounded or not counted)
	Bounded         bool // scored by the bounded search
	BandCells       int  // the Levenshtein band's cells (in-process)
	Measured
}

// FloorRun is one corpus's floor (both Levenshtein matrices of every pair, in-process) against
// our in-process scoring of it (scorer.Score, one worker), sample by sample.
type FloorRun struct {
	Name  string
	Pairs int
	Cells int // matrix cells filled per matrix, over the corpus
	Floor []time.Duration
	Score []time.Duration
}

// JoinedRun is one CoNLL-2014 file with runs of Group sentences joined into one line. The
// official runs once at most (about a minute per file for groups of 5, ten for 26, against
// our tens of milliseconds: a ratio that needs no repetition), where -official-joined chose
// the file.
type JoinedRun struct {
	Name      string // the system
	Group     int    // sentences per line
	Lines     int    // lines of the joined file
	SrcTokens int    // source tokens, all lines
	MaxTokens int    // source tokens of the longest line
	Measured
	Bounded  int      // sentences the in-process scoring sent to the bounded search
	Warnings []string // the command's warnings on stderr, first round
}

// CheckRun is one target check: our command on one input, once per round.
type CheckRun struct {
	Name    string
	Input   string   // what it scores, for the report
	Args    []string // the command's arguments, files by their base names
	Size    int      // the input's size: MB for the large gold file, else source tokens
	Samples []Sample
	// Of the first round (the standard output counted, not kept: --jsonl prints hundreds of MB).
	ExitCode    int
	Stderr      string
	StdoutBytes int64
	argv        []string // the command's full arguments
}

// Target is one scale target and what TestTargets found of it in the run.
type Target struct {
	Goal     string
	Measured string // the figures, or why there are none
	Status   string // "met", "not met" or "not measured"
}

// walls, cpus and peakMB are the wall and CPU times (seconds) and the largest peak memory (MB)
// of the runs that finished; allWalls, allCPUs and allPeakMB those of every run (a refusal's).
func walls(ss []Sample) []float64    { return figures(ss, false, wallOf) }
func cpus(ss []Sample) []float64     { return figures(ss, false, cpuOf) }
func peakMB(ss []Sample) float64     { return slices.Max(append(figures(ss, false, rssOf), 0)) }
func allWalls(ss []Sample) []float64 { return figures(ss, true, wallOf) }
func allCPUs(ss []Sample) []float64  { return figures(ss, true, cpuOf) }
func allPeakMB(ss []Sample) float64  { return slices.Max(append(figures(ss, true, rssOf), 0)) }

func wallOf(s Sample) float64 { return s.Wall.Seconds() }
func cpuOf(s Sample) float64  { return s.CPU.Seconds() }
func rssOf(s Sample) float64  { return float64(s.MaxRSS) / (1 << 20) }

func figures(ss []Sample, every bool, f func(Sample) float64) []float64 {
	var out []float64
	for _, s := range ss {
		if every || s.OK() {
			out = append(out, f(s))
		}
	}
	return out
}

func seconds(ds []time.Duration) []float64 {
	var out []float64
	for _, d := range ds {
		out = append(out, d.Seconds())
	}
	return out
}

// median is the median wall time of the runs that finished (0 without one); medianOf that of
// in-process times.
func median(ss []Sample) float64          { return spreadOf(walls(ss)).Median }
func medianOf(ds []time.Duration) float64 { return spreadOf(seconds(ds)).Median }

// finishedMedian is the median wall time of runs that all finished, 0 otherwise.
func finishedMedian(ss []Sample) float64 {
	if w := walls(ss); len(w) == len(ss) {
		return spreadOf(w).Median
	}
	return 0
}

// ratios returns, pair by pair, the official's time over ours (wall, or CPU when cpu is set),
// for the rounds where both finished.
func ratios(ours, official []Sample, cpu bool) []float64 {
	var out []float64
	for i := range min(len(ours), len(official)) {
		o, b := ours[i], official[i]
		num, den := b.Wall, o.Wall
		if cpu {
			num, den = b.CPU, o.CPU
		}
		if o.OK() && b.OK() && den > 0 {
			out = append(out, num.Seconds()/den.Seconds())
		}
	}
	return out
}

// WallRatio and CPURatio are the system's speed-ups, pair by pair.
func (s *SystemRun) WallRatio() Spread { return spreadOf(ratios(s.Ours, s.Official, false)) }
func (s *SystemRun) CPURatio() Spread  { return spreadOf(ratios(s.Ours, s.Official, true)) }

// Ratio is the floor run's in-process scoring time over the floor, sample by sample.
func (f *FloorRun) Ratio() Spread {
	var out []float64
	for i := range min(len(f.Floor), len(f.Score)) {
		if f.Floor[i] > 0 {
			out = append(out, f.Score[i].Seconds()/f.Floor[i].Seconds())
		}
	}
	return spreadOf(out)
}

// corpusTotals are sums of per-system medians over the CoNLL systems.
type corpusTotals struct {
	Ours                 float64 // our command, every system
	Official, OursPaired float64 // both commands, over the systems the official finished
	Paired               int     // how many those are
	Floor, Score         float64 // in-process: the floor and our scoring
}

func (r *Report) totals() corpusTotals {
	var t corpusTotals
	for _, s := range r.Systems {
		t.Ours += median(s.Ours)
		if w := walls(s.Official); len(w) > 0 {
			t.Official, t.OursPaired, t.Paired = t.Official+spreadOf(w).Median, t.OursPaired+median(s.Ours), t.Paired+1
		}
	}
	for _, f := range r.Floor {
		t.Floor += medianOf(f.Floor)
		t.Score += medianOf(f.Score)
	}
	return t
}

// hasScaleParts reports whether the run measured any of the scale parts.
func (r *Report) hasScaleParts() bool {
	return len(r.Joined) > 0 || len(r.Long) > 0 || len(r.Checks) > 0
}
