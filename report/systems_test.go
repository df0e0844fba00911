package report

import (
	"bytes"
	"strings"
	"testing"

	"maxmatch/scorer"
	"maxmatch/stats"
)

// TestSignature checks each field of the signature and that behaviours asked for in different
// ways have one name.
func TestSignature(t *testing.T) {
	base := Signature{Options: scorer.DefaultOptions(), Sentences: 1312, Annotators: 2, GoldHash: "1a2b3c4d", Version: "v1.0.0"}
	with := func(f func(*Signature)) Signature { s := base; f(&s); return s }
	tests := []struct {
		sig  Signature
		want string
		why  string
	}{
		{base, "m2|compat:3.2|u:2|beta:0.5|ws-case:no|types:all|sentences:1312|annotators:2|gold:1a2b3c4d|version:v1.0.0", "the defaults"},
		{with(func(s *Signature) { s.Options.Compat = scorer.CompatMaster }), "m2|compat:master|", "a mode"},
		{with(func(s *Signature) { s.Options.Fixes = scorer.FixFirstRowOffsets }), "m2|compat:master|", "3.2 with master's one fix is master"},
		{with(func(s *Signature) { s.Options.Fixes, _ = scorer.ParseFixes("all") }), "m2|compat:fixed|", "every fix is fixed"},
		{with(func(s *Signature) { s.Options.Fixes = scorer.FixGoldOrder | scorer.FixDuplicateGold }), "m2|compat:3.2+duplicate-gold+gold-order|", "further fixes in their order"},
		{with(func(s *Signature) { s.Options.Compat, s.Options.Fixes = scorer.CompatMaster, scorer.FixDuplicateGold }), "m2|compat:master+duplicate-gold|", "a mode and a fix"},
		{with(func(s *Signature) {
			s.Options.MaxUnchangedWords, s.Options.Beta, s.Options.IgnoreWhitespaceCasing = 3, 1, true
		}), "|u:3|beta:1|ws-case:yes|", "u, β, white space and case"},
		{with(func(s *Signature) { s.Types = []string{"Nn", "ArtOrDet", "Nn"} }), "|types:ArtOrDet,Nn|", "types sorted, once each"},
		{with(func(s *Signature) { s.Options.MaxWork, s.Options.MaxEdges = 1000, -1 }), "|gold:1a2b3c4d|max-work:1000|max-edges:-1|version", "budgets only when not the defaults"},
		{with(func(s *Signature) { s.Resamples, s.Seed = 1000, 7 }), "|resamples:1000|seed:7|version:v1.0.0", "the bootstrap's resamples and seed"},
		{with(func(s *Signature) { s.Options.Workers, s.Version = 1, "" }), "|gold:1a2b3c4d|version:unknown", "workers change nothing; an unknown version says so"},
	}
	for _, tt := range tests {
		if got := tt.sig.String(); !strings.Contains(got, tt.want) {
			t.Errorf("%s: %s, want it to contain %s", tt.why, got, tt.want)
		}
	}
}

// TestSignatureFields reads back what String writes: each keyed field, the types' list whole.
func TestSignatureFields(t *testing.T) {
	s := Signature{Options: scorer.DefaultOptions(), Types: []string{"Nn", "ArtOrDet"}, Sentences: 1312, Annotators: 2, GoldHash: "1a2b3c4d", Version: "0.1.0+devel"}
	s.Options.Fixes = scorer.FixGoldOrder
	got := SignatureFields(s.String())
	want := map[string]string{"compat": "3.2+gold-order", "u": "2", "beta": "0.5", "ws-case": "no", "types": "ArtOrDet,Nn",
		"sentences": "1312", "annotators": "2", "gold": "1a2b3c4d", "version": "0.1.0+devel"}
	if len(got) != len(want) {
		t.Errorf("SignatureFields(%q) = %v, want %v", s.String(), got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("SignatureFields(%q)[%q] = %q, want %q", s.String(), k, got[k], v)
		}
	}
}

