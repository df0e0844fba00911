// Package corpus scores system outputs against an M2 gold file, the files given by their
// names: it reads them (kept in memory when small, read again as they are scored otherwise,
// every error in them found before anything is scored when asked), scores each system
// sentence by sentence (several at once when the files are kept), keeps what the reports need
// (totals, each sentence's counts for a bootstrap, levels, error types), and returns the
// report model (package report) with its signature. "maxmatch score" and "maxmatch compare"
// are runs; "maxmatch serve" and the commands that keep the gold in memory read it with
// Reading.ReadGold and sign their figures with Signature.
package corpus

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"maxmatch/input"
	"maxmatch/internal/wording"
	"maxmatch/lattice"
	"maxmatch/membudget"
	"maxmatch/report"
	"maxmatch/scorer"
	"maxmatch/stats"
)

// Options say how a run scores and what it keeps.
type Options struct {
	Scoring scorer.Options
	Reading Reading
	// Types restricts the gold edits to these error types (nil: every type).
	Types []string
	// Bootstrap is the number of bootstrap resamples of the report's intervals and paired
	// tests (0: none), drawn from Seed; each sentence's counts are kept for them.
	Bootstrap int
	Seed      uint64
	// Counts keeps each sentence's counts without a bootstrap (for Paired).
	Counts bool
	// Levels and PerType count the HOO levels and the recall by error type of each system.
	Levels, PerType bool
	// Names are the systems' names in the report (nil: their files' names; see Names).
	Names []string
	// KeepLimit is the size up to which the files are kept (0: DefaultKeepLimit; negative:
	// never, every file read as it is scored).
	KeepLimit int64
	// Version is the version the signature gives.
	Version string
	// Input says where standard input is (what "-" reads).
	Input    input.Options
	Progress Progress
}

// System is a system scored by a run, and what the run keeps of its scoring: never its
// sentences' results, only their totals and, when the reports need them, each sentence's
// per-annotator counts (for the bootstrap: 32 bytes a sentence), the levels and the error
// types summed up.
type System struct {
	Name   string                 // as the reports show it
	Totals scorer.Totals          // once scored
	Counts *scorer.SentenceCounts // nil: not kept
	Levels *scorer.Levels         // nil: not counted
	Types  *scorer.TypeBreakdown  // nil: not counted

	warn  string // what names it in warnings ("system CAMB, "; "" when it is the only one)
	pairs *pairs
}

// File is the system's file in messages and reports.
func (s *System) File() string { return s.pairs.sys.Name() }

// A Run is systems scored against one gold file.
type Run struct {
	opt      Options
	progress Progress
	gold     *Gold
	systems  []*System
	keep     bool // the files are read whole and kept
	spans    *spanWarnings
}

// New prepares the run of the system files against the gold file (each a path, or "-" for
// standard input); it reads nothing.
func New(goldArg string, systemArgs []string, opt Options) *Run {
	r := &Run{opt: opt, progress: progressOf(opt.Progress)}
	in := opt.Input
	if in.Progress == nil {
		in.Progress = r.progress.Reading
	}
	r.gold = &Gold{in: input.New(goldArg, "gold", in), types: opt.Types}
	r.gold.reader, r.spans = opt.Reading.reader(r.gold.Name(), opt.Scoring.Effective(), r.progress.Warn)
	files := make([]*input.File, len(systemArgs))
	for i, a := range systemArgs {
		files[i] = input.New(a, "system", in)
	}
	limit := opt.KeepLimit
	if limit == 0 {
		limit = DefaultKeepLimit
	}
	r.keep = keepFiles(r.gold.in, files, limit)
	names := opt.Names
	if names == nil {
		names = Names(systemArgs)
	}
	for i, f := range files {
		s := &System{Name: names[i], pairs: &pairs{gold: r.gold, sys: f, progress: r.progress, n: -1}}
		if len(files) > 1 {
			s.warn = "system " + names[i] + ", "
		}
		if opt.Bootstrap > 0 || opt.Counts {
			s.Counts = new(scorer.SentenceCounts)
		}
		if opt.Levels {
			s.Levels = new(scorer.Levels)
		}
		if opt.PerType {
			s.Types = scorer.NewTypeBreakdown(opt.Scoring)
		}
		r.systems = append(r.systems, s)
	}
	if len(files) > 1 {
		r.gold.in.ReadTwice()
	}
	return r
}

// Close releases what the files kept.
func (r *Run) Close() {
	r.gold.in.Close()
	for _, s := range r.systems {
		s.pairs.sys.Close()
	}
}

// Gold is the run's gold file.
func (r *Run) Gold() *Gold { return r.gold }

// Systems are the run's systems, in order.
func (r *Run) Systems() []*System { return r.systems }

