package main

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"maxmatch/benchcases"
)

// CoNLL-2014 at paragraph and essay level: every file with each run of Group consecutive
// sentences joined into one line (benchcases.JoinM2 for the gold, every annotator kept, offsets
// shifted; benchcases.JoinLines for the system), scored by both commands. The sentence-level
// run of the same file is group 1.

// joinedSection scores the joined files: our command every round (and in-process), the
// official once, on the files -official-joined chooses.
type joinedSection struct {
	runs    *[]JoinedRun
	corpora []*benchcases.Corpus
	files   []caseFiles
}

// prepare writes each corpus's files joined by each group into dir (one joined gold file per
// gold file and group, which every system shares) and counts their lines and tokens.
func (s *joinedSection) prepare(cfg *Config, dir string) ([]inProcessCase, error) {
	for _, g := range cfg.Groups {
		sub := filepath.Join(dir, fmt.Sprintf("conll-%d", g))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, err
		}
		golds := map[string]string{} // gold path → its joined text
		for _, c := range s.corpora {
			in := caseFiles{system: filepath.Join(sub, c.Name), gold: filepath.Join(sub, filepath.Base(c.GoldPath))}
			gold, ok := golds[c.GoldPath]
			if !ok {
				var err error
				if gold, err = benchcases.JoinM2(string(c.GoldData), g); err != nil {
					return nil, fmt.Errorf("joining %s by %d: %v", c.GoldPath, g, err)
				}
				if err := os.WriteFile(in.gold, []byte(gold), 0o644); err != nil {
					return nil, err
				}
				golds[c.GoldPath] = gold
			}
			system := benchcases.JoinLines(string(c.SystemData), g)
			if err := os.WriteFile(in.system, []byte(system), 0o644); err != nil {
				return nil, err
			}
			corpus, err := benchcases.ParseCorpus(fmt.Sprintf("%s-%d", c.Name, g), []byte(system), []byte(gold))
			if err != nil {
				return nil, err
			}
			jr := JoinedRun{Name: c.Name, Group: g, Lines: len(corpus.Gold)}
			for _, sent := range corpus.Gold {
				jr.SrcTokens, jr.MaxTokens = jr.SrcTokens+len(sent.Tokens), max(jr.MaxTokens, len(sent.Tokens))
			}
			*s.runs = append(*s.runs, jr)
			s.files = append(s.files, in)
		}
	}
	var cases []inProcessCase
	for i := range *s.runs {
		jr := &(*s.runs)[i]
		cases = append(cases, inProcessCase{scoreFileCase(jr.Name, jr.Group), func(res *inProcessResult) {
			jr.InProcess, jr.Metrics, jr.Bounded = res.Samples, res.Metrics, int(res.Metrics[metricBoundedSentences])
		}})
	}
	return cases, nil
}

// round runs round r of the joined files: our command on each (its warnings kept from the
// first round), and in the first round the official on those -official-joined chooses.
func (s *joinedSection) round(cfg *Config, r int) error {
	for i := range *s.runs {
		jr, in := &(*s.runs)[i], s.files[i]
		var official []string
		if r == 0 && cfg.OfficialOn.has(jr.Group, jr.Name) {
			official = officialArgv(cfg, in, true)
		}
		res, err := score(cfg, r, fmt.Sprintf("%s joined by %d", jr.Name, jr.Group), in, &jr.Measured, official, cfg.JoinedTimeout, true)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(withoutDir(res.Stderr, filepath.Dir(in.gold)), "\n") {
			if r == 0 && strings.Contains(line, "warning:") {
				jr.Warnings = append(jr.Warnings, line)
			}
		}
	}
	return nil
}

// joinedGroups returns the group sizes of the joined runs, ascending.
func (r *Report) joinedGroups() []int {
	var gs []int
	for _, jr := range r.Joined {
		gs = append(gs, jr.Group)
	}
	slices.Sort(gs)
	return slices.Compact(gs)
}

// JoinedGrowth is one file's time against its group size, 1 (the sentence-level run) and
// each joined one: in-process (scorer.Score, one worker), our command, and the official's
// command where it finished; medians in seconds, 0 where unmeasured.
type JoinedGrowth struct {
	Name                               string
	Files                              int   // the files summed (all's)
	Groups                             []int // 1 and the joined groups
	InProcess, Command, Official       []float64
	InProcFit, CommandFit, OfficialFit FamilyFit
}

