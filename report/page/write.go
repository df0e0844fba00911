package page

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"slices"

	"maxmatch/internal/webpage"
	"maxmatch/internal/wording"
	"maxmatch/report"
)

//go:embed page.css
var pageCSS string

//go:embed page.js
var pageJS string

// Write writes the page: the title and notes, the summary (its tables) and its chart, and the
// sentences as a JSON block (format below) with the script that renders them. It fails,
// writing nothing, when some system has no result on some sentence that another has (a
// truncated run), or the summary is malformed; otherwise on the first write error.
//
// The JSON block, read by page.js:
//
//	{"systems": [name…], "types": [error type…], "pageSize": n, "sentences": [sentence…]}
//	sentence: [gold line, [source token…], [annotator…], [row…]]   (rows in systems' order)
//	annotator: [id, [gold edit…]]
//	gold edit: [start, end, type index, [correction…], original?]
//	row: [index of the chosen annotator, [system edit…], hypothesis?]
//	system edit: [start, end, correction, [index of a gold edit it matched…], original?]
//
// original is there only when the edit's source text is not the source tokens [start:end]
// joined by spaces, hypothesis only when the edits applied to the source do not give it.
func (p *Page) Write(w io.Writer) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.complete(); err != nil {
		return err
	}
	for _, s := range p.summary {
		if s.Table != nil {
			if _, _, err := p.chart.columns(s.Table); err != nil {
				return err
			}
			break
		}
	}
	typeIndex := p.types()
	bw := bufio.NewWriter(w)
	ew := &errWriter{w: bw}
	ew.err = webpage.WriteHead(bw, p.opt.Title, pageCSS)
	ew.printf("<header><h1>%s</h1>\n", webpage.Escape(p.opt.Title))
	meta := wording.Plural(len(p.sentences), "sentence") + ", " + wording.Plural(len(p.systems), "system")
	if p.opt.Gold != "" {
		meta = "Gold: " + p.opt.Gold + " · " + meta
	}
	ew.printf("<p class=\"meta\">%s</p>\n", webpage.Escape(meta))
	for _, n := range p.opt.Notes {
		ew.printf("<p class=\"meta\">%s</p>\n", webpage.Escape(n))
	}
	ew.write("</header>\n")
	if len(p.summary) > 0 {
		ew.write("<section id=\"scores\"><h2>Scores</h2>\n")
		writeSummary(ew, p.summary, p.chart)
		ew.write("</section>\n")
	}
	ew.write(sentencesSection)
	ew.write(`<script type="application/json" id="data">`)
	p.writeData(ew, typeIndex)
	ew.write("</script>\n<script>\n")
	ew.write(pageJS)
	ew.write("</script>\n</body></html>\n")
	if ew.err != nil {
		return ew.err
	}
	return bw.Flush()
}

// sentencesSection is the static part of the sentences' section: the controls, whose choices
// the script fills in from the data, the legend, and the list the script renders into.
const sentencesSection = `<section id="sentences"><h2>Sentences</h2>
<form id="filters" autocomplete="off">
<label>Outcome <select id="f-outcome">
<option value="all">every sentence</option>
<option value="tp">matched ✓</option>
<option value="fp">not in gold ✗</option>
<option value="fn">missed</option>
<option value="err">not in gold or missed</option>
</select></label>
<label>Error type <select id="f-type"><option value="">any</option></select></label>
<label>Annotator <select id="f-ann"><option value="">any</option></select></label>
<label><input type="checkbox" id="f-only"> only the systems that match</label>
<fieldset id="f-systems"><legend>Systems</legend></fieldset>
</form>
<p class="legend"><span class="e tp"><ins>matched</ins><span class="m ok">✓</span></span> a system edit that is a gold edit ·
<span class="e fp"><ins>not in gold</ins><span class="m bad">✗</span></span> a system edit that is not ·
<span class="e fn"><ins>missed</ins></span> a gold edit of the chosen annotator that no system edit matched ·
<del>struck</del> source text an edit removes. False positives have no error type: system edits are not typed.
TP, FP, FN count each system against the annotator chosen for it, as the scorer does.</p>
<nav class="pager" id="pager-top"></nav>
<div id="list"><noscript>The sentences are shown by the page's script: enable JavaScript to see them.</noscript></div>
<nav class="pager" id="pager-bottom"></nav>
</section>
`

