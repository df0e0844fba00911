package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"time"

	"maxmatch/bench/cases"
	"maxmatch/bench/internal/proc"
	"maxmatch/lattice"
	"maxmatch/levenshtein"
	"maxmatch/scorer"
)

// Report is everything one run measured.
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

	Startup  StartupRun
	Systems  []SystemRun
	Families []FamilyRun
	Floor    []FloorRun

	// The scale parts: CoNLL-2014 joined into paragraphs and essays, long lines, the target
	// checks; how the official was run on the first two.
	Joined         []JoinedRun
	Long           []LongRun
	Checks         []CheckRun
	OfficialJoined string        // the joined files it scores (-official-joined, described)
	JoinedTimeout  time.Duration // its limit on one joined file
	OfficialAS     int64         // its address-space limit there and on the long lines

	Previous *Comparison // agreement with an earlier run, when asked for
}

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
	Official             []Sample // one per round (fewer than Ours' rounds never happens)
	Same                 string   // "yes" when both printed the same scores, else what differed; "" if the official was not run
}

// FamilyPoint is one size of a generated family.
type FamilyPoint struct {
	N               int // source tokens
	HypTokens       int
	Vertices, Edges int    // our lattice: vertices and closure edge list (0 when bounded)
	Bounded         bool   // over a budget (the official's predicted work, or our edge list): bounded search
	Work            string // the search that found the edits, and its work (searchWork)
	InProcess       []time.Duration
	Ours            []Sample
	Official        []Sample
	Same            string
}