// Names names systems in reports by their files' base names, or by their paths as given when
// two base names are the same; standard input is "standard input".
func Names(args []string) []string {
	names := make([]string, len(args))
	given := func(a string) string {
		if a == "-" {
			return input.StdinName
		}
		return a
	}
	seen := map[string]bool{}
	for i, a := range args {
		names[i] = given(a)
		if a != "-" {
			names[i] = filepath.Base(a)
		}
		if seen[names[i]] {
			for j, a := range args {
				names[j] = given(a)
			}
			return names
		}
		seen[names[i]] = true
	}
	return names
}

// Survey reads the gold file before any system is scored: whole, when the files are kept;
// otherwise through once, when survey asks for what must be known of it first (its identity,
// for a signature, and its types, to restrict them), and again for each system. It returns the
// first error in the file.
func (r *Run) Survey(survey bool) error {
	survey = survey || r.opt.Types != nil || r.opt.Bootstrap > 0 || r.opt.Counts // (holdCounts)
	if survey && !r.keep {
		r.gold.in.ReadTwice()
	}
	switch {
	case r.keep:
		return r.gold.load()
	case survey:
		return r.gold.survey()
	}
	return nil
}

// Check finds every error in the files before anything is scored: the kept files are read
// and paired, the others read through once when check asks it (a run that prints its
// sentences as it scores them), in the systems' order.
func (r *Run) Check(check bool) error {
	for _, s := range r.systems {
		if err := s.pairs.prepare(check); err != nil {
			return err
		}
	}
	return nil
}

// Signature is the signature of the run's figures; the gold file has been surveyed.
func (r *Run) Signature() string {
	return Signature(r.opt.Scoring, r.opt.Types, r.gold.Identity(), r.opt.Bootstrap, r.opt.Seed, r.opt.Version)
}

// Signature is the signature of figures scored with opt against a gold file of identity id
// restricted to types (nil: all), with a bootstrap of resamples (0: none) drawn from seed, by
// the given version.
func Signature(opt scorer.Options, types []string, id Identity, resamples int, seed uint64, version string) string {
	s := report.Signature{Options: opt, Types: types, Sentences: id.Sentences, Annotators: id.Annotators, GoldHash: id.Hash, Version: version}
	if resamples > 0 {
		s.Resamples, s.Seed = resamples, seed
	}
	return s.String()
}

// Finish gives the count of the warnings about the gold file not given one by one.
func (r *Run) Finish() { r.spans.finish() }

// Score scores each system, after Check: when the files are kept, several systems at once, as
// many as there are CPUs; otherwise one after another, each reading the gold file again. Each
// sentence of a system, once its annotator is chosen, is counted in the system's figures and
// passed to each (when not nil) with the system's index; each system's sentences come in
// order, on one goroutine. The first error in the systems' order is returned; a sentence too
// large for the memory budget is a *scorer.TooLargeError naming the gold file.
func (r *Run) Score(each func(k int, res *scorer.SentenceResult) error) error {
	err := r.score(each)
	var tl *scorer.TooLargeError
	if errors.As(err, &tl) {
		tl.File = r.gold.Name()
	}
	return err
}

