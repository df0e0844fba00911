package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"maxmatch/bench/internal/proc"
	cases "maxmatch/internal/benchcases"
	"maxmatch/membudget"
	"maxmatch/scorer"
)

// CoNLL-2014 at paragraph and essay level: every file with each run of Group consecutive
// sentences joined into one line (cases.JoinM2 for the gold, every annotator kept, offsets
// shifted; cases.JoinLines for the system), scored by both commands. The sentence-level run of
// the same file is group 1.

// JoinedRun is one CoNLL-2014 file joined by Group, scored by both commands.
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

// joinedInput is a joined file's paths and its parsed corpus.
type joinedInput struct {
	files  caseFiles
	corpus *cases.Corpus
}

// prepareJoined writes each corpus's files joined by each group into dir (gold and system
// alike) and parses them: the runs, in group order then system order, and their inputs.
func prepareJoined(groups []int, corpora []*cases.Corpus, dir string) ([]JoinedRun, []joinedInput, error) {
	var runs []JoinedRun
	var inputs []joinedInput
	golds := map[string]string{} // gold path → its joined text, per group
	for _, g := range groups {
		sub := filepath.Join(dir, fmt.Sprintf("conll-%d", g))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, nil, err
		}
		clear(golds)
		for _, c := range corpora {
			gold, ok := golds[c.GoldPath]
			if !ok {
				var err error
				if gold, err = cases.JoinM2(string(c.GoldData), g); err != nil {
					return nil, nil, fmt.Errorf("joining %s by %d: %v", c.GoldPath, g, err)
				}
				golds[c.GoldPath] = gold
				// One joined gold file per gold file and group, which every system shares.
				if err := os.WriteFile(filepath.Join(sub, filepath.Base(c.GoldPath)), []byte(gold), 0o644); err != nil {
					return nil, nil, err
				}
			}
			files := caseFiles{system: filepath.Join(sub, c.Name), gold: filepath.Join(sub, filepath.Base(c.GoldPath))}
			system := cases.JoinLines(string(c.SystemData), g)
			if err := os.WriteFile(files.system, []byte(system), 0o644); err != nil {
				return nil, nil, err
			}
			corpus, err := cases.ParseCorpus(fmt.Sprintf("%s-%d", c.Name, g), []byte(system), []byte(gold))
			if err != nil {
				return nil, nil, err
			}
			jr := JoinedRun{Name: c.Name, Group: g, Lines: len(corpus.Gold)}
			for i := range corpus.Gold {
				n := len(corpus.Gold[i].Tokens)
				jr.SrcTokens += n
				jr.MaxTokens = max(jr.MaxTokens, n)
			}
			runs = append(runs, jr)
			inputs = append(inputs, joinedInput{files, corpus})
		}
	}
	return runs, inputs, nil
}

// measureJoinedInProcess scores the joined corpus once to count the sentences sent to the
// bounded search, then times it as measureFloor times the sentence-level file: scorer.Score,
// default options, one worker.
func measureJoinedInProcess(jr *JoinedRun, c *cases.Corpus, cfg *Config) error {
	opt := scorer.DefaultOptions()
	opt.Workers = 1
	tot, err := scorer.Score(c.Hyps, c.Gold, opt, nil)
	if err != nil {
		return fmt.Errorf("%s joined by %d: %v", jr.Name, jr.Group, err)
	}
	jr.Bounded = tot.BoundedSentences
	jr.InProcess, _ = timeAlternately(func() {
		if _, err := scorer.Score(c.Hyps, c.Gold, opt, nil); err != nil {
			panic(err)
		}
	}, nil, cfg.Samples, cfg.MinSample)
	return nil
}