// FamilyRun is one generated family over its sizes.
type FamilyRun struct {
	Name, Description string
	Points            []FamilyPoint
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

func measureAll(cfg *Config) (*Report, error) {
	rep := &Report{
		Date: time.Now(), Machine: readMachine(cfg.Root), CommandLine: cfg.CommandLine,
		Rounds: cfg.Rounds, Reps: cfg.Reps, Timeout: cfg.Timeout, Slow: cfg.Slow,
		Samples: cfg.Samples, MinSample: cfg.MinSample,
		OfficialJoined: cfg.OfficialOn.describe(), JoinedTimeout: cfg.JoinedTimeout, OfficialAS: cfg.OfficialAS,
	}
	if cfg.Official != "" {
		rep.Official = cfg.OfficialFrom
		rep.Python = cfg.Python + " (Python " + cfg.PythonVersion + ")"
	}
	tmp, err := os.MkdirTemp("", "maxmatch-bench-cases")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	corpora := make([]*cases.Corpus, len(cfg.Systems))
	for i, name := range cfg.Systems {
		c, err := cases.ReadCorpus(name, filepath.Join(cfg.Data, "conll14", "systems", name), cfg.Gold)
		if err != nil {
			return nil, err
		}
		corpora[i] = c
	}

	// In-process measurements first, on a machine as quiet as we can make it.
	for _, c := range corpora {
		logf("floor: %s", c.Name)
		rep.Floor = append(rep.Floor, measureFloor(c, cfg))
	}
	famFiles := make([][]caseFiles, len(cfg.Families))
	for i, fam := range cfg.Families {
		fr := FamilyRun{Name: fam.Name, Description: fam.Description}
		fr.Points, famFiles[i], err = prepareSizes(fam, cfg.Sizes, tmp, func(c *cases.Case) (FamilyPoint, error) { return measureInProcess(c, cfg) })
		if err != nil {
			return nil, err
		}
		rep.Families = append(rep.Families, fr)
	}
	joinedRuns, joinedInputs, err := prepareJoined(cfg.Groups, corpora, tmp)
	if err != nil {
		return nil, err
	}
	for i := range joinedRuns {
		logf("in-process: %s joined by %d", joinedRuns[i].Name, joinedRuns[i].Group)
		if err := measureJoinedInProcess(&joinedRuns[i], joinedInputs[i].corpus, cfg); err != nil {
			return nil, err
		}
		joinedInputs[i].corpus = nil // the commands read the files; the harness holds no more
	}
	longRuns, longFiles, err := prepareLong(cfg, tmp)
	if err != nil {
		return nil, err
	}
	checks, err := prepareChecks(cfg, tmp)
	if err != nil {
		return nil, err
	}

	// The commands, alternating ours (A) and the official (B).
	trivial := cases.Case{Source: []string{"a", "b"}, Hypothesis: []string{"a", "b"}, Annotators: [][]cases.Edit{nil}}
	tf, err := writeCase(tmp, "trivial", &trivial)
	if err != nil {
		return nil, err
	}
	if rep.Startup.Probe, _, err = cfg.Spawner.Run([]string{"true"}, 0); err != nil {
		return nil, err
	}
	for r := range cfg.Rounds {
		s, _, err := oursSlot(cfg, tf.system, tf.gold, 0)
		if err != nil {
			return nil, err
		}
		rep.Startup.Ours = append(rep.Startup.Ours, s)
		if cfg.Official != "" {
			o, _, err := cfg.Spawner.Run(officialArgv(cfg, tf.system, tf.gold), cfg.Timeout)
			if err != nil {
				return nil, err
			}
			rep.Startup.Official = append(rep.Startup.Official, o)
		}
		logf("start-up round %d done", r+1)
	}

	rep.Systems = make([]SystemRun, len(corpora))
	for i, c := range corpora {
		src, hyp := c.Tokens()
		rep.Systems[i] = SystemRun{Name: c.Name, Sentences: len(c.Gold), SrcTokens: src, HypTokens: hyp}
	}
	for r := range cfg.Rounds {
		for i, c := range corpora {
			sr := &rep.Systems[i]
			if r > 0 && slowSystem(sr, cfg.Slow) {
				continue
			}
			s, outOurs, err := oursSlot(cfg, c.SystemPath, c.GoldPath, 0)
			if err != nil {
				return nil, err
			}
			sr.Ours = append(sr.Ours, s)
			if cfg.Official != "" {
				o, outOff, err := cfg.Spawner.Run(officialArgv(cfg, c.SystemPath, c.GoldPath), cfg.SystemTimeout)
				if err != nil {
					return nil, err
				}
				sr.Official = append(sr.Official, o)
				if r == 0 {
					sr.Same = sameOutput(outOurs, outOff, o)
				}
				logf("round %d %s: maxmatch %.3fs, official %.2fs (%s)", r+1, c.Name, s.Wall.Seconds(), o.Wall.Seconds(), o.Status)
			} else {
				logf("round %d %s: maxmatch %.3fs", r+1, c.Name, s.Wall.Seconds())
			}
		}
	}

	for r := range cfg.Rounds {
		for i := range rep.Families {
			fr := &rep.Families[i]
			points := make([]*FamilyPoint, len(fr.Points))
			for k := range fr.Points {
				points[k] = &fr.Points[k]
			}
			err := sizesRound(cfg, r, fr.Name, points, famFiles[i], officialArgv, func(k int, ours proc.Result, _ *proc.Result) error {
				if !ours.Sample.OK() {
					return fmt.Errorf("%s n=%d: %s: %s", fr.Name, points[k].N, cfg.Maxmatch, failureReason(ours))
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
		}
	}

	for r := range cfg.Rounds {
		if err := joinedRound(cfg, r, joinedRuns, joinedInputs); err != nil {
			return nil, err
		}
		if err := longRound(cfg, r, longRuns, longFiles); err != nil {
			return nil, err
		}
		if err := checkRound(cfg, r, checks); err != nil {
			return nil, err
		}
	}
	rep.Joined, rep.Long, rep.Checks = joinedRuns, longRuns, checks

	if cfg.Compare != "" {
		prev, err := readCSVFile(cfg.Compare)
		if err != nil {
			return nil, fmt.Errorf("-compare: %v", err)
		}
		rep.Previous = compareRuns(prev, rep, cfg.Compare)
	}
	return rep, nil
}

// slowSystem reports whether the system's first official run took longer than slow: such a
// system is measured once (its ratio does not need repetition to be known within noise, and
// NTHU alone would otherwise take ten minutes per run).
func slowSystem(sr *SystemRun, slow time.Duration) bool {
	return len(sr.Official) > 0 && sr.Official[0].Wall > slow
}

// prepareSizes writes a family's case of each size into dir and measures it in-process:
// the points, in the order of sizes, and their files.
func prepareSizes[P any](fam cases.Family, sizes []int, dir string, measure func(*cases.Case) (P, error)) ([]P, []caseFiles, error) {
	var points []P
	var files []caseFiles
	for _, n := range sizes {
		c := fam.Case(n, 1)
		f, err := writeCase(dir, fmt.Sprintf("%s-%d", fam.Name, n), &c)
		if err != nil {
			return nil, nil, err
		}
		logf("in-process: %s n=%d", fam.Name, n)
		pt, err := measure(&c)
		if err != nil {
			return nil, nil, fmt.Errorf("%s n=%d: %v", fam.Name, n, err)
		}
		points, files = append(points, pt), append(files, f)
	}
	return points, files, nil
}

// sizesRound runs round r of one family's sizes (points, with their files): our command on
// each size, then the official (its command line from argv) unless it has stopped: once its
// first run of a size did not finish, it is not run again on that size nor on any larger one
// (marked skipped in the first round). Each size's runs go to each: ours (the slot's last),
// and the official's (nil when not run); an error from each ends the round.
func sizesRound(cfg *Config, r int, name string, points []*FamilyPoint, files []caseFiles, argv func(cfg *Config, system, gold string) []string, each func(k int, ours proc.Result, official *proc.Result) error) error {
	stopped := false
	for k, pt := range points {
		f := files[k]
		s, res, err := oursSlotWith(cfg, []string{"score", f.system, f.gold}, 0, proc.Options{})
		if err != nil {
			return fmt.Errorf("%s n=%d: %v", name, pt.N, err)
		}
		pt.Ours = append(pt.Ours, s)
		msg := fmt.Sprintf("round %d %s n=%d: maxmatch %.3fs (%s)", r+1, name, pt.N, s.Wall.Seconds(), s.Status)
		var official *proc.Result
		switch {
		case cfg.Official == "":
		case stopped:
			if r == 0 {
				pt.Official = append(pt.Official, Sample{Status: StatusSkipped})
			}
			msg += ", official not run"
		case len(pt.Official) > 0 && !pt.Official[0].OK():
			stopped = true // measured once; a run that did not finish is not repeated
			msg += ", official not run again"
		default:
			o, err := runMeasured(cfg, argv(cfg, f.system, f.gold), cfg.Timeout, proc.Options{})
			if err != nil {
				return err
			}
			pt.Official = append(pt.Official, o.Sample)
			if r == 0 {
				pt.Same = sameOutput([]byte(res.Stdout), []byte(o.Stdout), o.Sample)
			}
			stopped = !o.Sample.OK()
			official = &o
			msg += fmt.Sprintf(", official %.2fs (%s)", o.Sample.Wall.Seconds(), o.Sample.Status)
		}
		logf("%s", msg)
		if err := each(k, res, official); err != nil {
			return err
		}
	}
	return nil
}

func officialArgv(cfg *Config, system, gold string) []string {
	return []string{cfg.Python, cfg.Official, system, gold}
}

// slotBudget ends a maxmatch slot early: once its runs have taken this long, more repetitions
// would cost much and reduce little noise.
const slotBudget = 2 * time.Second

// oursSlot runs the maxmatch command cfg.Reps times back to back (fewer once they have taken
// slotBudget) and returns the run of median wall time (with the largest peak memory of all),
// and its output. A run that fails is an error.
func oursSlot(cfg *Config, system, gold string, timeout time.Duration) (Sample, []byte, error) {
	s, res, err := oursSlotWith(cfg, []string{"score", system, gold}, timeout, proc.Options{})
	if err == nil && !s.OK() {
		err = fmt.Errorf("%s: %s", cfg.Maxmatch, failureReason(res))
	}
	return s, []byte(res.Stdout), err
}

// oursSlotWith is oursSlot with the command's arguments and the last run's whole Result. A run
// that fails or times out ends the slot and is its sample (the error is the harness's own).
func oursSlotWith(cfg *Config, args []string, timeout time.Duration, opt proc.Options) (Sample, proc.Result, error) {
	var runs []Sample
	var last proc.Result
	var spent time.Duration
	for range cfg.Reps {
		if spent >= slotBudget {
			break
		}
		res, err := runMeasured(cfg, append([]string{cfg.Maxmatch}, args...), timeout, opt)
		if err != nil {
			return Sample{}, res, err
		}
		last = res
		if !res.Sample.OK() {
			return res.Sample, res, nil
		}
		runs = append(runs, res.Sample)
		spent += res.Sample.Wall
	}
	return medianSample(runs), last, nil
}

// medianSample returns the sample of median wall time, with the largest MaxRSS of all.
func medianSample(runs []Sample) Sample {
	s := slices.Clone(runs)
	slices.SortFunc(s, func(a, b Sample) int { return int(a.Wall - b.Wall) })
	m := s[(len(s)-1)/2]
	for _, r := range runs {
		m.MaxRSS = max(m.MaxRSS, r.MaxRSS)
	}
	return m
}

func sameOutput(ours, official []byte, o Sample) string {
	if !o.OK() {
		return ""
	}
	if bytes.Equal(bytes.TrimSpace(ours), bytes.TrimSpace(official)) {
		return "yes"
	}
	return fmt.Sprintf("no: maxmatch %q, official %q", bytes.TrimSpace(ours), bytes.TrimSpace(official))
}

type caseFiles struct{ system, gold string }

func writeCase(dir, name string, c *cases.Case) (caseFiles, error) {
	f := caseFiles{filepath.Join(dir, name+".txt"), filepath.Join(dir, name+".m2")}
	if err := os.WriteFile(f.system, []byte(c.System()), 0o644); err != nil {
		return f, err
	}
	return f, os.WriteFile(f.gold, []byte(c.M2()), 0o644)
}

// measureFloor times, alternately, the floor of the corpus and our in-process scoring of it.
func measureFloor(c *cases.Corpus, cfg *Config) FloorRun {
	var in levenshtein.Interner
	pairs := c.Pairs(&in)
	fr := FloorRun{Name: c.Name, Pairs: len(pairs)}
	for _, p := range pairs {
		fr.Cells += (len(p.Src) + 1) * (len(p.Hyp) + 1)
	}
	var a, b levenshtein.Matrix
	floor := func() {
		for i := range pairs {
			a.Fill(pairs[i].Src, pairs[i].Hyp, 1)
			b.Fill(pairs[i].Src, pairs[i].Hyp, 2)
		}
	}
	opt := scorer.DefaultOptions()
	opt.Workers = 1
	score := func() {
		if _, err := scorer.Score(c.Hyps, c.Gold, opt, nil); err != nil {
			panic(err)
		}
	}
	fr.Floor, fr.Score = timeAlternately(floor, score, cfg.Samples, cfg.MinSample)
	return fr
}

// measureInProcess times our scoring of one generated case in-process and describes its lattice
// as the scorer built it (the default options: u = 2, the command's default memory budget).
func measureInProcess(c *cases.Case, cfg *Config) (FamilyPoint, error) {
	pt := FamilyPoint{N: len(c.Source), HypTokens: len(c.Hypothesis)}
	// The largest exact case the default budget holds takes tens of seconds and gigabytes (an
	// unrelated line of 160 tokens: 33 s, 10 GB): the harness's heap is held near the
	// command's budget.
	budget := scorer.DefaultOptions().Memory()
	var err error
	pt.InProcess, err = scoreCase(c, cfg, budget+budget/4, pt.describe)
	return pt, err
}

// describe sets the figures of the lattice that r was scored on.
func (pt *FamilyPoint) describe(r *scorer.SentenceResult) {
	pt.Vertices, pt.Bounded, pt.Work = r.Cost.Vertices, r.Bounded != lattice.Exact, searchWork(r)
	if !pt.Bounded {
		pt.Edges = r.Cost.Edges
	}
}

// scoreCase scores a generated case in-process (scorer.Score, default options, one worker):
// once, each given every sentence's result, then timed, sampleCount samples, under a soft heap
// limit (the harness runs under the command's garbage-collector setting, commandGCPercent, and
// its garbage would otherwise add several gigabytes to a case that holds a few); the pages go
// back to the system afterwards, before the commands run beside the harness. An error of the
// first scoring (a *scorer.TooLargeError) is returned, and nothing is timed.
func scoreCase(c *cases.Case, cfg *Config, heapLimit int64, each func(*scorer.SentenceResult)) ([]time.Duration, error) {
	corpus, err := cases.ParseCorpus("case", []byte(c.System()), []byte(c.M2()))
	if err != nil {
		return nil, err
	}
	defer debug.FreeOSMemory()
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(heapLimit))
	opt := scorer.DefaultOptions()
	opt.Workers = 1
	start := time.Now()
	if _, err := scorer.Score(corpus.Hyps, corpus.Gold, opt, func(r *scorer.SentenceResult) error {
		each(r)
		return nil
	}); err != nil {
		return nil, err
	}
	samples, _ := timeAlternately(func() {
		if _, err := scorer.Score(corpus.Hyps, corpus.Gold, opt, nil); err != nil {
			panic(err)
		}
	}, nil, sampleCount(cfg, time.Since(start)), cfg.MinSample)
	return samples, nil
}

// timeAlternately returns samples of the time of one call of f and of g (g may be nil), taken
// alternately: each sample is the mean of as many calls as fill minSample (at least one), after
// a garbage collection.
func timeAlternately(f, g func(), samples int, minSample time.Duration) (fs, gs []time.Duration) {
	// In-process work runs under the garbage collector setting of the command, whose share of
	// a sample otherwise varies with where the collections fall (NTHU's degenerate sentence
	// allocated enough for its samples to spread over a factor of two).
	defer debug.SetGCPercent(debug.SetGCPercent(commandGCPercent))
	calibrate := func(h func()) int {
		runtime.GC()
		start := time.Now()
		h()
		one := time.Since(start)
		if one <= 0 {
			one = time.Nanosecond
		}
		return int(min(max(1, minSample/one), 1_000_000))
	}
	sample := func(h func(), iters int) time.Duration {
		runtime.GC()
		start := time.Now()
		for range iters {
			h()
		}
		return time.Since(start) / time.Duration(iters)
	}
	nf, ng := calibrate(f), 0
	if g != nil {
		ng = calibrate(g)
	}
	for range samples {
		fs = append(fs, sample(f, nf))
		if g != nil {
			gs = append(gs, sample(g, ng))
		}
	}
	return fs, gs
}

// commandGCPercent is the garbage collector's target the maxmatch command runs with (its
// gcPercent, set in main): the harness measures in-process scoring under it.
const commandGCPercent = 400