func (r *Run) score(each func(k int, res *scorer.SentenceResult) error) error {
	if err := r.holdCounts(); err != nil {
		return err
	}
	opt := r.opt.Scoring
	var done atomic.Int64
	total := 0
	for _, s := range r.systems {
		total += max(s.pairs.n, r.gold.summary.Sentences, 0)
	}
	what := "scoring sentence"
	if len(r.systems) > 1 {
		what = fmt.Sprintf("scoring %d systems, sentence", len(r.systems))
	}
	scoreOne := func(k int) error {
		s := r.systems[k]
		totals, err := s.pairs.score(opt, func(res *scorer.SentenceResult) error {
			r.progress.Update(what, int(done.Add(1)), total)
			if res.Bounded != lattice.Exact {
				r.progress.Warn("%ssentence %d (%s line %d): %s; scored with the bounded search, not the official's exact one (see docs/exactness.md#bounded-cost)",
					s.warn, res.Index+1, r.gold.Name(), res.Gold.Line, opt.FallbackReason(res))
			}
			if s.Counts != nil {
				s.Counts.Add(res)
			}
			if s.Levels != nil {
				*s.Levels = s.Levels.Add(res.ChosenResult().Levels())
			}
			if s.Types != nil {
				s.Types.Add(res)
			}
			if each != nil {
				return each(k, res)
			}
			return nil
		})
		s.Totals = totals
		s.pairs.release()
		return err
	}
	errs := make([]error, len(r.systems))
	if !r.keep || len(r.systems) == 1 {
		for k := range r.systems {
			if errs[k] = scoreOne(k); errs[k] != nil {
				return errs[k]
			}
		}
		return nil
	}
	// The systems scored at once share one memory budget, as one system's workers do.
	shared, err := scorer.NewSharedBudget(opt)
	if err != nil {
		return err
	}
	opt.Shared = shared
	var wg sync.WaitGroup
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for k := range r.systems {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-slots }()
			errs[k] = scoreOne(k)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Report is the report of the scored systems, with the bootstrap's figures (intervals, and the
// paired tests of each system against the first) when there is one, without its signature
// (which hashes the gold file: only the reports that show it ask for it). The bootstrap's
// figures are reserved from the memory budget: a *stats.TooManyResamplesError when they do
// not fit.
func (r *Run) Report() (*report.Systems, error) {
	rep := &report.Systems{Gold: r.gold.Name(), Sentences: r.gold.summary.Sentences, Beta: r.opt.Scoring.Beta, Types: r.opt.Types}
	var c stats.Comparison
	if n := r.opt.Bootstrap; n > 0 {
		scores := make([]stats.Score, len(r.systems))
		for i, s := range r.systems {
			scores[i] = stats.CorpusScore(s.Counts, r.opt.Scoring.Beta)
		}
		var err error
		c, err = stats.Compare(r.systems[0].Counts.Len(), scores, stats.Options{
			Resamples: n, Seed: r.opt.Seed, Workers: r.opt.Scoring.Workers,
			Memory:   membudget.New(r.opt.Scoring.Memory()).Account(),
			Progress: func(k int) { r.progress.Update("bootstrap resample", k, n) },
		})
		if err != nil {
			return nil, err
		}
	}
	for i, s := range r.systems {
		sc := report.SystemScore{Name: s.Name, File: s.File(), Totals: s.Totals, Levels: s.Levels, Types: s.Types}
		if c.Intervals != nil {
			sc.Intervals = &c.Intervals[i]
			if i > 0 {
				sc.Paired = &c.Paired[i]
			}
		}
		rep.Systems = append(rep.Systems, sc)
	}
	return rep, nil
}

// Paired is the report of the paired bootstrap test of the run's first system (A) against its
// second (B), from resamples resamples drawn from seed, with its signature; the run kept each
// sentence's counts (Options.Counts). named says whether the report shows the systems' names
// beside their files. Its figures are reserved from the memory budget, as Report's.
func (r *Run) Paired(resamples int, seed uint64, named bool) (report.Fields, error) {
	a, b := r.systems[0], r.systems[1]
	beta := r.opt.Scoring.Beta
	res, err := stats.PairedBootstrap(a.Counts.Len(), stats.CorpusScore(a.Counts, beta), stats.CorpusScore(b.Counts, beta),
		stats.Options{Resamples: resamples, Seed: seed, Workers: r.opt.Scoring.Workers, Memory: membudget.New(r.opt.Scoring.Memory()).Account(),
			Progress: func(k int) { r.progress.Update("paired bootstrap resample", k, resamples) }})
	if err != nil {
		return nil, err
	}
	systems := [2]report.ComparedSystem{{File: a.File(), Totals: a.Totals}, {File: b.File(), Totals: b.Totals}}
	if named {
		systems[0].Name, systems[1].Name = a.Name, b.Name
	}
	return report.CompareFields(r.gold.Name(), beta, systems, res, Signature(r.opt.Scoring, r.opt.Types, r.gold.Identity(), resamples, seed, r.opt.Version)), nil
}

// holdCounts makes room, before anything is scored, for the per-sentence counts each system
// keeps for the bootstrap, one record per sentence of the gold file (surveyed for them), so
// that the memory budget counts them as in use when scoring starts; counts that would take more
// than the whole budget are refused. Grown as they were scored, unaccounted, they took 665 MB
// under --max-memory 256M for 10 million sentences, and under prlimit --as ended in the Go
// runtime's "out of memory".
func (r *Run) holdCounts() error {
	systems := 0
	for _, s := range r.systems {
		if s.Counts != nil {
			systems++
		}
	}
	n := r.gold.summary.Sentences
	if systems == 0 || n == 0 {
		return nil
	}
	need := int64(n) * scorer.SentenceCountBytes * int64(systems)
	if budget := r.opt.Scoring.Memory(); need > budget {
		return fmt.Errorf("%s: the counts of its %s sentences that the bootstrap keeps for %s (%d bytes a sentence each) take %s, more than the memory budget, %s; a larger --max-memory would hold them",
			r.gold.Name(), membudget.Count(n), wording.Plural(systems, "system"), scorer.SentenceCountBytes, membudget.Bytes(need), membudget.Bytes(budget))
	}
	for _, s := range r.systems {
		if s.Counts != nil {
			s.Counts.Grow(n)
		}
	}
	return nil
}
