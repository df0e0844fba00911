package main

import (
	"errors"
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/stat"

	"maxmatch/bench/internal/proc"
)

// Report is everything one run measured: what the page, its plots and its CSV are made from,
// kept whole in benchmarks.json (which -render and the targets' test read back).
type Report struct {
	Date        time.Time
	Machine     Machine
	CommandLine string
	Official    string // where the official scorer came from; "" when it was not run
	Python      string // its interpreter and version
	Rounds      int
	Reps        int
	Timeout     time.Duration
	Slow        time.Duration
	Samples     int
	MinSample   time.Duration
	MaxMemory   int64 // the command's default memory budget (--max-memory)

	Startup  StartupRun
	Systems  []SystemRun
	Families []FamilyRun
	Floor    []FloorRun

	// The scale parts: CoNLL-2014 joined into paragraphs and essays, long lines, the target
	// checks; how the official was run on the first two.
	Joined         []JoinedRun
	Long           []FamilyRun
	Checks         []CheckRun
	OfficialJoined string        // the joined files it scores (-official-joined, described)
	JoinedTimeout  time.Duration // its limit on one joined file
	OfficialAS     int64         // its address-space limit there and on the long lines

	Previous *Comparison // agreement with an earlier run, when asked for
	Targets  []Target    // the scale targets, as TestTargets judged this run

	benchOutput []byte // the in-process benchmarks' output, in benchstat's format
}

// Sample is one measured run (see package proc); in-process timings use Wall only.
type Sample = proc.Sample

const (
	StatusOK      = proc.StatusOK
	StatusTimeout = proc.StatusTimeout
	StatusSkipped = proc.StatusSkipped
	StatusFailed  = proc.StatusFailed
)

// StartupRun is both commands on a trivial one-sentence input: their fixed cost.
type StartupRun struct {
	Ours, Official []Sample
	// Probe is /bin/true run the same way: its peak memory is the most the measuring process
	// can add to any command's.
	Probe Sample
}