// joinedRound runs round r of the joined files: our command on each (its warnings kept from
// the first round), and in the first round the official on those -official-joined chooses.
func joinedRound(cfg *Config, r int, runs []JoinedRun, inputs []joinedInput) error {
	for i := range runs {
		jr, in := &runs[i], inputs[i]
		s, res, err := oursSlotWith(cfg, []string{"score", in.files.system, in.files.gold}, 0, proc.Options{})
		if err != nil {
			return fmt.Errorf("%s joined by %d: %v", jr.Name, jr.Group, err)
		}
		jr.Ours = append(jr.Ours, s)
		if r > 0 {
			logf("round %d %s joined by %d: maxmatch %.3fs", r+1, jr.Name, jr.Group, s.Wall.Seconds())
			continue
		}
		jr.Warnings = warningLines(withoutDir(res.Stderr, filepath.Dir(in.files.gold)))
		if cfg.Official == "" || !cfg.OfficialOn.has(jr.Group, jr.Name) {
			logf("round %d %s joined by %d: maxmatch %.3fs", r+1, jr.Name, jr.Group, s.Wall.Seconds())
			continue
		}
		o, err := runMeasured(cfg, officialLimitedArgv(cfg, in.files.system, in.files.gold), cfg.JoinedTimeout, proc.Options{})
		if err != nil {
			return err
		}
		jr.Official = append(jr.Official, o.Sample)
		jr.OfficialError = failureReason(o)
		jr.Same = sameOutput([]byte(res.Stdout), []byte(o.Stdout), o.Sample)
		logf("round %d %s joined by %d: maxmatch %.3fs, official %.1fs (%s)", r+1, jr.Name, jr.Group, s.Wall.Seconds(), o.Sample.Wall.Seconds(), o.Sample.Status)
	}
	return nil
}

// runMeasured runs argv through the spawner. A command that ran and failed is a measurement
// (its sample's status says so, its Result why), not an error of the harness; the error is
// the spawner's, or a command that could not start.
func runMeasured(cfg *Config, argv []string, timeout time.Duration, opt proc.Options) (proc.Result, error) {
	res, err := cfg.Spawner.RunWith(argv, timeout, opt)
	if err != nil && res.ExitCode == 0 {
		return res, err
	}
	return res, nil
}

// failureReason is the last line of a failed run's stderr ("MemoryError"), or its exit
// status; "" for a run that did not fail.
func failureReason(res proc.Result) string {
	if res.Sample.Status != StatusFailed {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(res.Stderr), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return last
	}
	if res.ExitCode < 0 {
		return "killed by a signal"
	}
	return fmt.Sprintf("exit status %d", res.ExitCode)
}

// officialLimitedArgv is the official's command line under the address-space limit: on
// joined files and long lines its memory grows with the line (1.2 GB at 1,000 tokens, more
// than 4 GB at 3,162), and a run past the limit fails with its MemoryError instead of taking
// the machine's memory.
func officialLimitedArgv(cfg *Config, system, gold string) []string {
	argv := officialArgv(cfg, system, gold)
	if cfg.OfficialAS > 0 {
		argv = append([]string{"prlimit", fmt.Sprintf("--as=%d", cfg.OfficialAS)}, argv...)
	}
	return argv
}

// withoutDir removes the harness's temporary directory from a command's messages: the report
// names its inputs by their base names.
func withoutDir(msg, dir string) string {
	return strings.ReplaceAll(msg, dir+string(filepath.Separator), "")
}

// andList prints 1, 5 and 26.
func andList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// warningLines are the lines of a command's stderr that are warnings.
func warningLines(stderr string) []string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		if strings.Contains(line, "warning:") {
			out = append(out, line)
		}
	}
	return out
}

