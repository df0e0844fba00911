package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"maxmatch/report/page"
	"maxmatch/scorer"
)

// systemRun is one system scored by a run, and what the run keeps of its scoring: never its
// sentences' results, only their totals and, when the reports need them, each sentence's
// per-annotator counts (for the bootstrap: 32 bytes a sentence), the levels and the error
// types summed up.
type systemRun struct {
	name   string // as the reports show it
	warn   string // what names it in warnings ("system CAMB, "; "" when it is the only one)
	corpus *corpus

	totals scorer.Totals
	counts *scorer.SentenceCounts // nil: not kept
	levels *scorer.Levels         // nil: not counted
	types  *scorer.TypeBreakdown  // nil: not counted
}

// scoreSystems scores each system against the gold file, whose corpora are prepared: when the
// files are kept (keep), several systems at once, as many as there are CPUs; otherwise one
// after another, each reading the gold file again. Each sentence of a system, once its
// annotator is chosen, is counted in the run's figures, added to the page (when not nil) and
// passed to each (when not nil) with the system's index; each system's sentences come in order,
// on one goroutine. The first error in the systems' order is returned.
func scoreSystems(runs []*systemRun, opt scorer.Options, keep bool, prog *progress, pg *page.Page, each func(k int, r *scorer.SentenceResult) error) error {
	var done atomic.Int64
	total := 0
	for _, s := range runs {
		total += max(s.corpus.n, s.corpus.gold.summary.Sentences, 0)
	}
	what := "scoring sentence"
	if len(runs) > 1 {
		what = fmt.Sprintf("scoring %d systems, sentence", len(runs))
	}
	goldName := runs[0].corpus.gold.in.name
	scoreOne := func(k int) error {
		s := runs[k]
		totals, err := s.corpus.score(opt, func(r *scorer.SentenceResult) error {
			prog.update(what, int(done.Add(1)), total)
			warnBounded(prog, s.warn, r, goldName, opt)
			if s.counts != nil {
				s.counts.Add(r)
			}
			if s.levels != nil {
				*s.levels = s.levels.Add(r.ChosenResult().Levels())
			}
			if s.types != nil {
				s.types.Add(r)
			}
			if pg != nil {
				if err := pg.Add(k, r, r.Gold); err != nil {
					return err
				}
			}
			if each != nil {
				return each(k, r)
			}
			return nil
		})
		s.totals = totals
		s.corpus.release()
		return err
	}
	errs := make([]error, len(runs))
	if !keep || len(runs) == 1 {
		for k := range runs {
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
	for k := range runs {
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

// systemNames names the systems of the files args in reports: by their files' base names, or
// by their paths as given when two base names are the same; standard input is "standard input".
func systemNames(args []string) []string {
	names := make([]string, len(args))
	given := func(a string) string {
		if a == "-" {
			return stdinName
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

// fileRoles names the files of "maxmatch score" with n systems, in messages.
func fileRoles(n int) []string {
	if n == 1 {
		return []string{"SYSTEM", "GOLD"}
	}
	roles := make([]string, n+1)
	for i := range n {
		roles[i] = fmt.Sprintf("SYSTEM %d", i+1)
	}
	roles[n] = "GOLD"
	return roles
}