// complete checks that every sentence added has every system's result.
func (p *Page) complete() error {
	for i := range p.sentences {
		s := &p.sentences[i]
		if !s.added {
			return fmt.Errorf("page: no system has a result on sentence %d, though later sentences have some: the page needs every sentence", i+1)
		}
		for k := range s.rows {
			if !s.rows[k].added {
				return fmt.Errorf("page: %s has no result on sentence %d", p.systems[k], i+1)
			}
		}
	}
	return nil
}

// types returns the index of every error type in the gold edits, in sorted order.
func (p *Page) types() map[string]int {
	seen := map[string]bool{}
	for i := range p.sentences {
		for _, a := range p.sentences[i].annotators {
			for _, g := range a.Gold {
				seen[g.Type] = true
			}
		}
	}
	names := make([]string, 0, len(seen))
	for t := range seen {
		names = append(names, t)
	}
	slices.Sort(names)
	index := make(map[string]int, len(names))
	for i, t := range names {
		index[t] = i
	}
	return index
}

// writeData writes the JSON block (see Write), its strings escaped for a script element as
// json.Marshal escapes them (report.AppendJSONStringHTML): <, > and & as \u003c, \u003e and
// \u0026, and U+2028 and U+2029 as \u2028 and \u2029, so that "</script>" and "<!--" cannot
// appear in it. It is written a sentence at a time.
func (p *Page) writeData(ew *errWriter, typeIndex map[string]int) {
	types := make([]string, len(typeIndex))
	for t, i := range typeIndex {
		types[i] = t
	}
	j := report.JSONWriter{EscapeHTML: true}
	j.Object()
	j.Key("systems").Strings(p.systems)
	j.Key("types").Strings(types)
	j.Key("pageSize").Int(p.opt.PageSize)
	j.Key("sentences").Array()
	for i := range p.sentences {
		s := &p.sentences[i]
		j.LineBreak()
		j.Array()
		j.Int(s.line)
		j.Strings(s.tokens)
		j.Array()
		for _, a := range s.annotators {
			j.Array()
			j.Int(a.Annotator)
			j.Array()
			for k := range a.Gold {
				g := &a.Gold[k]
				j.Array()
				j.Int(g.Start)
				j.Int(g.End)
				j.Int(typeIndex[g.Type])
				j.Strings(g.Corrections)
				if !spanIs(s.tokens, g.Start, g.End, g.Original) {
					j.String(g.Original)
				}
				j.EndArray()
			}
			j.EndArray()
			j.EndArray()
		}
		j.EndArray()
		j.Array()
		for k := range s.rows {
			r := &s.rows[k]
			j.Array()
			j.Int(r.annotator)
			j.Array()
			for n := range r.edits {
				e := &r.edits[n]
				j.Array()
				j.Int(e.start)
				j.Int(e.end)
				j.String(e.correction)
				j.Array()
				for _, g := range e.gold {
					j.Int(g)
				}
				j.EndArray()
				if e.keepOrig {
					j.String(e.original)
				}
				j.EndArray()
			}
			j.EndArray()
			if r.keepHyp {
				j.String(r.hypothesis)
			}
			j.EndArray()
		}
		j.EndArray()
		j.EndArray()
		if ew.err == nil {
			_, ew.err = j.WriteTo(ew.w)
		}
	}
	j.EndArray()
	j.End()
	if ew.err == nil {
		_, ew.err = j.WriteTo(ew.w)
	}
}
