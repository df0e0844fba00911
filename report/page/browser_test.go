package page

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"maxmatch/report/page/pagetest"
	"maxmatch/scorer"
)

var keep = flag.String("page.keep", "", "write the browser tests' pages and screenshots into this directory (default: a temporary one)")

// shared is the browser the tests share: starting one takes a second or more.
var shared struct {
	once sync.Once
	b    *pagetest.Browser
	err  error // why there is none
	skip bool  // none is installed
}

// browser returns the tests' headless Chromium, started on first use, or skips the test when
// there is none.
func browser(t testing.TB) *pagetest.Browser {
	t.Helper()
	shared.once.Do(func() {
		bin, err := pagetest.Find()
		if err != nil {
			shared.err, shared.skip = err, true
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		shared.b, shared.err = pagetest.Start(ctx, bin, shotWidth, shotHeight)
	})
	if shared.skip {
		t.Skipf("the page is not checked in a browser: %v", shared.err)
	}
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.b
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if shared.b != nil {
		if err := shared.b.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the browser:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// The window's size, and so the screenshots'.
const shotWidth, shotHeight = 1200, 1500

// outDir is where a test's pages and screenshots go.
func outDir(t *testing.T) string {
	if *keep == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(*keep, 0o755); err != nil {
		t.Fatal(err)
	}
	return *keep
}

// writeFile writes the page p to dir/name and returns its path.
func writeFile(t *testing.T, p *Page, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Write(f); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// view is the page's DOM after its script has run.
type view struct {
	dom string
}

// load opens path#fragment and returns its DOM once the page has loaded (its script has run);
// with screenshot, it also writes one and checks that it is a PNG of the window's size.
func load(t *testing.T, b *pagetest.Browser, path, fragment, screenshot string) view {
	t.Helper()
	u := url.URL{Scheme: "file", Path: path, Fragment: fragment}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	requests, err := b.Load(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(requests) != 0 { // self-contained: no script, style, font or image fetched
		t.Errorf("the page requested %q; want nothing", requests)
	}
	dom, err := b.DOM(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if screenshot != "" {
		w, h, err := b.Screenshot(ctx, screenshot)
		if err != nil {
			t.Fatal(err)
		}
		if w != shotWidth || h != shotHeight {
			t.Errorf("screenshot %s is %d×%d, want %d×%d", screenshot, w, h, shotWidth, shotHeight)
		}
	}
	if !strings.Contains(dom, `data-ready-ms="`) {
		t.Fatalf("the page's script did not finish (no data-ready-ms on the root):\n%.3000s", dom)
	}
	return view{dom}
}

func (v view) count(s string) int { return strings.Count(v.dom, s) }

// attr returns the value of the first attribute name="…" in the DOM.
func (v view) attr(t *testing.T, name string) string {
	t.Helper()
	m := regexp.MustCompile(` ` + name + `="([^"]*)"`).FindStringSubmatch(v.dom)
	if m == nil {
		t.Fatalf("no %s in the DOM", name)
	}
	return m[1]
}

func (v view) ms(t *testing.T, name string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(v.attr(t, name), 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// expected are the counts a view should show, computed from the scorer's results, not from
// the page: sentences that pass the filter, and on the first page, the systems shown, the
// rows they make (systems with the same result on a sentence share one), and their marks.
type expected struct {
	sentences, systems, rows int
	tp, fp, fn               int // system edits matched, not in gold; gold edits missed
}

// expect counts what the page shows on its first page of size sentences, for a filter given
// as the systems shown (nil: all) and a test of one system's result that says whether it
// passes (the view shows only the systems that pass: "only=1").
func expect(sc *scored, opt scorer.Options, size int, systems []int, pass func(k int, a *scorer.AnnotatorResult, matched []bool, editMatched []bool) bool) expected {
	var e expected
	if systems == nil {
		for k := range sc.names {
			systems = append(systems, k)
		}
	}
	slices.Sort(systems)
	keys := &Page{opt: Options{Scoring: opt}}
	for i := range sc.gold {
		var shown expected
		same := map[string]bool{} // the results of the rows so far
		for _, k := range systems {
			r := &sc.results[k][i]
			a := r.ChosenResult()
			editMatched := make([]bool, len(a.Edits))
			a.EachMatch(opt, func(e, _ int) { editMatched[e] = true })
			matched := a.MatchedGold(opt)
			if !pass(k, a, matched, editMatched) {
				continue
			}
			shown.systems++
			key := fmt.Sprintf("%+v", keys.row(r, &sc.gold[i]))
			if same[key] {
				continue
			}
			same[key] = true
			shown.rows++
			for _, m := range editMatched {
				if m {
					shown.tp++
				} else {
					shown.fp++
				}
			}
			for _, m := range matched {
				if !m {
					shown.fn++
				}
			}
		}
		if shown.systems == 0 {
			continue
		}
		e.sentences++
		if e.sentences <= size {
			e.systems, e.rows = e.systems+shown.systems, e.rows+shown.rows
			e.tp, e.fp, e.fn = e.tp+shown.tp, e.fp+shown.fp, e.fn+shown.fn
		}
	}
	return e
}

// check compares a view's rows and marks with what is expected.
func (v view) check(t *testing.T, what string, want expected) {
	t.Helper()
	got := expected{
		sentences: atoi(t, v.attr(t, "data-matching")),
		systems:   v.count(`<span class="sn"`),
		rows:      v.count(`<div class="row"`),
		tp:        v.count(`data-o="tp"`),
		fp:        v.count(`data-o="fp"`),
		fn:        v.count(`data-o="fn"`),
	}
	if got != want {
		t.Errorf("%s: the page shows %+v, want %+v", what, got, want)
	}
	// Every mark carries its text: ✓ for a matched edit, ✗ for one not in gold, and a label
	// for screen readers on every edit.
	if n := v.count(`<span class="m ok" aria-hidden="true">✓</span>`); n != want.tp {
		t.Errorf("%s: %d ✓ marks for %d matched edits", what, n, want.tp)
	}
	if n := v.count(`<span class="m bad" aria-hidden="true">✗</span>`); n != want.fp {
		t.Errorf("%s: %d ✗ marks for %d edits not in gold", what, n, want.fp)
	}
	if n := v.count(`<span class="sr">missed gold edit: </span>`); n != want.fn {
		t.Errorf("%s: %d missed labels for %d missed edits", what, n, want.fn)
	}
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func hasType(a *scorer.AnnotatorResult, matched []bool, typ string, want bool) bool {
	for j, m := range matched {
		if m == want && a.Gold[j].Type == typ {
			return true
		}
	}
	return false
}

// TestBrowser loads small pages in headless Chromium: every sentence and system shown with
// its marks, a filter read from the URL's fragment, and hostile tokens shown as text.
func TestBrowser(t *testing.T) {
	b := browser(t)
	dir := outDir(t)
	opt := scorer.DefaultOptions()
	sc := score(t, smallGold, opt,
		system{"A", "The dog chases a cat .\nShe likes apple very mucho .\ny\nit is fine\n"},
		system{"B", "The dog chase the cat .\nShe like apples very much .\nx\nit is fine .\n"})
	p := sc.page(t, Options{Scoring: opt, Gold: "gold.m2"})
	p.SetSummary(sc.summary())
	path := writeFile(t, p, dir, "small.html")

	all := load(t, b, path, "", filepath.Join(dir, "small.png"))
	all.check(t, "every sentence", expect(sc, opt, 20, nil, func(int, *scorer.AnnotatorResult, []bool, []bool) bool { return true }))
	if n := all.count(`<article class="sent"`); n != 4 {
		t.Errorf("%d sentences shown, want 4", n)
	}
	if n := all.count(`<rect class="bar"`); n != 2 {
		t.Errorf("%d bars in the chart, want 2", n)
	}

	missedNn := load(t, b, path, "outcome=fn&type=Nn&only=1", "")
	missedNn.check(t, "missed Nn edits", expect(sc, opt, 20, nil, func(_ int, a *scorer.AnnotatorResult, matched, _ []bool) bool {
		return hasType(a, matched, "Nn", false)
	}))

	fpB := load(t, b, path, "outcome=fp&sys=B&only=1&size=1", "")
	fpB.check(t, "B's edits not in gold, one sentence a page", expect(sc, opt, 1, []int{1}, func(_ int, _ *scorer.AnnotatorResult, _, edits []bool) bool {
		for _, m := range edits {
			if !m {
				return true
			}
		}
		return false
	}))

	// The controls write the fragment, and the page renders what it says: the reader's path.
	load(t, b, path, "", "")
	missedAny := expect(sc, opt, 20, nil, func(_ int, _ *scorer.AnnotatorResult, matched, _ []bool) bool {
		return slices.Contains(matched, false)
	})
	for _, c := range []struct {
		action, hash string
		matching     int
		why          string
	}{
		{`choose('f-outcome', 'fn')`, "#outcome=fn", missedAny.sentences, "an outcome chosen"},
		{`document.querySelectorAll('#f-systems button')[1].click()`, "#outcome=fn&sys=", 0, "no system: nothing, not every system"},
		{`document.querySelectorAll('#f-systems button')[0].click()`, "#outcome=fn", missedAny.sentences, "every system again"},
		{`choose('f-outcome', 'all')`, "", len(sc.gold), "every sentence again"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		got, err := b.Eval(ctx, `new Promise(function (done) {
  function choose(id, v) { var e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true})); }
  addEventListener('hashchange', function () { done(location.hash + ' ' + document.getElementById('list').getAttribute('data-matching')); }, {once: true});
  `+c.action+`;
})`)
		cancel()
		if want := c.hash + " " + strconv.Itoa(c.matching); err != nil || got != want {
			t.Errorf("%s: fragment and matching sentences %q (%v), want %q", c.why, got, err, want)
		}
	}

	hp, _ := hostileCase(t)
	hpath := writeFile(t, hp, dir, "hostile.html")
	h := load(t, b, hpath, "", filepath.Join(dir, "hostile.png"))
	// Markup in a token would make an element: a tag whose attributes hold id="pwned", an
	// img; a script that ran would have set the title.
	if m := regexp.MustCompile(`<[a-zA-Z][^<>]*\sid="pwned"|<img\b|<title>[^<]*pwned"?</title>`).FindString(h.dom); m != "" {
		t.Errorf("a hostile token became markup or ran: %s", m)
	}
	// Each token shows as text: in the DOM's serialisation, its < > & are entities again.
	for _, tok := range hostile {
		tok = strings.Join(strings.Fields(tok), "_")
		esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\u00a0", "&nbsp;").Replace(tok)
		if !strings.Contains(h.dom, esc) {
			t.Errorf("token %q is not in the page as text %q", tok, esc)
		}
	}
	if n := h.count(`<article class="sent"`); n != len(hostile) {
		t.Errorf("%d hostile sentences shown, want %d", n, len(hostile))
	}
}

// TestBrowserCoNLL builds the page of the 13 CoNLL-2014 files against the combined gold, checks
// its size, loads it in headless Chromium (a screenshot of the first page; a filter), and logs
// the page's own timing (performance.now() when its script is done and the page laid out).
func TestBrowserCoNLL(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the CoNLL-2014 page is not built")
	}
	b := browser(t)
	sc := conll(t)
	opt := scorer.DefaultOptions()
	dir := outDir(t)
	p := sc.page(t, Options{Scoring: opt, Gold: "official-2014.combined.m2"})
	p.SetSummary(sc.summary())
	path := writeFile(t, p, dir, "conll14.html")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 5 << 20
	if fi.Size() > limit {
		t.Errorf("the page is %d bytes, over the target of %d", fi.Size(), limit)
	}

	all := load(t, b, path, "", filepath.Join(dir, "conll14.png"))
	all.check(t, "every sentence", expect(sc, opt, 20, nil, func(int, *scorer.AnnotatorResult, []bool, []bool) bool { return true }))
	t.Logf("%s: %d bytes; in Chromium, JSON parsed at %.0f ms, first page laid out at %.0f ms after navigation start",
		path, fi.Size(), all.ms(t, "data-parse-ms"), all.ms(t, "data-ready-ms"))

	camb := indexOf(sc.names, "CAMB")
	missed := load(t, b, path, "outcome=fn&type=ArtOrDet&ann=1&sys=CAMB&sys=AMU&only=1", filepath.Join(dir, "conll14-filter.png"))
	missed.check(t, "CAMB's and AMU's missed ArtOrDet edits, annotator 1", expect(sc, opt, 20, []int{indexOf(sc.names, "AMU"), camb}, func(_ int, a *scorer.AnnotatorResult, matched, _ []bool) bool {
		return a.Annotator == 1 && hasType(a, matched, "ArtOrDet", false)
	}))
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	panic(name)
}

// conll scores the 13 CoNLL-2014 files of the shared data against the combined gold, or skips.
func conll(t testing.TB) *scored {
	t.Helper()
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(data); err != nil {
		t.Skipf("shared data not found at %s (it lives beside the repository as ../shared/data): %v", data, err)
	}
	gold, err := os.ReadFile(filepath.Join(data, "conll14", "gold", "official-2014.combined.m2"))
	if err != nil {
		t.Fatal(err)
	}
	var systems []system
	for _, name := range []string{"INPUT", "AMU", "CAMB", "CUUI", "IITB", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"} {
		text, err := os.ReadFile(filepath.Join(data, "conll14", "systems", name))
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, system{name, string(text)})
	}
	sc := score(t, string(gold), scorer.DefaultOptions(), systems...)
	if len(sc.gold) != 1312 {
		t.Fatalf("%d CoNLL-2014 sentences, want 1312", len(sc.gold))
	}
	return sc
}

// layoutProblems builds the page of the systems against gold, loads it (a screenshot named
// after name) and returns what the script check, run in it, says is wrong ("" for nothing).
func layoutProblems(t *testing.T, gold, name string, check string, systems ...system) string {
	t.Helper()
	b := browser(t)
	dir := outDir(t)
	opt := scorer.DefaultOptions()
	sc := score(t, gold, opt, systems...)
	p := sc.page(t, Options{Scoring: opt, Gold: "gold.m2"})
	p.SetSummary(sc.summary())
	path := writeFile(t, p, dir, name+".html")
	load(t, b, path, "", filepath.Join(dir, name+".png"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got, err := b.Eval(ctx, check)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestBrowserLongTokens loads a page whose source, corrections, hypotheses and system name hold
// tokens far wider than the window (a URL in an essay, a run of characters without a space):
// they wrap, so the page is no wider than its window and each row's counts stay in it.
func TestBrowserLongTokens(t *testing.T) {
	long := "https://example.org/" + strings.Repeat("a", 400)
	gold := "S I read " + long + " today .\nA 1 2|||Vt|||reads|||REQUIRED|||-NONE-|||0\nA 4 4|||X|||" + long + "|||REQUIRED|||-NONE-|||0\n\n" +
		"S Short one .\nA 0 1|||X|||A|||REQUIRED|||-NONE-|||0\n\n"
	got := layoutProblems(t, gold, "long", `(function () {
  var w = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > w) out.push('page ' + document.documentElement.scrollWidth + ' px wide');
  document.querySelectorAll('.cnt').forEach(function (c, i) {
    var r = c.getBoundingClientRect();
    if (r.right > w) out.push('counts of row ' + i + ' end at ' + Math.round(r.right) + ' px');
  });
  return out.length ? out.join('; ') + ' (window ' + w + ' px)' : '';
})()`, system{strings.Repeat("system", 60), "I reads " + long + " today .\nShort one " + long + " .\n"})
	if got != "" {
		t.Errorf("long tokens overflow the window: %s", got)
	}
}

// TestBrowserChartLabels loads a page whose systems have long names of wide letters: each label
// of the chart is inside the chart, none cut at its left edge (the label's room was estimated
// at 7 px a character, which "W" and "m" are not).
func TestBrowserChartLabels(t *testing.T) {
	hyp := "The dog chases a cat .\nShe likes apple very mucho .\ny\nit is fine\n"
	got := layoutProblems(t, smallGold, "labels", `(function () {
  var svg = document.querySelector('figure.chart svg'), box = svg.getBoundingClientRect(), out = [];
  svg.querySelectorAll('text.label').forEach(function (l) {
    var r = l.getBoundingClientRect();
    if (r.left < box.left - 0.5) out.push(JSON.stringify(l.textContent) + ' starts ' + Math.round(box.left - r.left) + ' px left of the chart');
  });
  return out.join('; ');
})()`, system{"outputs/model_large_beam5_final.txt", hyp}, system{strings.Repeat("W", 28), hyp}, system{strings.Repeat("m", 40), hyp}, system{"b", hyp})
	if got != "" {
		t.Errorf("labels cut: %s", got)
	}
}

// TestBrowserBidiIsolated loads a page whose hypothesis holds a right-to-left override (U+202E)
// that nothing closes: it reverses the text it is in, an edit's, and no more: the source's
// words after that edit stay in their order (they were shown reversed, "tam eht no").
func TestBrowserBidiIsolated(t *testing.T) {
	gold := "S The cat sat on the mat today .\nA 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||0\n\n"
	got := layoutProblems(t, gold, "bidi", `(function () {
  var h = document.querySelector('.row .h'), walk = document.createTreeWalker(h, NodeFilter.SHOW_TEXT), n;
  while ((n = walk.nextNode()) && n.data.indexOf('on the mat') < 0) {}
  if (!n) return 'no text "on the mat" in ' + h.textContent;
  function left(word) {
    var r = document.createRange(), i = n.data.indexOf(word);
    r.setStart(n, i); r.setEnd(n, i + word.length);
    return r.getBoundingClientRect().left;
  }
  return left('on') < left('mat') ? '' : '"on" shown right of "mat": the override reversed the words after its edit';
})()`, system{"rlo", "The \u202ecat sat on the mat today .\n"})
	if got != "" {
		t.Error(got)
	}
}