// joinedGroups returns the group sizes of the joined runs, ascending.
func (r *Report) joinedGroups() []int {
	var gs []int
	for _, jr := range r.Joined {
		if !slices.Contains(gs, jr.Group) {
			gs = append(gs, jr.Group)
		}
	}
	slices.Sort(gs)
	return gs
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
	index := map[string]int{}
	for i := range r.Joined {
		jr := &r.Joined[i]
		k, ok := index[jr.Name]
		if !ok {
			k = len(per)
			index[jr.Name] = k
			n := len(groups)
			per = append(per, JoinedGrowth{Name: jr.Name, Groups: groups,
				InProcess: make([]float64, n), Command: make([]float64, n), Official: make([]float64, n)})
		}
		g := &per[k]
		at := slices.Index(groups, jr.Group)
		g.InProcess[at] = spreadOf(seconds(jr.InProcess)).Median
		g.Command[at] = spreadOf(walls(jr.Ours)).Median
		g.Official[at] = finishedMedian(jr.Official)
	}
	for i := range r.Floor {
		if k, ok := index[r.Floor[i].Name]; ok {
			per[k].InProcess[0] = spreadOf(seconds(r.Floor[i].Score)).Median
		}
	}
	for i := range r.Systems {
		if k, ok := index[r.Systems[i].Name]; ok {
			per[k].Command[0] = spreadOf(walls(r.Systems[i].Ours)).Median
			per[k].Official[0] = finishedMedian(r.Systems[i].Official)
		}
	}
	all = JoinedGrowth{Name: "all", Groups: groups, InProcess: make([]float64, len(groups)), Command: make([]float64, len(groups))}
	complete := 0
	for k := range per {
		g := &per[k]
		g.InProcFit = fitMeasured("maxmatch in-process", groups, g.InProcess)
		g.CommandFit = fitMeasured("maxmatch command", groups, g.Command)
		g.OfficialFit = fitMeasured("official", groups, g.Official)
		if !slices.Contains(g.InProcess, 0) && !slices.Contains(g.Command, 0) {
			complete++
			for i := range groups {
				all.InProcess[i] += g.InProcess[i]
				all.Command[i] += g.Command[i]
			}
		}
	}
	all.Files = complete
	all.InProcFit = fitMeasured("maxmatch in-process", groups, all.InProcess)
	all.CommandFit = fitMeasured("maxmatch command", groups, all.Command)
	all.OfficialFit = FamilyFit{Err: errTooFewPoints}
	if complete == 0 {
		all.InProcFit.Err, all.CommandFit.Err = errTooFewPoints, errTooFewPoints
	}
	return per, all
}

// finishedMedian is the median wall time of runs that all finished, 0 otherwise.
func finishedMedian(ss []Sample) float64 {
	if w := walls(ss); len(w) > 0 && len(w) == len(ss) {
		return spreadOf(w).Median
	}
	return 0
}

// fitMeasured fits t ∝ n^k over the sizes whose time was measured (t > 0).
func fitMeasured(label string, n []int, t []float64) FamilyFit {
	var ns []int
	var ts []float64
	for i := range n {
		if t[i] > 0 {
			ns, ts = append(ns, n[i]), append(ts, t[i])
		}
	}
	return fitFamily(label, ns, ts)
}

// measuredGroups lists the groups at which t was measured.
func measuredGroups(groups []int, t []float64) []int {
	var out []int
	for i, g := range groups {
		if t[i] > 0 {
			out = append(out, g)
		}
	}
	return out
}

// fmtExponent prints a fit's exponent, or "–" without one.
func fmtExponent(f FamilyFit) string {
	if f.Err != nil {
		return "–"
	}
	return fmt.Sprintf("%.2f", f.Fit.Exponent)
}

// joinedTotals are the figures of the files joined by one group, summed.
type joinedTotals struct {
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
	var t joinedTotals
	for i := range r.Joined {
		jr := &r.Joined[i]
		if jr.Group != g {
			continue
		}
		ours := spreadOf(walls(jr.Ours)).Median
		t.Files++
		t.Lines, t.SrcTokens, t.MaxTokens = t.Lines+jr.Lines, t.SrcTokens+jr.SrcTokens, max(t.MaxTokens, jr.MaxTokens)
		t.Ours += ours
		t.Bounded += jr.Bounded
		if len(jr.Warnings) > 0 {
			t.Warned++
		}
		if len(jr.Official) == 0 {
			continue
		}
		t.OfficialRun++
		switch {
		case jr.Official[0].OK():
			t.Finished++
			t.Official += jr.Official[0].Wall.Seconds()
			t.OursFinished += ours
			if jr.Same == "yes" {
				t.Same++
			} else {
				t.Differ = append(t.Differ, jr.Name)
			}
		case jr.Official[0].Status == StatusTimeout:
			t.TimedOut++
		default:
			t.Failed = append(t.Failed, fmt.Sprintf("%s (%s)", jr.Name, orDash(jr.OfficialError)))
		}
	}
	return t
}

