package page

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"maxmatch/report"
	"maxmatch/scorer"
)

// system is one system's output, a line per gold sentence.
type system struct{ name, text string }

// scored is a corpus scored by several systems: the gold, and each system's results.
type scored struct {
	names   []string
	gold    []scorer.Sentence
	results [][]scorer.SentenceResult
	totals  []scorer.Totals
}

// score scores each system against gold with opt.
func score(t testing.TB, gold string, opt scorer.Options, systems ...system) *scored {
	t.Helper()
	g, err := scorer.ReadM2("gold.m2", []byte(gold), opt.Effective())
	if err != nil {
		t.Fatal(err)
	}
	sc := &scored{gold: g}
	for _, s := range systems {
		hyps, err := scorer.ReadSystem(s.name, []byte(s.text))
		if err != nil {
			t.Fatal(err)
		}
		var rs []scorer.SentenceResult
		tot, err := scorer.Score(hyps, g, opt, func(r *scorer.SentenceResult) error { rs = append(rs, *r); return nil })
		if err != nil {
			t.Fatal(err)
		}
		sc.names = append(sc.names, s.name)
		sc.results = append(sc.results, rs)
		sc.totals = append(sc.totals, tot)
	}
	return sc
}

// page builds the page of sc.
func (sc *scored) page(t testing.TB, opt Options) *Page {
	t.Helper()
	p := New(sc.names, opt)
	for k, rs := range sc.results {
		for i := range rs {
			if err := p.Add(k, &rs[i], &sc.gold[rs[i].Index]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return p
}

// summary is the table of sc's totals, with F's interval given as ±0.05 of it (a stand-in
// for the bootstrap's, which has its own tests), and its chart.
func (sc *scored) summary() (report.Document, Chart) {
	t := &report.Table{Columns: []report.Column{{Name: "system"}, {Name: "P"}, {Name: "R"}, {Name: "F0.5"}, {Name: "F0.5 CI"}, {Name: "TP"}, {Name: "FP"}, {Name: "FN"}},
		Notes: []string{"Intervals: ±0.05, for the test."}, Signature: "m2|test"}
	for k, tot := range sc.totals {
		p, r, f := tot.PRF()
		c := tot.Counts()
		t.Rows = append(t.Rows, []report.Cell{report.Text(sc.names[k]), report.Float(p, 4), report.Float(r, 4), report.Float(f, 4),
			report.Interval(max(0, f-0.05), min(1, f+0.05), 4), report.Int(c.Correct), report.Int(c.Proposed - c.Correct), report.Int(c.Gold - c.Correct)})
	}
	return report.Document{{Heading: "Scores", Table: t}}, Chart{Value: "F0.5", Interval: "F0.5 CI"}
}

// write renders p.
func write(t testing.TB, p *Page) string {
	t.Helper()
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// pageData decodes the JSON block of a page.
func pageData(t testing.TB, page string) (d struct {
	Systems   []string
	Types     []string
	PageSize  int
	Sentences [][]json.RawMessage
}) {
	t.Helper()
	const open = `<script type="application/json" id="data">`
	i := strings.Index(page, open)
	j := strings.Index(page[i:], "</script>")
	if i < 0 || j < 0 {
		t.Fatalf("no data block in the page")
	}
	if err := json.Unmarshal([]byte(page[i+len(open):i+j]), &d); err != nil {
		t.Fatalf("data block: %v", err)
	}
	return d
}

const smallGold = `S The dog chase a cat .
A 2 3|||SVA|||chases|||REQUIRED|||-NONE-|||0
A 3 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||1

S She like apple very much .
A 1 2|||SVA|||likes|||REQUIRED|||-NONE-|||0
A 2 3|||Nn|||apples|||REQUIRED|||-NONE-|||0

S x y
A 0 1|||Del|||-NONE-|||REQUIRED|||-NONE-|||0
A 0 1|||Del2|||-NONE-|||REQUIRED|||-NONE-|||0

S it is fine
`

// TestRows checks what the page keeps of each row: the chosen annotator, the edits with the
// gold edits they matched, and the hypothesis only when the edits do not give it.
func TestRows(t *testing.T) {
	const insertGold = "S a\nA 0 0|||X|||c|||REQUIRED|||-NONE-|||0\n"
	tests := []struct {
		why   string
		opt   func(*scorer.Options)
		gold  string // smallGold when ""
		hyps  string
		want  []string // each sentence's row, as JSON
		types []string
	}{
		{"one edit matched, one not in gold (a phrase, as M² joins it); the annotator with the better F chosen; 3.2 matches the deletion with both identical gold edits",
			nil, "", "The dog chases a cat .\nShe likes apple very mucho .\ny\nit is fine\n",
			[]string{`[0,[[2,3,"chases",[0]]]]`, `[0,[[1,2,"likes",[0]],[3,6,"very mucho .",[]]]]`, `[0,[[0,1,"",[0,1]]]]`, `[0,[]]`},
			[]string{"ArtOrDet", "Del", "Del2", "Nn", "SVA"}},
		{"duplicate-gold: the deletion matches the first identical gold edit only",
			func(o *scorer.Options) { o.Fixes = scorer.FixDuplicateGold }, "", "The dog chase a cat .\nShe like apple very much .\ny\nit is fine\n",
			[]string{`[0,[]]`, `[0,[]]`, `[0,[[0,1,"",[0]]]]`, `[0,[]]`}, nil},
		{"--ignore_whitespace_casing drops the casing edit The → the, so the edits no longer give the hypothesis, which is kept; annotator 1 chosen for a → the",
			func(o *scorer.Options) { o.IgnoreWhitespaceCasing = true }, "", "the dog chase the cat .\nShe like apple very much .\nx y\nit is fine\n",
			[]string{`[1,[[3,4,"the",[0]]],"the dog chase the cat ."]`, `[0,[]]`, `[0,[]]`, `[0,[]]`}, nil},
		{"release 3.2 puts the second edit, which inserts hypothesis token 1 before the first source token, at (1, 1) with the original \"a\": both kept",
			nil, insertGold, "c d a\n", []string{`[0,[[0,0,"c",[0]],[1,1,"d a",[],"a"]],"c d a"]`}, []string{"X"}},
		{"the GitHub master puts it at (0, 1): neither is kept",
			func(o *scorer.Options) { o.Compat = scorer.CompatMaster }, insertGold, "c d a\n", []string{`[0,[[0,0,"c",[0]],[0,1,"d a",[]]]]`}, nil},
	}
	for _, tt := range tests {
		opt := scorer.DefaultOptions()
		if tt.opt != nil {
			tt.opt(&opt)
		}
		gold := tt.gold
		if gold == "" {
			gold = smallGold
		}
		sc := score(t, gold, opt, system{"S", tt.hyps})
		d := pageData(t, write(t, sc.page(t, Options{Scoring: opt})))
		if len(d.Sentences) != len(tt.want) {
			t.Fatalf("%s: %d sentences, want %d", tt.why, len(d.Sentences), len(tt.want))
		}
		for i, w := range tt.want {
			var rows []json.RawMessage
			if err := json.Unmarshal(d.Sentences[i][3], &rows); err != nil {
				t.Fatal(err)
			}
			if got := string(rows[0]); got != w {
				t.Errorf("%s: sentence %d: row %s, want %s", tt.why, i+1, got, w)
			}
		}
		if tt.types != nil && !reflect.DeepEqual(d.Types, tt.types) {
			t.Errorf("%s: types %q, want %q", tt.why, d.Types, tt.types)
		}
	}
}

// TestGoldOnce checks that a sentence's gold is written once, whatever the number of systems,
// with its annotators' ids, spans, types and corrections.
func TestGoldOnce(t *testing.T) {
	opt := scorer.DefaultOptions()
	sc := score(t, smallGold, opt, system{"A", "x\ny\nz\nw\n"}, system{"B", "The dog chase a cat .\nShe like apple very much .\nx y\nit is fine\n"})
	d := pageData(t, write(t, sc.page(t, Options{Scoring: opt})))
	want := `[1,["The","dog","chase","a","cat","."],[[0,[[2,3,4,["chases"]]]],[1,[[3,4,0,["the"]]]]],[[0,[[0,6,"x",[]]]],[0,[]]]]`
	got, _ := json.Marshal(d.Sentences[0])
	if string(got) != want {
		t.Errorf("sentence 1:\n got %s\nwant %s", got, want)
	}
	if !reflect.DeepEqual(d.Systems, []string{"A", "B"}) || d.PageSize != 20 {
		t.Errorf("systems %q, page size %d", d.Systems, d.PageSize)
	}
}

// TestErrors checks that each misuse is named, and that Write writes nothing on one.
func TestErrors(t *testing.T) {
	opt := scorer.DefaultOptions()
	sc := score(t, smallGold, opt, system{"A", "x\ny\nz\nw\n"})
	other := score(t, strings.Replace(smallGold, "A 2 3|||Nn|||apples|||REQUIRED|||-NONE-|||0\n", "", 1), opt, system{"B", "x\ny\nz\nw\n"})
	tests := []struct {
		why  string
		run  func(p *Page) error
		want string
	}{
		{"system number out of range", func(p *Page) error { return p.Add(2, &sc.results[0][0], &sc.gold[0]) }, "system 2 out of range: the page has 2 systems"},
		{"a sentence added twice", func(p *Page) error {
			p.Add(0, &sc.results[0][0], &sc.gold[0])
			return p.Add(0, &sc.results[0][0], &sc.gold[0])
		}, "A, sentence 1 added twice"},
		{"another gold file", func(p *Page) error {
			p.Add(0, &sc.results[0][1], &sc.gold[1])
			return p.Add(1, &other.results[0][1], &other.gold[1])
		}, "B, sentence 2: annotator 0 with 1 gold edits rather than the other systems' results on it"},
		{"a system missing a sentence", func(p *Page) error {
			p.Add(0, &sc.results[0][0], &sc.gold[0])
			return p.Write(&bytes.Buffer{})
		}, "B has no result on sentence 1"},
		{"a gap in the sentences", func(p *Page) error {
			p.Add(0, &sc.results[0][1], &sc.gold[1])
			return p.Write(&bytes.Buffer{})
		}, "no system has a result on sentence 1"},
		{"a chart of a column that is not there", func(p *Page) error {
			p.SetSummary(summaryOf([]report.Column{{Name: "system"}, {Name: "F"}}), Chart{Value: "F0.5"})
			return p.Write(&bytes.Buffer{})
		}, `the chart's column "F0.5" is not one of the keys of the summary's columns ["system" "F"]`},
		{"a chart of a column for programs only", func(p *Page) error {
			p.SetSummary(summaryOf([]report.Column{{Name: "system"}, {Name: "F", JSONOnly: true}}), Chart{Value: "F"})
			return p.Write(&bytes.Buffer{})
		}, `the chart's column "F" is not one of the keys of the summary's columns ["system"]`},
		{"whiskers from a column that is not there", func(p *Page) error {
			p.SetSummary(summaryOf([]report.Column{{Name: "system"}, {Name: "F"}}, report.Text("A"), report.Float(0.5, 4)), Chart{Value: "F", Interval: "CI"})
			return p.Write(&bytes.Buffer{})
		}, `the chart's interval column "CI" is not one of the keys of the summary's columns`},
		{"a row without its number", func(p *Page) error {
			p.SetSummary(summaryOf([]report.Column{{Name: "system"}, {Name: "F"}}, report.Text("A")), Chart{Value: "F"})
			return p.Write(&bytes.Buffer{})
		}, `row 1 has no number in the chart's column "F"`},
		{"text in the chart's column", func(p *Page) error {
			p.SetSummary(summaryOf([]report.Column{{Name: "system"}, {Name: "F"}}, report.Text("A"), report.Text("high")), Chart{Value: "F"})
			return p.Write(&bytes.Buffer{})
		}, `row 1 has no number in the chart's column "F"`},
		{"a number where the whiskers' interval should be", func(p *Page) error {
			p.SetSummary(summaryOf([]report.Column{{Name: "system"}, {Name: "F"}, {Name: "CI"}}, report.Text("A"), report.Float(0.5, 4), report.Float(0.1, 4)), Chart{Value: "F", Interval: "CI"})
			return p.Write(&bytes.Buffer{})
		}, `row 1 has no interval in the chart's column "CI"`},
	}
	for _, tt := range tests {
		p := New([]string{"A", "B"}, Options{Scoring: opt})
		err := tt.run(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.why, err, tt.want)
		}
	}
	var b bytes.Buffer
	p := New([]string{"A", "B"}, Options{Scoring: opt})
	p.Add(0, &sc.results[0][0], &sc.gold[0])
	if err := p.Write(&b); err == nil || b.Len() != 0 {
		t.Errorf("an incomplete page: error %v, %d bytes written; want an error and nothing", err, b.Len())
	}
	if err := sc.page(t, Options{Scoring: opt}).Write(failingWriter{}); !errors.Is(err, errFull) {
		t.Errorf("a failing writer: error %v, want %v", err, errFull)
	}
}

var errFull = errors.New("disk full")

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errFull }

// hostile are tokens that would break out of HTML text, an attribute, the JSON block or the
// script if any of them were not escaped.
var hostile = []string{
	`</script><script>document.title="pwned"</script>`,
	`<!--`, `-->`, `<img src=x onerror=document.title="pwned">`, `"quoted"`, `'single'`,
	`&amp;`, `&bogus;`, `&#xZZ;`, `&#0;`, "line\u2028sep", "para\u2029sep", `\u003c`, `]]>`, "`back`",
	`<b id="pwned">bold</b>`,
}

// hostileCase is a corpus, system names, types, title, notes and a summary made of hostile
// tokens.
func hostileCase(t testing.TB) (*Page, string) {
	t.Helper()
	var gold, hyp strings.Builder
	for i, h := range hostile {
		h = strings.Join(strings.Fields(h), "_") // one token
		fmt.Fprintf(&gold, "S a %s b\nA 1 2|||%s|||%s x|||REQUIRED|||-NONE-|||0\nA 0 1|||T|||%s|||REQUIRED|||-NONE-|||%d\n\n", h, strings.ReplaceAll(h, "|", "/"), h, h, i%3)
		fmt.Fprintf(&hyp, "%s a %s x b\n", h, h)
	}
	opt := scorer.DefaultOptions()
	sc := score(t, gold.String(), opt, system{hostile[0], hyp.String()}, system{hostile[3], strings.Repeat("a b\n", len(hostile))})
	p := sc.page(t, Options{Scoring: opt, Title: hostile[6] + hostile[0], Gold: hostile[1], Notes: []string{hostile[5] + hostile[2]}})
	doc, chart := sc.summary()
	doc[0].Heading = hostile[15]
	doc[0].Table.Notes = append(doc[0].Table.Notes, hostile[4]+hostile[7])
	doc[0].Table.Signature = hostile[0]
	doc = append(doc, report.Section{Fields: report.Fields{{Label: hostile[3], Value: report.Text(hostile[8])}}})
	p.SetSummary(doc, chart)
	return p, gold.String()
}

// TestEscaping checks the page's source: no hostile token appears unescaped, there are only our
// two script elements, and the JSON block gives back every token.
func TestEscaping(t *testing.T) {
	p, _ := hostileCase(t)
	page := write(t, p)
	if n := strings.Count(strings.ToLower(page), "<script"); n != 2 {
		t.Errorf("%d script elements, want 2", n)
	}
	if n := strings.Count(strings.ToLower(page), "</script"); n != 2 {
		t.Errorf("%d </script, want 2", n)
	}
	for _, bad := range []string{"<!--", "<img", `<b id="pwned"`, "\u2028", "\u2029", `&bogus;`, `&#xZZ;`} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q unescaped", bad)
		}
	}
	d := pageData(t, page)
	if d.Systems[0] != hostile[0] || d.Systems[1] != hostile[3] {
		t.Errorf("systems %q", d.Systems)
	}
	var tokens []string
	for _, s := range d.Sentences {
		var toks []string
		json.Unmarshal(s[1], &toks)
		tokens = append(tokens, toks[1])
	}
	for i, h := range hostile {
		if want := strings.Join(strings.Fields(h), "_"); tokens[i] != want {
			t.Errorf("sentence %d: token %q, want %q", i+1, tokens[i], want)
		}
	}
}