// SystemRun is one CoNLL-2014 submission scored by both commands, round by round.
type SystemRun struct {
	Name                 string
	Sentences            int
	SrcTokens, HypTokens int
	Ours                 []Sample // one per round, each the median of Reps runs
	Official             []Sample // one per round
	Same                 string   // "yes" when both printed the same scores, else what differed; "" if the official was not run
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
	InProcess       []time.Duration
	Ours            []Sample
	Official        []Sample
	Same            string
	OursError       string // long lines: why maxmatch refused the line (its message)
	OfficialError   string // why the official failed (the last line of its stderr)
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

// JoinedRun is one CoNLL-2014 file with runs of Group sentences joined into one line.
type JoinedRun struct {
	Name      string // the system
	Group     int    // sentences per line
	Lines     int    // lines of the joined file
	SrcTokens int    // source tokens, all lines
	MaxTokens int    // source tokens of the longest line
	Ours      []Sample
	// Official holds one run at most: about a minute per file for groups of 5, ten for 26,
	// against our tens of milliseconds, a ratio that needs no repetition. Empty when
	// -official-joined did not choose the file.
	Official      []Sample
	OfficialError string // why the official failed (the last line of its stderr)
	Same          string // as SystemRun.Same
	InProcess     []time.Duration
	Bounded       int      // sentences the in-process scoring sent to the bounded search
	Warnings      []string // the command's warnings on stderr, first round
}

// CheckRun is one target check: our command on one input, once per round.
type CheckRun struct {
	Name    string
	Input   string   // what it scores, for the report
	Args    []string // the command's arguments, files by their base names
	Size    int      // the input's size: MB for the large gold file, else source tokens
	Samples []Sample
	// Of the first round: the exit status, the standard error's tail, the standard output's
	// length (kept only in its last few kB: --jsonl prints hundreds of megabytes).
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

// Spread is the median, minimum and maximum of some values.
type Spread struct {
	Median, Min, Max float64
	N                int
}

// spreadOf summarises xs; the zero Spread (N = 0) when xs is empty.
func spreadOf(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Spread{Median: m, Min: s[0], Max: s[len(s)-1], N: len(s)}
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
	out := make([]float64, len(ds))
	for i, d := range ds {
		out[i] = d.Seconds()
	}
	return out
}

// median is the median wall time of the runs that finished (0 without one).
func median(ss []Sample) float64 { return spreadOf(walls(ss)).Median }

// finishedMedian is the median wall time of runs that all finished, 0 otherwise.
func finishedMedian(ss []Sample) float64 {
	if w := walls(ss); len(w) > 0 && len(w) == len(ss) {
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
		if !o.OK() || !b.OK() {
			continue
		}
		num, den := b.Wall, o.Wall
		if cpu {
			num, den = b.CPU, o.CPU
		}
		if den > 0 {
			out = append(out, num.Seconds()/den.Seconds())
		}
	}
	return out
}

// WallRatio is the system's speed-up, pair by pair.
func (s *SystemRun) WallRatio() Spread { return spreadOf(ratios(s.Ours, s.Official, false)) }

// CPURatio is the system's CPU-time ratio, pair by pair.
func (s *SystemRun) CPURatio() Spread { return spreadOf(ratios(s.Ours, s.Official, true)) }

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
	for i := range r.Systems {
		s := &r.Systems[i]
		ours := median(s.Ours)
		t.Ours += ours
		if w := walls(s.Official); len(w) > 0 {
			t.Official += spreadOf(w).Median
			t.OursPaired += ours
			t.Paired++
		}
	}
	for i := range r.Floor {
		t.Floor += spreadOf(seconds(r.Floor[i].Floor)).Median
		t.Score += spreadOf(seconds(r.Floor[i].Score)).Median
	}
	return t
}

// Fit is a power law t = C·n^Exponent fitted by least squares on log t against log n.
type Fit struct {
	Exponent float64
	C        float64 // t at n = 1, in the unit of the times fitted
	R2       float64 // coefficient of determination, on the log–log data
	Points   int
	MinN     int // the smallest and largest n fitted
	MaxN     int
}

// errTooFewPoints: a fit needs two distinct sizes.
var errTooFewPoints = errors.New("fewer than two distinct sizes to fit")

// fitPowerLaw fits t = C·n^k to the points (n[i], t[i]), all positive.
func fitPowerLaw(n []int, t []float64) (Fit, error) {
	if len(n) != len(t) {
		panic("fitPowerLaw: lengths differ")
	}
	x, y := make([]float64, len(n)), make([]float64, len(n))
	distinct := map[int]bool{}
	f := Fit{Points: len(n), MinN: math.MaxInt}
	for i := range n {
		if n[i] <= 0 || !(t[i] > 0) {
			return Fit{}, errors.New("fitPowerLaw: sizes and times must be positive")
		}
		x[i], y[i] = math.Log(float64(n[i])), math.Log(t[i])
		distinct[n[i]] = true
		f.MinN, f.MaxN = min(f.MinN, n[i]), max(f.MaxN, n[i])
	}
	if len(distinct) < 2 {
		return Fit{}, errTooFewPoints
	}
	alpha, beta := stat.LinearRegression(x, y, nil, false)
	f.Exponent, f.C = beta, math.Exp(alpha)
	f.R2 = stat.RSquared(x, y, nil, alpha, beta)
	return f, nil
}

// FamilyFit is one growth exponent of a family: what was fitted, in full (Label) and in brief
// for the summary (Subject, and Regime: the sizes fitted).
type FamilyFit struct {
	Label, Subject, Regime string
	Quantity               string // its symbol in the report: "t" (time) when empty
	Fit                    Fit
	Err                    error
}

// fitFamily fits t ∝ n^k (fitPowerLaw) and labels the fit.
func fitFamily(label, subject, regime string, n []int, t []float64) FamilyFit {
	f, err := fitPowerLaw(n, t)
	return FamilyFit{Label: label, Subject: subject, Regime: regime, Fit: f, Err: err}
}

// fitMeasured fits t ∝ n^k over the sizes whose time was measured (t > 0).
func fitMeasured(n []int, t []float64) FamilyFit {
	var ns []int
	var ts []float64
	for i := range n {
		if t[i] > 0 {
			ns, ts = append(ns, n[i]), append(ts, t[i])
		}
	}
	return fitFamily("", "", "", ns, ts)
}

// fits returns the growth fits of a family: the official's command time net of its start-up
// (on the sizes where it took at least twice its start-up), and our in-process time per
// sentence, over the sizes scored exactly, those scored by the bounded search, and all sizes.
func (f *FamilyRun) fits(officialStartup float64, officialRun bool) []FamilyFit {
	var out []FamilyFit
	if officialRun {
		var n []int
		var t []float64
		for _, p := range f.Points {
			if m := finishedMedian(p.Official); m > 0 && m >= 2*officialStartup {
				n, t = append(n, p.N), append(t, m-officialStartup)
			}
		}
		out = append(out, fitFamily("official: command time less its start-up, sizes where it is ≥ 2× the start-up", "official time", "", n, t))
	}
	exact, bounded := 0, 0
	for _, p := range f.Points {
		if p.Bounded {
			bounded++
		} else {
			exact++
		}
	}
	inProcess := func(label, subject, regime string, keep func(FamilyPoint) bool) {
		var n []int
		var t []float64
		for _, p := range f.Points {
			if keep(p) && len(p.InProcess) > 0 {
				n, t = append(n, p.N), append(t, spreadOf(seconds(p.InProcess)).Median)
			}
		}
		out = append(out, fitFamily(label, subject, regime, n, t))
	}
	inProcess("maxmatch: in-process time per sentence, all sizes", "maxmatch in-process time", ", all", func(FamilyPoint) bool { return true })
	if exact >= 2 && bounded >= 2 {
		inProcess("maxmatch: in-process, sizes scored exactly (closure within budget)", "maxmatch in-process time (exact sizes)", ", exact search",
			func(p FamilyPoint) bool { return !p.Bounded })
		inProcess("maxmatch: in-process, sizes scored by the bounded search", "maxmatch in-process time (bounded sizes)", ", bounded search",
			func(p FamilyPoint) bool { return p.Bounded })
	}
	return out
}

// longFits are a long family's growth fits: the official's and our in-process time (as for
// the generated families), our command's time less its start-up and its peak memory less the
// start-up's, over the sizes where each is at least twice the start-up's.
func (f *FamilyRun) longFits(r *Report) []FamilyFit {
	startWall, startPeak := median(r.Startup.Ours), peakMB(r.Startup.Ours)
	fits := f.fits(median(r.Startup.Official), r.Official != "")
	var nt, nm []int
	var t, m []float64
	for _, p := range f.Points {
		if med := finishedMedian(p.Ours); med > 0 {
			if med >= 2*startWall {
				nt, t = append(nt, p.N), append(t, med-startWall)
			}
			if pk := peakMB(p.Ours); pk >= 2*startPeak && startPeak > 0 {
				nm, m = append(nm, p.N), append(m, pk-startPeak)
			}
		}
	}
	mem := fitFamily("maxmatch: command's peak memory less its start-up's, sizes where it is ≥ 2× the start-up's", "maxmatch peak memory", "", nm, m)
	mem.Quantity = "peak"
	return append(fits, fitFamily("maxmatch: command time less its start-up, sizes where it is ≥ 2× the start-up", "maxmatch command time", "", nt, t), mem)
}

// exactUpTo returns the largest size scored exactly, and whether every size run was.
func (f *FamilyRun) exactUpTo() (int, bool) {
	largest, all := 0, true
	for _, p := range f.Points {
		if p.Bounded || p.OursError != "" || len(p.InProcess) == 0 {
			all = false
			continue
		}
		largest = max(largest, p.N)
	}
	return largest, all
}

// officialFinished is the largest size on which the official finished, 0 if none.
func (f *FamilyRun) officialFinished() int {
	largest := 0
	for _, p := range f.Points {
		if finishedMedian(p.Official) > 0 {
			largest = max(largest, p.N)
		}
	}
	return largest
}

// hasScaleParts reports whether the run measured any of the scale parts.
func (r *Report) hasScaleParts() bool {
	return len(r.Joined) > 0 || len(r.Long) > 0 || len(r.Checks) > 0
}