// joinedSummary is the summary's lines on the joined files.
func joinedSummary(p func(string, ...any), r *Report) {
	if len(r.Joined) == 0 {
		return
	}
	_, all := r.joinedGrowth()
	for _, g := range r.joinedGroups() {
		t := r.joinedTotals(g)
		line := fmt.Sprintf("- **CoNLL-2014 joined by %d** (%s: %d tokens a line on average, up to %d): maxmatch scored the %s in %s (the sum of each file's median); %s, %s.",
			g, joinedKind(g), t.SrcTokens/max(1, t.Lines), t.MaxTokens, plural(t.Files, "file", "files"), fmtSeconds(t.Ours),
			boundedPhrase(t.Bounded), warnedPhrase(t.Warned))
		if t.Finished > 0 {
			line += fmt.Sprintf(" The official scorer finished %s in %s (%s ours on the same files) and printed the same scores on **%d of %d**.",
				plural(t.Finished, "file", "files"), fmtSeconds(t.Official), fmtRatio(t.Official/t.OursFinished), t.Same, t.Finished)
		}
		if t.TimedOut > 0 {
			line += fmt.Sprintf(" It did not finish %s within its time limit (%s).", plural(t.TimedOut, "file", "files"), fmtSeconds(r.JoinedTimeout.Seconds()))
		}
		if len(t.Failed) > 0 {
			line += fmt.Sprintf(" It failed on %s (address-space limit %s): %s.", plural(len(t.Failed), "file", "files"), orNone(r.OfficialAS), strings.Join(t.Failed, ", "))
		}
		p("%s\n", line)
	}
	if all.InProcFit.Err == nil {
		p("- **Time against line length** (CoNLL-2014, the same tokens in lines of %s sentences, over the %s measured at each): in-process, the files' time grows as **g^%.2f** (so a line's time as its length^%.2f); the command's as g^%.2f.\n",
			andList(all.Groups), plural(all.Files, "file", "files"), all.InProcFit.Fit.Exponent, all.InProcFit.Fit.Exponent+1, all.CommandFit.Fit.Exponent)
	}
}

func joinedKind(g int) string {
	switch {
	case g <= 10:
		return "paragraphs"
	case g >= 20:
		return "essays"
	}
	return "groups of sentences"
}

func boundedPhrase(n int) string {
	if n == 0 {
		return "every sentence by the exact search"
	}
	return fmt.Sprintf("**%s by the bounded search**", plural(n, "sentence", "sentences"))
}

func warnedPhrase(n int) string {
	if n == 0 {
		return "no warning"
	}
	return fmt.Sprintf("**warnings on %s**", plural(n, "file", "files"))
}