// TestChart checks the chart's bars and whiskers, and the table's cells.
func TestChart(t *testing.T) {
	tab := &report.Table{Columns: []report.Column{{Name: "system"}, {Name: "F0.5"}, {Name: "CI"}, {Name: "note"}, {Name: "hidden", JSONOnly: true}}, Rows: [][]report.Cell{
		{report.Text("A"), report.Float(0.3, 4), report.Interval(0.25, 0.35, 4), report.Text("x"), report.Int(1)},
		{report.Text("B"), report.Float(0.1, 4), report.Cell{}, report.Text("y"), report.Int(2)},
		{report.Text("C"), report.Float(0.45, 4), report.Estimate(0.45, 0.4, 0.5, 0.02, 4), report.Text("z"), report.Int(3)},
	}, Summary: []report.Cell{report.Text("(all)"), report.Float(0.2, 4)}}
	var b bytes.Buffer
	ew := &errWriter{w: &b}
	chart := Chart{Value: "F0.5", Interval: "CI"}
	if _, _, err := chart.columns(tab); err != nil {
		t.Fatal(err)
	}
	writeTable(ew, tab, chart)
	out := b.String()
	for _, c := range []struct {
		what string
		n    int
	}{{`class="bar"`, 3}, {`class="whisker"`, 2}, {`class="tick"`, 6}, {`<td class="n">0.3000</td>`, 1}, {`<th class="n">F0.5</th>`, 1}, {`<th>note</th>`, 1},
		{`<th>hidden</th>`, 0}, {`<tr class="total"><th>(all)</th><td class="n">0.2000</td>`, 1}, {"the whiskers are its CI", 2}} {
		if got := strings.Count(out, c.what); got != c.n {
			t.Errorf("%d × %s, want %d", got, c.what, c.n)
		}
	}
	// The axis ends at 0.5, the smallest tick at or above the largest whisker: C's bar is 0.45
	// of 0.5 of the plot's width.
	if want := fmt.Sprintf(`width="%.1f"`, 0.9*chartPlotWidth); !strings.Contains(out, want) {
		t.Errorf("no bar of %s:\n%s", want, out)
	}
}