// systemsReport is three systems with intervals, paired tests and levels.
func systemsReport() *Systems {
	totals := func(correct, proposed, gold float64) scorer.Totals {
		return scorer.Totals{Beta: 0.5, Correct: correct, Proposed: proposed, Gold: gold}
	}
	iv := func(f float64) *stats.Intervals {
		e := stats.Estimate{Value: f, Lo: f - 0.1, Hi: f + 0.1, StdErr: 0.05}
		return &stats.Intervals{P: e, R: e, F: e, Level: 0.95, Resamples: 1000, Seed: 1, Sentences: 50}
	}
	pair := func(d, p float64) *stats.Paired {
		return &stats.Paired{Diff: stats.Estimate{Value: d, Lo: d - 0.1, Hi: d + 0.1}, P: p, ABetter: 900, BBetter: 100, Level: 0.95, Resamples: 1000, Seed: 1, Sentences: 50}
	}
	levels := &scorer.Levels{Detection: scorer.LevelCounts{Proposed: 10, Gold: 20, SystemHits: 6, GoldHits: 8},
		Recognition: scorer.LevelCounts{Proposed: 10, Gold: 20, SystemHits: 5, GoldHits: 6}, Correction: scorer.LevelCounts{Proposed: 10, Gold: 20, SystemHits: 4, GoldHits: 4}}
	return &Systems{
		Gold: "gold.m2", Sentences: 50, Beta: 0.5,
		Systems: []SystemScore{
			{Name: "base", File: "out/base", Totals: totals(0, 0, 20), Intervals: iv(0), Levels: levels},
			{Name: "A|b_c", File: "out/a", Totals: totals(4, 10, 20), Intervals: iv(0.3333), Paired: pair(0.3333, 0.01), Levels: levels},
			{Name: "B", File: "out/b", Totals: totals(2, 10, 20), Intervals: iv(0.1667), Paired: pair(0.1667, 0.04), Levels: levels},
		},
		Signature: "m2|compat:3.2|u:2",
	}
}

// TestSystemsDocument renders the report in every format: the figures readers see, the ones
// only JSON has, Holm's adjustment, the signature in each, and CSV's refusal of a second table.
func TestSystemsDocument(t *testing.T) {
	r := systemsReport()
	render := func(f Format, levels bool) string {
		var b bytes.Buffer
		if err := r.Document(levels, false).Write(&b, f); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		return b.String()
	}
	text := render(FormatText, true)
	for _, want := range []string{
		"system  TP  FP  FN       P       R   F_0.5       F_0.5 95% CI  ΔF_0.5  p-value  Holm p\n",
		"base     0   0  20  1.0000  0.0000  0.0000  [-0.1000, 0.1000]\n",
		"A|b_c    4   6  16  0.4000  0.2000  0.3333   [0.2333, 0.4333]  0.3333   0.0100  0.0200\n",
		"B        2   8  18  0.2000  0.1000  0.1667   [0.0667, 0.2667]  0.1667   0.0400  0.0400\n",
		"for the 2 comparisons with the baseline",
		"signature: m2|compat:3.2|u:2\n\nDetection, recognition and correction:\nsystem   Det P",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text: no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "out/a") || strings.Contains(text, "900") {
		t.Errorf("text shows JSON-only figures (file, resamples won):\n%s", text)
	}
	md := render(FormatMarkdown, false)
	for _, want := range []string{"| A\\|b\\_c | 4 |", "| --- | ---: |", "\nSignature: `m2|compat:3.2|u:2`\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown: no %q in\n%s", want, md)
		}
	}
	tex := render(FormatLaTeX, false)
	for _, want := range []string{`$\Delta$F\_0.5`, `A\textbar{}b\_c & 4 & 6`, "% signature: m2|compat:3.2|u:2\n", `\begin{tabular}{lrrrrrrrrrr}`} {
		if !strings.Contains(tex, want) {
			t.Errorf("latex: no %q in\n%s", want, tex)
		}
	}
	csv := render(FormatCSV, false)
	if want := "system,TP,FP,FN,P,R,F_0.5,F_0.5 95% CI,ΔF_0.5,p-value,Holm p,signature\nbase,0,0,20,1.0000,0.0000,0.0000,\"[-0.1000, 0.1000]\",,,,m2|compat:3.2|u:2\n"; !strings.HasPrefix(csv, want) {
		t.Errorf("csv:\n%s\nwant it to start with\n%s", csv, want)
	}
	var b bytes.Buffer
	if err := r.Document(true, false).Write(&b, FormatCSV); err == nil || b.Len() != 0 {
		t.Errorf("CSV of two tables: error %v, %d bytes written; want an error and nothing", err, b.Len())
	}
	js := render(FormatJSON, true)
	for _, want := range []string{
		`{"gold":"gold.m2","sentences":50,"beta":0.5,"resamples":1000,"seed":1,"level":0.95,"baseline":"base","correction":"holm","signature":"m2|compat:3.2|u:2","systems":[{"system":"base","file":"out/base","tp":0,`,
		`"f_ci":{"value":0.3333,"lo":0.23329999999999998,"hi":0.4333,"stderr":0.05}`,
		`"f_diff":0.1667,"f_diff_ci":{"value":0.1667,"lo":0.06669999999999998,"hi":0.2667,"stderr":0},"p_value":0.04,"p_holm":0.04,"better":900,"worse":100}`,
		`"levels":[{"system":"base","det_p":0.6,"det_r":0.4,"det_f":0.5454545454545455,"det_counts":{"proposed":10,"gold":20,"system_hits":6,"gold_hits":8}`,
	} {
		if !strings.Contains(js, want) {
			t.Errorf("json: no %s in\n%s", want, js)
		}
	}
	if strings.Count(js, "\n") != 1 || !strings.HasSuffix(js, "]}\n") {
		t.Errorf("json: not one object on one line:\n%s", js)
	}
}