// joinedGrowth fits, per system and for all of them together (the sums of their medians, over
// the systems measured in-process and by the command at every group), the file's time against
// its group size: t ∝ g^k. The number of tokens is the same at every g, so k is the growth of
// the time per line with its length, less one: k = 0 is time linear in the line's length.
func (r *Report) joinedGrowth() (per []JoinedGrowth, all JoinedGrowth) {
	groups := append([]int{1}, r.joinedGroups()...)
	n := len(groups)
	all = JoinedGrowth{Name: "all", Groups: groups, InProcess: make([]float64, n), Command: make([]float64, n)}
	for _, jr := range r.Joined {
		if slices.ContainsFunc(per, func(g JoinedGrowth) bool { return g.Name == jr.Name }) {
			continue
		}
		g := JoinedGrowth{Name: jr.Name, Groups: groups, InProcess: make([]float64, n), Command: make([]float64, n), Official: make([]float64, n)}
		for _, j := range r.Joined {
			if k := slices.Index(groups, j.Group); j.Name == g.Name && k >= 0 {
				g.InProcess[k], g.Command[k], g.Official[k] = medianOf(j.InProcess), median(j.Ours), finishedMedian(j.Official)
			}
		}
		if k := slices.IndexFunc(r.Floor, func(f FloorRun) bool { return f.Name == g.Name }); k >= 0 {
			g.InProcess[0] = medianOf(r.Floor[k].Score)
		}
		if k := slices.IndexFunc(r.Systems, func(s SystemRun) bool { return s.Name == g.Name }); k >= 0 {
			g.Command[0], g.Official[0] = median(r.Systems[k].Ours), finishedMedian(r.Systems[k].Official)
		}
		g.InProcFit, g.CommandFit, g.OfficialFit = fitGroups(groups, g.InProcess), fitGroups(groups, g.Command), fitGroups(groups, g.Official)
		if !slices.Contains(g.InProcess, 0) && !slices.Contains(g.Command, 0) {
			all.Files++
			for i := range groups {
				all.InProcess[i] += g.InProcess[i]
				all.Command[i] += g.Command[i]
			}
		}
		per = append(per, g)
	}
	all.InProcFit, all.CommandFit, all.OfficialFit = fitGroups(groups, all.InProcess), fitGroups(groups, all.Command), FamilyFit{Err: errTooFewPoints}
	return per, all
}

func fitGroups(groups []int, t []float64) FamilyFit {
	f, err := fitPowerLaw(groups, t)
	return FamilyFit{Fit: f, Err: err}
}

// MeasuredGroups lists the groups at which the official's time was measured.
func (g JoinedGrowth) MeasuredGroups() []int {
	var out []int
	for i, grp := range g.Groups {
		if g.Official[i] > 0 {
			out = append(out, grp)
		}
	}
	return out
}

// joinedTotals are the figures of the files joined by one group, summed.
type joinedTotals struct {
	Group                   int
	Files, Lines, SrcTokens int
	MaxTokens               int      // of the longest line
	Ours                    float64  // our command's time, seconds: the sum of each file's median
	Bounded                 int      // sentences the in-process scoring sent to the bounded search
	Warned                  int      // files our command warned on
	OfficialRun             int      // files the official was run on
	Finished                int      // of them, those it finished
	Official, OursFinished  float64  // on the files it finished: its time and ours, seconds
	Same                    int      // of the files it finished, those with the same scores
	Differ                  []string // the others' systems
	TimedOut                int      // of the files it did not finish, those at the time limit
	Failed                  []string // the rest, "SYSTEM (why)"
}

// joinedTotals sums the figures of the files joined by g.
func (r *Report) joinedTotals(g int) joinedTotals {
	t := joinedTotals{Group: g}
	for _, jr := range r.Joined {
		if jr.Group != g {
			continue
		}
		t.Files, t.Lines, t.SrcTokens, t.MaxTokens = t.Files+1, t.Lines+jr.Lines, t.SrcTokens+jr.SrcTokens, max(t.MaxTokens, jr.MaxTokens)
		t.Ours += median(jr.Ours)
		t.Bounded += jr.Bounded
		t.Warned += btoi(len(jr.Warnings) > 0)
		if len(jr.Official) == 0 {
			continue
		}
		t.OfficialRun++
		switch o := jr.Official[0]; {
		case o.OK():
			t.Finished++
			t.Official += o.Wall.Seconds()
			t.OursFinished += median(jr.Ours)
			if jr.Same == "yes" {
				t.Same++
			} else {
				t.Differ = append(t.Differ, jr.Name)
			}
		case o.Status == StatusTimeout:
			t.TimedOut++
		default:
			t.Failed = append(t.Failed, fmt.Sprintf("%s (%s)", jr.Name, cmp.Or(jr.OfficialError, "–")))
		}
	}
	return t
}