// summaryOf is a summary of one table with the columns and a row of the cells.
func summaryOf(columns []report.Column, row ...report.Cell) report.Document {
	return report.Document{{Table: &report.Table{Columns: columns, Rows: [][]report.Cell{row}}}}
}

func TestNiceStep(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{{0.074, 0.1}, {0.1, 0.1}, {0.11, 0.2}, {0.3, 0.5}, {0.6, 1}, {7, 10}, {0, 0.2}} {
		if got := niceStep(c.in); got != c.want {
			t.Errorf("niceStep(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestConcurrentAdd checks that systems added from goroutines of their own, in any order, give
// the page added one by one.
func TestConcurrentAdd(t *testing.T) {
	opt := scorer.DefaultOptions()
	sc := score(t, smallGold, opt,
		system{"A", "The dog chases a cat .\nShe likes apple very mucho .\ny\nit is fine\n"},
		system{"B", "The dog chase the cat .\nShe like apples very much .\nx\nit is fine .\n"},
		system{"C", "x\ny\nz\nw\n"})
	want := write(t, sc.page(t, Options{Scoring: opt}))
	p := New(sc.names, Options{Scoring: opt})
	errs := make(chan error, len(sc.names))
	for k, rs := range sc.results {
		go func() {
			for i := len(rs) - 1; i >= 0; i-- { // backwards: later sentences first
				if err := p.Add(k, &rs[i], &sc.gold[rs[i].Index]); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range sc.names {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := write(t, p); got != want {
		t.Errorf("the page of concurrent Adds differs from the page of sequential ones")
	}
}

func TestSpanIs(t *testing.T) {
	tokens := []string{"a", "bc", "d"}
	tests := []struct {
		start, end int
		text       string
		want       bool
		why        string
	}{
		{0, 3, "a bc d", true, "the whole sentence"},
		{1, 2, "bc", true, "one token"},
		{1, 1, "", true, "an empty span is the empty text"},
		{0, 2, "abc", false, "tokens must be separated by a space"},
		{0, 2, "a  bc", false, "by one space"},
		{0, 1, "a ", false, "no space after the last"},
		{0, 1, "ab", false, "a longer text"},
		{2, 1, "", false, "a reversed span"},
		{-1, -1, "", false, "a noop's offsets"},
		{2, 4, "d", false, "beyond the sentence"},
	}
	for _, tt := range tests {
		if got := spanIs(tokens, tt.start, tt.end, tt.text); got != tt.want {
			t.Errorf("spanIs(%q, %d, %d, %q) = %v (%s)", tokens, tt.start, tt.end, tt.text, got, tt.why)
		}
	}
}

// TestAddCopies checks that what Add keeps does not change when the caller reuses the result
// and the gold sentence afterwards, as a streaming reader may.
func TestAddCopies(t *testing.T) {
	opt := scorer.DefaultOptions()
	hyps := system{"A", "The dog chases a cat .\nShe likes apple very mucho .\ny\nit is fine\n"}
	want := write(t, score(t, smallGold, opt, hyps).page(t, Options{Scoring: opt}))
	sc := score(t, smallGold, opt, hyps)
	p := sc.page(t, Options{Scoring: opt})
	for i := range sc.gold {
		g := &sc.gold[i]
		for j := range g.Tokens {
			g.Tokens[j] = "overwritten"
		}
		r := &sc.results[0][i]
		for _, a := range r.Annotators {
			for j := range a.Gold {
				a.Gold[j].Start, a.Gold[j].Type = 0, "overwritten"
				for k := range a.Gold[j].Corrections {
					a.Gold[j].Corrections[k] = "overwritten"
				}
			}
			for j := range a.Edits {
				a.Edits[j] = scorer.Edit{Correction: "overwritten"}
			}
		}
	}
	if got := write(t, p); got != want {
		t.Errorf("the page changed when the results and gold it was given were overwritten")
	}
}

// TestInvalidUTF8Names builds a page whose system and gold files are named with bytes that are
// not UTF-8 (a Latin-1 file name): the page, which says it is UTF-8, is UTF-8 (each such byte a
// U+FFFD, as the JSON block has it); it held the bytes in its tables, chart and header.
func TestInvalidUTF8Names(t *testing.T) {
	name := "syst\xe8me\xff.txt"
	opt := scorer.DefaultOptions()
	sc := score(t, smallGold, opt, system{name, "The dog chases a cat .\nShe likes apple very mucho .\ny\nit is fine\n"})
	p := sc.page(t, Options{Scoring: opt, Title: "r\xe9sultats", Gold: "gold\xe9.m2", Notes: []string{"note \xff"}})
	p.SetSummary(sc.summary())
	page := write(t, p)
	for i := 0; i < len(page); {
		r, size := utf8.DecodeRuneInString(page[i:])
		if r == utf8.RuneError && size == 1 {
			t.Fatalf("the page is not UTF-8: byte %#x at %d, after %q", page[i], i, page[max(i-60, 0):i])
		}
		i += size
	}
	if want := html.EscapeString(strings.ToValidUTF8(name, "\uFFFD")); strings.Count(page, want) < 2 {
		t.Errorf("the page names the system %q fewer than twice (table and chart)", want)
	}
}