// TestTypeTable checks the recall table: types sorted over every system's, an empty cell where a
// system's chosen annotators have no gold edit of a type, the last row each system's recall, and
// JSON keys that stay distinct when a system is named "type".
func TestTypeTable(t *testing.T) {
	gold, err := scorer.ReadM2("gold.m2", []byte("S a b c\nA 0 1|||Nn|||x|||REQUIRED|||-NONE-|||0\nA 1 2|||Art|||y|||REQUIRED|||-NONE-|||0\n\nS d\nA 0 1|||Prep|||z|||REQUIRED|||-NONE-|||0\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	r := &Systems{Beta: 0.5}
	for _, s := range []struct{ name, file, output string }{{"type", "out/type", "x b c\nd\n"}, {"B", "out/b", "a y c\nz\n"}} {
		hyps, _ := scorer.ReadSystem(s.file, []byte(s.output))
		b := scorer.NewTypeBreakdown(scorer.DefaultOptions())
		totals, err := scorer.Score(hyps, gold, scorer.DefaultOptions(), func(r *scorer.SentenceResult) error { b.Add(r); return nil })
		if err != nil {
			t.Fatal(err)
		}
		r.Systems = append(r.Systems, SystemScore{Name: s.name, File: s.file, Totals: totals, Types: b})
	}
	var text, js bytes.Buffer
	tab := r.TypeTable()
	tab.WriteText(&text)
	tab.WriteJSON(&js)
	wantText := "type     type       B\n─────────────────────\nArt    0.0000  1.0000\nNn     1.0000  0.0000\nPrep   0.0000  1.0000\n─────────────────────\n(all)  0.3333  0.6667\n"
	if !strings.HasPrefix(text.String(), wantText) {
		t.Errorf("text:\n%s\nwant it to start with\n%s", text.String(), wantText)
	}
	if want := `[{"type":"Art","out/type":0,"B":1},{"type":"Nn","out/type":1,"B":0},{"type":"Prep","out/type":0,"B":1},{"type":"(all)","out/type":0.3333333333333333,"B":0.6666666666666666}]` + "\n"; js.String() != want {
		t.Errorf("json:\n%s\nwant\n%s", js.String(), want)
	}
}

// TestTypeTableKeys checks that the recall table's JSON keys are distinct whatever the systems
// are named: a system file named "type" (its name when --names is not given) was keyed "type",
// the type's key, so a row {"type":"Nn","type":1} lost its type in a parser.
func TestTypeTableKeys(t *testing.T) {
	for _, systems := range [][][2]string{
		{{"type", "type"}, {"B", "b"}},
		{{"type", "out/b"}, {"out/b", "c"}},
		{{"type", "type"}, {"type 1", "d"}},
	} {
		r := &Systems{Beta: 0.5}
		for _, s := range systems {
			r.Systems = append(r.Systems, SystemScore{Name: s[0], File: s[1]})
		}
		seen := map[string]bool{}
		for _, c := range r.TypeTable().Columns {
			if seen[c.JSONKey()] {
				t.Errorf("systems (name, file) %q: the key %q twice", systems, c.JSONKey())
			}
			seen[c.JSONKey()] = true
		}
	}
}

// TestSmallestPValueNote checks the note's floor of the p-values, 1/(resamples+1): written
// with four decimals while they show it, with its first digits below (20,000 resamples: it
// said 0.0000, a p-value no test gives).
func TestSmallestPValueNote(t *testing.T) {
	for _, tt := range []struct {
		resamples int
		want      string
	}{
		{1000, "(the smallest possible is 0.0010)"},
		{19999, "(the smallest possible is 0.0001)"},
		{20000, "(the smallest possible is 5.0e-05)"},
		{1000000, "(the smallest possible is 1.0e-06)"},
	} {
		r := systemsReport()
		for _, s := range r.Systems {
			s.Intervals.Resamples = tt.resamples
		}
		var b bytes.Buffer
		if err := r.Document(false, false).Write(&b, FormatText); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%d resamples: no %q in\n%s", tt.resamples, tt.want, b.String())
		}
	}
}