// writeJoined writes the section of the joined files.
func writeJoined(p func(string, ...any), r *Report) {
	officialRun := r.Official != ""
	p("## Paragraphs and essays: CoNLL-2014 with sentences joined\n\n")
	p("Each file (gold and system alike, `bench/cases.JoinM2` and `JoinLines`) with each run of g consecutive sentences joined into one line: the source tokens concatenated, every annotator's edits kept with their offsets shifted (an annotator with no edit in the run keeps one noop), the system's lines joined the same way. Groups of 5 are paragraphs; of 26, about an essay (the 1,312 sentences are 50 essays). Our command as for the sentence-level files (median of the rounds); in-process as the floor section's scoring (`scorer.Score`, default options, one worker), with the sentences it sent to the bounded search; warnings are those our command printed.")
	if officialRun {
		p(" The official scorer scores the files chosen by `-official-joined` (%s), once each, with a limit of %s and an address-space limit of %s (`prlimit --as`).", r.OfficialJoined, fmtSeconds(r.JoinedTimeout.Seconds()), orNone(r.OfficialAS))
	}
	p("\n\n")
	if officialRun {
		p("| system | g | lines | longest (tokens) | official wall | official peak | maxmatch wall | maxmatch peak | in-process | bounded sentences | warnings | speed-up, wall | same scores |\n")
		p("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
	} else {
		p("| system | g | lines | longest (tokens) | maxmatch wall | maxmatch peak | in-process | bounded sentences | warnings |\n")
		p("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	}
	for i := range r.Joined {
		jr := &r.Joined[i]
		ours := fmt.Sprintf("%s | %s | %s | %d | %d", fmtSpread(spreadOf(walls(jr.Ours)), fmtSeconds), fmtMB(peakMB(jr.Ours)),
			fmtSpread(spreadOf(seconds(jr.InProcess)), fmtSeconds), jr.Bounded, len(jr.Warnings))
		if !officialRun {
			p("| %s | %d | %d | %d | %s |\n", jr.Name, jr.Group, jr.Lines, jr.MaxTokens, ours)
			continue
		}
		off, peak := "not run", "–"
		if len(jr.Official) > 0 {
			off = officialCell(jr.Official)
			if jr.OfficialError != "" {
				off = "failed: " + jr.OfficialError
			}
			if jr.Official[0].MaxRSS > 0 {
				peak = membudget.Bytes(jr.Official[0].MaxRSS)
			}
		}
		p("| %s | %d | %d | %d | %s | %s | %s | %s | %s |\n", jr.Name, jr.Group, jr.Lines, jr.MaxTokens, off, peak, ours,
			speedupCell(jr.Ours, jr.Official), orDash(jr.Same))
	}
	p("\n")
	for i := range r.Joined {
		if w := r.Joined[i].Warnings; len(w) > 0 {
			p("%s joined by %d: %s; the first: `%s`\n\n", r.Joined[i].Name, r.Joined[i].Group, plural(len(w), "warning", "warnings"), w[0])
		}
	}

	per, all := r.joinedGrowth()
	groups := append([]int{1}, r.joinedGroups()...)
	p("### Time against line length\n\n")
	p("The same file in lines of g sentences (g = 1: the sentence-level run above; in-process: the floor section's scoring). The tokens are the same at every g, so a file's time growing as g^k means a line's time growing as its length^(k+1): k = 0 is time linear in the line's length. Least squares on log time against log g.\n\n")
	p("| system |")
	for _, g := range groups {
		p(" in-process, g = %d |", g)
	}
	p(" exponent, in-process | exponent, command |")
	if officialRun {
		p(" exponent, official (g) |")
	}
	p("\n| --- |%s ---: | ---: |", strings.Repeat(" ---: |", len(groups)))
	if officialRun {
		p(" ---: |")
	}
	p("\n")
	for _, g := range append(per, all) {
		if g.Name == "all" && g.InProcFit.Err != nil {
			continue
		}
		name := g.Name
		if name == "all" {
			name = "**all** (sums)"
		}
		p("| %s |", name)
		for i := range groups {
			p(" %s |", fmtSecondsOrDash(g.InProcess[i]))
		}
		p(" %s | %s |", fmtExponent(g.InProcFit), fmtExponent(g.CommandFit))
		if officialRun {
			if g.OfficialFit.Err == nil {
				p(" %s (%s) |", fmtExponent(g.OfficialFit), joinInts(measuredGroups(groups, g.Official)))
			} else {
				p(" – |")
			}
		}
		p("\n")
	}
	p("\n![time against sentences per line](%s.svg)\n\n", joinedFile)
}

func orNone(n int64) string {
	if n <= 0 {
		return "none"
	}
	return membudget.Bytes(n)
}
